// The console's list of crypto top-ups: what each fan asked to add, in which currency, what arrived
// and whether the wallet was credited. With the sandbox provider, admins play the payer: Mark paid / underpaid /
// expired tell the provider, whose signed notice then reaches the site (as a real provider's would). An
// underpaid payment is settled by crediting exactly what arrived.
import { useState } from 'react';
import { Box, Button, Tooltip, Typography } from '@mui/material';
import { DataTable, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { AdminCryptoPaymentRecord } from '../../../domain/wallet/wire';
import { api } from '../api';
import { mayCall } from '../access';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminCryptoPaymentRecord>;

const STATUS_CHOICES = ['created', 'waiting', 'underpaid', 'paid', 'expired', 'failed'].map(id => ({ id, name: id[0].toUpperCase() + id.slice(1) }));

const filters = [
  <SearchInput key="q" source="q" placeholder="Email or reference" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

/** Mark paid / underpaid / expired at the sandbox provider; Settle an underpaid payment. */
export function CryptoActions({ align = 'end' }: { align?: 'start' | 'end' }) {
  const record = useRecordContext<AdminCryptoPaymentRecord>();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const act = async (path: string, body: unknown, what: string) => {
    setBusy(true);
    try {
      const r = await api<unknown>(path, { body });
      notify(r.message || what, { type: 'success' });
      // The provider's notice lands within a second or two; show it then.
      setTimeout(refresh, 1500);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const mark = (status: 'paid' | 'underpaid' | 'expired') => act(`/admin-api/crypto-payments/${record.id}/mark`, { status }, `Marked ${status}.`);
  const sandbox = record.provider_status !== null && mayCall(permissions, 'POST /admin-api/crypto-payments/:id/mark');
  const providerOpen = record.provider_status !== 'paid' && record.provider_status !== 'expired';
  const btn = { whiteSpace: 'nowrap', minWidth: 0, px: 1, py: 0.25 } as const;
  return (
    <Box
      component="span"
      sx={{ display: 'flex', width: '100%', minWidth: align === 'end' ? 0 : 240, gap: 0.75, flexWrap: 'wrap', justifyContent: align === 'end' ? 'flex-end' : 'flex-start' }}
      onClick={e => e.stopPropagation()}
    >
      {sandbox && record.provider_status !== 'paid' && (
        <Tooltip title="Sandbox provider: what the payer did" describeChild>
          <Button size="small" variant="outlined" disabled={busy} sx={btn} onClick={() => void mark('paid')} aria-label={`Mark payment ${record.reference_no ?? record.id} of ${money(record.amount_cents)} paid`} data-testid={`crypto-mark-paid-${record.id}`}>
            Mark paid
          </Button>
        </Tooltip>
      )}
      {sandbox && providerOpen && (
        <Button size="small" variant="outlined" disabled={busy} sx={btn} onClick={() => void mark('underpaid')} data-testid={`crypto-mark-underpaid-${record.id}`}>
          Underpaid
        </Button>
      )}
      {sandbox && providerOpen && record.provider_status !== 'underpaid' && (
        <Button size="small" variant="outlined" color="warning" disabled={busy} sx={btn} onClick={() => void mark('expired')} data-testid={`crypto-mark-expired-${record.id}`}>
          Expired
        </Button>
      )}
      {record.status === 'underpaid' && mayCall(permissions, 'POST /admin-api/crypto-payments/:id/settle') && (
        <Button size="small" variant="contained" disabled={busy} sx={btn} onClick={() => void act(`/admin-api/crypto-payments/${record.id}/settle`, {}, 'Settled.')} data-testid={`crypto-settle-${record.id}`}>
          Credit {money(record.received_cents)}
        </Button>
      )}
    </Box>
  );
}

/** What arrived, and what the wallet was credited. */
function Received({ r }: { r: AdminCryptoPaymentRecord }) {
  const short = r.received_cents > 0 && r.received_cents < r.amount_cents;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Typography component="span" variant="body2" sx={{ color: short ? 'warning.main' : 'inherit', whiteSpace: 'nowrap' }}>
        {r.received_cents ? money(r.received_cents) : '—'}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {r.credited ? `credited ${money(r.credit_cents)}` : 'not credited'}
      </Typography>
    </Box>
  );
}

/** The site's status, and the sandbox provider's when it differs (its notice is on the way). */
function Status({ r }: { r: AdminCryptoPaymentRecord }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.25, alignItems: 'flex-start' }}>
      <StatusChip value={r.status} />
      {r.provider_status && r.provider_status !== r.status && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          provider: {r.provider_status}
        </Typography>
      )}
    </Box>
  );
}

export function CryptoPaymentList() {
  return (
    <List
      title="Crypto payments"
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}
      exporter={false}
      empty={false}
    >
      <Responsive
        small={
          <SimpleList<AdminCryptoPaymentRecord>
            primaryText={r => `${r.user_email ?? r.user_id} · ${money(r.amount_cents)}`}
            secondaryText={r => (
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, mt: 0.5 }}>
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusChip value={r.status} /> {r.crypto_amount ? `${r.crypto_amount} ${r.currency}` : r.currency}
                  {r.credited ? ` · credited ${money(r.credit_cents)}` : ''}
                  {r.provider_status && r.provider_status !== r.status ? ` · provider: ${r.provider_status}` : ''}
                </Box>
                <CryptoActions align="start" />
              </Box>
            )}
            tertiaryText={r => formatDate(r.created_at)}
            rowClick={false}
          />
        }
        large={
          <DataTable<AdminCryptoPaymentRecord> bulkActionButtons={false} rowClick={false}>
            <Column source="created_at" label="Date" render={r => formatDate(r.created_at)} />
            <Column disableSort source="user_email" label="User" />
            <Column source="amount_cents" label="Amount" align="right" render={r => money(r.amount_cents)} />
            <Column source="currency" label="Crypto" render={r => (r.crypto_amount ? `${r.crypto_amount} ${r.currency}` : r.currency)} />
            <Column disableSort source="reference_no" label="Reference" render={r => r.reference_no ?? '—'} />
            <Column source="status" label="Status" render={r => <Status r={r} />} />
            <Column disableSort source="received_cents" label="Received" align="right" render={r => <Received r={r} />} />
            <Column disableSort source="id" label="Sandbox" render={() => <CryptoActions align="start" />} />
          </DataTable>
        }
      />
    </List>
  );
}

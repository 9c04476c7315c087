// The user page's extras: the user's transactions (GET /api/admin/get_transactions_details)
// and the "migration subscription" flag (POST /api/admin/update_user_migration_subscription).
import { useState } from 'react';
import { Box, FormControlLabel, Pagination, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { UserTransactionsView } from '../../../domain/console/admin-tools-wire';
import { api } from '../api';
import { mayCall } from '../access';
import { formatDate, money } from '../format';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip, humanize } from '../components/StatusChip';
import { Empty } from '../components/Empty';
import { useLiveQuery } from '../query';

const TX_ROUTE = 'GET /api/admin/get_transactions_details';
const MIGRATION_ROUTE = 'POST /api/admin/update_user_migration_subscription';

/** Whether the signed-in role may see a user's transactions (the tab is shown only then). */
export const seesUserTransactions = (permissions: unknown) => mayCall(permissions, TX_ROUTE);

export function UserTransactions() {
  const record = useRecordContext<{ id: string }>();
  const [page, setPage] = useState(1);
  const userId = record ? String(record.id) : '';
  const read = useLiveQuery(
    ['users', 'transactions', userId, page],
    async (signal) => (await api<UserTransactionsView>(`/api/admin/get_transactions_details?user_id=${encodeURIComponent(userId)}&page_num=${page}`, { signal })).data,
    { enabled: Boolean(record), keepPrevious: true }
  );
  const view = read.data ?? null;
  const error = read.error ? (read.error as Error).message : '';
  if (error) return <Typography color="text.secondary" data-testid="user-transactions-error">{error}</Typography>;
  if (!view) return <Loading />;
  if (view.transactions.length === 0) return <Empty testId="user-transactions-empty">No transactions for this user yet.</Empty>;
  return (
    <Box sx={{ width: '100%', minWidth: 0 }} data-testid="user-transactions">
      <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        {[['Paid', view.totals.captured_cents], ['Taken back', view.totals.reversed_cents], ['Net', view.totals.net_cents]].map(([label, cents]) => (
          <Box key={label as string}>
            <Typography variant="caption" color="text.secondary">{label}</Typography>
            <Typography variant="h6" data-testid={`user-tx-${String(label).toLowerCase().replace(' ', '-')}`}>{money(cents as number)}</Typography>
          </Box>
        ))}
      </Stack>
      <Responsive
        small={
          <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
            {view.transactions.map(t => (
              <Stack key={t._id} direction="row" sx={{ justifyContent: 'space-between', py: 1 }}>
                <Box><Typography variant="body2">{humanize(t.type)}</Typography><Typography variant="caption" color="text.secondary">{formatDate(t.created_at)}</Typography></Box>
                <Box sx={{ textAlign: 'right' }}><Typography variant="body2">{money(t.amount_cents)}</Typography><StatusChip value={t.status} /></Box>
              </Stack>
            ))}
          </Stack>
        }
        large={
          <Table size="small">
            <TableHead><TableRow><TableCell>Date</TableCell><TableCell>Type</TableCell><TableCell>Method</TableCell><TableCell align="right">Amount</TableCell><TableCell>Status</TableCell></TableRow></TableHead>
            <TableBody>
              {view.transactions.map(t => (
                <TableRow key={t._id} data-testid="user-transaction">
                  <TableCell>{formatDate(t.created_at)}</TableCell>
                  <TableCell><StatusChip value={t.type} /></TableCell>
                  <TableCell>{t.card ?? t.method ?? '—'}</TableCell>
                  <TableCell align="right">{money(t.amount_cents)}</TableCell>
                  <TableCell><StatusChip value={t.status} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
      />
      {view.totalPages > 1 ? <Pagination sx={{ mt: 1.5 }} count={view.totalPages} page={page} onChange={(_, p) => setPage(p)} /> : null}
    </Box>
  );
}

/** The "migration subscription" switch of the Flags section (the migration popup for this fan). */
export function MigrationFlag({ record }: { record: { id: unknown; migration_subscription?: boolean } }) {
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!mayCall(permissions, MIGRATION_ROUTE)) return null;
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      const r = await api('/api/admin/update_user_migration_subscription', { body: { user_id: String(record.id), migration_subscription: next } });
      notify(r.message ?? 'Saved.', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        control={<Switch checked={!!record.migration_subscription} disabled={busy} onChange={(_, v) => void change(v)} slotProps={{ input: { role: 'switch', 'data-testid': 'toggle-migration' } as object }} />}
        label="Migration subscription"
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 6, mt: -0.5 }}>
        Ask this member to move their membership to the current billing (the migration popup, when migration is on).
      </Typography>
    </Box>
  );
}

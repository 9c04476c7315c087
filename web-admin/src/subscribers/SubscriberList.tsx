import { Chip, Tooltip } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TextInput, TopToolbar } from 'react-admin';
import type { AdminSubscriberRecord } from '../../../domain/subscription/wire';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminSubscriberRecord>;

const STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'past_due', name: 'Payment failed' },
  { id: 'expired', name: 'Expired' },
];

const filters = [
  <TextInput key="q" source="q" label="Search" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

/** Status, with the rebill failure or the cancellation behind it on hover. */
function Status({ r }: { r: AdminSubscriberRecord }) {
  if (r.status === 'past_due' || (r.status === 'active' && r.rebill_failed_at && r.next_billing_at)) {
    const tip = `Rebill failed ${formatDate(r.rebill_failed_at ?? null, false)}${r.rebill_retry_at ? ` · next attempt ${formatDate(r.rebill_retry_at, false)}` : ''}`;
    return (
      <Tooltip title={tip}>
        <Chip size="small" color="error" variant={r.status === 'past_due' ? 'filled' : 'outlined'} label={r.status === 'past_due' ? 'Payment failed' : 'Active · rebill failed'} data-testid="subscriber-status" />
      </Tooltip>
    );
  }
  if (r.status === 'cancelled' && r.cancel_reason) {
    return (
      <Tooltip title={`Cancelled ${formatDate(r.cancelled_at ?? null, false)}: ${r.cancel_reason}`}>
        <span>
          <StatusChip value={r.status} />
        </span>
      </Tooltip>
    );
  }
  return <StatusChip value={r.status} />;
}

const Actions = () => (
  <TopToolbar>
    <ExportCsvButton />
  </TopToolbar>
);

export function SubscriberList() {
  return (
    <List title="Subscribers" filters={filters} actions={<Actions />} exporter={false} sort={{ field: 'started_at', order: 'DESC' }} perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}>
      <Responsive
        small={
          <SimpleList<AdminSubscriberRecord>
            primaryText={r => r.name || r.email}
            secondaryText={r => (
              <>
                <Status r={r} /> {money(r.recurring_price_cents)}/mo · {r.payment_method}
              </>
            )}
            tertiaryText={r => (r.next_billing_at ? `Next ${formatDate(r.next_billing_at, false)}` : `${r.status === 'expired' ? 'Expired' : 'Ends'} ${formatDate(r.expires_at, false)}`)}
            rowClick={false}
          />
        }
        large={
          <DataTable<AdminSubscriberRecord> bulkActionButtons={false} rowClick={false}>
            <Column disableSort source="name" label="Name" />
            <Column source="email" label="Email" />
            <Column disableSort source="status" label="Status" render={r => <Status r={r} />} />
            <Column
              source="price_cents"
              label="Price"
              align="right"
              render={r =>
                r.recurring_price_cents && r.recurring_price_cents !== r.price_cents
                  ? `${money(r.price_cents)} then ${money(r.recurring_price_cents)}`
                  : money(r.price_cents)
              }
            />
            <Column disableSort source="payment_method" label="Payment method" />
            <Column source="started_at" label="Started" render={r => formatDate(r.started_at, false)} />
            <Column source="expires_at" label="Expires" render={r => formatDate(r.expires_at, false)} />
            <Column disableSort source="next_billing_at" label="Next billing" render={r => formatDate(r.next_billing_at, false)} />
          </DataTable>
        }
      />
    </List>
  );
}

import { DataTable, ExportButton, List, SelectInput, SimpleList, TopToolbar, type Exporter } from 'react-admin';
import type { AdminSubscriberRecord } from '../../../domain/shared/wire';
import { centsToDecimal, exportCsv } from '../components/csv';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';

const Column = DataTable.Col<AdminSubscriberRecord>;

const STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'expired', name: 'Expired' },
];

const filters = [<SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />];

const exporter: Exporter<AdminSubscriberRecord> = rows =>
  exportCsv(
    rows,
    [
      { header: 'name', value: r => r.name },
      { header: 'email', value: r => r.email },
      { header: 'status', value: r => r.status },
      { header: 'price', value: r => centsToDecimal(r.price_cents) },
      { header: 'recurring_price', value: r => centsToDecimal(r.recurring_price_cents) },
      { header: 'payment_method', value: r => r.payment_method },
      { header: 'started_at', value: r => r.started_at },
      { header: 'expires_at', value: r => r.expires_at },
      { header: 'next_billing_at', value: r => r.next_billing_at },
    ],
    'subscribers'
  );

const Actions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

export function SubscriberList() {
  return (
    <List title="Subscribers" filters={filters} actions={<Actions />} exporter={exporter} sort={{ field: 'started_at', order: 'DESC' }} perPage={25}>
      <Responsive
        small={
          <SimpleList<AdminSubscriberRecord>
            primaryText={r => r.name || r.email}
            secondaryText={r => (
              <>
                <StatusChip value={r.status} /> {money(r.price_cents)} · {r.payment_method}
              </>
            )}
            tertiaryText={r => (r.next_billing_at ? `Next ${formatDate(r.next_billing_at, false)}` : `Expires ${formatDate(r.expires_at, false)}`)}
            rowClick={false}
          />
        }
        large={
          <DataTable<AdminSubscriberRecord> bulkActionButtons={false} rowClick={false}>
            <Column disableSort source="name" label="Name" />
            <Column source="email" label="Email" />
            <Column disableSort source="status" label="Status" render={r => <StatusChip value={r.status} />} />
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

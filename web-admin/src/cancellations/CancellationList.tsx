// /admin/cancellation: who cancelled, when and why — the fan's own cancellations with the
// reason they chose (or wrote under "Other"), staff acting in a proxy session, and the system stopping a
// membership after a chargeback — and whether the fan reactivated before the expiry.
import { Chip, Typography } from '@mui/material';
import { DataTable, DateInput, List, SelectInput, SimpleList, TextInput, TopToolbar } from 'react-admin';
import type { AdminCancellationRecord } from '../../../domain/subscription/wire';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { Responsive } from '../components/ResponsiveList';
import { formatDate } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminCancellationRecord>;

const BY_CHOICES = [
  { id: 'fan', name: 'Fan' },
  { id: 'staff', name: 'Staff (proxy)' },
  { id: 'system', name: 'System' },
];

const filters = [
  <TextInput key="q" source="q" label="Search fan" alwaysOn />,
  <SelectInput key="by" source="cancelled_by" label="Cancelled by" choices={BY_CHOICES} />,
  <DateInput key="from" source="cancelled_at_gte" label="From" />,
  <DateInput key="to" source="cancelled_at_lte" label="To" />,
];

const reasonText = (r: AdminCancellationRecord) => (r.reason === 'Other' && r.other_reason ? `Other: ${r.other_reason}` : r.reason ?? '—');

function By({ r }: { r: AdminCancellationRecord }) {
  if (r.cancelled_by === 'fan') return <span>Fan</span>;
  return <Chip size="small" variant="outlined" label={r.cancelled_by === 'staff' ? `Staff${r.actor_email ? ` · ${r.actor_email}` : ''}` : 'System'} />;
}

function Outcome({ r }: { r: AdminCancellationRecord }) {
  return r.reactivated_at ? (
    <Chip size="small" color="success" label={`Reactivated ${formatDate(r.reactivated_at, false)}`} />
  ) : (
    <Typography variant="body2" component="span">
      Access until {formatDate(r.expires_at, false)}
    </Typography>
  );
}

export function CancellationList() {
  return (
    <List
      resource="cancellations"
      disableAuthentication
      title="Cancellations"
      filters={filters}
      actions={
        <TopToolbar>
          <ExportCsvButton />
        </TopToolbar>
      }
      exporter={false}
      sort={{ field: 'cancelled_at', order: 'DESC' }}
      perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}
      empty={false}
    >
      <Responsive
        small={
          <SimpleList<AdminCancellationRecord>
            primaryText={r => r.name || r.email || r.user_id}
            secondaryText={r => reasonText(r)}
            tertiaryText={r => formatDate(r.cancelled_at, false)}
            rowClick={false}
          />
        }
        large={
          <DataTable<AdminCancellationRecord> bulkActionButtons={false} rowClick={false}>
            <Column source="cancelled_at" label="Cancelled" render={r => formatDate(r.cancelled_at)} />
            <Column disableSort source="name" label="Fan" render={r => r.name || r.email || r.user_id} />
            <Column source="email" label="Email" />
            <Column source="reason" label="Reason" render={r => <span data-testid="cancellation-reason">{reasonText(r)}</span>} />
            <Column disableSort source="cancelled_by" label="By" render={r => <By r={r} />} />
            <Column source="expires_at" label="Outcome" render={r => <Outcome r={r} />} />
          </DataTable>
        }
      />
    </List>
  );
}

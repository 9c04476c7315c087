import {
  DataTable,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  type Exporter,
} from 'react-admin';
import type { AdminUserRecord } from '../../../domain/shared/wire';
import { centsToDecimal, exportCsv } from '../components/csv';
import { Responsive } from '../components/ResponsiveList';
import { humanize, StatusChip } from '../components/StatusChip';
import { formatDate, money, SUBSCRIPTION_STATUS_LABEL } from '../format';

export const ROLE_CHOICES = [
  'user',
  'admin',
  'super_admin',
  'sub_admin',
  'model',
  'content_manager',
  'live_stream_manager',
  'support',
].map(id => ({ id, name: humanize(id) }));

const Column = DataTable.Col<AdminUserRecord>;

const filters = [
  <SearchInput key="q" source="q" placeholder="Name or email" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
];

export const SubscriptionChip = ({ code }: { code: string }) => (
  <StatusChip value={code === '0' ? 'expired' : 'active'} label={SUBSCRIPTION_STATUS_LABEL[code] ?? code} />
);

const exporter: Exporter<AdminUserRecord> = rows =>
  exportCsv(
    rows,
    [
      { header: 'id', value: r => r.id },
      { header: 'name', value: r => r.name },
      { header: 'email', value: r => r.email },
      { header: 'role', value: r => r.role },
      { header: 'subscription_status', value: r => r.subscription_status },
      { header: 'total_spent', value: r => centsToDecimal(r.total_spent_cents) },
      { header: 'created_at', value: r => r.created_at },
    ],
    'users'
  );

const Actions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

export function UserList() {
  return (
    <List title="Users" filters={filters} actions={<Actions />} exporter={exporter} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <Responsive
        small={
          <SimpleList<AdminUserRecord>
            primaryText={r => r.name || r.email}
            secondaryText={r => r.email}
            tertiaryText={r => money(r.total_spent_cents)}
            rowClick="show"
          />
        }
        large={
          <DataTable<AdminUserRecord> bulkActionButtons={false} rowClick="show">
            <Column source="name" label="Name" />
            <Column source="email" label="Email" />
            <Column source="role" label="Role" render={r => humanize(r.role)} />
            <Column disableSort source="subscription_status" label="Subscription" render={r => <SubscriptionChip code={r.subscription_status} />} />
            <Column source="total_spent_cents" label="Total spent" align="right" render={r => money(r.total_spent_cents)} />
            <Column source="created_at" label="Joined" render={r => formatDate(r.created_at, false)} />
          </DataTable>
        }
      />
    </List>
  );
}

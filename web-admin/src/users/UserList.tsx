import { Box } from '@mui/material';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { canUse } from '../access';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { Responsive } from '../components/ResponsiveList';
import { humanize, StatusChip } from '../components/StatusChip';
import { formatDate, money, SUBSCRIPTION_STATUS_LABEL } from '../format';
import { UserFlagChips } from './UserFlagChips';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

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

const BLOCKED_CHOICES = [
  { id: 'true', name: 'Blocked' },
  { id: 'false', name: 'Not blocked' },
];

const Column = DataTable.Col<AdminUserRecord>;

const filters = [
  <SearchInput key="q" source="q" placeholder="Name or email" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <SelectInput
    key="blocked"
    source="blocked"
    label="Blocked"
    choices={BLOCKED_CHOICES}
    format={(v: unknown) => (v === true ? 'true' : v === false ? 'false' : '')}
    parse={(v: string) => (v === 'true' ? true : v === 'false' ? false : undefined)}
  />,
];

export const SubscriptionChip = ({ code }: { code: string }) => (
  <StatusChip value={code === '0' ? 'expired' : code === '2' ? 'cancelled' : 'active'} label={SUBSCRIPTION_STATUS_LABEL[code] ?? code} />
);

function Actions() {
  const { permissions } = usePermissions();
  return (
    <TopToolbar>
      <FilterButton />
      {canUse(permissions, 'users', 'create') ? <CreateButton label="New staff account" data-testid="users-create" /> : null}
      <ExportCsvButton />
    </TopToolbar>
  );
}

export function UserList() {
  const { permissions } = usePermissions();
  const mayExport = canUse(permissions, 'users', 'export');
  return (
    <List title="Users" filters={filters} actions={<Actions />} exporter={false} sort={{ field: 'created_at', order: 'DESC' }} perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}>
      <Responsive
        small={
          <SimpleList<AdminUserRecord>
            primaryText={r => r.name || r.email}
            secondaryText={r => (
              <Box component="span" sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {r.email}
                </Box>
                <UserFlagChips record={r} />
              </Box>
            )}
            tertiaryText={r => money(r.total_spent_cents)}
            rowClick="show"
          />
        }
        large={
          <DataTable<AdminUserRecord> bulkActionButtons={mayExport ? <ExportCsvButton selection /> : false} rowClick="show">
            <Column source="name" label="Name" render={r => r.name || '—'} />
            <Column source="email" label="Email" />
            <Column source="role" label="Role" render={r => humanize(r.role)} />
            <Column disableSort label="Flags" render={r => <UserFlagChips record={r} />} />
            <Column disableSort source="subscription_status" label="Subscription" render={r => <SubscriptionChip code={r.subscription_status} />} />
            <Column source="total_spent_cents" label="Total spent" align="right" render={r => money(r.total_spent_cents)} />
            <Column source="created_at" label="Joined" render={r => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.created_at, false)}</Box>} />
          </DataTable>
        }
      />
    </List>
  );
}

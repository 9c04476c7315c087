import { Box, Stack, Typography } from '@mui/material';
import {
  DataTable,
  FunctionField,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleList,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { AdminEventRecord } from '../../../domain/console/wire';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { canUse } from '../access';
import { Responsive } from '../components/ResponsiveList';
import { humanize } from '../components/StatusChip';
import { actorOf } from '../events/EventList';
import { formatDate, money } from '../format';
import { RoleEditor } from './RoleEditor';
import { UserActionsPanel } from './UserActionsPanel';
import { UserFlagChips } from './UserFlagChips';
import { SubscriptionChip } from './UserList';
import { seesUserTransactions, UserTransactions } from './UserExtras';

export function UserShow() {
  const { permissions } = usePermissions();
  const seesEvents = canUse(permissions, 'events', 'list');
  return (
    <Show<AdminUserRecord> title={<UserTitle />} sx={{ minWidth: 0, maxWidth: { xs: 'calc(100vw - 16px)', sm: '100%' }, '& .RaShow-main, & .RaShow-card': { minWidth: 0, maxWidth: '100%' } }}>
      <UserHeader />
      {/* Scrollable tabs: four do not fit a phone's width. */}
      <TabbedShowLayout sx={{ minWidth: 0 }} data-testid="user-tabs" tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        <TabbedShowLayout.Tab label="Overview" data-testid="user-tab-overview">
          <TextField source="name" label="Name" emptyText="—" />
          <TextField source="email" label="Email" />
          <TextField source="nickname" label="Nickname" emptyText="—" />
          <FunctionField<AdminUserRecord> source="role" label="Role" render={r => humanize(r.role)} />
          <FunctionField<AdminUserRecord>
            source="subscription_status"
            label="Subscription"
            render={r => <SubscriptionChip code={r.subscription_status} />}
          />
          <FunctionField<AdminUserRecord> source="total_spent_cents" label="Total spent" render={r => money(r.total_spent_cents)} />
          <FunctionField<AdminUserRecord> source="created_at" label="Joined" render={r => formatDate(r.created_at)} />
          <TextField source="id" label="User id" sx={{ overflowWrap: 'anywhere' }} />
          <RoleEditor />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Flags & actions" path="actions" data-testid="user-tab-actions">
          <UserActionsPanel />
        </TabbedShowLayout.Tab>
        {seesUserTransactions(permissions) ? (
          <TabbedShowLayout.Tab label="Transactions" path="transactions" data-testid="user-tab-transactions">
            <UserTransactions />
          </TabbedShowLayout.Tab>
        ) : null}
        {seesEvents ? (
          <TabbedShowLayout.Tab label="Events" path="events" data-testid="user-tab-events">
            <UserEvents />
          </TabbedShowLayout.Tab>
        ) : null}
      </TabbedShowLayout>
    </Show>
  );
}

function UserTitle() {
  const record = useRecordContext<AdminUserRecord>();
  return <span>{record ? record.name || record.email : 'User'}</span>;
}

/** Name, email and the flag chips above the tabs. */
function UserHeader() {
  const record = useRecordContext<AdminUserRecord>();
  if (!record) return null;
  return (
    <Box sx={{ px: 2, pt: 2, minWidth: 0 }} data-testid="user-header">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {record.name || record.email}
        </Typography>
        {record.nickname ? (
          <Typography variant="body2" color="text.secondary">
            “{record.nickname}”
          </Typography>
        ) : null}
        <UserFlagChips record={record} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {record.email} · {humanize(record.role)}
      </Typography>
    </Box>
  );
}

const EventColumn = DataTable.Col<AdminEventRecord>;

/** The user's own events: the events resource filtered by subject_user_id. */
function UserEvents() {
  return (
    <ReferenceManyField<AdminUserRecord, AdminEventRecord>
      reference="events"
      target="subject_user_id"
      sort={{ field: 'position', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      empty={<Typography color="text.secondary" data-testid="user-events-empty">No events for this user yet.</Typography>}
    >
      <Box sx={{ width: '100%', minWidth: 0 }} data-testid="user-events">
        <Responsive
          small={
            <SimpleList<AdminEventRecord>
              primaryText={r => r.type}
              secondaryText={r => formatDate(r.recorded_at)}
              tertiaryText={r => `#${r.position}`}
              rowClick={(id) => `/events/${encodeURIComponent(String(id))}/show`}
            />
          }
          large={
            <DataTable<AdminEventRecord> bulkActionButtons={false} rowClick={(id) => `/events/${encodeURIComponent(String(id))}/show`}>
              <EventColumn source="position" label="Position" />
              <EventColumn source="type" label="Type" />
              <EventColumn label="Actor" disableSort render={actorOf} />
              <EventColumn source="recorded_at" label="Time" render={r => formatDate(r.recorded_at)} />
            </DataTable>
          }
        />
      </Box>
    </ReferenceManyField>
  );
}

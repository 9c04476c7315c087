import { FunctionField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { AdminUserRecord } from '../../../domain/shared/wire';
import { humanize } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { SubscriptionChip } from './UserList';

export function UserShow() {
  return (
    <Show<AdminUserRecord> title={<UserTitle />}>
      <SimpleShowLayout>
        <TextField source="name" label="Name" />
        <TextField source="email" label="Email" />
        <FunctionField<AdminUserRecord> source="role" label="Role" render={r => humanize(r.role)} />
        <FunctionField<AdminUserRecord>
          source="subscription_status"
          label="Subscription"
          render={r => <SubscriptionChip code={r.subscription_status} />}
        />
        <FunctionField<AdminUserRecord> source="total_spent_cents" label="Total spent" render={r => money(r.total_spent_cents)} />
        <FunctionField<AdminUserRecord> source="created_at" label="Joined" render={r => formatDate(r.created_at)} />
        <TextField source="id" label="User id" />
      </SimpleShowLayout>
    </Show>
  );
}

function UserTitle() {
  const record = useRecordContext<AdminUserRecord>();
  return <span>{record ? record.name || record.email : 'User'}</span>;
}

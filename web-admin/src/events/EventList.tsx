import { Typography } from '@mui/material';
import { DataTable, List, SimpleList, TextInput } from 'react-admin';
import type { AdminEventRecord } from '../../../domain/console/wire';
import { Responsive } from '../components/ResponsiveList';
import { formatDate } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminEventRecord>;

const filters = [
  <TextInput key="stream_id" source="stream_id" label="Stream" alwaysOn resettable />,
  <TextInput key="type" source="type" label="Event type" alwaysOn resettable />,
  <TextInput key="subject_user_id" source="subject_user_id" label="User id" resettable />,
];

/** "role · user id" from the event metadata (the audit trail's acting user). */
export function actorOf(record: AdminEventRecord): string {
  const meta = record.metadata ?? {};
  const user = typeof meta.userId === 'string' ? meta.userId : null;
  const role = typeof meta.role === 'string' ? meta.role : null;
  if (!user && !role) return 'system';
  return [role, user].filter(Boolean).join(' · ');
}

const Mono = ({ children }: { children: string }) => (
  <Typography component="span" variant="body2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' }}>
    {children}
  </Typography>
);

export function EventList() {
  return (
    <List title="Event log" filters={filters} sort={{ field: 'position', order: 'DESC' }} perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />} exporter={false}>
      <Responsive
        small={
          <SimpleList<AdminEventRecord>
            primaryText={r => r.type}
            secondaryText={r => `${r.stream_id} · ${actorOf(r)}`}
            tertiaryText={r => `#${r.position}`}
            rowClick="show"
          />
        }
        large={
          <DataTable<AdminEventRecord> bulkActionButtons={false} rowClick="show">
            <Column source="position" label="Position" render={r => <Mono>{String(r.position)}</Mono>} />
            <Column source="stream_id" label="Stream" render={r => <Mono>{`${r.stream_id} @${r.revision}`}</Mono>} />
            <Column source="type" label="Type" />
            <Column label="Actor" disableSort render={actorOf} />
            <Column source="recorded_at" label="Time" render={r => formatDate(r.recorded_at)} />
          </DataTable>
        }
      />
    </List>
  );
}

import { Box } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList } from 'react-admin';
import type { AdminOutboxRecord } from '../../../domain/console/wire';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminOutboxRecord>;

export const OUTBOX_STATUS_CHOICES = [
  { id: 'queued', name: 'Queued' },
  { id: 'sent', name: 'Sent' },
  { id: 'failed', name: 'Failed' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Recipient" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={OUTBOX_STATUS_CHOICES} alwaysOn />,
];

/** Sent and queued mail (e.g. to hand a fan their password-reset link when no SMTP server is set up). */
export function OutboxList() {
  return (
    <List title="Outbox" filters={filters} exporter={false} sort={{ field: 'created_at', order: 'DESC' }} perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}>
      <Responsive
        small={
          <SimpleList<AdminOutboxRecord>
            primaryText={r => r.subject}
            secondaryText={r => (
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', overflowWrap: 'anywhere' }}>
                <StatusChip value={r.status} /> {r.to}
              </Box>
            )}
            tertiaryText={r => formatDate(r.created_at)}
            rowClick="show"
          />
        }
        large={
          <DataTable<AdminOutboxRecord> bulkActionButtons={false} rowClick="show">
            <Column source="to" label="Recipient" />
            <Column source="subject" label="Subject" disableSort />
            <Column source="status" label="Status" render={r => <StatusChip value={r.status} />} />
            <Column source="created_at" label="Time" render={r => formatDate(r.created_at)} />
          </DataTable>
        }
      />
    </List>
  );
}

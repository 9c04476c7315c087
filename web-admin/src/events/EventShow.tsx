import { Box } from '@mui/material';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { AdminEventRecord } from '../../../domain/console/wire';
import { formatDate } from '../format';
import { actorOf } from './EventList';

function Json({ value, testId }: { value: unknown; testId: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        fontSize: 13,
        maxWidth: '100%',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify(value ?? {}, null, 2)}
    </Box>
  );
}

function EventJson() {
  const record = useRecordContext<AdminEventRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, width: '100%', minWidth: 0 }}>
      <Labeled label="Data">
        <Json value={record.data} testId="event-data" />
      </Labeled>
      <Labeled label="Metadata">
        <Json value={record.metadata} testId="event-metadata" />
      </Labeled>
    </Box>
  );
}

function EventTitle() {
  const record = useRecordContext<AdminEventRecord>();
  return <span>{record ? `${record.type} #${record.position}` : 'Event'}</span>;
}

export function EventShow() {
  return (
    <Show<AdminEventRecord> title={<EventTitle />}>
      <SimpleShowLayout sx={{ minWidth: 0 }}>
        <TextField source="type" label="Type" />
        <TextField source="position" label="Position" />
        <FunctionField<AdminEventRecord> label="Stream" render={r => `${r.stream_id} (revision ${r.revision})`} />
        <FunctionField<AdminEventRecord> label="Actor" render={actorOf} />
        <FunctionField<AdminEventRecord> label="Recorded" render={r => formatDate(r.recorded_at)} />
        <TextField source="id" label="Event id" />
        <EventJson />
      </SimpleShowLayout>
    </Show>
  );
}

// The console's Contact inbox: messages from /contact-us and /like-the-website, newest first; opening one
// marks it read, and staff mark it handled. Replies go by email to the sender's address.
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { Datagrid, DateField, FilterButton, FunctionField, List, SelectInput, TextField, TextInput, TopToolbar, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { PageGuard } from '../promotions/PageGuard';
import { CONTACT_INBOX_PAGE } from './paths';

interface Row { id: string; kind: string; name: string; email: string; subject: string; message: string; status: string; received_at: string }

function MessageBody() {
  const r = useRecordContext<Row>();
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!r) return null;
  const setStatus = (status: string) =>
    update('contact-messages', { id: r.id, data: { status }, previousData: r }, { onSuccess: () => refresh(), onError: (e) => notify((e as Error).message, { type: 'error' }) });
  if (r.status === 'new') setTimeout(() => setStatus('read'), 0);
  return (
    <Box sx={{ p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="contact-message-body">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>From {r.name} &lt;{r.email}&gt;</Typography>
      <Typography variant="body1">{r.message}</Typography>
      <Stack direction="row" gap={1} sx={{ mt: 2 }}>
        <Button size="small" variant="outlined" href={`mailto:${r.email}?subject=${encodeURIComponent(`Re: ${r.subject || 'your message'}`)}`}>Reply by email</Button>
        {r.status !== 'handled' && <Button size="small" variant="contained" onClick={() => setStatus('handled')} data-testid="contact-mark-handled">Mark handled</Button>}
      </Stack>
    </Box>
  );
}

const filters = [
  <TextInput key="q" source="q" label="Search" alwaysOn />,
  <SelectInput key="status" source="status" choices={[{ id: 'new', name: 'New' }, { id: 'read', name: 'Read' }, { id: 'handled', name: 'Handled' }]} />,
  <SelectInput key="kind" source="kind" choices={[{ id: 'contact', name: 'Contact' }, { id: 'feedback', name: 'Feedback' }]} />,
];

/** The server's CSV (GET /admin-api/contact-messages/export: audited), not one made in the browser. */
const InboxActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton />
  </TopToolbar>
);

export function ContactInboxPage() {
  return (
    <PageGuard page={CONTACT_INBOX_PAGE} title="Contact inbox" listTitle>
      <List resource="contact-messages" title="Contact inbox" filters={filters} sort={{ field: 'received_at', order: 'DESC' }} disableSyncWithLocation disableAuthentication exporter={false} actions={<InboxActions />}>
        <Datagrid bulkActionButtons={false} expand={<MessageBody />} rowClick="expand" data-testid="contact-inbox">
          <DateField source="received_at" label="Received" showTime />
          <FunctionField label="Status" render={(r: Row) => <Chip size="small" label={r.status} color={r.status === 'new' ? 'primary' : 'default'} variant={r.status === 'new' ? 'filled' : 'outlined'} />} />
          <TextField source="name" />
          <TextField source="email" />
          <FunctionField label="Subject" render={(r: Row) => r.subject || (r.kind === 'feedback' ? 'Feedback' : '')} />
        </Datagrid>
      </List>
    </PageGuard>
  );
}

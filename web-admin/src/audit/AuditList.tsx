import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Collapse, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  FilterButton,
  List,
  RecordContextProvider,
  ReferenceField,
  ReferenceInput,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
} from 'react-admin';
import type { AdminAuditRecord } from '../../../domain/console/wire';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { humanize } from '../components/StatusChip';
import { auditSentence } from '../../../domain/console/audit-words';
import { formatDate, relative } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminAuditRecord>;

const userOption = (u: AdminUserRecord) => (u ? `${u.email}${u.name ? ` (${u.name})` : ''}` : '');

// Actor and user pick from the users list (searched by name or email); dates use the _gte/_lte convention.
const filtersFor = (small: boolean) => [
  <ReferenceInput key="actor" source="actor_id" reference="users" alwaysOn={!small}>
    <AutocompleteInput label="Actor" optionText={userOption} filterToQuery={q => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <TextInput key="action" source="action" label="Action" alwaysOn resettable helperText={false} />,
  <ReferenceInput key="user" source="subject_user_id" reference="users" alwaysOn={!small}>
    <AutocompleteInput label="User" optionText={userOption} filterToQuery={q => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <DateInput key="from" source="recorded_at_gte" label="From" alwaysOn={!small} />,
  <DateInput key="to" source="recorded_at_lte" label="To" alwaysOn={!small} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
  </TopToolbar>
);

const Mono = ({ children }: { children: string }) => (
  <Typography component="span" variant="body2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' }}>
    {children}
  </Typography>
);

/** The row in words (domain/console/audit-words.ts) over its event type, which the Action filter takes. */
const ActionLabel = ({ action, data }: { action: string; data: unknown }) => (
  <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }} data-testid="audit-action" data-action={action}>
    <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
      {auditSentence(action, data)}
    </Typography>
    <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' }}>
      {action}
    </Typography>
  </Box>
);

/** "email · Role", plus "via proxy of <admin>" when the action was taken in a proxy session. */
function Actor() {
  const record = useRecordContext<AdminAuditRecord>();
  if (!record) return null;
  // No account acted: the site itself, or its operator on the server's console (named in the event).
  const operator = typeof record.data?.operator === 'string' ? record.data.operator : null;
  const who = record.actor_email ?? record.actor_id ?? operator ?? 'system';
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }} data-testid="audit-actor">
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {who}
        </Typography>
        {record.actor_role ? <Chip component="span" size="small" variant="outlined" label={humanize(record.actor_role)} /> : null}
      </Box>
      {record.proxy_admin_id ? (
        <Typography component="span" variant="caption" color="warning.main" data-testid="audit-proxy">
          via proxy of{' '}
          <ReferenceField<AdminAuditRecord, AdminUserRecord> source="proxy_admin_id" reference="users" link={false} emptyText={record.proxy_admin_id}>
            <ProxyAdminName />
          </ReferenceField>
        </Typography>
      ) : null}
    </Box>
  );
}

function ProxyAdminName() {
  const user = useRecordContext<AdminUserRecord>();
  return <>{user ? user.email : ''}</>;
}

function SubjectUser() {
  const record = useRecordContext<AdminAuditRecord>();
  if (!record?.subject_user_id) return <>—</>;
  return (
    <ReferenceField<AdminAuditRecord, AdminUserRecord>
      source="subject_user_id"
      reference="users"
      link="show"
      emptyText={record.subject_user_id}
      render={({ referenceRecord }) => <>{referenceRecord?.email ?? record.subject_user_id}</>}
    />
  );
}

function AuditData() {
  const record = useRecordContext<AdminAuditRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }} data-testid="audit-data">
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Stream {record.stream_id} · event {record.id}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {JSON.stringify(record.data ?? {}, null, 2)}
      </Box>
    </Box>
  );
}

/** Phones: one card per entry, the data behind a Details toggle. */
function AuditCards() {
  const { data, isPending } = useListContext<AdminAuditRecord>();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="audit-cards">
      {data.map(record => (
        <RecordContextProvider key={record.id} value={record}>
          <AuditCard record={record} />
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

function AuditCard({ record }: { record: AdminAuditRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <Card variant="outlined" data-testid="audit-card">
      <CardContent sx={{ '&:last-child': { pb: 1 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} title={record.action} data-testid="audit-action" data-action={record.action}>
            {auditSentence(record.action, record.data)}
          </Typography>
          <Typography variant="caption" color="text.secondary" title={formatDate(record.recorded_at)} sx={{ whiteSpace: 'nowrap' }}>
            {relative(record.recorded_at)}
          </Typography>
        </Stack>
        <Actor />
        <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          User: <SubjectUser /> {record.ip ? `· IP ${record.ip}` : ''}
        </Typography>
        <Button size="small" onClick={() => setOpen(o => !o)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} data-testid="audit-expand">
          Details
        </Button>
        <Collapse in={open} unmountOnExit>
          <AuditData />
        </Collapse>
      </CardContent>
    </Card>
  );
}

export function AuditList() {
  const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      title="Audit"
      resource="audit"
      filters={filtersFor(small)}
      actions={<Actions />}
      exporter={false}
      sort={{ field: 'recorded_at', order: 'DESC' }}
      perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}
    >
      {small ? (
        <AuditCards />
      ) : (
        <DataTable<AdminAuditRecord> bulkActionButtons={false} rowClick="expand" expand={<AuditData />} data-testid="audit-table">
          <Column label="Actor" disableSort render={() => <Actor />} />
          <Column source="action" label="Action" render={r => <ActionLabel action={r.action} data={r.data} />} />
          <Column label="User" disableSort render={() => <SubjectUser />} />
          <Column source="recorded_at" label="Time" render={r => <span title={formatDate(r.recorded_at)}>{formatDate(r.recorded_at)}</span>} />
          <Column source="ip" label="IP" disableSort render={r => (r.ip ? <Mono>{r.ip}</Mono> : '—')} />
        </DataTable>
      )}
    </List>
  );
}

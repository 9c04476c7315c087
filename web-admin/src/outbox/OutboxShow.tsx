import { Fragment } from 'react';
import { Alert, Box, Link } from '@mui/material';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { AdminOutboxRecord } from '../../../domain/console/wire';
import { StatusChip } from '../components/StatusChip';
import { formatDate } from '../format';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Plain text with its http(s) addresses as links (opened in a new tab). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        const trailing = TRAILING.exec(part)?.[0] ?? '';
        const href = trailing ? part.slice(0, -trailing.length) : part;
        return (
          <Fragment key={i}>
            <Link href={href} target="_blank" rel="noopener noreferrer" data-testid="outbox-link">
              {href}
            </Link>
            {trailing}
          </Fragment>
        );
      })}
    </>
  );
}

function MailText() {
  const record = useRecordContext<AdminOutboxRecord>();
  if (!record) return null;
  return (
    <Labeled label="Text" sx={{ width: '100%' }}>
      <Box
        data-testid="outbox-text"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: 14,
          lineHeight: 1.6,
          maxWidth: '100%',
        }}
      >
        <LinkifiedText text={record.text ?? ''} />
      </Box>
    </Labeled>
  );
}

function MailError() {
  const record = useRecordContext<AdminOutboxRecord>();
  if (!record?.error) return null;
  return (
    <Alert severity="error" data-testid="outbox-error">
      {record.error}
    </Alert>
  );
}

function OutboxTitle() {
  const record = useRecordContext<AdminOutboxRecord>();
  return <span>{record ? record.subject : 'Mail'}</span>;
}

export function OutboxShow() {
  return (
    <Show<AdminOutboxRecord> title={<OutboxTitle />}>
      <SimpleShowLayout sx={{ minWidth: 0 }}>
        <TextField source="to" label="Recipient" sx={{ overflowWrap: 'anywhere' }} />
        <TextField source="subject" label="Subject" />
        <FunctionField<AdminOutboxRecord> source="status" label="Status" render={r => <StatusChip value={r.status} />} />
        <FunctionField<AdminOutboxRecord> source="created_at" label="Created" render={r => formatDate(r.created_at)} />
        <FunctionField<AdminOutboxRecord> source="sent_at" label="Sent" render={r => formatDate(r.sent_at)} />
        <MailError />
        <MailText />
      </SimpleShowLayout>
    </Show>
  );
}

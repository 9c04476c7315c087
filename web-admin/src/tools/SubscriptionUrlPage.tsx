// /admin/generate-subscription-url: a signed link with a membership price (first period and renewals,
// in dollars here, cents on the wire) and an expiry; the fan site's /join honours it after the server checks it.
// Below, the links generated so far with how often each was used.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, IconButton, InputAdornment, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';
import type { SubscriptionLinkView } from '../../../domain/console/admin-tools-wire';
import { api } from '../api';
import { httpClient, ADMIN_API } from '../dataProvider';
import { formatDate, money } from '../format';
import { Responsive } from '../components/ResponsiveList';
import { Empty } from '../components/Empty';
import { useLiveQuery } from '../query';
import { Panel, ToolPage } from './parts';

type Field = 'price' | 'recurring_price' | 'expires_in_days' | 'note';

export default function SubscriptionUrlPage() {
  const notify = useNotify();
  const [values, setValues] = useState<Record<Field, string>>({ price: '', recurring_price: '', expires_in_days: '7', note: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<SubscriptionLinkView | null>(null);
  // The links made so far; a failed read shows none.
  const read = useLiveQuery(['tools', 'subscription-links'], async signal => (await httpClient(`${ADMIN_API}/subscription-links`, { signal })).json as SubscriptionLinkView[]);
  const links = read.data ?? (read.error ? [] : null);
  const load = () => void read.refetch();
  const bind = (f: Field) => ({
    value: values[f],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues(v => ({ ...v, [f]: e.target.value })),
    error: !!errors[f],
    helperText: errors[f] ?? HELP[f],
    slotProps: { htmlInput: { 'data-testid': `link-${f}` } },
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      const body = { price: values.price.trim(), recurring_price: values.recurring_price.trim() || undefined, expires_in_days: values.expires_in_days.trim(), note: values.note.trim() || undefined };
      const r = await api<SubscriptionLinkView>('/api/generate_subscription_url/generate_subscription_url', { body });
      setMade(r.data);
      notify(r.message ?? 'Subscription link generated.', { type: 'success' });
      load();
    } catch (err) {
      const field = (err as { field?: string }).field as Field | undefined;
      if (field && field in values) setErrors({ [field]: (err as Error).message });
      else notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const copy = (url: string) => {
    void navigator.clipboard?.writeText(url).then(() => notify('Link copied.', { type: 'info' }), () => undefined);
  };

  return (
    <ToolPage title="Subscription links" intro="Make a link with your own membership price. Fans who open it before it expires join at that price; a changed link is refused." testId="subscription-url-page">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'start' }}>
        <Panel title="New link" testId="link-form">
          <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
            <TextField label="First month price" required {...bind('price')} slotProps={{ ...bind('price').slotProps, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }} />
            <TextField label="Renewal price" {...bind('recurring_price')} slotProps={{ ...bind('recurring_price').slotProps, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }} />
            <TextField label="Expires in (days)" type="number" required {...bind('expires_in_days')} />
            <TextField label="Note (for you)" {...bind('note')} />
            <Box><Button type="submit" variant="contained" disabled={busy} data-testid="link-generate">Generate link</Button></Box>
          </Stack>
        </Panel>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {made ? (
            <Alert severity="success" data-testid="link-made" sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {money(made.initial_cents)} for the first month, then {money(made.recurring_cents)} a month. Valid until {formatDate(made.expires_at)}.
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField size="small" fullWidth value={made.url} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'link-url' } }} />
                <Tooltip title="Copy"><IconButton onClick={() => copy(made.url)} aria-label="Copy link"><ContentCopyIcon /></IconButton></Tooltip>
              </Stack>
            </Alert>
          ) : null}
          <Panel title="Links" testId="link-list">
            {links === null ? null : links.length === 0 ? <Empty testId="links-empty">No subscription links yet.</Empty> : <LinkTable links={links} onCopy={copy} />}
          </Panel>
        </Stack>
      </Box>
    </ToolPage>
  );
}

const HELP: Record<Field, string> = {
  price: 'What the fan pays now, e.g. 4.99 ($0 for a free first month).',
  recurring_price: 'Each renewal; empty = the first month price.',
  expires_in_days: '1 to 365 days.',
  note: 'Where you share it, e.g. Instagram. Fans do not see it.',
};

function LinkTable({ links, onCopy }: { links: SubscriptionLinkView[]; onCopy: (url: string) => void }) {
  const status = (l: SubscriptionLinkView) => <Chip size="small" label={l.expired ? 'Expired' : 'Active'} color={l.expired ? 'default' : 'success'} variant={l.expired ? 'outlined' : 'filled'} />;
  return (
    <Responsive
      small={
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {links.map(l => (
            <Box key={l.link_id} sx={{ py: 1 }} data-testid="link-row">
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{money(l.initial_cents)} → {money(l.recurring_cents)}</Typography>
                {status(l)}
              </Stack>
              <Typography variant="caption" color="text.secondary">{l.note || 'No note'} · used {l.uses}× · until {formatDate(l.expires_at, false)}</Typography>
            </Box>
          ))}
        </Stack>
      }
      large={
        <Table size="small">
          <TableHead>
            <TableRow><TableCell>First month</TableCell><TableCell>Renewal</TableCell><TableCell>Note</TableCell><TableCell align="right">Used</TableCell><TableCell>Expires</TableCell><TableCell>Status</TableCell><TableCell /></TableRow>
          </TableHead>
          <TableBody>
            {links.map(l => (
              <TableRow key={l.link_id} data-testid="link-row">
                <TableCell>{money(l.initial_cents)}</TableCell>
                <TableCell>{money(l.recurring_cents)}</TableCell>
                <TableCell>{l.note || '—'}</TableCell>
                <TableCell align="right">{l.uses}</TableCell>
                <TableCell>{formatDate(l.expires_at, false)}</TableCell>
                <TableCell>{status(l)}</TableCell>
                <TableCell padding="checkbox"><Tooltip title="Copy link"><IconButton size="small" onClick={() => onCopy(l.url)} aria-label="Copy link"><ContentCopyIcon fontSize="small" /></IconButton></Tooltip></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}

// /admin/super-admin-tools/sticky-io-lookup: find an order by its Sticky.io order id, our payment id or a fan's
// email (GET /admin-api/sticky-io/lookup) and see Sticky.io's order beside our payment and its events, with a clear
// marker where the two disagree. Read-only: nothing is changed at Sticky.io or in our log.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useSearchParams } from 'react-router-dom';
import type { OurPaymentSummary, StickyLookupAnswer, StickyLookupKey, StickyLookupMatch, StickyOrderSummary } from '../../../domain/payment-providers/provider-console';
import { api, ApiRequestError } from '../api';
import { Empty } from '../components/Empty';
import { humanize, StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { Panel, ToolPage } from '../tools/parts';

const KEYS: { id: StickyLookupKey; label: string; hint: string }[] = [
  { id: 'order_id', label: 'Sticky.io order id', hint: 'The order number in Sticky.io, e.g. 10452.' },
  { id: 'payment_id', label: 'Our payment id', hint: 'The payment id from Transactions (also in the order\'s notes as fanclub:<id>).' },
  { id: 'email', label: 'Fan\'s email', hint: 'Every Sticky.io payment of the account with this email (lower ranks only).' },
];

export default function StickyIoLookupPage() {
  const [params, setParams] = useSearchParams();
  const initial = KEYS.find(k => params.get(k.id)) ?? KEYS[0];
  const [key, setKey] = useState<StickyLookupKey>(initial.id);
  const [value, setValue] = useState(params.get(initial.id) ?? '');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [answer, setAnswer] = useState<StickyLookupAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (k: StickyLookupKey, v: string) => {
    setBusy(true);
    setError(null);
    try {
      setAnswer((await api<StickyLookupAnswer>(`/admin-api/sticky-io/lookup?${new URLSearchParams({ [k]: v })}`)).data);
    } catch (e) {
      setAnswer(null);
      setError({ message: (e as Error).message, field: e instanceof ApiRequestError ? e.field : undefined });
    } finally {
      setBusy(false);
    }
  };
  // A link from the payments list opens the page with its search already made.
  useEffect(() => {
    const v = params.get(initial.id);
    if (v) void search(initial.id, v);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (!v) return setError({ message: 'Please enter what to look for.', field: key });
    setParams({ [key]: v }, { replace: true });
    void search(key, v);
  };
  const hint = KEYS.find(k => k.id === key)!.hint;
  const fieldError = error && (!error.field || error.field === key) ? error.message : '';

  return (
    <ToolPage title="Sticky.io lookup" intro="An order as Sticky.io has it, beside what our log says about the payment. Read-only: nothing is changed here." testId="sticky-io-lookup-page">
      <Panel>
        <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={1.5} onSubmit={submit} noValidate>
          <TextField select label="Search by" value={key} onChange={e => setKey(e.target.value as StickyLookupKey)} sx={{ minWidth: 200, flexShrink: 0, width: { md: 240 } }}>
            {KEYS.map(k => <MenuItem key={k.id} value={k.id} data-testid={`sticky-lookup-key-${k.id}`}>{k.label}</MenuItem>)}
          </TextField>
          <TextField label={KEYS.find(k => k.id === key)!.label} value={value} onChange={e => setValue(e.target.value)} fullWidth error={!!fieldError} helperText={fieldError || hint} slotProps={{ htmlInput: { 'data-testid': 'sticky-lookup-value' } }} />
          <Box>
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={busy} sx={{ height: 56, minWidth: 130 }} data-testid="sticky-lookup-submit">Search</Button>
          </Box>
        </Stack>
      </Panel>
      {error && !fieldError ? <Alert severity="error" sx={{ mt: 2 }} data-testid="sticky-lookup-error">{error.message}</Alert> : null}
      {answer ? (
        <Stack spacing={2} sx={{ mt: 2 }} data-testid="sticky-lookup-results">
          {answer.matches.length === 0 ? (
            <Panel><Empty testId="sticky-lookup-empty">Nothing found for “{answer.query}”: no Sticky.io order and no payment of ours through Sticky.io.</Empty></Panel>
          ) : (
            answer.matches.map((m, i) => <MatchCard key={`${m.order?.order_id ?? ''}-${m.payment?.payment_id ?? ''}-${i}`} match={m} />)
          )}
        </Stack>
      ) : null}
    </ToolPage>
  );
}

function MatchCard({ match }: { match: StickyLookupMatch }) {
  const agree = match.disagreements.length === 0;
  const title = match.order ? `Order ${match.order.order_id}` : `Payment ${match.payment?.payment_id ?? ''}`;
  return (
    <Panel title={title} testId="sticky-lookup-match" action={
      agree
        ? <Chip icon={<CheckCircleOutlineIcon />} color="success" variant="outlined" label="They agree" data-testid="sticky-agree" />
        : <Chip icon={<ErrorOutlineIcon />} color="error" label="They disagree" data-testid="sticky-disagree" />
    }>
      {agree ? null : (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="sticky-disagreements">
          <AlertTitle>Sticky.io and our log disagree</AlertTitle>
          {match.disagreements.map(d => <Box key={d} component="div">{d}</Box>)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Side title="Sticky.io" testId="sticky-side">{match.order ? <OrderFacts order={match.order} /> : <Typography color="text.secondary">Sticky.io has no order for this payment.</Typography>}</Side>
        <Side title="Our log" testId="our-side">{match.payment ? <PaymentFacts payment={match.payment} /> : <Typography color="text.secondary">Our log has no payment this order names.</Typography>}</Side>
      </Box>
    </Panel>
  );
}

const Side = ({ title, testId, children }: { title: string; testId: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={testId}>
    <Typography variant="overline" color="text.secondary">{title}</Typography>
    {children}
  </Box>
);

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{k}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{v}</Typography>
        </Box>
      ))}
    </Box>
  );
}

const ORDER_STATE_LABEL: Record<StickyOrderSummary['state'], string> = { approved: 'Approved', declined: 'Declined', voided: 'Voided', refunded: 'Refunded', partly_refunded: 'Partly refunded', other: 'Other' };

function OrderFacts({ order }: { order: StickyOrderSummary }) {
  return (
    <Facts rows={[
      ['Status', <Stack key="s" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}><StatusChip value={order.state} label={ORDER_STATE_LABEL[order.state]} /><Typography variant="caption" color="text.secondary">code {order.status_code || '—'}</Typography>{order.test ? <Chip size="small" variant="outlined" label="Test" /> : null}</Stack>],
      ['Amount', order.amount_cents === null ? '—' : money(order.amount_cents)],
      ['Refunded', order.voided ? 'Voided' : order.refunded_cents > 0 ? money(order.refunded_cents) : 'Nothing'],
      ['Card', order.card_last4 ? `${humanize(order.card_brand || 'card')} •••• ${order.card_last4}` : '—'],
      ['Customer', [order.customer_name, order.customer_email, order.customer_id && `#${order.customer_id}`].filter(Boolean).join(' · ') || '—'],
      ['Notes', order.payment_id ? <span key="n" data-testid="sticky-notes-payment">fanclub:{order.payment_id}</span> : (order.notes.join(' · ') || 'None')],
      ['Recurring', order.recurring ? `Yes${order.next_recurring_date ? `, next ${order.next_recurring_date}` : ''}` : 'No'],
      ['Billing cycle', [order.billing_cycle || '—', order.parent_order_id && `rebill of ${order.parent_order_id}`, order.rebill_order_ids.length ? `rebills ${order.rebill_order_ids.join(', ')}` : ''].filter(Boolean).join(' · ')],
      ...(order.decline_reason ? [['Decline reason', order.decline_reason] as [string, ReactNode]] : []),
      ['Created', order.created_at || '—'],
    ]} />
  );
}

function PaymentFacts({ payment }: { payment: OurPaymentSummary }) {
  return (
    <>
      <Facts rows={[
        ['Status', <StatusChip key="s" value={payment.status} />],
        ['Amount', money(payment.amount_cents)],
        ['Reversal', payment.reversal ? `${humanize(payment.reversal.kind)} ${money(payment.reversal.amount_cents)} · ${formatDate(payment.reversal.at)}` : 'None'],
        ['Card', payment.card ?? '—'],
        ['Fan', payment.user_email ?? payment.user_id],
        ['Payment', <span key="p" data-testid="our-payment-id">{payment.payment_id}</span>],
        ['Order id', payment.provider_reference ?? '—'],
        ['For', humanize(payment.type)],
        ['Requested', formatDate(payment.created_at)],
        ...(payment.failure_code ? [['Failure code', payment.failure_code] as [string, ReactNode]] : []),
      ]} />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1.5 }}>Events</Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="our-events">
        {payment.events.map((e, i) => (
          <Typography component="li" variant="body2" key={`${e.type}-${i}`}>{e.type} <Typography component="span" variant="caption" color="text.secondary">{formatDate(e.recorded_at)}{e.actor_role ? ` · ${humanize(e.actor_role)}` : ''}</Typography></Typography>
        ))}
      </Box>
    </>
  );
}

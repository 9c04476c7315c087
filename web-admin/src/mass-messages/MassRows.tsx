// The rows of the mass-message pages: what was sent (a thumbnail, the text, price and audience), its status, the
// delivery progress (live through MASS_MESSAGE_UPDATED), purchases and revenue (with the who-bought report), and
// the actions (Cancel, Resend). Also the small revenue-per-message chart.
import { useState } from 'react';
import { Alert, Box, Button, Card, Link, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import ReplayIcon from '@mui/icons-material/Replay';
import TextsmsOutlinedIcon from '@mui/icons-material/TextsmsOutlined';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { ApiRequestError } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatDate, money, relative } from '../format';
import { useSay } from '../posts/parts';
import { useLiveQuery, useQueryClient } from '../query';
import { useFrame } from '../realtime';
import { massApi, type MassMessageUpdated, type MassMessageView } from './api';
import { Progress, StatusChip } from './parts';
import { MASS_PURCHASED_BY_PAGE, massPurchasedByPath } from './paths';
import { applyUpdate, AUDIENCE_LABELS, mayCancel, MASS_TEXTS, revenueSeries } from './rules';

/**
 * A list of mass messages through the read cache (`key` under 'mass-messages', so a send can mark every such list
 * stale at once). MASS_MESSAGE_UPDATED frames update a row it holds in place; a message it does not hold yet (sent
 * from another screen), or a frame that arrives while a read is under way (that read may predate it), marks the
 * list stale, so it is read again.
 */
export function useMassList<T extends { items: MassMessageView[] }>(key: readonly unknown[], load: (signal: AbortSignal) => Promise<T>) {
  const client = useQueryClient();
  const queryKey = ['mass-messages', ...key];
  const query = useLiveQuery(queryKey, load, { keepPrevious: true });
  const update = (fn: (items: MassMessageView[]) => MassMessageView[]) =>
    client.setQueryData<T>(queryKey, d => (d ? { ...d, items: fn(d.items) } : d));
  useFrame<MassMessageUpdated>('MASS_MESSAGE_UPDATED', frame => {
    const held = query.data?.items.some(m => m._id === frame._id);
    if (!held || client.isFetching({ queryKey }) > 0) return void client.invalidateQueries({ queryKey });
    update(items => applyUpdate(items, frame) as MassMessageView[]);
  });
  const replace = (view: MassMessageView) => update(items => items.map(m => (m._id === view._id ? view : m)));
  const error = query.error ? (query.error instanceof ApiRequestError && query.error.message) || 'Something went wrong' : null;
  return { data: query.data ?? null, error, loading: query.isFetching, reload: () => void query.refetch(), replace };
}

function Thumb({ m }: { m: MassMessageView }) {
  const first = m.media_preview ?? m.media[0];
  const src = first ? first.thumbnail_url || first.blur_url : null;
  return (
    <Box sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
      {src ? <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <TextsmsOutlinedIcon color="action" />}
    </Box>
  );
}

export function MassRow({ m, role, onCancelled, onResend }: { m: MassMessageView; role: unknown; onCancelled: (view: MassMessageView) => void; onResend?: (m: MassMessageView) => void }) {
  const say = useSay();
  const basename = useBasename();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const report = mayOpenPage(role, MASS_PURCHASED_BY_PAGE) && m.isLocked === 'locked';
  const cancel = async () => {
    setBusy(true);
    try {
      const r = await massApi.cancel(m._id);
      onCancelled(r.view);
      say(r.message || 'Mass message cancelled.', 'success');
      setConfirm(false);
    } catch (e) {
      say((e instanceof ApiRequestError && e.message) || 'Something went wrong', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      variant="outlined"
      data-testid="mass-row"
      data-id={m._id}
      sx={{
        p: 1.5,
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        // Fixed side columns, so the status and money columns line up from row to row.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 240px 130px 120px' },
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ minWidth: 0, alignItems: 'center' }}>
        <Thumb m={m} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', wordBreak: 'break-word' }}>
            {m.message || <em>Media only</em>}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {m.isLocked === 'locked' ? `Locked · $${m.amount}${m.required_tier ? ` · ${m.required_tier.name || 'a removed tier'} and above` : ''}` : 'Free'} · {m.media.length ? `${m.media.length} media` : 'text'} · {m.audience?.label ?? AUDIENCE_LABELS[m.send_to]}
          </Typography>
          <Tooltip title={formatDate(m.scheduled_at ?? m.created)}>
            <Typography variant="caption" color="text.secondary">
              {m.scheduled_at && m.status === 'scheduled' ? `Scheduled for ${formatDate(m.scheduled_at)}` : m.scheduled_at && m.status === 'cancelled' ? `Was scheduled for ${formatDate(m.scheduled_at)}` : `Sent ${relative(m.created)}`}
            </Typography>
          </Tooltip>
        </Box>
      </Stack>
      <Stack spacing={0.75} sx={{ minWidth: 0 }}>
        <Box>
          <StatusChip status={m.status} />
        </Box>
        <Progress delivered={m.stats.delivered} recipients={m.stats.recipients} status={m.status} />
        {m.stats.future_delivered > 0 ? (
          <Typography variant="caption" color="text.secondary">
            + {m.stats.future_delivered.toLocaleString()} later subscribers
          </Typography>
        ) : null}
      </Stack>
      <Box sx={{ minWidth: 0 }}>
        {m.isLocked === 'locked' ? (
          <>
            <Typography variant="body2" data-testid="mass-revenue">
              {m.stats.revenue_cents === null ? '—' : money(m.stats.revenue_cents)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {m.stats.purchases} purchase{m.stats.purchases === 1 ? '' : 's'}
            </Typography>
            {report ? (
              <Link component={RouterLink} to={`${basename}${massPurchasedByPath(m._id)}`} variant="caption" data-testid="mass-purchased-by">
                Purchased by
              </Link>
            ) : null}
          </>
        ) : (
          <Typography variant="caption" color="text.secondary">
            Free message
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: { xs: 'flex-start', md: 'flex-end' } }}>
        {m.status === 'error' && onResend ? (
          <Button size="small" variant="outlined" startIcon={<ReplayIcon />} onClick={() => onResend(m)} data-testid="mass-resend">
            Resend
          </Button>
        ) : null}
        {mayCancel(m) ? (
          <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setConfirm(true)} data-testid="mass-cancel">
            {m.status === 'sent' ? 'Stop' : 'Cancel'}
          </Button>
        ) : null}
      </Stack>
      {m.status === 'error' && m.error ? (
        <Alert severity="error" sx={{ gridColumn: '1 / -1', py: 0 }}>
          {m.error}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title="Cancel mass message"
        content={MASS_TEXTS.cancelConfirm}
        confirmLabel="Cancel mass message"
        danger
        loading={busy}
        onConfirm={() => void cancel()}
        onClose={() => setConfirm(false)}
        testId="mass-cancel-dialog"
      />
    </Card>
  );
}

export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label="Loading mass messages" data-testid="mass-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={84} />
      ))}
    </Stack>
  );
}

/** Revenue per locked message (the latest twelve), as horizontal bars. */
export function RevenueChart({ items }: { items: MassMessageView[] }) {
  const series = revenueSeries(items);
  if (series.length === 0) return null;
  const max = Math.max(...series.map(s => s.cents), 1);
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="mass-revenue-chart">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Revenue per message
      </Typography>
      <Stack spacing={0.75}>
        {series.map(s => (
          <Box key={s.id} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 140px) minmax(0, 1fr) 72px', gap: 1, alignItems: 'center' }}>
            <Typography variant="caption" noWrap title={s.label}>
              {s.label}
            </Typography>
            <Box sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box sx={{ height: '100%', width: `${Math.max(2, (s.cents / max) * 100)}%`, bgcolor: 'primary.main', borderRadius: 5 }} />
            </Box>
            <Typography variant="caption" sx={{ textAlign: 'right' }}>
              {money(s.cents)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

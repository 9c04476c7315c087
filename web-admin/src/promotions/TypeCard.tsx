// One promotion type's card on the promotions page: the running promotion with its countdown, End promotion and its
// purchases, else the last one's end and the form for a new one.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useNotify } from 'react-admin';
import type { PromotionType } from '../../../domain/promotion/promotion';
import { APPLICABLE_TO_LABELS, countdownText, type PromotionView } from '../../../domain/promotion/wire';
import { api, etagVersion, ifMatch } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { StatusChip } from '../components/StatusChip';
import { formatDate } from '../format';
import { useLiveQuery, useQueryClient } from '../query';
import { offerText } from './offer';
import { PromotionForm } from './PromotionForm';

const TYPE_LABEL: Record<PromotionType, string> = { SUBSCRIPTION: 'New subscribers', LOCKED_CONTENT: 'Locked content' };

/** The promotion of a type the card shows (null: none yet), and the version of that type's promotions. */
interface Shown {
  current: PromotionView | null;
  version: number | undefined;
}

function Countdown({ endsAt }: { endsAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid="console-countdown">
      {countdownText(Date.parse(endsAt) - now)}
    </Box>
  );
}

export function TypeCard({ type }: { type: PromotionType }) {
  const notify = useNotify();
  const basename = useBasename();
  const client = useQueryClient();
  const key = ['promotions', type];
  // The version of this type's promotions the card shows: saving or ending sends it back, so a change another
  // staff member made in between is refused (412) instead of being overwritten.
  const read = useLiveQuery<Shown>(key, async signal => {
    let version: number | undefined;
    const { data } = await api<PromotionView | null>('/api/promotion-setting/promotion', { body: { promotion_type: type }, signal, onHeaders: h => (version = etagVersion(h)) });
    return { current: data, version };
  });
  const put = (change: Partial<Shown>) => client.setQueryData<Shown>(key, shown => ({ current: null, version: undefined, ...shown, ...change }));
  const setCurrent = (current: PromotionView | null) => put({ current });
  const setVersion = (version: number | undefined) => put({ version });
  // A failed read shows why, and the form (nothing known to be running).
  const current = read.data ? read.data.current : read.error ? null : undefined;
  const version = read.data?.version;
  const error = read.error ? (read.error instanceof Error ? read.error.message : 'Error in get promotion.') : null;
  const [confirm, setConfirm] = useState(false);
  const [ending, setEnding] = useState(false);
  const t = type === 'SUBSCRIPTION' ? 'subscription' : 'locked';

  const end = async () => {
    if (!current) return;
    setEnding(true);
    try {
      const { data, message } = await api<PromotionView>('/api/promotion-setting/end-promotion', { body: { promotion_id: current._id }, headers: ifMatch(version), onHeaders: h => setVersion(etagVersion(h)) });
      setCurrent(data);
      notify(message || 'Promotion ended.', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Error in end promotion.', { type: 'error' });
    } finally {
      setEnding(false);
      setConfirm(false);
    }
  };

  const running = current?.status === 'active' ? current : null;
  return (
    <Card variant="outlined" data-testid={`promotion-card-${t}`}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {TYPE_LABEL[type]}
          </Typography>
          {current && <StatusChip value={current.status} />}
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {current === undefined ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : running ? (
          <Box sx={{ display: 'grid', gap: 1 }} data-testid={`running-promotion-${t}`}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {running.ribbon_text}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {offerText(running)} · {APPLICABLE_TO_LABELS[running.applicable_to]}
            </Typography>
            <Typography variant="body2">
              Ends in {running.ends_at ? <Countdown endsAt={running.ends_at} /> : '—'} ({formatDate(running.ends_at)})
              {running.repeat_message ? ` · ${running.repeat_message}` : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              <Button color="error" variant="outlined" onClick={() => setConfirm(true)} data-testid={`end-promotion-${t}`}>
                End promotion
              </Button>
              <Button component={RouterLink} to={`${basename}/promotion-subscribe-users/${running._id}`} data-testid={`promotion-buyers-${t}`}>
                Purchases
              </Button>
            </Box>
          </Box>
        ) : (
          <>
            {current && (
              <Alert severity="info" variant="outlined">
                The last promotion ({offerText(current)}) {current.status === 'ended' ? `was ended ${formatDate(current.ended_at)}` : `expired ${formatDate(current.expires_at)}`}.
              </Alert>
            )}
            <PromotionForm type={type} onSaved={setCurrent} version={version} onVersion={setVersion} />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title="End promotion"
        content="The ribbon and the promotion prices go at once, for everyone."
        confirmLabel="End promotion"
        danger
        loading={ending}
        onConfirm={() => void end()}
        onClose={() => setConfirm(false)}
        testId={`end-promotion-dialog-${t}`}
      />
    </Card>
  );
}

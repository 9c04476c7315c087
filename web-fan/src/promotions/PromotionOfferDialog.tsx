// The promotion offer dialog staff open from the home feed (tabs new subscribers
// and locked content): each tab loads the promotion of its type; a running one can be ended, otherwise a new
// one is saved (discount 10..80 default 50, expiry 1..24 hours / 2..30 days / end of day / end of month, repeat,
// trial offer, ribbon text). Loaded on demand.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PromotionType } from '../../../domain/promotion/promotion';
import { APPLICABLE_TO_LABELS, SUBTYPE_LABELS, type PromotionView } from '../../../domain/promotion/wire';
import { PromotionFields } from '../../../web-shared/promotions/PromotionFields';
import { usePromotionForm } from '../../../web-shared/promotions/promotionForm';
import { api, errorMessage } from '../api';
import { useNotify } from '../notify';
import { usePromotions } from './PromotionContext';

function Running({ promotion, onEnd, busy }: { promotion: PromotionView; onEnd: () => void; busy: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="running-promotion">
      <Alert severity="success">
        A promotion is running{promotion.ends_at ? ` until ${new Date(promotion.ends_at).toLocaleString()}` : ''}.
        {promotion.repeat_message ? ` ${promotion.repeat_message}` : ''}
      </Alert>
      <Typography variant="body2">
        <strong>Ribbon:</strong> {promotion.ribbon_text}
      </Typography>
      <Typography variant="body2">
        <strong>For:</strong> {APPLICABLE_TO_LABELS[promotion.applicable_to]}
        {promotion.discount_percentage !== null && (
          <>
            {' · '}
            <strong>{promotion.discount_percentage}% off</strong> {promotion.promotion_sub_type ? SUBTYPE_LABELS[promotion.promotion_sub_type].toLowerCase() : ''}
          </>
        )}
        {promotion.subscription_initial_amount !== null && (
          <>
            {' · '}${promotion.subscription_initial_amount.toFixed(2)} first{promotion.initial_period ? ` ${promotion.initial_period === 30 ? 'month' : `${promotion.initial_period} days`}` : ' month'}, then $
            {promotion.subscription_recurring_amount?.toFixed(2)}
          </>
        )}
      </Typography>
      <Box>
        <Button color="error" variant="outlined" onClick={onEnd} disabled={busy} data-testid="end-promotion">
          End promotion
        </Button>
      </Box>
    </Box>
  );
}

export default function PromotionOfferDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const { refresh } = usePromotions();
  const [tab, setTab] = useState<PromotionType>('SUBSCRIPTION');
  const form = usePromotionForm();
  const { error, setError, reset } = form;
  const [busy, setBusy] = useState(false);
  // The tab's promotion, read each time the dialog opens or the tab changes (undefined while it is read).
  const client = useQueryClient();
  const key = ['promotion-setting', tab] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await api.post<PromotionView | null>('/api/promotion-setting/promotion', { promotion_type: tab })).data,
    enabled: open,
  });
  const current = query.isError ? null : query.data;
  const setCurrent = (p: PromotionView) => client.setQueryData(key, p);
  const loadError: typeof error = query.isError ? { message: errorMessage(query.error, 'Error in get promotion.') } : null;
  const shownError = error ?? loadError;

  useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new tab or a reopening starts the form afresh
  }, [open, tab]);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api.post<PromotionView>('/api/promotion-setting/save-promotion', form.bodyFor(tab));
      setCurrent(data);
      notify(message || 'Promotion successfully saved.', 'success');
      refresh();
    } catch (err) {
      const e = err as { field?: string };
      setError({ message: errorMessage(err, 'Error in save promotion.'), field: e.field });
    } finally {
      setBusy(false);
    }
  };

  const end = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const { data, message } = await api.post<PromotionView>('/api/promotion-setting/end-promotion', { promotion_id: current._id });
      setCurrent(data);
      notify(message || 'Promotion ended.', 'success');
      refresh();
    } catch (err) {
      setError({ message: errorMessage(err, 'Error in end promotion.') });
    } finally {
      setBusy(false);
    }
  };

  const running = current && current.status === 'active' ? current : null;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby="promotion-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="promotion-dialog-title">Promotion offer</DialogTitle>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="fullWidth" sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="SUBSCRIPTION" label="New subscribers" data-testid="promotion-tab-subscription" />
        <Tab value="LOCKED_CONTENT" label="Locked content" data-testid="promotion-tab-locked" />
      </Tabs>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '20px !important' }}>
        {current === undefined ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }} role="status" aria-label="Loading promotion">
            <CircularProgress size={28} />
          </Box>
        ) : running ? (
          <Running promotion={running} onEnd={() => void end()} busy={busy} />
        ) : (
          <>
            {shownError && !shownError.field && <Alert severity="error">{shownError.message}</Alert>}
            <PromotionFields type={tab} form={form} ribbonTestId="promotion-ribbon-text-input" />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Close
        </Button>
        {current !== undefined && !running && (
          <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="save-promotion" startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
            Save promotion
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

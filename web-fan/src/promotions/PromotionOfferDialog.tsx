// The promotion offer dialog staff open from the home feed (tabs new subscribers
// and locked content): each tab loads the promotion of its type; a running one can be ended, otherwise a new
// one is saved (discount 10..80 default 50, expiry 1..24 hours / 2..30 days / end of day / end of month, repeat,
// trial offer, ribbon text). Loaded on demand.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PromotionType } from '../../../domain/promotion/promotion';
import {
  APPLICABLE_TO_LABELS,
  EXPIRY_CHOICES,
  SUBTYPE_LABELS,
  TRIAL_PERIOD_CHOICES,
  type DateExpireWire,
  type PromotionView,
  type SavePromotionBody,
} from '../../../domain/promotion/wire';
import { api, errorMessage } from '../api';
import { useNotify } from '../notify';
import { usePromotions } from './PromotionContext';

const DISCOUNTS = Array.from({ length: 15 }, (_, i) => 10 + i * 5); // 10..80

interface FormState {
  applicable_to: string;
  promotion_sub_type: string;
  discount_percentage: number;
  subscription_initial_amount: string;
  subscription_recurring_amount: string;
  is_trial_offer: boolean;
  initial_period: number;
  date_expire: string;
  is_repeat_promotion: boolean;
  ribbon_text: string;
}

const INITIAL: FormState = {
  applicable_to: 'ALL_USERS',
  promotion_sub_type: 'LOCKED_CONTENT',
  discount_percentage: 50,
  subscription_initial_amount: '',
  subscription_recurring_amount: '',
  is_trial_offer: false,
  initial_period: 7,
  date_expire: '24',
  is_repeat_promotion: false,
  ribbon_text: '',
};

const expiryValue = (v: string): DateExpireWire => (v === 'end_of_day' || v === 'end_of_month' ? v : Number(v));

function bodyOf(type: PromotionType, f: FormState): SavePromotionBody {
  const common = {
    promotion_type: type,
    applicable_to: f.applicable_to as SavePromotionBody['applicable_to'],
    date_expire: expiryValue(f.date_expire),
    is_repeat_promotion: f.is_repeat_promotion,
    ribbon_text: f.ribbon_text,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
  return type === 'SUBSCRIPTION'
    ? { ...common, subscription_initial_amount: f.subscription_initial_amount, subscription_recurring_amount: f.subscription_recurring_amount, is_trial_offer: f.is_trial_offer, ...(f.is_trial_offer ? { initial_period: f.initial_period } : {}) }
    : { ...common, promotion_sub_type: f.promotion_sub_type as SavePromotionBody['promotion_sub_type'], discount_percentage: f.discount_percentage };
}

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
  const [current, setCurrent] = useState<PromotionView | null | undefined>(undefined);
  const [form, setForm] = useState<FormState>(INITIAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setCurrent(undefined);
    setError(null);
    setForm(INITIAL);
    api
      .post<PromotionView | null>('/api/promotion-setting/promotion', { promotion_type: tab })
      .then(({ data }) => alive && setCurrent(data))
      .catch((err) => {
        if (!alive) return;
        setCurrent(null);
        setError({ message: errorMessage(err, 'Error in get promotion.') });
      });
    return () => {
      alive = false;
    };
  }, [open, tab]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api.post<PromotionView>('/api/promotion-setting/save-promotion', bodyOf(tab, form));
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
            {error && !error.field && <Alert severity="error">{error.message}</Alert>}
            <TextField select label="Applicable to" value={form.applicable_to} onChange={(e) => set('applicable_to', e.target.value)} fullWidth>
              {Object.entries(APPLICABLE_TO_LABELS).map(([v, label]) => (
                <MenuItem key={v} value={v}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            {tab === 'LOCKED_CONTENT' ? (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField select label="Applies to" value={form.promotion_sub_type} onChange={(e) => set('promotion_sub_type', e.target.value)}>
                  {Object.entries(SUBTYPE_LABELS).map(([v, label]) => (
                    <MenuItem key={v} value={v}>
                      {label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label="Discount"
                  value={form.discount_percentage}
                  onChange={(e) => set('discount_percentage', Number(e.target.value))}
                  error={!!fieldError('discount_percentage')}
                  helperText={fieldError('discount_percentage')}
                  slotProps={{ select: { inputProps: { 'data-testid': 'promotion-discount' } } }}
                >
                  {DISCOUNTS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {d}%
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            ) : (
              <>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  <TextField
                    label="First payment ($)"
                    value={form.subscription_initial_amount}
                    onChange={(e) => set('subscription_initial_amount', e.target.value)}
                    error={!!fieldError('subscription_initial_amount')}
                    helperText={fieldError('subscription_initial_amount')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <TextField
                    label="Then every month ($)"
                    value={form.subscription_recurring_amount}
                    onChange={(e) => set('subscription_recurring_amount', e.target.value)}
                    error={!!fieldError('subscription_recurring_amount')}
                    helperText={fieldError('subscription_recurring_amount')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                  <FormControlLabel control={<Switch checked={form.is_trial_offer} onChange={(e) => set('is_trial_offer', e.target.checked)} />} label="Trial offer" />
                  {form.is_trial_offer && (
                    <TextField select size="small" label="First period" value={form.initial_period} onChange={(e) => set('initial_period', Number(e.target.value))} sx={{ minWidth: 160 }}>
                      {TRIAL_PERIOD_CHOICES.map((c) => (
                        <MenuItem key={c.value} value={c.value}>
                          {c.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                </Box>
              </>
            )}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'center' }}>
              <TextField select label="Ends after" value={form.date_expire} onChange={(e) => set('date_expire', e.target.value)} error={!!fieldError('date_expire')} helperText={fieldError('date_expire')}>
                {EXPIRY_CHOICES.map((c) => (
                  <MenuItem key={String(c.value)} value={String(c.value)}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
              <FormControlLabel control={<Switch checked={form.is_repeat_promotion} onChange={(e) => set('is_repeat_promotion', e.target.checked)} />} label="Repeat when it ends" />
            </Box>
            <TextField
              label="Ribbon text"
              value={form.ribbon_text}
              onChange={(e) => set('ribbon_text', e.target.value)}
              error={!!fieldError('ribbon_text')}
              helperText={fieldError('ribbon_text') ?? 'Shown in the ribbon with the countdown.'}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 250, 'data-testid': 'promotion-ribbon-text-input' } }}
            />
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

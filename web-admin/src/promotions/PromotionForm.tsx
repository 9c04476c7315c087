// The form that saves a promotion of one type (POST /api/promotion-setting/save-promotion): subscription (its own
// first and monthly prices, optional trial first period) or locked content (subtype, discount 10..80, default 50);
// who it is for (all / new / old users), when it ends (1..24 hours, 2..30 days, end of day, end of month, in the
// browser's time zone), whether it repeats, and the ribbon text. Field errors come back from the server by name.
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
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
import { api, ApiRequestError, etagVersion, ifMatch } from '../api';

const DISCOUNTS = Array.from({ length: 15 }, (_, i) => 10 + i * 5);

interface Values {
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

const INITIAL: Values = {
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

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const expiry = (v: string): DateExpireWire => (v === 'end_of_day' || v === 'end_of_month' ? v : Number(v));

export function promotionBody(type: PromotionType, v: Values): SavePromotionBody {
  const common = {
    promotion_type: type,
    applicable_to: v.applicable_to as SavePromotionBody['applicable_to'],
    date_expire: expiry(v.date_expire),
    is_repeat_promotion: v.is_repeat_promotion,
    ribbon_text: v.ribbon_text,
    timezone: browserTimeZone(),
  };
  if (type === 'SUBSCRIPTION')
    return {
      ...common,
      subscription_initial_amount: v.subscription_initial_amount,
      subscription_recurring_amount: v.subscription_recurring_amount,
      is_trial_offer: v.is_trial_offer,
      ...(v.is_trial_offer ? { initial_period: v.initial_period } : {}),
    };
  return { ...common, promotion_sub_type: v.promotion_sub_type as SavePromotionBody['promotion_sub_type'], discount_percentage: v.discount_percentage };
}

export function PromotionForm({
  type,
  onSaved,
  version,
  onVersion,
}: {
  type: PromotionType;
  onSaved: (p: PromotionView) => void;
  /** The version of this type's promotions the page showed (sent as If-Match), and where the saved one goes. */
  version?: number;
  onVersion?: (version: number | undefined) => void;
}) {
  const notify = useNotify();
  const [v, setV] = useState<Values>(INITIAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV(prev => ({ ...prev, [key]: value }));
  const err = (field: string) => (error?.field === field ? error.message : undefined);
  const t = type === 'SUBSCRIPTION' ? 'subscription' : 'locked';

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api<PromotionView>('/api/promotion-setting/save-promotion', {
        body: promotionBody(type, v),
        headers: ifMatch(version),
        onHeaders: h => onVersion?.(etagVersion(h)),
      });
      notify(message || 'Promotion successfully saved.', { type: 'success' });
      setV(INITIAL);
      onSaved(data);
    } catch (e) {
      const field = e instanceof ApiRequestError ? e.field : undefined;
      setError({ message: e instanceof Error ? e.message : 'Error in save promotion.', field });
      if (!field) notify(e instanceof Error ? e.message : 'Error in save promotion.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const two = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' } as const;
  return (
    <Box component="form" onSubmit={e => { e.preventDefault(); void save(); }} sx={{ display: 'grid', gap: 2 }} data-testid={`promotion-form-${t}`} noValidate>
      {error && !error.field && <Alert severity="error">{error.message}</Alert>}
      <TextField select label="Applicable to" value={v.applicable_to} onChange={e => set('applicable_to', e.target.value)} error={!!err('applicable_to')} helperText={err('applicable_to') ?? 'New users never subscribed; old users subscribed before.'}>
        {Object.entries(APPLICABLE_TO_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {type === 'LOCKED_CONTENT' ? (
        <Box sx={two}>
          <TextField select label="Discounted content" value={v.promotion_sub_type} onChange={e => set('promotion_sub_type', e.target.value)}>
            {Object.entries(SUBTYPE_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Discount"
            value={v.discount_percentage}
            onChange={e => set('discount_percentage', Number(e.target.value))}
            error={!!err('discount_percentage')}
            helperText={err('discount_percentage') ?? 'Price = amount × (100 − discount) / 100, rounded up to whole dollars.'}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'promotion-discount' } as object } }}
          >
            {DISCOUNTS.map(d => (
              <MenuItem key={d} value={d} data-testid={`discount-${d}`}>
                {d}%
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : (
        <>
          <Box sx={two}>
            <TextField
              label="First payment ($)"
              value={v.subscription_initial_amount}
              onChange={e => set('subscription_initial_amount', e.target.value)}
              error={!!err('subscription_initial_amount')}
              helperText={err('subscription_initial_amount') ?? 'Charged when the fan subscribes.'}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'promotion-initial-amount' } }}
            />
            <TextField
              label="Then every month ($)"
              value={v.subscription_recurring_amount}
              onChange={e => set('subscription_recurring_amount', e.target.value)}
              error={!!err('subscription_recurring_amount')}
              helperText={err('subscription_recurring_amount') ?? 'Charged at each renewal.'}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'promotion-recurring-amount' } }}
            />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <FormControlLabel control={<Switch checked={v.is_trial_offer} onChange={e => set('is_trial_offer', e.target.checked)} />} label="Trial offer (a shorter first period)" />
            {v.is_trial_offer && (
              <TextField select size="small" label="First period" value={v.initial_period} onChange={e => set('initial_period', Number(e.target.value))} error={!!err('initial_period')} helperText={err('initial_period')} sx={{ minWidth: 160 }}>
                {TRIAL_PERIOD_CHOICES.map(c => (
                  <MenuItem key={c.value} value={c.value}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
        </>
      )}
      <Box sx={two}>
        <TextField
          select
          label="Ends after"
          value={v.date_expire}
          onChange={e => set('date_expire', e.target.value)}
          error={!!err('date_expire')}
          helperText={err('date_expire') ?? `End of day / month in ${browserTimeZone()}.`}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'promotion-expiry' } as object, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {EXPIRY_CHOICES.map(c => (
            <MenuItem key={String(c.value)} value={String(c.value)}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Switch checked={v.is_repeat_promotion} onChange={e => set('is_repeat_promotion', e.target.checked)} />} label="Repeat when it ends" sx={{ mt: 1 }} />
      </Box>
      <TextField
        label="Ribbon text"
        value={v.ribbon_text}
        onChange={e => set('ribbon_text', e.target.value)}
        error={!!err('ribbon_text')}
        helperText={err('ribbon_text') ?? 'Shown on the fan site in the ribbon, with the countdown.'}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 250, 'data-testid': `promotion-ribbon-text-${t}` } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`save-promotion-${t}`} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
          Save promotion
        </Button>
      </Box>
    </Box>
  );
}

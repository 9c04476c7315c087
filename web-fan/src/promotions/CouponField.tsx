// The coupon field of the subscribe page: notChecked → valid on a successful check (Remove
// returns to notChecked) or invalid on a failed one. The code is trimmed and upper-cased; blank gives 'Enter valid
// coupon'; a failed check shows the message for its error code, or 'Something went wrong please try again after
// some time' when there is none. Drop-in: <CouponField value={state} onChange={setState} />.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocalOfferRounded from '@mui/icons-material/LocalOfferRounded';
import { ENTER_VALID_COUPON, couponCheckMessage, normaliseCouponCode, type CouponCheckErrorCode } from '../../../domain/coupon/coupon';
import type { CouponCheckAnswer } from '../../../domain/promotion/wire';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, api } from '../api';

export type CouponFieldState =
  | { status: 'notChecked'; code: string }
  | { status: 'valid'; code: string; coupon: CouponCheckAnswer }
  | { status: 'invalid'; code: string; message: string; errorCode: string | null };

export const COUPON_NOT_CHECKED: CouponFieldState = { status: 'notChecked', code: '' };

/** The coupon code to send with the subscription (null unless the check succeeded). */
export const couponCodeOf = (s: CouponFieldState): string | null => (s.status === 'valid' ? s.coupon.code : null);

const KNOWN_CODES = new Set<string>(['COUPON_NOT_FOUND', 'COUPON_DISABLED', 'COUPONS_DISABLED']);

/** Runs the check: the next state of the field. */
export async function checkCoupon(raw: string): Promise<CouponFieldState> {
  const code = normaliseCouponCode(raw);
  if (code === '') return { status: 'invalid', code, message: ENTER_VALID_COUPON, errorCode: 'VALIDATION' };
  try {
    const { data } = await api.post<CouponCheckAnswer>('/api/coupon/check', { code });
    return { status: 'valid', code: data.code, coupon: data };
  } catch (err) {
    const e = err instanceof ApiError ? err : null;
    if (e?.code === 'VALIDATION') return { status: 'invalid', code, message: e.message, errorCode: 'VALIDATION' };
    const errorCode = e && KNOWN_CODES.has(e.code) ? (e.code as CouponCheckErrorCode) : null;
    return { status: 'invalid', code, message: couponCheckMessage(errorCode), errorCode };
  }
}

const discountText = (c: CouponCheckAnswer) => {
  const one = (v: number) => (c.discount_type === 'percentage' ? `${v}% off` : `${formatMoney(Math.round(v * 100))} off`);
  const parts = [c.discount_value_for_initial ? `${one(c.discount_value_for_initial)} the first payment` : '', c.discount_value_for_recurring ? `${one(c.discount_value_for_recurring)} every renewal` : ''];
  return parts.filter(Boolean).join(', ');
};

export function CouponField({ value, onChange, disabled = false }: { value: CouponFieldState; onChange: (state: CouponFieldState) => void; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      onChange(await checkCoupon(value.code));
    } finally {
      setBusy(false);
    }
  };

  if (value.status === 'valid') {
    const c = value.coupon;
    return (
      <Box data-testid="coupon-field" data-state="valid" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip icon={<LocalOfferRounded />} color="success" label={c.code} data-testid="coupon-code-chip" />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }} data-testid="coupon-summary">
          {discountText(c)} · you pay {formatMoney(c.prices.initial_cents)} now
          {c.prices.recurring_cents !== c.prices.list_recurring_cents ? `, then ${formatMoney(c.prices.recurring_cents)}` : ''}
        </Typography>
        <Button size="small" onClick={() => onChange({ status: 'notChecked', code: '' })} disabled={disabled} data-testid="coupon-remove">
          Remove
        </Button>
      </Box>
    );
  }

  const error = value.status === 'invalid' ? value.message : undefined;
  return (
    <Box data-testid="coupon-field" data-state={value.status} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="Coupon code"
        size="small"
        value={value.code}
        onChange={(e) => onChange({ status: 'notChecked', code: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void apply();
          }
        }}
        error={!!error}
        helperText={error ?? ' '}
        disabled={disabled || busy}
        slotProps={{ htmlInput: { 'data-testid': 'coupon-input', autoCapitalize: 'characters', spellCheck: false, maxLength: 64 } }}
        sx={{ flex: 1 }}
      />
      <Button
        variant="outlined"
        onClick={() => void apply()}
        disabled={disabled || busy}
        data-testid="coupon-apply"
        sx={{ mt: '1px', minHeight: 40, flexShrink: 0 }}
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
      >
        Apply
      </Button>
    </Box>
  );
}

// "Try a code": the check fans run on the subscribe page (POST /api/coupon/check), from the console, with the same
// states (domain/coupon couponCheckReducer): notChecked → valid (with the membership prices it gives) or invalid
// (the message of the error code, or the generic one); Remove returns to notChecked.
import { useReducer, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { COUPON_NOT_CHECKED, ENTER_VALID_COUPON, couponCheckReducer, normaliseCouponCode } from '../../../domain/coupon/coupon';
import type { CouponCheckAnswer } from '../../../domain/promotion/wire';
import { api, ApiRequestError } from '../api';
import { money } from '../format';

export function CouponChecker() {
  const [code, setCode] = useState('');
  const [state, dispatch] = useReducer(couponCheckReducer, COUPON_NOT_CHECKED);
  const [answer, setAnswer] = useState<CouponCheckAnswer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async () => {
    const normalised = normaliseCouponCode(code);
    setMessage(null);
    if (!normalised) {
      dispatch({ type: 'checkFailed', errorCode: null });
      setMessage(ENTER_VALID_COUPON);
      return;
    }
    setBusy(true);
    try {
      const { data } = await api<CouponCheckAnswer>('/api/coupon/check', { body: { code: normalised } });
      setAnswer(data);
      dispatch({ type: 'checkSucceeded', coupon: { couponId: '', code: data.code, discount: { discountType: data.discount_type, initialValue: data.discount_value_for_initial, recurringValue: data.discount_value_for_recurring } } });
    } catch (e) {
      const errorCode = e instanceof ApiRequestError ? e.code ?? null : null;
      dispatch({ type: 'checkFailed', errorCode });
      if (errorCode === 'VALIDATION' && e instanceof Error) setMessage(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="coupon-checker" data-state={state.status}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="subtitle2">Try a code as a fan would</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label="Coupon code"
            value={code}
            onChange={e => {
              setCode(e.target.value);
              if (state.status !== 'notChecked') dispatch({ type: 'removed' });
            }}
            onKeyDown={e => {
              if (e.key === 'Enter') void check();
            }}
            slotProps={{ htmlInput: { 'data-testid': 'coupon-check-input', maxLength: 64 } }}
            sx={{ flex: 1, minWidth: 180 }}
          />
          <Button variant="outlined" onClick={() => void check()} disabled={busy} data-testid="coupon-check-button">
            Check
          </Button>
          {state.status !== 'notChecked' && (
            <Button
              onClick={() => {
                setCode('');
                dispatch({ type: 'removed' });
              }}
              data-testid="coupon-check-remove"
            >
              Remove
            </Button>
          )}
        </Box>
        {state.status === 'valid' && answer && (
          <Alert severity="success" data-testid="coupon-check-result">
            {answer.code} is valid: {money(answer.prices.list_initial_cents)} → <strong>{money(answer.prices.initial_cents)}</strong> for the first payment, then{' '}
            {money(answer.prices.recurring_cents)} a month.
          </Alert>
        )}
        {state.status === 'invalid' && (
          <Alert severity="error" data-testid="coupon-check-result">
            {message ?? state.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

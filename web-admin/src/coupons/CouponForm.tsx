// Add or edit a coupon (POST /api/coupon/add, /api/coupon/edit): percentage (percents, up to 2 decimals) or fixed
// (dollars), one value for the first payment and one for renewals (0 leaves that price alone).
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import type { CouponView } from '../../../domain/promotion/wire';
import { api, ApiRequestError } from '../api';

interface Values {
  code: string;
  discount_type: 'percentage' | 'fixed';
  discount_value_for_initial: string;
  discount_value_for_recurring: string;
}

export function CouponDialog({ open, coupon, onClose, onSaved }: { open: boolean; coupon: CouponView | null; onClose: () => void; onSaved: (c: CouponView) => void }) {
  const notify = useNotify();
  const [v, setV] = useState<Values>(() => ({
    code: coupon?.code ?? '',
    discount_type: coupon?.discount_type ?? 'percentage',
    discount_value_for_initial: coupon ? String(coupon.discount_value_for_initial) : '',
    discount_value_for_recurring: coupon ? String(coupon.discount_value_for_recurring) : '0',
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const err = (f: string) => (error?.field === f ? error.message : undefined);
  const unit = v.discount_type === 'percentage' ? '%' : '$';

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const terms = { discount_type: v.discount_type, discount_value_for_initial: v.discount_value_for_initial || '0', discount_value_for_recurring: v.discount_value_for_recurring || '0' };
      const { data, message } = coupon
        ? await api<CouponView>('/api/coupon/edit', { body: { couponId: coupon.id, ...terms } })
        : await api<CouponView>('/api/coupon/add', { body: { code: v.code, ...terms } });
      notify(message || (coupon ? 'Coupon code updated successfully.' : 'Coupon code added successfully.'), { type: 'success' });
      onSaved(data);
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : coupon ? 'Error while update coupon code details.' : 'Error while add coupon code.', field: e instanceof ApiRequestError ? e.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby="coupon-dialog-title" fullWidth maxWidth="xs" data-testid="coupon-dialog">
      <DialogTitle id="coupon-dialog-title">{coupon ? `Edit ${coupon.code}` : 'Add coupon'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error && !error.field && <Alert severity="error">{error.message}</Alert>}
        {!coupon && (
          <TextField
            label="Code"
            value={v.code}
            onChange={e => setV({ ...v, code: e.target.value.toUpperCase() })}
            error={!!err('code')}
            helperText={err('code') ?? 'Letters, digits, - and _; fans may type it in any case.'}
            slotProps={{ htmlInput: { maxLength: 32, 'data-testid': 'coupon-code-input' } }}
            autoFocus
          />
        )}
        <TextField select label="Discount type" value={v.discount_type} onChange={e => setV({ ...v, discount_type: e.target.value as Values['discount_type'] })} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'coupon-type' } as object } }}>
          <MenuItem value="percentage">Percentage</MenuItem>
          <MenuItem value="fixed">Fixed amount</MenuItem>
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            label={`First payment (${unit})`}
            value={v.discount_value_for_initial}
            onChange={e => setV({ ...v, discount_value_for_initial: e.target.value })}
            error={!!err('discount_value_for_initial')}
            helperText={err('discount_value_for_initial')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'coupon-initial-input' } }}
          />
          <TextField
            label={`Renewals (${unit})`}
            value={v.discount_value_for_recurring}
            onChange={e => setV({ ...v, discount_value_for_recurring: e.target.value })}
            error={!!err('discount_value_for_recurring')}
            helperText={err('discount_value_for_recurring') ?? '0: renewals at full price'}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'coupon-recurring-input' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="coupon-save" startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "10%" / "$2.50"; "—" for 0. */
export const discountLabel = (type: 'percentage' | 'fixed', value: number) =>
  value === 0 ? '—' : type === 'percentage' ? `${value}%` : `$${value.toFixed(2)}`;

// The promotion form's fields, the same in the console and the fan site's staff dialog: who it is for, the
// locked-content discount or the subscription prices (with an optional trial first period), when it ends, whether
// it repeats, and the ribbon text. A server field error shows under its field; `hints` adds the console's help lines.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { PromotionType } from '../../domain/promotion/promotion';
import { APPLICABLE_TO_LABELS, EXPIRY_CHOICES, SUBTYPE_LABELS, TRIAL_PERIOD_CHOICES } from '../../domain/promotion/wire';
import { browserTimeZone, DISCOUNTS, type PromotionForm } from './promotionForm';

const two = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' } as const;

export function PromotionFields({ type, form, hints = false, ribbonTestId }: { type: PromotionType; form: PromotionForm; hints?: boolean; ribbonTestId: string }) {
  const { values: v, set, fieldError: err } = form;
  const hint = (field: string, text: string) => err(field) ?? (hints ? text : undefined);
  return (
    <>
      <TextField select label="Applicable to" value={v.applicable_to} onChange={(e) => set('applicable_to', e.target.value)} error={!!err('applicable_to')} helperText={hint('applicable_to', 'New users never subscribed; old users subscribed before.')} fullWidth>
        {Object.entries(APPLICABLE_TO_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {type === 'LOCKED_CONTENT' ? (
        <Box sx={two}>
          <TextField select label="Discounted content" value={v.promotion_sub_type} onChange={(e) => set('promotion_sub_type', e.target.value)}>
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
            onChange={(e) => set('discount_percentage', Number(e.target.value))}
            error={!!err('discount_percentage')}
            helperText={hint('discount_percentage', 'Price = amount × (100 − discount) / 100, rounded up to whole dollars.')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'promotion-discount' } as object } }}
          >
            {DISCOUNTS.map((d) => (
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
              onChange={(e) => set('subscription_initial_amount', e.target.value)}
              error={!!err('subscription_initial_amount')}
              helperText={hint('subscription_initial_amount', 'Charged when the fan subscribes.')}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'promotion-initial-amount' } }}
            />
            <TextField
              label="Then every month ($)"
              value={v.subscription_recurring_amount}
              onChange={(e) => set('subscription_recurring_amount', e.target.value)}
              error={!!err('subscription_recurring_amount')}
              helperText={hint('subscription_recurring_amount', 'Charged at each renewal.')}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'promotion-recurring-amount' } }}
            />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <FormControlLabel control={<Switch checked={v.is_trial_offer} onChange={(e) => set('is_trial_offer', e.target.checked)} />} label="Trial offer (a shorter first period)" />
            {v.is_trial_offer && (
              <TextField select size="small" label="First period" value={v.initial_period} onChange={(e) => set('initial_period', Number(e.target.value))} error={!!err('initial_period')} helperText={err('initial_period')} sx={{ minWidth: 160 }}>
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
      <Box sx={two}>
        <TextField
          select
          label="Ends after"
          value={v.date_expire}
          onChange={(e) => set('date_expire', e.target.value)}
          error={!!err('date_expire')}
          helperText={hint('date_expire', `End of day / month in ${browserTimeZone()}.`)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'promotion-expiry' } as object, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {EXPIRY_CHOICES.map((c) => (
            <MenuItem key={String(c.value)} value={String(c.value)}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Switch checked={v.is_repeat_promotion} onChange={(e) => set('is_repeat_promotion', e.target.checked)} />} label="Repeat when it ends" sx={{ mt: 1 }} />
      </Box>
      <TextField
        label="Ribbon text"
        value={v.ribbon_text}
        onChange={(e) => set('ribbon_text', e.target.value)}
        error={!!err('ribbon_text')}
        helperText={err('ribbon_text') ?? (hints ? 'Shown on the fan site in the ribbon, with the countdown.' : 'Shown in the ribbon with the countdown.')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 250, 'data-testid': ribbonTestId } }}
      />
    </>
  );
}

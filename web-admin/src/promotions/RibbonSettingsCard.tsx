// The promotions page's ribbon settings: promotions on or off, each ribbon's colours, paddings, font, font sizes for
// 320 / 767 / 1024 / 1440 px, animation and position, and the struck-through price's colour.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Divider, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { RIBBON_POSITIONS, type PromotionSettings, type RibbonSettings } from '../../../domain/promotion/promotion-settings';
import type { PromotionSettingsAnswer } from '../../../domain/promotion/wire';
import { api, ApiRequestError } from '../api';
import { useEditable } from '../query';

const RIBBON_FIELDS: { key: keyof RibbonSettings; label: string; kind: 'colour' | 'number' | 'text' | 'position'; help?: string }[] = [
  { key: 'ribbon_background_color', label: 'Background colour', kind: 'colour' },
  { key: 'promo_text_color', label: 'Text colour', kind: 'colour' },
  { key: 'position', label: 'Position', kind: 'position' },
  { key: 'ribbon_padding_top', label: 'Padding top (px)', kind: 'number' },
  { key: 'ribbon_padding_bottom', label: 'Padding bottom (px)', kind: 'number' },
  { key: 'promo_text_font', label: 'Font', kind: 'text', help: 'A CSS font family, or inherit.' },
  { key: 'promo_text_font_size', label: 'Text sizes', kind: 'text', help: '320|767|1024|1440 px screens, e.g. 25px|25px|30px|30px' },
  { key: 'remaining_time_font_size', label: 'Countdown sizes', kind: 'text', help: 'e.g. 20px|20px|25px|25px' },
  { key: 'ribbon_animation', label: 'Animation', kind: 'text', help: 'none, fade, slide, pulse or bounce' },
  { key: 'animation_delay', label: 'Animation delay (ms)', kind: 'number' },
  { key: 'animation_duration', label: 'Animation duration (ms)', kind: 'number' },
];

function RibbonFields({ which, value, onChange, error }: { which: 'subscription' | 'locked_content'; value: RibbonSettings; onChange: (v: RibbonSettings) => void; error: { field?: string; message: string } | null }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
      {RIBBON_FIELDS.map(f => {
        const field = `${which}.${f.key}`;
        const fieldError = error?.field === field ? error.message : undefined;
        const raw = value[f.key];
        const common = {
          label: f.label,
          size: 'small' as const,
          error: !!fieldError,
          helperText: fieldError ?? f.help,
        };
        if (f.kind === 'position')
          return (
            <TextField key={f.key} {...common} select value={raw} onChange={e => onChange({ ...value, position: e.target.value as RibbonSettings['position'] })} slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${which}-position` } as object } }}>
              {RIBBON_POSITIONS.map(p => (
                <MenuItem key={p} value={p}>
                  {p.replace(/^\w/, c => c.toUpperCase())}
                </MenuItem>
              ))}
            </TextField>
          );
        if (f.kind === 'colour')
          return (
            <Box key={f.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField {...common} value={raw} onChange={e => onChange({ ...value, [f.key]: e.target.value })} sx={{ flex: 1 }} />
              <Box
                component="input"
                type="color"
                aria-label={`${f.label} picker`}
                value={/^#[0-9a-f]{6}$/i.test(String(raw)) ? String(raw) : '#000000'}
                onChange={e => onChange({ ...value, [f.key]: (e.target as HTMLInputElement).value })}
                sx={{ width: 40, height: 40, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
              />
            </Box>
          );
        return (
          <TextField
            key={f.key}
            {...common}
            value={raw}
            onChange={e => onChange({ ...value, [f.key]: f.kind === 'number' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value })}
            slotProps={{ htmlInput: f.kind === 'number' ? { inputMode: 'numeric' } : undefined }}
          />
        );
      })}
    </Box>
  );
}

export function RibbonSettingsCard() {
  const notify = useNotify();
  const { query, value: data, edit, saved } = useEditable<PromotionSettingsAnswer>(['promotions', 'settings'], async signal => (await api<PromotionSettingsAnswer>('/api/promotion-setting/get-promotion-settings', { signal })).data);
  const draft = data?.promotion_settings ?? null;
  const setDraft = (next: PromotionSettings) => edit(shown => ({ ...shown, promotion_settings: next }));
  const [busy, setBusy] = useState(false);
  const [saveError, setError] = useState<{ field?: string; message: string } | null>(null);
  const error = saveError ?? (query.error ? { message: query.error instanceof Error ? query.error.message : 'Error in update settings.' } : null);

  const saveSettings = async (body: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const { data: d, message } = await api<PromotionSettingsAnswer>('/api/promotion-setting/save-promotion-settings', { body });
      saved(d);
      notify(message || 'update settings successfully.', { type: 'success' });
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : 'Error in update settings.', field: e instanceof ApiRequestError ? e.field : undefined });
      notify(e instanceof Error ? e.message : 'Error in update settings.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  // Whether promotions are on is what was last read or saved, not part of the edits.
  const on = (query.data ?? data)?.enable_promotion ?? false;
  if (!data || !draft)
    return (
      <Card variant="outlined">
        <CardContent>{error ? <Alert severity="error">{error.message}</Alert> : <CircularProgress size={24} />}</CardContent>
      </Card>
    );
  return (
    <Card variant="outlined" data-testid="promotion-settings-card">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Ribbons
          </Typography>
          <FormControlLabel
            control={<Switch checked={on} disabled={busy} onChange={e => void saveSettings({ enable_promotion: e.target.checked })} slotProps={{ input: { role: 'switch', 'data-testid': 'enable-promotion' } as object }} />}
            label={on ? 'Promotions on' : 'Promotions off'}
          />
        </Box>
        {!on && <Alert severity="warning">Promotions are off: fans see no ribbon and pay list prices.</Alert>}
        {error?.field === undefined && error && <Alert severity="error">{error.message}</Alert>}
        <Typography variant="subtitle2">Subscription ribbon</Typography>
        <RibbonFields which="subscription" value={draft.subscription} onChange={v => setDraft({ ...draft, subscription: v })} error={error} />
        <Divider />
        <Typography variant="subtitle2">Locked-content ribbon</Typography>
        <RibbonFields which="locked_content" value={draft.locked_content} onChange={v => setDraft({ ...draft, locked_content: v })} error={error} />
        <Divider />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label="Struck-through price colour"
            value={draft.price_strike_through_color}
            onChange={e => setDraft({ ...draft, price_strike_through_color: e.target.value })}
            error={error?.field === 'price_strike_through_color'}
            helperText={error?.field === 'price_strike_through_color' ? error.message : 'The list price next to a promotion price.'}
          />
          <Chip label="Preview" sx={{ bgcolor: draft.locked_content.ribbon_background_color, color: draft.locked_content.promo_text_color }} />
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" disabled={busy} onClick={() => void saveSettings({ subscription: draft.subscription, locked_content: draft.locked_content, price_strike_through_color: draft.price_strike_through_color })} data-testid="save-ribbon-settings">
            Save ribbon settings
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

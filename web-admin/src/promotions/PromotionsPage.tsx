// /admin/promotions: promotions on or off, the running promotion of each
// type (subscription, locked content) with its countdown and End promotion, the form for a new one, and the
// ribbon settings (colours, paddings, font, font sizes for 320 / 767 / 1024 / 1440 px, animation, position).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Divider, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useNotify } from 'react-admin';
import type { PromotionType } from '../../../domain/promotion/promotion';
import { RIBBON_POSITIONS, type PromotionSettings, type RibbonSettings } from '../../../domain/promotion/promotion-settings';
import { APPLICABLE_TO_LABELS, SUBTYPE_LABELS, countdownText, type PromotionSettingsAnswer, type PromotionView } from '../../../domain/promotion/wire';
import { api, ApiRequestError, etagVersion, ifMatch } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { PageGuard } from './PageGuard';
import { PromotionForm } from './PromotionForm';
import { PROMOTIONS_PAGE } from './paths';

const TYPE_LABEL: Record<PromotionType, string> = { SUBSCRIPTION: 'New subscribers', LOCKED_CONTENT: 'Locked content' };

/** What a promotion offers, in one line. */
export function offerText(p: PromotionView): string {
  if (p.promotion_type === 'LOCKED_CONTENT') return `${p.discount_percentage}% off ${p.promotion_sub_type ? SUBTYPE_LABELS[p.promotion_sub_type].toLowerCase() : 'locked content'}`;
  const first = p.is_trial_offer && p.initial_period ? (p.initial_period === 30 ? '1 month' : `${p.initial_period} days`) : 'first month';
  return `${money(p.subscription_initial_amount_cents)} ${first}, then ${money(p.subscription_recurring_amount_cents)} a month`;
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

function TypeCard({ type }: { type: PromotionType }) {
  const notify = useNotify();
  const basename = useBasename();
  const [current, setCurrent] = useState<PromotionView | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [ending, setEnding] = useState(false);
  // The version of this type's promotions the card shows: saving or ending sends it back, so a change another
  // staff member made in between is refused (412) instead of being overwritten.
  const [version, setVersion] = useState<number | undefined>(undefined);
  const t = type === 'SUBSCRIPTION' ? 'subscription' : 'locked';

  const load = useCallback(async () => {
    setError(null);
    try {
      setCurrent((await api<PromotionView | null>('/api/promotion-setting/promotion', { body: { promotion_type: type }, onHeaders: h => setVersion(etagVersion(h)) })).data);
    } catch (e) {
      setCurrent(null);
      setError(e instanceof Error ? e.message : 'Error in get promotion.');
    }
  }, [type]);
  useEffect(() => void load(), [load]);

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

function RibbonSettingsCard() {
  const notify = useNotify();
  const [data, setData] = useState<PromotionSettingsAnswer | null>(null);
  const [draft, setDraft] = useState<PromotionSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  useEffect(() => {
    api<PromotionSettingsAnswer>('/api/promotion-setting/get-promotion-settings')
      .then(({ data: d }) => {
        setData(d);
        setDraft(d.promotion_settings);
      })
      .catch(e => setError({ message: e instanceof Error ? e.message : 'Error in update settings.' }));
  }, []);

  const saveSettings = async (body: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const { data: d, message } = await api<PromotionSettingsAnswer>('/api/promotion-setting/save-promotion-settings', { body });
      setData(d);
      setDraft(d.promotion_settings);
      notify(message || 'update settings successfully.', { type: 'success' });
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : 'Error in update settings.', field: e instanceof ApiRequestError ? e.field : undefined });
      notify(e instanceof Error ? e.message : 'Error in update settings.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

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
            control={<Switch checked={data.enable_promotion} disabled={busy} onChange={e => void saveSettings({ enable_promotion: e.target.checked })} slotProps={{ input: { 'data-testid': 'enable-promotion' } as object }} />}
            label={data.enable_promotion ? 'Promotions on' : 'Promotions off'}
          />
        </Box>
        {!data.enable_promotion && <Alert severity="warning">Promotions are off: fans see no ribbon and pay list prices.</Alert>}
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

export function PromotionsPage() {
  const basename = useBasename();
  return (
    <PageGuard page={PROMOTIONS_PAGE} title="Promotions">
      <Box sx={{ display: 'grid', gap: 2, py: { xs: 1, sm: 2 } }} data-testid="promotions-page">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
            One promotion of each kind runs at a time. A new one can be saved once the running one ends or expires.
          </Typography>
          <Button component={RouterLink} to={`${basename}/promotion-reports`} data-testid="open-promotion-reports">
            Reports
          </Button>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <TypeCard type="SUBSCRIPTION" />
          <TypeCard type="LOCKED_CONTENT" />
        </Box>
        <RibbonSettingsCard />
      </Box>
    </PageGuard>
  );
}

// /admin/resubscribe-offer: win back former members — on/off, for former
// subscribers only, free months (-1 free with no charge, 0 reduced price only, N free months), the offer's monthly
// price and the banner text (GET /api/resubscribe-offer/get-settings, PUT /save-settings).
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import type { ResubscribeOfferSettingsView } from '../../../domain/promotion/wire';
import { api, ApiRequestError } from '../api';
import { useLiveQuery, useQueryClient } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { RESUBSCRIBE_OFFER_PAGE } from '../promotions/paths';
import { ResubscribeOfferReport } from './ResubscribeOfferReport';

const FREE_MONTHS = [
  { value: -1, label: 'One free month, no charge and no renewal' },
  { value: 0, label: 'No free months: the reduced price now and at every renewal' },
  ...Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `${i + 1} free month${i ? 's' : ''}, then the reduced price` })),
];

/** The offer's settings in the read cache. */
const OFFER_SETTINGS_KEY = ['offers', 'resubscribe', 'settings'] as const;

export function ResubscribeOfferPage() {
  const notify = useNotify();
  const client = useQueryClient();
  const read = useLiveQuery(OFFER_SETTINGS_KEY, async signal => (await api<ResubscribeOfferSettingsView>('/api/resubscribe-offer/get-settings', { signal })).data);
  // What the form shows: the staff's edits, else the settings as read.
  const [draft, setV] = useState<ResubscribeOfferSettingsView | null>(null);
  const [priceDraft, setPrice] = useState<string | null>(null);
  const v = draft ?? read.data ?? null;
  const price = priceDraft ?? (read.data ? read.data.recurring_price.toFixed(2) : '');
  const [busy, setBusy] = useState(false);
  const [saveError, setError] = useState<{ message: string; field?: string } | null>(null);
  const error = saveError ?? (read.error ? { message: read.error instanceof Error ? read.error.message : 'Error in update settings.' } : null);
  const err = (f: string) => (error?.field === f ? error.message : undefined);

  const save = async () => {
    if (!v) return;
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api<ResubscribeOfferSettingsView>('/api/resubscribe-offer/save-settings', {
        method: 'PUT',
        body: { enabled: v.enabled, for_subscribers_only: v.for_subscribers_only, give_free_month_subscription: v.give_free_month_subscription, recurring_price: price, promo_banner_text: v.promo_banner_text },
      });
      client.setQueryData(OFFER_SETTINGS_KEY, data);
      setV(null);
      setPrice(null);
      notify(message || 'update settings successfully.', { type: 'success' });
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : 'Error in update settings.', field: e instanceof ApiRequestError ? e.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageGuard page={RESUBSCRIBE_OFFER_PAGE} title="Resubscribe offer">
      <Card variant="outlined" sx={{ mt: { xs: 1, sm: 2 }, maxWidth: 720 }} data-testid="resubscribe-offer-page">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {!v ? (
            error ? <Alert severity="error">{error.message}</Alert> : <CircularProgress size={24} />
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                Fans whose membership ended (or was cancelled) see the banner and may come back on these terms.
              </Typography>
              {error && !error.field && <Alert severity="error">{error.message}</Alert>}
              <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
                <FormControlLabel control={<Switch checked={v.enabled} onChange={e => setV({ ...v, enabled: e.target.checked })} />} label="Offer on" />
                <FormControlLabel control={<Switch checked={v.for_subscribers_only} onChange={e => setV({ ...v, for_subscribers_only: e.target.checked })} />} label="Former subscribers only" />
              </Box>
              <TextField select label="Free months" value={v.give_free_month_subscription} onChange={e => setV({ ...v, give_free_month_subscription: Number(e.target.value) })} error={!!err('give_free_month_subscription')} helperText={err('give_free_month_subscription')}>
                {FREE_MONTHS.map(m => (
                  <MenuItem key={m.value} value={m.value}>
                    {m.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label="Reduced monthly price ($)" value={price} onChange={e => setPrice(e.target.value)} error={!!err('recurring_price')} helperText={err('recurring_price')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
              <TextField label="Banner text" value={v.promo_banner_text} onChange={e => setV({ ...v, promo_banner_text: e.target.value })} error={!!err('promo_banner_text')} helperText={err('promo_banner_text')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 250 } }} />
              <Box>
                <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="save-resubscribe-offer">
                  Save
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <ResubscribeOfferReport />
    </PageGuard>
  );
}

// /admin/settings/live-streaming-settings: enable_live_streaming, the per-minute
// price of one-to-one sessions, the session report switch for the content manager, and the media server's status
// (with its reason when unavailable) — through GET/POST /api/stream/get_settings|save_settings.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Divider, FormControlLabel, InputAdornment, Stack, Switch, TextField, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify } from 'react-admin';
import { PageGuard } from '../promotions/PageGuard';
import { liveApi, useLiveSettings } from './api';
import { LIVE_SETTINGS_PAGE } from './paths';

export function LiveSettingsPage() {
  const notify = useNotify();
  const { settings, error, reload, set } = useLiveSettings();
  const [enabled, setEnabled] = useState(false);
  const [report, setReport] = useState(false);
  const [price, setPrice] = useState('0');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!settings) return;
    setEnabled(settings.enable_live_streaming);
    setReport(settings.live_stream_report_enabled);
    setPrice(String(settings.price_per_minute));
  }, [settings]);

  const save = async () => {
    const n = Number(price.trim() === '' ? '0' : price);
    if (!Number.isFinite(n) || n < 0 || n > 1000 || !/^\d+(\.\d{1,2})?$/.test(price.trim() || '0')) {
      setPriceError('Enter a price per minute between 0 and 1000.');
      return;
    }
    setSaving(true);
    try {
      const saved = await liveApi.saveSettings({ enable_live_streaming: enabled, live_stream_report_enabled: report, price_per_minute: n });
      set(saved);
      notify('Settings saved.', { type: 'success' });
    } catch (e) {
      const err = e as Error & { field?: string };
      if (err.field === 'price_per_minute') setPriceError(err.message);
      notify(err.message || 'The settings could not be saved.', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageGuard page={LIVE_SETTINGS_PAGE} title="Live streaming settings">
      <Box sx={{ mt: 2, maxWidth: 760 }} data-testid="live-settings-page">
        {error ? (
          <Alert severity="error" action={<Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={reload}>Retry</Button>}>
            {error}
          </Alert>
        ) : !settings ? (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 6 }}>
            <CircularProgress />
          </Box>
        ) : (
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                  Media server
                </Typography>
                <Chip
                  size="small"
                  color={settings.media.available ? 'success' : 'warning'}
                  label={settings.media.available ? 'Available' : 'Unavailable'}
                  data-testid="live-media-status"
                />
                <Button size="small" startIcon={<RefreshIcon />} onClick={reload}>
                  Check again
                </Button>
              </Stack>
              {settings.media.available ? (
                <Typography variant="body2" color="text.secondary">
                  Janus is running; browsers reach it through this site.
                </Typography>
              ) : (
                <Alert severity="warning" data-testid="live-media-reason">
                  {settings.media.reason}
                </Alert>
              )}
              <Divider />
              <Box>
                <FormControlLabel
                  control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} slotProps={{ input: { 'data-testid': 'live-enable' } as object }} />}
                  label="Enable live streaming"
                />
                <Typography variant="body2" color="text.secondary" sx={{ ml: 6 }}>
                  The model and the live-stream manager can go live (GO LIVE NOW, and the video icon in a fan's chat).
                </Typography>
              </Box>
              <TextField
                label="One-to-one price per minute"
                value={price}
                onChange={(e) => {
                  setPrice(e.target.value);
                  setPriceError(null);
                }}
                error={!!priceError}
                helperText={priceError ?? 'Charged from the fan\'s wallet for every whole minute of a one-to-one session. 0 means free.'}
                sx={{ width: { xs: '100%', sm: 360 } }}
                slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal', 'data-testid': 'live-price' } }}
              />
              <Box>
                <FormControlLabel
                  control={<Switch checked={report} onChange={(e) => setReport(e.target.checked)} slotProps={{ input: { 'data-testid': 'live-report' } as object }} />}
                  label="Content manager sees the live session report"
                />
              </Box>
              <Box>
                <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="live-settings-save">
                  Save
                </Button>
              </Box>
            </CardContent>
          </Card>
        )}
      </Box>
    </PageGuard>
  );
}

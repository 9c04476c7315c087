// /admin/settings/web-push-notification: the site's switch for web push. Self-hosted: the site
// signs its notifications with its own VAPID key (no provider account to create); the page shows the public key,
// the devices registered and the notifications waiting or sent.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { api } from '../api';
import { useEditable } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { WEB_PUSH_PAGE } from './paths';

interface WebPushSettings {
  web_push_notification_enabled: boolean;
  provider: string;
  vapid_public_key: string;
  devices: number;
  pending: number;
  sentLastDay: number;
}

const SAVE_ERROR = 'Error while save web notification settings.';

export default function WebPushSettingsPage() {
  const notify = useNotify();
  const { query, value: s, saved } = useEditable(['settings', 'web-push'], async (signal) => (await api<WebPushSettings>('/api/notifications/web-push-notification-settings', { signal })).data);
  // The switch as the staff set it, else as read.
  const [chosen, setEnabled] = useState<boolean | null>(null);
  const enabled = chosen ?? s?.web_push_notification_enabled ?? true;
  const [busy, setBusy] = useState(false);
  const [saveError, setError] = useState<string | null>(null);
  const error = saveError ?? (query.error as Error | null)?.message ?? null;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api<WebPushSettings>('/api/notifications/save-web-push-notification-settings', { body: { web_push_notification_enabled: enabled } });
      saved(r.data);
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      setError((e as Error).message || SAVE_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageGuard page={WEB_PUSH_PAGE} title="Web push notifications">
      <Box sx={{ maxWidth: 720, mt: 2 }} data-testid="web-push-settings">
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        {s && (
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6">Web push notifications</Typography>
                <Typography variant="body2" color="text.secondary">
                  Fans and staff who turn notifications on get a notification for new posts, offers, live streams, messages and
                  mass messages, each as they choose on their Notification preferences page. This site sends them itself through
                  each browser's push service, signed with its own key: there is no account to create with a provider.
                </Typography>
                <FormControlLabel
                  control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} slotProps={{ input: { role: 'switch', 'aria-label': 'Web push notifications', 'data-testid': 'web-push-enabled' } as object }} />}
                  label="Send web push notifications"
                />
                <TextField label="Public key (VAPID)" value={s.vapid_public_key} size="small" fullWidth slotProps={{ input: { readOnly: true } }} helperText="Browsers subscribe with this key. Its private half stays on the server, derived from the site's secret." />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <Stat label="Devices registered" value={s.devices} />
                  <Stat label="Notifications waiting" value={s.pending} />
                  <Stat label="Sent in the last day" value={s.sentLastDay} />
                </Stack>
                <Box><Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="web-push-save">Save</Button></Box>
              </Stack>
            </CardContent>
          </Card>
        )}
      </Box>
    </PageGuard>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ flex: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="h5">{value}</Typography>
    </Box>
  );
}

// /profile/notification-preference: this device's notifications on or off, and the five
// categories (the spec's tags A–E: content, offers, live stream, messages, mass messages).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import { api, errorMessage } from '../api';
import { useNotify } from '../notify';
import { PageLoader } from '../components/StatusViews';
import { PUSH_CATEGORIES, PUSH_TAGS, type PushCategory, type WebNotificationPreferences } from '../../../domain/push/push';
import { pushSupported, subscribeThisDevice, unsubscribeThisDevice, PushUnavailable } from './pwa';
import { pushPreferencesChanged, setPushPreferences, usePushPreferences, useThisDeviceSubscribed, type PreferencesView } from './preferences';


export const CATEGORY_LABELS: Record<PushCategory, { label: string; help: string }> = {
  content: { label: 'New posts', help: 'When a new post is published.' },
  offers: { label: 'Offers', help: 'Promotions and special prices.' },
  live_stream: { label: 'Live streams', help: 'When a live stream starts.' },
  messages: { label: 'Messages', help: 'Chat messages sent to you.' },
  mass_messages: { label: 'Mass messages', help: 'Messages sent to all subscribers.' },
};

export default function NotificationPreferencePage() {
  const notify = useNotify();
  const viewQuery = usePushPreferences();
  const hereQuery = useThisDeviceSubscribed();
  const view = viewQuery.data ?? null;
  const here = hereQuery.data ?? false;
  const [busy, setBusy] = useState(false);
  const [failure, setProblem] = useState<string | null>(null);
  const problem = failure ?? (viewQuery.isError ? errorMessage(viewQuery.error) : null);

  const save = async (allow: boolean, prefs: WebNotificationPreferences) => {
    setBusy(true);
    setProblem(null);
    try {
      const tags = PUSH_CATEGORIES.filter((c) => prefs[c]).map((c) => PUSH_TAGS[PUSH_CATEGORIES.indexOf(c)]);
      const r = await api.post<PreferencesView>('/api/notifications/save-user-notification-preferences', { is_allow_web_notification: allow, tags });
      setPushPreferences(r.data);
      notify(r.message ?? 'Saved.', 'success');
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const toggleDevice = async (on: boolean) => {
    if (!view) return;
    setBusy(true);
    setProblem(null);
    try {
      if (on) {
        await subscribeThisDevice(view.vapid_public_key);
        if (!view.is_allow_web_notification) await save(true, view.web_notification_preferences);
      } else {
        await unsubscribeThisDevice();
      }
      await pushPreferencesChanged();
    } catch (e) {
      setProblem(e instanceof PushUnavailable ? e.message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (!view) return problem ? <Alert severity="error" sx={{ m: 2 }}>{problem}</Alert> : <PageLoader />;
  const offered = view.prompt !== null;
  const prefs = view.web_notification_preferences;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: { xs: 1.5, sm: 3 } }} data-testid="notification-preference-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <NotificationsActiveRounded color="primary" /> Notification preferences
      </Typography>
      {!view.web_push_notification_enabled && <Alert severity="info" sx={{ mb: 2 }}>Web push notifications are turned off for this site.</Alert>}
      {problem && <Alert severity="error" sx={{ mb: 2 }} data-testid="push-problem">{problem}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <FormControlLabel
            control={<Switch checked={here} disabled={busy || !offered || !pushSupported()} onChange={(_e, on) => void toggleDevice(on)} slotProps={{ input: { role: 'switch', 'aria-label': 'Notifications on this device' } }} />}
            label={<Box><Typography fontWeight={600}>Notifications on this device</Typography><Typography variant="body2" color="text.secondary">{pushSupported() ? 'Get a notification even when the site is closed.' : 'This browser cannot receive notifications. On an iPhone, add the site to your Home Screen first.'}</Typography></Box>}
          />
          <Divider sx={{ my: 2 }} />
          <FormControlLabel
            control={<Switch data-testid="allow-web-notification" checked={view.is_allow_web_notification} disabled={busy || !offered} onChange={(_e, on) => void save(on, prefs)} slotProps={{ input: { role: 'switch', 'aria-label': 'Allow web notifications' } }} />}
            label={<Typography fontWeight={600}>Allow web notifications</Typography>}
          />
          <Box sx={{ pl: { xs: 0, sm: 2 }, mt: 1, display: 'grid', gap: 0.5 }}>
            {PUSH_CATEGORIES.map((c) => (
              <FormControlLabel
                key={c}
                control={<Switch size="small" checked={prefs[c]} disabled={busy || !offered || !view.is_allow_web_notification} onChange={(_e, on) => void save(true, { ...prefs, [c]: on })} slotProps={{ input: { role: 'switch', 'aria-label': CATEGORY_LABELS[c].label } }} data-testid={`pref-${c}`} />}
                label={<Box><Typography>{CATEGORY_LABELS[c].label}</Typography><Typography variant="caption" color="text.secondary">{CATEGORY_LABELS[c].help}</Typography></Box>}
              />
            ))}
          </Box>
          {view.devices.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {view.devices.length === 1 ? '1 device receives notifications.' : `${view.devices.length} devices receive notifications.`}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/profile" variant="text">Email notifications are in your profile</Button>
      </Box>
    </Box>
  );
}

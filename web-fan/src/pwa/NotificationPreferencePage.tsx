// /profile/notification-preference: one master switch (notifications allowed, this device subscribed), and the five
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
import { pushSupported, subscribeThisDevice, PushUnavailable } from './pwa';
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

  // The one master switch: on saves "allow", then subscribes this device where the browser can (a device that
  // cannot keeps the saved choice and says why); off saves "no".
  const toggleAll = async (on: boolean) => {
    if (!view) return;
    await save(on, view.web_notification_preferences);
    if (!on || here || !pushSupported()) return;
    setBusy(true);
    try {
      await subscribeThisDevice(view.vapid_public_key);
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
  const allowed = view.is_allow_web_notification;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: { xs: 1.5, sm: 3 } }} data-testid="notification-preference-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <NotificationsActiveRounded color="primary" /> Notification preferences
      </Typography>
      {!view.web_push_notification_enabled && <Alert severity="info" sx={{ mb: 2 }}>Web push notifications are turned off for this site.</Alert>}
      {problem && <Alert severity="error" sx={{ mb: 2 }} data-testid="push-problem">{problem}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <SwitchRow
            label="Allow web notifications"
            help={pushSupported() ? (here ? 'This device gets a notification even when the site is closed.' : 'Get a notification even when the site is closed.') : 'This browser cannot receive notifications. On an iPhone, add the site to your Home Screen first.'}
            checked={allowed}
            disabled={busy || !offered}
            onChange={(on) => void toggleAll(on)}
            testId="allow-web-notification"
            strong
          />
          <Divider sx={{ my: 1 }} />
          {/* With the master off every category shows off and cannot be changed (the choices are kept for later). */}
          {PUSH_CATEGORIES.map((c) => (
            <SwitchRow
              key={c}
              label={CATEGORY_LABELS[c].label}
              help={CATEGORY_LABELS[c].help}
              checked={allowed && prefs[c]}
              disabled={busy || !offered || !allowed}
              onChange={(on) => void save(true, { ...prefs, [c]: on })}
              testId={`pref-${c}`}
            />
          ))}
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

/** One line of the page: the label and its help on the left, the switch at the right edge (every row the same). */
function SwitchRow({ label, help, checked, disabled, onChange, testId, strong }: { label: string; help: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void; testId: string; strong?: boolean }) {
  return (
    <FormControlLabel
      labelPlacement="start"
      sx={{ m: 0, py: 0.75, width: '100%', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}
      control={<Switch checked={checked} disabled={disabled} onChange={(_e, on) => onChange(on)} slotProps={{ input: { role: 'switch', 'aria-label': label } }} data-testid={testId} />}
      label={
        <Box sx={{ minWidth: 0 }}>
          <Typography fontWeight={strong ? 600 : 400}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">{help}</Typography>
        </Box>
      }
    />
  );
}

// /admin/settings/purchase-notification-settings: which types the staff bell keeps. The spec shows
// no body; ours is {purchased, subscription, comments, likes} (Notification is always on).
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { api } from '../api';
import { useEditable } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { PURCHASE_NOTIFICATION_SETTINGS_PAGE } from './paths';

type S = { purchased: boolean; subscription: boolean; comments: boolean; likes: boolean };
const LABELS: Array<[keyof S, string]> = [['purchased', 'Purchased'], ['subscription', 'Subscription'], ['comments', 'Comments'], ['likes', 'Likes']];

export default function PurchaseNotificationSettingsPage() {
  const notify = useNotify();
  const { query, value: s, edit: setS, saved } = useEditable(['settings', 'purchase-notification'], async (signal) => (await api<S>('/api/settings/purchase-notification-settings', { signal })).data);
  const [saveError, setError] = useState<string | null>(null);
  const error = saveError ?? (query.error as Error | null)?.message ?? null;
  const save = async () => {
    try {
      const r = await api<S>('/api/settings/purchase-notification-settings', { body: s });
      saved(r.data);
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) { setError((e as Error).message); }
  };
  return (
    <PageGuard page={PURCHASE_NOTIFICATION_SETTINGS_PAGE} title="Notification settings">
      <Box sx={{ maxWidth: 640, mt: 2 }} data-testid="purchase-notification-settings">
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        {s && (
          <Card variant="outlined"><CardContent><Stack spacing={1}>
            <Typography variant="h6">The notification bell</Typography>
            <Typography variant="body2" color="text.secondary">Which news the staff bell counts and lists. Fans' notifications (new posts, offers, live streams, replies) are always on.</Typography>
            {LABELS.map(([k, label]) => (
              <FormControlLabel key={k} control={<Switch checked={s[k]} onChange={(e) => setS({ ...s, [k]: e.target.checked })} slotProps={{ input: { role: 'switch', 'data-testid': `notif-${k}` } as object }} />} label={label} />
            ))}
            <Box><Button variant="contained" onClick={() => void save()} data-testid="notif-save">Save</Button></Box>
          </Stack></CardContent></Card>
        )}
      </Box>
    </PageGuard>
  );
}

// /admin/settings/subscription-email-notification (the spec's page, contents not shown): which membership
// events are mailed to the fan and to the staff address. Mails go through the outbox (and SMTP when set up); a mail
// switched off when its event happens is not sent later.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { api } from '../api';
import { useEditable } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { SUBSCRIPTION_EMAIL_PAGE } from './paths';
import type { SubscriptionEmailSettings } from '../../../domain/settings/subscription-email';

type Answer = SubscriptionEmailSettings & { admin_email: string };

const FAN_SWITCHES: { key: keyof SubscriptionEmailSettings; label: string; help: string }[] = [
  { key: 'fan_subscribed', label: 'Membership started', help: 'A welcome with the amount charged and the renewal date.' },
  { key: 'fan_renewed', label: 'Membership renewed', help: 'A receipt for each renewal.' },
  { key: 'fan_cancelled', label: 'Membership cancelled', help: 'Confirms the cancellation and until when access lasts.' },
  { key: 'fan_payment_failed', label: 'Renewal payment failed', help: 'Asks the fan to update their card, with the next try.' },
];
const STAFF_SWITCHES: typeof FAN_SWITCHES = [
  { key: 'staff_new_subscriber', label: 'New member', help: 'Who joined and what they paid.' },
  { key: 'staff_cancelled', label: 'Member cancelled', help: 'Who cancelled and when their access ends.' },
];

export default function SubscriptionEmailSettingsPage() {
  const notify = useNotify();
  const { query, value: s, edit: setS, saved } = useEditable(['settings', 'subscription-email'], async (signal) => (await api<Answer>('/api/settings/subscription-email-notification', { signal })).data);
  const [busy, setBusy] = useState(false);
  const [saveError, setError] = useState<{ field?: string; message: string } | null>(null);
  const error = saveError ?? (query.error ? { message: (query.error as Error).message } : null);

  const save = async () => {
    if (!s) return;
    setBusy(true);
    setError(null);
    try {
      const { admin_email: _ignored, ...body } = s;
      const r = await api<Answer>('/api/settings/subscription-email-notification', { body });
      saved(r.data);
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      const err = e as Error & { field?: string; body?: { field?: string } };
      setError({ field: err.field ?? err.body?.field, message: err.message });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (key: keyof SubscriptionEmailSettings, label: string, help: string) => (
    <Box key={key}>
      <FormControlLabel
        control={<Switch checked={!!s?.[key]} disabled={!s?.enabled} onChange={(e) => setS((p) => (p ? { ...p, [key]: e.target.checked } : p))} slotProps={{ input: { role: 'switch', 'data-testid': `sub-mail-${key}` } as object }} />}
        label={label}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ml: 6, mt: -0.5 }}>{help}</Typography>
    </Box>
  );

  return (
    <PageGuard page={SUBSCRIPTION_EMAIL_PAGE} title="Subscription emails">
      <Box sx={{ maxWidth: 720, mt: 2 }} data-testid="subscription-email-settings">
        {error && !error.field && <Alert severity="error" sx={{ mb: 2 }}>{error.message}</Alert>}
        {!s ? (
          !error && <Typography color="text.secondary">Loading…</Typography>
        ) : (
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6">Subscription emails</Typography>
                <Typography variant="body2" color="text.secondary">
                  Emails sent when a membership starts, renews, is cancelled or its renewal fails. Each is sent once, shortly after it
                  happens; an email switched off at that moment is not sent later.
                </Typography>
                <FormControlLabel
                  control={<Switch checked={s.enabled} onChange={(e) => setS({ ...s, enabled: e.target.checked })} slotProps={{ input: { role: 'switch', 'data-testid': 'sub-mail-enabled' } as object }} />}
                  label="Send subscription emails"
                />
                <Divider />
                <Typography variant="subtitle2">To the fan</Typography>
                {FAN_SWITCHES.map((x) => toggle(x.key, x.label, x.help))}
                <Divider />
                <Typography variant="subtitle2">To the staff</Typography>
                {STAFF_SWITCHES.map((x) => toggle(x.key, x.label, x.help))}
                <TextField
                  label="Staff email address"
                  value={s.staff_email}
                  onChange={(e) => setS({ ...s, staff_email: e.target.value })}
                  placeholder={s.admin_email}
                  helperText={error?.field === 'staff_email' ? error.message : `Empty: ${s.admin_email}, the site's admin address.`}
                  error={error?.field === 'staff_email'}
                  size="small"
                  fullWidth
                  disabled={!s.enabled}
                  slotProps={{ htmlInput: { 'data-testid': 'sub-mail-staff-email' } }}
                />
                <Box><Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="sub-mail-save">Save</Button></Box>
              </Stack>
            </CardContent>
          </Card>
        )}
      </Box>
    </PageGuard>
  );
}

// /admin/settings/recaptcha-setting: the bot check on register, login, subscription and add card. Not
// reCAPTCHA: a proof-of-work challenge the site issues and checks itself, so no third party sees the visitors. The
// browser spends a moment of computing once per form; a bot sending thousands of forms pays it thousands of times.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, FormControlLabel, Slider, Stack, Switch, Typography } from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useNotify } from 'react-admin';
import { api } from '../api';
import { PageGuard } from '../promotions/PageGuard';
import { RECAPTCHA_SETTING_PAGE } from './paths';
import { ConfigCard, ConfigColumn, ErrorAlert, LoadingCard, useApiData } from './parts';

interface BotCheck {
  is_recaptcha_enabled: boolean;
  bot_check_difficulty: number;
  kind: string;
  actions: string[];
}

const ACTION_LABELS: Record<string, string> = { register: 'Sign up', login: 'Log in', subscription: 'Subscribe', add_card: 'Add card' };

/** About how long a phone takes (≈ 150,000 hashes a second in a browser worker), in words. */
export function effortOf(bits: number): string {
  const seconds = 2 ** bits / 150_000;
  if (seconds < 0.1) return 'instant';
  if (seconds < 1) return `about ${Math.round(seconds * 10) / 10} s`;
  if (seconds < 60) return `about ${Math.round(seconds)} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

export default function BotCheckSettingsPage() {
  const notify = useNotify();
  const { data, setData, error, setError } = useApiData<BotCheck>('/api/settings/recaptcha-setting');
  const [form, setForm] = useState<{ is_recaptcha_enabled: boolean; bot_check_difficulty: number } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (data && !form) setForm({ is_recaptcha_enabled: data.is_recaptcha_enabled, bot_check_difficulty: data.bot_check_difficulty }); }, [data, form]);

  const save = async () => {
    if (!form) return;
    setBusy(true);
    try {
      const r = await api<BotCheck>('/api/settings/recaptcha-setting', { body: form });
      setData(r.data);
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageGuard page={RECAPTCHA_SETTING_PAGE} title="Bot check">
      <ConfigColumn testId="bot-check-settings">
        <ErrorAlert error={error} />
        <ConfigCard icon={<VerifiedUserOutlinedIcon />} title="Bot check" subtitle="A proof-of-work check this site runs itself: no third-party service, nothing for fans to click.">
          {!form || !data ? <LoadingCard /> : (
            <Stack spacing={2.5}>
              <FormControlLabel
                control={<Switch checked={form.is_recaptcha_enabled} onChange={(e) => setForm({ ...form, is_recaptcha_enabled: e.target.checked })} slotProps={{ input: { role: 'switch', 'data-testid': 'bot-check-enabled' } as object }} />}
                label="Check for bots"
              />
              <Box>
                <Typography variant="subtitle2" gutterBottom>Protected forms</Typography>
                <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                  {data.actions.map((a) => <Chip key={a} label={ACTION_LABELS[a] ?? a} size="small" color={form.is_recaptcha_enabled ? 'primary' : 'default'} variant="outlined" />)}
                </Stack>
              </Box>
              <Box sx={{ maxWidth: 520 }}>
                <Typography variant="subtitle2" id="bot-check-difficulty-label">Difficulty: {form.bot_check_difficulty} bits</Typography>
                <Slider aria-labelledby="bot-check-difficulty-label" value={form.bot_check_difficulty} min={8} max={24} step={1} marks={[{ value: 8, label: '8' }, { value: 16, label: '16' }, { value: 24, label: '24' }]}
                  onChange={(_e, v) => setForm({ ...form, bot_check_difficulty: v as number })} disabled={!form.is_recaptcha_enabled} data-testid="bot-check-difficulty" />
                <Typography variant="caption" color="text.secondary">
                  A phone needs {effortOf(form.bot_check_difficulty)} per form; each step doubles the work for people and bots alike. 16 suits most sites.
                </Typography>
              </Box>
              <Alert severity="info" variant="outlined">
                How it works: the form asks the site for a signed challenge, the browser finds a number that makes its SHA-256 hash start with enough zero bits (in the background), and the site checks the answer once. A challenge expires after 5 minutes and cannot be used twice.
              </Alert>
              <Box><Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="bot-check-save">Save</Button></Box>
            </Stack>
          )}
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}

// The setup wizard's mail step: the SMTP server through the Email configuration page's route (the password is
// write-only: the server only says whether one is saved), and "Send a test email" to the signed-in admin, which
// saves the server first and shows what the server answered.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { SecretField } from '../components/SecretField';
import { setupApi, type MailConfig, type MailForm } from './api';
import { errorText, StepActions, StepIntro, type StepProps } from './parts';

const SECURITY = [
  { id: 'starttls', name: 'STARTTLS (usually port 587)' },
  { id: 'tls', name: 'TLS from the start (usually port 465)' },
  { id: 'none', name: 'None (a relay on a trusted network)' },
] as const;

export function MailStep({ onDone, onBack }: StepProps) {
  const [saved, setSaved] = useState<MailConfig | null>(null);
  const [form, setForm] = useState<Omit<MailForm, 'password'> | null>(null);
  const [password, setPassword] = useState('');
  const [changingPassword, setChangingPassword] = useState(false);
  const [me, setMe] = useState<string>('');
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([setupApi.mail(), setupApi.me()])
      .then(([config, self]) => {
        if (!live) return;
        setSaved(config);
        setForm({ host: config.host, port: config.port, security: config.security, username: config.username, from_email: config.from_email, from_name: config.from_name });
        setMe(self.email ?? '');
      })
      .catch(e => live && setFieldError({ message: errorText(e) }));
    return () => {
      live = false;
    };
  }, []);
  const set = (k: keyof NonNullable<typeof form>) => (e: { target: { value: string } }) => setForm(f => f && { ...f, [k]: k === 'port' ? Number(e.target.value) : e.target.value });
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  const dirty = !!form && !!saved && (saved.source !== 'console' || changingPassword || (Object.keys(form) as (keyof typeof form)[]).some(k => form[k] !== saved[k]));

  /** Saves the server when something changed (the password only when typed); false when the server refused it. */
  const saveServer = async (): Promise<boolean> => {
    if (!form || !dirty) return true;
    setFieldError(null);
    try {
      const sendsPassword = changingPassword || saved?.password !== 'set';
      const next = await setupApi.saveMail({ ...form, ...(sendsPassword ? { password } : {}) });
      setSaved(next);
      setPassword('');
      setChangingPassword(false);
      return true;
    } catch (e) {
      const err = e as { field?: string; message: string };
      setFieldError({ field: err.field, message: err.message });
      return false;
    }
  };
  const save = async () => {
    setBusy('save');
    const ok = await saveServer();
    setBusy(null);
    if (ok) onDone('saved');
  };
  const sendTest = async () => {
    setBusy('test');
    setTest(null);
    try {
      if (!(await saveServer())) return;
      setTest({ ok: true, message: await setupApi.testMail(me) });
    } catch (e) {
      setTest({ ok: false, message: errorText(e) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box data-testid="setup-step-mail">
      <StepIntro title="Mail server">Password resets, email checks and notifications go out through your mail provider's SMTP server.</StepIntro>
      {!form || !saved ? (
        fieldError ? <Alert severity="error">{fieldError.message}</Alert> : <CircularProgress aria-label="Loading" size={28} />
      ) : (
        <Stack spacing={2}>
          {fieldError && !fieldError.field ? <Alert severity="error">{fieldError.message}</Alert> : null}
          {saved.source === 'environment' ? <Alert severity="info">Mail goes out through SMTP_URL from the environment now; a server saved here overrides it.</Alert> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField label="Server" value={form.host} onChange={set('host')} placeholder="smtp.example.com" error={!!errorOf('host')} helperText={errorOf('host') ?? 'Your provider\'s SMTP server.'} inputProps={{ 'data-testid': 'setup-smtp-host' }} />
            <TextField label="Port" type="number" value={form.port} onChange={set('port')} error={!!errorOf('port')} helperText={errorOf('port') ?? '587, 465 or 25.'} inputProps={{ 'data-testid': 'setup-smtp-port', min: 1, max: 65535 }} />
          </Box>
          <TextField select label="Security" value={form.security} onChange={set('security')} error={!!errorOf('security')} helperText={errorOf('security') ?? 'How the connection is encrypted.'} SelectProps={{ SelectDisplayProps: { 'data-testid': 'setup-smtp-security' } as object }}>
            {SECURITY.map(s => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label="Username" value={form.username} onChange={set('username')} autoComplete="off" error={!!errorOf('username')} helperText={errorOf('username') ?? 'Empty if the server needs no login.'} inputProps={{ 'data-testid': 'setup-smtp-username' }} />
            <SecretField
              label="Password"
              stored={saved.password === 'set'}
              changing={changingPassword}
              value={password}
              onChange={setPassword}
              onStartChange={() => setChangingPassword(true)}
              error={errorOf('password')}
              help="Stored encrypted; never shown again."
              storedHelp="A password is saved. It is never shown."
              placeholder="••••••••"
              testId="setup-smtp-password"
              changeTestId="setup-smtp-change-password"
              changeLabel="Change password"
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label="Sender email" value={form.from_email} onChange={set('from_email')} placeholder="no-reply@example.com" error={!!errorOf('from_email')} helperText={errorOf('from_email') ?? 'The From address fans see.'} inputProps={{ 'data-testid': 'setup-smtp-from-email' }} />
            <TextField label="Sender name" value={form.from_name} onChange={set('from_name')} error={!!errorOf('from_name')} helperText={errorOf('from_name') ?? 'Usually your name or your site\'s.'} inputProps={{ 'data-testid': 'setup-smtp-from-name' }} />
          </Box>
          <Box>
            <Button variant="outlined" onClick={() => void sendTest()} disabled={!!busy || !me || !form.host} startIcon={busy === 'test' ? <CircularProgress size={16} /> : <SendOutlinedIcon />} data-testid="setup-smtp-test">
              Send a test email
            </Button>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              Saves the server above, then sends a short mail to you{me ? ` (${me})` : ''}.
            </Typography>
            {test ? (
              <Alert severity={test.ok ? 'success' : 'error'} sx={{ mt: 1 }} data-testid="setup-smtp-test-result">
                {test.message}
              </Alert>
            ) : null}
          </Box>
        </Stack>
      )}
      <StepActions onBack={onBack} onSkip={() => onDone('skipped')} onSave={() => void save()} busy={!!busy} disabled={!form} />
    </Box>
  );
}


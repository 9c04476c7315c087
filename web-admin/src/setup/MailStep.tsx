// The setup wizard's mail step: the SMTP server through the Email configuration page's route (the password is
// write-only: the server only says whether one is saved), and "Send a test email" to the signed-in admin, which
// saves the server first and shows what the server answered.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { MailServerFields, mailServerChanged, mailServerFormOf, type MailConfig, type MailServerForm } from '../site-config/MailServerFields';
import { setupApi } from './api';
import { errorText, StepActions, StepIntro, type StepProps } from './parts';

export function MailStep({ onDone, onBack }: StepProps) {
  const [saved, setSaved] = useState<MailConfig | null>(null);
  const [form, setForm] = useState<MailServerForm | null>(null);
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
        setForm(mailServerFormOf(config));
        setMe(self.email ?? '');
      })
      .catch(e => live && setFieldError({ message: errorText(e) }));
    return () => {
      live = false;
    };
  }, []);
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  const dirty = !!form && !!saved && (saved.source !== 'console' || changingPassword || mailServerChanged(form, saved));

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
          <MailServerFields
            form={form}
            onChange={setForm}
            errorOf={errorOf}
            password={{ stored: saved.password === 'set', changing: changingPassword, value: password, onChange: setPassword, onStartChange: () => setChangingPassword(true) }}
            testIdPrefix="setup-smtp"
          />
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


// /admin/settings/email-configuration: the SMTP server the site sends through, set from the console; it
// overrides SMTP_URL while it is saved. The password is write-only: the server seals it (AES-GCM) and only says
// whether one is set. "Send test mail" sends through the saved server and shows what the server answered.
import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useNotify } from 'react-admin';
import { api, ApiRequestError } from '../api';
import { useLiveQuery } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { EMPTY_MAIL_SERVER, MailServerFields, mailServerFormOf, type MailConfig, type MailServerForm } from './MailServerFields';
import { EMAIL_CONFIGURATION_PAGE } from './paths';
import { ConfigCard, ConfigColumn, ErrorAlert, LoadingCard, SourceChip, useApiData } from './parts';

type EmailConfig = MailConfig;
const SOURCE_TEXT: Record<EmailConfig['source'], string> = {
  console: 'Mail goes out through the server saved here.',
  environment: 'Mail goes out through SMTP_URL from the environment. Saving a server here overrides it.',
  outbox: 'No mail server is set: mail waits in the Outbox for staff to pass on. Save a server here to send it.',
};

export default function EmailConfigurationPage() {
  const notify = useNotify();
  const { data, setData, error, setError } = useApiData<EmailConfig>('/api/settings/email-configuration');
  const [form, setForm] = useState<MailServerForm | null>(null);
  const [password, setPassword] = useState('');
  const [changePassword, setChangePassword] = useState(false);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The test mail goes to the signed-in person's own address unless they type another.
  const me = useLiveQuery(['api', '/api/users/me'], async (signal) => (await api<{ email?: string }>('/api/users/me', { signal })).data);
  const [typedTo, setTo] = useState<string | null>(null);
  const to = typedTo ?? me.data?.email ?? '';
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (data && !form) setForm(mailServerFormOf(data));
  }, [data, form]);

  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  const save = async () => {
    if (!form) return;
    setBusy(true);
    setFieldError(null);
    try {
      const body = { ...form, ...(changePassword || data?.password === 'not set' ? { password } : {}) };
      const r = await api<EmailConfig>('/api/settings/email-configuration', { body });
      setData(r.data);
      setPassword('');
      setChangePassword(false);
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      const err = e as ApiRequestError;
      setFieldError({ field: err.field, message: err.message });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const r = await api<EmailConfig>('/api/settings/email-configuration', { method: 'DELETE' });
      setData(r.data);
      setForm(EMPTY_MAIL_SERVER);
      notify(r.message ?? 'Removed', { type: 'info' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const sendTest = async () => {
    setTesting(true);
    setTestResult(null);
    try {
      const r = await api<unknown>('/api/settings/email-configuration/test', { body: { to } });
      setTestResult({ ok: true, message: r.message ?? 'Test mail sent.' });
    } catch (e) {
      setTestResult({ ok: false, message: (e as Error).message });
    } finally {
      setTesting(false);
    }
  };

  return (
    <PageGuard page={EMAIL_CONFIGURATION_PAGE} title="Email configuration">
      <ConfigColumn testId="email-configuration">
        <ErrorAlert error={error} />
        <ConfigCard
          icon={<MailOutlineIcon />}
          title="Mail server (SMTP)"
          subtitle={data ? SOURCE_TEXT[data.source] : 'Password resets, email verification and notifications go out through this server.'}
          action={data ? <SourceChip source={data.source} /> : undefined}
          testId="smtp-card"
        >
          {!form || !data ? (
            <LoadingCard />
          ) : (
            <Stack spacing={2}>
              {fieldError && !fieldError.field ? <Alert severity="error">{fieldError.message}</Alert> : null}
              <MailServerFields
                form={form}
                onChange={setForm}
                errorOf={errorOf}
                password={{ stored: data.password === 'set', changing: changePassword, value: password, onChange: setPassword, onStartChange: () => setChangePassword(true) }}
                testIdPrefix="smtp"
              />
              <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="smtp-save">Save</Button>
                {data.source === 'console' ? <Button color="inherit" onClick={() => void remove()} disabled={busy} data-testid="smtp-remove">Remove this server</Button> : null}
              </Stack>
            </Stack>
          )}
        </ConfigCard>
        <ConfigCard icon={<SendOutlinedIcon />} title="Send test mail" subtitle="Sends a short mail through the server above, so you know mail from the site arrives." testId="smtp-test-card">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
            <TextField label="Send to" value={to} onChange={(e) => setTo(e.target.value)} fullWidth size="small" inputProps={{ 'data-testid': 'smtp-test-to' }} />
            <Button variant="outlined" onClick={() => void sendTest()} disabled={testing || !to} startIcon={testing ? <CircularProgress size={16} /> : <SendOutlinedIcon />} sx={{ flexShrink: 0, minHeight: 40 }} data-testid="smtp-test-send">
              Send test mail
            </Button>
          </Stack>
          {testResult ? <Alert severity={testResult.ok ? 'success' : 'error'} sx={{ mt: 2 }} data-testid="smtp-test-result">{testResult.message}</Alert> : null}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            Every mail, the test too, is listed in the Outbox with whether the server took it.
          </Typography>
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}

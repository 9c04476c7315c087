// The SMTP server's fields, shared by the Email configuration page and the setup wizard's mail step (both save
// through POST /api/settings/email-configuration): server and port, security, username and the write-only
// password (the server only says whether one is saved), sender email and name. Each screen keeps its own state,
// buttons and test ids (`testIdPrefix`).
import { Box, MenuItem, TextField } from '@mui/material';
import { SecretField } from '../components/SecretField';

/** GET /api/settings/email-configuration: where mail goes out now, and the saved server (never its password). */
export interface MailConfig {
  source: 'console' | 'environment' | 'outbox';
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  username: string;
  /** The password itself never comes back: only whether one is saved. */
  password: 'set' | 'not set';
  from_email: string;
  from_name: string;
}
/** What a save sends: the server, and the password only when one is typed. */
export type MailForm = Omit<MailConfig, 'source' | 'password'> & { password?: string };
/** The fields as edited (the password is kept apart: it is never read back). */
export type MailServerForm = Omit<MailForm, 'password'>;

export const EMPTY_MAIL_SERVER: MailServerForm = { host: '', port: 587, security: 'starttls', username: '', from_email: '', from_name: '' };
export const mailServerFormOf = (c: MailConfig): MailServerForm => ({ host: c.host, port: c.port, security: c.security, username: c.username, from_email: c.from_email, from_name: c.from_name });
/** Whether the edited fields differ from the saved server. */
export const mailServerChanged = (form: MailServerForm, saved: MailConfig) => (Object.keys(form) as (keyof MailServerForm)[]).some((k) => form[k] !== saved[k]);

const SECURITY = [
  { id: 'starttls', name: 'STARTTLS (usually port 587)' },
  { id: 'tls', name: 'TLS from the start (usually port 465)' },
  { id: 'none', name: 'None (a relay on a trusted network)' },
] as const;

export interface MailServerFieldsProps {
  form: MailServerForm;
  onChange: (form: MailServerForm) => void;
  /** The server's message for a field it refused. */
  errorOf: (field: string) => string | undefined;
  password: { stored: boolean; changing: boolean; value: string; onChange: (v: string) => void; onStartChange: () => void };
  /** 'smtp' → smtp-host, smtp-port, …, smtp-change-password. */
  testIdPrefix: string;
}

export function MailServerFields({ form, onChange, errorOf, password, testIdPrefix: p }: MailServerFieldsProps) {
  const set = (k: keyof MailServerForm) => (e: { target: { value: string } }) => onChange({ ...form, [k]: k === 'port' ? Number(e.target.value) : e.target.value });
  const text = (k: keyof MailServerForm, label: string, help: string, testId: string) => ({
    label, value: form[k], onChange: set(k), error: !!errorOf(k), helperText: errorOf(k) ?? help, inputProps: { 'data-testid': `${p}-${testId}` },
  });
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField {...text('host', 'Server', 'Host name or address of your mail provider\'s SMTP server.', 'host')} placeholder="smtp.example.com" />
        <TextField {...text('port', 'Port', '587, 465 or 25.', 'port')} type="number" inputProps={{ 'data-testid': `${p}-port`, min: 1, max: 65535 }} />
      </Box>
      <TextField select label="Security" value={form.security} onChange={set('security')} error={!!errorOf('security')} helperText={errorOf('security') ?? 'How the connection to the server is encrypted.'} SelectProps={{ SelectDisplayProps: { 'data-testid': `${p}-security` } as object }}>
        {SECURITY.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('username', 'Username', 'Leave empty if the server needs no login.', 'username')} autoComplete="off" />
        <SecretField
          label="Password"
          stored={password.stored}
          changing={password.changing}
          value={password.value}
          onChange={password.onChange}
          onStartChange={password.onStartChange}
          error={errorOf('password')}
          help="Stored encrypted; never shown again."
          storedHelp="A password is saved. It is stored encrypted and never shown."
          placeholder="••••••••"
          testId={`${p}-password`}
          changeTestId={`${p}-change-password`}
          changeLabel="Change password"
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('from_email', 'Sender email', 'The From address fans see.', 'from-email')} placeholder="no-reply@example.com" />
        <TextField {...text('from_name', 'Sender name', 'Shown next to the address, e.g. your site\'s name.', 'from-name')} />
      </Box>
    </>
  );
}

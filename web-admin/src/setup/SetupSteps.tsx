// The setup wizard's steps. Each reads what is already set, and saves through the route its own settings page uses
// (My profile, Subscription settings, Welcome messages, Email configuration, Live settings): the wizard keeps no
// settings of its own. A step answers through onDone('saved' | 'skipped'); errors are shown in the server's words.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, FormControlLabel, InputAdornment, Link as MuiLink, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { ImageTile } from '../sitesettings/ThemeImageInput';
import { SecretField } from '../components/SecretField';
import { massApi, type WelcomeMessageView } from '../mass-messages/api';
import { WELCOME_MESSAGES_PATH } from '../mass-messages/paths';
import { money } from '../format';
import { setupApi, type MailConfig, type MailForm, type SiteRecord } from './api';

export type StepResult = 'saved' | 'skipped';
export interface StepProps {
  site: SiteRecord;
  onSite: (site: SiteRecord) => void;
  onDone: (result: StepResult) => void;
  onBack: (() => void) | null;
}

const NAME_MAX = 60;
const PRICE_MIN_CENTS = 100;
const PRICE_MAX_CENTS = 100_000;
const PRICE_TOO_LOW = 'The membership price must be at least $1.00.';
const PRICE_TOO_HIGH = 'The monthly price can be at most $1,000.00.';
const errorText = (e: unknown) => (e as Error)?.message || 'Something went wrong';

/** Back, Skip and the step's save, under every step (full width and stacked on a phone). */
function StepActions({ onBack, onSkip, onSave, busy, saveLabel = 'Save and continue', disabled }: { onBack: (() => void) | null; onSkip: () => void; onSave: () => void; busy: boolean; saveLabel?: string; disabled?: boolean }) {
  return (
    <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
      {onBack ? (
        <Button onClick={onBack} disabled={busy} data-testid="setup-back" sx={{ mr: { sm: 'auto !important' } }}>
          Back
        </Button>
      ) : null}
      <Button onClick={onSkip} disabled={busy} data-testid="setup-skip">
        Skip
      </Button>
      <Button variant="contained" onClick={onSave} disabled={busy || disabled} data-testid="setup-save" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {saveLabel}
      </Button>
    </Stack>
  );
}

function StepIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" data-testid="setup-step-title">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}

function useSaving() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

export function NameStep({ site, onSite, onDone, onBack }: StepProps) {
  const [name, setName] = useState(site.model_name ?? '');
  const { busy, error, setError, run } = useSaving();
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('Model name is required.');
    if (trimmed.length > NAME_MAX) return setError(`The name can be at most ${NAME_MAX} characters.`);
    if (trimmed === site.model_name) return onDone('saved');
    void run(async () => {
      onSite(await setupApi.saveSite({ model_name: trimmed }));
      onDone('saved');
    });
  };
  return (
    <Box data-testid="setup-step-name">
      <StepIntro title="Your name">The name fans see over the feed, on every post, in chat and in the browser tab.</StepIntro>
      <TextField
        label="Display name"
        value={name}
        onChange={e => setName(e.target.value)}
        onKeyDown={e => e.key === 'Enter' && save()}
        fullWidth
        autoFocus
        error={!!error}
        helperText={error ?? `Up to ${NAME_MAX} characters.`}
        inputProps={{ 'data-testid': 'setup-name', maxLength: NAME_MAX + 20 }}
      />
      <StepActions onBack={onBack} onSkip={() => onDone('skipped')} onSave={save} busy={busy} />
    </Box>
  );
}

export function ImagesStep({ site, onSite, onDone, onBack }: StepProps) {
  const [avatar, setAvatar] = useState<string | null>(site.model_avatar_url ?? null);
  const [cover, setCover] = useState<string | null>(site.model_cover_url ?? null);
  const { busy, error, run } = useSaving();
  const changed = avatar !== (site.model_avatar_url ?? null) || cover !== (site.model_cover_url ?? null);
  const save = () =>
    changed
      ? void run(async () => {
          onSite(await setupApi.saveSite({ model_avatar_url: avatar, model_cover_url: cover }));
          onDone('saved');
        })
      : onDone('saved');
  return (
    <Box data-testid="setup-step-images">
      <StepIntro title="Avatar and cover">Your picture, and the wide image over your feed. PNG or JPG.</StepIntro>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            Avatar (square works best)
          </Typography>
          <ImageTile value={avatar} label="Avatar" testId="setup-avatar" onChange={setAvatar} />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            Cover image (wide, 3:1)
          </Typography>
          <ImageTile value={cover} label="Cover image" testId="setup-cover" onChange={setCover} />
        </Box>
      </Box>
      <StepActions onBack={onBack} onSkip={() => onDone('skipped')} onSave={save} busy={busy} />
    </Box>
  );
}

export function PriceStep({ site, onSite, onDone, onBack }: StepProps) {
  const [dollars, setDollars] = useState((site.membership_price_cents / 100).toFixed(2));
  const { busy, error, setError, run } = useSaving();
  const differs = site.membership_price_cents !== site.recurring_membership_price_cents;
  const save = () => {
    const cents = Math.round(Number(dollars) * 100);
    if (!dollars.trim() || !Number.isFinite(cents) || cents < PRICE_MIN_CENTS) return setError(PRICE_TOO_LOW);
    if (cents > PRICE_MAX_CENTS) return setError(PRICE_TOO_HIGH);
    if (!differs && cents === site.membership_price_cents) return onDone('saved');
    void run(async () => {
      await setupApi.savePrice(cents);
      onSite({ ...site, membership_price_cents: cents, recurring_membership_price_cents: cents });
      onDone('saved');
    });
  };
  return (
    <Box data-testid="setup-step-price">
      <StepIntro title="Membership price">What a fan pays each month for your members-only posts.</StepIntro>
      <TextField
        label="Monthly price"
        type="number"
        value={dollars}
        onChange={e => setDollars(e.target.value)}
        onKeyDown={e => e.key === 'Enter' && save()}
        error={!!error}
        helperText={
          error ??
          (differs
            ? `Now ${money(site.membership_price_cents)} the first month and ${money(site.recurring_membership_price_cents)} after: saving sets both.`
            : 'The first month and every month after, from $1.00 to $1,000.00.')
        }
        sx={{ maxWidth: 320 }}
        fullWidth
        inputProps={{ 'data-testid': 'setup-price', min: 1, max: 1000, step: 0.01, inputMode: 'decimal' }}
        InputProps={{ startAdornment: <InputAdornment position="start">$</InputAdornment> }}
      />
      <StepActions onBack={onBack} onSkip={() => onDone('skipped')} onSave={save} busy={busy} />
    </Box>
  );
}

/** A welcome message the wizard can edit: text only and free (one with pictures or a price is edited on its page). */
const plainText = (w: WelcomeMessageView | null) => !w || (w.type === 'text' && !w.amount_cents && !w.media?.length);

export function WelcomeStep({ onDone, onBack }: StepProps) {
  const basename = useBasename();
  const [current, setCurrent] = useState<WelcomeMessageView | null | undefined>(undefined);
  const [text, setText] = useState('');
  const { busy, error, setError, run } = useSaving();
  useEffect(() => {
    const abort = new AbortController();
    massApi
      .getWelcome(abort.signal)
      .then(w => {
        setCurrent(w);
        setText(w?.message ?? '');
      })
      .catch(e => {
        if ((e as Error).name !== 'AbortError') {
          setCurrent(null);
          setError(errorText(e));
        }
      });
    return () => abort.abort();
  }, [setError]);
  const editable = current !== undefined && plainText(current);
  const save = () => {
    if (!editable) return onDone('skipped');
    const message = text.trim();
    if (!message) return setError('Please write a message, or skip this step.');
    if (current && message === current.message.trim()) return onDone('saved');
    void run(async () => {
      await massApi.setWelcome({
        ...(current ? { _id: current._id } : {}),
        message,
        type: 'text',
        isLocked: 'free',
        media: [],
        send_to: current?.sendTo ?? 'ONLY_NEW',
        new_user_message_delay: current?.newUserMessageDelay ?? 'IMMEDIATELY',
        ...(current?.newUserMessageDelay === 'DELAY_BY_HOURS' && current.delayByHours != null ? { delay_by_hours: current.delayByHours } : {}),
      });
      onDone('saved');
    });
  };
  return (
    <Box data-testid="setup-step-welcome">
      <StepIntro title="Welcome message">The chat message every new member gets when they subscribe.</StepIntro>
      {current === undefined ? (
        <CircularProgress aria-label="Loading" size={28} />
      ) : editable ? (
        <TextField
          label="Welcome message"
          value={text}
          onChange={e => setText(e.target.value)}
          multiline
          minRows={4}
          fullWidth
          placeholder="Hi, and welcome! Thank you for joining. Tell me what you would like to see next."
          error={!!error}
          helperText={error ?? 'Sent in chat, as you, to each new member.'}
          inputProps={{ 'data-testid': 'setup-welcome' }}
        />
      ) : (
        <Alert severity="info" data-testid="setup-welcome-elsewhere">
          Your welcome message has pictures or a price: change it on the{' '}
          <MuiLink component={Link} to={`${basename}${WELCOME_MESSAGES_PATH}`}>
            Welcome messages
          </MuiLink>{' '}
          page.
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {current?.message}
          </Typography>
        </Alert>
      )}
      <StepActions onBack={onBack} onSkip={() => onDone('skipped')} onSave={save} busy={busy} saveLabel={editable ? 'Save and continue' : 'Continue'} />
    </Box>
  );
}

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

export function LiveStep({ onDone, onBack }: StepProps) {
  const [saved, setSaved] = useState<boolean | null>(null);
  const [on, setOn] = useState(false);
  const { busy, error, setError, run } = useSaving();
  useEffect(() => {
    let live = true;
    setupApi
      .live()
      .then(s => {
        if (!live) return;
        setSaved(s.enable_live_streaming === true);
        setOn(s.enable_live_streaming === true);
      })
      .catch(e => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [setError]);
  const save = () =>
    on === saved
      ? onDone('saved')
      : void run(async () => {
          await setupApi.saveLive(on);
          onDone('saved');
        });
  return (
    <Box data-testid="setup-step-live">
      <StepIntro title="Live streaming">Go live for your fans from the console. Fans see a Live button while you stream.</StepIntro>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {saved === null && !error ? (
        <CircularProgress aria-label="Loading" size={28} />
      ) : (
        <FormControlLabel control={<Switch checked={on} onChange={e => setOn(e.target.checked)} inputProps={{ 'aria-label': 'Live streaming' }} data-testid="setup-live" />} label={on ? 'Live streaming is on' : 'Live streaming is off'} />
      )}
      <StepActions onBack={onBack} onSkip={() => onDone('skipped')} onSave={save} busy={busy} disabled={saved === null} />
    </Box>
  );
}

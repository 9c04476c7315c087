// The setup wizard's steps. Each reads what is already set, and saves through the route its own settings page uses
// (My profile, Subscription settings, Welcome messages, Email configuration, Live settings): the wizard keeps no
// settings of its own. A step answers through onDone('saved' | 'skipped'); errors are shown in the server's words.
import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, FormControlLabel, InputAdornment, Link as MuiLink, Switch, TextField, Typography } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { ImageTile } from '../sitesettings/ThemeImageInput';
import { massApi, type WelcomeMessageView } from '../mass-messages/api';
import { WELCOME_MESSAGES_PATH } from '../mass-messages/paths';
import { money } from '../format';
import { setupApi } from './api';
import { errorText, StepActions, StepIntro, useSaving, type StepProps } from './parts';

export { MailStep } from './MailStep';
export type { StepProps, StepResult } from './parts';

const NAME_MAX = 60;
const PRICE_MIN_CENTS = 100;
const PRICE_MAX_CENTS = 100_000;
const PRICE_TOO_LOW = 'The membership price must be at least $1.00.';
const PRICE_TOO_HIGH = 'The monthly price can be at most $1,000.00.';

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
        onChange={e => {
          setName(e.target.value);
          setError(null);
        }}
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
        onChange={e => {
          setDollars(e.target.value);
          setError(null);
        }}
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
          onChange={e => {
            setText(e.target.value);
            setError(null);
          }}
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

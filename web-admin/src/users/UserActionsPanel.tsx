import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DeleteIcon from '@mui/icons-material/Delete';
import LoginIcon from '@mui/icons-material/Login';
import { useNotify, usePermissions, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { mayDo } from '../access';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { MigrationFlag } from './UserExtras';
import {
  EMAIL_PREFERENCE_LABELS,
  NICKNAME_MAX,
  nicknameError,
  startProxySession,
  userActions,
  type ActionResult,
  type EmailPreferences,
} from './userApi';

/** Runs one action: shows the server's message, refreshes the record; `busy` names the running one. */
function useRunner() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<ActionResult>, after?: () => void): Promise<boolean> => {
    setBusy(key);
    try {
      const { message } = await action();
      notify(message, { type: 'success' });
      if (after) after();
      else refresh();
      return true;
    } catch (error) {
      notify((error as Error)?.message || 'Something went wrong', { type: 'error' });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Flags, nickname, email preferences and the account actions of one user. */
export function UserActionsPanel() {
  const record = useRecordContext<AdminUserRecord>();
  const { permissions } = usePermissions();
  if (!record) return null;
  const may = (a: Parameters<typeof mayDo>[1]) => mayDo(permissions, a);
  const anyFlag = may('block') || may('photoId') || may('hideFromChat') || may('muteMass');
  const anyAccount = may('complimentary') || may('proxyLogin') || may('delete');
  return (
    <Box
      sx={{ display: 'grid', gap: 2, width: '100%', minWidth: 0, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
      data-testid="user-actions"
    >
      {anyFlag ? <FlagsSection record={record} permissions={permissions} /> : null}
      {may('nickname') ? <NicknameSection record={record} /> : null}
      {may('emailPreferences') ? <EmailPreferencesSection record={record} /> : null}
      {anyAccount ? <AccountSection record={record} permissions={permissions} /> : null}
      {!anyFlag && !anyAccount && !may('nickname') && !may('emailPreferences') ? (
        <Typography color="text.secondary">Your role has no actions on this user.</Typography>
      ) : null}
    </Box>
  );
}

// ---- flags ---------------------------------------------------------------------------------------------

function FlagSwitch({
  checked,
  label,
  help,
  disabled,
  onChange,
  testId,
}: {
  checked: boolean;
  label: string;
  help: string;
  disabled: boolean;
  onChange: (next: boolean) => void;
  testId: string;
}) {
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        control={<Switch checked={checked} disabled={disabled} onChange={(_, next) => onChange(next)} slotProps={{ input: { 'data-testid': testId } as object }} />}
        label={label}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 6, mt: -0.5 }}>
        {help}
      </Typography>
    </Box>
  );
}

function FlagsSection({ record, permissions }: { record: AdminUserRecord; permissions: unknown }) {
  const { busy, run } = useRunner();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const id = String(record.id);
  const block = (next: boolean) => run('block', () => userActions.setBlocked(id, next)).then(() => setConfirmBlock(false));
  return (
    <Section title="Flags" testId="user-flags">
      <Stack>
        {mayDo(permissions, 'block') ? (
          <FlagSwitch
            checked={record.blocked}
            label="Blocked"
            help="A blocked user cannot sign in or use the site."
            disabled={busy !== null}
            onChange={next => (next ? setConfirmBlock(true) : void block(false))}
            testId="toggle-blocked"
          />
        ) : null}
        {mayDo(permissions, 'photoId') ? (
          <FlagSwitch
            checked={record.photo_id_override}
            label="Photo ID override"
            help="Override limit access: treat the user's photo ID as accepted."
            disabled={busy !== null}
            onChange={next => void run('photoId', () => userActions.setPhotoIdOverride(id, next))}
            testId="toggle-photo-id"
          />
        ) : null}
        {mayDo(permissions, 'hideFromChat') ? (
          <FlagSwitch
            checked={record.hidden_from_chat}
            label="Hidden from chat"
            help="Leave the user out of the chat list."
            disabled={busy !== null}
            onChange={next => void run('hide', () => userActions.setHiddenFromChat(id, next))}
            testId="toggle-hidden-from-chat"
          />
        ) : null}
        {mayDo(permissions, 'muteMass') ? (
          <FlagSwitch
            checked={record.mass_messages_muted}
            label="Mass messages muted"
            help="The user receives no mass messages."
            disabled={busy !== null}
            onChange={next => void run('mute', () => userActions.setMassMessagesMuted(id, next))}
            testId="toggle-mass-muted"
          />
        ) : null}
        <MigrationFlag record={record} />
      </Stack>
      <ConfirmDialog
        open={confirmBlock}
        testId="block-dialog"
        title="Block user"
        content={`Are you sure you want to block ${record.email}? They will not be able to use the site until unblocked.`}
        confirmLabel="Block"
        danger
        loading={busy === 'block'}
        onConfirm={() => void block(true)}
        onClose={() => setConfirmBlock(false)}
      />
    </Section>
  );
}

// ---- nickname --------------------------------------------------------------------------------------------

function NicknameSection({ record }: { record: AdminUserRecord }) {
  const { busy, run } = useRunner();
  const [value, setValue] = useState(record.nickname ?? '');
  useEffect(() => setValue(record.nickname ?? ''), [record.nickname]);
  const error = nicknameError(value);
  const unchanged = value.trim() === (record.nickname ?? '');
  const save = () => {
    if (error) return;
    void run('nickname', () => userActions.setNickname(String(record.id), value.trim()));
  };
  return (
    <Section title="Nickname" testId="user-nickname">
      <Box
        component="form"
        noValidate
        onSubmit={e => {
          e.preventDefault();
          save();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label="Nickname"
          value={value}
          onChange={e => setValue(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? `${value.trim().length}/${NICKNAME_MAX} · shown to staff in the chat list`}
          sx={{ flex: '1 1 200px', minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'nickname-input', maxLength: 64 } }}
        />
        <Button type="submit" variant="contained" disabled={Boolean(error) || unchanged || busy !== null} data-testid="nickname-save" sx={{ mt: 0.25 }}>
          Save
        </Button>
      </Box>
    </Section>
  );
}

// ---- email preferences -------------------------------------------------------------------------------------

const PREF_KEYS = Object.keys(EMAIL_PREFERENCE_LABELS) as (keyof EmailPreferences)[];

const prefsOf = (record: AdminUserRecord): EmailPreferences => {
  const p = record.email_preferences ?? {};
  return { new_posts: p.new_posts !== false, messages: p.messages !== false, promotions: p.promotions !== false };
};

function EmailPreferencesSection({ record }: { record: AdminUserRecord }) {
  const { busy, run } = useRunner();
  const initial = prefsOf(record);
  const [prefs, setPrefs] = useState<EmailPreferences>(initial);
  const key = JSON.stringify(record.email_preferences ?? {});
  useEffect(() => setPrefs(prefsOf(record)), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const unchanged = PREF_KEYS.every(k => prefs[k] === initial[k]);
  return (
    <Section title="Email preferences" testId="user-email-preferences">
      <FormGroup row sx={{ columnGap: 1 }}>
        {PREF_KEYS.map(k => (
          <FormControlLabel
            key={k}
            control={
              <Checkbox
                checked={prefs[k]}
                onChange={(_, checked) => setPrefs(p => ({ ...p, [k]: checked }))}
                slotProps={{ input: { 'data-testid': `email-pref-${k}` } as object }}
              />
            }
            label={EMAIL_PREFERENCE_LABELS[k]}
          />
        ))}
      </FormGroup>
      <Button
        variant="contained"
        sx={{ mt: 1 }}
        disabled={unchanged || busy !== null}
        onClick={() => void run('prefs', () => userActions.saveEmailPreferences(String(record.id), prefs))}
        data-testid="email-prefs-save"
      >
        Save preferences
      </Button>
    </Section>
  );
}

// ---- account actions -----------------------------------------------------------------------------------------

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function AccountSection({ record, permissions }: { record: AdminUserRecord; permissions: unknown }) {
  const { busy, run } = useRunner();
  const notify = useNotify();
  const redirect = useRedirect();
  const [dialog, setDialog] = useState<'complimentary' | 'proxy' | 'delete' | null>(null);
  const [months, setMonths] = useState(1);
  const [proxying, setProxying] = useState(false);
  const id = String(record.id);
  const close = () => setDialog(null);

  const give = async () => {
    if (await run('complimentary', () => userActions.giveComplimentary(id, months))) close();
  };
  const remove = async () => {
    const ok = await run('delete', () => userActions.remove(id), () => redirect('list', 'users'));
    if (ok) close();
  };
  const proxy = async () => {
    setProxying(true);
    try {
      await startProxySession(id); // leaves the page
    } catch (error) {
      notify((error as Error)?.message || 'Something went wrong', { type: 'error' });
      setProxying(false);
    }
  };

  return (
    <Section title="Account" testId="user-account-actions">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mayDo(permissions, 'complimentary') ? (
          <Button variant="outlined" startIcon={<CardGiftcardIcon />} onClick={() => setDialog('complimentary')} data-testid="complimentary-open">
            Complimentary subscription
          </Button>
        ) : null}
        {mayDo(permissions, 'proxyLogin') ? (
          <Button variant="outlined" startIcon={<LoginIcon />} onClick={() => setDialog('proxy')} data-testid="proxy-login-open">
            Log in as this fan
          </Button>
        ) : null}
        {mayDo(permissions, 'delete') ? (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')} data-testid="delete-user-open">
            Delete user
          </Button>
        ) : null}
      </Stack>

      <Dialog open={dialog === 'complimentary'} onClose={busy ? undefined : close} fullWidth maxWidth="xs" data-testid="complimentary-dialog" aria-labelledby="complimentary-title">
        <DialogTitle id="complimentary-title">Complimentary subscription</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Give {record.email} a free membership. It does not renew and charges nothing.
          </DialogContentText>
          <TextField
            select
            fullWidth
            label="Months"
            value={months}
            onChange={e => setMonths(Number(e.target.value))}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'complimentary-months' } as object } }}
          >
            {MONTHS.map(m => (
              <MenuItem key={m} value={m}>
                {m} {m === 1 ? 'month' : 'months'}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy !== null} data-testid="complimentary-cancel">
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void give()}
            disabled={busy !== null || months < 1 || months > 12}
            startIcon={busy === 'complimentary' ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="complimentary-confirm"
          >
            Give
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={dialog === 'proxy'}
        testId="proxy-dialog"
        title="Log in as this fan"
        content={`The fan site opens signed in as ${record.email}. Everything you do there is recorded as done through your proxy session; logging out returns you to the console.`}
        confirmLabel="Open fan site"
        loading={proxying}
        onConfirm={() => void proxy()}
        onClose={close}
      />

      <ConfirmDialog
        open={dialog === 'delete'}
        testId="delete-dialog"
        title="Delete user"
        content="Are you sure you want to delete this user?"
        confirmLabel="Delete"
        danger
        loading={busy === 'delete'}
        onConfirm={() => void remove()}
        onClose={close}
      />
    </Section>
  );
}

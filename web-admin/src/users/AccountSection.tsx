// The user page's account actions: a complimentary subscription (1 to 12 months), logging in as the fan (a proxy
// session on the fan site) and deleting the user.
import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DeleteIcon from '@mui/icons-material/Delete';
import LoginIcon from '@mui/icons-material/Login';
import { useNotify, useRedirect } from 'react-admin';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { mayDo } from '../access';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Section, useRunner } from './actionParts';
import { startProxySession, userActions } from './userApi';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function AccountSection({ record, permissions }: { record: AdminUserRecord; permissions: unknown }) {
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

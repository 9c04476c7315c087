// Ribbons under the top bar: the email opt-in prompt for subscribers and the pending
// email-change notice. Resending is allowed 2 minutes after the last mail; until then a live countdown shows.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import type { MeView } from '../../../domain/user/wire';
import { api } from '../api';
import { useAuth, useModelName } from '../auth';
import { useNotify } from '../notify';
import { toApiError } from './FormKit';
import { NO_MAIL_SERVER, useMailWaitsInOutbox } from '../mailDelivery';
import { isoTimeMs, useChangeEmailActions, useResend, WaitNotice } from './EmailResend';

export { RESEND_WAIT_MS, useChangeEmailActions, useSecondsLeft, WaitNotice, waitText } from './EmailResend';

/** Statuses that show the opt-in prompt, and the one that shows "check your email". */
const PROMPT_STATUSES = new Set(['pending', 'opt_out']);
const LINK_SENT = 'link_sent';

export function optInRibbonVisible(me: MeView | null): boolean {
  return !!me && (PROMPT_STATUSES.has(me.emailOptInStatus) || me.emailOptInStatus === LINK_SENT);
}

function Ribbon({ icon, children, actions, onClose, testId, closeLabel = 'Close' }: { icon: ReactNode; children: ReactNode; actions: ReactNode; onClose?: () => void; testId: string; closeLabel?: string }) {
  return (
    <Box
      role="region"
      aria-label="Email notice"
      data-testid={testId}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: (t) => alpha(t.palette.primary.main, 0.12),
      }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 1.5, sm: 3 },
          py: 1.25,
          display: 'flex',
          alignItems: { xs: 'flex-start', md: 'center' },
          gap: { xs: 1, sm: 1.5 },
          flexWrap: { xs: 'wrap', md: 'nowrap' },
        }}
      >
        <Box sx={{ color: 'primary.main', display: 'flex', pt: { xs: 0.25, md: 0 } }} aria-hidden>
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, flexBasis: { xs: 'calc(100% - 80px)', md: 'auto' } }}>{children}</Box>
        {onClose && (
          <IconButton size="small" onClick={onClose} aria-label={closeLabel} sx={{ order: { xs: 2, md: 4 }, mt: { xs: -0.5, md: 0 } }} data-testid={`${testId}-close`}>
            <CloseRounded fontSize="small" />
          </IconButton>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', order: 3, width: { xs: '100%', md: 'auto' }, pl: { xs: 4, md: 0 }, flexShrink: 0 }}>{actions}</Box>
      </Box>
    </Box>
  );
}

const PROMPT_SHOWN_KEY = 'fanclub.optInPromptShown';

function OptInRibbon({ me }: { me: MeView }) {
  const outbox = useMailWaitsInOutbox();
  const { refresh } = useAuth();
  const notify = useNotify();
  const modelName = useModelName();
  const [busy, setBusy] = useState<string | null>(null);
  const reported = useRef(false);
  const status = me.emailOptInStatus;
  const prompting = PROMPT_STATUSES.has(status);

  // Tell the server once that the prompt was shown.
  useEffect(() => {
    if (!prompting || reported.current) return;
    reported.current = true;
    const key = `${PROMPT_SHOWN_KEY}:${me._id}`;
    try {
      if (localStorage.getItem(key)) return;
      localStorage.setItem(key, '1');
    } catch {
      /* ignore */
    }
    api.get('/api/update-opt-in-email-popup-display-status').catch(() => undefined);
  }, [prompting, me._id]);

  const update = async (opt_in_status: 'link_sent' | 'no_thanks' | 'dismissed') => {
    const { message, position } = await api.post<unknown>('/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status });
    if (opt_in_status === 'link_sent') notify(outbox ? NO_MAIL_SERVER : message || 'Please check your email.', outbox ? 'warning' : 'success');
    await refresh(position).catch(() => undefined);
  };

  const act = async (status: 'link_sent' | 'no_thanks' | 'dismissed') => {
    setBusy(status);
    try {
      await update(status);
    } catch (err) {
      notify(toApiError(err, 'There was a problem in update status.').message, 'error');
    } finally {
      setBusy(null);
    }
  };

  const resend = useResend(isoTimeMs(me.emailLinkSentAt), async () => {
    try {
      await update('link_sent');
    } catch (err) {
      notify(toApiError(err, 'There was a problem in update status.').message, 'error');
      throw err;
    }
  });

  const [continuing, setContinuing] = useState(false);
  const spinner = <CircularProgress size={16} color="inherit" />;

  if (prompting) {
    return (
      <Ribbon
        testId="optin-ribbon"
        icon={<NotificationsActiveRounded />}
        onClose={busy ? undefined : () => void act('dismissed')}
        actions={
          <>
            <Button size="small" variant="contained" onClick={() => void act('link_sent')} disabled={!!busy} startIcon={busy === 'link_sent' ? spinner : undefined} data-testid="optin-enable">
              Enable email notification
            </Button>
            <Button size="small" color="inherit" onClick={() => void act('no_thanks')} disabled={!!busy} startIcon={busy === 'no_thanks' ? spinner : undefined} data-testid="optin-no-thanks">
              No thanks
            </Button>
          </>
        }
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Never miss a post
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Get an email when {modelName} posts new content, goes live or sends you a message.
        </Typography>
      </Ribbon>
    );
  }

  return (
    <Ribbon
      testId="optin-sent-ribbon"
      icon={<MarkEmailUnreadRounded />}
      onClose={busy ? undefined : () => void act('dismissed')}
      actions={
        <>
          <Button size="small" variant="outlined" color="inherit" onClick={() => void resend.run()} disabled={resend.busy || resend.left > 0} startIcon={resend.busy ? spinner : undefined} data-testid="optin-resend">
            Resend email
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={continuing}
            onClick={() => {
              setContinuing(true);
              void refresh()
                .catch(() => undefined)
                .finally(() => setContinuing(false));
            }}
            startIcon={continuing ? spinner : undefined}
            data-testid="optin-continue"
          >
            Continue
          </Button>
        </>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {outbox ? NO_MAIL_SERVER : 'Please check your email.'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {outbox ? 'Open the confirmation link' : `We sent a confirmation link to ${me.email}. Open it`} to turn on email notifications, then press Continue.
      </Typography>
      <WaitNotice seconds={resend.left} />
    </Ribbon>
  );
}

function ChangeEmailRibbon({ me }: { me: MeView }) {
  const outbox = useMailWaitsInOutbox();
  const { resend, dismiss, dismissing } = useChangeEmailActions();
  const spinner = <CircularProgress size={16} color="inherit" />;
  return (
    <Ribbon
      testId="change-email-ribbon"
      icon={<MarkEmailUnreadRounded />}
      actions={
        <>
          <Button size="small" variant="contained" onClick={() => void resend.run()} disabled={resend.busy || resend.left > 0 || dismissing} startIcon={resend.busy ? spinner : undefined} data-testid="change-email-resend">
            Resend
          </Button>
          <Button size="small" color="inherit" onClick={() => void dismiss()} disabled={dismissing || resend.busy} startIcon={dismissing ? spinner : undefined} data-testid="change-email-dismiss">
            Dismiss
          </Button>
        </>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        Please verify your new email {me.pendingEmailChange?.email}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="change-email-sent">
        {outbox ? NO_MAIL_SERVER : 'We sent a verification link to it.'} Your email changes once you open the link.
      </Typography>
      <WaitNotice seconds={resend.left} />
    </Ribbon>
  );
}

/** The one email ribbon that applies: a pending email change first, else the opt-in prompt (subscribers). */
export default function EmailRibbons({ optIn }: { optIn: boolean }) {
  const { me } = useAuth();
  if (!me) return null;
  if (me.pendingEmailChange) return <ChangeEmailRibbon me={me} />;
  if (optIn && optInRibbonVisible(me)) return <OptInRibbon me={me} />;
  return null;
}

// The installable app's popups and background duties:
//   - install-as-app card at the bottom, never modal (with the browser's own install prompt where it has one): a stored counter moved once per app start; it shows at 3, 12, 21 and 30; closing adds
//     one; 50 goes back to 12; "Don't show again" stops it (domain/push/push.ts);
//   - the push prompt: different words for admins and fans; never for a proxy session, support or the live-stream
//     manager (the server says which prompt, or none);
//   - the help popup five days after subscribing without web notifications;
//   - none over a checkout or payment page (it waits until the fan leaves it);
//   - send-device-info once per app start; the feed reloads when the app comes back after 900 seconds away.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InstallMobileRounded from '@mui/icons-material/InstallMobileRounded';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { installPopupShows, isPaymentPage, LIVE_PUSH_REGISTRATION_DELAY_MS, PWA_FEED_REFRESH_SECONDS } from '../../../domain/push/push';
import { flag, isStandalone, moveInstallCounter, pushSupported, sendDeviceInfo, subscribeThisDevice, thisDeviceSubscribed } from './pwa';
import { usePushPreferences } from './preferences';

interface InstallEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
// The browser's own install prompt, kept to be shown from the popup's Install button; it may arrive after the popup.
let deferredInstall: InstallEvent | null = null;
const installListeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferredInstall = e as InstallEvent;
    installListeners.forEach((l) => l());
  });
}
const useInstallEvent = (): InstallEvent | null =>
  useSyncExternalStore((l) => {
    installListeners.add(l);
    return () => installListeners.delete(l);
  }, () => deferredInstall);

const PROMPT_LATER_KEY = 'fanclub.pushPromptLater';
const HELP_CLOSED_KEY = 'fanclub.pushHelpClosed';
const PROMPT_AGAIN_MS = 7 * 24 * 3600 * 1000;

type Popup = 'install' | 'push' | 'help' | null;

export default function PwaPopups() {
  const { token, me } = useAuth();
  const proxy = useIsProxy();
  const name = useModelName();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [popup, setPopup] = useState<Popup>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const installEvent = useInstallEvent();

  // Once per app start: the install counter moves on, and decides whether the install popup shows.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (isStandalone()) return;
    try {
      if (sessionStorage.getItem('fanclub.appStarted')) return;
      sessionStorage.setItem('fanclub.appStarted', '1');
    } catch {
      /* no session storage: count this load */
    }
    const counter = moveInstallCounter('visit');
    if (installPopupShows(counter)) setPopup('install');
  }, []);

  // Signed in (not a proxy view): report the device, and see whether a push prompt or the help popup is due.
  const on = !!token && !!me && !proxy;
  useEffect(() => {
    if (on) void sendDeviceInfo();
  }, [on, me]);
  const prefsQuery = usePushPreferences(on);
  const prefs = on ? (prefsQuery.data ?? null) : null;
  useEffect(() => {
    if (!prefs) return;
    let cancelled = false;
    void (async () => {
      const p = prefs;
      const later = Number(flag.get(PROMPT_LATER_KEY) ?? 0);
      const subscribed = await thisDeviceSubscribed();
      const due = p.prompt && pushSupported() && Notification.permission === 'default' && !subscribed && Date.now() - later > PROMPT_AGAIN_MS;
      // On a live-stream page the push registration waits 3 seconds, after the camera and microphone setup.
      if (due && /^\/(group-)?live-stream/.test(location.pathname)) await new Promise((r) => setTimeout(r, LIVE_PUSH_REGISTRATION_DELAY_MS));
      if (cancelled) return;
      setPopup((cur) => {
        if (cur) return cur;
        if (due) return 'push';
        if (p.show_notification_help_popup && !flag.get(HELP_CLOSED_KEY)) return 'help';
        return null;
      });
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [prefs]);

  // The feed reloads when the app comes back to it after 900 seconds away.
  useEffect(() => {
    let hiddenAt = 0;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt >= PWA_FEED_REFRESH_SECONDS * 1000 && location.pathname === '/') location.reload();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // A due popup waits while the fan is on a checkout or payment page, and shows once they leave it.
  if (!popup || isPaymentPage(pathname)) return null;
  const close = () => setPopup(null);

  if (popup === 'install') {
    const ios = /iphone|ipad|ipod/i.test(navigator.userAgent);
    const later = () => {
      moveInstallCounter('close');
      close();
    };
    // Not a modal: a card at the bottom the fan can ignore while the page (its Subscribe button too) stays usable.
    return (
      <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ bottom: { xs: 72, sm: 24 } }}>
        <Paper elevation={8} role="region" aria-labelledby="install-popup-title" data-testid="install-popup" sx={{ p: 2, maxWidth: 440, width: '100%', borderRadius: 3 }}>
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            <InstallMobileRounded color="primary" aria-hidden sx={{ mt: 0.25 }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography id="install-popup-title" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                Install {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {installEvent
                  ? `Add ${name} to your home screen: it opens like an app and can notify you about new posts and live streams.`
                  : ios
                    ? `Tap the Share button, then "Add to Home Screen" to install ${name} as an app.`
                    : `Use your browser's menu and choose "Install app" or "Add to Home screen" to install ${name}.`}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            <Button size="small" color="inherit" onClick={() => { moveInstallCounter('never'); close(); }}>Don't show again</Button>
            <Button size="small" onClick={later}>Close</Button>
            {installEvent && (
              <Button size="small" variant="contained" onClick={async () => {
                const ev = installEvent;
                deferredInstall = null;
                installListeners.forEach((l) => l());
                await ev.prompt();
                const choice = await ev.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
                moveInstallCounter(choice.outcome === 'accepted' ? 'never' : 'close');
                close();
              }}>Install</Button>
            )}
          </Stack>
        </Paper>
      </Snackbar>
    );
  }

  if (popup === 'push' && prefs?.prompt) {
    const admin = prefs.prompt === 'admin';
    return (
      <Dialog open onClose={() => { flag.set(PROMPT_LATER_KEY, String(Date.now())); close(); }} data-testid="push-prompt" maxWidth="xs" fullWidth>
        <DialogTitle>{admin ? 'Get notified about your fans' : `Never miss a post from ${name}`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {admin
              ? 'Turn on notifications on this device to hear about new messages from fans, even when the console is closed.'
              : 'Turn on notifications to hear about new posts, offers, live streams and messages, even when the site is closed.'}
          </DialogContentText>
          {problem && <DialogContentText color="error" sx={{ mt: 1 }}>{problem}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => { flag.set(PROMPT_LATER_KEY, String(Date.now())); close(); }}>Not now</Button>
          <Button variant="contained" onClick={async () => {
            try {
              await subscribeThisDevice(prefs.vapid_public_key);
              close();
            } catch (e) {
              setProblem((e as Error).message);
            }
          }}>Turn on</Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (popup === 'help') {
    return (
      <Dialog open onClose={() => { flag.set(HELP_CLOSED_KEY, '1'); close(); }} data-testid="notification-help-popup" maxWidth="xs" fullWidth>
        <DialogTitle>Stay up to date</DialogTitle>
        <DialogContent>
          <DialogContentText>
            You have been a member for a few days without notifications. Turn on web notifications on this device, or email
            notifications in your profile, so you never miss a new post or a live stream.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => { flag.set(HELP_CLOSED_KEY, '1'); close(); }}>Close</Button>
          <Button variant="contained" onClick={() => { flag.set(HELP_CLOSED_KEY, '1'); close(); if (pathname !== '/profile/notification-preference') navigate('/profile/notification-preference'); }}>Notification preferences</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return null;
}

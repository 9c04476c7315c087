// The live connection's place in the console layout (issue 13): one socket while the layout is up (react-admin
// shows the layout only when signed in, so logging out closes it), and a small "Reconnecting…" chip while the
// socket is down.
import { useEffect } from 'react';
import { Chip, CircularProgress, Fade } from '@mui/material';
import { useLogoutIfAccessDenied } from 'react-admin';
import { api } from '../api';
import { startLive, useLiveState } from '../realtime';

export function LiveConnection() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(
    () =>
      // The server ended the session (4401/4403): ask for `me` as on an expired session; its 401 signs out.
      startLive(() => {
        api('/api/users/me').catch(error => void logoutIfAccessDenied(error));
      }),
    // Once per mounted layout: the hook's function changes identity across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    []
  );
  return null;
}

/** Shown only while the socket reconnects; unobtrusive, under the app bar. */
export function ReconnectingChip() {
  const state = useLiveState();
  return (
    <Fade in={state === 'reconnecting'} unmountOnExit>
      <Chip
        role="status"
        data-testid="live-reconnecting"
        size="small"
        icon={<CircularProgress size={12} thickness={5} color="inherit" />}
        label="Reconnecting…"
        sx={{
          position: 'fixed',
          top: { xs: 64, sm: 72 },
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: t => t.zIndex.snackbar,
          bgcolor: 'background.paper',
          boxShadow: 2,
          pointerEvents: 'none',
        }}
      />
    </Fade>
  );
}

// The live connection's place in the console layout: one socket while the layout is up (react-admin
// shows the layout only when signed in, so logging out closes it), and a small "Reconnecting…" chip in the app
// bar while the socket is down.
import { useEffect } from 'react';
import SyncIcon from '@mui/icons-material/Sync';
import { useLogoutIfAccessDenied } from 'react-admin';
import { ReconnectingChip as SharedReconnectingChip } from '../../../web-shared/realtime/ReconnectingChip';
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

/** Shown only while the socket reconnects: a small chip in the app bar, beside the title. */
export function ReconnectingChip() {
  return <SharedReconnectingChip state={useLiveState()} icon={<SyncIcon fontSize="small" />} sx={{ mx: 1, color: 'inherit', bgcolor: 'rgba(255, 255, 255, 0.18)' }} />;
}

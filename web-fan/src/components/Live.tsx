// The live connection's place in the shell: one socket while signed in, the navbar's wallet balance
// kept current from UPDATE_USER_AMOUNT, and a small "Reconnecting…" chip in the navbar while the socket is down.
import { lazy, Suspense, useEffect, useState } from 'react';
import SyncRounded from '@mui/icons-material/SyncRounded';
import { useAuth } from '../auth';
import { startLive, useFrame, useLiveState } from '../realtime';

const SharedReconnectingChip = lazy(() => import('../../../web-shared/realtime/ReconnectingChip').then((m) => ({ default: m.ReconnectingChip })));

/** Mounted once, inside the AuthProvider: the socket lives as long as the session. */
export function LiveConnection() {
  const { token, me, refresh } = useAuth();
  const userId = token ? me?._id ?? null : null;
  useEffect(() => {
    if (!userId) return;
    // The server ended the session (4401/4403): ask for `me` as on an expired session; its 401 signs out.
    return startLive(() => void refresh().catch(() => undefined));
  }, [userId, refresh]);
  // The balance in the navbar and on the wallet page is `me.wallet_amount_cents`.
  useFrame<{ walletBalanceCents?: number }>(
    'UPDATE_USER_AMOUNT',
    (data) => {
      if (typeof data.walletBalanceCents === 'number' && data.walletBalanceCents !== me?.wallet_amount_cents) void refresh().catch(() => undefined);
    },
    !!userId,
  );
  // After a reconnect `me` is read again with every other query (the cache marks them all stale: ../realtime).
  return null;
}

/**
 * Shown only while the socket reconnects: a small chip in the navbar (the spinner alone on phones). The chip loads
 * with the first reconnect and stays mounted, so it fades out when the connection is back.
 */
export function ReconnectingChip() {
  const state = useLiveState();
  const [needed, setNeeded] = useState(false);
  if (state === 'reconnecting' && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SharedReconnectingChip state={state} variant="outlined" icon={<SyncRounded fontSize="small" />} sx={{ color: 'text.secondary' }} />
    </Suspense>
  );
}

// The live announcement: while the creator is live, a ribbon under the navbar with Join
// Stream, and a popup when a session starts while the fan is on the site. Join Stream also sits in the fan's chat
// header while a session is live and not yet joined. Only fans see them (staff go live in the
// console; a proxy view never joins).
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SensorsRounded from '@mui/icons-material/SensorsRounded';
import { livePopupFromFrame, showsLivePopup, type LivePopup } from '../../../domain/live-client/rules';
import { formatMoney } from '../../../domain/shared/money';
import { useAuth, useIsProxy } from '../auth';
import { useFrame } from '../realtime';
import { useCurrentLive, type CurrentLive } from './liveApi';

const isLivePath = (p: string) => p.startsWith('/group-live-stream') || p.startsWith('/live-stream');
export const livePathOf = (s: Pick<CurrentLive, 'isGroup'>) => (s.isGroup ? '/group-live-stream' : '/live-stream');

function useFanLive() {
  const { me } = useAuth();
  const proxy = useIsProxy();
  const fan = !!me && me.role === 'user' && !proxy;
  const { live } = useCurrentLive();
  return fan ? live : null;
}

export function LiveAnnouncement() {
  const live = useFanLive();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [popup, setPopup] = useState<LivePopup | null>(null);
  // Fans' GROUP_LIVE_STARTED is empty (the session comes from GET /api/stream/current): the popup is for the next session.
  useFrame<{ sessionId?: string; publisherName?: string }>('GROUP_LIVE_STARTED', (d) => setPopup(livePopupFromFrame(d, true, live?.sessionId ?? null)));
  useFrame<{ sessionId?: string; publisherName?: string }>('GO_LIVE', (d) => d.sessionId && setPopup(livePopupFromFrame(d, false, null)));
  if (!live || isLivePath(pathname)) return null;
  const join = () => {
    setPopup(null);
    navigate(livePathOf(live));
  };
  const showPopup = showsLivePopup(popup, live);
  return (
    <>
      {dismissed !== live.sessionId && !live.isJoined ? (
        <Box
          role="status"
          data-testid="live-ribbon"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1.5, sm: 3 }, py: 1, bgcolor: '#c62828', color: '#fff' }}
        >
          <SensorsRounded aria-hidden />
          <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, fontSize: { xs: 14, sm: 16 }, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {live.publisherName || 'The creator'} is live{live.isGroup ? '' : ' with you'} now
            {!live.isGroup && live.pricePerMinuteCents > 0 ? ` · ${formatMoney(live.pricePerMinuteCents)} per minute` : ''}
          </Typography>
          <Button variant="contained" color="inherit" size="small" onClick={join} data-testid="live-ribbon-join" sx={{ color: '#c62828', bgcolor: '#fff', flexShrink: 0, '&:hover': { bgcolor: '#ffebee' } }}>
            Join Stream
          </Button>
          <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => setDismissed(live.sessionId)}>
            <CloseRounded fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      <Dialog open={showPopup} onClose={() => setPopup(null)} aria-labelledby="live-popup-title" data-testid="live-popup" maxWidth="xs" fullWidth>
        <DialogTitle id="live-popup-title">Live stream</DialogTitle>
        <DialogContent>
          <Typography>
            {popup?.name || live.publisherName || 'The creator'} started a live stream{popup && !popup.isGroup ? ' with you' : ''}.
            {!live.isGroup && live.pricePerMinuteCents > 0 ? ` It costs ${formatMoney(live.pricePerMinuteCents)} per minute from your wallet.` : ''}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPopup(null)}>Not now</Button>
          <Button variant="contained" onClick={join} data-testid="live-popup-join">
            Join Stream
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Join Stream in the fan's chat header: while a session is live for this fan and not yet joined. */
export function JoinStreamButton() {
  const live = useFanLive();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!live || live.isJoined || isLivePath(pathname)) return null;
  return (
    <Button variant="contained" color="error" size="small" startIcon={<SensorsRounded />} onClick={() => navigate(livePathOf(live))} data-testid="chat-join-stream" sx={{ flexShrink: 0 }}>
      Join Stream
    </Button>
  );
}

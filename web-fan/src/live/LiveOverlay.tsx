// What lies over the live video: the top bar (LIVE badge and timer, viewer count, the title, mute, expand/contain,
// close) and the state in the middle (connecting; no stream, ended, refused or failed, with what the fan can do).
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import FitScreenRounded from '@mui/icons-material/FitScreenRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import { JOIN_STREAM_ERROR } from '../../../web-shared/live/janus';
import { LIVE_CONNECTING, LIVE_ENDED } from '../../../domain/live-client/rules';
import { glass, LiveBadge, ViewerCountButton } from './LiveParts';
import type { LivePhase } from './joinLive';
import type { CurrentLive } from './liveApi';

export function LiveTopBar({
  phase,
  session,
  viewers,
  title,
  muted,
  objectFit,
  onMute,
  onFit,
  onShowViewers,
  onAskClose,
}: {
  phase: LivePhase;
  session: CurrentLive | null;
  viewers: number;
  title?: ReactNode;
  muted: boolean;
  objectFit: 'contain' | 'cover';
  onMute: () => void;
  onFit: () => void;
  onShowViewers: () => void;
  onAskClose: () => void;
}) {
  const on = phase === 'live' || phase === 'connecting';
  return (
    <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, p: { xs: 1, sm: 1.5 }, display: 'flex', alignItems: 'center', gap: 1, background: 'linear-gradient(rgba(0,0,0,.55), transparent)' }}>
      {on ? <LiveBadge startedAt={session?.startedAt ?? null} /> : null}
      {session && on ? <ViewerCountButton count={viewers} onClick={onShowViewers} /> : null}
      <Typography noWrap sx={{ color: '#fff', fontWeight: 600, flex: 1, minWidth: 0, textShadow: '0 1px 2px #000' }} data-testid="live-title">
        {title ?? session?.publisherName ?? ''}
      </Typography>
      {on ? (
        <>
          <Tooltip title={muted ? 'Unmute' : 'Mute'}>
            <IconButton onClick={onMute} aria-label={muted ? 'Unmute' : 'Mute'} data-testid="live-mute" sx={glass}>
              {muted ? <VolumeOffRounded /> : <VolumeUpRounded />}
            </IconButton>
          </Tooltip>
          <Tooltip title={objectFit === 'contain' ? 'Expand' : 'Contain'}>
            <IconButton onClick={onFit} aria-label={objectFit === 'contain' ? 'Expand the video' : 'Fit the video'} data-testid="live-fit" data-fit={objectFit} sx={glass}>
              {objectFit === 'contain' ? <FullscreenRounded /> : <FitScreenRounded />}
            </IconButton>
          </Tooltip>
        </>
      ) : null}
      <Tooltip title="Close">
        <IconButton onClick={onAskClose} aria-label="Close the live stream" data-testid="live-close" sx={glass}>
          <CloseRounded />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** The state in the middle of the video: a spinner while joining; no stream, ended, refused or failed with the way on. */
export function LiveStatus({
  phase,
  problem,
  isGroup,
  canAddFunds,
  onRetry,
  onAddFunds,
  onLeave,
}: {
  phase: LivePhase;
  problem: string | null;
  isGroup: boolean;
  canAddFunds: boolean;
  onRetry: () => void;
  onAddFunds: () => void;
  onLeave: (reason: 'closed' | 'ended') => void;
}) {
  if (phase === 'loading' || phase === 'connecting') {
    return (
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
        <Box sx={{ textAlign: 'center', color: '#fff' }} data-testid="live-connecting">
          <CircularProgress color="inherit" size={36} />
          <Typography sx={{ mt: 1.5 }}>{LIVE_CONNECTING}</Typography>
        </Box>
      </Box>
    );
  }
  if (phase !== 'none' && phase !== 'ended' && phase !== 'error' && phase !== 'refused') return null;
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ textAlign: 'center', color: '#fff', maxWidth: 420 }} data-testid={`live-${phase}`}>
        <Typography variant="h6" component="p">
          {phase === 'none' ? 'There is no live stream right now.' : phase === 'ended' ? problem ?? LIVE_ENDED : problem ?? JOIN_STREAM_ERROR}
        </Typography>
        <Box sx={{ mt: 2, display: 'flex', gap: 1, justifyContent: 'center' }}>
          {phase === 'error' ? (
            <Button variant="contained" onClick={onRetry} data-testid="live-retry">
              Try again
            </Button>
          ) : null}
          {phase === 'refused' && canAddFunds ? (
            <Button variant="contained" onClick={onAddFunds} data-testid="live-add-funds">
              Add Funds
            </Button>
          ) : null}
          <Button variant="outlined" color="inherit" onClick={() => onLeave(phase === 'ended' ? 'ended' : 'closed')}>
            {isGroup ? 'Go To Home' : 'Back to chat'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

// The fan watching a live stream: group at /group-live-stream, one-to-one at
// /live-stream/:id? (a modal with the creator's name and the live chat beside it). On open: the session on air, a
// personal token, then the Janus relay (useLiveSession.ts, joinLive.ts). Muted at first (browsers only autoplay
// muted), with the dismissible notice to turn on the volume; expand/contain (contain from 1024 px); comments and
// tips; the viewers list. GROUP_LIVE_STOPPED: leave and go to /. Closing asks 'Are you sure that you want to close
// the Go Live session?', gives the token back and leaves.
// A paid one-to-one first asks the fan to confirm the rate (with their wallet balance; Add Funds when it does not pay
// a minute) and joins with that price; during the call its time and cost show over the video. When the creator's
// feed goes (their connection dropped, a reload), the page lets go of its connection and token — the server stops the
// call time — and joins again with a new token once a new feed is up.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Portal from '@mui/material/Portal';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CLOSE_LIVE_CONFIRM, callTerms, videoFit } from '../../../domain/live-client/rules';
import { errorMessage } from '../api';
import { useAuth } from '../auth';
import { liveApi } from './liveApi';
import { CommentBox, CommentOverlay, TipButton } from './LiveParts';
import { LiveStatus, LiveTopBar } from './LiveOverlay';
import { useLiveSession } from './useLiveSession';
import { ViewersDialog } from '../../../web-shared/live/ViewersDialog';
import { LiveTipDialog } from './LiveTip';
import { CallConfirmDialog, CallCost } from './LiveCall';
import { BELOW_TOASTS } from '../notify';
import type { AddFundsResult } from '../wallet/AddFundsDialog';

const AddFundsDialog = lazy(() => import('../wallet/AddFundsDialog'));

export interface LiveViewerProps {
  /** Which kind of session this page shows (a one-to-one page ignores a group session and the other way round). */
  isGroup: boolean;
  /** Where "close" and the end go. */
  onLeave: (reason: 'closed' | 'ended') => void;
  /** The one-to-one layout: the video with the chat panel beside it. */
  layout: 'full' | 'modal';
  title?: ReactNode;
  /** The modal's panel beside the video (one-to-one: the private chat); the live comments then sit on the video. */
  side?: ReactNode;
}

export function LiveViewer({ isGroup, onLeave, layout, title, side }: LiveViewerProps) {
  const { me } = useAuth();
  const wide = useMediaQuery('(min-width:1024px)', { noSsr: true });
  const live = useLiveSession(isGroup);
  const { phase, session, call } = live;
  const [muted, setMuted] = useState(true);
  // The volume notice shows until sound is first turned on or the fan dismisses it; muting again does not bring it back.
  const [notice, setNotice] = useState(true);
  const setSound = (on: boolean) => {
    setMuted(!on);
    if (on) setNotice(false);
  };
  const [fit, setFit] = useState<'contain' | 'cover' | null>(null);
  const [askClose, setAskClose] = useState(false);
  const [showViewers, setShowViewers] = useState(false);
  const [tipping, setTipping] = useState(false);

  const mayTip = me?.role === 'user';
  const close = () => {
    live.leave();
    onLeave('closed');
  };

  const objectFit = videoFit(wide ? 1024 : 0, fit);
  const modal = layout === 'modal';

  const overlay = (
    <>
      <LiveTopBar
        phase={phase}
        session={session}
        viewers={live.viewers}
        title={title}
        muted={muted}
        objectFit={objectFit}
        onMute={() => setSound(muted)}
        onFit={() => setFit(objectFit === 'contain' ? 'cover' : 'contain')}
        onShowViewers={() => setShowViewers(true)}
        onAskClose={() => setAskClose(true)}
      />

      {/* a paid call: its time and cost so far */}
      {call && !isGroup && (phase === 'live' || phase === 'connecting') ? (
        <Box sx={{ position: 'absolute', top: { xs: 52, sm: 60 }, left: { xs: 8, sm: 12 }, right: { xs: 8, sm: 'auto' } }}>
          <CallCost call={call} skewMs={live.skewMs} />
        </Box>
      ) : null}

      {/* the notice, the state in the middle */}
      {phase === 'live' && notice && muted ? (
        <Alert
          severity="info"
          variant="filled"
          onClose={() => setNotice(false)}
          data-testid="live-volume-notice"
          // Below the toasts' band: a toast ('Thank you for your tip!') would cover it where the top bar ends.
          sx={{ position: 'absolute', top: BELOW_TOASTS, left: '50%', transform: 'translateX(-50%)', width: 'min(92%, 440px)', boxShadow: 4 }}
          action={
            <Button color="inherit" size="small" onClick={() => setSound(true)} sx={{ whiteSpace: 'nowrap' }}>
              Turn on
            </Button>
          }
        >
          The live stream has started. Turn on the volume to hear it.
        </Alert>
      ) : null}
      <LiveStatus phase={phase} problem={live.problem} isGroup={isGroup} canAddFunds={live.shortfall !== null} onRetry={live.retry} onAddFunds={() => live.addFunds()} onLeave={onLeave} />
    </>
  );

  const commentsPanel =
    phase === 'live' || phase === 'connecting' ? (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <CommentOverlay comments={live.comments} compact={!wide} />
        {me && me.role !== 'proxy_user' ? <CommentBox isGroup={isGroup} tipButton={mayTip ? <TipButton onClick={() => setTipping(true)} /> : null} /> : null}
      </Box>
    ) : null;

  const view = (
    <Box
      data-testid={isGroup ? 'group-live-stream' : 'one-to-one-live'}
      data-phase={phase}
      sx={modal ? { display: 'flex', flexDirection: { xs: 'column', md: 'row' }, height: '100%', bgcolor: '#000' } : { position: 'fixed', inset: 0, zIndex: (t) => t.zIndex.modal - 1, bgcolor: '#000' }}
    >
      <Box sx={{ position: 'relative', flex: 1, minHeight: modal ? { xs: '55%', md: 0 } : '100%', overflow: 'hidden' }}>
        <video
          ref={live.video}
          autoPlay
          playsInline
          muted={muted}
          data-testid="live-video"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit, background: '#000' }}
        />
        {overlay}
        {!modal || side ? (
          <Box sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, p: { xs: 1, sm: 2 }, pb: { xs: 'max(8px, env(safe-area-inset-bottom))', sm: 2 }, background: 'linear-gradient(transparent, rgba(0,0,0,.5))' }}>
            <Box sx={{ maxWidth: 520 }}>{commentsPanel}</Box>
          </Box>
        ) : null}
      </Box>
      {modal ? (
        <Box
          sx={{ width: { xs: '100%', md: 400 }, flex: { xs: 1, md: 'none' }, minHeight: 0, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', p: side ? 0 : 1.5, bgcolor: side ? 'background.default' : '#111', borderLeft: { md: '1px solid rgba(255,255,255,.12)' } }}
          data-testid="live-chat-panel"
        >
          {side ?? commentsPanel}
        </Box>
      ) : null}

      <Dialog open={askClose} onClose={() => setAskClose(false)} aria-describedby="live-close-text" data-testid="live-close-dialog">
        <DialogContent>
          <DialogContentText id="live-close-text">{CLOSE_LIVE_CONFIRM}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskClose(false)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              setAskClose(false);
              close();
            }}
            data-testid="live-close-confirm"
          >
            Yes
          </Button>
        </DialogActions>
      </Dialog>
      <ViewersDialog open={showViewers} onClose={() => setShowViewers(false)} load={liveApi.viewers} errorText={errorMessage} />
      {call && session && !isGroup ? (
        <CallConfirmDialog
          open={phase === 'confirm' && !live.addingFunds}
          call={call}
          creator={typeof title === 'string' ? title : session.publisherName}
          onJoin={() => live.confirmRate(session.sessionId, call.pricePerMinuteCents)}
          onAddFunds={() => live.addFunds(Math.max(callTerms(call.pricePerMinuteCents, call.walletBalanceCents).shortfallCents, 1))}
          onCancel={() => onLeave('closed')}
        />
      ) : null}
      {mayTip ? <LiveTipDialog open={tipping} isGroup={isGroup} onClose={() => setTipping(false)} /> : null}
      {live.shortfall !== null ? (
        <Suspense fallback={null}>
          <AddFundsDialog
            open={live.addingFunds}
            shortfallCents={live.shortfall}
            onClose={live.closeAddFunds}
            onCompleted={(r: AddFundsResult) => {
              if (!r.confirmed) return;
              live.closeAddFunds();
              live.retry();
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
  // Full screen: in a portal, above the shell's sticky bars; the modal layout stays inside its dialog.
  return modal ? view : <Portal>{view}</Portal>;
}

// The fan watching a live stream: group at /group-live-stream, one-to-one at
// /live-stream/:id? (a modal with the creator's name and the live chat beside it). On open: the session on air
// (GET /api/stream/current), a personal token (POST /api/stream/add_token), then the Janus relay as a subscriber of
// the publisher's feed (web-shared/live/janus.ts). Muted at first (browsers only autoplay muted), with the
// dismissible notice to turn on the volume; expand/contain (contain from 1024 px); comments and tips; the viewers
// list. GROUP_LIVE_STOPPED: leave and go to /. Closing asks 'Are you sure that you want to close the Go Live
// session?', gives the token back and leaves.
// A paid one-to-one first asks the fan to confirm the rate (with their wallet balance; Add Funds when it does not pay
// a minute) and joins with that price; during the call its time and cost show over the video. When the creator's
// feed goes (their connection dropped, a reload), the page lets go of its connection and token — the server stops the
// call time — and joins again with a new token once a new feed is up.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Portal from '@mui/material/Portal';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseRounded from '@mui/icons-material/CloseRounded';
import FitScreenRounded from '@mui/icons-material/FitScreenRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import { browserJanusEnv, JanusError, JOIN_STREAM_ERROR, watchStream, type Viewer } from '../../../web-shared/live/janus';
import { CLOSE_LIVE_CONFIRM, LIVE_CONNECTING, callTerms, mergeComments, videoFit, viewerStopText, type LiveCall, type LiveComment } from '../../../domain/live-client/rules';
import { ApiError, errorMessage } from '../api';
import { useAuth } from '../auth';
import { useFrame, useLiveReload } from '../realtime';
import { liveApi, removeTokenOnUnload, type CurrentLive, type ViewerToken } from './liveApi';
import { CommentBox, CommentOverlay, glass, LiveBadge, TipButton, ViewerCountButton } from './LiveParts';
import { ViewersDialog } from '../../../web-shared/live/ViewersDialog';
import { LiveTipDialog } from './LiveTip';
import { CallConfirmDialog, CallCost } from './LiveCall';
import { insufficientFunds } from '../wallet/walletApi';
import { BELOW_TOASTS } from '../notify';
import type { AddFundsResult } from '../wallet/AddFundsDialog';

const AddFundsDialog = lazy(() => import('../wallet/AddFundsDialog'));

type Phase = 'loading' | 'none' | 'confirm' | 'connecting' | 'live' | 'ended' | 'error' | 'refused';

const FEED_POLL_MS = 2000;

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
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width:1024px)', { noSsr: true });
  const [phase, setPhase] = useState<Phase>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const [session, setSession] = useState<CurrentLive | null>(null);
  const [viewers, setViewers] = useState(0);
  const [comments, setComments] = useState<LiveComment[]>([]);
  const [muted, setMuted] = useState(true);
  const [notice, setNotice] = useState(true);
  const [fit, setFit] = useState<'contain' | 'cover' | null>(null);
  const [askClose, setAskClose] = useState(false);
  const [showViewers, setShowViewers] = useState(false);
  const [tipping, setTipping] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** A billed one-to-one the wallet cannot start (402 INSUFFICIENT_FUNDS): what is missing; Add Funds, then join again. */
  const [shortfall, setShortfall] = useState<number | null>(null);
  const [addingFunds, setAddingFunds] = useState(false);
  /** A paid one-to-one: the call as the server keeps it, and the server's clock less ours. */
  const [call, setCall] = useState<LiveCall | null>(null);
  const [skewMs, setSkewMs] = useState(0);
  /** The price per minute the fan confirmed, for which session. */
  const confirmed = useRef<{ sessionId: string; cents: number } | null>(null);
  /** The session stopped or put us out: no more joining. */
  const halted = useRef(false);
  const video = useRef<HTMLVideoElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const token = useRef<ViewerToken | null>(null);
  const feed = useRef<string | number | null>(null);
  /** Asks the session for the feed now (LIVE_STREAM_DATA) instead of at the next poll. */
  const kick = useRef<(() => void) | null>(null);
  const sessionId = session?.sessionId ?? null;

  const mayTip = me?.role === 'user';
  const showCall = useCallback((c: LiveCall | undefined) => {
    if (!c) return;
    setCall(c);
    setSkewMs(Date.parse(c.serverNow) - Date.now());
  }, []);
  const confirmedPrice = (s: CurrentLive) => (s.call && confirmed.current?.sessionId === s.sessionId ? confirmed.current.cents : null);

  // Join: the session, a token, the feed (once the publisher's camera is up), then Janus.
  useEffect(() => {
    let cancelled = false;
    let poll: ReturnType<typeof setTimeout> | null = null;
    /** The feed that just ended: a publisher coming back (a reload) publishes a new one. */
    let gone: string | number | null = null;
    const env = browserJanusEnv(window.location.origin);
    const connect = async (t: ViewerToken, pubId: string | number) => {
      setPhase('connecting');
      try {
        const v = await watchStream(env, {
          room: t.room,
          token: t.streamToken,
          feed: pubId,
          onTrack: (stream) => {
            if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
            void video.current?.play().catch(() => undefined);
          },
          onState: (s, err) => {
            if (cancelled) return;
            if (s === 'live') setPhase('live');
            else if (s === 'ended') {
              // The publisher went away (or our token was taken back): let go of the connection and the token (the
              // call time stops), and join again with a new token once the session has a new feed.
              letGo();
              if (halted.current) return;
              setPhase('connecting');
              gone = feed.current;
              feed.current = null;
              void waitForFeed(null);
            } else if (s === 'error') {
              letGo();
              setProblem(err?.userMessage ?? 'WebRTC error');
              setPhase('error');
            }
          },
        });
        if (cancelled) return v.close();
        viewer.current = v;
        if (video.current && v.stream.getTracks().length) video.current.srcObject = v.stream;
      } catch (e) {
        if (cancelled) return;
        setProblem(e instanceof JanusError ? e.userMessage : JOIN_STREAM_ERROR);
        setPhase('error');
      }
    };
    /** Our connection and token go (the server is told either way: the socket closes, the token is given back). */
    const letGo = () => {
      const v = viewer.current;
      viewer.current = null;
      v?.close();
      const old = token.current;
      token.current = null;
      if (old) void liveApi.removeToken(old.streamToken).catch(() => undefined);
    };
    /** Waits for the publisher's feed; `t`: the token held meanwhile (null: a new one is asked once the feed is up). */
    const waitForFeed = async (t: ViewerToken | null) => {
      kick.current = null;
      if (cancelled || halted.current) return;
      try {
        const { session: s } = await liveApi.current();
        if (cancelled || halted.current) return;
        if (!s || s.sessionId !== joined) {
          setPhase('ended');
          return;
        }
        setSession(s);
        showCall(s.call);
        const pubId = s.pubId ?? null;
        if (pubId != null && pubId !== '' && String(pubId) !== String(gone)) {
          let held = t;
          if (!held) {
            held = await liveApi.addToken(confirmedPrice(s));
            if (cancelled) return void liveApi.removeToken(held.streamToken).catch(() => undefined);
            token.current = held;
          }
          feed.current = pubId;
          return void connect(held, pubId);
        }
      } catch (e) {
        if (cancelled) return;
        if (e instanceof ApiError && (e.status === 402 || e.status === 403 || e.status === 404 || e.status === 409)) return refuse(e);
        /* try again */
      }
      poll = setTimeout(() => void waitForFeed(t), FEED_POLL_MS);
      kick.current = () => {
        if (poll) clearTimeout(poll);
        poll = null;
        kick.current = null;
        void waitForFeed(t);
      };
    };
    /** The server said no: the wallet (Add Funds for what is missing), the price, or the session is gone. */
    const refuse = (e: unknown) => {
      setProblem(errorMessage(e, JOIN_STREAM_ERROR));
      const short = insufficientFunds(e);
      if (short) {
        // Per-minute one-to-one: the wallet cannot pay the first minute. Add Funds for what is missing (as the
        // tips do), and join again once the top-up is confirmed.
        setShortfall(short.shortfall_cents);
        setAddingFunds(true);
      }
      setPhase(e instanceof ApiError && (e.status === 403 || e.status === 402 || e.status === 409) ? 'refused' : e instanceof ApiError && e.status === 404 ? 'none' : 'error');
    };
    let joined: string | null = null;
    const start = async () => {
      setPhase('loading');
      setProblem(null);
      setShortfall(null);
      halted.current = false;
      try {
        const { session: s } = await liveApi.current();
        if (cancelled) return;
        if (!s || s.isGroup !== isGroup) {
          setSession(null);
          setPhase('none');
          return;
        }
        setSession(s);
        setViewers(s.viewers);
        showCall(s.call);
        joined = s.sessionId;
        // A paid call starts only once the fan confirmed its rate (the dialog shows it with their balance).
        if (s.call && confirmedPrice(s) !== s.call.pricePerMinuteCents) {
          setPhase('confirm');
          return;
        }
        const t = await liveApi.addToken(confirmedPrice(s));
        if (cancelled) {
          void liveApi.removeToken(t.streamToken).catch(() => undefined);
          return;
        }
        token.current = t;
        liveApi
          .messages()
          .then((m) => !cancelled && setComments((list) => mergeComments(list, m.messages)))
          .catch(() => undefined);
        const pubId = t.pubId ?? s.pubId ?? null;
        setPhase('connecting');
        if (pubId != null && pubId !== '') {
          feed.current = pubId;
          await connect(t, pubId);
        } else await waitForFeed(t);
      } catch (e) {
        if (cancelled) return;
        refuse(e);
      }
    };
    void start();
    const unload = () => token.current && removeTokenOnUnload(token.current.streamToken);
    window.addEventListener('pagehide', unload);
    return () => {
      cancelled = true;
      kick.current = null;
      window.removeEventListener('pagehide', unload);
      if (poll) clearTimeout(poll);
      viewer.current?.close();
      viewer.current = null;
      const t = token.current;
      token.current = null;
      if (t) void liveApi.removeToken(t.streamToken).catch(() => undefined);
    };
  }, [isGroup, attempt, showCall]);

  // A publisher whose camera comes up after the page opened: the join polls the session until it names the feed,
  // and asks at once when the session says so.
  useFrame('LIVE_STREAM_DATA', () => kick.current?.());
  // A paid call: its time started or stopped running, a minute was charged — the call as the server has it now.
  const reloadCall = useCallback(() => {
    if (!isGroup) liveApi.current().then((d) => d.session?.sessionId === sessionId && showCall(d.session.call)).catch(() => undefined);
  }, [isGroup, sessionId, showCall]);
  useFrame<{ sessionId?: string }>('LIVE_CALL_TIME', (d) => d.sessionId === sessionId && reloadCall());
  useFrame<{ sessionId?: string }>('LIVE_MINUTE_CHARGED', (d) => d.sessionId === sessionId && reloadCall());
  useFrame<{ sessionId?: string; count?: number }>('SET_VIEWER', (d) => {
    if (d.sessionId === sessionId && typeof d.count === 'number') setViewers(d.count);
  });
  useFrame<LiveComment & { sessionId?: string }>('GROUP_MESSAGE', (d) => {
    if (d.sessionId === sessionId) setComments((list) => mergeComments(list, [d]));
  });
  useFrame<{ sessionId?: string }>('GROUP_LIVE_STOPPED', (d) => {
    if (!isGroup || (d.sessionId && sessionId && d.sessionId !== sessionId)) return;
    // The viewer leaves and, in a group stream, goes to /.
    halted.current = true;
    viewer.current?.close();
    viewer.current = null;
    token.current = null;
    setPhase('ended');
    navigate('/');
  });
  useFrame<{ sessionId?: string; userId?: string | null; reason?: string }>('STOP_LIVE', (d) => {
    if (d.sessionId && sessionId && d.sessionId !== sessionId) return;
    halted.current = true;
    viewer.current?.close();
    viewer.current = null;
    token.current = null;
    reloadCall();
    setProblem(viewerStopText(d.reason, d.userId === me?._id));
    setPhase('ended');
  });
  useLiveReload(
    useCallback(() => {
      if (sessionId) liveApi.messages().then((m) => setComments((list) => mergeComments(list, m.messages))).catch(() => undefined);
    }, [sessionId]),
    !!sessionId,
  );

  const close = () => {
    viewer.current?.close();
    viewer.current = null;
    const t = token.current;
    token.current = null;
    if (t) void liveApi.removeToken(t.streamToken).catch(() => undefined);
    onLeave('closed');
  };

  const objectFit = videoFit(wide ? 1024 : 0, fit);
  const modal = layout === 'modal';

  const overlay = (
    <>
      {/* top bar */}
      <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, p: { xs: 1, sm: 1.5 }, display: 'flex', alignItems: 'center', gap: 1, background: 'linear-gradient(rgba(0,0,0,.55), transparent)' }}>
        {phase === 'live' || phase === 'connecting' ? <LiveBadge startedAt={session?.startedAt ?? null} /> : null}
        {session && (phase === 'live' || phase === 'connecting') ? <ViewerCountButton count={viewers} onClick={() => setShowViewers(true)} /> : null}
        <Typography noWrap sx={{ color: '#fff', fontWeight: 600, flex: 1, minWidth: 0, textShadow: '0 1px 2px #000' }} data-testid="live-title">
          {title ?? session?.publisherName ?? ''}
        </Typography>
        {phase === 'live' || phase === 'connecting' ? (
        <>
        <Tooltip title={muted ? 'Unmute' : 'Mute'}>
          <IconButton onClick={() => setMuted((m) => !m)} aria-label={muted ? 'Unmute' : 'Mute'} data-testid="live-mute" sx={glass}>
            {muted ? <VolumeOffRounded /> : <VolumeUpRounded />}
          </IconButton>
        </Tooltip>
        <Tooltip title={objectFit === 'contain' ? 'Expand' : 'Contain'}>
          <IconButton onClick={() => setFit(objectFit === 'contain' ? 'cover' : 'contain')} aria-label={objectFit === 'contain' ? 'Expand the video' : 'Fit the video'} data-testid="live-fit" data-fit={objectFit} sx={glass}>
            {objectFit === 'contain' ? <FullscreenRounded /> : <FitScreenRounded />}
          </IconButton>
        </Tooltip>
        </>
        ) : null}
        <Tooltip title="Close">
          <IconButton onClick={() => setAskClose(true)} aria-label="Close the live stream" data-testid="live-close" sx={glass}>
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </Box>

      {/* a paid call: its time and cost so far */}
      {call && !isGroup && (phase === 'live' || phase === 'connecting') ? (
        <Box sx={{ position: 'absolute', top: { xs: 52, sm: 60 }, left: { xs: 8, sm: 12 }, right: { xs: 8, sm: 'auto' } }}>
          <CallCost call={call} skewMs={skewMs} />
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
            <Button color="inherit" size="small" onClick={() => setMuted(false)} sx={{ whiteSpace: 'nowrap' }}>
              Turn on
            </Button>
          }
        >
          The live stream has started. Turn on the volume to hear it.
        </Alert>
      ) : null}
      {phase === 'loading' || phase === 'connecting' ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
          <Box sx={{ textAlign: 'center', color: '#fff' }} data-testid="live-connecting">
            <CircularProgress color="inherit" size={36} />
            <Typography sx={{ mt: 1.5 }}>{LIVE_CONNECTING}</Typography>
          </Box>
        </Box>
      ) : null}
      {phase === 'none' || phase === 'ended' || phase === 'error' || phase === 'refused' ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3 }}>
          <Box sx={{ textAlign: 'center', color: '#fff', maxWidth: 420 }} data-testid={`live-${phase}`}>
            <Typography variant="h6" component="p">
              {phase === 'none' ? 'There is no live stream right now.' : phase === 'ended' ? problem ?? 'The live stream has ended.' : problem ?? JOIN_STREAM_ERROR}
            </Typography>
            <Box sx={{ mt: 2, display: 'flex', gap: 1, justifyContent: 'center' }}>
              {phase === 'error' ? (
                <Button variant="contained" onClick={() => setAttempt((n) => n + 1)} data-testid="live-retry">
                  Try again
                </Button>
              ) : null}
              {phase === 'refused' && shortfall !== null ? (
                <Button variant="contained" onClick={() => setAddingFunds(true)} data-testid="live-add-funds">
                  Add Funds
                </Button>
              ) : null}
              <Button variant="outlined" color="inherit" onClick={() => onLeave(phase === 'ended' ? 'ended' : 'closed')}>
                {isGroup ? 'Go To Home' : 'Back to chat'}
              </Button>
            </Box>
          </Box>
        </Box>
      ) : null}
    </>
  );

  const commentsPanel =
    phase === 'live' || phase === 'connecting' ? (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <CommentOverlay comments={comments} compact={!wide} />
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
          ref={video}
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
          open={phase === 'confirm' && !addingFunds}
          call={call}
          creator={typeof title === 'string' ? title : session.publisherName}
          onJoin={() => {
            confirmed.current = { sessionId: session.sessionId, cents: call.pricePerMinuteCents };
            setAttempt((n) => n + 1);
          }}
          onAddFunds={() => {
            setShortfall(Math.max(callTerms(call.pricePerMinuteCents, call.walletBalanceCents).shortfallCents, 1));
            setAddingFunds(true);
          }}
          onCancel={() => onLeave('closed')}
        />
      ) : null}
      {mayTip ? <LiveTipDialog open={tipping} isGroup={isGroup} onClose={() => setTipping(false)} /> : null}
      {shortfall !== null ? (
        <Suspense fallback={null}>
          <AddFundsDialog
            open={addingFunds}
            shortfallCents={shortfall}
            onClose={() => setAddingFunds(false)}
            onCompleted={(r: AddFundsResult) => {
              if (!r.confirmed) return;
              setAddingFunds(false);
              setAttempt((n) => n + 1);
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
  // Full screen: in a portal, above the shell's sticky bars; the modal layout stays inside its dialog.
  return modal ? view : <Portal>{view}</Portal>;
}

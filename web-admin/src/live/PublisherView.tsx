// The publisher's live view: camera and microphone (selectors on
// desktop, camera flip on phones), then POST /api/stream/start_stream, Janus through the relay as the publisher with
// the API's token (web-shared/live/janus.ts), POST set_stream_data with the feed. Full screen: LIVE badge, timer,
// viewer count → 'Live Stream Viewers', tip total (only above 0; SET_TIP_AMOUNT), overlay darkness in steps of 10 up
// to 30 then off, the comment overlay (and a comment box, except for the live-stream manager), END (group) / END LIVE
// (one-to-one) with 'Are you sure that you want to end the Go Live session?', the close button with 'Are you sure
// that you want to close the Go Live session?'. STOP_CAMERA_AUDIO stops the camera and microphone.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  IconButton,
  MenuItem,
  Portal,
  Select,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import Brightness6Icon from '@mui/icons-material/Brightness6';
import CameraswitchIcon from '@mui/icons-material/Cameraswitch';
import CloseIcon from '@mui/icons-material/Close';
import MicOutlinedIcon from '@mui/icons-material/MicOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { browserJanusEnv, JanusError, publishStream, WEBRTC_ERROR, type Publisher } from '../../../web-shared/live/janus';
import {
  CLOSE_LIVE_CONFIRM, commentAuthor, commentParts, elapsedSince, END_LIVE_CONFIRM, formatElapsed, LIVE_CONNECTING,
  mergeComments, newTabToken, nextDarkness, STREAM_ALREADY_STARTED, type LiveComment,
} from '../../../domain/live-client/rules';
import { formatMoney } from '../../../domain/shared/money';
import { ApiRequestError } from '../api';
import { useFrame, useLiveReload } from '../realtime';
import { liveApi, type StartedLive } from './api';
import { ViewersDialog } from '../../../web-shared/live/ViewersDialog';
import { glass, LiveCommentBox } from '../../../web-shared/live/LiveCommentBox';

type Phase = 'camera' | 'starting' | 'connecting' | 'live' | 'ended' | 'error';

/** A failed call's text, as the console shows it. */
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));


export interface PublisherViewProps {
  isGroup: boolean;
  /** One-to-one: the fan. */
  userId?: string;
  /** One-to-one: the partner's name in the top bar. */
  partnerName?: string;
  /** The live-stream manager has no comment box. */
  mayComment: boolean;
  /** Beside the video (one-to-one: the conversation). */
  side?: ReactNode;
  /** After the session ended or the view was closed. */
  onDone: () => void;
}

const stopTracks = (s: MediaStream | null) => s?.getTracks().forEach((t) => t.stop());

export function PublisherView({ isGroup, userId, partnerName, mayComment, side, onDone }: PublisherViewProps) {
  const phone = useMediaQuery(`(max-width:575.95px)`, { noSsr: true });
  const [phase, setPhase] = useState<Phase>('camera');
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<StartedLive | null>(null);
  const [viewers, setViewers] = useState(0);
  const [tipTotalCents, setTipTotalCents] = useState(0);
  const [comments, setComments] = useState<LiveComment[]>([]);
  const [darkness, setDarkness] = useState(0);
  const [ask, setAsk] = useState<'end' | 'close' | null>(null);
  const [showViewers, setShowViewers] = useState(false);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [mics, setMics] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [facing, setFacing] = useState<'user' | 'environment'>('user');
  const [now, setNow] = useState(() => Date.now());
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const publisher = useRef<Publisher | null>(null);
  const ended = useRef(false);
  const sessionId = started?.sessionId ?? null;

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  // Camera and microphone first, then the session and Janus.
  useEffect(() => {
    let cancelled = false;
    const go = async () => {
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' }, audio: true });
      } catch (e) {
        if (cancelled) return;
        setProblem(`The camera or microphone could not be opened: ${(e as Error).message || 'permission denied'}.`);
        setPhase('error');
        return;
      }
      if (cancelled) return stopTracks(media);
      stream.current = media;
      if (video.current) video.current.srcObject = media;
      navigator.mediaDevices
        .enumerateDevices()
        .then((list) => {
          if (cancelled) return;
          setCameras(list.filter((d) => d.kind === 'videoinput'));
          setMics(list.filter((d) => d.kind === 'audioinput'));
          setCameraId(media.getVideoTracks()[0]?.getSettings().deviceId ?? '');
          setMicId(media.getAudioTracks()[0]?.getSettings().deviceId ?? '');
        })
        .catch(() => undefined);
      setPhase('starting');
      let s: StartedLive;
      try {
        s = await liveApi.start({ isGroupLiveStream: isGroup, ...(userId ? { userId } : {}), tabToken: newTabToken() });
      } catch (e) {
        if (cancelled) return;
        const err = e as ApiRequestError;
        setProblem(err.code === 'STREAM_ALREADY_STARTED' ? STREAM_ALREADY_STARTED : err.message || 'The live stream could not start.');
        setPhase('error');
        stopTracks(media);
        return;
      }
      if (cancelled) return;
      setStarted(s);
      setPhase('connecting');
      liveApi
        .current()
        .then(({ session }) => {
          if (cancelled || !session || session.sessionId !== s.sessionId) return;
          setViewers(session.viewers);
          if (typeof session.tipTotalCents === 'number') setTipTotalCents(session.tipTotalCents);
        })
        .catch(() => undefined);
      liveApi
        .messages()
        .then((m) => !cancelled && setComments((list) => mergeComments(list, m.messages)))
        .catch(() => undefined);
      try {
        const env = { ...browserJanusEnv(window.location.origin), url: `${browserJanusEnv(window.location.origin).url}?app=console` };
        const p = await publishStream(env, {
          room: s.room,
          token: s.streamToken,
          stream: media,
          onState: (state, err) => {
            if (cancelled || ended.current) return;
            if (state === 'live') setPhase('live');
            if (state === 'error' || state === 'ended') {
              setProblem(err?.userMessage ?? WEBRTC_ERROR);
              setPhase('error');
            }
          },
        });
        if (cancelled) return p.close();
        publisher.current = p;
        await liveApi.setStreamData({ room: s.room, pubId: p.feedId, pubPvtId: p.privateId });
      } catch (e) {
        if (cancelled) return;
        setProblem(e instanceof JanusError ? e.userMessage : (e as Error).message || WEBRTC_ERROR);
        setPhase('error');
      }
    };
    void go();
    return () => {
      cancelled = true;
      publisher.current?.close();
      publisher.current = null;
      stopTracks(stream.current);
      stream.current = null;
    };
  }, [isGroup, userId]);

  const finish = useCallback(
    async (stop: boolean) => {
      ended.current = true;
      publisher.current?.close();
      publisher.current = null;
      stopTracks(stream.current);
      stream.current = null;
      setPhase('ended');
      if (stop) await liveApi.stop().catch(() => undefined);
      onDone();
    },
    [onDone],
  );

  useFrame<{ sessionId?: string; count?: number }>('SET_VIEWER', (d) => {
    if (d.sessionId === sessionId && typeof d.count === 'number') setViewers(d.count);
  });
  useFrame<{ sessionId?: string; totalCents?: number }>('SET_TIP_AMOUNT', (d) => {
    if (d.sessionId === sessionId && typeof d.totalCents === 'number') setTipTotalCents(d.totalCents);
  });
  useFrame<LiveComment & { sessionId?: string }>('GROUP_MESSAGE', (d) => {
    if (d.sessionId === sessionId) setComments((list) => mergeComments(list, [d]));
  });
  // The session ended elsewhere (another tab, an admin, the wallet): stop the camera and the microphone.
  useFrame<{ sessionId?: string }>('STOP_CAMERA_AUDIO', (d) => {
    if (!sessionId || !d.sessionId || d.sessionId === sessionId) void finish(false);
  });
  useLiveReload(
    useCallback(() => {
      if (sessionId) liveApi.messages().then((m) => setComments((list) => mergeComments(list, m.messages))).catch(() => undefined);
    }, [sessionId]),
    !!sessionId,
  );

  const switchDevice = async (kind: 'video' | 'audio', deviceId: string | null, facingMode?: 'user' | 'environment') => {
    const media = stream.current;
    if (!media) return;
    try {
      const constraints: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : { facingMode };
      const fresh = await navigator.mediaDevices.getUserMedia(kind === 'video' ? { video: constraints } : { audio: constraints });
      const track = fresh.getTracks()[0];
      const old = kind === 'video' ? media.getVideoTracks()[0] : media.getAudioTracks()[0];
      await publisher.current?.replaceTrack(track);
      if (old) {
        media.removeTrack(old);
        old.stop();
      }
      media.addTrack(track);
      if (video.current) video.current.srcObject = media;
    } catch (e) {
      setProblem(`The ${kind === 'video' ? 'camera' : 'microphone'} could not be switched: ${(e as Error).message}`);
    }
  };

  const elapsed = elapsedSince(started?.startedAt, now);
  const onAir = phase === 'connecting' || phase === 'live';

  // In a portal: the console's layout makes stacking contexts the full-screen view must sit above (the app bar).
  return (
    <Portal>
    <Box sx={{ position: 'fixed', inset: 0, zIndex: 1300, bgcolor: '#000', display: 'flex', flexDirection: { xs: 'column', md: 'row' } }} data-testid="publisher-view" data-phase={phase}>
      <Box sx={{ position: 'relative', flex: 1, minHeight: side ? { xs: '50%', md: 0 } : '100%', overflow: 'hidden' }}>
        <video ref={video} autoPlay playsInline muted data-testid="publisher-video" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', transform: facing === 'user' ? 'scaleX(-1)' : undefined }} />
        {darkness > 0 ? <Box sx={{ position: 'absolute', inset: 0, bgcolor: `rgba(0,0,0,${darkness / 100})`, pointerEvents: 'none' }} data-testid="publisher-darkness" data-level={darkness} /> : null}

        {/* top bar */}
        <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, p: { xs: 1, sm: 1.5 }, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', background: 'linear-gradient(rgba(0,0,0,.55), transparent)' }}>
          {onAir ? <Chip label="LIVE" size="small" data-testid="live-badge" sx={{ bgcolor: '#e53935', color: '#fff', fontWeight: 800, letterSpacing: '.06em', borderRadius: 1 }} /> : null}
          {onAir ? <Chip label={formatElapsed(elapsed)} size="small" data-testid="live-timer" sx={{ ...glass, fontVariantNumeric: 'tabular-nums' }} /> : null}
          {onAir ? (
            <Button size="small" startIcon={<VisibilityIcon fontSize="small" />} onClick={() => setShowViewers(true)} aria-label={`${viewers} watching. Show the viewers`} data-testid="live-viewers-button" sx={{ ...glass, minWidth: 0, px: 1.25, borderRadius: 4 }}>
              <span data-testid="live-viewer-count">{viewers}</span>
            </Button>
          ) : null}
          {tipTotalCents > 0 ? <Chip label={`Tips ${formatMoney(tipTotalCents)}`} size="small" data-testid="live-tip-total" sx={{ bgcolor: 'rgba(46,125,50,0.9)', color: '#fff', fontWeight: 700 }} /> : null}
          <Typography noWrap sx={{ color: '#fff', fontWeight: 600, flex: 1, minWidth: 80, textShadow: '0 1px 2px #000' }} data-testid="live-partner">
            {partnerName ?? (isGroup ? 'Group live' : '')}
          </Typography>
          <Tooltip title={darkness ? `Overlay ${darkness}%` : 'Darken the overlay'}>
            <IconButton onClick={() => setDarkness(nextDarkness)} aria-label="Overlay darkness" data-testid="publisher-darkness-button" sx={glass}>
              <Brightness6Icon />
            </IconButton>
          </Tooltip>
          {phone ? (
            <Tooltip title="Flip camera">
              <IconButton
                onClick={() => {
                  const next = facing === 'user' ? 'environment' : 'user';
                  setFacing(next);
                  void switchDevice('video', null, next);
                }}
                aria-label="Flip camera"
                data-testid="publisher-flip"
                sx={glass}
              >
                <CameraswitchIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          {onAir ? (
            <Button variant="contained" color="error" onClick={() => setAsk('end')} data-testid="publisher-end" sx={{ fontWeight: 800 }}>
              {isGroup ? 'END' : 'END LIVE'}
            </Button>
          ) : null}
          <Tooltip title="Close">
            <IconButton onClick={() => (onAir ? setAsk('close') : void finish(false))} aria-label="Close the live stream" data-testid="publisher-close" sx={glass}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Box>

        {/* desktop: camera and microphone pickers */}
        {!phone && (cameras.length > 0 || mics.length > 0) ? (
          <Box sx={{ position: 'absolute', top: { xs: 96, sm: 64 }, right: 12, display: 'flex', flexDirection: 'column', gap: 1, width: 240 }}>
            {cameras.length > 0 ? (
              <DeviceSelect icon={<VideocamOutlinedIcon fontSize="small" />} label="Camera" testId="publisher-camera" devices={cameras} value={cameraId} onChange={(id) => { setCameraId(id); void switchDevice('video', id); }} />
            ) : null}
            {mics.length > 0 ? (
              <DeviceSelect icon={<MicOutlinedIcon fontSize="small" />} label="Microphone" testId="publisher-mic" devices={mics} value={micId} onChange={(id) => { setMicId(id); void switchDevice('audio', id); }} />
            ) : null}
          </Box>
        ) : null}

        {phase === 'camera' || phase === 'starting' || phase === 'connecting' ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
            <Box sx={{ textAlign: 'center', color: '#fff', bgcolor: 'rgba(0,0,0,.45)', px: 3, py: 2, borderRadius: 2 }} data-testid="live-connecting">
              <CircularProgress color="inherit" size={32} />
              <Typography sx={{ mt: 1.5 }}>{LIVE_CONNECTING}</Typography>
            </Box>
          </Box>
        ) : null}
        {phase === 'error' ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3 }}>
            <Alert
              severity="error"
              data-testid="publisher-error"
              action={
                <Button color="inherit" size="small" onClick={() => void finish(!!started)}>
                  Close
                </Button>
              }
            >
              {problem ?? WEBRTC_ERROR}
            </Alert>
          </Box>
        ) : null}

        {/* the comment overlay */}
        {onAir && !side ? (
          <Box sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, p: { xs: 1, sm: 2 }, background: 'linear-gradient(transparent, rgba(0,0,0,.5))' }}>
            <Box sx={{ maxWidth: 520 }}>
              <Comments comments={comments} />
              {mayComment ? <CommentBox isGroup={isGroup} /> : null}
            </Box>
          </Box>
        ) : null}
      </Box>

      {side ? (
        <Box sx={{ width: { xs: '100%', md: 420 }, flex: { xs: 1, md: 'none' }, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }} data-testid="publisher-side">
          {onAir && comments.length > 0 ? (
            <Box sx={{ p: 1, bgcolor: '#111' }}>
              <Comments comments={comments} />
            </Box>
          ) : null}
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{side}</Box>
        </Box>
      ) : null}

      <Dialog open={!!ask} onClose={() => setAsk(null)} aria-describedby="publisher-confirm-text" data-testid="publisher-confirm" sx={{ zIndex: 1400 }}>
        <DialogContent>
          <DialogContentText id="publisher-confirm-text">{ask === 'end' ? END_LIVE_CONFIRM : CLOSE_LIVE_CONFIRM}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsk(null)}>Cancel</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setAsk(null);
              void finish(true);
            }}
            data-testid="publisher-confirm-yes"
          >
            Yes
          </Button>
        </DialogActions>
      </Dialog>
      <ViewersDialog open={showViewers} onClose={() => setShowViewers(false)} load={liveApi.viewers} errorText={errorText} zIndex={1400} />
    </Box>
    </Portal>
  );
}

function DeviceSelect({ icon, label, devices, value, onChange, testId }: { icon: ReactNode; label: string; devices: MediaDeviceInfo[]; value: string; onChange: (id: string) => void; testId: string }) {
  return (
    <Select
      size="small"
      value={devices.some((d) => d.deviceId === value) ? value : ''}
      displayEmpty
      onChange={(e) => onChange(String(e.target.value))}
      inputProps={{ 'aria-label': label, 'data-testid': testId }}
      startAdornment={<Box sx={{ display: 'flex', mr: 1 }}>{icon}</Box>}
      sx={{ ...glass, fontSize: 13, '& .MuiSelect-icon': { color: '#fff' }, '& fieldset': { borderColor: 'rgba(255,255,255,.3)' } }}
      MenuProps={{ sx: { zIndex: 1400 } }}
    >
      <MenuItem value="" disabled>
        {label}
      </MenuItem>
      {devices.map((d, i) => (
        <MenuItem key={d.deviceId || i} value={d.deviceId}>
          {d.label || `${label} ${i + 1}`}
        </MenuItem>
      ))}
    </Select>
  );
}

function Comments({ comments }: { comments: LiveComment[] }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [comments.length]);
  return (
    <Box role="log" aria-label="Live comments" data-testid="live-comments" sx={{ maxHeight: 220, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 0.5, mb: 1, scrollbarWidth: 'none' }}>
      {comments.map((c) => (
        <Box
          key={c._id}
          data-testid="live-comment"
          data-type={c.type}
          sx={{ alignSelf: 'flex-start', maxWidth: '100%', px: 1.25, py: 0.5, borderRadius: 2, color: '#fff', bgcolor: c.type === 'tips' ? 'rgba(46,125,50,0.85)' : 'rgba(0,0,0,0.5)', fontSize: 14, overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={{ fontWeight: 700, mr: 0.75 }}>
            {commentAuthor(c)}
          </Box>
          {commentParts(c).tip}
          {commentParts(c).separator}
          {c.message}
        </Box>
      ))}
      <div ref={end} />
    </Box>
  );
}

const failureOf = (e: unknown) => ({ status: (e as ApiRequestError).status, message: (e as Error).message });

/** The comment box over the video (web-shared/live/LiveCommentBox), sending through the console's session. */
function CommentBox({ isGroup }: { isGroup: boolean }) {
  return <LiveCommentBox isGroup={isGroup} send={liveApi.send} failureOf={failureOf} />;
}




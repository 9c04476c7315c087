// The live session as the fan's page sees it: the join (joinLive.ts) run once per attempt, and the session's frames
// — the feed coming up, the viewer count, comments, a paid call's time and charges, the session stopping.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Viewer } from '../../../web-shared/live/janus';
import { LIVE_ENDED, mergeComments, viewerStopText, type LiveCall, type LiveComment } from '../../../domain/live-client/rules';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { useFrame, useLiveReload } from '../realtime';
import { joinLive, letGo, type LivePhase } from './joinLive';
import { liveApi, type CurrentLive, type ViewerToken } from './liveApi';

export function useLiveSession(isGroup: boolean) {
  const { me } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const [phase, setPhase] = useState<LivePhase>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const [session, setSession] = useState<CurrentLive | null>(null);
  const [viewers, setViewers] = useState(0);
  const [comments, setComments] = useState<LiveComment[]>([]);
  const [attempt, setAttempt] = useState(0);
  /** A billed one-to-one the wallet cannot start (402 INSUFFICIENT_FUNDS): what is missing; Add Funds, then join again. */
  const [shortfall, setShortfall] = useState<number | null>(null);
  const [addingFunds, setAddingFunds] = useState(false);
  /** A paid one-to-one: the call as the server keeps it, and the server's clock less ours. */
  const [call, setCall] = useState<LiveCall | null>(null);
  const [skewMs, setSkewMs] = useState(0);
  const confirmed = useRef<{ sessionId: string; cents: number } | null>(null);
  const halted = useRef(false);
  const video = useRef<HTMLVideoElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const token = useRef<ViewerToken | null>(null);
  const feed = useRef<string | number | null>(null);
  const kick = useRef<(() => void) | null>(null);
  const sessionId = session?.sessionId ?? null;

  const showCall = useCallback((c: LiveCall | undefined) => {
    if (!c) return;
    setCall(c);
    setSkewMs(Date.parse(c.serverNow) - Date.now());
  }, []);

  // Join: the session, a token, the feed (once the publisher's camera is up), then Janus.
  useEffect(
    () =>
      joinLive(
        isGroup,
        { confirmed, halted, video, viewer, token, feed, kick },
        { setPhase, setProblem, setSession, setViewers, setComments, showCall, setShortfall, setAddingFunds },
      ),
    [isGroup, attempt, showCall],
  );

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
    // The viewer leaves and, in a group stream, goes to /, told that the stream has ended.
    halted.current = true;
    viewer.current?.close();
    viewer.current = null;
    token.current = null;
    setPhase('ended');
    notify(LIVE_ENDED);
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

  return {
    phase,
    problem,
    session,
    viewers,
    comments,
    call,
    skewMs,
    shortfall,
    addingFunds,
    /** The <video> the feed plays in. */
    video,
    /** Joins again (Try again, a confirmed top-up). */
    retry: () => setAttempt((n) => n + 1),
    /** The fan confirmed the call's rate: join with that price. */
    confirmRate: (sessionId: string, cents: number) => {
      confirmed.current = { sessionId, cents };
      setAttempt((n) => n + 1);
    },
    /** Opens Add Funds for what is missing. */
    addFunds: (shortfallCents?: number) => {
      if (shortfallCents !== undefined) setShortfall(shortfallCents);
      setAddingFunds(true);
    },
    closeAddFunds: () => setAddingFunds(false),
    /** Lets go of the connection and the token (closing the page). */
    leave: () => letGo({ viewer, token }),
  };
}

export type LiveSession = ReturnType<typeof useLiveSession>;

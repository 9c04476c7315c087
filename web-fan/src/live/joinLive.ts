// The fan's way into a live session, outside React: the session on air (GET /api/stream/current), a personal token
// (POST /api/stream/add_token), then the Janus relay as a subscriber of the publisher's feed (web-shared/live/janus.ts).
// A paid one-to-one waits for the fan to confirm its rate first. When the creator's feed goes (their connection
// dropped, a reload), the connection and token are let go — the server stops the call time — and the join starts
// again with a new token once a new feed is up. useLiveSession runs it once per attempt and keeps what it reports.
import type { RefObject } from 'react';
import { browserJanusEnv, JanusError, JOIN_STREAM_ERROR, watchStream, type Viewer } from '../../../web-shared/live/janus';
import { mergeComments, type LiveCall, type LiveComment } from '../../../domain/live-client/rules';
import { ApiError, errorMessage } from '../api';
import { insufficientFunds } from '../wallet/walletApi';
import { liveApi, removeTokenOnUnload, type CurrentLive, type ViewerToken } from './liveApi';

export type LivePhase = 'loading' | 'none' | 'confirm' | 'connecting' | 'live' | 'ended' | 'error' | 'refused';

const FEED_POLL_MS = 2000;

/** What the join holds between renders: the page keeps these refs, the join reads and sets them. */
export interface JoinRefs {
  /** The price per minute the fan confirmed, for which session. */
  confirmed: RefObject<{ sessionId: string; cents: number } | null>;
  /** The session stopped or put us out: no more joining. */
  halted: RefObject<boolean>;
  video: RefObject<HTMLVideoElement | null>;
  viewer: RefObject<Viewer | null>;
  token: RefObject<ViewerToken | null>;
  feed: RefObject<string | number | null>;
  /** Asks the session for the feed now (LIVE_STREAM_DATA) instead of at the next poll. */
  kick: RefObject<(() => void) | null>;
}

/** What the join reports to the page. */
export interface JoinReports {
  setPhase: (phase: LivePhase) => void;
  setProblem: (problem: string | null) => void;
  setSession: (session: CurrentLive | null) => void;
  setViewers: (count: number) => void;
  setComments: (update: (list: LiveComment[]) => LiveComment[]) => void;
  showCall: (call: LiveCall | undefined) => void;
  setShortfall: (cents: number | null) => void;
  setAddingFunds: (open: boolean) => void;
}

/** Our connection and token go (the server is told either way: the socket closes, the token is given back). */
export function letGo(refs: Pick<JoinRefs, 'viewer' | 'token'>): void {
  const v = refs.viewer.current;
  refs.viewer.current = null;
  v?.close();
  const old = refs.token.current;
  refs.token.current = null;
  if (old) void liveApi.removeToken(old.streamToken).catch(() => undefined);
}

/** Joins the session of the kind asked for; answers the clean-up (leaving the page, another attempt). */
export function joinLive(isGroup: boolean, refs: JoinRefs, on: JoinReports): () => void {
  const { confirmed, halted, video, viewer, token, feed, kick } = refs;
  const confirmedPrice = (s: CurrentLive) => (s.call && confirmed.current?.sessionId === s.sessionId ? confirmed.current.cents : null);
  let cancelled = false;
  let poll: ReturnType<typeof setTimeout> | null = null;
  /** The feed that just ended: a publisher coming back (a reload) publishes a new one. */
  let gone: string | number | null = null;
  const env = browserJanusEnv(window.location.origin);
  const connect = async (t: ViewerToken, pubId: string | number) => {
    on.setPhase('connecting');
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
          if (s === 'live') on.setPhase('live');
          else if (s === 'ended') {
            // The publisher went away (or our token was taken back): let go of the connection and the token (the
            // call time stops), and join again with a new token once the session has a new feed.
            letGo(refs);
            if (halted.current) return;
            on.setPhase('connecting');
            gone = feed.current;
            feed.current = null;
            void waitForFeed(null);
          } else if (s === 'error') {
            letGo(refs);
            on.setProblem(err?.userMessage ?? 'WebRTC error');
            on.setPhase('error');
          }
        },
      });
      if (cancelled) return v.close();
      viewer.current = v;
      if (video.current && v.stream.getTracks().length) video.current.srcObject = v.stream;
    } catch (e) {
      if (cancelled) return;
      on.setProblem(e instanceof JanusError ? e.userMessage : JOIN_STREAM_ERROR);
      on.setPhase('error');
    }
  };
  /** Waits for the publisher's feed; `t`: the token held meanwhile (null: a new one is asked once the feed is up). */
  const waitForFeed = async (t: ViewerToken | null) => {
    kick.current = null;
    if (cancelled || halted.current) return;
    try {
      const { session: s } = await liveApi.current();
      if (cancelled || halted.current) return;
      if (!s || s.sessionId !== joined) {
        on.setPhase('ended');
        return;
      }
      on.setSession(s);
      on.showCall(s.call);
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
      if (cancelled || halted.current) return;
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
    on.setProblem(errorMessage(e, JOIN_STREAM_ERROR));
    const short = insufficientFunds(e);
    if (short) {
      // Per-minute one-to-one: the wallet cannot pay the first minute. Add Funds for what is missing (as the
      // tips do), and join again once the top-up is confirmed.
      on.setShortfall(short.shortfall_cents);
      on.setAddingFunds(true);
    }
    on.setPhase(e instanceof ApiError && (e.status === 403 || e.status === 402 || e.status === 409) ? 'refused' : e instanceof ApiError && e.status === 404 ? 'none' : 'error');
  };
  let joined: string | null = null;
  const start = async () => {
    on.setPhase('loading');
    on.setProblem(null);
    on.setShortfall(null);
    halted.current = false;
    try {
      const { session: s } = await liveApi.current();
      if (cancelled) return;
      if (!s || s.isGroup !== isGroup) {
        on.setSession(null);
        on.setPhase('none');
        return;
      }
      on.setSession(s);
      on.setViewers(s.viewers);
      on.showCall(s.call);
      joined = s.sessionId;
      // A paid call starts only once the fan confirmed its rate (the dialog shows it with their balance).
      if (s.call && confirmedPrice(s) !== s.call.pricePerMinuteCents) {
        on.setPhase('confirm');
        return;
      }
      const t = await liveApi.addToken(confirmedPrice(s));
      // Stopped meanwhile (STOP_LIVE): the stop's "ended" stands, and the token goes back.
      if (cancelled || halted.current) {
        void liveApi.removeToken(t.streamToken).catch(() => undefined);
        return;
      }
      token.current = t;
      liveApi
        .messages()
        .then((m) => !cancelled && on.setComments((list) => mergeComments(list, m.messages)))
        .catch(() => undefined);
      const pubId = t.pubId ?? s.pubId ?? null;
      on.setPhase('connecting');
      if (pubId != null && pubId !== '') {
        feed.current = pubId;
        await connect(t, pubId);
      } else await waitForFeed(t);
    } catch (e) {
      // A refusal that arrives after the session stopped (its token asked for as it ended) is the stop, already shown.
      if (cancelled || halted.current) return;
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
}

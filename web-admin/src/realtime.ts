// The console's live connection (issue 13): one socket per signed-in staff session (`/ws?app=console`: the
// upgrade carries the console's own cookie), through the protocol client all apps share
// (domain/realtime/client.ts). Frames are thin (ids and states); a screen that hears one re-reads what it shows
// over HTTP with its own session.
//
// Besides passing frames on, it keeps the two things staff see at a glance: which fans are online
// (ONLINE_USER_LIST / USER_ONLINE / USER_OFFLINE, ALL_USERS_COUNT) and which other staff member has which fan's
// conversation open (ADMIN_IN_USER_CHAT).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createRealtimeClient, type RealtimeClient, type RealtimeState, type SocketLike } from '../../domain/realtime/client';
import type { ServerFrame } from '../../domain/realtime/protocol';
import { applyPresence, applyViewer, staffInChat, type Presence, type Viewers } from './realtimeRules';

/** 'off': no session, no socket. */
export type LiveState = RealtimeState | 'off';

let client: RealtimeClient | null = null;
let state: LiveState = 'off';
/** Set once a connection went live: a later 'live' is a reconnect, after which screens reload. */
let wasLive = false;
let presence: Presence = { online: new Set(), count: 0 };
let viewers: Viewers = new Map();
const listeners = new Set<() => void>();
const frameListeners = new Map<string, Set<(frame: ServerFrame) => void>>();
const reloadListeners = new Set<() => void>();

const changed = () => {
  for (const l of [...listeners]) l();
};

function setState(next: LiveState) {
  if (next === state) return;
  state = next;
  changed();
}

const reloadAll = () => {
  for (const l of [...reloadListeners]) l();
};

function dispatch(frame: ServerFrame) {
  const nextPresence = applyPresence(presence, frame);
  const nextViewers = applyViewer(viewers, frame);
  if (nextPresence !== presence || nextViewers !== viewers) {
    presence = nextPresence;
    viewers = nextViewers;
    changed();
  }
  for (const l of [...(frameListeners.get(frame.type) ?? [])]) l(frame);
  // The server no longer holds what this socket missed: every screen reads its lists again.
  if (frame.type === 'RESYNC') reloadAll();
}

/** The gateway's address for the console. */
export const liveUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/ws?app=console`;

/**
 * Opens the session's socket (closing any other). `onSignedOut` runs when the server ends it (4401/4403): the
 * console checks its session as on an expired one. Returns the close.
 */
export function startLive(onSignedOut: () => void): () => void {
  stopLive();
  wasLive = false;
  const c: RealtimeClient = createRealtimeClient({
    open: url => new WebSocket(url) as unknown as SocketLike,
    url: liveUrl(),
    token: () => null,
    onFrame: dispatch,
    onState: next => {
      if (client !== c) return;
      const reconnected = next === 'live' && wasLive;
      if (next === 'live') {
        wasLive = true;
        // Who is in which chat is told again when each conversation announces itself after this.
        viewers = new Map();
        c.send('GET_ONLINE_USER_LIST');
      }
      setState(next);
      if (reconnected) reloadAll();
      if (next === 'signed-out') onSignedOut();
    },
  });
  client = c;
  setState(c.state);
  return () => {
    if (client === c) stopLive();
  };
}

export function stopLive() {
  const c = client;
  client = null;
  c?.close();
  presence = { online: new Set(), count: 0 };
  viewers = new Map();
  setState('off');
}

/** Sends a frame when the socket is live; false otherwise. */
export const sendFrame = (type: string, data: Record<string, unknown> = {}): boolean => client?.send(type, data) ?? false;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The connection's state ('reconnecting' shows the indicator). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, () => state, () => 'off' as LiveState);
}

/** Whether a fan has the site open (any tab or device). */
export function useFanOnline(userId: string | null): boolean {
  return useSyncExternalStore(subscribe, () => (userId ? presence.online.has(userId) : false), () => false);
}

/** How many fans are online now. */
export function useFansOnlineCount(): number {
  return useSyncExternalStore(subscribe, () => presence.count, () => 0);
}

/** Names of the other staff who have this fan's conversation open ('' when none). */
export function useOtherStaffInChat(userId: string | null): string {
  return useSyncExternalStore(subscribe, () => (userId ? staffInChat(viewers, userId) : ''), () => '');
}

/** Calls `listener` for every frame of `type` while mounted (the latest listener; no re-subscribing per render). */
export function useFrame<T = Record<string, unknown>>(type: string, listener: (data: T, frame: ServerFrame<T>) => void, on = true): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    if (!on) return;
    let set = frameListeners.get(type);
    if (!set) frameListeners.set(type, (set = new Set()));
    const l = (frame: ServerFrame) => ref.current(frame.data as T, frame as ServerFrame<T>);
    set.add(l);
    return () => {
      set!.delete(l);
    };
  }, [type, on]);
}

/** Calls `reload` when what a screen shows may be stale: after a reconnect, on RESYNC, and when the tab is visible again. */
export function useLiveReload(reload: () => void, on = true): void {
  const ref = useRef(reload);
  ref.current = reload;
  useEffect(() => {
    if (!on) return;
    const l = () => ref.current();
    const visible = () => {
      if (document.visibilityState === 'visible') ref.current();
    };
    reloadListeners.add(l);
    document.addEventListener('visibilitychange', visible);
    return () => {
      reloadListeners.delete(l);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [on]);
}

/** Tells the other staff which fan's conversation this one has open (null: none), again after each reconnect. */
export function useAnnounceChat(userId: string | null): void {
  const live = useLiveState() === 'live';
  useEffect(() => {
    if (!live || !userId) return;
    sendFrame('ADMIN_IN_USER_CHAT', { userId });
    return () => {
      sendFrame('ADMIN_IN_USER_CHAT', { userId: null });
    };
  }, [live, userId]);
}

/** `fn` once, `ms` after the last of a burst of calls (a burst of frames is one reload). */
export function useDebounced(fn: () => void, ms: number): () => void {
  const ref = useRef(fn);
  ref.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    []
  );
  const call = useRef(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      ref.current();
    }, ms);
  });
  return call.current;
}

// The fan site's live connection (issue 13): one socket per signed-in session, through the protocol client all
// apps share (domain/realtime/client.ts). Frames are thin (ids and states); a screen that hears one re-reads
// what it shows over HTTP with its own session, so the socket never carries content.
//
// Listeners live here, not on the client, so screens subscribe once and keep listening across a logout/login
// (the client is replaced) and across reconnects.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createRealtimeClient, type RealtimeClient, type RealtimeState, type SocketLike } from '../../domain/realtime/client';
import type { ServerFrame } from '../../domain/realtime/protocol';

/** 'off': no session, no socket. */
export type LiveState = RealtimeState | 'off';

let client: RealtimeClient | null = null;
let state: LiveState = 'off';
/** Set once a connection went live: a later 'live' is a reconnect, after which screens reload. */
let wasLive = false;
const stateListeners = new Set<() => void>();
const frameListeners = new Map<string, Set<(frame: ServerFrame) => void>>();
const reloadListeners = new Set<() => void>();

function setState(next: LiveState) {
  if (next === state) return;
  state = next;
  for (const l of [...stateListeners]) l();
}

const reloadAll = () => {
  for (const l of [...reloadListeners]) l();
};

function dispatch(frame: ServerFrame) {
  for (const l of [...(frameListeners.get(frame.type) ?? [])]) l(frame);
  // The server no longer holds what this socket missed: every screen reads its lists again.
  if (frame.type === 'RESYNC') reloadAll();
}

/** The gateway's address on this site (the session cookie rides on the upgrade). */
export const liveUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/ws`;

/**
 * Opens the session's socket (closing any other). `onSignedOut` runs when the server ends it (4401/4403):
 * the app checks its session as it does on an expired one. Returns the close.
 */
export function startLive(onSignedOut: () => void): () => void {
  stopLive();
  wasLive = false;
  const c: RealtimeClient = createRealtimeClient({
    open: (url) => new WebSocket(url) as unknown as SocketLike,
    url: liveUrl(),
    token: () => null,
    onFrame: dispatch,
    onState: (next) => {
      if (client !== c) return;
      const reconnected = next === 'live' && wasLive;
      if (next === 'live') wasLive = true;
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
  setState('off');
}

/** Sends a frame when the socket is live; false otherwise. */
export const sendFrame = (type: string, data: Record<string, unknown> = {}): boolean => client?.send(type, data) ?? false;

const subscribeState = (l: () => void) => {
  stateListeners.add(l);
  return () => stateListeners.delete(l);
};

/** The connection's state ('reconnecting' shows the indicator). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeState, () => state, () => 'off' as LiveState);
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

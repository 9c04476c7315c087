// The fan site's live connection: one socket per signed-in session, through the store and protocol
// client all apps share (web-shared/realtime/store.ts, client.ts). Frames are thin (ids and states); a screen that
// hears one re-reads what it shows over HTTP with its own session, so the socket never carries content.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { SocketLike } from '../../web-shared/realtime/client';
import type { ServerFrame } from '../../domain/realtime/protocol';
import { createLiveStore, type LiveState } from '../../web-shared/realtime/store';

export type { LiveState };

/** The gateway's address on this site (the session cookie rides on the upgrade). */
export const liveUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/ws`;

const store = createLiveStore({ open: (url) => new WebSocket(url) as unknown as SocketLike, url: liveUrl });

/**
 * Opens the session's socket (closing any other). `onSignedOut` runs when the server ends it (4401/4403):
 * the app checks its session as it does on an expired one. Returns the close.
 */
export const startLive = store.start;
export const stopLive = store.stop;
/** Sends a frame when the socket is live; false otherwise. */
export const sendFrame = store.send;

/** The connection's state ('reconnecting' shows the indicator). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(store.subscribe, store.state, () => 'off' as LiveState);
}

/** Calls `listener` for every frame of `type` while mounted (the latest listener; no re-subscribing per render). */
export function useFrame<T = Record<string, unknown>>(type: string, listener: (data: T, frame: ServerFrame<T>) => void, on = true): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => (on ? store.onFrame(type, (frame) => ref.current(frame.data as T, frame as ServerFrame<T>)) : undefined), [type, on]);
}

/** useFrame for each frame type of a fixed list, with one listener (one hook call, whatever the list's length). */
export function useFrames(types: readonly string[], listener: (frame: ServerFrame) => void, on = true): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    if (!on) return;
    const offs = types.map((type) => store.onFrame(type, (frame) => ref.current(frame)));
    return () => offs.forEach((off) => off());
  }, [types, on]);
}

/** Calls `reload` when what a screen shows may be stale: after a reconnect, on RESYNC, and when the tab is visible again. */
export function useLiveReload(reload: () => void, on = true): void {
  const ref = useRef(reload);
  ref.current = reload;
  useEffect(() => {
    if (!on) return;
    const off = store.onReload(() => ref.current());
    const visible = () => {
      if (document.visibilityState === 'visible') ref.current();
    };
    document.addEventListener('visibilitychange', visible);
    return () => {
      off();
      document.removeEventListener('visibilitychange', visible);
    };
  }, [on]);
}

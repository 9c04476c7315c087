// The React side of an app's live connection, the same in both apps: the connection's state, a screen's frame
// listeners and its reload after a gap. Each app makes its store (web-shared/realtime/store.ts: its gateway
// address, what it keeps from frames) and binds these hooks to it once, in its own realtime.ts.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerFrame } from '../../domain/realtime/protocol';
import type { createLiveStore, LiveState } from './store';

type LiveStore = ReturnType<typeof createLiveStore>;

/** The hooks a screen uses, bound to one app's store. */
export function liveHooks(store: LiveStore) {
  /** The connection's state ('reconnecting' shows the indicator). */
  function useLiveState(): LiveState {
    return useSyncExternalStore(store.subscribe, store.state, () => 'off' as LiveState);
  }

  /** Calls `listener` for every frame of `type` while mounted (the latest listener; no re-subscribing per render). */
  function useFrame<T = Record<string, unknown>>(type: string, listener: (data: T, frame: ServerFrame<T>) => void, on = true): void {
    const ref = useRef(listener);
    ref.current = listener;
    useEffect(() => (on ? store.onFrame(type, (frame) => ref.current(frame.data as T, frame as ServerFrame<T>)) : undefined), [type, on]);
  }

  /** useFrame for each frame type of a fixed list, with one listener (one hook call, whatever the list's length). */
  function useFrames(types: readonly string[], listener: (frame: ServerFrame) => void, on = true): void {
    const ref = useRef(listener);
    ref.current = listener;
    useEffect(() => {
      if (!on) return;
      const offs = types.map((type) => store.onFrame(type, (frame) => ref.current(frame)));
      return () => offs.forEach((off) => off());
    }, [types, on]);
  }

  /** Calls `reload` when what a screen shows may be stale: after a reconnect, on RESYNC, and when the tab is visible again. */
  function useLiveReload(reload: () => void, on = true): void {
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

  return { useLiveState, useFrame, useFrames, useLiveReload };
}

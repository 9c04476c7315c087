// An app's live connection as a store, shared by the fan site and the console: the signed-in session's
// protocol client (replaced at each sign-in, dropped at sign-out) and the screens' listeners. The listeners live
// here, not on the client, so a screen subscribes once and keeps listening across a logout/login and across
// reconnects. Each app binds it to React (useSyncExternalStore, effects) in its own realtime.ts; the socket is given.
import { createRealtimeClient, type RealtimeClient, type RealtimeState, type SocketLike } from './client';
import type { ServerFrame } from '../../domain/realtime/protocol';

/** 'off': no session, no socket. */
export type LiveState = RealtimeState | 'off';

export interface LiveStoreOptions {
  /** Opens a socket to the gateway (e.g. `(u) => new WebSocket(u)`). */
  open: (url: string) => SocketLike;
  /** The gateway's address, read at each start. */
  url: () => string;
  /** What the app keeps from a frame, before the screens hear it; true when that changed what subscribers read. */
  keep?: (frame: ServerFrame) => boolean;
  /** Each time the socket is signed in (the first time and after a reconnect), before subscribers hear 'live'. */
  onLive?: (client: RealtimeClient) => void;
  /** When the socket is closed (a new start, sign-out): the app forgets what it kept. */
  onStop?: () => void;
  /** Where the debug log goes while the site's socket debug switch is on (default: the console, as "[socket] …"). */
  log?: (...args: unknown[]) => void;
}

export function createLiveStore(options: LiveStoreOptions) {
  let client: RealtimeClient | null = null;
  let state: LiveState = 'off';
  /** Set once a connection went live: a later 'live' is a reconnect, after which screens reload. */
  let wasLive = false;
  const listeners = new Set<() => void>();
  const frameListeners = new Map<string, Set<(frame: ServerFrame) => void>>();
  const reloadListeners = new Set<() => void>();

  const changed = () => {
    for (const l of [...listeners]) l();
  };
  const setState = (next: LiveState) => {
    if (next === state) return;
    if (debug) log('state', next);
    state = next;
    changed();
  };
  const reloadAll = () => {
    for (const l of [...reloadListeners]) l();
  };

  // The site's socket debug switch (enable_socket_debug), as the server says in AUTH_OK and SOCKET_DEBUG: while on,
  // every frame in and out and every change of state is written to the log.
  let debug = false;
  const log = options.log ?? ((...args: unknown[]) => console.info('[socket]', ...args));
  const debugSwitch = (frame: ServerFrame) => {
    const data = (frame.data ?? {}) as { debug?: unknown; enabled?: unknown };
    if (frame.type === 'AUTH_OK' && typeof data.debug === 'boolean') debug = data.debug;
    if (frame.type === 'SOCKET_DEBUG' && typeof data.enabled === 'boolean') {
      if (debug && !data.enabled) log('←', frame.type, frame);
      debug = data.enabled;
    }
  };

  const dispatch = (frame: ServerFrame) => {
    debugSwitch(frame);
    if (debug) log('←', frame.type, frame);
    if (options.keep?.(frame)) changed();
    for (const l of [...(frameListeners.get(frame.type) ?? [])]) l(frame);
    // The server no longer holds what this socket missed: every screen reads its lists again.
    if (frame.type === 'RESYNC') reloadAll();
  };

  const stop = () => {
    const c = client;
    client = null;
    c?.close();
    options.onStop?.();
    setState('off');
  };

  /**
   * Opens the session's socket (closing any other). `onSignedOut` runs when the server ends it (4401/4403): the app
   * checks its session as on an expired one. Returns the close.
   */
  const start = (onSignedOut: () => void): (() => void) => {
    stop();
    wasLive = false;
    const c: RealtimeClient = createRealtimeClient({
      open: options.open,
      url: options.url(),
      token: () => null,
      onFrame: dispatch,
      onState: next => {
        if (client !== c) return;
        const reconnected = next === 'live' && wasLive;
        if (next === 'live') {
          wasLive = true;
          options.onLive?.(c);
        }
        setState(next);
        if (reconnected) reloadAll();
        if (next === 'signed-out') onSignedOut();
      },
    });
    client = c;
    setState(c.state);
    return () => {
      if (client === c) stop();
    };
  };

  return {
    start,
    stop,
    /** Sends a frame when the socket is live; false otherwise. */
    send: (type: string, data: Record<string, unknown> = {}): boolean => {
      const sent = client?.send(type, data) ?? false;
      if (debug) log(sent ? '→' : '→ (not live, not sent)', type, { type, data });
      return sent;
    },
    /** The connection's state ('reconnecting' shows the indicator). */
    state: (): LiveState => state,
    /** Hears every change of the state or of what the app keeps; returns the unsubscribe. */
    subscribe: (l: () => void): (() => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    /** Hears every frame of `type`; returns the unsubscribe. */
    onFrame: (type: string, l: (frame: ServerFrame) => void): (() => void) => {
      const set = frameListeners.get(type) ?? new Set<(frame: ServerFrame) => void>();
      frameListeners.set(type, set);
      set.add(l);
      return () => void set.delete(l);
    },
    /** Hears when what screens show may be stale: after a reconnect and on RESYNC; returns the unsubscribe. */
    onReload: (l: () => void): (() => void) => {
      reloadListeners.add(l);
      return () => void reloadListeners.delete(l);
    },
  };
}

export type LiveStore = ReturnType<typeof createLiveStore>;

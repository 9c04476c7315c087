// The client side of the socket protocol, shared by the fan site, the console, the tests and the
// benchmark. No browser or Node API is imported: the socket and the timers are given, so the same code runs
// against the browser's WebSocket and the `ws` package.
//
// It signs in with AUTH (a bearer token, or none: the browser's session cookie rides on the upgrade), keeps the
// position of the last frame it saw, and after a drop reconnects with backoff and resumes from that position,
// so a reader misses nothing and sees nothing twice. 4401/4403 end it (the session is over); RESYNC asks the
// app to reload its lists.
import { CLOSE, type ServerFrame } from '../../domain/realtime/protocol';

/** The part of a WebSocket this client uses (browser WebSocket and `ws` both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type RealtimeState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

export interface RealtimeClientOptions {
  /** Opens a socket to the gateway (e.g. `(u) => new WebSocket(u)`). */
  open: (url: string) => SocketLike;
  url: string;
  /** A bearer token for API clients; browsers leave it out (the cookie signs them in). */
  token?: () => string | null;
  /** Called on every frame from the server, after the client has noted its position. */
  onFrame?: (frame: ServerFrame) => void;
  onState?: (state: RealtimeState) => void;
  /** Timers (default: the global ones); tests pass their own. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Random in [0, 1) for backoff jitter. */
  random?: () => number;
}

/** Reconnect delay after `attempt` failures: 0.5 s doubling to 30 s, with up to 50 % jitter so a restarted
 *  server is not hit by every client in the same instant. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.5 + random() * 0.5));
}

/** Close codes after which reconnecting is pointless: the session is over or the account blocked. */
export const isFinalClose = (code: number) => code === CLOSE.unauthorized || code === CLOSE.blocked;

export function createRealtimeClient(options: RealtimeClientOptions) {
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let position: string | null = null;
  let attempt = 0;
  let timer: unknown = null;
  let stopped = false;
  let state: RealtimeState = 'connecting';
  const listeners = new Map<string, Set<(frame: ServerFrame) => void>>();

  const setState = (next: RealtimeState) => {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  };

  function emit(frame: ServerFrame) {
    options.onFrame?.(frame);
    for (const l of listeners.get(frame.type) ?? []) l(frame);
    for (const l of listeners.get('*') ?? []) l(frame);
  }

  function retryLater() {
    setState('reconnecting');
    timer = setTimer(connect, backoffMs(attempt++, options.random));
  }

  function connect() {
    if (stopped) return;
    let s: SocketLike;
    try {
      s = options.open(options.url);
    } catch {
      // e.g. a SecurityError from the browser: try again later rather than give up for good.
      return retryLater();
    }
    socket = s;
    s.onopen = () => {
      const token = options.token?.() ?? null;
      s.send(JSON.stringify({ type: 'AUTH', data: { ...(token ? { token } : {}), ...(position ? { since: position } : {}) } }));
    };
    s.onmessage = (ev) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(ev.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'AUTH_OK') {
        attempt = 0;
        // A first connection starts from the server's position; a resumed one keeps its own.
        const data = frame.data as { position?: string | null };
        if (!position && data.position) position = data.position;
        setState('live');
      }
      if (frame.position) position = frame.position;
      emit(frame);
    };
    s.onclose = (ev) => {
      if (socket !== s) return;
      socket = null;
      if (stopped) return;
      if (isFinalClose(ev.code)) {
        setState('signed-out');
        return;
      }
      retryLater();
    };
    s.onerror = () => {
      /* onclose follows and reconnects */
    };
  }

  connect();

  return {
    get state() {
      return state;
    },
    /** The position of the last event-frame seen (what a resume starts after). */
    get position() {
      return position;
    },
    /** Listens to one frame type ('*' for all); returns the unsubscribe. */
    on(type: string, listener: (frame: ServerFrame) => void): () => void {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener);
      return () => set!.delete(listener);
    },
    /** Sends a frame if the socket is signed in; false otherwise (the caller may retry after 'live'). */
    send(type: string, data: Record<string, unknown> = {}): boolean {
      if (!socket || state !== 'live' || socket.readyState !== 1) return false;
      socket.send(JSON.stringify({ type, data }));
      return true;
    },
    /** Reconnects now (e.g. after signing in again), keeping the position. */
    reconnect() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      stopped = false;
      const s = socket;
      socket = null;
      s?.close(1000, 'Reconnecting.');
      attempt = 0;
      setState('connecting');
      connect();
    },
    close() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      socket?.close(1000, 'Bye.');
      socket = null;
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

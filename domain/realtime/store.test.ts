import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from './client';
import { createLiveStore } from './store';

/** A scripted socket: the test plays the server. */
function fakeSocket() {
  const sent: string[] = [];
  const s: SocketLike & { sent: string[]; closed: boolean; server: { frame(f: unknown): void; close(code: number): void } } = {
    readyState: 1, sent, closed: false, onopen: null, onmessage: null, onclose: null, onerror: null,
    send: (d) => void sent.push(d),
    close: () => void (s.closed = true),
    server: {
      frame: (f) => s.onmessage?.({ data: JSON.stringify(f) }),
      close: (code) => s.onclose?.({ code, reason: '' }),
    },
  };
  return s;
}

describe('the live store', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const setup = (extra: Partial<Parameters<typeof createLiveStore>[0]> = {}) => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const urls: string[] = [];
    const store = createLiveStore({ open: (url) => { urls.push(url); const s = fakeSocket(); sockets.push(s); return s; }, url: () => 'ws://x/ws', ...extra });
    return { store, sockets, urls };
  };

  it('passes frames to the listeners of their type, and reloads on RESYNC and after a reconnect (not the first time)', () => {
    const { store, sockets } = setup();
    const heard: unknown[] = [];
    const reloads: string[] = [];
    const changes: string[] = [];
    store.subscribe(() => changes.push(store.state()));
    const off = store.onFrame('MESSAGE_RECEIVE', (f) => heard.push(f.data));
    store.onReload(() => reloads.push(store.state()));
    expect(store.state()).toBe('off');
    store.start(() => {});
    expect(store.state()).toBe('connecting');
    sockets[0].server.frame({ type: 'AUTH_OK', data: {} });
    expect(store.state()).toBe('live');
    expect(reloads).toEqual([]);
    sockets[0].server.frame({ type: 'MESSAGE_RECEIVE', data: { id: 1 } });
    sockets[0].server.frame({ type: 'OTHER', data: { id: 2 } });
    expect(heard).toEqual([{ id: 1 }]);
    sockets[0].server.frame({ type: 'RESYNC', data: {} });
    expect(reloads).toEqual(['live']);
    sockets[0].server.close(1006);
    expect(store.state()).toBe('reconnecting');
    vi.runOnlyPendingTimers();
    sockets[1].server.frame({ type: 'AUTH_OK', data: {} });
    expect(reloads).toEqual(['live', 'live']);
    off();
    sockets[1].server.frame({ type: 'MESSAGE_RECEIVE', data: { id: 3 } });
    expect(heard).toEqual([{ id: 1 }]);
    expect(store.send('PING')).toBe(true);
    expect(JSON.parse(sockets[1].sent.at(-1)!)).toEqual({ type: 'PING', data: {} });
    expect(changes).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('lets the app keep what frames say, ask for it on each sign-in and forget it at the stop', () => {
    let kept = 0;
    const calls: string[] = [];
    const { store, sockets } = setup({
      keep: (f) => (f.type === 'COUNT' ? ((kept = (f.data as { n: number }).n), true) : false),
      onLive: (c) => void calls.push(`live:${c.send('GET_COUNT')}`),
      onStop: () => void calls.push('stop'),
    });
    let notified = 0;
    store.subscribe(() => notified++);
    store.start(() => {});
    calls.length = 0; // start closes whatever was before
    sockets[0].server.frame({ type: 'AUTH_OK', data: {} });
    // Asked before subscribers hear 'live' (the client is live already, so the frame goes out).
    expect(calls).toEqual(['live:true']);
    expect(JSON.parse(sockets[0].sent.at(-1)!)).toEqual({ type: 'GET_COUNT', data: {} });
    const before = notified;
    sockets[0].server.frame({ type: 'COUNT', data: { n: 4 } });
    sockets[0].server.frame({ type: 'OTHER', data: {} });
    expect([kept, notified - before]).toEqual([4, 1]);
    store.stop();
    expect(calls).toEqual(['live:true', 'stop']);
    expect(sockets[0].closed).toBe(true);
    expect(store.state()).toBe('off');
    expect(store.send('PING')).toBe(false);
  });

  it('a new start replaces the socket; the old close does nothing; 4401 signs out', () => {
    const { store, sockets, urls } = setup();
    const signedOut: number[] = [];
    const closeFirst = store.start(() => signedOut.push(1));
    store.start(() => signedOut.push(2));
    expect(sockets[0].closed).toBe(true);
    expect(urls).toEqual(['ws://x/ws', 'ws://x/ws']);
    closeFirst();
    expect(sockets[1].closed).toBe(false);
    sockets[1].server.frame({ type: 'AUTH_OK', data: {} });
    sockets[1].server.close(4401);
    expect(store.state()).toBe('signed-out');
    expect(signedOut).toEqual([2]);
  });
});

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

  it('the site\'s socket debug switch: off, nothing is logged; on (AUTH_OK or SOCKET_DEBUG), every frame in and out and each state change', () => {
    const lines: unknown[][] = [];
    const { store, sockets } = setup({ log: (...args) => void lines.push(args) });
    store.start(() => {});
    sockets[0].server.frame({ type: 'AUTH_OK', data: { debug: false } });
    sockets[0].server.frame({ type: 'MESSAGE_RECEIVE', data: { _id: 'm1' } });
    store.send('CHECK_ONLINE_USER');
    expect(lines).toEqual([]);
    // Switched on while the page is open.
    sockets[0].server.frame({ type: 'SOCKET_DEBUG', data: { enabled: true }, position: '9/1' });
    sockets[0].server.frame({ type: 'MESSAGE_RECEIVE', data: { _id: 'm2' } });
    store.send('IS_ENABLE_PAY_PER_MESSAGE', { isUniversal: false });
    expect(lines).toEqual([
      ['←', 'SOCKET_DEBUG', { type: 'SOCKET_DEBUG', data: { enabled: true }, position: '9/1' }],
      ['←', 'MESSAGE_RECEIVE', { type: 'MESSAGE_RECEIVE', data: { _id: 'm2' } }],
      ['→', 'IS_ENABLE_PAY_PER_MESSAGE', { type: 'IS_ENABLE_PAY_PER_MESSAGE', data: { isUniversal: false } }],
    ]);
    // A reconnect: the state changes are logged; AUTH_OK says it is still on.
    sockets[0].server.close(1006);
    vi.runOnlyPendingTimers();
    sockets[1].server.frame({ type: 'AUTH_OK', data: { debug: true } });
    expect(lines.slice(3).map((l) => l.slice(0, 2))).toEqual([['state', 'reconnecting'], ['state', 'live'], ['←', 'AUTH_OK']]);
    // Switched off: the switch itself is the last line.
    lines.length = 0;
    sockets[1].server.frame({ type: 'SOCKET_DEBUG', data: { enabled: false } });
    sockets[1].server.frame({ type: 'MESSAGE_RECEIVE', data: { _id: 'm3' } });
    expect(lines.map((l) => l.slice(0, 2))).toEqual([['←', 'SOCKET_DEBUG']]);
    // A new connection on a site where it is on starts logging from its AUTH_OK.
    const other = setup({ log: (...args) => void lines.push(args) });
    lines.length = 0;
    other.store.start(() => {});
    other.sockets[0].server.frame({ type: 'AUTH_OK', data: { debug: true } });
    expect(lines.map((l) => l.slice(0, 2))).toEqual([['←', 'AUTH_OK']]);
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

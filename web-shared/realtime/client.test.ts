import { describe, expect, it } from 'vitest';
import { backoffMs, createRealtimeClient, isFinalClose, type SocketLike } from './client';

/** A scripted socket: the test plays the server. */
function fakeSocket() {
  const sent: string[] = [];
  const s: SocketLike & { sent: string[]; server: { open(): void; frame(f: unknown): void; close(code: number): void } } = {
    readyState: 1, sent, onopen: null, onmessage: null, onclose: null, onerror: null,
    send: (d) => void sent.push(d),
    close: () => {},
    server: {
      open: () => s.onopen?.({}),
      frame: (f) => s.onmessage?.({ data: JSON.stringify(f) }),
      close: (code) => s.onclose?.({ code, reason: '' }),
    },
  };
  return s;
}

describe('the realtime client', () => {
  it('backs off from 0.5 s, doubling to 30 s, with jitter of up to half', () => {
    expect(backoffMs(0, () => 0)).toBe(250);
    expect(backoffMs(0, () => 1)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(4000);
    expect(backoffMs(50, () => 1)).toBe(30_000);
  });

  it('signs in, follows positions, resumes from the last one after a drop, and stops on 4401/4403', () => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const timers: Array<() => void> = [];
    const states: string[] = [];
    const rt = createRealtimeClient({
      url: 'ws://x/ws', open: () => { const s = fakeSocket(); sockets.push(s); return s; }, token: () => 'tok',
      onState: (s) => states.push(s), setTimer: (fn) => timers.push(fn), clearTimer: () => {}, random: () => 0,
    });
    sockets[0].server.open();
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: 'AUTH', data: { token: 'tok' } });
    sockets[0].server.frame({ type: 'AUTH_OK', data: { userId: 'u', role: 'user', position: '5/1' } });
    expect(rt.state).toBe('live');
    sockets[0].server.frame({ type: 'MESSAGE_RECEIVE', data: {}, position: '7/2' });
    sockets[0].server.frame({ type: 'ONLINE_MODEL', data: {} });
    expect(rt.position).toBe('7/2');
    sockets[0].server.close(1001);
    expect(rt.state).toBe('reconnecting');
    timers.shift()!();
    sockets[1].server.open();
    expect(JSON.parse(sockets[1].sent[0])).toEqual({ type: 'AUTH', data: { token: 'tok', since: '7/2' } });
    sockets[1].server.frame({ type: 'AUTH_OK', data: { position: '9/9' } });
    expect(rt.position).toBe('7/2'); // a resumed client keeps its own position
    sockets[1].server.close(4401);
    expect(rt.state).toBe('signed-out');
    expect(timers).toHaveLength(0);
    expect(states).toEqual(['live', 'reconnecting', 'live', 'signed-out']);
    expect(isFinalClose(4403)).toBe(true);
    expect(isFinalClose(1006)).toBe(false);
  });
});

describe('a socket that cannot even be opened', () => {
  it('is tried again later instead of giving up', () => {
    const timers: Array<() => void> = [];
    let tries = 0;
    const rt = createRealtimeClient({
      url: 'ws://x/ws', open: () => { tries++; if (tries === 1) throw new Error('SecurityError'); return fakeSocket(); },
      setTimer: (fn) => timers.push(fn), clearTimer: () => {}, random: () => 0,
    });
    expect(rt.state).toBe('reconnecting');
    timers.shift()!();
    expect(tries).toBe(2);
  });
});

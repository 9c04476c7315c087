import { describe, expect, it } from 'vitest';
import { checkRelayFrame, countRelayFrame, JANUS_VIDEOROOM, RELAY_LIMITS, type RelayCheck, type RelayConnection, type RelayJoin } from './relay-frames';

const conn = (o: { sessions?: number[]; handles?: Array<[number, number, RelayJoin | null]>; pendingCreates?: number } = {}): RelayConnection => ({
  sessions: new Set(o.sessions ?? [1]),
  handles: new Map((o.handles ?? [[10, 1, null]]).map(([h, session, joined]) => [h, { session, joined }])),
  pendingCreates: o.pendingCreates ?? 0,
});
const tx = { transaction: 't1' };
const reason = (r: RelayCheck) => (r.ok ? null : r.reason);
const msg = (body: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ janus: 'message', ...tx, session_id: 1, handle_id: 10, body, ...extra });

describe('the live relay\'s frame rule', () => {
  it('needs a janus request and a transaction (400)', () => {
    for (const m of [null, [], 'x', { transaction: 't' }, { janus: 1, transaction: 't' }]) expect(checkRelayFrame(m, conn())).toMatchObject({ ok: false, code: 400 });
    expect(checkRelayFrame({ janus: 'create' }, conn())).toMatchObject({ ok: false, code: 400 });
    expect(checkRelayFrame({ janus: 'create', transaction: 'a b' }, conn())).toMatchObject({ ok: false, code: 400 });
    expect(checkRelayFrame({ janus: 'create', transaction: 'x'.repeat(65) }, conn())).toMatchObject({ ok: false, code: 400 });
  });

  it('create: a session, at most two per connection (pending creates count); extra fields dropped', () => {
    expect(checkRelayFrame({ janus: 'create', ...tx, apisecret: 'guess', admin_secret: 'x' }, conn({ sessions: [] }))).toEqual({ ok: true, out: { janus: 'create', transaction: 't1' }, note: { kind: 'create' }, join: null });
    expect(reason(checkRelayFrame({ janus: 'create', ...tx }, conn({ sessions: [1], pendingCreates: 1 })))).toBe('Too many sessions on this connection.');
    expect(reason(checkRelayFrame({ janus: 'create', ...tx }, conn({ sessions: [1, 2] })))).toBe('Too many sessions on this connection.');
  });

  it('only the connection\'s own sessions and handles', () => {
    expect(reason(checkRelayFrame({ janus: 'keepalive', ...tx, session_id: 99 }, conn()))).toBe('No such session on this connection.');
    expect(checkRelayFrame({ janus: 'keepalive', ...tx, session_id: 1 }, conn())).toMatchObject({ ok: true, out: { janus: 'keepalive', session_id: 1 }, note: null });
    expect(reason(checkRelayFrame(msg({ request: 'leave' }, { handle_id: 11 }), conn()))).toBe('No such handle on this connection.');
    // A handle of another session of the same connection is not this session's.
    expect(reason(checkRelayFrame(msg({ request: 'leave' }), conn({ sessions: [1, 2], handles: [[10, 2, null]] })))).toBe('No such handle on this connection.');
    expect(checkRelayFrame({ janus: 'destroy', ...tx, session_id: 1 }, conn())).toMatchObject({ ok: true, note: { kind: 'destroy', session: 1 } });
    expect(checkRelayFrame({ janus: 'detach', ...tx, session_id: 1, handle_id: 10 }, conn())).toMatchObject({ ok: true, note: { kind: 'detach', handle: 10 } });
  });

  it('attach: the VideoRoom plugin only, at most eight handles', () => {
    expect(reason(checkRelayFrame({ janus: 'attach', ...tx, session_id: 1, plugin: 'janus.plugin.streaming' }, conn()))).toBe(`Only ${JANUS_VIDEOROOM} is available.`);
    const ok = checkRelayFrame({ janus: 'attach', ...tx, session_id: 1, plugin: JANUS_VIDEOROOM, opaque_id: 'o'.repeat(150), token: 'x' }, conn());
    expect(ok).toMatchObject({ ok: true, note: { kind: 'attach', session: 1 } });
    expect(ok.ok && ok.out).toEqual({ janus: 'attach', transaction: 't1', session_id: 1, plugin: JANUS_VIDEOROOM, opaque_id: 'o'.repeat(100) });
    const full = conn({ handles: Array.from({ length: RELAY_LIMITS.handles }, (_, i) => [i + 1, 1, null] as [number, number, null]) });
    expect(reason(checkRelayFrame({ janus: 'attach', ...tx, session_id: 1, plugin: JANUS_VIDEOROOM }, full))).toBe('Too many handles on this connection.');
  });

  it('messages: the viewer and publisher requests with their keys only; room administration and recording never pass', () => {
    for (const request of ['create', 'destroy', 'edit', 'allowed', 'kick', 'list', 'listparticipants', 'rtp_forward', 'enable_recording'])
      expect(reason(checkRelayFrame(msg({ request, room: 1 }), conn()))).toBe(`The request "${request}" is not available here.`);
    for (const key of ['record', 'filename', 'secret', 'admin_key'])
      expect(reason(checkRelayFrame(msg({ request: 'configure', [key]: 'x' }), conn()))).toBe(`The field "${key}" is not allowed here.`);
    expect(reason(checkRelayFrame(msg('x' as never), conn()))).toBe('A message needs a body with a request.');
    const configure = checkRelayFrame(msg({ request: 'configure', bitrate: 500_000 }, { jsep: { type: 'offer', sdp: 'v=0', trickle: true, evil: 1 }, apisecret: 'x' }), conn());
    expect(configure.ok && configure.out).toEqual({ janus: 'message', transaction: 't1', session_id: 1, handle_id: 10, body: { request: 'configure', bitrate: 500_000 }, jsep: { type: 'offer', sdp: 'v=0', trickle: true } });
    expect(reason(checkRelayFrame(msg({ request: 'start' }, { jsep: { type: 'pranswer', sdp: 'v=0' } }), conn()))).toBe('A jsep needs a type (offer or answer) and an sdp.');
  });

  it('a join names its room, kind and token, once per handle; the relay gets it to check', () => {
    const join = { request: 'join', ptype: 'subscriber', room: 1234, token: 'tok', streams: [{ feed: 5 }] };
    expect(checkRelayFrame(msg(join), conn())).toMatchObject({ ok: true, join: { room: 1234, token: 'tok', ptype: 'subscriber' }, note: null });
    expect(reason(checkRelayFrame(msg({ ...join, ptype: 'admin' }), conn()))).toBe('A join needs ptype publisher or subscriber.');
    expect(reason(checkRelayFrame(msg({ ...join, room: '1234' }), conn()))).toBe('A join needs the room number.');
    expect(reason(checkRelayFrame(msg({ ...join, room: 0 }), conn()))).toBe('A join needs the room number.');
    expect(reason(checkRelayFrame(msg({ ...join, token: '' }), conn()))).toBe('A join needs your live token.');
    expect(reason(checkRelayFrame(msg({ ...join, token: 'x'.repeat(201) }), conn()))).toBe('A join needs your live token.');
    expect(reason(checkRelayFrame(msg(join), conn({ handles: [[10, 1, { room: 1234, token: 'tok', ptype: 'subscriber' }]] })))).toBe('This handle has already joined.');
  });

  it('trickle needs a candidate (or a list of them)', () => {
    expect(checkRelayFrame({ janus: 'trickle', ...tx, session_id: 1, handle_id: 10, candidate: { completed: true }, other: 1 }, conn())).toMatchObject({ ok: true, out: { candidate: { completed: true } } });
    expect(checkRelayFrame({ janus: 'trickle', ...tx, session_id: 1, handle_id: 10, candidates: [{ candidate: 'a' }] }, conn())).toMatchObject({ ok: true });
    expect(reason(checkRelayFrame({ janus: 'trickle', ...tx, session_id: 1, handle_id: 10, candidates: ['a'] }, conn()))).toBe('A trickle needs a candidate.');
  });

  it('other Janus requests (info, the admin API, unknown) are refused', () => {
    for (const janus of ['info', 'list_sessions', 'claim', 'hangup', 'whatever']) expect(checkRelayFrame({ janus, ...tx, session_id: 1, handle_id: 10 }, conn()).ok).toBe(false);
  });

  it('at most 300 frames in 10 s, counted in a window that starts again', () => {
    let w = { startedAt: 0, count: 0 };
    for (let i = 0; i < RELAY_LIMITS.frames; i++) {
      const r = countRelayFrame(w, 1000);
      expect(r.tooMany).toBe(false);
      w = r.window;
    }
    expect(countRelayFrame(w, 1000).tooMany).toBe(true);
    expect(countRelayFrame(w, RELAY_LIMITS.windowMs + 1).tooMany).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { countFrame, FRAME_LIMIT, parseClientFrame } from './protocol';

describe('client frames', () => {
  it('accepts the known frames with valid fields', () => {
    expect(parseClientFrame('{"type":"AUTH","data":{}}')).toEqual({ ok: true, frame: { type: 'AUTH', data: {} } });
    expect(parseClientFrame(JSON.stringify({ type: 'AUTH', data: { token: 'a'.repeat(43), since: '12/3' } })).ok).toBe(true);
    expect(parseClientFrame('{"type":"GET_ONLINE_USER_LIST"}')).toEqual({ ok: true, frame: { type: 'GET_ONLINE_USER_LIST', data: {} } });
    expect(parseClientFrame('{"type":"ADMIN_IN_USER_CHAT","data":{"userId":null}}').ok).toBe(true);
    expect(parseClientFrame('{"type":"JOIN_ROOM","data":{"roomId":"r-1","userId":"u_2"}}').ok).toBe(true);
  });

  it.each([
    ['not json', 'The frame is not JSON.'],
    ['[1,2]', 'The frame must be a JSON object.'],
    ['null', 'The frame must be a JSON object.'],
    ['{"type":"HACK"}', 'Unknown frame type.'],
    ['{"type":"__proto__"}', 'Unknown frame type.'],
    ['{"type":"toString"}', 'Unknown frame type.'],
    ['{"data":{}}', 'Unknown frame type.'],
    ['{"type":"AUTH","data":[]}', 'AUTH: data must be an object.'],
    ['{"type":"AUTH","data":{"token":"short"}}', 'AUTH: token is invalid.'],
    ['{"type":"AUTH","data":{"token":123}}', 'AUTH: token must be a string.'],
    ['{"type":"AUTH","data":{"since":"yesterday"}}', 'AUTH: since is invalid.'],
    ['{"type":"AUTH","data":{"admin":true}}', 'AUTH: unknown field admin.'],
    ['{"type":"JOIN_ROOM","data":{}}', 'JOIN_ROOM: roomId is required.'],
    ['{"type":"JOIN_ROOM","data":{"roomId":"a b"}}', 'JOIN_ROOM: roomId is invalid.'],
    ['{"type":"ADMIN_IN_USER_CHAT","data":{}}', 'ADMIN_IN_USER_CHAT: userId is required.'],
  ])('refuses %s with a reason', (text, reason) => {
    expect(parseClientFrame(text)).toEqual({ ok: false, reason });
  });

  it('keeps every refusal short enough for a close frame', () => {
    const long = JSON.stringify({ type: 'AUTH', data: { ['x'.repeat(500)]: 1 } });
    const r = parseClientFrame(long);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Buffer.byteLength(r.reason)).toBeLessThanOrEqual(123);
  });
});

describe('frame limit', () => {
  it('allows the limit per window, refuses the next, and starts over in the next window', () => {
    const w = { startedAt: 0, count: 0 };
    for (let i = 0; i < FRAME_LIMIT.frames; i++) expect(countFrame(w, 1000)).toBe(true);
    expect(countFrame(w, 1000)).toBe(false);
    expect(countFrame(w, FRAME_LIMIT.windowMs + 1)).toBe(true);
  });
});

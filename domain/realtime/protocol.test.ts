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

describe('live-stream frames (issue 15)', () => {
  it('accepts the spec\'s live frames with their fields', () => {
    for (const text of [
      '{"type":"CHECK_STREAM_STARTED","data":{"userId":"u1"}}', '{"type":"JOIN_STREAM","data":{}}', '{"type":"LEFT_STREAM","data":{}}',
      '{"type":"LEAVE_GROUP_STREAM","data":{}}', '{"type":"GET_VIEWER","data":{}}', '{"type":"START_LIVE_STREAM","data":{"userId":"u1","tabToken":"0123456789ab"}}',
      '{"type":"STOP_LIVE_STREAM","data":{}}', '{"type":"GROUP_LIVE_STARTED","data":{}}', '{"type":"STOP_GROUP_LIVE_STREAM","data":{}}',
    ]) expect(parseClientFrame(text).ok, text).toBe(true);
  });
  it('refuses a tab token that is not 12 lower-case hex characters, and unknown fields', () => {
    expect(parseClientFrame('{"type":"START_LIVE_STREAM","data":{"tabToken":"0123456789AB"}}')).toEqual({ ok: false, reason: 'START_LIVE_STREAM: tabToken must be 12 hexadecimal characters.' });
    expect(parseClientFrame('{"type":"GET_VIEWER","data":{"room":1}}')).toEqual({ ok: false, reason: 'GET_VIEWER: unknown field room.' });
  });
});

describe('IS_ENABLE_PAY_PER_MESSAGE', () => {
  it('takes the spec\'s {email, isUniversal, modelDomain}, each optional', () => {
    const frame = { type: 'IS_ENABLE_PAY_PER_MESSAGE', data: { email: 'fan@example.com', isUniversal: false, modelDomain: 'fans.example.com' } };
    expect(parseClientFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
    expect(parseClientFrame('{"type":"IS_ENABLE_PAY_PER_MESSAGE"}').ok).toBe(true);
    for (const host of ['localhost:8080', '[::1]:3000', 'fans.example.com']) expect(parseClientFrame(JSON.stringify({ type: 'IS_ENABLE_PAY_PER_MESSAGE', data: { modelDomain: host } })).ok, host).toBe(true);
  });
  it.each([
    ['{"type":"IS_ENABLE_PAY_PER_MESSAGE","data":{"isUniversal":"yes"}}', 'IS_ENABLE_PAY_PER_MESSAGE: isUniversal must be true or false.'],
    ['{"type":"IS_ENABLE_PAY_PER_MESSAGE","data":{"email":"not an email"}}', 'IS_ENABLE_PAY_PER_MESSAGE: email is not an email address.'],
    ['{"type":"IS_ENABLE_PAY_PER_MESSAGE","data":{"email":7}}', 'IS_ENABLE_PAY_PER_MESSAGE: email must be a string.'],
    ['{"type":"IS_ENABLE_PAY_PER_MESSAGE","data":{"modelDomain":"evil.example/path?x"}}', 'IS_ENABLE_PAY_PER_MESSAGE: modelDomain is not a domain.'],
    ['{"type":"IS_ENABLE_PAY_PER_MESSAGE","data":{"userId":"someone-else"}}', 'IS_ENABLE_PAY_PER_MESSAGE: unknown field userId.'],
  ])('refuses %s', (text, reason) => {
    expect(parseClientFrame(text)).toEqual({ ok: false, reason });
  });
});

import { describe, expect, it } from 'vitest';
import { BOT_CHECK_ROUTES, challengePayload, leadingZeroBits, splitSolution } from './bot-check';

describe('bot check rules (CO-19)', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('splits the header at the last colon; a nonce is short and alphanumeric', () => {
    expect(splitSolution('abc.def:1z')).toEqual({ challenge: 'abc.def', nonce: '1z' });
    expect(splitSolution('abc.def')).toBeNull();
    expect(splitSolution(':1z')).toBeNull();
    expect(splitSolution('abc:')).toBeNull();
    expect(splitSolution(`abc:${'a'.repeat(33)}`)).toBeNull();
    expect(splitSolution('abc:a-b')).toBeNull();
  });

  it('accepts only a well-formed payload', () => {
    const good = { id: 'a'.repeat(22), action: 'login', difficulty: 16, exp: 1_800_000_000 };
    expect(challengePayload(good)).toEqual(good);
    expect(challengePayload({ ...good, action: 'tip' })).toBeNull();
    expect(challengePayload({ ...good, difficulty: 4 })).toBeNull();
    expect(challengePayload({ ...good, difficulty: 30 })).toBeNull();
    expect(challengePayload({ ...good, id: 'short' })).toBeNull();
    expect(challengePayload({ ...good, exp: '1' })).toBeNull();
    expect(challengePayload(null)).toBeNull();
  });

  it('protects the four actions of spec D3 §5', () => {
    expect([...new Set(Object.values(BOT_CHECK_ROUTES))].sort()).toEqual(['add_card', 'login', 'register', 'subscription']);
  });
});

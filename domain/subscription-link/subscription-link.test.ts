import { describe, expect, it } from 'vitest';
import {
  assertGenerated, dollarsToCents, linkTermsFrom, linkToken, parseLinkToken, subscriptionLinkDecider, verifyLinkToken, LINK_EXPIRED, LINK_INVALID,
} from './subscription-link';

const ID = '3b6f2f1e-8a3c-4d55-9a41-1c2d3e4f5a6b';
const NOW = '2026-01-10T12:00:00.000Z';
// A stand-in signer (the real one is HMAC in api/): any change to the payload changes the signature.
const sign = (p: string) => Buffer.from(p).toString('base64url').split('').reverse().join('').padEnd(24, 'x');
const verify = (p: string, s: string) => sign(p) === s;

describe('subscription links', () => {
  it('turns typed dollars into integer cents and names the field when it cannot', () => {
    expect(dollarsToCents('4.99', 'price', 'price')).toBe(499);
    expect(dollarsToCents(7, 'price', 'price')).toBe(700);
    expect(dollarsToCents('0.5', 'price', 'price')).toBe(50);
    expect(() => dollarsToCents('4.999', 'price', 'price')).toThrow('Please enter a valid price.');
    expect(() => dollarsToCents('-1', 'price', 'price')).toThrow('Please enter a valid price.');
    expect(() => dollarsToCents('1001', 'price', 'price')).toThrow('cannot be more than $1000');
  });

  it('builds terms: renewals at the first price unless given; a free first period needs a renewal price; 1–365 days', () => {
    const { terms } = linkTermsFrom({ price: '4.99', expires_in_days: 7 }, ID, NOW);
    expect(terms).toEqual({ linkId: ID, initialCents: 499, recurringCents: 499, expiresAt: '2026-01-17T12:00:00.000Z' });
    expect(linkTermsFrom({ price: '0', recurring_price: '9.99', expires_in_days: '30' }, ID, NOW).terms.recurringCents).toBe(999);
    expect(() => linkTermsFrom({ price: '0', expires_in_days: 7 }, ID, NOW)).toThrow('Please enter a renewal price');
    expect(() => linkTermsFrom({ price: '5', expires_in_days: 366 }, ID, NOW)).toThrow('1 to 365 days');
    expect(() => linkTermsFrom({ price: '5', expires_in_days: 1.5 }, ID, NOW)).toThrow('1 to 365 days');
  });

  it('a token round-trips; a changed price, id or expiry fails the signature; an expired one says so', () => {
    const terms = { linkId: ID, initialCents: 499, recurringCents: 700, expiresAt: '2026-01-17T12:00:00.000Z' };
    const token = linkToken(terms, sign);
    expect(parseLinkToken(token)?.terms).toEqual(terms);
    expect(verifyLinkToken(token, verify, NOW)).toEqual(terms);
    for (const bad of [token.replace('.499.', '.99.'), token.replace('.700.', '.100.'), token.replace(ID, ID.replace('3b', '4b')), `${token}x`, 'v1.nope', ''])
      expect(() => verifyLinkToken(bad, verify, NOW)).toThrow(LINK_INVALID);
    expect(() => verifyLinkToken(token, verify, '2026-01-17T12:00:00.000Z')).toThrow(LINK_EXPIRED);
  });

  it('only generated terms are honoured; each fan uses a link once (a repeat records nothing)', () => {
    const terms = { linkId: ID, initialCents: 499, recurringCents: 700, expiresAt: '2026-01-17T12:00:00.000Z' };
    const d = subscriptionLinkDecider;
    expect(() => assertGenerated(d.initialState(), terms)).toThrow(LINK_INVALID);
    const [generated] = d.decide({ type: 'Generate', terms, note: '', generatedBy: 'admin', at: NOW }, d.initialState());
    let state = d.evolve(d.initialState(), generated);
    expect(() => assertGenerated(state, terms)).not.toThrow();
    expect(() => assertGenerated(state, { ...terms, initialCents: 1 })).toThrow(LINK_INVALID);
    const use = { type: 'RecordUse' as const, linkId: ID, userId: 'fan-1', paymentId: 'p1', amountCents: 499, at: NOW };
    const [used] = d.decide(use, state);
    state = d.evolve(state, used);
    expect(d.decide(use, state)).toEqual([]);
    expect(() => d.decide({ type: 'Generate', terms, note: '', generatedBy: 'admin', at: NOW }, state)).toThrow();
  });
});

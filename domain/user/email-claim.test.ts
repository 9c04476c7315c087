import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { EMAIL_CLAIM_LEASE_MS, EMAIL_TAKEN, claimVerdict, emailClaimDecider, type ClaimHolder, type EmailClaimEvent } from './email-claim';

const email = 'fan@example.com';
const T0 = '2026-01-01T00:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const claimed = (userId: string, at: string | null = T0): EmailClaimEvent => ({ type: 'EmailClaimed', data: { email, userId, ...(at ? { at } : {}) } });
const released = (userId: string, abandoned = false): EmailClaimEvent => ({ type: 'EmailReleased', data: { email, userId, ...(abandoned ? { abandoned: true } : {}) } });
const claim = (userId: string, at: string, holder?: ClaimHolder) => ({ type: 'ClaimEmail' as const, email, userId, at, holder });
/** u1 as its user stream shows it. */
const neverRegistered: ClaimHolder = { userId: 'u1', registered: false, ownsEmail: false, abandoned: false };
const fenced: ClaimHolder = { ...neverRegistered, abandoned: true };
const owner: ClaimHolder = { userId: 'u1', registered: true, ownsEmail: true, abandoned: false };
const movedAway: ClaimHolder = { userId: 'u1', registered: true, ownsEmail: false, abandoned: false };
const takenError = ['An account with this email already exists.', { code: 'EMAIL_TAKEN', status: 409, details: { field: 'email' } }] as const;

describe('emailClaimDecider: one address, one account', () => {
  it('claims a free address, recording when', () => {
    const state = given(emailClaimDecider).when(claim('u1', T0)).then([claimed('u1')]);
    expect(state).toEqual({ userId: 'u1', claimedAt: T0 });
    expect(EMAIL_TAKEN).toBe('An account with this email already exists.');
  });

  it('is idempotent for the same user', () => {
    given(emailClaimDecider, [claimed('u1')]).when(claim('u1', after(1))).then([]);
  });

  it('refuses another user while the holder owns the address, however long ago it was claimed', () => {
    given(emailClaimDecider, [claimed('u1')]).when(claim('u2', after(1), owner)).thenThrows(...takenError);
    given(emailClaimDecider, [claimed('u1')]).when(claim('u2', after(365 * 86_400_000), owner)).thenThrows(...takenError);
  });

  it('refuses another user within the lease: a registration is in progress', () => {
    given(emailClaimDecider, [claimed('u1')]).when(claim('u2', after(EMAIL_CLAIM_LEASE_MS - 1), fenced)).thenThrows(...takenError);
  });

  it('refuses when the caller brought no facts about the holder, or facts about someone else', () => {
    given(emailClaimDecider, [claimed('u1')]).when(claim('u2', after(EMAIL_CLAIM_LEASE_MS))).thenThrows(...takenError);
    given(emailClaimDecider, [claimed('u1')]).when(claim('u3', after(EMAIL_CLAIM_LEASE_MS), { ...fenced, userId: 'u2' })).thenThrows(...takenError);
  });

  it('after the lease, a holder that never registered must be fenced before the takeover', () => {
    expect(claimVerdict({ userId: 'u1', claimedAt: T0 }, 'u2', after(EMAIL_CLAIM_LEASE_MS), neverRegistered)).toBe('fence_holder');
    // The decider never takes over from an unfenced holder (its registration could still land).
    given(emailClaimDecider, [claimed('u1')]).when(claim('u2', after(EMAIL_CLAIM_LEASE_MS), neverRegistered)).thenThrows(...takenError);
  });

  it('after the lease, takes over from a fenced holder in one append (release + claim)', () => {
    const state = given(emailClaimDecider, [claimed('u1')])
      .when(claim('u2', after(EMAIL_CLAIM_LEASE_MS), fenced))
      .then([released('u1', true), claimed('u2', after(EMAIL_CLAIM_LEASE_MS))]);
    expect(state).toEqual({ userId: 'u2', claimedAt: after(EMAIL_CLAIM_LEASE_MS) });
  });

  it('after the lease, takes over from an account that moved to another address (its release was lost)', () => {
    given(emailClaimDecider, [claimed('u1')])
      .when(claim('u2', after(EMAIL_CLAIM_LEASE_MS), movedAway))
      .then([released('u1', true), claimed('u2', after(EMAIL_CLAIM_LEASE_MS))]);
  });

  it('a claim recorded before leases existed (no time) counts as past its lease', () => {
    given(emailClaimDecider, [claimed('u1', null)]).when(claim('u2', T0, fenced)).then([released('u1', true), claimed('u2', T0)]);
  });

  it('the holder releases the address (compensation marks it abandoned); another user may then claim it', () => {
    const state = given(emailClaimDecider, [claimed('u1')]).when({ type: 'ReleaseEmail', email, userId: 'u1', abandoned: true }).then([released('u1', true)]);
    expect(state.userId).toBeNull();
    given(emailClaimDecider, [claimed('u1'), released('u1')]).when(claim('u2', after(1))).then([claimed('u2', after(1))]);
  });

  it('only the holder can release; releasing a free address is a no-op', () => {
    given(emailClaimDecider, [claimed('u1')]).when({ type: 'ReleaseEmail', email, userId: 'u2' }).then([]);
    given(emailClaimDecider).when({ type: 'ReleaseEmail', email, userId: 'u1' }).then([]);
    given(emailClaimDecider, [claimed('u1'), released('u1')]).when({ type: 'ReleaseEmail', email, userId: 'u1' }).then([]);
  });
});

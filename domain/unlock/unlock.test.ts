import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { ALREADY_UNLOCKED, COULD_NOT_UNLOCK, TIER_REQUIRED, unlockDecider, unlockStream, type RequestUnlock, type UnlockEvent } from './unlock';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:00:05.000Z';
const lockedPost = { exists: true, deleted: false, visibility: 'locked', priceCents: 2000 };
const member = { isStaff: false, isSubscriber: true };

const request = (patch: Partial<RequestUnlock> = {}): RequestUnlock => ({
  type: 'RequestUnlock',
  postId: 'p1',
  userId: 'u1',
  paymentId: 'pay1',
  confirmedAmountCents: 2000,
  post: lockedPost,
  viewer: member,
  at: T0,
  ...patch,
});
const requested = (paymentId = 'pay1'): UnlockEvent => ({
  type: 'PostUnlockRequested',
  data: { postId: 'p1', userId: 'u1', paymentId, amountCents: 2000, requestedAt: T0 },
});
const unlocked = (paymentId = 'pay1'): UnlockEvent => ({
  type: 'PostUnlocked',
  data: { postId: 'p1', userId: 'u1', paymentId, amountCents: 2000, unlockedAt: T1 },
});
const unlockFailed = (paymentId = 'pay1'): UnlockEvent => ({
  type: 'PostUnlockFailed',
  data: { postId: 'p1', userId: 'u1', paymentId, failureCode: '-24', failedAt: T1 },
});
const complete = (paymentId = 'pay1') => ({ type: 'CompleteUnlock' as const, postId: 'p1', userId: 'u1', paymentId, amountCents: 2000, at: T1 });
const fail = (paymentId = 'pay1') => ({ type: 'FailUnlock' as const, postId: 'p1', userId: 'u1', paymentId, failureCode: '-24', at: T1 });

describe('unlockStream', () => {
  it('is post-unlock-<postId>-<userId>', () => expect(unlockStream('p1', 'u1')).toBe('post-unlock-p1-u1'));
});

describe('unlockDecider', () => {
  describe('RequestUnlock', () => {
    it('records the pending payment at the post price', () => {
      const state = given(unlockDecider).when(request()).then([requested()]);
      expect(state).toEqual({ unlocked: false, pendingPaymentId: 'pay1', pendingAmountCents: 2000, paymentId: null });
    });

    it('joins a pending unlock instead of creating a second payment', () => {
      given(unlockDecider, [requested('pay1')]).when(request({ paymentId: 'pay2' })).then([]);
    });

    it('after PostUnlocked a new request throws Content already unlocked.', () => {
      given(unlockDecider, [requested(), unlocked()])
        .when(request({ paymentId: 'pay2' }))
        .thenThrows('Content already unlocked.', { code: 'ALREADY_UNLOCKED', status: 409 });
      expect(ALREADY_UNLOCKED).toBe('Content already unlocked.');
    });

    it('a failed payment releases the pending unlock, so a new request starts a new payment', () => {
      const state = given(unlockDecider, [requested('pay1')]).when(fail('pay1')).then([unlockFailed('pay1')]);
      expect(state.pendingPaymentId).toBeNull();
      given(unlockDecider, [requested('pay1'), unlockFailed('pay1')]).when(request({ paymentId: 'pay2' })).then([requested('pay2')]);
    });

    it.each([
      ['missing', { ...lockedPost, exists: false }],
      ['deleted', { ...lockedPost, deleted: true }],
    ])('refuses a %s post', (_s, post) => {
      given(unlockDecider).when(request({ post })).thenThrows('Something went wrong', { code: 'POST_NOT_FOUND', status: 404 });
    });

    it.each(['private', 'public', null])('refuses a %s post (not locked)', (visibility) => {
      given(unlockDecider)
        .when(request({ post: { ...lockedPost, visibility } }))
        .thenThrows(COULD_NOT_UNLOCK, { code: 'NOT_LOCKED', status: 400 });
      expect(COULD_NOT_UNLOCK).toBe('Could not unlock content.');
    });

    it('refuses staff (admins are never asked to unlock)', () => {
      given(unlockDecider)
        .when(request({ viewer: { isStaff: true, isSubscriber: true } }))
        .thenThrows('Could not unlock content.', { code: 'STAFF_NEEDS_NO_UNLOCK', status: 400 });
    });

    it('refuses a non-subscriber', () => {
      given(unlockDecider)
        .when(request({ viewer: { isStaff: false, isSubscriber: false } }))
        .thenThrows('Could not unlock content.', { code: 'SUBSCRIPTION_REQUIRED', status: 403 });
    });

    it('refuses a member below the tier the post is limited to (not for sale below it)', () => {
      given(unlockDecider)
        .when(request({ viewer: { isStaff: false, isSubscriber: true, belowTier: true } }))
        .thenThrows(TIER_REQUIRED, { code: 'TIER_REQUIRED', status: 403 });
      given(unlockDecider).when(request({ viewer: { isStaff: false, isSubscriber: true, belowTier: false } })).then([requested()]);
    });

    it('asks no membership of a purchase made on the guest form (email only)', () => {
      given(unlockDecider).when(request({ viewer: { isStaff: false, isSubscriber: false, boughtAsGuest: true } })).then([requested()]);
    });

    it.each([1999, 2001, 0])('refuses a confirmed price (%d) that differs from the post price', (confirmedAmountCents) => {
      given(unlockDecider)
        .when(request({ confirmedAmountCents }))
        .thenThrows('Invalid request.', { code: 'PRICE_CHANGED', status: 409, details: { field: 'amount', priceCents: 2000 } });
    });
  });

  describe('CompleteUnlock', () => {
    it('unlocks the post and clears the pending payment', () => {
      const state = given(unlockDecider, [requested()]).when(complete()).then([unlocked()]);
      expect(state).toEqual({ unlocked: true, pendingPaymentId: null, pendingAmountCents: 2000, paymentId: 'pay1' });
    });

    it('is a no-op once unlocked (redelivery)', () => {
      given(unlockDecider, [requested(), unlocked()]).when(complete()).then([]);
    });

    it('still grants the entitlement for a captured payment whose unlock was marked failed (money moved → entitlement follows)', () => {
      given(unlockDecider, [requested(), unlockFailed()]).when(complete()).then([unlocked()]);
    });
  });

  describe('FailUnlock', () => {
    it('is a no-op for a foreign payment id', () => {
      given(unlockDecider, [requested('pay1')]).when(fail('other')).then([]);
    });

    it('is a no-op with nothing pending', () => {
      given(unlockDecider).when(fail()).then([]);
      given(unlockDecider, [requested(), unlockFailed()]).when(fail()).then([]);
    });

    it('is a no-op once unlocked', () => {
      given(unlockDecider, [requested(), unlocked()]).when(fail()).then([]);
    });
  });

  it('evolve ignores a failure for a payment that is not pending', () => {
    const state = given(unlockDecider, [requested('pay2'), unlockFailed('pay1')]).state;
    expect(state.pendingPaymentId).toBe('pay2');
  });
});

describe('RevokeUnlock (the money came back)', () => {
  const T2 = '2026-03-09T00:00:00.000Z';
  const revoke = (paymentId = 'pay1', reason: 'refund' | 'void' | 'chargeback' = 'refund') => ({ type: 'RevokeUnlock' as const, postId: 'p1', userId: 'u1', paymentId, reason, at: T2 });
  const revoked = (paymentId = 'pay1', reason: 'refund' | 'void' | 'chargeback' = 'refund'): UnlockEvent => ({
    type: 'PostUnlockRevoked', data: { postId: 'p1', userId: 'u1', paymentId, reason, revokedAt: T2 },
  });

  it.each(['refund', 'void', 'chargeback'] as const)('locks the post again for the fan (%s)', (reason) => {
    const state = given(unlockDecider, [requested(), unlocked()]).when(revoke('pay1', reason)).then([revoked('pay1', reason)]);
    expect(state.unlocked).toBe(false);
  });

  it('lets the fan buy the post again afterwards', () => {
    given(unlockDecider, [requested(), unlocked(), revoked()]).when(request({ paymentId: 'pay2' })).then([
      { type: 'PostUnlockRequested', data: { postId: 'p1', userId: 'u1', paymentId: 'pay2', amountCents: 2000, requestedAt: T0 } },
    ]);
  });

  it('ignores a reversal of a payment that did not unlock the post, and a repeat', () => {
    given(unlockDecider, [requested(), unlocked()]).when(revoke('other')).then([]);
    given(unlockDecider, [requested(), unlocked(), revoked()]).when(revoke()).then([]);
    given(unlockDecider, [requested()]).when(revoke()).then([]);
  });
});

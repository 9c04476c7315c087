import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { HOSTED_FORM_TTL_MS } from '../payment/payment';
import { guestAccountName, guestPageExpired, guestPurchaseDecider, type GuestPurchaseCommand, type GuestPurchaseEvent } from './guest-purchase';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:05:00.000Z';
const request: GuestPurchaseCommand = { type: 'RequestGuestPurchase', paymentId: 'pay1', email: 'ann@example.com', postId: 'p1', amountCents: 500, promotionId: null, provider: 'ccbill', at: T0 };
const requested: GuestPurchaseEvent = {
  type: 'GuestPurchaseRequested',
  data: { paymentId: 'pay1', email: 'ann@example.com', postId: 'p1', amountCents: 500, promotionId: null, provider: 'ccbill', requestedAt: T0 },
};
const matched: GuestPurchaseEvent = { type: 'GuestPurchaseMatched', data: { paymentId: 'pay1', userId: 'u1', created: true, matchedAt: T1 } };

describe('guest purchase', () => {
  it('is requested once; the same request again changes nothing; another request under its id is refused', () => {
    const state = given(guestPurchaseDecider).when(request).then([requested]);
    expect(state).toMatchObject({ status: 'requested', email: 'ann@example.com', amountCents: 500, requestedAt: T0 });
    given(guestPurchaseDecider, [requested]).when(request).then([]);
    given(guestPurchaseDecider, [requested]).when({ ...request, email: 'bob@example.com' }).thenThrows('This Idempotency-Key was used for a different request.', { code: 'IDEMPOTENCY_MISMATCH', status: 422 });
  });

  it('is matched to one account once; a released purchase is never matched', () => {
    const state = given(guestPurchaseDecider, [requested]).when({ type: 'MatchGuestPurchase', userId: 'u1', created: true, at: T1 }).then([matched]);
    expect(state).toMatchObject({ status: 'matched', userId: 'u1', created: true });
    given(guestPurchaseDecider, [requested, matched]).when({ type: 'MatchGuestPurchase', userId: 'u1', created: true, at: T1 }).then([]);
    const released: GuestPurchaseEvent = { type: 'GuestPurchaseReleased', data: { paymentId: 'pay1', reason: 'declined', problem: null, releasedAt: T1 } };
    given(guestPurchaseDecider, [requested, released]).when({ type: 'MatchGuestPurchase', userId: 'u1', created: false, at: T1 }).thenThrows('This purchase is not waiting for its sale.', { code: 'GUEST_PURCHASE_CLOSED', status: 409 });
    given(guestPurchaseDecider, [requested, released]).when({ type: 'ReleaseGuestPurchase', reason: 'refused', problem: 'x', at: T1 }).then([]);
  });

  it('expires with the hosted form; names an account after the email', () => {
    expect(guestPageExpired(T0, new Date(Date.parse(T0) + HOSTED_FORM_TTL_MS - 1).toISOString())).toBe(false);
    expect(guestPageExpired(T0, new Date(Date.parse(T0) + HOSTED_FORM_TTL_MS).toISOString())).toBe(true);
    expect(guestAccountName('ann.lee@example.com')).toBe('ann.lee');
    expect(guestAccountName(`${'x'.repeat(80)}@example.com`)).toHaveLength(50);
  });
});

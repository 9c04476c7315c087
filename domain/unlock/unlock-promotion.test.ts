// Unlocking at a locked-content promotion's price: ceil(amount × (100 − percent) / 100)
// in whole dollars; the confirmed amount must be that price; the event names the promotion.
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { unlockDecider, type RequestUnlock } from './unlock';

const T0 = '2026-03-01T10:00:00.000Z';
const post = { exists: true, deleted: false, visibility: 'locked', priceCents: 1500 };

const request = (patch: Partial<RequestUnlock> = {}): RequestUnlock => ({
  type: 'RequestUnlock',
  postId: 'p1',
  userId: 'u1',
  paymentId: 'pay1',
  confirmedAmountCents: 1400,
  post,
  viewer: { isStaff: false, isSubscriber: true },
  promotion: { promotionId: 'promo-1', discountPercent: 10 },
  at: T0,
  ...patch,
});

describe('RequestUnlock with a promotion', () => {
  it('records the pending payment at the promotion price (15 at 10% off = 13.5, rounded up to 14) and names the promotion', () => {
    const state = given(unlockDecider)
      .when(request())
      .then([{ type: 'PostUnlockRequested', data: { postId: 'p1', userId: 'u1', paymentId: 'pay1', amountCents: 1400, requestedAt: T0, promotionId: 'promo-1' } }]);
    expect(state.pendingAmountCents).toBe(1400);
  });

  it('refuses the list price when the promotion is applied, answering the price to confirm', () => {
    given(unlockDecider)
      .when(request({ confirmedAmountCents: 1500 }))
      .thenThrows('Invalid request.', { code: 'PRICE_CHANGED', status: 409, details: { field: 'amount', priceCents: 1400 } });
  });

  it('without a promotion charges the list price and the event carries no promotion id', () => {
    given(unlockDecider)
      .when(request({ promotion: null, confirmedAmountCents: 1500 }))
      .then([{ type: 'PostUnlockRequested', data: { postId: 'p1', userId: 'u1', paymentId: 'pay1', amountCents: 1500, requestedAt: T0 } }]);
  });

  it('50% off 20 dollars is 10 dollars; 80% off 7 dollars is 2 dollars (1.4 rounded up)', () => {
    given(unlockDecider)
      .when(request({ post: { ...post, priceCents: 2000 }, confirmedAmountCents: 1000, promotion: { promotionId: 'p', discountPercent: 50 } }))
      .then([{ type: 'PostUnlockRequested', data: { postId: 'p1', userId: 'u1', paymentId: 'pay1', amountCents: 1000, requestedAt: T0, promotionId: 'p' } }]);
    given(unlockDecider)
      .when(request({ post: { ...post, priceCents: 700 }, confirmedAmountCents: 200, promotion: { promotionId: 'p', discountPercent: 80 } }))
      .then([{ type: 'PostUnlockRequested', data: { postId: 'p1', userId: 'u1', paymentId: 'pay1', amountCents: 200, requestedAt: T0, promotionId: 'p' } }]);
  });

  it('a pending unlock is joined whatever promotion the second click names (one payment, one price)', () => {
    given(unlockDecider, [{ type: 'PostUnlockRequested', data: { postId: 'p1', userId: 'u1', paymentId: 'pay1', amountCents: 1400, requestedAt: T0, promotionId: 'promo-1' } }])
      .when(request({ paymentId: 'pay2', promotion: null, confirmedAmountCents: 1500 }))
      .then([]);
  });
});

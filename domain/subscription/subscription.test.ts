import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import {
  ALREADY_SUBSCRIBED,
  PERIOD_DAYS,
  THANK_YOU,
  addDays,
  isActive,
  statusCode,
  subscriptionDecider,
  subscriptionStream,
  type SubscriptionEvent,
} from './subscription';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:00:05.000Z';
const EXP = '2026-03-31T10:00:05.000Z'; // T1 + 30 days
const prices = { initialCents: 999, recurringCents: 1499 };
const requestCmd = (paymentId = 'pay1', at = T0) => ({ type: 'RequestSubscription' as const, userId: 'u1', paymentId, prices, at });
const requested = (paymentId = 'pay1', period = 1, at = T0): SubscriptionEvent => ({
  type: 'SubscriptionRequested',
  data: { userId: 'u1', paymentId, amountCents: 999, recurringCents: 1499, period, requestedAt: at },
});
const started = (paymentId = 'pay1', period = 1, at = T1): SubscriptionEvent => {
  const expiresAt = addDays(at, 30);
  return {
    type: 'SubscriptionStarted',
    data: { userId: 'u1', paymentId, paymentMethod: 'visa •••• 4242', amountCents: 999, recurringCents: 1499, period, startedAt: at, expiresAt, nextBillingAt: expiresAt },
  };
};
const start = (paymentId = 'pay1', at = T1) => ({ type: 'StartSubscription' as const, paymentId, paymentMethod: 'visa •••• 4242', at });
const failCmd = (paymentId = 'pay1') => ({ type: 'FailSubscriptionPayment' as const, paymentId, failureCode: '-23', at: T1 });
const failedEv = (paymentId = 'pay1'): SubscriptionEvent => ({
  type: 'SubscriptionPaymentFailed',
  data: { userId: 'u1', paymentId, failureCode: '-23', failedAt: T1 },
});

describe('constants and helpers', () => {
  it('names the stream and messages', () => {
    expect(subscriptionStream('u1')).toBe('subscription-u1');
    expect(ALREADY_SUBSCRIBED).toBe('You are already subscribed.');
    expect(THANK_YOU).toBe('Thank you for subscribing');
    expect(PERIOD_DAYS).toBe(30);
  });

  it('addDays adds whole days in UTC', () => {
    expect(addDays(T1, 30)).toBe(EXP);
    expect(addDays('2026-12-20T00:00:00.000Z', 30)).toBe('2027-01-19T00:00:00.000Z');
  });

  it('isActive until expiresAt, lapsed at and after it; statusCode follows', () => {
    const s = { expiresAt: EXP };
    expect(isActive(s, '2026-03-31T10:00:04.999Z')).toBe(true);
    expect(statusCode(s, '2026-03-31T10:00:04.999Z')).toBe('1');
    expect(isActive(s, EXP)).toBe(false);
    expect(isActive(s, '2026-04-01T00:00:00.000Z')).toBe(false);
    expect(statusCode(s, '2026-04-01T00:00:00.000Z')).toBe('0');
    expect(isActive({ expiresAt: null }, T0)).toBe(false);
    expect(statusCode({ expiresAt: null }, T0)).toBe('0');
  });
});

describe('subscriptionDecider', () => {
  describe('RequestSubscription', () => {
    it('records the pending payment for period 1', () => {
      const state = given(subscriptionDecider).when(requestCmd()).then([requested()]);
      expect(state).toEqual({ userId: 'u1', periods: 0, expiresAt: null, pending: { paymentId: 'pay1', amountCents: 999, recurringCents: 1499, period: 1 } });
    });

    it('joins a pending subscription instead of charging again', () => {
      given(subscriptionDecider, [requested('pay1')]).when(requestCmd('pay2')).then([]);
    });

    it.each([0, -1])('refuses a non-positive price (%d)', (initialCents) => {
      given(subscriptionDecider)
        .when({ ...requestCmd(), prices: { initialCents, recurringCents: 999 } })
        .thenThrows('Invalid request.', { code: 'NO_PRICE', status: 400 });
    });

    it('refuses while active', () => {
      given(subscriptionDecider, [requested(), started()])
        .when(requestCmd('pay2', '2026-03-15T00:00:00.000Z'))
        .thenThrows('You are already subscribed.', { code: 'ALREADY_SUBSCRIBED', status: 409 });
    });

    it('allows a new subscription after the period lapsed, as period 2', () => {
      const later = '2026-04-05T00:00:00.000Z';
      given(subscriptionDecider, [requested(), started()]).when(requestCmd('pay2', later)).then([requested('pay2', 2, later)]);
    });

    it('a failed payment releases the pending subscription', () => {
      given(subscriptionDecider, [requested('pay1'), failedEv('pay1')]).when(requestCmd('pay2')).then([requested('pay2')]);
    });
  });

  describe('StartSubscription', () => {
    it('starts a 30-day period from the capture time', () => {
      const state = given(subscriptionDecider, [requested()]).when(start()).then([started()]);
      expect((started().data as { expiresAt: string }).expiresAt).toBe(EXP);
      expect(state).toEqual({ userId: 'u1', periods: 1, expiresAt: EXP, pending: null });
      expect(isActive(state, '2026-03-30T00:00:00.000Z')).toBe(true);
      expect(isActive(state, '2026-04-01T00:00:00.000Z')).toBe(false);
    });

    it('is a no-op for a foreign payment id', () => {
      given(subscriptionDecider, [requested('pay1')]).when(start('other')).then([]);
    });

    it('is a no-op once started (redelivery)', () => {
      given(subscriptionDecider, [requested(), started()]).when(start()).then([]);
    });

    it('is a no-op with nothing requested', () => {
      given(subscriptionDecider).when(start()).then([]);
    });

    it('counts periods across renewals', () => {
      const later = '2026-04-05T00:00:00.000Z';
      const state = given(subscriptionDecider, [requested(), started(), requested('pay2', 2, later)])
        .when(start('pay2', later))
        .then([started('pay2', 2, later)]);
      expect(state.periods).toBe(2);
      expect(state.expiresAt).toBe('2026-05-05T00:00:00.000Z');
    });
  });

  describe('FailSubscriptionPayment', () => {
    it('fails the pending payment', () => {
      const state = given(subscriptionDecider, [requested()]).when(failCmd()).then([failedEv()]);
      expect(state.pending).toBeNull();
      expect(state.expiresAt).toBeNull();
    });

    it('is a no-op for a foreign payment id', () => {
      given(subscriptionDecider, [requested('pay1')]).when(failCmd('other')).then([]);
    });

    it('is a no-op once started', () => {
      given(subscriptionDecider, [requested(), started()]).when(failCmd()).then([]);
    });

    it('is a no-op with nothing pending', () => {
      given(subscriptionDecider).when(failCmd()).then([]);
    });
  });

  it('evolve ignores a failure for a payment that is not pending', () => {
    const state = given(subscriptionDecider, [requested('pay2'), failedEv('pay1')]).state;
    expect(state.pending?.paymentId).toBe('pay2');
  });
});

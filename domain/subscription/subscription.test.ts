import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import {
  ALREADY_SUBSCRIBED,
  CANCEL_ERROR,
  CANCEL_PROBLEM,
  OTHER_REASON,
  PAYMENT_IN_PROGRESS,
  PERIOD_DAYS,
  REBILL_FAILED_SUBSCRIBE,
  REBILL_RETRY_DAYS,
  SELECT_REASON,
  THANK_YOU,
  VALID_REASON,
  WRITE_REASON,
  addDays,
  cancellationReasonProblem,
  isActive,
  isRebillFailed,
  nextChargeAt,
  rebillAt,
  rebillPopupDue,
  statusCode,
  subscriptionDecider,
  subscriptionStatus,
  subscriptionStream,
  type SubscriptionCommand,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:00:05.000Z';
const EXP = '2026-03-31T10:00:05.000Z'; // T1 + 30 days
const BILL = '2026-03-30T10:00:05.000Z'; // a day before EXP
const prices = { initialCents: 999, recurringCents: 1499 };
const requestCmd = (paymentId = 'pay1', at = T0) => ({ type: 'RequestSubscription' as const, userId: 'u1', paymentId, prices, at });
const requested = (paymentId = 'pay1', period = 1, at = T0): SubscriptionEvent => ({
  type: 'SubscriptionRequested',
  data: { userId: 'u1', paymentId, amountCents: 999, recurringCents: 1499, period, requestedAt: at, kind: 'initial', attempt: 1, immediate: false, periodDays: 30, renews: true, promotionId: null, couponCode: null, billingApi: null },
});
const started = (paymentId = 'pay1', period = 1, at = T1): SubscriptionEvent => {
  const expiresAt = addDays(at, 30);
  return {
    type: 'SubscriptionStarted',
    data: {
      userId: 'u1', paymentId, paymentMethod: 'visa •••• 4242', amountCents: 999, recurringCents: 1499, period, startedAt: at, expiresAt,
      nextBillingAt: rebillAt(expiresAt), kind: 'initial', promotionId: null, couponCode: null, billingApi: null,
    },
  };
};
const start = (paymentId = 'pay1', at = T1) => ({ type: 'StartSubscription' as const, paymentId, paymentMethod: 'visa •••• 4242', at });
const failCmd = (paymentId = 'pay1', at = T1) => ({ type: 'FailSubscriptionPayment' as const, paymentId, failureCode: '-23', at });
const failedEv = (paymentId = 'pay1'): SubscriptionEvent => ({
  type: 'SubscriptionPaymentFailed',
  data: { userId: 'u1', paymentId, failureCode: '-23', failedAt: T1, kind: 'initial', period: 1 },
});
const rebillId = (period: number, attempt: number) => `rebill-${period}-${attempt}`;
const rebillCmd = (at: string, immediate = false): SubscriptionCommand => ({ type: 'RequestRebill', userId: 'u1', paymentIdFor: rebillId, immediate, at });
const run = (events: SubscriptionEvent[], ...commands: SubscriptionCommand[]): { state: SubscriptionState; events: SubscriptionEvent[] } => {
  let state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
  const all = [...events];
  for (const c of commands) {
    const out = subscriptionDecider.decide(c, state);
    all.push(...out);
    state = out.reduce(subscriptionDecider.evolve, state);
  }
  return { state, events: all };
};

describe('constants and helpers', () => {
  it('names the stream and messages', () => {
    expect(subscriptionStream('u1')).toBe('subscription-u1');
    expect(ALREADY_SUBSCRIBED).toBe('You are already subscribed.');
    expect(THANK_YOU).toBe('Thank you for subscribing');
    expect(CANCEL_PROBLEM).toBe('There was a problem cancelling your subscription. Please try again after an hour.');
    expect(PERIOD_DAYS).toBe(30);
    expect(REBILL_RETRY_DAYS).toEqual([1, 3, 7]);
  });

  it('addDays adds whole days in UTC; the rebill comes a day before expiry (half a short trial)', () => {
    expect(addDays(T1, 30)).toBe(EXP);
    expect(addDays('2026-12-20T00:00:00.000Z', 30)).toBe('2027-01-19T00:00:00.000Z');
    expect(rebillAt(EXP)).toBe(BILL);
    expect(rebillAt('2026-03-02T00:00:00.000Z', 1)).toBe('2026-03-01T12:00:00.000Z');
  });

  it('isActive until expiresAt, lapsed at and after it; statusCode follows', () => {
    const s = { expiresAt: EXP };
    expect(isActive(s, '2026-03-31T10:00:04.999Z')).toBe(true);
    expect(statusCode(s, '2026-03-31T10:00:04.999Z')).toBe('1');
    expect(isActive(s, EXP)).toBe(false);
    expect(statusCode(s, '2026-04-01T00:00:00.000Z')).toBe('0');
    expect(isActive({ expiresAt: null }, T0)).toBe(false);
  });

  it("status: '1' renewing, '2' cancelled but running, '0' ended; a renewing membership past expiry stays '1' (lapsed)", () => {
    const during = '2026-03-15T00:00:00.000Z';
    const after = '2026-04-15T00:00:00.000Z';
    expect(subscriptionStatus({ expiresAt: EXP, nextBillingAt: BILL, cancelledAt: null }, during)).toBe('1');
    expect(subscriptionStatus({ expiresAt: EXP, nextBillingAt: null, cancelledAt: during }, during)).toBe('2');
    expect(subscriptionStatus({ expiresAt: EXP, nextBillingAt: null, cancelledAt: during }, after)).toBe('0');
    expect(subscriptionStatus({ expiresAt: EXP, nextBillingAt: BILL, cancelledAt: null }, after)).toBe('1');
    expect(subscriptionStatus({ expiresAt: EXP, nextBillingAt: null, cancelledAt: null }, during)).toBe('1'); // complimentary
    expect(subscriptionStatus({ expiresAt: null, nextBillingAt: null, cancelledAt: null }, during)).toBe('0');
  });

  it('cancellation reasons: required, Other needs text, blank text is invalid; nothing asked when reasons are off', () => {
    expect(cancellationReasonProblem({ reason: '' }, true)).toBe(SELECT_REASON);
    expect(cancellationReasonProblem({ reason: null }, true)).toBe(SELECT_REASON);
    expect(cancellationReasonProblem({ reason: OTHER_REASON }, true)).toBe(WRITE_REASON);
    expect(cancellationReasonProblem({ reason: OTHER_REASON, otherReason: '   ' }, true)).toBe(VALID_REASON);
    expect(cancellationReasonProblem({ reason: OTHER_REASON, otherReason: 'moving away' }, true)).toBeNull();
    expect(cancellationReasonProblem({ reason: 'Too expensive' }, true)).toBeNull();
    expect(cancellationReasonProblem({ reason: '' }, false)).toBeNull();
  });

  it('rebill popup: after each failure, then again a day after it was closed', () => {
    const failedAt = '2026-03-30T10:00:00.000Z';
    const d = (notified: string | null) => ({ isRebillFailed: true, rebillFailedAt: failedAt, rebillNotifiedAt: notified });
    expect(rebillPopupDue(d(null), failedAt)).toBe(true);
    expect(rebillPopupDue(d('2026-03-30T11:00:00.000Z'), '2026-03-30T12:00:00.000Z')).toBe(false);
    expect(rebillPopupDue(d('2026-03-30T11:00:00.000Z'), '2026-03-31T11:00:00.000Z')).toBe(true);
    expect(rebillPopupDue(d('2026-03-29T11:00:00.000Z'), '2026-03-30T12:00:00.000Z')).toBe(true); // a newer failure
    expect(rebillPopupDue({ ...d(null), isRebillFailed: false }, failedAt)).toBe(false);
  });
});

describe('subscribing', () => {
  it('records the pending payment for period 1', () => {
    const state = given(subscriptionDecider).when(requestCmd()).then([requested()]);
    expect(state.pending).toMatchObject({ paymentId: 'pay1', amountCents: 999, recurringCents: 1499, period: 1, kind: 'initial' });
  });

  it('joins a pending subscription instead of charging again', () => {
    given(subscriptionDecider, [requested('pay1')]).when(requestCmd('pay2')).then([]);
  });

  it('refuses a negative price, and a renewing membership without a recurring price', () => {
    given(subscriptionDecider).when({ ...requestCmd(), prices: { initialCents: -1, recurringCents: 999 } }).thenThrows('Invalid request.', { code: 'NO_PRICE', status: 400 });
    given(subscriptionDecider).when({ ...requestCmd(), prices: { initialCents: 999, recurringCents: 0 } }).thenThrows('Invalid request.', { code: 'NO_PRICE', status: 400 });
  });

  it('a $0 first period starts at once, without a payment, and renews at the recurring price', () => {
    const { events, state } = run([], { ...requestCmd(), prices: { initialCents: 0, recurringCents: 1499, initialPeriodDays: 7 }, freePaymentMethod: 'visa •••• 4242', couponCode: 'FREE' });
    expect(events).toEqual([
      {
        type: 'FreeSubscriptionStarted',
        data: {
          userId: 'u1', paymentId: null, paymentMethod: 'visa •••• 4242', amountCents: 0, recurringCents: 1499, period: 1, startedAt: T0,
          expiresAt: addDays(T0, 7), nextBillingAt: rebillAt(addDays(T0, 7), 7), kind: 'initial', promotionId: null, couponCode: 'FREE', billingApi: null,
        },
      },
    ]);
    expect(subscriptionStatus(state, T1)).toBe('1');
  });

  it('a trial promotion gives a first period of 1..29 days', () => {
    const { state } = run([], { ...requestCmd(), prices: { initialCents: 100, recurringCents: 1499, initialPeriodDays: 3 }, promotionId: 'promo1' }, start());
    expect(state.expiresAt).toBe(addDays(T1, 3));
    expect(state.nextBillingAt).toBe(rebillAt(addDays(T1, 3), 3));
  });

  it('refuses while active', () => {
    given(subscriptionDecider, [requested(), started()])
      .when(requestCmd('pay2', '2026-03-15T00:00:00.000Z'))
      .thenThrows('You are already subscribed.', { code: 'ALREADY_SUBSCRIBED', status: 409 });
  });

  it('a failed payment releases the pending subscription', () => {
    given(subscriptionDecider, [requested('pay1'), failedEv('pay1')]).when(requestCmd('pay2')).then([{ ...requested('pay2') }]);
  });

  it('starts a 30-day period from the capture time; idempotent; foreign ids ignored', () => {
    const state = given(subscriptionDecider, [requested()]).when(start()).then([started()]);
    expect(state).toMatchObject({ periods: 1, expiresAt: EXP, nextBillingAt: BILL, pending: null, paidBy: 'pay1', everSubscribed: true });
    given(subscriptionDecider, [requested('pay1')]).when(start('other')).then([]);
    given(subscriptionDecider, [requested(), started()]).when(start()).then([]);
    given(subscriptionDecider).when(start()).then([]);
    given(subscriptionDecider, [requested('pay1')]).when(failCmd('other')).then([]);
    given(subscriptionDecider, [requested(), started()]).when(failCmd()).then([]);
  });

  it('reads events written before the lifecycle fields existed', () => {
    const old: SubscriptionEvent[] = [
      { type: 'SubscriptionRequested', data: { userId: 'u1', paymentId: 'pay1', amountCents: 999, recurringCents: 999, period: 1, requestedAt: T0 } },
      { type: 'SubscriptionStarted', data: { userId: 'u1', paymentId: 'pay1', paymentMethod: 'visa •••• 4242', amountCents: 999, recurringCents: 999, period: 1, startedAt: T1, expiresAt: EXP, nextBillingAt: EXP } },
    ];
    const { state } = run(old);
    expect(state).toMatchObject({ periods: 1, expiresAt: EXP, nextBillingAt: EXP, recurringCents: 999 });
  });
});

describe('rebill', () => {
  const base = [requested(), started()];

  it('is not due before nextBillingAt, due at it, with a payment id from (period, attempt)', () => {
    given(subscriptionDecider, base).when(rebillCmd('2026-03-30T10:00:04.000Z')).then([]);
    const { events, state } = run(base, rebillCmd(BILL));
    expect(events.at(-1)).toMatchObject({ type: 'SubscriptionRequested', data: { paymentId: 'rebill-2-1', kind: 'rebill', period: 2, attempt: 1, amountCents: 1499 } });
    // A second scheduler (or a restart) joins the same pending charge.
    given(subscriptionDecider, events).when(rebillCmd(BILL)).then([]);
    expect(state.pending?.paymentId).toBe('rebill-2-1');
  });

  it('a captured rebill appends 30 days to the paid time (before expiry), and bills the next period a day before its end', () => {
    const { state } = run(base, rebillCmd(BILL), start('rebill-2-1', BILL));
    expect(state.periods).toBe(2);
    expect(state.expiresAt).toBe(addDays(EXP, 30));
    expect(state.nextBillingAt).toBe(rebillAt(addDays(EXP, 30)));
  });

  it('a decline keeps access until expiry, flags the failure and retries 1, 3 and 7 days later; the fourth decline ends the renewal', () => {
    let r = run(base, rebillCmd(BILL), failCmd('rebill-2-1', BILL));
    expect(r.events.at(-1)).toEqual({
      type: 'SubscriptionPaymentFailed',
      data: { userId: 'u1', paymentId: 'rebill-2-1', failureCode: '-23', failedAt: BILL, kind: 'rebill', period: 2, attempt: 1, immediate: false, nextRetryAt: addDays(BILL, 1), final: false },
    });
    expect(isRebillFailed(r.state)).toBe(true);
    expect(isActive(r.state, '2026-03-31T00:00:00.000Z')).toBe(true);
    expect(subscriptionStatus(r.state, '2026-03-31T00:00:00.000Z')).toBe('1');
    expect(nextChargeAt(r.state)).toBe(addDays(BILL, 1));
    // Not yet due again.
    expect(subscriptionDecider.decide(rebillCmd(addDays(BILL, 0.5)), r.state)).toEqual([]);
    let at = BILL;
    for (const [i, wait] of REBILL_RETRY_DAYS.entries()) {
      at = addDays(at, wait);
      r = run(r.events, rebillCmd(at), failCmd(`rebill-2-${i + 2}`, at));
      expect(r.state.pending).toBeNull();
    }
    const last = r.events.at(-1)!;
    expect(last.data).toMatchObject({ attempt: 4, final: true, nextRetryAt: null });
    expect(r.state.nextBillingAt).toBeNull();
    expect(isRebillFailed(r.state)).toBe(false);
    expect(subscriptionStatus(r.state, addDays(at, 1))).toBe('0');
    expect(subscriptionDecider.decide(rebillCmd(addDays(at, 30)), r.state)).toEqual([]);
  });

  it('after expiry the rebill-failed member is lapsed with status 1; a card update retries at once; success starts the period now', () => {
    const lapsedAt = '2026-04-02T00:00:00.000Z';
    const r1 = run(base, rebillCmd(BILL), failCmd('rebill-2-1', BILL), rebillCmd(addDays(BILL, 1)), failCmd('rebill-2-2', addDays(BILL, 1)));
    expect(isActive(r1.state, lapsedAt)).toBe(false);
    expect(subscriptionStatus(r1.state, lapsedAt)).toBe('1');
    // A fresh subscribe is refused: the card update is the way back.
    given(subscriptionDecider, r1.events).when(requestCmd('pay9', lapsedAt)).thenThrows(REBILL_FAILED_SUBSCRIBE, { code: 'REBILL_FAILED', status: 409 });
    // Not due on schedule yet, but an immediate attempt after a card update is.
    expect(subscriptionDecider.decide(rebillCmd(lapsedAt), r1.state)).toEqual([]);
    const r2 = run(r1.events, rebillCmd(lapsedAt, true));
    expect(r2.events.at(-1)!.data).toMatchObject({ paymentId: 'rebill-2-3', attempt: 3, immediate: true });
    // An immediate decline does not move the schedule.
    const r3 = run(r2.events, failCmd('rebill-2-3', lapsedAt));
    expect(r3.state.rebillFailure).toMatchObject({ attempts: 3, scheduledFailures: 2, nextRetryAt: r1.state.rebillFailure!.nextRetryAt });
    const r4 = run(r3.events, rebillCmd(lapsedAt, true), start('rebill-2-4', lapsedAt));
    expect(r4.state.expiresAt).toBe(addDays(lapsedAt, 30));
    expect(r4.state.rebillFailure).toBeNull();
    expect(subscriptionStatus(r4.state, lapsedAt)).toBe('1');
  });

  it('an immediate request without a failure waits for the schedule', () => {
    given(subscriptionDecider, base).when(rebillCmd('2026-03-10T00:00:00.000Z', true)).then([]);
  });
});

describe('cancel and reactivate', () => {
  const base = [requested(), started()];
  const DURING = '2026-03-10T00:00:00.000Z';
  const cancel = (at = DURING): SubscriptionCommand => ({ type: 'CancelSubscription', reason: 'Too expensive', otherReason: null, requestFrom: 'cancel_page', by: 'fan', at });

  it("cancelling keeps access until expiry with status '2', stops billing; then '0'", () => {
    const { state, events } = run(base, cancel());
    expect(events.at(-1)).toEqual({
      type: 'SubscriptionCancelled',
      data: { userId: 'u1', reason: 'Too expensive', otherReason: null, requestFrom: 'cancel_page', by: 'fan', cancelledAt: DURING, expiresAt: EXP },
    });
    expect(subscriptionStatus(state, DURING)).toBe('2');
    expect(subscriptionStatus(state, '2026-04-01T00:00:00.000Z')).toBe('0');
    expect(subscriptionDecider.decide(rebillCmd(BILL), state)).toEqual([]);
    // A repeated cancel answers the same.
    expect(subscriptionDecider.decide(cancel(), state)).toEqual([]);
    // Subscribing again while it runs: reactivate instead.
    expect(() => subscriptionDecider.decide(requestCmd('pay2', DURING), state)).toThrow(ALREADY_SUBSCRIBED);
  });

  it('reactivation before expiry renews again on the old schedule; not after expiry', () => {
    const { state } = run(base, cancel(), { type: 'ReactivateSubscription', at: '2026-03-11T00:00:00.000Z' });
    expect(subscriptionStatus(state, '2026-03-12T00:00:00.000Z')).toBe('1');
    expect(state.nextBillingAt).toBe(BILL);
    given(subscriptionDecider, run(base, cancel()).events).when({ type: 'ReactivateSubscription', at: '2026-04-05T00:00:00.000Z' }).thenThrows('Invalid request.', { code: 'NOT_CANCELLED' });
    given(subscriptionDecider, base).when({ type: 'ReactivateSubscription', at: DURING }).thenThrows('Invalid request.', { code: 'NOT_CANCELLED' });
  });

  it('refuses while a charge is under way, and when there is nothing to cancel', () => {
    const pending = run(base, rebillCmd(BILL)).events;
    given(subscriptionDecider, pending).when(cancel(BILL)).thenThrows(CANCEL_PROBLEM, { code: 'PAYMENT_IN_PROGRESS', status: 409 });
    given(subscriptionDecider).when(cancel()).thenThrows(CANCEL_ERROR, { code: 'NOT_SUBSCRIBED' });
  });

  it('cancelling a lapsed membership whose rebill fails ends it now', () => {
    const lapsed = run(base, rebillCmd(BILL), failCmd('rebill-2-1', BILL)).events;
    const { state } = run(lapsed, cancel('2026-04-01T00:00:00.000Z'));
    expect(subscriptionStatus(state, '2026-04-01T00:00:00.000Z')).toBe('0');
    expect(isRebillFailed(state)).toBe(false);
  });
});

describe('complimentary', () => {
  it('a complimentary membership does not renew and has its own cancel, which keeps paid time', () => {
    const { state } = run([], { type: 'GiveComplimentary', userId: 'u1', months: 1, at: T0 });
    expect(state.complimentary).toBe(true);
    expect(subscriptionStatus(state, T1)).toBe('1');
    given(subscriptionDecider, run([], { type: 'GiveComplimentary', userId: 'u1', months: 1, at: T0 }).events)
      .when({ type: 'CancelSubscription', reason: null, otherReason: null, requestFrom: 'x', by: 'fan', at: T1 })
      .thenThrows(CANCEL_ERROR, { code: 'USE_COMPLIMENTARY_CANCEL' });
    const after = run([], { type: 'GiveComplimentary', userId: 'u1', months: 1, at: T0 }, { type: 'CancelComplimentary', at: T1 });
    expect(after.state.expiresAt).toBe(T1);
    expect(subscriptionStatus(after.state, T1)).toBe('0');
    expect(() => subscriptionDecider.decide({ type: 'CancelComplimentary', at: T1 }, after.state)).toThrow(CANCEL_ERROR);
  });

  it('complimentary months on a renewing membership push the next billing past them', () => {
    const { state } = run([requested(), started()], { type: 'GiveComplimentary', userId: 'u1', months: 2, at: '2026-03-10T00:00:00.000Z' });
    expect(state.expiresAt).toBe(addDays(EXP, 60));
    expect(state.nextBillingAt).toBe(rebillAt(addDays(EXP, 60)));
    expect(state.complimentary).toBe(false);
  });

  it('refuses months outside 1..12', () => {
    given(subscriptionDecider).when({ type: 'GiveComplimentary', userId: 'u1', months: 13, at: T0 }).thenThrows('Choose between 1 and 12 months.', { code: 'INVALID_MONTHS' });
  });
});

describe('offers and migration', () => {
  it('the resubscribe offer is open to a cancelled, still running member and extends the running time', () => {
    const cancelled = run([requested(), started()], { type: 'CancelSubscription', reason: 'x', otherReason: null, requestFrom: 'x', by: 'fan', at: '2026-03-10T00:00:00.000Z' }).events;
    const { state } = run(cancelled, { type: 'RequestSubscription', userId: 'u1', paymentId: 'o1', kind: 'offer', prices: { initialCents: 0, recurringCents: 499, initialPeriodDays: 60 }, at: '2026-03-11T00:00:00.000Z' });
    expect(state.expiresAt).toBe(addDays(EXP, 60));
    expect(subscriptionStatus(state, '2026-03-12T00:00:00.000Z')).toBe('1');
    expect(state.recurringCents).toBe(499);
    // "free with no charge": a month, no renewal.
    const free = run([], { type: 'RequestSubscription', userId: 'u1', paymentId: 'o2', kind: 'offer', renews: false, prices: { initialCents: 0, recurringCents: 0 }, at: T0 });
    expect(free.state.nextBillingAt).toBeNull();
    expect(free.state.expiresAt).toBe(addDays(T0, 30));
  });

  it('a migration charge while active extends the running time and records the new billing API', () => {
    const { state } = run(
      [requested(), started()],
      { type: 'AcceptMigrationConditions', at: '2026-03-05T00:00:00.000Z' },
      { type: 'RequestSubscription', userId: 'u1', paymentId: 'm1', kind: 'migration', billingApi: 'v2', prices: { initialCents: 799, recurringCents: 799 }, at: '2026-03-05T00:00:00.000Z' },
      { type: 'StartSubscription', paymentId: 'm1', paymentMethod: 'visa •••• 4242', at: '2026-03-05T00:00:01.000Z' },
    );
    expect(state.migrationConditionsAcceptedAt).toBe('2026-03-05T00:00:00.000Z');
    expect(state.billingApi).toBe('v2');
    expect(state.expiresAt).toBe(addDays(EXP, 30));
    expect(state.recurringCents).toBe(799);
  });
});

describe('RevokeForReversal', () => {
  const DURING = '2026-03-10T00:00:00.000Z';
  const AFTER = '2026-04-10T00:00:00.000Z';
  const revoke = (paymentId = 'pay1', at = DURING, reason: 'chargeback' | 'refund' = 'chargeback') => ({ type: 'RevokeForReversal' as const, paymentId, reason, at });

  it('ends the membership now and stops billing when the payment for the running period comes back', () => {
    const state = given(subscriptionDecider, [requested(), started()]).when(revoke()).then([
      { type: 'SubscriptionRevoked', data: { userId: 'u1', paymentId: 'pay1', reason: 'chargeback', revokedAt: DURING } },
    ]);
    expect(isActive(state, DURING)).toBe(false);
    expect(state.nextBillingAt).toBeNull();
    expect(subscriptionDecider.decide(rebillCmd(BILL), state)).toEqual([]);
    expect(subscriptionStatus(state, DURING)).toBe('0');
  });

  it('a chargeback of an older period stops the renewal; a refund of one takes nothing', () => {
    const two = run([requested(), started()], rebillCmd(BILL), start('rebill-2-1', BILL)).events;
    const during2 = '2026-04-10T00:00:00.000Z';
    const cb = run(two, revoke('pay1', during2));
    expect(cb.events.at(-1)).toMatchObject({ type: 'SubscriptionCancelled', data: { reason: 'chargeback', by: 'system' } });
    expect(cb.state.nextBillingAt).toBeNull();
    given(subscriptionDecider, two).when(revoke('pay1', during2, 'refund')).then([]);
  });

  it('takes nothing away for a period already over, another payment, or a second notice', () => {
    given(subscriptionDecider, [requested(), started()]).when(revoke('pay1', AFTER, 'refund')).then([]);
    given(subscriptionDecider, [requested(), started()]).when(revoke('other', DURING, 'refund')).then([]);
    const revoked = run([requested(), started()], revoke()).events;
    given(subscriptionDecider, revoked).when(revoke()).then([]);
  });
});

describe('a membership the provider bills itself', () => {
  const billed = (at = T0) => ({ ...requestCmd('sale1', at), billedBy: 'ccbill' });
  const running = () => run([], billed(), start('sale1'));

  it('records who bills it on the first sale; our rebill never asks for a charge', () => {
    const { state } = running();
    expect(state.billedBy).toEqual({ provider: 'ccbill', salePaymentId: 'sale1' });
    expect(subscriptionDecider.decide(rebillCmd(addDays(EXP, 1)), state)).toEqual([]);
  });

  it('a $0 first period cannot be paid on the provider page', () => {
    given(subscriptionDecider).when({ ...billed(), prices: { initialCents: 0, recurringCents: 999 } }).thenThrows('A first period that costs nothing cannot be paid on the payment page.', { code: 'FREE_PERIOD_NOT_HOSTED', status: 422 });
  });

  it("the provider's renewal appends the next period once; another renewal waits for it; a plain membership has none", () => {
    const renew = { type: 'RequestProviderRenewal' as const, paymentId: 'renewal1', amountCents: 1499, periodDays: 30, at: BILL };
    const { state, events } = run(running().events, renew, renew, { type: 'StartSubscription', paymentId: 'renewal1', paymentMethod: 'CCBill', at: BILL });
    expect(events.filter((e) => e.type === 'SubscriptionRequested')).toHaveLength(2);
    expect(state.periods).toBe(2);
    expect(state.expiresAt).toBe(addDays(EXP, 30));
    expect(state.billedBy).toEqual({ provider: 'ccbill', salePaymentId: 'sale1' });
    const pendingOne = run(running().events, renew).state;
    expect(() => subscriptionDecider.decide({ ...renew, paymentId: 'renewal2' }, pendingOne)).toThrow(PAYMENT_IN_PROGRESS);
    const plain = run([], requestCmd(), start()).state;
    expect(() => subscriptionDecider.decide(renew, plain)).toThrow('This membership is not billed by the provider.');
  });

  it('a renewal failure is recorded without a retry of ours; reactivation is refused after a cancel', () => {
    const { state } = run(running().events, { type: 'RecordProviderRenewalFailure', failureCode: 'BE-100', at: BILL });
    expect(state.rebillFailure).toMatchObject({ failureCode: 'BE-100', nextRetryAt: null });
    expect(nextChargeAt(state)).toBeNull();
    const cancelled = run(running().events, { type: 'CancelSubscription', reason: null, otherReason: null, requestFrom: 'ccbill', by: 'system', at: T1 }).state;
    expect(() => subscriptionDecider.decide({ type: 'ReactivateSubscription', at: T1 }, cancelled)).toThrow(/billed by CCBill/);
  });
});

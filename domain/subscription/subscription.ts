// Membership (stream `subscription-<userId>`): a fan's paid subscription. Like an unlock, the pending payment
// is recorded first so retries and crash recovery finish the same payment instead of charging again.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { SubscriptionStatusCode } from '../shared/wire';

export const subscriptionStream = (userId: string) => `subscription-${userId}`;

export const ALREADY_SUBSCRIBED = 'You are already subscribed.';
export const THANK_YOU = 'Thank you for subscribing';

/** Length of one paid period. */
export const PERIOD_DAYS = 30;

export type SubscriptionEvent =
  | DomainEvent<'SubscriptionRequested', { userId: string; paymentId: string; amountCents: number; recurringCents: number; period: number; requestedAt: string }>
  | DomainEvent<'SubscriptionStarted', { userId: string; paymentId: string; paymentMethod: string; amountCents: number; recurringCents: number; period: number; startedAt: string; expiresAt: string; nextBillingAt: string }>
  | DomainEvent<'SubscriptionPaymentFailed', { userId: string; paymentId: string; failureCode: string; failedAt: string }>
  | DomainEvent<'ComplimentarySubscriptionGiven', { userId: string; months: number; startedAt: string; expiresAt: string }>;

export type SubscriptionCommand =
  | { type: 'RequestSubscription'; userId: string; paymentId: string; prices: { initialCents: number; recurringCents: number }; at: string }
  | { type: 'StartSubscription'; paymentId: string; paymentMethod: string; at: string }
  | { type: 'FailSubscriptionPayment'; paymentId: string; failureCode: string; at: string }
  /** Staff give a free membership; it extends a running one rather than replacing it. */
  | { type: 'GiveComplimentary'; userId: string; months: number; at: string };

export interface SubscriptionState {
  userId: string | null;
  /** Number of periods ever paid. */
  periods: number;
  expiresAt: string | null;
  pending: { paymentId: string; amountCents: number; recurringCents: number; period: number } | null;
}

export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

/** Active means paid through a date still in the future (status '1' with a past date is lapsed, spec 1 §4). */
export const isActive = (state: Pick<SubscriptionState, 'expiresAt'>, now: string): boolean =>
  state.expiresAt !== null && Date.parse(state.expiresAt) > Date.parse(now);

export const statusCode = (state: Pick<SubscriptionState, 'expiresAt'>, now: string): SubscriptionStatusCode =>
  isActive(state, now) ? '1' : '0';

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState: () => ({ userId: null, periods: 0, expiresAt: null, pending: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'SubscriptionRequested':
        return { ...state, userId: event.data.userId, pending: { paymentId: event.data.paymentId, amountCents: event.data.amountCents, recurringCents: event.data.recurringCents, period: event.data.period } };
      case 'SubscriptionStarted':
        return { ...state, periods: state.periods + 1, expiresAt: event.data.expiresAt, pending: null };
      case 'SubscriptionPaymentFailed':
        return state.pending?.paymentId === event.data.paymentId ? { ...state, pending: null } : state;
      case 'ComplimentarySubscriptionGiven':
        return { ...state, userId: event.data.userId, expiresAt: event.data.expiresAt };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestSubscription': {
        if (isActive(state, command.at)) throw new DomainError(ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED', 409);
        if (state.pending) return []; // the same subscription payment is under way: join it
        if (command.prices.initialCents <= 0) throw new DomainError('Invalid request.', 'NO_PRICE', 400);
        return [
          {
            type: 'SubscriptionRequested',
            data: { userId: command.userId, paymentId: command.paymentId, amountCents: command.prices.initialCents, recurringCents: command.prices.recurringCents, period: state.periods + 1, requestedAt: command.at },
          },
        ];
      }
      case 'StartSubscription': {
        const p = state.pending;
        if (!p || p.paymentId !== command.paymentId) return []; // already started (or not ours): idempotent
        const expiresAt = addDays(command.at, PERIOD_DAYS);
        return [
          {
            type: 'SubscriptionStarted',
            data: { userId: state.userId!, paymentId: p.paymentId, paymentMethod: command.paymentMethod, amountCents: p.amountCents, recurringCents: p.recurringCents, period: p.period, startedAt: command.at, expiresAt, nextBillingAt: expiresAt },
          },
        ];
      }
      case 'GiveComplimentary': {
        if (!Number.isInteger(command.months) || command.months < 1 || command.months > 12)
          throw new DomainError('Choose between 1 and 12 months.', 'INVALID_MONTHS', 400, { field: 'months' });
        const from = isActive(state, command.at) ? state.expiresAt! : command.at;
        return [{ type: 'ComplimentarySubscriptionGiven', data: { userId: command.userId, months: command.months, startedAt: command.at, expiresAt: addDays(from, command.months * PERIOD_DAYS) } }];
      }
      case 'FailSubscriptionPayment':
        if (state.pending?.paymentId !== command.paymentId) return [];
        return [{ type: 'SubscriptionPaymentFailed', data: { userId: state.userId!, paymentId: command.paymentId, failureCode: command.failureCode, failedAt: command.at } }];
    }
  },
};

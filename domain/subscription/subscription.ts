// Membership (stream `subscription-<userId>`): a fan's subscription and its whole lifecycle.
// Like an unlock, every payment is recorded as pending first, so retries and crash recovery finish the same
// payment instead of charging again.
//
// Lifecycle
//   subscribe (initial)  ─ pending ─ captured ─► running, renewing          status '1'
//   rebill due           ─ pending ─ captured ─► next period appended      status '1'
//                                   └ declined ─► rebill failed, retrying  status '1' (lapsed once expired), isRebillFailed
//   cancel                ─────────────────────► running until expiry      status '2', then '0'
//   reactivate (before expiry) ────────────────► renewing again            status '1'
//   complimentary (staff) ─────────────────────► free time, no renewal     status '1', has_complimentary_subscription
//   refund/void/chargeback of the running period ► ended now, no renewal   status '0'
//
// Status codes ('0' none, '1' and '2' subscribed, '1' with a past expiration_date counts as lapsed):
//   '1' — subscribed and renewing (or complimentary); also a renewing membership whose rebill failed and is
//         being retried after its expiry (the lapsed case: no access, the rebill popup asks for a new card);
//   '2' — cancelled by the fan but paid through expiration_date: access until then, nothing more is billed;
//         reactivating before the expiry makes it '1' again;
//   '0' — never subscribed, or ended (expired without renewal, revoked, retries exhausted).
//
// Rebill timing and retries (what real card sites do: first charge shortly before the paid time ends, then a few
// retries over about ten days, like CCBill's and Stripe's dunning schedules):
//   - the first attempt is REBILL_LEAD before expiry (1 day; half the period for shorter trial periods), so a
//     decline leaves the fan a day of access with the rebill-failed popup before the membership lapses;
//   - a declined attempt is retried 1, 3 and 7 days after the previous one (REBILL_RETRY_DAYS); the fourth
//     decline ends the renewal (the membership stays lapsed; the fan may subscribe again);
//   - a new card (or a wallet top-up) retries at once, outside that schedule;
//   - a captured rebill appends a period to the paid time: from the old expiry when paid before it, from the
//     capture time when paid after it (the lapsed days are not billed).
//   - every attempt has its own payment id derived from (user, period, attempt) by the command layer, so a
//     period is never charged twice: two schedulers (or a restart) compute the same id and the gateway answers
//     that id once; a further attempt for the same period exists only after the previous one was recorded as
//     declined.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { SubscriptionStatusCode } from '../shared/wire';
import { BASE_TIER_ID } from '../membership-plan/plan';

export const subscriptionStream = (userId: string) => `subscription-${userId}`;

export const ALREADY_SUBSCRIBED = 'You are already subscribed.';
export const THANK_YOU = 'Thank you for subscribing';
export const SUBSCRIPTION_CANCELLED = 'Subscription Cancelled';
export const CANCEL_PROBLEM = 'There was a problem cancelling your subscription. Please try again after an hour.';
export const CANCEL_ERROR = 'Error in cancel subscription';
export const SELECT_REASON = 'Please Select Reason for Cancellation';
export const WRITE_REASON = 'Please Write Reason for cancellation';
export const VALID_REASON = 'Please enter valid reason for cancellation';
export const CONFIRM_CANCEL = 'Are you sure you want to cancel your subscription?';
export const MIGRATION_UNKNOWN_ERROR = 'An unknown error occurred while canceling the subscription. Please try after some time';
export const SUBSCRIPTION_REACTIVATED = 'Your subscription has been reactivated.';
export const COMPLIMENTARY_CANCELLED = 'Your complimentary subscription has been cancelled.';
export const REBILL_FAILED_SUBSCRIBE = 'Your last payment failed. Please update your card to continue your membership.';
export const REBILL_RECOVERED = 'Payment successful. Your membership continues.';
export const PAYMENT_IN_PROGRESS = 'A payment for your membership is being processed. Please try again in a moment.';
export const OTHER_REASON = 'Other';

/** Length of one paid period. */
export const PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;
/** The first rebill attempt comes this long before the paid time ends (half the period when that is shorter). */
export const REBILL_LEAD_MS = DAY_MS;
/** After a declined rebill: retry this many days after the previous attempt; one more decline ends the renewal. */
export const REBILL_RETRY_DAYS: readonly number[] = [1, 3, 7];
/** The rebill-failed popup shows again this long after the fan last closed it (the ribbon stays meanwhile). */
export const REBILL_POPUP_INTERVAL_MS = DAY_MS;

/** 'upgrade': the prorated difference for the rest of the running period when moving to a higher tier. */
export type SubscriptionKind = 'initial' | 'rebill' | 'offer' | 'migration' | 'upgrade';
export type BillingApi = 'v1' | 'v2';
export type ReversalReason = 'refund' | 'void' | 'chargeback';

/**
 * A membership the provider bills itself (CCBill's recurring billing, set up on its payment page): its renewals
 * come as the provider's notices, never from our rebill scheduler, and a cancel goes to the provider first.
 * `salePaymentId` is the payment of the first sale, which names the provider's subscription.
 */
export interface ProviderBilling {
  provider: string;
  salePaymentId: string;
}

/** A bundle: several months paid up front at a discount (domain/membership-plan), renewed the same way. */
export interface BundleTerms {
  months: number;
  discountPercent: number;
}

/** What a membership is on: its tier, and the length (and bundle) of each renewal. Absent on older events: base, 30 days. */
export interface PlanFields {
  tierId?: string;
  renewalPeriodDays?: number;
  bundle?: BundleTerms | null;
}

/** A change of tier the member asked for that takes effect at the next renewal (a downgrade). */
export interface ScheduledTierChange {
  tierId: string;
  recurringCents: number;
}

export interface PendingSubscription {
  paymentId: string;
  tierId: string;
  renewalPeriodDays: number;
  bundle: BundleTerms | null;
  amountCents: number;
  recurringCents: number;
  period: number;
  kind: SubscriptionKind;
  /** Rebills: the attempt number within the period (1 = on schedule). */
  attempt: number;
  /** Rebills: an attempt outside the schedule (after a card update); it does not move the schedule. */
  immediate: boolean;
  periodDays: number;
  renews: boolean;
  promotionId: string | null;
  couponCode: string | null;
  billingApi: BillingApi | null;
  billedBy: ProviderBilling | null;
}

export interface RebillFailure {
  /** Attempts made for the upcoming period so far (scheduled and immediate). */
  attempts: number;
  /** Scheduled attempts that failed (drives REBILL_RETRY_DAYS). */
  scheduledFailures: number;
  failureCode: string;
  failedAt: string;
  nextRetryAt: string | null;
}

type Requested = {
  userId: string;
  paymentId: string;
  amountCents: number;
  recurringCents: number;
  period: number;
  requestedAt: string;
  // Added with the lifecycle (older events lack them: an initial, renewing 30-day subscription).
  kind?: SubscriptionKind;
  attempt?: number;
  immediate?: boolean;
  periodDays?: number;
  renews?: boolean;
  promotionId?: string | null;
  couponCode?: string | null;
  billingApi?: BillingApi | null;
  billedBy?: ProviderBilling | null;
  tierId?: string;
  renewalPeriodDays?: number;
  bundle?: BundleTerms | null;
};

type Started = {
  userId: string;
  /** null: nothing was charged (FreeSubscriptionStarted). */
  paymentId: string | null;
  paymentMethod: string;
  amountCents: number;
  recurringCents: number;
  period: number;
  startedAt: string;
  expiresAt: string;
  /** null: does not renew. */
  nextBillingAt: string | null;
  kind?: SubscriptionKind;
  promotionId?: string | null;
  couponCode?: string | null;
  billingApi?: BillingApi | null;
  billedBy?: ProviderBilling | null;
  tierId?: string;
  renewalPeriodDays?: number;
  bundle?: BundleTerms | null;
};

export type SubscriptionEvent =
  | DomainEvent<'SubscriptionRequested', Requested>
  | DomainEvent<'SubscriptionStarted', Started>
  /** A first period that charges nothing now (a free trial, a 100 % coupon, the resubscribe offer's free months). */
  | DomainEvent<'FreeSubscriptionStarted', Started & { paymentId: null }>
  | DomainEvent<
      'SubscriptionPaymentFailed',
      {
        userId: string;
        /** null: nothing could be charged (no payment method on file). */
        paymentId: string | null;
        failureCode: string;
        failedAt: string;
        kind?: SubscriptionKind;
        period?: number;
        attempt?: number;
        immediate?: boolean;
        /** Rebills: when the next scheduled attempt is due; null with `final`. */
        nextRetryAt?: string | null;
        /** Rebills: retries exhausted, the membership no longer renews. */
        final?: boolean;
      }
    >
  | DomainEvent<'ComplimentarySubscriptionGiven', { userId: string; months: number; startedAt: string; expiresAt: string; nextBillingAt?: string | null }>
  | DomainEvent<'ComplimentarySubscriptionCancelled', { userId: string; cancelledAt: string; expiresAt: string }>
  /** The payment for the running period came back (refund, void, chargeback): the membership ends now. */
  | DomainEvent<'SubscriptionRevoked', { userId: string; paymentId: string; reason: ReversalReason; revokedAt: string }>
  | DomainEvent<
      'SubscriptionCancelled',
      {
        userId: string;
        reason: string | null;
        otherReason: string | null;
        /** 'membership_page', 'cancel_page', 'v1', 'crypto', 'system'… where the cancellation came from. */
        requestFrom: string;
        by: 'fan' | 'staff' | 'system';
        cancelledAt: string;
        /** Access continues until then. */
        expiresAt: string | null;
      }
    >
  | DomainEvent<'SubscriptionReactivated', { userId: string; reactivatedAt: string; nextBillingAt: string }>
  /** The member moved to another tier now: an upgrade (paid by `paymentId`, or free), or a refunded upgrade undone. */
  | DomainEvent<
      'SubscriptionTierChanged',
      {
        userId: string;
        tierId: string;
        recurringCents: number;
        previousTierId: string;
        previousRecurringCents: number;
        paymentId: string | null;
        amountCents: number;
        reason: 'upgrade' | 'reversal';
        changedAt: string;
      }
    >
  /** A downgrade: the next renewal is on this tier at this price. */
  | DomainEvent<'SubscriptionTierChangeScheduled', { userId: string; tierId: string; recurringCents: number; effectiveAt: string; scheduledAt: string }>
  | DomainEvent<'RebillNotificationDateUpdated', { userId: string; notifiedAt: string }>
  | DomainEvent<'MigrationConditionsAccepted', { userId: string; acceptedAt: string }>;

export type SubscriptionCommand =
  | {
      type: 'RequestSubscription';
      userId: string;
      paymentId: string;
      prices: { initialCents: number; recurringCents: number; initialPeriodDays?: number };
      kind?: Exclude<SubscriptionKind, 'rebill' | 'upgrade'>;
      /** The tier, and the length of each renewal (a bundle's months); default: base, 30 days. */
      plan?: PlanFields;
      /** false: the membership ends after the first period (the resubscribe offer's "free with no charge"). */
      renews?: boolean;
      promotionId?: string | null;
      couponCode?: string | null;
      billingApi?: BillingApi | null;
      /** Shown as the payment method of a period that charges nothing now ('visa •••• 4242', 'wallet', 'free'). */
      freePaymentMethod?: string;
      /** The provider that bills the renewals itself (its payment page set up the recurring billing). */
      billedBy?: string | null;
      at: string;
    }
  | { type: 'StartSubscription'; paymentId: string; paymentMethod: string; at: string }
  | { type: 'FailSubscriptionPayment'; paymentId: string; failureCode: string; at: string }
  /** The scheduler (or a card update, `immediate`) asks for the next period's charge; nothing when not due. */
  | { type: 'RequestRebill'; userId: string; paymentIdFor: (period: number, attempt: number) => string; immediate?: boolean; at: string }
  /** The provider that bills this membership renewed it: the next period's payment, under `paymentId`. */
  /**
   * Move a renewing member to another tier. `fromRank`/`toRank` are the tiers' ranks now; `recurringCents` the new
   * tier's price for the member's renewal (its monthly price, or its bundle price at the member's bundle terms).
   * Higher: the prorated difference is charged now under `paymentId` and the tier changes at once; lower: the
   * next renewal is on the new tier.
   */
  | { type: 'ChangeTier'; userId: string; paymentId: string; tierId: string; fromRank: number; toRank: number; recurringCents: number; at: string }
  | { type: 'RequestProviderRenewal'; paymentId: string; amountCents: number; periodDays: number; at: string }
  /** The provider could not renew (it retries on its own schedule). */
  | { type: 'RecordProviderRenewalFailure'; failureCode: string; at: string }
  /** Staff give a free membership; it extends a running one rather than replacing it. */
  | { type: 'GiveComplimentary'; userId: string; months: number; at: string }
  | { type: 'CancelComplimentary'; at: string }
  | { type: 'RevokeForReversal'; paymentId: string; reason: ReversalReason; at: string }
  | { type: 'CancelSubscription'; reason: string | null; otherReason: string | null; requestFrom: string; by: 'fan' | 'staff' | 'system'; at: string }
  | { type: 'ReactivateSubscription'; at: string }
  | { type: 'UpdateRebillNotificationDate'; at: string }
  | { type: 'AcceptMigrationConditions'; at: string };

export interface SubscriptionState {
  userId: string | null;
  /** Number of periods ever started. */
  periods: number;
  expiresAt: string | null;
  pending: PendingSubscription | null;
  /** The payment that paid the running period (null for complimentary or free time). */
  paidBy: string | null;
  /** End of the last period the fan paid for (complimentary time goes beyond it). */
  paidUntil: string | null;
  recurringCents: number;
  /** When the next period is charged; null: the membership does not renew. */
  nextBillingAt: string | null;
  /** Set while a cancelled membership still runs (status '2'); cleared by reactivation or a new subscription. */
  cancelledAt: string | null;
  /** The upcoming period's charge failed and is being retried (or, with nextBillingAt null, gave up). */
  rebillFailure: RebillFailure | null;
  /** Running on complimentary time that does not renew. */
  complimentary: boolean;
  rebillNotifiedAt: string | null;
  billingApi: BillingApi | null;
  migrationConditionsAcceptedAt: string | null;
  /** A paid (or free) period was ever started: a returning member. */
  everSubscribed: boolean;
  /** The running membership's renewals are billed by the provider, not by us. */
  billedBy: ProviderBilling | null;
  tierId: string;
  /** Length of each renewal: 30 days, or a bundle's months × 30. */
  renewalPeriodDays: number;
  bundle: BundleTerms | null;
  scheduledChange: ScheduledTierChange | null;
  /** The running period's upgrade: undone if its payment comes back. */
  upgrade: { paymentId: string; previousTierId: string; previousRecurringCents: number } | null;
}

export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();
const later = (a: string, b: string | null): string => (b && Date.parse(b) > Date.parse(a) ? b : a);

/** When the period ending at `expiresAt` is charged for renewal. */
export const rebillAt = (expiresAt: string, periodDays: number = PERIOD_DAYS): string =>
  new Date(Date.parse(expiresAt) - Math.min(REBILL_LEAD_MS, (periodDays * DAY_MS) / 2)).toISOString();

/** Active means paid through a date still in the future (status '1' with a past date is lapsed). */
export const isActive = (state: Pick<SubscriptionState, 'expiresAt'>, now: string): boolean =>
  state.expiresAt !== null && Date.parse(state.expiresAt) > Date.parse(now);

export const isRenewing = (state: Pick<SubscriptionState, 'nextBillingAt'>): boolean => state.nextBillingAt !== null;

/** The fields the status depends on, as both the stream state and the read model hold them. */
export interface StatusFields {
  expiresAt: string | null;
  nextBillingAt: string | null;
  cancelledAt: string | null;
}

/** '0' / '1' / '2' as described at the top of this file. */
export function subscriptionStatus(s: StatusFields, now: string): SubscriptionStatusCode {
  if (isActive(s, now)) return s.cancelledAt ? '2' : '1';
  return s.nextBillingAt !== null ? '1' : '0';
}

/** Kept for callers that only know the expiry: '1' while active, else '0'. */
export const statusCode = (state: Pick<SubscriptionState, 'expiresAt'>, now: string): SubscriptionStatusCode => (isActive(state, now) ? '1' : '0');

/** The rebill failed and is still being retried: the fan should update the card. */
export const isRebillFailed = (s: { rebillFailure: RebillFailure | null; nextBillingAt: string | null }): boolean => s.rebillFailure !== null && s.nextBillingAt !== null;

/** When the next charge attempt is due (the scheduler's queue), or null. */
export function nextChargeAt(s: Pick<SubscriptionState, 'nextBillingAt' | 'rebillFailure'>): string | null {
  if (s.nextBillingAt === null) return null;
  return s.rebillFailure ? s.rebillFailure.nextRetryAt : s.nextBillingAt;
}

/**
 * The rebill-failed popup: shown while the rebill is failing and the fan has not closed it since the
 * last failure, or closed it more than REBILL_POPUP_INTERVAL_MS ago. Otherwise the reminder ribbon shows.
 */
export function rebillPopupDue(detail: { isRebillFailed: boolean; rebillFailedAt: string | null; rebillNotifiedAt: string | null }, now: string): boolean {
  if (!detail.isRebillFailed) return false;
  if (!detail.rebillNotifiedAt) return true;
  const seen = Date.parse(detail.rebillNotifiedAt);
  if (detail.rebillFailedAt && Date.parse(detail.rebillFailedAt) > seen) return true;
  return Date.parse(now) - seen >= REBILL_POPUP_INTERVAL_MS;
}

/** The cancellation form: a reason is required; "Other" needs text. Returns the error message or null. */
export function cancellationReasonProblem(input: { reason: string | null | undefined; otherReason?: string | null }, reasonsEnabled: boolean): string | null {
  if (!reasonsEnabled) return null;
  const reason = (input.reason ?? '').trim();
  if (!reason) return SELECT_REASON;
  if (reason === OTHER_REASON) {
    if (input.otherReason == null || input.otherReason === '') return WRITE_REASON;
    if (input.otherReason.trim() === '') return VALID_REASON;
  }
  return null;
}

function requestedPending(d: Requested): PendingSubscription {
  return {
    paymentId: d.paymentId,
    amountCents: d.amountCents,
    recurringCents: d.recurringCents,
    period: d.period,
    kind: d.kind ?? (d.period > 1 && d.attempt ? 'rebill' : 'initial'),
    attempt: d.attempt ?? 1,
    immediate: d.immediate ?? false,
    periodDays: d.periodDays ?? PERIOD_DAYS,
    renews: d.renews ?? true,
    promotionId: d.promotionId ?? null,
    couponCode: d.couponCode ?? null,
    billingApi: d.billingApi ?? null,
    billedBy: d.billedBy ?? null,
    tierId: d.tierId ?? BASE_TIER_ID,
    renewalPeriodDays: d.renewalPeriodDays ?? PERIOD_DAYS,
    bundle: d.bundle ?? null,
  };
}

/** The plan fields an event carries: none for the base tier renewed monthly, so such a membership's events are as before tiers. */
const planData = (p: { tierId: string; renewalPeriodDays: number; bundle: BundleTerms | null }): PlanFields =>
  p.tierId === BASE_TIER_ID && p.renewalPeriodDays === PERIOD_DAYS && p.bundle === null ? {} : { tierId: p.tierId, renewalPeriodDays: p.renewalPeriodDays, bundle: p.bundle };

export const TIER_CHANGE_NOT_RENEWING = 'Only a renewing membership can change its tier. Please reactivate your membership first.';
export const SAME_TIER = 'You are already on this tier.';

/**
 * The prorated charge of an upgrade: the price difference of one renewal period times the whole days left of
 * the running period (a day begun counts as left), over the period's days, rounded half up to the cent. Never
 * below 0 (a member whose price is above the new tier's pays nothing now).
 */
export function upgradeChargeCents(input: { fromCents: number; toCents: number; periodDays: number; expiresAt: string; at: string }): number {
  const diff = input.toCents - input.fromCents;
  if (diff <= 0) return 0;
  const left = Math.max(0, Date.parse(input.expiresAt) - Date.parse(input.at));
  const daysLeft = Math.min(input.periodDays, Math.ceil(left / DAY_MS));
  return Math.floor((2 * diff * daysLeft + input.periodDays) / (2 * input.periodDays));
}

/** The failure recorded for a rebill attempt: the schedule moves only for scheduled attempts. */
function rebillFailureAfter(state: SubscriptionState, p: { attempt: number; immediate: boolean }, at: string): { nextRetryAt: string | null; final: boolean; scheduledFailures: number } {
  const prev = state.rebillFailure;
  if (p.immediate && prev) return { nextRetryAt: prev.nextRetryAt, final: false, scheduledFailures: prev.scheduledFailures };
  const scheduledFailures = (prev?.scheduledFailures ?? 0) + 1;
  const wait = REBILL_RETRY_DAYS[scheduledFailures - 1];
  return wait === undefined ? { nextRetryAt: null, final: true, scheduledFailures } : { nextRetryAt: addDays(at, wait), final: false, scheduledFailures };
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState: () => ({
    userId: null,
    periods: 0,
    expiresAt: null,
    pending: null,
    paidBy: null,
    paidUntil: null,
    recurringCents: 0,
    nextBillingAt: null,
    cancelledAt: null,
    rebillFailure: null,
    complimentary: false,
    rebillNotifiedAt: null,
    billingApi: null,
    migrationConditionsAcceptedAt: null,
    everSubscribed: false,
    billedBy: null,
    tierId: BASE_TIER_ID,
    renewalPeriodDays: PERIOD_DAYS,
    bundle: null,
    scheduledChange: null,
    upgrade: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'SubscriptionRequested':
        return { ...state, userId: event.data.userId, pending: requestedPending(event.data) };
      case 'SubscriptionStarted':
      case 'FreeSubscriptionStarted': {
        const d = event.data;
        return {
          ...state,
          userId: d.userId,
          periods: state.periods + 1,
          expiresAt: d.expiresAt,
          paidUntil: d.expiresAt,
          pending: null,
          paidBy: d.paymentId,
          recurringCents: d.recurringCents,
          nextBillingAt: d.nextBillingAt,
          cancelledAt: null,
          rebillFailure: null,
          complimentary: false,
          billingApi: d.billingApi ?? state.billingApi ?? null,
          everSubscribed: true,
          billedBy: d.billedBy ?? null,
          tierId: d.tierId ?? BASE_TIER_ID,
          renewalPeriodDays: d.renewalPeriodDays ?? PERIOD_DAYS,
          bundle: d.bundle ?? null,
          scheduledChange: null,
          upgrade: null,
        };
      }
      case 'SubscriptionTierChanged': {
        const d = event.data;
        const pendingMatches = d.paymentId !== null && state.pending?.paymentId === d.paymentId;
        return {
          ...state,
          pending: pendingMatches ? null : state.pending,
          tierId: d.tierId,
          recurringCents: d.recurringCents,
          scheduledChange: null,
          upgrade: d.reason === 'upgrade' && d.paymentId ? { paymentId: d.paymentId, previousTierId: d.previousTierId, previousRecurringCents: d.previousRecurringCents } : null,
        };
      }
      case 'SubscriptionTierChangeScheduled':
        return { ...state, scheduledChange: { tierId: event.data.tierId, recurringCents: event.data.recurringCents } };
      case 'SubscriptionPaymentFailed': {
        const d = event.data;
        const pendingMatches = d.paymentId !== null && state.pending?.paymentId === d.paymentId;
        const next = pendingMatches ? { ...state, pending: null } : state;
        if (d.kind !== 'rebill') return next;
        const prev = state.rebillFailure;
        return {
          ...next,
          rebillFailure: {
            attempts: d.attempt ?? (prev?.attempts ?? 0) + 1,
            scheduledFailures: d.immediate && prev ? prev.scheduledFailures : (prev?.scheduledFailures ?? 0) + 1,
            failureCode: d.failureCode,
            failedAt: d.failedAt,
            nextRetryAt: d.nextRetryAt ?? null,
          },
          nextBillingAt: d.final ? null : state.nextBillingAt,
        };
      }
      case 'ComplimentarySubscriptionGiven':
        return {
          ...state,
          userId: event.data.userId,
          expiresAt: event.data.expiresAt,
          nextBillingAt: event.data.nextBillingAt ?? null,
          complimentary: (event.data.nextBillingAt ?? null) === null,
          rebillFailure: (event.data.nextBillingAt ?? null) === null ? null : state.rebillFailure,
        };
      case 'ComplimentarySubscriptionCancelled':
        return { ...state, expiresAt: event.data.expiresAt, complimentary: false };
      case 'SubscriptionRevoked':
        return { ...state, expiresAt: event.data.revokedAt, paidUntil: event.data.revokedAt, paidBy: null, nextBillingAt: null, cancelledAt: null, rebillFailure: null, complimentary: false, billedBy: null };
      case 'SubscriptionCancelled':
        return { ...state, cancelledAt: event.data.cancelledAt, nextBillingAt: null, rebillFailure: null };
      case 'SubscriptionReactivated':
        return { ...state, cancelledAt: null, nextBillingAt: event.data.nextBillingAt };
      case 'RebillNotificationDateUpdated':
        return { ...state, rebillNotifiedAt: event.data.notifiedAt };
      case 'MigrationConditionsAccepted':
        return { ...state, migrationConditionsAcceptedAt: event.data.acceptedAt };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestSubscription': {
        const kind = command.kind ?? 'initial';
        const active = isActive(state, command.at);
        if (kind === 'initial' && active) throw new DomainError(ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED', 409);
        if (kind === 'offer' && active && isRenewing(state)) throw new DomainError(ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED', 409);
        if (state.pending) {
          if (state.pending.kind === kind) return []; // the same subscription payment is under way: join it
          throw new DomainError(PAYMENT_IN_PROGRESS, 'PAYMENT_IN_PROGRESS', 409);
        }
        // A renewing membership whose rebill failed is recovered with a new card, not bought a second time.
        if (kind === 'initial' && isRenewing(state) && !active) throw new DomainError(REBILL_FAILED_SUBSCRIBE, 'REBILL_FAILED', 409);
        const renews = command.renews ?? true;
        const { initialCents, recurringCents } = command.prices;
        const periodDays = command.prices.initialPeriodDays ?? PERIOD_DAYS;
        if (!Number.isInteger(initialCents) || initialCents < 0 || !Number.isInteger(recurringCents) || recurringCents < 0 || (renews && recurringCents === 0))
          throw new DomainError('Invalid request.', 'NO_PRICE', 400);
        if (!Number.isInteger(periodDays) || periodDays < 1 || periodDays > 12 * 31) throw new DomainError('Invalid request.', 'INVALID_PERIOD', 400);
        const renewalPeriodDays = command.plan?.renewalPeriodDays ?? PERIOD_DAYS;
        if (!Number.isInteger(renewalPeriodDays) || renewalPeriodDays < 1 || renewalPeriodDays > 12 * 31) throw new DomainError('Invalid request.', 'INVALID_PERIOD', 400);
        const plan = planData({ tierId: command.plan?.tierId ?? BASE_TIER_ID, renewalPeriodDays, bundle: command.plan?.bundle ?? null });
        const common = { promotionId: command.promotionId ?? null, couponCode: command.couponCode ?? null, billingApi: command.billingApi ?? null, ...plan };
        const billedBy = command.billedBy ? { provider: command.billedBy, salePaymentId: command.paymentId } : null;
        if (initialCents === 0) {
          if (billedBy) throw new DomainError('A first period that costs nothing cannot be paid on the payment page.', 'FREE_PERIOD_NOT_HOSTED', 422);
          // Nothing to charge now (a free trial, a 100 % coupon, the resubscribe offer's free months).
          const expiresAt = addDays(later(command.at, state.expiresAt), periodDays);
          return [
            {
              type: 'FreeSubscriptionStarted',
              data: {
                userId: command.userId, paymentId: null, paymentMethod: command.freePaymentMethod ?? 'free', amountCents: 0, recurringCents, period: state.periods + 1,
                startedAt: command.at, expiresAt, nextBillingAt: renews ? rebillAt(expiresAt, renewalPeriodDays) : null, kind, ...common,
              },
            },
          ];
        }
        return [
          {
            type: 'SubscriptionRequested',
            data: {
              userId: command.userId, paymentId: command.paymentId, amountCents: initialCents, recurringCents, period: state.periods + 1, requestedAt: command.at,
              kind, attempt: 1, immediate: false, periodDays, renews, ...common, ...(billedBy ? { billedBy } : {}),
            },
          },
        ];
      }
      case 'StartSubscription': {
        const p = state.pending;
        if (!p || p.paymentId !== command.paymentId) return []; // already started (or not ours): idempotent
        if (p.kind === 'upgrade') {
          return [
            {
              type: 'SubscriptionTierChanged',
              data: {
                userId: state.userId!, tierId: p.tierId, recurringCents: p.recurringCents, previousTierId: state.tierId, previousRecurringCents: state.recurringCents,
                paymentId: p.paymentId, amountCents: p.amountCents, reason: 'upgrade', changedAt: command.at,
              },
            },
          ];
        }
        // Paid before the running time ends: the new period follows it; after: it starts now.
        const expiresAt = addDays(later(command.at, state.expiresAt), p.periodDays);
        return [
          {
            type: 'SubscriptionStarted',
            data: {
              userId: state.userId!, paymentId: p.paymentId, paymentMethod: command.paymentMethod, amountCents: p.amountCents, recurringCents: p.recurringCents, period: p.period,
              startedAt: command.at, expiresAt, nextBillingAt: p.renews ? rebillAt(expiresAt, p.renewalPeriodDays) : null, kind: p.kind,
              promotionId: p.promotionId, couponCode: p.couponCode, billingApi: p.billingApi ?? state.billingApi, ...(p.billedBy ? { billedBy: p.billedBy } : {}),
              ...planData(p),
            },
          },
        ];
      }
      case 'FailSubscriptionPayment': {
        const p = state.pending;
        if (!p || p.paymentId !== command.paymentId) return [];
        const base = { userId: state.userId!, paymentId: command.paymentId, failureCode: command.failureCode, failedAt: command.at, kind: p.kind, period: p.period };
        if (p.kind !== 'rebill') return [{ type: 'SubscriptionPaymentFailed', data: base }];
        const f = rebillFailureAfter(state, p, command.at);
        return [{ type: 'SubscriptionPaymentFailed', data: { ...base, attempt: p.attempt, immediate: p.immediate, nextRetryAt: f.nextRetryAt, final: f.final } }];
      }
      case 'RequestRebill': {
        if (!isRenewing(state) || state.pending) return []; // not renewing, or a charge is under way (the caller joins it)
        if (state.billedBy) return []; // the provider renews it and tells us
        const f = state.rebillFailure;
        const immediate = !!command.immediate && f !== null;
        const dueAt = immediate ? command.at : f ? f.nextRetryAt : state.nextBillingAt;
        if (!dueAt || Date.parse(dueAt) > Date.parse(command.at)) return [];
        const period = state.periods + 1;
        const attempt = (f?.attempts ?? 0) + 1;
        // Renewed at the member's own price and length (a bundle renews as the same bundle); a downgrade starts here.
        const next = state.scheduledChange ?? { tierId: state.tierId, recurringCents: state.recurringCents };
        return [
          {
            type: 'SubscriptionRequested',
            data: {
              userId: state.userId ?? command.userId, paymentId: command.paymentIdFor(period, attempt), amountCents: next.recurringCents, recurringCents: next.recurringCents,
              period, requestedAt: command.at, kind: 'rebill', attempt, immediate, periodDays: state.renewalPeriodDays, renews: true, promotionId: null, couponCode: null, billingApi: state.billingApi,
              ...planData({ tierId: next.tierId, renewalPeriodDays: state.renewalPeriodDays, bundle: state.bundle }),
            },
          },
        ];
      }
      case 'ChangeTier': {
        if (command.tierId === state.tierId && !state.scheduledChange) throw new DomainError(SAME_TIER, 'SAME_TIER', 409, { field: 'tier_id' });
        if (!isActive(state, command.at) || !isRenewing(state) || state.billedBy || state.paidBy === null && state.recurringCents === 0)
          throw new DomainError(TIER_CHANGE_NOT_RENEWING, 'NOT_RENEWING', 409);
        if (state.pending) {
          if (state.pending.kind === 'upgrade' && state.pending.paymentId === command.paymentId) return []; // this upgrade is under way
          throw new DomainError(PAYMENT_IN_PROGRESS, 'PAYMENT_IN_PROGRESS', 409);
        }
        if (command.toRank < command.fromRank || (command.toRank === command.fromRank && command.tierId === state.tierId)) {
          // Lower (or back to the current tier after a scheduled downgrade): from the next renewal, nothing charged now.
          return [
            {
              type: 'SubscriptionTierChangeScheduled',
              data: { userId: state.userId!, tierId: command.tierId, recurringCents: command.tierId === state.tierId ? state.recurringCents : command.recurringCents, effectiveAt: state.expiresAt!, scheduledAt: command.at },
            },
          ];
        }
        if (command.toRank === command.fromRank) throw new DomainError(SAME_TIER, 'SAME_TIER', 409, { field: 'tier_id' });
        const amountCents = upgradeChargeCents({ fromCents: state.recurringCents, toCents: command.recurringCents, periodDays: state.renewalPeriodDays, expiresAt: state.expiresAt!, at: command.at });
        const changed = {
          userId: state.userId!, tierId: command.tierId, recurringCents: command.recurringCents, previousTierId: state.tierId, previousRecurringCents: state.recurringCents,
        };
        if (amountCents === 0) return [{ type: 'SubscriptionTierChanged', data: { ...changed, paymentId: null, amountCents: 0, reason: 'upgrade', changedAt: command.at } }];
        return [
          {
            type: 'SubscriptionRequested',
            data: {
              userId: state.userId!, paymentId: command.paymentId, amountCents, recurringCents: command.recurringCents, period: state.periods, requestedAt: command.at,
              kind: 'upgrade', attempt: 1, immediate: false, periodDays: 0, renews: true, promotionId: null, couponCode: null, billingApi: state.billingApi,
              ...planData({ tierId: command.tierId, renewalPeriodDays: state.renewalPeriodDays, bundle: state.bundle }),
            },
          },
        ];
      }
      case 'RequestProviderRenewal': {
        if (!state.billedBy || !state.userId) throw new DomainError('This membership is not billed by the provider.', 'NOT_PROVIDER_BILLED', 409);
        if (state.pending?.paymentId === command.paymentId) return []; // this renewal is under way
        if (state.pending) throw new DomainError(PAYMENT_IN_PROGRESS, 'PAYMENT_IN_PROGRESS', 409);
        return [
          {
            type: 'SubscriptionRequested',
            data: {
              userId: state.userId, paymentId: command.paymentId, amountCents: command.amountCents, recurringCents: command.amountCents, period: state.periods + 1, requestedAt: command.at,
              kind: 'rebill', attempt: 1, immediate: false, periodDays: command.periodDays, renews: true, promotionId: null, couponCode: null, billingApi: state.billingApi, billedBy: state.billedBy,
            },
          },
        ];
      }
      case 'RecordProviderRenewalFailure': {
        if (!state.billedBy || !state.userId || !isRenewing(state)) return [];
        return [
          {
            type: 'SubscriptionPaymentFailed',
            data: { userId: state.userId, paymentId: null, failureCode: command.failureCode, failedAt: command.at, kind: 'rebill', period: state.periods + 1, attempt: (state.rebillFailure?.attempts ?? 0) + 1, immediate: false, nextRetryAt: null, final: false },
          },
        ];
      }
      case 'GiveComplimentary': {
        if (!Number.isInteger(command.months) || command.months < 1 || command.months > 12)
          throw new DomainError('Choose between 1 and 12 months.', 'INVALID_MONTHS', 400, { field: 'months' });
        const from = isActive(state, command.at) ? state.expiresAt! : command.at;
        const expiresAt = addDays(from, command.months * PERIOD_DAYS);
        // A renewing membership is billed after the free time, not during it.
        const nextBillingAt = isRenewing(state) && isActive(state, command.at) ? rebillAt(expiresAt) : null;
        return [{ type: 'ComplimentarySubscriptionGiven', data: { userId: command.userId, months: command.months, startedAt: command.at, expiresAt, nextBillingAt } }];
      }
      case 'CancelComplimentary': {
        if (!state.complimentary || !isActive(state, command.at) || isRenewing(state)) throw new DomainError(CANCEL_ERROR, 'NO_COMPLIMENTARY', 400);
        // Paid time the fan still has is kept; the complimentary time beyond it ends now.
        return [{ type: 'ComplimentarySubscriptionCancelled', data: { userId: state.userId!, cancelledAt: command.at, expiresAt: later(command.at, state.paidUntil) } }];
      }
      case 'RevokeForReversal': {
        // An upgrade's money came back: the member is back on the tier and price they had before it.
        if (state.upgrade?.paymentId === command.paymentId) {
          return [
            {
              type: 'SubscriptionTierChanged',
              data: {
                userId: state.userId!, tierId: state.upgrade.previousTierId, recurringCents: state.upgrade.previousRecurringCents, previousTierId: state.tierId,
                previousRecurringCents: state.recurringCents, paymentId: null, amountCents: 0, reason: 'reversal', changedAt: command.at,
              },
            },
          ];
        }
        // The money for the running period came back: the membership ends now, and nothing more is billed.
        if (state.paidBy === command.paymentId && isActive(state, command.at))
          return [{ type: 'SubscriptionRevoked', data: { userId: state.userId!, paymentId: command.paymentId, reason: command.reason, revokedAt: command.at } }];
        // A chargeback on an older period: stop billing this card holder (the running time stays).
        if (command.reason === 'chargeback' && isRenewing(state))
          return [{ type: 'SubscriptionCancelled', data: { userId: state.userId!, reason: 'chargeback', otherReason: null, requestFrom: 'system', by: 'system', cancelledAt: command.at, expiresAt: state.expiresAt } }];
        return [];
      }
      case 'CancelSubscription': {
        if (state.pending) throw new DomainError(CANCEL_PROBLEM, 'PAYMENT_IN_PROGRESS', 409);
        if (state.cancelledAt && !isRenewing(state)) return []; // already cancelled: the same answer again
        if (!isRenewing(state)) throw new DomainError(CANCEL_ERROR, state.complimentary ? 'USE_COMPLIMENTARY_CANCEL' : 'NOT_SUBSCRIBED', 400);
        return [
          {
            type: 'SubscriptionCancelled',
            data: {
              userId: state.userId!, reason: command.reason, otherReason: command.otherReason, requestFrom: command.requestFrom, by: command.by,
              cancelledAt: command.at, expiresAt: state.expiresAt,
            },
          },
        ];
      }
      case 'ReactivateSubscription': {
        if (!state.cancelledAt || isRenewing(state) || !isActive(state, command.at)) throw new DomainError('Invalid request.', 'NOT_CANCELLED', 400);
        // The provider's recurring billing cannot be restarted from here: the fan subscribes again when it ends.
        if (state.billedBy) throw new DomainError('Your membership was billed by CCBill: please subscribe again when it ends.', 'PROVIDER_BILLED', 409);
        return [{ type: 'SubscriptionReactivated', data: { userId: state.userId!, reactivatedAt: command.at, nextBillingAt: rebillAt(state.expiresAt!) } }];
      }
      case 'UpdateRebillNotificationDate':
        if (!state.userId) return [];
        return [{ type: 'RebillNotificationDateUpdated', data: { userId: state.userId, notifiedAt: command.at } }];
      case 'AcceptMigrationConditions':
        if (!state.userId || state.migrationConditionsAcceptedAt) return [];
        return [{ type: 'MigrationConditionsAccepted', data: { userId: state.userId, acceptedAt: command.at } }];
    }
  },
};

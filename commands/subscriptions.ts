// The subscription lifecycle (domain/subscription): subscribe at the quoted price, the durable rebill scheduler,
// recovery of a failed rebill with a new card, cancel / reactivate, the complimentary cancel, the rebill popup's
// date, subscription migration and the resubscribe offer. Every charge goes through the card payment process
// (commands/payment/process.ts): the pending charge is recorded on the subscription stream first, the payment id
// is the gateway's idempotency key, and a crash anywhere is finished by the next run (scheduler or recovery).
//
// Rebill payment ids are derived from (user, period, attempt) — see rebillPaymentId — so two schedulers, a
// restart, or the scheduler and a fan's card update racing each other all name the same payment and the gateway
// takes the money once. A period's next attempt is only asked for after the previous one was recorded declined.
import { startPeriodicPass } from './periodic-pass';
import { loadSettings } from './settings';
import { createHash } from 'node:crypto';
import { DomainError } from '../domain/shared/decider';
import { isStaffRole, type Role } from '../domain/shared/wire';
import {
  CANCEL_ERROR,
  CANCEL_PROBLEM,
  OTHER_REASON,
  REBILL_RECOVERED,
  THANK_YOU,
  cancellationReasonProblem,
  isActive,
  isRebillFailed,
  isRenewing,
  subscriptionDecider,
  subscriptionStatus,
  subscriptionStream,
  type SubscriptionState,
} from '../domain/subscription/subscription';
import { memberDecider, memberStream } from '../domain/member/member';
import { MONTH_DAYS, migrationPriceCents, subscriptionQuote, type SubscriptionQuote } from '../domain/pricing/pricing';
import { activePromotion, isEligible, type Promotion } from '../domain/promotion/promotion';
import { acceptResubscribeOffer, offerBanner, type MembershipHistory } from '../domain/offer/resubscribe-offer';
import { purchaseOutcome, type PurchaseOutcome } from './payment/outcome';
import type { CardRef, PaymentState } from '../domain/payment/payment';
import { paymentDecider, paymentStream } from '../domain/payment/payment';
import type { EventStore } from '../infra/eventstore/port';
import type { SiteSettings } from '../domain/settings/settings';
import { commandContext, handle, loadStream, type CommandContext } from './handle';
import { completeEntitlement, resumeOwnPayment, settlePayment, type PaymentDeps, type PurchaseDeps } from './payment/process';
import { resolveCard, savedCard, type CardChoice } from './cards';
import { pay } from './payment/pay';
import { subscriptionPurchase, tierChangePurchase, type MembershipInput } from './payment/kinds/subscription';
import { walletBalance } from './payment/wallet-stream';
import { loadPromotion, promotionViewerFor, promotionsEnabled, requireSubscriptionPromotion } from './promotions';
import { checkCouponCode } from './coupons';
import { loadResubscribeOffer } from './offers';
import { loadPlans } from './membership-plans';
import { tierRecurringCents } from '../domain/subscription/tier-options';
import {
  BASE_TIER_ID, BUNDLE_NOT_COMBINED, bundleOffers, chosenBundle, subscribableTier, tierRank, type PlansState, type Tier,
} from '../domain/membership-plan/plan';
import type { PlanFields } from '../domain/subscription/subscription';

export type PayWith = 'card' | 'wallet';

/** What the rebill scheduler reads from the read models, given by the API wiring (api/payment-reads.ts). */
export interface RebillReads {
  /** Memberships whose next charge is due at `nowIso` (`immediate`: charge now, outside the retry schedule). */
  dueSubscriptions(nowIso: string, limit: number): Promise<{ user_id: string; immediate: boolean }[]>;
}

export interface SubscriptionDeps extends PaymentDeps {
  /** How renewals are paid: the fan's default payment method (crypto_currency = the wallet). Default: card. */
  paymentMethodOf?: (userId: string) => Promise<PayWith>;
}

/** A membership's answer; paymentId is null when nothing was charged (a $0 first period). */
export type SubscriptionOutcome = Omit<PurchaseOutcome, 'paymentId'> & { paymentId: string | null };


export const loadSubscription = (store: EventStore, userId: string) => loadStream(store, subscriptionStream(userId), subscriptionDecider);

/** The payment id of a rebill attempt: a name-based UUID of (user, period, attempt), the same in every process. */
export function rebillPaymentId(userId: string, period: number, attempt: number): string {
  const h = createHash('sha256').update(`rebill:${userId}:${period}:${attempt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Where a fan stands for the resubscribe offer (domain/offer). */
export function membershipHistory(state: SubscriptionState, now: string): MembershipHistory {
  const active = isActive(state, now);
  if (isRenewing(state)) return 'active'; // renewing (a failing rebill is recovered with a card, not an offer)
  if (active) return state.complimentary ? 'active' : 'cancelled';
  return state.everSubscribed || state.expiresAt !== null ? 'lapsed' : 'never';
}

// ---------------------------------------------------------------------------------------------------------
// Price

export interface QuoteResult {
  quote: SubscriptionQuote;
  /** The tier and bundle priced, and what the subscription records (renewal length, bundle terms). */
  plan: Required<PlanFields>;
  plans: PlansState;
  /** The monthly price of each tier for this fan (the base tier's is the regular or returning recurring price). */
  monthlyOf: (tier: Tier) => number;
  /** The running subscription promotion the fan may take (for the ribbon and countdown), or null. */
  promotion: Promotion | null;
  settings: SiteSettings;
  hasSubscribedBefore: boolean;
}

/**
 * The price of a new subscription for this fan (domain/pricing subscriptionQuote): regular or returning prices, a
 * named promotion (checked now: 'Sorry promotion expired.' 410 when it is gone) and a coupon (checked now: its
 * error code when it does not apply). Without a promotion id the running promotion the fan is eligible for is
 * offered (`offerPromotion`), so the subscribe page shows its price and countdown.
 */
export async function quoteSubscription(
  ctx: CommandContext,
  input: {
    userId: string; role: Role; promotionId?: string | null; couponCode?: string | null; offerPromotion?: boolean; link?: { initialCents: number; recurringCents: number } | null;
    tierId?: string | null; bundleMonths?: number | null;
  },
): Promise<QuoteResult> {
  const now = ctx.now();
  const [settings, sub, plans] = await Promise.all([loadSettings(ctx.store), loadSubscription(ctx.store, input.userId), loadPlans(ctx.store)]);
  const hasSubscribedBefore = sub.state.everSubscribed;
  const tier = subscribableTier(plans, input.tierId || BASE_TIER_ID);
  const base = tier.tierId === BASE_TIER_ID;
  const regular = subscriptionQuote({ settings, hasSubscribedBefore });
  const monthlyOf = (t: Tier) => t.priceCents ?? regular.listPrices.recurringCents;
  const monthly: PlanFields = { tierId: tier.tierId, renewalPeriodDays: MONTH_DAYS, bundle: null };
  const result = (quote: SubscriptionQuote, plan: PlanFields, promotion: Promotion | null = null): QuoteResult => ({
    quote, promotion, settings, hasSubscribedBefore, plans, monthlyOf, plan: { tierId: plan.tierId!, renewalPeriodDays: plan.renewalPeriodDays!, bundle: plan.bundle ?? null },
  });
  // A bundle: the tier's monthly price × months at the bundle's discount, paid up front; nothing else stacks on it.
  if (input.bundleMonths) {
    if (input.link || input.promotionId || input.couponCode) throw new DomainError(BUNDLE_NOT_COMBINED, 'BUNDLE_NOT_COMBINED', 400, { field: 'bundle_months' });
    const per = monthlyOf(tier);
    const b = chosenBundle(plans.bundles, per, input.bundleMonths);
    const days = b.months * MONTH_DAYS;
    const list = { initialCents: per * b.months, recurringCents: per * b.months, initialPeriodDays: days };
    return result(
      { initialCents: b.priceCents, recurringCents: b.priceCents, initialPeriodDays: days, source: 'bundle', listPrices: list, promotionId: null, couponCode: null },
      { tierId: tier.tierId, renewalPeriodDays: days, bundle: { months: b.months, discountPercent: b.discountPercent } },
    );
  }
  // A subscription link (commands/admin-tools.ts verified it) sets the price: no promotion or coupon applies.
  if (input.link) return result(subscriptionQuote({ settings, hasSubscribedBefore, link: input.link }), { ...monthly, tierId: BASE_TIER_ID });
  // Another tier: its own price; a coupon applies to it, the subscription promotions are the base tier's.
  if (!base) {
    if (input.promotionId) throw new DomainError('This promotion is for the base membership.', 'PROMOTION_NOT_FOR_TIER', 400, { field: 'promotion_id' });
    const coupon = input.couponCode ? await checkCouponCode(ctx.store, input.couponCode) : null;
    const p = tier.priceCents!;
    const tierSettings = { membership_price_cents: p, recurring_membership_price_cents: p };
    return result(subscriptionQuote({ settings: tierSettings, hasSubscribedBefore: false, coupon: coupon ? { code: coupon.code, discount: coupon.discount } : null }), monthly);
  }
  let promotion: { promotionId: string; terms: { initialCents: number; recurringCents: number; trialPeriodDays: number | null } } | null = null;
  let running: Promotion | null = null;
  if (input.promotionId) {
    promotion = await requireSubscriptionPromotion(ctx, { userId: input.userId, role: input.role, promotionId: input.promotionId });
    running = (await loadPromotion(ctx.store, 'SUBSCRIPTION')).state.current;
  } else if (input.offerPromotion) {
    const [{ state }, enabled, viewer] = await Promise.all([loadPromotion(ctx.store, 'SUBSCRIPTION'), promotionsEnabled(ctx.store), promotionViewerFor(ctx.store, input.userId, input.role, now)]);
    const p = enabled ? activePromotion(state, now) : null;
    if (p && p.offer.type === 'SUBSCRIPTION' && isEligible(p, viewer)) {
      running = p;
      promotion = { promotionId: p.promotionId, terms: { initialCents: p.offer.initialCents, recurringCents: p.offer.recurringCents, trialPeriodDays: p.offer.trialPeriodDays } };
    }
  }
  const coupon = input.couponCode ? await checkCouponCode(ctx.store, input.couponCode) : null;
  const quote = subscriptionQuote({ settings, hasSubscribedBefore, promotion, coupon: coupon ? { code: coupon.code, discount: coupon.discount } : null });
  return result(quote, monthly, promotion ? running : null);
}

/** The bundles offered on a tier for this fan (the subscribe dialog's choices). */
export const bundlesFor = (q: QuoteResult, tier: Tier) => bundleOffers(q.plans.bundles, q.monthlyOf(tier));

// ---------------------------------------------------------------------------------------------------------
// Subscribe

/** Runs the pending charge of a subscription stream to its end (captured → period started, declined → released). */
async function settlePending(ctx: CommandContext, deps: PaymentDeps, userId: string, state: SubscriptionState, pay: { card: CardRef | null; payWith: PayWith }): Promise<PaymentState> {
  const pending = state.pending!;
  const payment = await settlePayment(ctx, deps, pending.paymentId, {
    userId,
    purpose: { kind: 'subscription', period: pending.period, ...(pending.tierId !== BASE_TIER_ID ? { tierId: pending.tierId } : {}) },
    amountCents: pending.amountCents,
    card: pay.payWith === 'wallet' ? null : pay.card,
    method: pay.payWith,
  });
  if (pending.kind === 'rebill') failpoint('rebill-after-capture', payment);
  await completeEntitlement(ctx, deps, pending.paymentId, payment);
  return payment;
}

/** Test hook for the crash test: kill this process for real right after a rebill capture, before the period is appended. */
function failpoint(name: string, payment: PaymentState) {
  if (process.env.FANCLUB_FAILPOINT === name && payment.status === 'captured') process.kill(process.pid, 'SIGKILL');
}

interface EarlierAttempt {
  paymentId: string;
  outcome: SubscriptionOutcome | null;
}

/**
 * A retry of this request (the same Idempotency-Key) whose payment was started is finished and answered as it was.
 * Offers and migrations look for it before their own rules: after the first attempt the fan is a member again,
 * and those rules would refuse the retry although it paid.
 */
async function earlierMembershipAttempt(ctx: CommandContext, deps: PurchaseDeps, userId: string, successMessage: string): Promise<EarlierAttempt> {
  const paymentId = ctx.idFor('payment');
  const prior = ctx.requestKey ? await resumeOwnPayment(ctx, deps, paymentId, userId) : null;
  return { paymentId, outcome: prior ? await purchaseOutcome(ctx, { paymentId, payment: prior }, successMessage) : null };
}

/** One new membership (or migration, or accepted offer): the one purchase start, or a free start with no payment. */
async function startMembership(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: MembershipInput & { payWith: PayWith; card: CardChoice | null; successMessage: string },
): Promise<SubscriptionOutcome> {
  const paid = await pay(ctx, deps, subscriptionPurchase, input, input.payWith === 'wallet' ? { method: 'wallet' } : { method: 'card', card: input.card ?? { primary: true } });
  if (!paid) return { accepted: true, paymentId: null, transactionId: null, message: input.successMessage, amountCents: 0 };
  return purchaseOutcome(ctx, paid, input.successMessage);
}

/** POST /api/v2/purchase/subscription: subscribe at the quoted price (promotion, coupon, returning prices). */
export async function subscribeMember(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: {
    userId: string; role: Role; promotionId?: string | null; couponCode?: string | null; card: CardChoice | null; payWith?: PayWith; link?: { initialCents: number; recurringCents: number } | null;
    tierId?: string | null; bundleMonths?: number | null;
  },
): Promise<SubscriptionOutcome & { quote: SubscriptionQuote }> {
  const { quote, settings, plan } = await quoteSubscription(ctx, {
    userId: input.userId, role: input.role, promotionId: input.promotionId, couponCode: input.couponCode, link: input.link, tierId: input.tierId, bundleMonths: input.bundleMonths,
  });
  const outcome = await startMembership(ctx, deps, {
    userId: input.userId,
    role: input.role,
    kind: 'initial',
    prices: { initialCents: quote.initialCents, recurringCents: quote.recurringCents, initialPeriodDays: quote.initialPeriodDays },
    plan,
    renews: true,
    promotionId: quote.promotionId,
    couponCode: quote.couponCode,
    billingApi: settings.payment_api_version,
    payWith: input.payWith ?? 'card',
    card: input.card,
    // Even a $0 first period needs a way to pay the renewals.
    needsPaymentMethod: true,
    successMessage: THANK_YOU,
  });
  return { ...outcome, quote };
}

// ---------------------------------------------------------------------------------------------------------
// Rebill

export type RebillResult =
  | { status: 'not_due' }
  | { status: 'no_payment_method'; paymentId: string }
  | { status: 'captured' | 'failed' | 'requested' | 'reversed'; paymentId: string; payment: PaymentState };

/**
 * Charges the next period of one membership when it is due (or at once after a card update, `immediate`), or
 * finishes the charge a previous run left pending. Safe to run from any number of processes at once.
 */
export async function rebillMember(
  ctx: CommandContext,
  deps: SubscriptionDeps,
  userId: string,
  options: { immediate?: boolean; card?: CardRef | null } = {},
): Promise<RebillResult> {
  const requested = await handle(ctx, subscriptionStream(userId), subscriptionDecider, {
    type: 'RequestRebill',
    userId,
    immediate: options.immediate,
    paymentIdFor: (period, attempt) => rebillPaymentId(userId, period, attempt),
    at: ctx.now(),
  });
  const pending = requested.state.pending;
  if (!pending || pending.kind !== 'rebill') return { status: 'not_due' };
  // Already on its way (a previous run, another process): finish that payment as it was recorded.
  const existing = await loadStream(ctx.store, paymentStream(pending.paymentId), paymentDecider);
  let pay: { card: CardRef | null; payWith: PayWith };
  if (existing.state.request) {
    pay = { card: existing.state.request.card, payWith: existing.state.request.method === 'wallet' ? 'wallet' : 'card' };
  } else {
    const payWith = (await deps.paymentMethodOf?.(userId)) ?? 'card';
    let card: CardRef | null = options.card ?? null;
    if (payWith === 'card' && !card) {
      try {
        card = await savedCard(ctx, userId, { primary: true });
      } catch (e) {
        if (!(e instanceof DomainError) || e.code !== 'CARD_REQUIRED') throw e;
        // Nothing to charge: a failed attempt like a decline (the schedule retries; a new card retries at once).
        await handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'FailSubscriptionPayment', paymentId: pending.paymentId, failureCode: 'NO_PAYMENT_METHOD', at: ctx.now() });
        return { status: 'no_payment_method', paymentId: pending.paymentId };
      }
    }
    pay = { card, payWith };
  }
  const payment = await settlePending(ctx, deps, userId, requested.state, pay);
  return { status: payment.status === 'none' ? 'requested' : payment.status, paymentId: pending.paymentId, payment };
}

/**
 * The fan saved a new card while the rebill fails: it is charged at once (outside the retry schedule).
 * Refused with 400 when no rebill is failing.
 */
export async function retryRebillWithCard(ctx: CommandContext, deps: SubscriptionDeps & PurchaseDeps, userId: string, choice: CardChoice): Promise<SubscriptionOutcome> {
  const { state } = await loadSubscription(ctx.store, userId);
  if (!isRebillFailed(state) && !(state.pending?.kind === 'rebill')) throw new DomainError('Invalid request.', 'NOT_REBILL_FAILED', 400);
  const card = await resolveCard(ctx, deps, userId, choice);
  const result = await rebillMember(ctx, { ...deps, paymentMethodOf: async () => 'card' }, userId, { immediate: true, card });
  if (result.status === 'not_due') throw new DomainError('Invalid request.', 'NOT_REBILL_FAILED', 400);
  if (result.status === 'no_payment_method') return { accepted: false, paymentId: result.paymentId, transactionId: null, message: 'Please add a card to continue.', amountCents: 0 };
  return purchaseOutcome(ctx, result, REBILL_RECOVERED);
}

export interface RebillScheduler {
  /** One pass over the due memberships; returns how many were looked at. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The durable rebill scheduler: every `intervalMs` it reads the due memberships from the subscribers read model
 * (`next_charge_at <= now`: the queue is the read model, so it survives restarts) and runs rebillMember for each.
 * The decision whether a charge is due is made again on the subscription stream, so a lagging read model or a
 * second scheduler never causes a second charge.
 */
export function startRebillScheduler(options: {
  store: EventStore;
  reads: RebillReads;
  deps: SubscriptionDeps;
  /** Read on every tick (tests move the services clock). */
  now: () => Date;
  intervalMs?: number;
  batch?: number;
  log?: (message: string) => void;
  /** false: no timer, ticks only when called (tests). */
  timer?: boolean;
}): RebillScheduler {
  const log = options.log ?? (() => {});
  const pass = async (): Promise<number> => {
    const nowIso = options.now().toISOString();
    const due = await options.reads.dueSubscriptions(nowIso, options.batch ?? 100);
    for (const { user_id, immediate } of due) {
      if (periodic.stopped) break;
      const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `rebill-${user_id}-${nowIso}` }, options.now);
      try {
        const r = await rebillMember(ctx, options.deps, user_id, { immediate });
        if (r.status !== 'not_due') log(`rebill ${user_id}: ${r.status}${'paymentId' in r ? ` (${r.paymentId})` : ''}`);
      } catch (e) {
        log(`rebill ${user_id} failed: ${(e as Error).message}`);
      }
    }
    return due.length;
  };
  const periodic = startPeriodicPass({ name: 'rebill', pass, intervalMs: options.intervalMs ?? 60_000, log, timer: options.timer });
  return periodic;
}

// ---------------------------------------------------------------------------------------------------------
// Cancel, reactivate, complimentary, rebill popup date

export interface CancelInput {
  userId: string;
  reason: string | null | undefined;
  otherReason?: string | null;
  requestFrom: string;
  by?: 'fan' | 'staff' | 'system';
}

/** Stops a provider's recurring billing of a membership (CCBill's DataLink cancel), keyed by its first sale's payment. */
export type CancelAtProvider = (provider: string, salePaymentId: string) => Promise<{ status: 'cancelled' | 'already_cancelled' | 'not_found' }>;

/**
 * Cancels the renewal ('Subscription Cancelled'); access continues until the expiry (status '2'). A membership the
 * provider bills is cancelled there first: if the provider cannot be reached nothing changes here (CANCEL_PROBLEM).
 */
export async function cancelMembership(ctx: CommandContext, input: CancelInput, cancelAtProvider?: CancelAtProvider): Promise<{ state: SubscriptionState; status: '0' | '1' | '2' }> {
  const settings = await loadSettings(ctx.store);
  const enabled = settings.is_cancel_subscription_reason_enabled;
  const problem = cancellationReasonProblem({ reason: input.reason, otherReason: input.otherReason }, enabled);
  if (problem) throw new DomainError(problem, 'INVALID_REASON', 400, { field: problem.includes('Select') ? 'cancellation_reason' : 'other_reason' });
  let reason: string | null = null;
  let other: string | null = null;
  if (enabled) {
    reason = input.reason!.trim();
    if (reason !== OTHER_REASON && !settings.cancel_subscription_reasons.includes(reason))
      throw new DomainError('Please Select Reason for Cancellation', 'INVALID_REASON', 400, { field: 'cancellation_reason' });
    other = reason === OTHER_REASON ? input.otherReason!.trim().slice(0, 1000) : null;
  }
  const { state } = await loadSubscription(ctx.store, input.userId);
  if (state.billedBy && isRenewing(state) && !state.pending) {
    if (!cancelAtProvider) throw new DomainError(CANCEL_PROBLEM, 'PROVIDER_CANCEL_FAILED', 503);
    const answer = await cancelAtProvider(state.billedBy.provider, state.billedBy.salePaymentId).catch(() => {
      throw new DomainError(CANCEL_PROBLEM, 'PROVIDER_CANCEL_FAILED', 503);
    });
    if (answer.status === 'not_found') throw new DomainError(CANCEL_ERROR, 'PROVIDER_SUBSCRIPTION_NOT_FOUND', 409);
  }
  const r = await handle(ctx, subscriptionStream(input.userId), subscriptionDecider, {
    type: 'CancelSubscription',
    reason,
    otherReason: other,
    requestFrom: input.requestFrom,
    by: input.by ?? 'fan',
    at: ctx.now(),
  });
  return { state: r.state, status: subscriptionStatus(r.state, ctx.now()) };
}

export async function reactivateMembership(ctx: CommandContext, userId: string) {
  const r = await handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'ReactivateSubscription', at: ctx.now() });
  return { state: r.state, status: subscriptionStatus(r.state, ctx.now()) };
}

export async function cancelComplimentary(ctx: CommandContext, userId: string) {
  const r = await handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'CancelComplimentary', at: ctx.now() });
  return { state: r.state, status: subscriptionStatus(r.state, ctx.now()) };
}

export const updateRebillNotificationDate = (ctx: CommandContext, userId: string) =>
  handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'UpdateRebillNotificationDate', at: ctx.now() });

// ---------------------------------------------------------------------------------------------------------
// Migration: members billed on the old billing API move to the current one

export const MIGRATION_ENDED = 'Your subscription has already ended.';
export const MIGRATION_CONDITIONS = 'Please accept the terms and conditions to continue.';
export const MIGRATION_DONE = 'Your subscription has been migrated successfully.';

/**
 * The migration popup is for members (renewing) whose membership is billed on v1 while the site bills on v2, and
 * for members staff flagged "migration subscription" (e.g. moved from another platform).
 */
export function migrationDue(state: SubscriptionState, settings: SiteSettings, now: string, flagged = false): boolean {
  const onOldBilling = settings.payment_api_version === 'v2' && state.billingApi === 'v1';
  return settings.enable_subscription_migration && (onOldBilling || flagged) && isActive(state, now) && isRenewing(state);
}

/** The member's "migration subscription" flag (stream member-<id>). */
export async function migrationFlagged(store: EventStore, userId: string): Promise<boolean> {
  return (await loadStream(store, memberStream(userId), memberDecider)).state.migrationSubscription;
}

export const acceptMigrationConditions = (ctx: CommandContext, userId: string) =>
  handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'AcceptMigrationConditions', at: ctx.now() });

export interface MigrationOutcome extends SubscriptionOutcome {
  /** '0' resets the fan's state on the site. */
  ccbill_subscription_status: '0' | '1' | '2';
}

/** POST /api/migrate-subscription-for-user: charges the migration price now on a card and continues on v2. */
export async function migrateMembership(ctx: CommandContext, deps: PurchaseDeps, input: { userId: string; card: CardChoice }): Promise<MigrationOutcome> {
  const earlier = await earlierMembershipAttempt(ctx, deps, input.userId, MIGRATION_DONE);
  if (earlier.outcome) return { ...earlier.outcome, ccbill_subscription_status: subscriptionStatus((await loadSubscription(ctx.store, input.userId)).state, ctx.now()) };
  const now = ctx.now();
  const [{ state }, settings] = await Promise.all([loadSubscription(ctx.store, input.userId), loadSettings(ctx.store)]);
  const status = subscriptionStatus(state, now);
  if (!migrationDue(state, settings, now, await migrationFlagged(ctx.store, input.userId))) {
    if (status === '0') return { accepted: false, paymentId: null, transactionId: null, message: MIGRATION_ENDED, amountCents: 0, ccbill_subscription_status: '0' };
    throw new DomainError('Invalid request.', 'MIGRATION_NOT_AVAILABLE', 400);
  }
  if (!state.migrationConditionsAcceptedAt) throw new DomainError(MIGRATION_CONDITIONS, 'CONDITIONS_NOT_ACCEPTED', 400);
  const price = migrationPriceCents(settings);
  const outcome = await startMembership(ctx, deps, {
    userId: input.userId,
    role: 'user',
    kind: 'migration',
    prices: { initialCents: price, recurringCents: price },
    renews: true,
    billingApi: 'v2',
    payWith: 'card',
    card: input.card,
    needsPaymentMethod: true,
    successMessage: MIGRATION_DONE,
    paymentId: earlier.paymentId,
  });
  const after = (await loadSubscription(ctx.store, input.userId)).state;
  return { ...outcome, ccbill_subscription_status: subscriptionStatus(after, ctx.now()) };
}

// ---------------------------------------------------------------------------------------------------------
// Resubscribe offer (domain/offer): free months N, 0 = reduced price only, -1 = free with no charge

export const OFFER_ACCEPTED = 'Welcome back! Your membership is active again.';

/** The resubscribe ribbon this fan sees now (GET /api/offer/check-offer's data.data), or null. */
export async function resubscribeOfferFor(store: EventStore, now: string, userId: string, role: Role) {
  const [settings, { state }] = await Promise.all([loadResubscribeOffer(store), loadSubscription(store, userId)]);
  return offerBanner(settings, { isStaff: isStaffRole(role), membership: membershipHistory(state, now) });
}

/**
 * Accepts the resubscribe offer with a card or the wallet. Paying from the wallet needs a non-zero balance
 * ('Please Add Funds in wallet to subscribe.', 402), and one that covers what is charged now.
 */
export async function acceptOffer(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: { userId: string; role: Role; payWith: PayWith; card: CardChoice | null },
): Promise<SubscriptionOutcome> {
  const earlier = await earlierMembershipAttempt(ctx, deps, input.userId, OFFER_ACCEPTED);
  if (earlier.outcome) return earlier.outcome;
  const [offer, { state }, settings] = await Promise.all([loadResubscribeOffer(ctx.store), loadSubscription(ctx.store, input.userId), loadSettings(ctx.store)]);
  const walletCents = input.payWith === 'wallet' ? await walletBalance(ctx, input.userId) : 0;
  const quote = acceptResubscribeOffer(
    offer,
    { isStaff: isStaffRole(input.role), membership: membershipHistory(state, ctx.now()) },
    { method: input.payWith === 'wallet' ? 'crypto_currency' : 'card', walletCents },
  );
  const outcome = await startMembership(ctx, deps, {
    userId: input.userId,
    role: input.role,
    kind: 'offer',
    prices: {
      initialCents: quote.chargeNowCents,
      recurringCents: quote.recurringCents ?? 0,
      initialPeriodDays: quote.chargeNowCents > 0 ? undefined : quote.freeDays,
    },
    renews: quote.recurringCents !== null,
    billingApi: settings.payment_api_version,
    payWith: input.payWith,
    card: input.card,
    needsPaymentMethod: quote.paymentMethodRequired,
    successMessage: OFFER_ACCEPTED,
    paymentId: earlier.paymentId,
  });
  return outcome;
}

export { CANCEL_ERROR };

// ---------------------------------------------------------------------------------------------------------
// Change of tier (domain/subscription ChangeTier): an upgrade is charged the prorated difference now and switches
// at once; a downgrade takes effect at the next renewal.

export const TIER_UPGRADED = 'Your membership has been upgraded.';
export const TIER_CHANGE_SCHEDULED = 'Your new tier starts at your next renewal.';

export async function changeTier(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: { userId: string; role: Role; tierId: string; payWith: PayWith; card: CardChoice | null },
): Promise<SubscriptionOutcome & { scheduled: boolean }> {
  const earlier = await earlierMembershipAttempt(ctx, deps, input.userId, TIER_UPGRADED);
  if (earlier.outcome) return { ...earlier.outcome, scheduled: false };
  const [plans, { state }, settings] = await Promise.all([loadPlans(ctx.store), loadSubscription(ctx.store, input.userId), loadSettings(ctx.store)]);
  const to = subscribableTier(plans, input.tierId);
  // The new tier at today's price; a bundle member moves to the same bundle (length and discount) of the new tier.
  const recurringCents = tierRecurringCents(to, settings.recurring_membership_price_cents, state.bundle);
  const input2 = { userId: input.userId, role: input.role, tierId: to.tierId, fromRank: tierRank(plans, state.tierId), toRank: to.rank, recurringCents, paymentId: earlier.paymentId };
  const paid = await pay(ctx, deps, tierChangePurchase, input2, input.payWith === 'wallet' ? { method: 'wallet' } : { method: 'card', card: input.card ?? { primary: true } });
  if (paid) return { ...(await purchaseOutcome(ctx, paid, TIER_UPGRADED)), scheduled: false };
  const after = (await loadSubscription(ctx.store, input.userId)).state;
  const scheduled = after.scheduledChange !== null;
  return { accepted: true, paymentId: null, transactionId: null, message: scheduled ? TIER_CHANGE_SCHEDULED : TIER_UPGRADED, amountCents: 0, scheduled };
}

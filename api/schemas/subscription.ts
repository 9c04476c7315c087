// Subscription requests (domain/subscription/wire.ts) and the answers every membership payment gives: 200 or
// 402 with the payment result, a wallet short of the price, the quote, the cancellations export.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { dollarsFromCents } from '../../domain/shared/money';
import { currentPeriodEnd } from '../../domain/promotion/promotion';
import type { AdminCancellationRecord, MigrationResult, SubscriptionPaymentResult, SubscriptionQuoteView } from '../../domain/subscription/wire';
import { bundlesFor, type migrateMembership, type PayWith, type QuoteResult, type SubscriptionOutcome } from '../../commands/subscriptions';
import { activeTiers } from '../../domain/membership-plan/plan';
import type { CsvColumn } from '../csv';
import { cardChoice as anyCard } from './payment';
import { isExternalRegisterPage, NEW_REGISTER_PAGE_INVALID } from '../../domain/settings/register-page';

/** The card (saved, typed in or the primary) or the wallet (payment_method 'crypto_currency'). */
export const cardChoice = anyCard.extend({ payment_method: z.string().max(40).optional() });
export const payWithOf = (body: { payment_method?: string }): PayWith => (body.payment_method === 'crypto_currency' ? 'wallet' : 'card');

const optionalId = z.string().max(100).optional().nullable();
/** A subscription link's `offer`: checked by the server (signature, expiry, generated) before use. */
const subscriptionLink = z.string({ error: 'subscription_link is invalid.' }).max(300, { error: 'subscription_link is invalid.' }).optional().nullable();
/** The tier (default: the base tier) and a bundle of 3, 6 or 12 months (default: monthly). */
const planChoice = {
  tier_id: z.string({ error: 'tier_id is invalid.' }).trim().min(1, { error: 'tier_id is invalid.' }).max(100, { error: 'tier_id is invalid.' }).optional().nullable(),
  bundle_months: z.union([z.literal(3), z.literal(6), z.literal(12)], { error: 'bundle_months must be 3, 6 or 12.' }).optional().nullable(),
};
export const quoteBody = z.object({ promotion_id: optionalId, coupon_code: z.string().max(100).optional().nullable(), subscription_link: subscriptionLink, ...planChoice });
export const subscribeBody = cardChoice.extend({ promotion_id: optionalId, coupon_code: z.string().max(100).optional().nullable(), subscription_link: subscriptionLink, ...planChoice });
export const changeTierBody = cardChoice.extend({ tier_id: z.string({ error: 'tier_id is required.' }).trim().min(1, { error: 'tier_id is required.' }).max(100, { error: 'tier_id is invalid.' }) });
export const cancelBody = z.object({
  cancellation_reason: z.string().max(200).optional().nullable(),
  other_reason: z.string().max(2000).optional().nullable(),
  request_from: z.string().max(60).optional().nullable(),
});
export const migrationSettingsBody = z.object({ enabled: z.boolean().optional(), title: z.string().trim().min(1).max(120).optional(), description: z.string().trim().max(2000).optional() });

export const settingsBody = z
  .object({
    membership_price_cents: z.number().int().min(100, { error: 'The membership price must be at least $1.00.' }).max(100_000),
    recurring_membership_price_cents: z.number().int().min(100, { error: 'The recurring price must be at least $1.00.' }).max(100_000),
    returning_membership_price_cents: z.number().int().min(0).max(100_000),
    returning_recurring_membership_price_cents: z.number().int().min(0).max(100_000),
    is_cancel_subscription_reason_enabled: z.boolean(),
    cancel_subscription_reasons: z
      .array(z.string().trim().min(1, { error: 'A reason cannot be empty.' }).max(120, { error: 'A reason can be at most 120 characters.' }))
      .max(20, { error: 'At most 20 reasons.' }),
    reason_for_cancellation_popup_title: z.string().trim().min(1, { error: 'Please enter a title.' }).max(120),
    enable_subscription_migration: z.boolean(),
    subscription_migration_title: z.string().trim().min(1, { error: 'Please enter a title.' }).max(120),
    subscription_migration_description: z.string().trim().max(2000),
    payment_api_version: z.enum(['v1', 'v2'], { error: 'payment_api_version is invalid.' }),
    enable_ccbill_rest_api: z.boolean({ error: 'enable_ccbill_rest_api must be true or false.' }),
    is_sticky_io_enabled: z.boolean({ error: 'is_sticky_io_enabled must be true or false.' }),
    card_form_billing_address: z.boolean({ error: 'card_form_billing_address must be true or false.' }),
    new_register_page_url: z
      .string({ error: NEW_REGISTER_PAGE_INVALID })
      .trim()
      .refine((u) => u === '' || isExternalRegisterPage(u), { error: NEW_REGISTER_PAGE_INVALID }),
  })
  .partial()
  .strict();

/** react-admin sends the whole record back: only the known fields are validated and saved. */
export const knownSettings = (body: unknown) => Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter(([k]) => k in settingsBody.shape));

/** The cancellations export (GET /admin-api/cancellations/export). */
export const CANCELLATION_EXPORT_COLUMNS: CsvColumn<AdminCancellationRecord>[] = [
  { header: 'cancelled_at', value: (r) => r.cancelled_at },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'reason', value: (r) => r.reason },
  { header: 'other_reason', value: (r) => r.other_reason },
  { header: 'cancelled_by', value: (r) => r.cancelled_by },
  { header: 'actor_email', value: (r) => r.actor_email },
  { header: 'request_from', value: (r) => r.request_from },
  { header: 'access_until', value: (r) => r.expires_at },
  { header: 'reactivated_at', value: (r) => r.reactivated_at },
];

function paymentResult(o: SubscriptionOutcome): SubscriptionPaymentResult {
  return {
    accepted: o.accepted,
    transactionId: o.transactionId,
    amount_cents: o.amountCents,
    ...(o.failureCode ? { failureCode: o.failureCode } : {}),
    ...(o.allowCascade ? { errors: { allow_cascade: true, error_from: 'card', transactionId: o.paymentId ?? undefined } } : {}),
  };
}

export const sendPayment = (reply: FastifyReply, o: SubscriptionOutcome) =>
  reply.code(o.accepted ? 200 : 402).send({ success: o.accepted ? 1 : 0, message: o.message, data: paymentResult(o), ...(o.accepted ? {} : { code: 'PAYMENT_FAILED' }) });

export const isWalletRefusal = (e: unknown): e is DomainError => e instanceof DomainError && (e.code === 'INSUFFICIENT_FUNDS' || e.code === 'WALLET_EMPTY');

/** A wallet that does not cover it: 402 with the shortfall the fan site opens Add Funds with. */
export function walletRefusal(reply: FastifyReply, e: DomainError) {
  const d = e.details as { priceCents?: number; balanceCents?: number; shortfallCents?: number; addFundsCents?: number };
  return reply.code(402).send({
    success: 0,
    message: e.message,
    code: e.code,
    data: {
      price_cents: d.priceCents ?? 0, wallet_balance_cents: d.balanceCents ?? 0, shortfall_cents: d.shortfallCents ?? 0, add_funds_cents: d.addFundsCents ?? 0,
      shortfall: dollarsFromCents(d.shortfallCents ?? 0), add_funds_amount: dollarsFromCents(d.addFundsCents ?? 0),
    },
  });
}

export function quoteView(q: QuoteResult, now: string): SubscriptionQuoteView {
  const p = q.promotion;
  return {
    initial_cents: q.quote.initialCents,
    recurring_cents: q.quote.recurringCents,
    initial_price: dollarsFromCents(q.quote.initialCents),
    recurring_price: dollarsFromCents(q.quote.recurringCents),
    initial_period_days: q.quote.initialPeriodDays,
    source: q.quote.source,
    list_initial_cents: q.quote.listPrices.initialCents,
    list_recurring_cents: q.quote.listPrices.recurringCents,
    promotion:
      p && p.offer.type === 'SUBSCRIPTION'
        ? { promotion_id: p.promotionId, ribbon_text: p.ribbonText, ends_at: currentPeriodEnd(p, now), initial_cents: p.offer.initialCents, recurring_cents: p.offer.recurringCents, trial_days: p.offer.trialPeriodDays }
        : null,
    coupon_code: q.quote.couponCode,
    has_subscribed_before: q.hasSubscribedBefore,
    server_time: now,
    tier_id: q.plan.tierId,
    bundle_months: q.plan.bundle?.months ?? null,
    renewal_period_days: q.plan.renewalPeriodDays,
    tiers: activeTiers(q.plans).map((t) => ({
      tier_id: t.tierId, name: t.name, description: t.description, benefits: t.benefits, rank: t.rank, monthly_cents: q.monthlyOf(t),
      bundles: bundlesFor(q, t).map((b) => ({ months: b.months, discount_percent: b.discountPercent, price_cents: b.priceCents, monthly_cents: b.monthlyCents })),
    })),
  };
}

export function migrationResult(o: Awaited<ReturnType<typeof migrateMembership>>): MigrationResult {
  return {
    accepted: o.accepted,
    transactionId: o.transactionId,
    amount: dollarsFromCents(o.amountCents),
    ccbill_subscription_status: o.ccbill_subscription_status,
    message: o.message,
    ...(o.allowCascade ? { errors: { allow_cascade: true, error_from: 'card', transactionId: o.paymentId ?? undefined } } : {}),
  };
}

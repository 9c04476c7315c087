// The success answers of api/routes/subscriptions.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { declined } from '../purchase-answers';
import { resubscribeQuote } from './shapes';

/** A subscription payment's outcome (SubscriptionPaymentResult): 200 when captured, 402 with the same data when declined. */
const subscriptionPaymentResult = z.object({
  accepted: z.boolean(),
  transactionId: z.string().nullable(),
  failureCode: z.string().optional(),
  errors: z.object({
    allow_cascade: z.boolean().optional(),
    error_from: z.string().optional(),
    transactionId: z.string().optional(),
  }).optional(),
  amount_cents: z.number(),
});
const bundleOffer = z.object({ months: z.number(), discount_percent: z.number(), price_cents: z.number(), monthly_cents: z.number() });
/** A tier on the subscribe dialog (TierOfferView). */
export const tierOffer = z.object({
  tier_id: z.string(), name: z.string(), description: z.string(), benefits: z.array(z.string()), rank: z.number(), monthly_cents: z.number(), bundles: z.array(bundleOffer),
});
const tierChangeOption = z.object({
  tier_id: z.string(), name: z.string(), description: z.string(), benefits: z.array(z.string()), rank: z.number(), kind: z.enum(['upgrade', 'downgrade', 'keep']),
  recurring_cents: z.number(), charge_now_cents: z.number().describe('Charged now: the prorated difference for an upgrade, 0 otherwise.'), starts_at: z.string(),
});
/** The member's tier on the membership page (MemberTierView). */
const memberTier = z.object({
  tier_id: z.string(), name: z.string(), benefits: z.array(z.string()), bundle_months: z.number().nullable(), renewal_period_days: z.number(),
  scheduled: z.object({ tier_id: z.string(), name: z.string(), recurring_cents: z.number(), starts_at: z.string() }).nullable(),
  can_change: z.boolean(), changes: z.array(tierChangeOption),
});
const subscriptionPayment = { 200: answer(subscriptionPaymentResult), 402: declined(subscriptionPaymentResult) };

const migrationDataView = z.object({
  show_popup: z.boolean(),
  title: z.string(),
  description: z.string(),
  price_cents: z.number(),
  price: z.number(),
  conditions_accepted: z.boolean(),
});

/** A cancellation (CancelSubscriptionAnswer), under the three flows' paths. */
const cancelled = answer(z.object({
  cancelled: z.boolean(),
  ccbill_subscription_status: z.enum(['0', '1', '2']).describe("'2': running until expiration_date; '0': ended now."),
  expiration_date: z.string().nullable(),
}));

export const subscriptionsAnswers: RouteAnswers = {
  'POST /api/v2/subscription/cancel-subscription': { 200: cancelled },
  'POST /api/cancel-subscription': { 200: cancelled },
  'POST /api/crypto/cancel-subscription': { 200: cancelled },
  'POST /api/v2/purchase/subscription': subscriptionPayment,
  'POST /api/v2/subscription/change-tier': subscriptionPayment,
  'POST /api/v2/subscription/retry-rebill': subscriptionPayment,
  'POST /api/v2/purchase/resubscribe-with-card': subscriptionPayment,
  'GET /api/membership/plans': {
    200: answer(z.object({ tiers: z.array(tierOffer), bundles: z.array(z.object({ months: z.number(), discount_percent: z.number() })) })),
  },
  'POST /api/v2/subscription/quote': {
    200: answer(z.object({
      initial_cents: z.number(),
      recurring_cents: z.number(),
      initial_price: z.number(),
      recurring_price: z.number(),
      initial_period_days: z.number(),
      source: z.enum(['link', 'regular', 'returning', 'promotion', 'coupon', 'bundle']),
      list_initial_cents: z.number(),
      list_recurring_cents: z.number(),
      promotion: z.object({
        promotion_id: z.string(),
        ribbon_text: z.string(),
        ends_at: z.string(),
        initial_cents: z.number(),
        recurring_cents: z.number(),
        trial_days: z.number().nullable(),
      }).nullable(),
      coupon_code: z.string().nullable(),
      has_subscribed_before: z.boolean(),
      server_time: z.string(),
      tier_id: z.string(),
      bundle_months: z.number().nullable(),
      renewal_period_days: z.number(),
      tiers: z.array(tierOffer),
    })),
  },
  'GET /api/v2/subscription/details': {
    200: answer(z.object({
      status: z.enum(['0', '1', '2']),
      active: z.boolean(),
      renews: z.boolean(),
      cancelled: z.boolean(),
      complimentary: z.boolean(),
      is_rebill_failed: z.boolean(),
      rebill_popup: z.boolean(),
      rebill_failure_code: z.string().nullable(),
      rebill_retry_at: z.string().nullable(),
      expiration_date: z.string().nullable(),
      next_billing_date: z.string().nullable(),
      started_at: z.string().nullable(),
      price_cents: z.number(),
      recurring_cents: z.number(),
      payment_method: z.string().nullable(),
      cancel: z.object({ reasons_enabled: z.boolean(), reasons: z.array(z.string()), title: z.string() }),
      offer: z.object({ promo_banner_text: z.string(), quote: resubscribeQuote }).nullable(),
      migration: migrationDataView.nullable(),
      tier: memberTier.nullable(),
      server_time: z.string(),
    })),
  },
  'POST /api/v2/subscription/reactivate': {
    200: answer(z.object({
      status: z.enum(['0', '1', '2']),
      active: z.boolean(),
      renews: z.boolean(),
      cancelled: z.boolean(),
      complimentary: z.boolean(),
      is_rebill_failed: z.boolean(),
      rebill_popup: z.boolean(),
      rebill_failure_code: z.string().nullable(),
      rebill_retry_at: z.string().nullable(),
      expiration_date: z.string().nullable(),
      next_billing_date: z.string().nullable(),
      started_at: z.string().nullable(),
      price_cents: z.number(),
      recurring_cents: z.number(),
      payment_method: z.string().nullable(),
      cancel: z.object({ reasons_enabled: z.boolean(), reasons: z.array(z.string()), title: z.string() }),
      offer: z.object({ promo_banner_text: z.string(), quote: resubscribeQuote }).nullable(),
      migration: migrationDataView.nullable(),
      tier: memberTier.nullable(),
      server_time: z.string(),
    })),
  },
  'POST /api/users/cancel_complimentary_subscription': {
    200: answer(z.object({
      cancelled: z.boolean(),
      ccbill_subscription_status: z.enum(['0', '1', '2']),
      expiration_date: z.string().nullable(),
    })),
  },
  'POST /api/users/updateRebillNotificationDate': {
    200: answer(z.object({ rebill_notification_date: z.string() })),
  },
};

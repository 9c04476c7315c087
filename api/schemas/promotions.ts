// Requests of promotions, coupons and the resubscribe offer (domain/promotion/wire.ts), and the promotions export.
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/validation';
import { centsFromDollars } from '../../domain/shared/money';
import {
  APPLICABLE_TO, LOCKED_CONTENT_SUBTYPES, PROMOTION_TYPES, type LockedContentSubtype, type PromotionOfferInput, type PromotionType,
} from '../../domain/promotion/promotion';
import { RIBBON_POSITIONS } from '../../domain/promotion/promotion-settings';
import type { PromotionReportRow } from '../../domain/promotion/wire';
import { centsToDecimal, type CsvColumn } from '../csv';

/** The promotion reports export (GET /admin-api/promotions/export): the offer as its figures, amounts in dollars. */
export const PROMOTION_EXPORT_COLUMNS: CsvColumn<PromotionReportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'type', value: (r) => r.promotion_type },
  { header: 'sub_type', value: (r) => r.promotion_sub_type },
  { header: 'discount_percentage', value: (r) => r.discount_percentage },
  { header: 'initial_price', value: (r) => centsToDecimal(r.subscription_initial_amount_cents) },
  { header: 'recurring_price', value: (r) => centsToDecimal(r.subscription_recurring_amount_cents) },
  { header: 'trial_days', value: (r) => (r.is_trial_offer ? r.initial_period : null) },
  { header: 'applicable_to', value: (r) => r.applicable_to },
  { header: 'status', value: (r) => r.status },
  { header: 'purchases', value: (r) => r.purchases },
  { header: 'buyers', value: (r) => r.buyers },
  { header: 'revenue', value: (r) => centsToDecimal(r.revenue_cents) },
];

export const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
export const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });
const dollars = z.union([z.number(), z.string().max(20)]);
export const pageNum = z.coerce.number({ error: 'pageNum is invalid.' }).int({ error: 'pageNum is invalid.' }).min(1, { error: 'pageNum is invalid.' }).max(100_000).default(1);

export function toCents(field: string, value: number | string | undefined): number {
  const cents = value === undefined ? null : centsFromDollars(value);
  if (cents === null || cents <= 0) throw new ValidationError(field, 'Please enter a valid amount');
  return cents;
}

export const savePromotionBody = z.object({
  promotion_type: z.enum(PROMOTION_TYPES as [PromotionType, ...PromotionType[]], { error: 'promotion_type is invalid.' }),
  promotion_sub_type: z.enum(LOCKED_CONTENT_SUBTYPES as [string, ...string[]], { error: 'promotion_sub_type is invalid.' }).optional(),
  applicable_to: z.enum(APPLICABLE_TO as [string, ...string[]], { error: 'applicable_to is invalid.' }).default('ALL_USERS'),
  discount_percentage: z.number({ error: 'discount_percentage must be a number.' }).nullable().optional(),
  subscription_initial_amount: dollars.optional(),
  subscription_recurring_amount: dollars.optional(),
  is_trial_offer: flag('is_trial_offer').default(false),
  initial_period: z.number({ error: 'initial_period must be a number.' }).nullable().optional(),
  date_expire: z.union([z.number(), z.string().max(20)], { error: 'date_expire is required.' }),
  ribbon_text: z.string({ error: 'Please enter ribbon text.' }).max(2000, { error: 'Ribbon text cannot be more than 250 characters.' }),
  is_repeat_promotion: flag('is_repeat_promotion').default(false),
  timezone: z.string().max(100).default('UTC'),
});

const ribbonChanges = z
  .object({
    ribbon_background_color: z.string().max(20),
    promo_text_color: z.string().max(20),
    ribbon_padding_top: z.number(),
    ribbon_padding_bottom: z.number(),
    promo_text_font: z.string().max(100),
    promo_text_font_size: z.string().max(100),
    remaining_time_font_size: z.string().max(100),
    ribbon_animation: z.string().max(100),
    animation_delay: z.number(),
    animation_duration: z.number(),
    position: z.enum(RIBBON_POSITIONS, { error: 'position is invalid.' }),
  })
  .partial()
  .strict();

export const promotionSettingsBody = z
  .object({
    enable_promotion: flag('enable_promotion').optional(),
    subscription: ribbonChanges.optional(),
    locked_content: ribbonChanges.optional(),
    price_strike_through_color: z.string().max(20).optional(),
  })
  .strict();

export const couponValue = z.union([z.number(), z.string().max(20)], { error: 'Please enter a valid amount' });
export const couponTermsBody = {
  discount_type: z.enum(['percentage', 'fixed'], { error: 'discount_type is invalid.' }),
  discount_value_for_initial: couponValue.default(0),
  discount_value_for_recurring: couponValue.default(0),
};

export const resubscribeBody = z
  .object({
    enabled: flag('enabled'),
    for_subscribers_only: flag('for_subscribers_only'),
    give_free_month_subscription: z.number({ error: 'give_free_month_subscription must be a number.' }),
    recurring_price: dollars,
    promo_banner_text: z.string().max(2000),
  })
  .partial()
  .strict();

const promotionType = z.enum(PROMOTION_TYPES as [PromotionType, ...PromotionType[]], { error: 'promotion_type is invalid.' }).optional();
export const promotionTypeBody = z.object({ promotion_type: promotionType });
/** Ending a promotion names it as promotion_id, or as the console's record does (_id, id). */
export const endPromotionBody = z
  .object({ promotion_id: z.unknown().optional(), _id: z.unknown().optional(), id: z.unknown().optional() })
  .transform((b) => ({ promotion_id: b.promotion_id ?? b._id ?? b.id }))
  .pipe(z.object({ promotion_id: uuid('promotion_id') }));
export const reportsBody = z.object({ pageNum, promotion_type: promotionType });
export const couponAddBody = z.object({ code: z.string({ error: 'Enter valid coupon' }).max(200, { error: 'Enter valid coupon' }), ...couponTermsBody });
export const couponEditBody = z.object({
  couponId: uuid('couponId'),
  discount_type: couponTermsBody.discount_type.optional(),
  discount_value_for_initial: couponValue.optional(),
  discount_value_for_recurring: couponValue.optional(),
  is_active: flag('is_active').optional(),
});

/** A page of an admin list (20 a page, like the other list calls) as list parameters. */
export const ADMIN_PAGE_SIZE = 20;
export const pageRange = (page: number): [number, number] => [(page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE - 1];
export const totalPages = (total: number, pageSize = ADMIN_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));

/** The offer a promotion form describes: subscription prices (dollars → cents) or a locked-content discount. */
export function promotionOfferOf(b: z.infer<typeof savePromotionBody>): PromotionOfferInput {
  return b.promotion_type === 'SUBSCRIPTION'
    ? {
        type: 'SUBSCRIPTION',
        initialCents: toCents('subscription_initial_amount', b.subscription_initial_amount),
        recurringCents: toCents('subscription_recurring_amount', b.subscription_recurring_amount),
        isTrialOffer: b.is_trial_offer,
        initialPeriodDays: b.initial_period ?? null,
      }
    : { type: 'LOCKED_CONTENT', subtype: (b.promotion_sub_type ?? 'LOCKED_CONTENT') as LockedContentSubtype, discountPercent: b.discount_percentage ?? null };
}

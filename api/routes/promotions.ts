// Promotions, coupons and the resubscribe offer (spec 1 §7 "Promotions", "Coupons", "Resubscribe offer"; spec 2 §7
// promotion offer by promotion_type; spec 3 route table: promotion and coupon reports).
//
//   GET  /api/promotion-setting/get-promotion-settings     { enable_promotion, promotion_settings }          (managers)
//   POST /api/promotion-setting/save-promotion-settings    { enable_promotion?, subscription?, locked_content?, price_strike_through_color? }
//   POST /api/promotion-setting/save-promotion             SavePromotionBody → 'Promotion successfully saved.'
//   POST /api/promotion-setting/promotion                  { promotion_type? } → the latest promotion of that type (or null); without a type both
//   POST /api/promotion-setting/end-promotion              { promotion_id } → the ended promotion
//   POST /api/promotion-setting/check-promotion            (anyone) the ribbons and prices this viewer gets
//   POST /api/promotion-setting/get-promotion-reports      { pageNum?, promotion_type? } → promotions with purchases and revenue
//   GET  /admin-api/promotions[/:id], /admin-api/promotion-purchases (react-admin lists of the same)
//   POST /api/coupon/save {enable_coupons}; /add; /edit; /check {code}; GET /api/coupon/get-coupons; /get-details
//   GET  /admin-api/coupons[/:id], /admin-api/coupon-purchases
//   GET  /api/resubscribe-offer/get-settings; PUT /api/resubscribe-offer/save-settings; GET /api/offer/check-offer
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { centsFromDollars } from '../../domain/shared/money';
import { SETTINGS_STREAM, settingsDecider, type SiteSettings } from '../../domain/settings/settings';
import {
  APPLICABLE_TO,
  LOCKED_CONTENT_SUBTYPES,
  PROMOTION_SAVED,
  PROMOTION_TYPES,
  expiryFromWire,
  isEligible,
  promotionStream,
  promotionViewerOf,
  ribbon,
  type ApplicableTo,
  type LockedContentSubtype,
  type PromotionOfferInput,
  type PromotionState,
  type PromotionType,
  type PromotionViewer,
} from '../../domain/promotion/promotion';
import { RIBBON_POSITIONS, SETTINGS_UPDATED, type PromotionSettings } from '../../domain/promotion/promotion-settings';
import { normaliseCouponCode, type CouponTerms } from '../../domain/coupon/coupon';
import { applyCoupon, membershipPrices } from '../../domain/pricing/pricing';
import type { ResubscribeOfferReport, ResubscribeOfferSettings } from '../../domain/offer/resubscribe-offer';
import { resubscribeOfferFor } from '../../commands/subscriptions';
import {
  promotionView,
  type CheckPromotionAnswer,
  type CouponCheckAnswer,
  type PromotionReportRow,
  type PromotionRibbonView,
  type PromotionSettingsAnswer,
  type ResubscribeOfferSettingsView,
} from '../../domain/promotion/wire';
import { createPromotion, endPromotion, savePromotionSettings } from '../../commands/promotions';
import { checkCouponCode, createCoupon, setCouponActive, updateCoupon } from '../../commands/coupons';
import { saveResubscribeOfferSettings } from '../../commands/offers';
import { handle } from '../../commands/handle';
import { offerAcceptances } from '../../projections/resubscribe-offers';
import { couponUsage, findPromotion, offerPurchases, promotionReports, promotionSettingsOf, promotionStates, resubscribeOfferSettingsOf } from '../../projections/promotions';
import { couponView, findCoupon, listCoupons } from '../../projections/coupons';
import { currentSettings } from '../../projections/settings';
import type { ListParams } from '../../projections/console-lists';
import { ok, parse } from '../http';
import { editVersion, ifMatchRevision, setEtag, versioned } from '../edit-version';
import { contextFor, requireCaller, type Caller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { centsToDecimal, EXPORT_RANGE, sendExport, type CsvColumn } from '../csv';
import type { Services } from '../services';

/** Admin list page size (spec 2 §9). */
const PAGE_SIZE = 20;

/** The promotion reports export (GET /admin-api/promotions/export): the offer as its figures, amounts in dollars. */
const PROMOTION_EXPORT_COLUMNS: CsvColumn<PromotionReportRow>[] = [
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

const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });
const dollars = z.union([z.number(), z.string().max(20)]);
const pageNum = z.coerce.number({ error: 'pageNum is invalid.' }).int({ error: 'pageNum is invalid.' }).min(1, { error: 'pageNum is invalid.' }).max(100_000).default(1);

function toCents(field: string, value: number | string | undefined): number {
  const cents = value === undefined ? null : centsFromDollars(value);
  if (cents === null || cents <= 0) throw new ValidationError(field, 'Please enter a valid amount');
  return cents;
}

// ---------------------------------------------------------------------------------------------------------
// Request bodies

const savePromotionBody = z.object({
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

const promotionSettingsBody = z
  .object({
    enable_promotion: flag('enable_promotion').optional(),
    subscription: ribbonChanges.optional(),
    locked_content: ribbonChanges.optional(),
    price_strike_through_color: z.string().max(20).optional(),
  })
  .strict();

const couponValue = z.union([z.number(), z.string().max(20)], { error: 'Please enter a valid amount' });
const couponTermsBody = {
  discount_type: z.enum(['percentage', 'fixed'], { error: 'discount_type is invalid.' }),
  discount_value_for_initial: couponValue.default(0),
  discount_value_for_recurring: couponValue.default(0),
};

/** Percent values stay percents; fixed values are dollars on the wire and cents in the domain. */
function couponTerms(b: { discount_type: 'percentage' | 'fixed'; discount_value_for_initial: number | string; discount_value_for_recurring: number | string }): CouponTerms {
  const value = (field: string, v: number | string) => {
    if (b.discount_type === 'fixed') {
      const cents = centsFromDollars(v);
      if (cents === null) throw new ValidationError(field, 'Please enter a valid amount');
      return cents;
    }
    const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
    if (!Number.isFinite(n)) throw new ValidationError(field, 'Enter a discount between 0 and 100 percent.');
    return n;
  };
  return {
    discountType: b.discount_type,
    discountValueForInitial: value('discount_value_for_initial', b.discount_value_for_initial),
    discountValueForRecurring: value('discount_value_for_recurring', b.discount_value_for_recurring),
  };
}

const resubscribeBody = z
  .object({
    enabled: flag('enabled'),
    for_subscribers_only: flag('for_subscribers_only'),
    give_free_month_subscription: z.number({ error: 'give_free_month_subscription must be a number.' }),
    recurring_price: dollars,
    promo_banner_text: z.string().max(2000),
  })
  .partial()
  .strict();

const offerSettingsView = (s: ResubscribeOfferSettings): ResubscribeOfferSettingsView => ({ ...s, recurring_price: s.recurring_price_cents / 100 });

const membershipPriceSettings = (s: SiteSettings) => {
  const extra = s as unknown as Partial<Record<'returning_membership_price_cents' | 'returning_recurring_membership_price_cents', number | null>>;
  return {
    membership_price_cents: s.membership_price_cents,
    recurring_membership_price_cents: s.recurring_membership_price_cents,
    returning_membership_price_cents: extra.returning_membership_price_cents ?? null,
    returning_recurring_membership_price_cents: extra.returning_recurring_membership_price_cents ?? null,
  };
};

export const promotionRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();

  /** The viewer as the read models know them (guests are new users who are not subscribed). */
  async function viewerOf(caller: Caller | null, now: string): Promise<PromotionViewer> {
    if (!caller) return { isStaff: false, isSubscriber: false, hasSubscribedBefore: false };
    const sub = await db().withSchema('rm').selectFrom('subscribers').select(['expires_at', 'periods']).where('user_id', '=', caller.userId).executeTakeFirst();
    const membership = sub ? { expiresAt: sub.expires_at ? new Date(sub.expires_at as string).toISOString() : null, periods: Number(sub.periods ?? 0) } : null;
    const staff = caller.role !== 'user' && caller.role !== 'proxy_user';
    return promotionViewerOf({ isStaff: staff, membership, now });
  }

  const settingsAnswer = async (): Promise<PromotionSettingsAnswer> => {
    const [site, promotion_settings] = await Promise.all([currentSettings(db()), promotionSettingsOf(db())]);
    return { enable_promotion: site.enable_promotion, promotion_settings };
  };

  // -------------------------------------------------------------------------------------------------------
  // Promotions

  app.get('/api/promotion-setting/get-promotion-settings', async (_request, reply) => ok(reply, await settingsAnswer()));

  app.post('/api/promotion-setting/save-promotion-settings', async (request, reply) => {
    const caller = requireCaller(request);
    const b = parse(promotionSettingsBody, request.body);
    const ctx = contextFor(request, services);
    const { enable_promotion, ...ribbons } = b;
    if (Object.keys(ribbons).length) await savePromotionSettings(ctx, ribbons, caller.userId);
    if (enable_promotion !== undefined) await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: { enable_promotion } });
    await settle(services, ctx);
    return ok(reply, await settingsAnswer(), { message: SETTINGS_UPDATED, position: ctx.lastPosition });
  });

  app.post('/api/promotion-setting/save-promotion', async (request, reply) => {
    const caller = requireCaller(request);
    const b = parse(savePromotionBody, request.body);
    const expiry = expiryFromWire(b.date_expire);
    const offer: PromotionOfferInput =
      b.promotion_type === 'SUBSCRIPTION'
        ? {
            type: 'SUBSCRIPTION',
            initialCents: toCents('subscription_initial_amount', b.subscription_initial_amount),
            recurringCents: toCents('subscription_recurring_amount', b.subscription_recurring_amount),
            isTrialOffer: b.is_trial_offer,
            initialPeriodDays: b.initial_period ?? null,
          }
        : { type: 'LOCKED_CONTENT', subtype: (b.promotion_sub_type ?? 'LOCKED_CONTENT') as LockedContentSubtype, discountPercent: b.discount_percentage ?? null };
    const ctx = contextFor(request, services);
    const promotion = await createPromotion(ctx, {
      offer,
      applicableTo: b.applicable_to as ApplicableTo,
      ribbonText: b.ribbon_text,
      expiry,
      timezone: b.timezone,
      isRepeat: b.is_repeat_promotion,
      actorId: caller.userId,
    }, ifMatchRevision(request));
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, promotionStream(offer.type)));
    return ok(reply, promotionView(promotion, null, nowIso()), { message: PROMOTION_SAVED, position: ctx.lastPosition });
  });

  app.post('/api/promotion-setting/promotion', async (request, reply) => {
    const b = parse(z.object({ promotion_type: z.enum(PROMOTION_TYPES as [PromotionType, ...PromotionType[]], { error: 'promotion_type is invalid.' }).optional() }), request.body);
    // One type's card in the console: its stream's version as the ETag its save and end send back (read first).
    if (b.promotion_type) setEtag(reply, await editVersion(services, promotionStream(b.promotion_type)));
    const states = await promotionStates(db());
    const now = nowIso();
    const viewOf = async (state: PromotionState) => {
      if (!state.current) return null;
      const ended = state.currentEnded ? { endedAt: (await findPromotion(db(), state.current.promotionId))?.ended_at ?? now } : null;
      return promotionView(state.current, ended, now);
    };
    // With promotion_type: that type's latest promotion (running, expired or ended) or null; without: both.
    if (b.promotion_type) return ok(reply, await viewOf(states[b.promotion_type]));
    return ok(reply, { SUBSCRIPTION: await viewOf(states.SUBSCRIPTION), LOCKED_CONTENT: await viewOf(states.LOCKED_CONTENT) });
  });

  app.post('/api/promotion-setting/end-promotion', async (request, reply) => {
    const caller = requireCaller(request);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const b = parse(z.object({ promotion_id: uuid('promotion_id') }), { promotion_id: raw.promotion_id ?? raw._id ?? raw.id });
    const ctx = contextFor(request, services);
    const { type: endedType } = await endPromotion(ctx, b.promotion_id, caller.userId, ifMatchRevision(request));
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, promotionStream(endedType)));
    const row = await findPromotion(db(), b.promotion_id);
    return ok(reply, row ? promotionView(row.data, row.ended_at ? { endedAt: row.ended_at } : null, nowIso()) : null, { message: 'Promotion ended successfully.', position: ctx.lastPosition });
  });

  app.post('/api/promotion-setting/check-promotion', async (request, reply) => {
    const now = nowIso();
    const [site, settings, states, viewer] = await Promise.all([currentSettings(db()), promotionSettingsOf(db()), promotionStates(db()), viewerOf(request.caller, now)]);
    const ribbonOf = (type: PromotionType, state: PromotionState, look: PromotionSettings['subscription']): PromotionRibbonView | null => {
      const r = ribbon(state, viewer, now, site.enable_promotion);
      const p = state.current;
      if (!r || !p) return null;
      const sub = p.offer.type === 'SUBSCRIPTION' ? p.offer : null;
      const locked = p.offer.type === 'LOCKED_CONTENT' ? p.offer : null;
      return {
        promotion_id: r.promotionId,
        promotion_type: type,
        promotion_sub_type: locked?.subtype ?? null,
        ribbon_text: r.ribbonText,
        ends_at: r.endsAt,
        remaining_ms: r.remainingMs,
        repeat_message: r.repeatMessage,
        applies_to_viewer: isEligible(p, viewer, type === 'LOCKED_CONTENT' ? 'post' : undefined),
        discount_percentage: locked?.discountPercent ?? null,
        subscription_initial_amount_cents: sub?.initialCents ?? null,
        subscription_recurring_amount_cents: sub?.recurringCents ?? null,
        initial_period: sub?.trialPeriodDays ?? null,
        settings: look,
      };
    };
    const answer: CheckPromotionAnswer = {
      enable_promotion: site.enable_promotion,
      subscription: ribbonOf('SUBSCRIPTION', states.SUBSCRIPTION, settings.subscription),
      locked_content: ribbonOf('LOCKED_CONTENT', states.LOCKED_CONTENT, settings.locked_content),
      price_strike_through_color: settings.price_strike_through_color,
      server_time: now,
    };
    return ok(reply, answer);
  });

  app.post('/api/promotion-setting/get-promotion-reports', async (request, reply) => {
    const b = parse(z.object({ pageNum, promotion_type: z.enum(PROMOTION_TYPES as [PromotionType, ...PromotionType[]], { error: 'promotion_type is invalid.' }).optional() }), request.body);
    const p: ListParams = { sort: ['created_at', 'DESC'], range: [(b.pageNum - 1) * PAGE_SIZE, b.pageNum * PAGE_SIZE - 1], filter: b.promotion_type ? { promotion_type: b.promotion_type } : {} };
    const r = await promotionReports(db(), p, nowIso());
    return ok(reply, { promotions: r.rows, currentPage: b.pageNum, totalPages: Math.max(1, Math.ceil(r.total / PAGE_SIZE)), total: r.total });
  });

  app.get('/admin-api/promotions', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await promotionReports(db(), p, nowIso());
    return sendList(reply, 'promotions', p, r, r.rows);
  });

  app.get('/admin-api/promotions/export', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await promotionReports(db(), { ...p, range: EXPORT_RANGE }, nowIso());
    return sendExport(request, reply, services, 'promotions', p.filter, r.rows, PROMOTION_EXPORT_COLUMNS);
  });

  app.get('/admin-api/promotions/:id', async (request, reply) => {
    const { id } = parse(z.object({ id: uuid('id') }), request.params);
    const r = await promotionReports(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, nowIso());
    if (!r.rows[0]) throw new DomainError('Error in get promotion.', 'PROMOTION_NOT_FOUND', 404);
    // A promotion is edited through its type's stream (saving a new one, ending it): that stream's version.
    const version = await editVersion(services, promotionStream(r.rows[0].promotion_type));
    const fresh = await promotionReports(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, nowIso());
    return reply.send(versioned(reply, version, fresh.rows[0] ?? r.rows[0]));
  });

  app.get('/admin-api/promotion-purchases', async (request, reply) => {
    const p = listParams(request, 'requested_at');
    const r = await offerPurchases(db(), { ...p, filter: { ...p.filter, tagged: 'promotion' } });
    return sendList(reply, 'promotion-purchases', p, r, r.rows);
  });

  // -------------------------------------------------------------------------------------------------------
  // Coupons

  app.post('/api/coupon/save', async (request, reply) => {
    const b = parse(z.object({ enable_coupons: flag('enable_coupons') }), request.body);
    const ctx = contextFor(request, services);
    await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: { enable_coupons: b.enable_coupons } });
    await settle(services, ctx);
    return ok(reply, { enable_coupons: (await currentSettings(db())).enable_coupons }, { message: SETTINGS_UPDATED, position: ctx.lastPosition });
  });

  app.post('/api/coupon/add', async (request, reply) => {
    const caller = requireCaller(request);
    const b = parse(z.object({ code: z.string({ error: 'Enter valid coupon' }).max(200, { error: 'Enter valid coupon' }), ...couponTermsBody }), request.body);
    const terms = couponTerms(b);
    const ctx = contextFor(request, services);
    const { couponId } = await createCoupon(ctx, { code: b.code, terms, actorId: caller.userId });
    await settle(services, ctx);
    const row = await findCoupon(db(), couponId);
    return ok(reply, row ? couponView(row) : null, { message: 'Coupon code added successfully.', position: ctx.lastPosition });
  });

  app.post('/api/coupon/edit', async (request, reply) => {
    const caller = requireCaller(request);
    const b = parse(
      z.object({
        couponId: uuid('couponId'),
        discount_type: couponTermsBody.discount_type.optional(),
        discount_value_for_initial: couponValue.optional(),
        discount_value_for_recurring: couponValue.optional(),
        is_active: flag('is_active').optional(),
      }),
      request.body,
    );
    const coupon = await findCoupon(db(), b.couponId);
    if (!coupon) throw new DomainError('Error while update coupon code details.', 'COUPON_NOT_FOUND', 404, { field: 'couponId' });
    const ctx = contextFor(request, services);
    const editsTerms = b.discount_type !== undefined || b.discount_value_for_initial !== undefined || b.discount_value_for_recurring !== undefined;
    if (editsTerms) {
      const type = b.discount_type ?? coupon.terms.discountType;
      // A value not sent keeps the current one (shown on the wire as percent or dollars).
      const current = (v: number) => (coupon.terms.discountType === 'fixed' ? v / 100 : v);
      const keep = type === coupon.terms.discountType;
      const terms = couponTerms({
        discount_type: type,
        discount_value_for_initial: b.discount_value_for_initial ?? (keep ? current(coupon.terms.discountValueForInitial) : 0),
        discount_value_for_recurring: b.discount_value_for_recurring ?? (keep ? current(coupon.terms.discountValueForRecurring) : 0),
      });
      await updateCoupon(ctx, { couponId: coupon.id, code: coupon.code, terms, actorId: caller.userId });
    }
    if (b.is_active !== undefined) await setCouponActive(ctx, { couponId: coupon.id, code: coupon.code, active: b.is_active, actorId: caller.userId });
    await settle(services, ctx);
    const row = await findCoupon(db(), coupon.id);
    const usage = await couponUsage(db(), [coupon.code]);
    return ok(reply, row ? couponView(row, usage.get(coupon.code)) : null, { message: 'Coupon code updated successfully.', position: ctx.lastPosition });
  });

  app.post('/api/coupon/check', async (request, reply) => {
    const caller = requireCaller(request);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const valid = await checkCouponCode(services.store, typeof raw.code === 'string' ? raw.code : '');
    const [site, viewer] = await Promise.all([currentSettings(db()), viewerOf(caller, nowIso())]);
    const { kind: _kind, ...list } = membershipPrices(membershipPriceSettings(site), viewer.hasSubscribedBefore);
    const withCoupon = applyCoupon(list, valid.discount);
    const d = valid.discount;
    const answer: CouponCheckAnswer = {
      code: valid.code,
      discount_type: d.discountType,
      discount_value_for_initial: d.discountType === 'fixed' ? d.initialValue / 100 : d.initialValue,
      discount_value_for_recurring: d.discountType === 'fixed' ? d.recurringValue / 100 : d.recurringValue,
      prices: { initial_cents: withCoupon.initialCents, recurring_cents: withCoupon.recurringCents, list_initial_cents: list.initialCents, list_recurring_cents: list.recurringCents },
    };
    return ok(reply, answer, { message: 'Coupon applied successfully.' });
  });

  app.get('/api/coupon/get-coupons', async (request, reply) => {
    const q = parse(z.object({ pageNum, q: z.string().max(100).optional() }), request.query);
    const p: ListParams = { sort: ['created_at', 'DESC'], range: [(q.pageNum - 1) * PAGE_SIZE, q.pageNum * PAGE_SIZE - 1], filter: q.q ? { q: q.q } : {} };
    const [r, site] = await Promise.all([listCoupons(db(), p), currentSettings(db())]);
    return ok(reply, { coupons: r.rows, currentPage: q.pageNum, totalPages: Math.max(1, Math.ceil(r.total / PAGE_SIZE)), total: r.total, enable_coupons: site.enable_coupons });
  });

  app.get('/api/coupon/get-details', async (request, reply) => {
    const q = parse(z.object({ couponId: uuid('couponId'), pageNum }), request.query);
    const coupon = await findCoupon(db(), q.couponId);
    if (!coupon) throw new DomainError('Error while get coupon details.', 'COUPON_NOT_FOUND', 404, { field: 'couponId' });
    const p: ListParams = { sort: ['requested_at', 'DESC'], range: [(q.pageNum - 1) * PAGE_SIZE, q.pageNum * PAGE_SIZE - 1], filter: { coupon_code: coupon.code } };
    const [purchases, usage] = await Promise.all([offerPurchases(db(), p), couponUsage(db(), [coupon.code])]);
    return ok(reply, {
      coupon: couponView(coupon, usage.get(coupon.code)),
      purchases: purchases.rows,
      currentPage: q.pageNum,
      totalPages: Math.max(1, Math.ceil(purchases.total / PAGE_SIZE)),
      total: purchases.total,
    });
  });

  app.get('/admin-api/coupons', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listCoupons(db(), p);
    return sendList(reply, 'coupons', p, r, r.rows);
  });

  app.get('/admin-api/coupons/:id', async (request, reply) => {
    const { id } = parse(z.object({ id: uuid('id') }), request.params);
    const coupon = await findCoupon(db(), id);
    if (!coupon) throw new DomainError('Error while get coupon details.', 'COUPON_NOT_FOUND', 404);
    return reply.send(couponView(coupon, (await couponUsage(db(), [coupon.code])).get(coupon.code)));
  });

  app.get('/admin-api/coupon-purchases', async (request, reply) => {
    const p = listParams(request, 'requested_at');
    const filter: Record<string, unknown> = { ...p.filter, tagged: 'coupon' };
    if (typeof filter.coupon_id === 'string') filter.coupon_code = (await findCoupon(db(), filter.coupon_id))?.code ?? '-';
    if (typeof filter.coupon_code === 'string') filter.coupon_code = normaliseCouponCode(filter.coupon_code);
    const r = await offerPurchases(db(), { ...p, filter });
    return sendList(reply, 'coupon-purchases', p, r, r.rows);
  });

  // -------------------------------------------------------------------------------------------------------
  // Resubscribe offer

  // The report of fans who came back through the offer (newest first) and its totals.
  app.get('/api/resubscribe-offer/report', async (request, reply) => {
    const { page } = parse(z.object({ page: z.coerce.number({ error: 'page is invalid.' }).int().min(1).max(100_000).optional().default(1) }), request.query);
    const pageSize = 25;
    const r = await offerAcceptances(db(), { limit: pageSize, offset: (page - 1) * pageSize });
    const data: ResubscribeOfferReport = {
      rows: r.rows.map((a) => ({
        _id: a.id, user: { _id: a.user_id, name: a.name ?? '', email: a.email ?? '' }, accepted_at: a.accepted_at, charged_cents: a.charged_cents,
        recurring_cents: a.recurring_cents, renews: a.renews, payment_method: a.payment_method, expires_at: a.expires_at, status: a.status,
      })),
      total: r.total, free: r.free, charged_cents: r.chargedCents, page, total_pages: Math.max(1, Math.ceil(r.total / pageSize)),
    };
    return ok(reply, data);
  });

  app.get('/api/resubscribe-offer/get-settings', async (_request, reply) => ok(reply, offerSettingsView(await resubscribeOfferSettingsOf(db()))));

  app.put('/api/resubscribe-offer/save-settings', async (request, reply) => {
    const caller = requireCaller(request);
    const b = parse(resubscribeBody, request.body);
    const { recurring_price, ...rest } = b;
    const changes: Partial<ResubscribeOfferSettings> = { ...rest };
    if (recurring_price !== undefined) changes.recurring_price_cents = toCents('recurring_price', recurring_price);
    const ctx = contextFor(request, services);
    await saveResubscribeOfferSettings(ctx, changes, caller.userId);
    await settle(services, ctx);
    return ok(reply, offerSettingsView(await resubscribeOfferSettingsOf(db())), { message: SETTINGS_UPDATED, position: ctx.lastPosition });
  });

  app.get('/api/offer/check-offer', async (request: FastifyRequest, reply) => {
    const caller = requireCaller(request);
    // Where the fan stands (never / active / cancelled / lapsed) is the subscription lifecycle's call.
    return ok(reply, { data: await resubscribeOfferFor(services.store, nowIso(), caller.userId, caller.role) });
  });
};

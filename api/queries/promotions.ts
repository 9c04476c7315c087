// Promotion, coupon and resubscribe-offer reads: the viewer a promotion's audience rules see, the ribbons of
// check-promotion, the console's cards, reports and coupon pages.
import type { Role } from '../../domain/shared/wire';
import { DomainError } from '../../domain/shared/decider';
import type { SiteSettings } from '../../domain/settings/settings';
import { promotionViewerOf, type PromotionState, type PromotionType, type PromotionViewer } from '../../domain/promotion/promotion';
import { couponCheckAnswer, offerSettingsView, ribbonView } from '../../domain/promotion/views';
import { promotionView, type CheckPromotionAnswer, type PromotionSettingsAnswer, type PromotionView } from '../../domain/promotion/wire';
import type { ValidCoupon } from '../../domain/coupon/coupon';
import type { ResubscribeOfferReport } from '../../domain/offer/resubscribe-offer';
import { couponUsage, findPromotion, offerPurchases, promotionReports, promotionSettingsOf, promotionStates, resubscribeOfferSettingsOf } from '../../projections/promotions';
import { couponView, findCoupon, listCoupons } from '../../projections/coupons';
import { offerAcceptances } from '../../projections/resubscribe-offers';
import { findSubscriber } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { pageRange, totalPages } from '../schemas/promotions';
import type { Services } from '../services';

const membershipPriceSettings = (s: SiteSettings) => {
  const extra = s as unknown as Partial<Record<'returning_membership_price_cents' | 'returning_recurring_membership_price_cents', number | null>>;
  return {
    membership_price_cents: s.membership_price_cents,
    recurring_membership_price_cents: s.recurring_membership_price_cents,
    returning_membership_price_cents: extra.returning_membership_price_cents ?? null,
    returning_recurring_membership_price_cents: extra.returning_recurring_membership_price_cents ?? null,
  };
};

const RESUBSCRIBE_REPORT_PAGE_SIZE = 25;

export function promotionQueries(services: Services) {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();

  /** The viewer as the read models know them (guests are new users who are not subscribed). */
  const viewerOf = async (caller: { userId: string; role: Role } | null, now: string): Promise<PromotionViewer> => {
    if (!caller) return { isStaff: false, isSubscriber: false, hasSubscribedBefore: false };
    const sub = await findSubscriber(db(), caller.userId);
    const membership = sub ? { expiresAt: sub.expires_at ? new Date(sub.expires_at).toISOString() : null, periods: Number(sub.periods ?? 0) } : null;
    return promotionViewerOf({ isStaff: caller.role !== 'user' && caller.role !== 'proxy_user', membership, now });
  };

  const viewOf = async (state: PromotionState, now: string): Promise<PromotionView | null> => {
    if (!state.current) return null;
    const ended = state.currentEnded ? { endedAt: (await findPromotion(db(), state.current.promotionId))?.ended_at ?? now } : null;
    return promotionView(state.current, ended, now);
  };

  return {
    async settings(): Promise<PromotionSettingsAnswer> {
      const [site, promotion_settings] = await Promise.all([currentSettings(db()), promotionSettingsOf(db())]);
      return { enable_promotion: site.enable_promotion, promotion_settings };
    },

    /** That type's latest promotion (running, expired or ended) or null; without a type, both. */
    async latest(type: PromotionType | undefined) {
      const [states, now] = [await promotionStates(db()), nowIso()];
      if (type) return viewOf(states[type], now);
      return { SUBSCRIPTION: await viewOf(states.SUBSCRIPTION, now), LOCKED_CONTENT: await viewOf(states.LOCKED_CONTENT, now) };
    },

    async promotion(id: string): Promise<PromotionView | null> {
      const row = await findPromotion(db(), id);
      return row ? promotionView(row.data, row.ended_at ? { endedAt: row.ended_at } : null, nowIso()) : null;
    },

    async check(caller: { userId: string; role: Role } | null): Promise<CheckPromotionAnswer> {
      const now = nowIso();
      const [site, settings, states, viewer] = await Promise.all([currentSettings(db()), promotionSettingsOf(db()), promotionStates(db()), viewerOf(caller, now)]);
      return {
        enable_promotion: site.enable_promotion,
        subscription: ribbonView('SUBSCRIPTION', states.SUBSCRIPTION, viewer, now, site.enable_promotion, settings.subscription),
        locked_content: ribbonView('LOCKED_CONTENT', states.LOCKED_CONTENT, viewer, now, site.enable_promotion, settings.locked_content),
        price_strike_through_color: settings.price_strike_through_color,
        server_time: now,
      };
    },

    async reportsPage(page: number, type: PromotionType | undefined) {
      const r = await promotionReports(db(), { sort: ['created_at', 'DESC'], range: pageRange(page), filter: type ? { promotion_type: type } : {} }, nowIso());
      return { promotions: r.rows, currentPage: page, totalPages: totalPages(r.total), total: r.total };
    },

    /** One promotion's report row, or 404. */
    async report(id: string) {
      const r = await promotionReports(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, nowIso());
      if (!r.rows[0]) throw new DomainError('Error in get promotion.', 'PROMOTION_NOT_FOUND', 404);
      return r.rows[0];
    },

    /** The membership prices with a checked coupon, for this fan (returning members may have other prices). */
    async couponPrices(valid: ValidCoupon, caller: { userId: string; role: Role }) {
      const [site, viewer] = await Promise.all([currentSettings(db()), viewerOf(caller, nowIso())]);
      return couponCheckAnswer(valid, membershipPriceSettings(site), viewer.hasSubscribedBefore);
    },

    async couponsPage(page: number, q: string | undefined) {
      const [r, site] = await Promise.all([listCoupons(db(), { sort: ['created_at', 'DESC'], range: pageRange(page), filter: q ? { q } : {} }), currentSettings(db())]);
      return { coupons: r.rows, currentPage: page, totalPages: totalPages(r.total), total: r.total, enable_coupons: site.enable_coupons };
    },

    /** A coupon with its uses and revenue (null: no such coupon); a coupon just added has none. */
    async coupon(id: string, withUsage = true) {
      const coupon = await findCoupon(db(), id);
      if (!coupon) return null;
      return withUsage ? couponView(coupon, (await couponUsage(db(), [coupon.code])).get(coupon.code)) : couponView(coupon);
    },

    async couponDetails(id: string, page: number) {
      const coupon = await findCoupon(db(), id);
      if (!coupon) throw new DomainError('Error while get coupon details.', 'COUPON_NOT_FOUND', 404, { field: 'couponId' });
      const [purchases, usage] = await Promise.all([
        offerPurchases(db(), { sort: ['requested_at', 'DESC'], range: pageRange(page), filter: { coupon_code: coupon.code } }),
        couponUsage(db(), [coupon.code]),
      ]);
      return { coupon: couponView(coupon, usage.get(coupon.code)), purchases: purchases.rows, currentPage: page, totalPages: totalPages(purchases.total), total: purchases.total };
    },

    offerSettings: async () => offerSettingsView(await resubscribeOfferSettingsOf(db())),

    /** The fans who came back through the resubscribe offer (newest first) and its totals. */
    async offerReport(page: number): Promise<ResubscribeOfferReport> {
      const r = await offerAcceptances(db(), { limit: RESUBSCRIBE_REPORT_PAGE_SIZE, offset: (page - 1) * RESUBSCRIBE_REPORT_PAGE_SIZE });
      return {
        rows: r.rows.map((a) => ({
          _id: a.id, user: { _id: a.user_id, name: a.name ?? '', email: a.email ?? '' }, accepted_at: a.accepted_at, charged_cents: a.charged_cents,
          recurring_cents: a.recurring_cents, renews: a.renews, payment_method: a.payment_method, expires_at: a.expires_at, status: a.status,
        })),
        total: r.total, free: r.free, charged_cents: r.chargedCents, page, total_pages: totalPages(r.total, RESUBSCRIBE_REPORT_PAGE_SIZE),
      };
    },
  };
}

// Plans as the fan site sees them before subscribing: only tiers still offered and bundles with a discount.
import { activeTiers, bundleOffers, BUNDLE_MONTHS, tierMonthlyCents, type PlansState } from './plan';
import type { MembershipPlansView } from './wire';

/** The public plans at list price (the base tier at the site's recurring membership price). */
export function membershipPlansView(plans: PlansState, siteMonthlyCents: number): MembershipPlansView {
  return {
    tiers: activeTiers(plans).map((t) => {
      const monthly = tierMonthlyCents(t, siteMonthlyCents);
      return {
        tier_id: t.tierId, name: t.name, description: t.description, benefits: t.benefits, rank: t.rank, monthly_cents: monthly,
        bundles: bundleOffers(plans.bundles, monthly).map((b) => ({ months: b.months, discount_percent: b.discountPercent, price_cents: b.priceCents, monthly_cents: b.monthlyCents })),
      };
    }),
    bundles: BUNDLE_MONTHS.filter((m) => plans.bundles[m] > 0).map((months) => ({ months, discount_percent: plans.bundles[months] })),
  };
}

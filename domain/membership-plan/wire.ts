// Wire shapes of the public plans answer (GET /api/membership/plans), shared by the server and the fan site.
/** A bundle on offer: months paid up front at a discount; monthly_cents is what it comes to per month. */
export interface PublicBundleView {
  months: number;
  discount_percent: number;
  price_cents: number;
  monthly_cents: number;
}

/** A tier on offer to a new subscriber: its monthly list price and its bundles. */
export interface PublicTierView {
  tier_id: string;
  name: string;
  description: string;
  benefits: string[];
  rank: number;
  monthly_cents: number;
  bundles: PublicBundleView[];
}

/** GET /api/membership/plans → data: the tiers on offer (lowest rank first) and the bundle lengths offered. */
export interface MembershipPlansView {
  tiers: PublicTierView[];
  bundles: { months: number; discount_percent: number }[];
}

/** GET /admin-api/membership-tiers[/:id]: a tier as the console lists and edits it. */
export interface AdminTierRecord {
  id: string;
  name: string;
  description: string;
  benefits: string[];
  /** The monthly price for new subscribers (the base tier's is the site's membership price). */
  price_cents: number;
  is_base: boolean;
  rank: number;
  /** Members on this tier now. */
  subscribers: number;
  /** What the tier has brought in, as charged: new subscriptions, renewals and upgrades into it. */
  earnings?: { subscriptions: number; subscriptions_cents: number; renewals: number; renewals_cents: number; upgrades: number; upgrades_cents: number };
}

/** GET/PUT /admin-api/subscription-bundles/site: each bundle's percent off (0 = not offered). */
export interface AdminBundlesRecord {
  id: 'site';
  discount_3: number;
  discount_6: number;
  discount_12: number;
}

// Wire shapes of the public plans answer (GET /api/membership/plans), shared by the server and the fan site.
import type { BundleOfferView } from '../subscription/wire';

/** A tier on offer to a new subscriber: its monthly list price and its bundles. */
export interface PublicTierView {
  tier_id: string;
  name: string;
  description: string;
  benefits: string[];
  rank: number;
  monthly_cents: number;
  bundles: BundleOfferView[];
}

/** GET /api/membership/plans → data: the tiers on offer (lowest rank first) and the bundle lengths offered. */
export interface MembershipPlansView {
  tiers: PublicTierView[];
  bundles: { months: number; discount_percent: number }[];
}

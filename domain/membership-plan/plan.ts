// Membership plans (stream `membership-plans`): the tiers a fan may subscribe to and the bundles (several months
// paid up front at a discount). Until the creator adds a tier there is one, the base tier, priced by the site's
// membership prices (domain/pricing membershipPrices), so a site without tiers behaves as before; bundles are off
// until a discount is set.
//
// Rules
//   - The base tier ('base', rank 0) always exists; its name, description and benefits may be edited, its price
//     is the site's membership price. Other tiers have their own monthly price and a rank above 0 (higher = more).
//   - A tier's price applies to new subscribers; members renew at the price recorded in their subscription.
//   - A bundle is 3, 6 or 12 months for the tier's monthly price × months × (100 − discount) %, rounded half up
//     to the cent; charged once up front, renewed at the same bundle price and length.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const PLANS_STREAM = 'membership-plans';
export const BASE_TIER_ID = 'base';
export const BUNDLE_MONTHS = [3, 6, 12] as const;
export type BundleMonths = (typeof BUNDLE_MONTHS)[number];
export const BUNDLE_DISCOUNT_MAX = 90;
export const TIER_PRICE_MIN_CENTS = 100;
export const TIER_PRICE_MAX_CENTS = 100_000;
export const MAX_TIERS = 10;

export interface Tier {
  tierId: string;
  name: string;
  description: string;
  benefits: string[];
  /** Monthly price for new subscribers; null for the base tier (the site's membership price). */
  priceCents: number | null;
  rank: number;
  archived: boolean;
}

export type BundleDiscounts = Record<BundleMonths, number>;

export interface PlansState {
  tiers: Tier[];
  bundles: BundleDiscounts;
}

export const BASE_TIER: Tier = { tierId: BASE_TIER_ID, name: 'Member', description: '', benefits: [], priceCents: null, rank: 0, archived: false };

type TierFields = Omit<Tier, 'archived'>;

export type PlansEvent =
  | DomainEvent<'MembershipTierSaved', TierFields & { savedAt: string }>
  | DomainEvent<'MembershipTierArchived', { tierId: string; archivedAt: string }>
  | DomainEvent<'SubscriptionBundlesSet', { discounts: BundleDiscounts; setAt: string }>;

export type PlansCommand =
  | { type: 'SaveTier'; tier: TierFields; at: string }
  | { type: 'ArchiveTier'; tierId: string; at: string }
  | { type: 'SetBundles'; discounts: Partial<Record<string, number>>; at: string };

export const TIER_NAME_TAKEN = 'Another tier already has this name.';
export const TIER_RANK_TAKEN = 'Another tier already has this rank.';
export const TIER_NOT_FOUND = 'Tier not found.';
export const BASE_TIER_KEPT = 'The base tier cannot be removed.';

const bad = (message: string, field: string, code = 'INVALID_TIER') => new DomainError(message, code, 400, { field });

export const activeTiers = (s: PlansState): Tier[] => s.tiers.filter((t) => !t.archived).sort((a, b) => a.rank - b.rank);
export const tierById = (s: PlansState, tierId: string): Tier | null => s.tiers.find((t) => t.tierId === tierId) ?? null;

function checkTier(t: TierFields, s: PlansState): void {
  const name = t.name.trim();
  if (name.length < 1 || name.length > 40) throw bad('The tier name must be 1 to 40 characters.', 'name');
  if (t.description.length > 2000) throw bad('The description can be at most 2000 characters.', 'description');
  if (t.benefits.length > 20 || t.benefits.some((b) => b.trim().length < 1 || b.length > 120)) throw bad('Up to 20 benefits of 1 to 120 characters.', 'benefits');
  const others = activeTiers(s).filter((o) => o.tierId !== t.tierId);
  if (others.some((o) => o.name.trim().toLowerCase() === name.toLowerCase())) throw bad(TIER_NAME_TAKEN, 'name', 'TIER_NAME_TAKEN');
  if (t.tierId === BASE_TIER_ID) return; // price and rank are fixed
  if (!Number.isInteger(t.priceCents) || t.priceCents! < TIER_PRICE_MIN_CENTS || t.priceCents! > TIER_PRICE_MAX_CENTS)
    throw bad('The monthly price must be between $1.00 and $1,000.00.', 'price_cents');
  if (!Number.isInteger(t.rank) || t.rank < 1 || t.rank > 99) throw bad('The rank must be a whole number from 1 to 99.', 'rank');
  if (others.some((o) => o.rank === t.rank)) throw bad(TIER_RANK_TAKEN, 'rank', 'TIER_RANK_TAKEN');
  if (!tierById(s, t.tierId) && others.length + 1 > MAX_TIERS) throw bad(`At most ${MAX_TIERS} tiers.`, 'name', 'TOO_MANY_TIERS');
}

export const plansDecider: Decider<PlansCommand, PlansEvent, PlansState> = {
  initialState: () => ({ tiers: [BASE_TIER], bundles: { 3: 0, 6: 0, 12: 0 } }),
  evolve(state, event) {
    switch (event.type) {
      case 'MembershipTierSaved': {
        const { savedAt: _, ...t } = event.data;
        const tier: Tier = { ...t, archived: false };
        const exists = state.tiers.some((o) => o.tierId === t.tierId);
        return { ...state, tiers: exists ? state.tiers.map((o) => (o.tierId === t.tierId ? tier : o)) : [...state.tiers, tier] };
      }
      case 'MembershipTierArchived':
        return { ...state, tiers: state.tiers.map((o) => (o.tierId === event.data.tierId ? { ...o, archived: true } : o)) };
      case 'SubscriptionBundlesSet':
        return { ...state, bundles: event.data.discounts };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SaveTier': {
        const t = command.tier;
        const existing = tierById(state, t.tierId);
        if (existing?.archived) throw new DomainError(TIER_NOT_FOUND, 'NOT_FOUND', 404);
        const fields: TierFields =
          t.tierId === BASE_TIER_ID
            ? { ...t, name: t.name.trim(), priceCents: null, rank: 0 }
            : { ...t, name: t.name.trim(), benefits: t.benefits.map((b) => b.trim()) };
        checkTier(fields, state);
        return [{ type: 'MembershipTierSaved', data: { ...fields, savedAt: command.at } }];
      }
      case 'ArchiveTier': {
        if (command.tierId === BASE_TIER_ID) throw new DomainError(BASE_TIER_KEPT, 'BASE_TIER_KEPT', 409);
        const t = tierById(state, command.tierId);
        if (!t || t.archived) throw new DomainError(TIER_NOT_FOUND, 'NOT_FOUND', 404);
        return [{ type: 'MembershipTierArchived', data: { tierId: t.tierId, archivedAt: command.at } }];
      }
      case 'SetBundles': {
        const discounts = { ...state.bundles };
        for (const [k, v] of Object.entries(command.discounts)) {
          const months = Number(k) as BundleMonths;
          if (!BUNDLE_MONTHS.includes(months)) throw new DomainError('Bundles are 3, 6 or 12 months.', 'INVALID_BUNDLE', 400, { field: `discount_${k}` });
          if (v === undefined) continue;
          if (!Number.isInteger(v) || v < 0 || v > BUNDLE_DISCOUNT_MAX)
            throw new DomainError(`The ${months}-month discount must be a whole percent from 0 to ${BUNDLE_DISCOUNT_MAX}.`, 'INVALID_BUNDLE', 400, { field: `discount_${months}` });
          discounts[months] = v;
        }
        if (BUNDLE_MONTHS.every((m) => discounts[m] === state.bundles[m])) return [];
        return [{ type: 'SubscriptionBundlesSet', data: { discounts, setAt: command.at } }];
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------------------
// Prices

/** The tier's monthly price for a new subscriber: its own, or the site's (the base tier). */
export const tierMonthlyCents = (tier: Tier, siteMonthlyCents: number): number => tier.priceCents ?? siteMonthlyCents;

/** A bundle's price: monthly × months × (100 − discount) / 100, rounded half up to the cent. */
export const bundlePriceCents = (monthlyCents: number, months: number, discountPercent: number): number =>
  Math.floor((monthlyCents * months * (100 - discountPercent) + 50) / 100);

/** What a bundle costs per month, rounded half up to the cent (shown beside the bundle price). */
export const monthlyEquivalentCents = (priceCents: number, months: number): number => Math.floor((2 * priceCents + months) / (2 * months));

export interface BundleOffer {
  months: BundleMonths;
  discountPercent: number;
  priceCents: number;
  monthlyCents: number;
}

/** The bundles on offer for a monthly price: those with a discount above 0, shortest first. */
export const bundleOffers = (bundles: BundleDiscounts, monthlyCents: number): BundleOffer[] =>
  BUNDLE_MONTHS.filter((m) => bundles[m] > 0).map((months) => {
    const priceCents = bundlePriceCents(monthlyCents, months, bundles[months]);
    return { months, discountPercent: bundles[months], priceCents, monthlyCents: monthlyEquivalentCents(priceCents, months) };
  });

export const BUNDLE_NOT_OFFERED = 'This bundle is not offered.';
export const BUNDLE_NOT_COMBINED = 'A bundle cannot be combined with a promotion, coupon or subscription link.';

/** The bundle a fan asked for, or a 400 naming bundle_months. */
export function chosenBundle(bundles: BundleDiscounts, monthlyCents: number, months: number): BundleOffer {
  const offer = bundleOffers(bundles, monthlyCents).find((b) => b.months === months);
  if (!offer) throw new DomainError(BUNDLE_NOT_OFFERED, 'BUNDLE_NOT_OFFERED', 400, { field: 'bundle_months' });
  return offer;
}

/** A tier a fan may subscribe to, or a 400 naming tier_id. */
export function subscribableTier(state: PlansState, tierId: string): Tier {
  const t = tierById(state, tierId);
  if (!t || t.archived) throw new DomainError(TIER_NOT_FOUND, 'TIER_NOT_FOUND', 400, { field: 'tier_id' });
  return t;
}

/** The rank of a tier for access checks; a tier removed since keeps its last rank, an unknown one counts as base. */
export const tierRank = (state: PlansState, tierId: string | null | undefined): number => tierById(state, tierId ?? BASE_TIER_ID)?.rank ?? 0;

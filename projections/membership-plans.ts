// Read model: the membership tiers and the bundle discounts (stream `membership-plans`). The base tier has no
// row until it is first edited; readPlans fills in its defaults, so the answer is the decider's state.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { membershipPlansTables, type ReadModelRows, type ReadModels } from './schema';
import { BASE_TIER, BUNDLE_MONTHS, plansDecider, type BundleMonths, type PlansState, type Tier } from '../domain/membership-plan/plan';

export const membershipPlansProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'membership-plans',
  tables: membershipPlansTables,
  handles: ['MembershipTierSaved', 'MembershipTierArchived', 'SubscriptionBundlesSet'],
  async apply(event, store) {
    const { type, data: d } = event;
    if (type === 'MembershipTierSaved') {
      store.put('membership_tiers', {
        tier_id: d.tierId, name: d.name, description: d.description, benefits: d.benefits, price_cents: d.priceCents, rank: d.rank, archived: false, updated_at: d.savedAt,
      });
      return;
    }
    if (type === 'MembershipTierArchived') {
      const row = await store.get<ReadModelRows['membership_tiers']>('membership_tiers', { tier_id: d.tierId });
      if (row) store.put('membership_tiers', { ...row, archived: true, updated_at: d.archivedAt });
      return;
    }
    for (const months of BUNDLE_MONTHS) store.put('subscription_bundles', { months, discount_percent: d.discounts[months] ?? 0, updated_at: d.setAt });
  },
});

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The plans as the decider folds them: every tier (archived ones too) and the bundle discounts. */
export async function readPlans(db: Kysely<ReadModels>): Promise<PlansState> {
  const [tierRows, bundleRows] = await Promise.all([
    db.withSchema('rm').selectFrom('membership_tiers').selectAll().execute(),
    db.withSchema('rm').selectFrom('subscription_bundles').selectAll().execute(),
  ]);
  const tiers: Tier[] = tierRows.map((r) => ({
    tierId: r.tier_id, name: r.name ?? '', description: r.description ?? '', benefits: parseJson<string[]>(r.benefits) ?? [],
    priceCents: r.price_cents === null ? null : Number(r.price_cents), rank: Number(r.rank ?? 0), archived: !!r.archived,
  }));
  if (!tiers.some((t) => t.tierId === BASE_TIER.tierId)) tiers.unshift(BASE_TIER);
  const { bundles } = plansDecider.initialState();
  for (const r of bundleRows) if (BUNDLE_MONTHS.includes(Number(r.months) as BundleMonths)) bundles[Number(r.months) as BundleMonths] = Number(r.discount_percent ?? 0);
  return { tiers, bundles };
}

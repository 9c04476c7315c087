// Read model: what each membership tier has brought in — new subscriptions, renewals and upgrades into it, counted
// and summed as charged (gross: refunds are in the earnings read model, per source, not per tier). A membership
// without a tier counts for the base tier.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { tierEarningsTables, type ReadModelRows, type ReadModels } from './schema';
import { BASE_TIER_ID } from '../domain/membership-plan/plan';

export interface TierEarningsRow {
  tier_id: string;
  subscriptions: number;
  subscriptions_cents: number;
  renewals: number;
  renewals_cents: number;
  upgrades: number;
  upgrades_cents: number;
}

const empty = (tierId: string): TierEarningsRow => ({ tier_id: tierId, subscriptions: 0, subscriptions_cents: 0, renewals: 0, renewals_cents: 0, upgrades: 0, upgrades_cents: 0 });

export const tierEarningsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'tier-earnings',
  tables: tierEarningsTables,
  handles: ['SubscriptionStarted', 'SubscriptionTierChanged'],
  async apply(event, store) {
    const d = event.data;
    const tierId = d.tierId ?? BASE_TIER_ID;
    const row = (await store.get<TierEarningsRow>('tier_earnings', { tier_id: tierId })) ?? empty(tierId);
    const cents = Number(d.amountCents ?? 0);
    if (event.type === 'SubscriptionTierChanged') {
      if (event.data.reason !== 'upgrade') return; // an undone upgrade: its refund is in the earnings read model
      store.put('tier_earnings', { ...row, upgrades: Number(row.upgrades) + 1, upgrades_cents: Number(row.upgrades_cents) + cents });
      return;
    }
    if (event.data.kind === 'rebill') store.put('tier_earnings', { ...row, renewals: Number(row.renewals) + 1, renewals_cents: Number(row.renewals_cents) + cents });
    else store.put('tier_earnings', { ...row, subscriptions: Number(row.subscriptions) + 1, subscriptions_cents: Number(row.subscriptions_cents) + cents });
  },
});

/** Every tier's earnings by tier id. */
export async function tierEarnings(db: Kysely<ReadModels>): Promise<Map<string, TierEarningsRow>> {
  const rows = await db.withSchema('rm').selectFrom('tier_earnings').selectAll().execute();
  return new Map(
    rows.map((r) => [
      String(r.tier_id),
      {
        tier_id: String(r.tier_id), subscriptions: Number(r.subscriptions ?? 0), subscriptions_cents: Number(r.subscriptions_cents ?? 0), renewals: Number(r.renewals ?? 0),
        renewals_cents: Number(r.renewals_cents ?? 0), upgrades: Number(r.upgrades ?? 0), upgrades_cents: Number(r.upgrades_cents ?? 0),
      },
    ]),
  );
}

// Membership plans (domain/membership-plan): the console saves tiers and bundle discounts; the subscribe flow and
// the tier change read them. One small stream, read whole.
import type { EventStore } from '../infra/eventstore/port';
import { activeTiers, PLANS_STREAM, plansDecider, type BundleDiscounts, type PlansState, type Tier } from '../domain/membership-plan/plan';
import { handle, loadStream, type CommandContext } from './handle';

export const loadPlans = async (store: EventStore): Promise<PlansState> => (await loadStream(store, PLANS_STREAM, plansDecider)).state;

/** The tiers on offer now (ids), which a post's or a message's tier limit must name; read only when one is asked for. */
export const offeredTierIds = async (store: EventStore, minTierId: string | null | undefined): Promise<string[]> =>
  minTierId ? activeTiers(await loadPlans(store)).map((t) => t.tierId) : [];

/** Creates (tierId null: a new id) or edits a tier; answers the tier's id. */
export async function saveTier(ctx: CommandContext, input: { tierId: string | null; fields: Omit<Tier, 'tierId' | 'archived'>; expectedVersion?: number }): Promise<string> {
  const tierId = input.tierId ?? ctx.idFor('tier');
  await handle(ctx, PLANS_STREAM, plansDecider, { type: 'SaveTier', tier: { tierId, ...input.fields }, at: ctx.now() });
  return tierId;
}

export const archiveTier = (ctx: CommandContext, tierId: string) => handle(ctx, PLANS_STREAM, plansDecider, { type: 'ArchiveTier', tierId, at: ctx.now() });

export const setBundles = (ctx: CommandContext, discounts: Partial<BundleDiscounts>) =>
  handle(ctx, PLANS_STREAM, plansDecider, { type: 'SetBundles', discounts, at: ctx.now() });

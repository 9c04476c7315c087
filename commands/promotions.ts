// Promotions (domain/promotion): create and end a promotion per type, the ribbon settings, and the checks a
// purchase runs before it charges a promotion price. Everything a purchase relies on is read from the streams
// (authoritative), never from a read model that may lag.
//
// Stable exports other purchase paths use (keep the names):
//   loadPromotion(store, type)                 the promotion stream of a type, folded
//   promotionsEnabled(store)                   site setting enable_promotion
//   promotionViewerFor(store, userId, role, now)
//   requireLockedContentPromotion(ctx, {...})  → { promotionId, discountPercent } or 'Sorry promotion expired.'
//   requireSubscriptionPromotion(ctx, {...})   → { promotionId, terms } (for domain/pricing subscriptionQuote)
import { DomainError } from '../domain/shared/decider';
import { isStaffRole, type Role } from '../domain/shared/wire';
import type { EventStore } from '../infra/eventstore/port';
import {
  PROMOTION_EXPIRED,
  PROMOTION_TYPES,
  promotionDecider,
  promotionStream,
  promotionViewerOf,
  requirePromotion,
  type ApplicableTo,
  type LockedItem,
  type Promotion,
  type PromotionExpiry,
  type PromotionOfferInput,
  type PromotionState,
  type PromotionType,
  type PromotionViewer,
} from '../domain/promotion/promotion';
import { PROMOTION_SETTINGS_STREAM, promotionSettingsDecider, type PromotionSettingsChanges } from '../domain/promotion/promotion-settings';
import type { SubscriptionPromotionTerms } from '../domain/pricing/pricing';
import { SETTINGS_STREAM, settingsDecider } from '../domain/settings/settings';
import { subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import { handle, loadStream, type CommandContext } from './handle';

export const loadPromotion = (store: EventStore, type: PromotionType): Promise<{ state: PromotionState; revision: number }> =>
  loadStream(store, promotionStream(type), promotionDecider);

export async function promotionsEnabled(store: EventStore): Promise<boolean> {
  return (await loadStream(store, SETTINGS_STREAM, settingsDecider)).state.enable_promotion;
}

/** Staff, subscribed now, subscribed before: judged from the fan's subscription stream. */
export async function promotionViewerFor(store: EventStore, userId: string, role: Role, now: string): Promise<PromotionViewer> {
  const { state } = await loadStream(store, subscriptionStream(userId), subscriptionDecider);
  const membership = state.expiresAt !== null || state.periods > 0 ? { expiresAt: state.expiresAt, periods: state.periods } : null;
  return promotionViewerOf({ isStaff: isStaffRole(role), membership, now });
}

export interface CreatePromotionInput {
  offer: PromotionOfferInput;
  applicableTo: ApplicableTo;
  ribbonText: string;
  expiry: PromotionExpiry;
  timezone: string;
  isRepeat: boolean;
  actorId: string;
}

/** Saves a new promotion of its type (refused with 409 while one of that type runs). */
export async function createPromotion(ctx: CommandContext, input: CreatePromotionInput, expectedRevision?: number): Promise<Promotion> {
  const promotionId = ctx.idFor('promotion');
  const r = await handle(ctx, promotionStream(input.offer.type), promotionDecider, {
    type: 'CreatePromotion',
    promotionId,
    offer: input.offer,
    applicableTo: input.applicableTo,
    ribbonText: input.ribbonText,
    expiry: input.expiry,
    timezone: input.timezone,
    isRepeat: input.isRepeat,
    actorId: input.actorId,
    at: ctx.now(),
  }, { expectedRevision, editing: 'promotion' }); // the console's If-Match: the type's stream as the editor saw it
  return r.state.current!;
}

/** Ends a promotion by id, whichever type it is ('Error in end promotion.' 404 for an unknown id). */
export async function endPromotion(ctx: CommandContext, promotionId: string, actorId: string, expectedRevision?: number): Promise<{ type: PromotionType; changed: boolean }> {
  for (const type of PROMOTION_TYPES) {
    const { state } = await loadPromotion(ctx.store, type);
    if (!state.knownIds.includes(promotionId)) continue;
    const r = await handle(ctx, promotionStream(type), promotionDecider, { type: 'EndPromotion', promotionId, actorId, at: ctx.now() }, { expectedRevision, editing: 'promotion' });
    return { type, changed: r.events.length > 0 };
  }
  throw new DomainError('Error in end promotion.', 'PROMOTION_NOT_FOUND', 404, { field: 'promotion_id' });
}

export const savePromotionSettings = (ctx: CommandContext, changes: PromotionSettingsChanges, actorId: string) =>
  handle(ctx, PROMOTION_SETTINGS_STREAM, promotionSettingsDecider, { type: 'UpdatePromotionSettings', changes, actorId, at: ctx.now() });

/** The promotions page's save: the ribbons' look and promotions on or off, each written only when sent. */
export async function savePromotionPage(ctx: CommandContext, input: { enablePromotion?: boolean; ribbons: PromotionSettingsChanges }, actorId: string): Promise<void> {
  if (Object.keys(input.ribbons).length) await savePromotionSettings(ctx, input.ribbons, actorId);
  if (input.enablePromotion !== undefined) await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: { enable_promotion: input.enablePromotion } });
}

export const loadPromotionSettings = (store: EventStore) => loadStream(store, PROMOTION_SETTINGS_STREAM, promotionSettingsDecider);

async function checkedPromotion(
  ctx: CommandContext,
  type: PromotionType,
  input: { userId: string; role: Role; promotionId: string | null | undefined; item?: LockedItem },
): Promise<Promotion> {
  const now = ctx.now();
  // Without an id there is nothing to look up: 'Sorry promotion expired.'
  if (!input.promotionId) throw new DomainError(PROMOTION_EXPIRED, 'PROMOTION_EXPIRED', 410, { field: 'promotion_id' });
  const [{ state }, enabled, viewer] = await Promise.all([
    loadPromotion(ctx.store, type),
    promotionsEnabled(ctx.store),
    promotionViewerFor(ctx.store, input.userId, input.role, now),
  ]);
  return requirePromotion(state, { promotionId: input.promotionId, viewer, now, promotionsEnabled: enabled, item: input.item });
}

/**
 * The locked-content promotion a purchase names, checked now: promotions on, the id is the running promotion's,
 * the fan is eligible (a subscriber in its audience) and it covers the item. Otherwise 'Sorry promotion
 * expired.' (410) or 'Invalid request.' (400).
 */
export async function requireLockedContentPromotion(
  ctx: CommandContext,
  input: { userId: string; role: Role; promotionId: string | null | undefined; item: LockedItem },
): Promise<{ promotionId: string; discountPercent: number }> {
  const p = await checkedPromotion(ctx, 'LOCKED_CONTENT', input);
  if (p.offer.type !== 'LOCKED_CONTENT') throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
  return { promotionId: p.promotionId, discountPercent: p.offer.discountPercent };
}

/** The subscription promotion a subscribe request names, checked now, as domain/pricing's subscriptionQuote takes it. */
export async function requireSubscriptionPromotion(
  ctx: CommandContext,
  input: { userId: string; role: Role; promotionId: string | null | undefined },
): Promise<{ promotionId: string; terms: SubscriptionPromotionTerms }> {
  const p = await checkedPromotion(ctx, 'SUBSCRIPTION', input);
  if (p.offer.type !== 'SUBSCRIPTION') throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
  const { initialCents, recurringCents, trialPeriodDays } = p.offer;
  return { promotionId: p.promotionId, terms: { initialCents, recurringCents, trialPeriodDays } };
}

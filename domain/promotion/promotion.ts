// Promotions (stream `promotion-<TYPE>`, one per type, so "one running promotion per type" is guarded by the
// stream's expected revision).
//
// - SUBSCRIPTION: its own initial and recurring amounts (cents), optionally a trial offer whose first period is
//   1..29 days or 1 month (30).
// - LOCKED_CONTENT with subtype LOCKED_CONTENT (posts), MASS_MESSAGE (locked mass messages) or
//   EXCLUSIVE_CONTENT_AND_MASS_MESSAGE (both): discount 10..80 % (default 50), price rule in domain/pricing.
// - applicable_to: ALL_USERS; NEW_USERS = never subscribed; OLD_USERS = subscribed before. For a locked-content
//   promotion (bought by subscribers) "before" means a membership before the current one: the caller passes
//   `hasSubscribedBefore` with that meaning.
// - Expiry options: 1..24 hours, 2..30 days, end of day, end of month (in the creator's time zone; "end" is the
//   next local midnight, exclusive). date_expire is computed once, at creation. A repeating promotion starts
//   over when a period ends (same length; or the next local day / month) until it is ended.
// - Applying a promotion that is ended, expired, replaced, unknown or missing: 'Sorry promotion expired.'
// Purchases record the promotion id they used (reports read it from there); this stream is not written per sale.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import {
  PROMOTION_DISCOUNT_DEFAULT,
  PROMOTION_DISCOUNT_MAX,
  PROMOTION_DISCOUNT_MIN,
  isValidTrialPeriod,
  lockedContentPriceCents,
  subscriptionPromotionPrices,
  type SubscriptionPrices,
} from '../pricing/pricing';
import { assertTimeZone, endOfLocalDay, endOfLocalMonth } from './zoned-time';

export type PromotionType = 'SUBSCRIPTION' | 'LOCKED_CONTENT';
export const PROMOTION_TYPES: readonly PromotionType[] = ['SUBSCRIPTION', 'LOCKED_CONTENT'];
export type LockedContentSubtype = 'LOCKED_CONTENT' | 'EXCLUSIVE_CONTENT_AND_MASS_MESSAGE' | 'MASS_MESSAGE';
export const LOCKED_CONTENT_SUBTYPES: readonly LockedContentSubtype[] = ['LOCKED_CONTENT', 'EXCLUSIVE_CONTENT_AND_MASS_MESSAGE', 'MASS_MESSAGE'];
export type ApplicableTo = 'ALL_USERS' | 'NEW_USERS' | 'OLD_USERS';
export const APPLICABLE_TO: readonly ApplicableTo[] = ['ALL_USERS', 'NEW_USERS', 'OLD_USERS'];

export const promotionStream = (type: PromotionType) => `promotion-${type}`;

export const PROMOTION_EXPIRED = 'Sorry promotion expired.';
export const PROMOTION_SAVED = 'Promotion successfully saved.';
export const RIBBON_TEXT_MAX = 250;

export type PromotionExpiry =
  | { kind: 'hours'; hours: number } // 1..24
  | { kind: 'days'; days: number } // 2..30
  | { kind: 'end_of_day' }
  | { kind: 'end_of_month' };

export type PromotionOffer =
  | { type: 'SUBSCRIPTION'; initialCents: number; recurringCents: number; trialPeriodDays: number | null }
  | { type: 'LOCKED_CONTENT'; subtype: LockedContentSubtype; discountPercent: number };

export interface Promotion {
  promotionId: string;
  offer: PromotionOffer;
  applicableTo: ApplicableTo;
  ribbonText: string;
  expiry: PromotionExpiry;
  timezone: string;
  isRepeat: boolean;
  createdAt: string;
  /** End of the first period (exclusive). */
  dateExpire: string;
  /** The first period in whole hours, rounded up: the wire's date_expire. */
  expireHours: number;
  createdBy: string;
}

export type PromotionEvent =
  | DomainEvent<'PromotionCreated', Promotion>
  | DomainEvent<'PromotionEnded', { promotionId: string; type: PromotionType; endedAt: string; endedBy: string }>;

/** What the console sends (amounts already in cents; an omitted discount is the default 50). */
export type PromotionOfferInput =
  | { type: 'SUBSCRIPTION'; initialCents: number; recurringCents: number; isTrialOffer: boolean; initialPeriodDays?: number | null }
  | { type: 'LOCKED_CONTENT'; subtype: LockedContentSubtype; discountPercent?: number | null };

export type PromotionCommand =
  | {
      type: 'CreatePromotion';
      promotionId: string;
      offer: PromotionOfferInput;
      applicableTo: ApplicableTo;
      ribbonText: string;
      expiry: PromotionExpiry;
      timezone: string;
      isRepeat: boolean;
      actorId: string;
      at: string;
    }
  | { type: 'EndPromotion'; promotionId: string; actorId: string; at: string };

export interface PromotionState {
  /** The latest promotion of this type (running, expired or ended). */
  current: Promotion | null;
  currentEnded: boolean;
  /** Every promotion id this stream has seen (an old id is "expired", never "unknown"). */
  knownIds: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Expiry

const HOUR = 3_600_000;

/** date_expire from the chosen option, the creation time and the creator's time zone. */
export function computeDateExpire(expiry: PromotionExpiry, createdAt: string, timezone: string): string {
  const at = Date.parse(createdAt);
  switch (expiry.kind) {
    case 'hours':
      return new Date(at + expiry.hours * HOUR).toISOString();
    case 'days':
      return new Date(at + expiry.days * 24 * HOUR).toISOString();
    case 'end_of_day':
      return endOfLocalDay(createdAt, timezone);
    case 'end_of_month':
      return endOfLocalMonth(createdAt, timezone);
  }
}

export function isValidExpiry(expiry: PromotionExpiry): boolean {
  switch (expiry.kind) {
    case 'hours':
      return Number.isInteger(expiry.hours) && expiry.hours >= 1 && expiry.hours <= 24;
    case 'days':
      return Number.isInteger(expiry.days) && expiry.days >= 2 && expiry.days <= 30;
    case 'end_of_day':
    case 'end_of_month':
      return true;
    default:
      return false;
  }
}

/**
 * The wire's date_expire ("given in hours when saved"): 1..24 hours, or 48..720 in whole days, or the
 * strings 'end_of_day' / 'end_of_month'. Anything else is 'Invalid request.' on field date_expire.
 */
export function expiryFromWire(dateExpire: number | string): PromotionExpiry {
  if (dateExpire === 'end_of_day' || dateExpire === 'end_of_month') return { kind: dateExpire };
  const hours = typeof dateExpire === 'number' ? dateExpire : /^\d+$/.test(dateExpire.trim()) ? Number(dateExpire) : Number.NaN;
  const expiry: PromotionExpiry = hours <= 24 ? { kind: 'hours', hours } : { kind: 'days', days: hours / 24 };
  if (!isValidExpiry(expiry)) throw new ValidationError('date_expire', 'Invalid request.');
  return expiry;
}

/** "5 hours", "1 hour", "3 days": under 25 hours shown as hours. */
export function durationText(hours: number): string {
  if (hours < 25) {
    const h = Math.max(1, Math.ceil(hours));
    return `${h} ${h === 1 ? 'hour' : 'hours'}`;
  }
  const d = Math.max(1, Math.round(hours / 24));
  return `${d} ${d === 1 ? 'day' : 'days'}`;
}

/** The repeat notice of a repeating promotion, null otherwise. */
export function repeatMessage(p: Pick<Promotion, 'isRepeat' | 'expiry' | 'expireHours'>): string | null {
  if (!p.isRepeat) return null;
  if (p.expiry.kind === 'end_of_day') return 'This promotion repeats every day.';
  if (p.expiry.kind === 'end_of_month') return 'This promotion repeats every month.';
  return `This promotion repeats every ${durationText(p.expireHours)}.`;
}

/**
 * End of the period running at `now`: date_expire for a one-off promotion; for a repeating one the end of the
 * period containing `now` (same length as the first, or the local day / month for those options).
 */
export function currentPeriodEnd(p: Promotion, now: string): string {
  const t = Date.parse(now);
  const first = Date.parse(p.dateExpire);
  if (!p.isRepeat || t < first) return p.dateExpire;
  if (p.expiry.kind === 'end_of_day') return endOfLocalDay(now, p.timezone);
  if (p.expiry.kind === 'end_of_month') return endOfLocalMonth(now, p.timezone);
  const length = first - Date.parse(p.createdAt);
  const periods = Math.floor((t - first) / length) + 1;
  return new Date(first + periods * length).toISOString();
}

// ---------------------------------------------------------------------------------------------------------
// Status and eligibility

export type PromotionStatus = 'none' | 'active' | 'expired' | 'ended';

export function promotionStatus(state: PromotionState, now: string): PromotionStatus {
  if (!state.current) return 'none';
  if (state.currentEnded) return 'ended';
  if (!state.current.isRepeat && Date.parse(now) >= Date.parse(state.current.dateExpire)) return 'expired';
  return 'active';
}

/** The running promotion, or null. */
export const activePromotion = (state: PromotionState, now: string): Promotion | null => (promotionStatus(state, now) === 'active' ? state.current : null);

export interface PromotionViewer {
  isStaff: boolean;
  /** Subscription status '1' or '2' and not lapsed. */
  isSubscriber: boolean;
  /** NEW_USERS vs OLD_USERS: subscribed before (for a subscriber: a membership before the current one). */
  hasSubscribedBefore: boolean;
}

/**
 * The viewer of a promotion from what the membership records hold (the subscription stream on the write side,
 * the subscribers read model on the read side, so both judge alike): subscribed now when paid (or given) through
 * a future date; "subscribed before" for a non-member = any membership ever, for a member = more than the current
 * period paid (a renewal or an earlier membership).
 */
export function promotionViewerOf(input: { isStaff: boolean; membership: { expiresAt: string | null; periods: number } | null; now: string }): PromotionViewer {
  const m = input.membership;
  const isSubscriber = !!m?.expiresAt && Date.parse(m.expiresAt) > Date.parse(input.now);
  const hasSubscribedBefore = isSubscriber ? (m?.periods ?? 0) > 1 : !!m && (m.periods > 0 || m.expiresAt !== null);
  return { isStaff: input.isStaff, isSubscriber, hasSubscribedBefore };
}

export function matchesAudience(applicableTo: ApplicableTo, hasSubscribedBefore: boolean): boolean {
  switch (applicableTo) {
    case 'ALL_USERS':
      return true;
    case 'NEW_USERS':
      return !hasSubscribedBefore;
    case 'OLD_USERS':
      return hasSubscribedBefore;
  }
}

/** A locked item a locked-content promotion may discount. Direct (one-to-one) chat messages are not covered. */
export type LockedItem = 'post' | 'mass_message';

export function subtypeCovers(subtype: LockedContentSubtype, item: LockedItem): boolean {
  if (subtype === 'EXCLUSIVE_CONTENT_AND_MASS_MESSAGE') return true;
  return subtype === 'LOCKED_CONTENT' ? item === 'post' : item === 'mass_message';
}

/** The viewer may buy at this promotion's price (staff never buy; subscribers buy locked content, others subscribe). */
export function isEligible(p: Promotion, viewer: PromotionViewer, item?: LockedItem): boolean {
  if (viewer.isStaff) return false;
  if (!matchesAudience(p.applicableTo, viewer.hasSubscribedBefore)) return false;
  if (p.offer.type === 'SUBSCRIPTION') return !viewer.isSubscriber;
  return viewer.isSubscriber && (item === undefined || subtypeCovers(p.offer.subtype, item));
}

/**
 * The ribbon (banner): shown while promotions are enabled and the promotion runs, to those it applies to; admins
 * and subscribers see the locked-content promotion, and staff see the subscription one as a
 * preview. It hides when the countdown ends. Guests count as new users.
 */
export function ribbon(
  state: PromotionState,
  viewer: PromotionViewer,
  now: string,
  promotionsEnabled: boolean,
): { promotionId: string; ribbonText: string; endsAt: string; remainingMs: number; repeatMessage: string | null } | null {
  const p = activePromotion(state, now);
  if (!promotionsEnabled || !p) return null;
  const visible = viewer.isStaff || isEligible(p, viewer);
  if (!visible) return null;
  const endsAt = currentPeriodEnd(p, now);
  return { promotionId: p.promotionId, ribbonText: p.ribbonText, endsAt, remainingMs: Date.parse(endsAt) - Date.parse(now), repeatMessage: repeatMessage(p) };
}

/**
 * The promotion a purchase or subscription names, checked. Promotions switched off, no id, an unknown id, an
 * id that is not the current promotion, an ended or expired one: 'Sorry promotion expired.' (410). A viewer or
 * item it does not apply to: 'Invalid request.' (the fan site never offers it, so the request is not genuine).
 */
export function requirePromotion(
  state: PromotionState,
  req: { promotionId: string | null | undefined; viewer: PromotionViewer; now: string; promotionsEnabled: boolean; item?: LockedItem },
): Promotion {
  const p = activePromotion(state, req.now);
  if (!req.promotionsEnabled || !req.promotionId || !p || p.promotionId !== req.promotionId) throw new DomainError(PROMOTION_EXPIRED, 'PROMOTION_EXPIRED', 410);
  if (!isEligible(p, req.viewer, req.item)) throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
  return p;
}

/** A locked item's price under a (checked) locked-content promotion. */
export function promotedPriceCents(p: Promotion, amountCents: number): number {
  if (p.offer.type !== 'LOCKED_CONTENT') throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
  return lockedContentPriceCents(amountCents, p.offer.discountPercent);
}

/** A subscription's prices under a (checked) subscription promotion. */
export function promotedSubscriptionPrices(p: Promotion): SubscriptionPrices {
  if (p.offer.type !== 'SUBSCRIPTION') throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
  return subscriptionPromotionPrices(p.offer);
}

// ---------------------------------------------------------------------------------------------------------
// Decider

function validOffer(input: PromotionOfferInput): PromotionOffer {
  if (input.type === 'SUBSCRIPTION') {
    for (const [field, cents] of [
      ['subscription_initial_amount', input.initialCents],
      ['subscription_recurring_amount', input.recurringCents],
    ] as const) {
      if (!Number.isInteger(cents) || cents <= 0) throw new ValidationError(field, 'Please enter a valid amount');
    }
    let trialPeriodDays: number | null = null;
    if (input.isTrialOffer) {
      const days = input.initialPeriodDays ?? Number.NaN;
      if (!isValidTrialPeriod(days)) throw new ValidationError('initial_period', 'Choose an initial period between 1 and 29 days or 1 month.');
      trialPeriodDays = days;
    }
    return { type: 'SUBSCRIPTION', initialCents: input.initialCents, recurringCents: input.recurringCents, trialPeriodDays };
  }
  if (!LOCKED_CONTENT_SUBTYPES.includes(input.subtype)) throw new ValidationError('promotion_type', 'Invalid request.');
  const discountPercent = input.discountPercent ?? PROMOTION_DISCOUNT_DEFAULT;
  if (!Number.isInteger(discountPercent) || discountPercent < PROMOTION_DISCOUNT_MIN || discountPercent > PROMOTION_DISCOUNT_MAX)
    throw new ValidationError('discount_percentage', `Choose a discount between ${PROMOTION_DISCOUNT_MIN} and ${PROMOTION_DISCOUNT_MAX} percent.`);
  return { type: 'LOCKED_CONTENT', subtype: input.subtype, discountPercent };
}

export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  initialState: () => ({ current: null, currentEnded: false, knownIds: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'PromotionCreated':
        return { current: event.data, currentEnded: false, knownIds: [...state.knownIds, event.data.promotionId] };
      case 'PromotionEnded':
        return state.current?.promotionId === event.data.promotionId ? { ...state, currentEnded: true } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreatePromotion': {
        if (state.knownIds.includes(command.promotionId)) return []; // a retry of the same save
        const offer = validOffer(command.offer);
        if (state.current && state.current.offer.type !== offer.type) throw new DomainError('Invalid request.', 'WRONG_PROMOTION_STREAM', 400);
        if (!APPLICABLE_TO.includes(command.applicableTo)) throw new ValidationError('applicable_to', 'Invalid request.');
        const ribbonText = command.ribbonText.trim();
        if (ribbonText === '') throw new ValidationError('ribbon_text', 'Please enter ribbon text.');
        if (ribbonText.length > RIBBON_TEXT_MAX) throw new ValidationError('ribbon_text', `Ribbon text cannot be more than ${RIBBON_TEXT_MAX} characters.`);
        if (!isValidExpiry(command.expiry)) throw new ValidationError('date_expire', 'Invalid request.');
        assertTimeZone(command.timezone);
        if (promotionStatus(state, command.at) === 'active')
          throw new DomainError('A promotion is already running. End it before creating a new one.', 'PROMOTION_ALREADY_ACTIVE', 409, { promotionId: state.current!.promotionId });
        const dateExpire = computeDateExpire(command.expiry, command.at, command.timezone);
        return [
          {
            type: 'PromotionCreated',
            data: {
              promotionId: command.promotionId,
              offer,
              applicableTo: command.applicableTo,
              ribbonText,
              expiry: command.expiry,
              timezone: command.timezone,
              isRepeat: command.isRepeat,
              createdAt: command.at,
              dateExpire,
              expireHours: Math.ceil((Date.parse(dateExpire) - Date.parse(command.at)) / HOUR),
              createdBy: command.actorId,
            },
          },
        ];
      }
      case 'EndPromotion': {
        if (!state.knownIds.includes(command.promotionId)) throw new DomainError('Error in end promotion.', 'PROMOTION_NOT_FOUND', 404);
        // An older promotion (already replaced) or one already ended: nothing left to end.
        if (state.current?.promotionId !== command.promotionId || state.currentEnded) return [];
        return [{ type: 'PromotionEnded', data: { promotionId: command.promotionId, type: state.current.offer.type, endedAt: command.at, endedBy: command.actorId } }];
      }
    }
  },
};

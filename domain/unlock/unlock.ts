// Post unlock (stream `post-unlock-<postId>-<userId>`): one fan's purchase of one locked post.
// It records the pending payment before any money moves, so concurrent clicks and crash recovery all
// converge on the same payment id — one charge, one entitlement.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { lockedContentPriceCents } from '../pricing/pricing';

export const unlockStream = (postId: string, userId: string) => `post-unlock-${postId}-${userId}`;

export const ALREADY_UNLOCKED = 'Content already unlocked.';
export const COULD_NOT_UNLOCK = 'Could not unlock content.';
/** A locked post limited to a tier is for sale only to members of that tier or higher. */
export const TIER_REQUIRED = 'This post is for members of a higher tier: upgrade to unlock it.';

export type UnlockEvent =
  /** `promotionId`: bought at a locked-content promotion's price (promotion reports read it from here). */
  | DomainEvent<'PostUnlockRequested', { postId: string; userId: string; paymentId: string; amountCents: number; requestedAt: string; promotionId?: string }>
  | DomainEvent<'PostUnlocked', { postId: string; userId: string; paymentId: string; amountCents: number; unlockedAt: string }>
  | DomainEvent<'PostUnlockFailed', { postId: string; userId: string; paymentId: string; failureCode: string; failedAt: string }>
  /** The money came back (refund, void, chargeback): the post is locked for this fan again and may be bought anew. */
  | DomainEvent<'PostUnlockRevoked', { postId: string; userId: string; paymentId: string; reason: 'refund' | 'void' | 'chargeback'; revokedAt: string }>;

export interface RequestUnlock {
  type: 'RequestUnlock';
  postId: string;
  userId: string;
  paymentId: string;
  /** The price the fan confirmed, in cents. */
  confirmedAmountCents: number;
  post: { exists: boolean; deleted: boolean; visibility: string | null; priceCents: number };
  /** `boughtAsGuest`: bought on the guest form with an email only, where no membership is asked for. `belowTier`: the
   *  post is limited to a tier that ranks above the buyer's. */
  viewer: { isStaff: boolean; isSubscriber: boolean; boughtAsGuest?: boolean; belowTier?: boolean };
  /** A locked-content promotion the caller has checked (domain/promotion requirePromotion): the fan pays its price. */
  promotion?: { promotionId: string; discountPercent: number } | null;
  at: string;
}

export type UnlockCommand =
  | RequestUnlock
  | { type: 'CompleteUnlock'; postId: string; userId: string; paymentId: string; amountCents: number; at: string }
  | { type: 'FailUnlock'; postId: string; userId: string; paymentId: string; failureCode: string; at: string }
  | { type: 'RevokeUnlock'; postId: string; userId: string; paymentId: string; reason: 'refund' | 'void' | 'chargeback'; at: string };

export interface UnlockState {
  unlocked: boolean;
  pendingPaymentId: string | null;
  pendingAmountCents: number;
  paymentId: string | null;
}

export const unlockDecider: Decider<UnlockCommand, UnlockEvent, UnlockState> = {
  initialState: () => ({ unlocked: false, pendingPaymentId: null, pendingAmountCents: 0, paymentId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'PostUnlockRequested':
        return { ...state, pendingPaymentId: event.data.paymentId, pendingAmountCents: event.data.amountCents };
      case 'PostUnlocked':
        return { ...state, unlocked: true, pendingPaymentId: null, paymentId: event.data.paymentId };
      case 'PostUnlockFailed':
        return state.pendingPaymentId === event.data.paymentId ? { ...state, pendingPaymentId: null } : state;
      case 'PostUnlockRevoked':
        return { ...state, unlocked: false, paymentId: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestUnlock': {
        if (state.unlocked) throw new DomainError(ALREADY_UNLOCKED, 'ALREADY_UNLOCKED', 409);
        // A purchase of this post is already under way (double click, retry, parallel tab): join it.
        if (state.pendingPaymentId) return [];
        const { post, viewer } = command;
        if (!post.exists || post.deleted) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
        if (post.visibility !== 'locked') throw new DomainError(COULD_NOT_UNLOCK, 'NOT_LOCKED', 400);
        if (viewer.isStaff) throw new DomainError(COULD_NOT_UNLOCK, 'STAFF_NEEDS_NO_UNLOCK', 400);
        if (!viewer.isSubscriber && !viewer.boughtAsGuest) throw new DomainError(COULD_NOT_UNLOCK, 'SUBSCRIPTION_REQUIRED', 403);
        if (viewer.belowTier) throw new DomainError(TIER_REQUIRED, 'TIER_REQUIRED', 403);
        const promotion = command.promotion ?? null;
        const priceCents = promotion ? lockedContentPriceCents(post.priceCents, promotion.discountPercent) : post.priceCents;
        if (command.confirmedAmountCents !== priceCents)
          throw new DomainError('Invalid request.', 'PRICE_CHANGED', 409, { field: 'amount', priceCents });
        return [
          {
            type: 'PostUnlockRequested',
            data: {
              postId: command.postId, userId: command.userId, paymentId: command.paymentId, amountCents: priceCents, requestedAt: command.at,
              ...(promotion ? { promotionId: promotion.promotionId } : {}),
            },
          },
        ];
      }
      case 'CompleteUnlock':
        if (state.unlocked) return [];
        return [{ type: 'PostUnlocked', data: { postId: command.postId, userId: command.userId, paymentId: command.paymentId, amountCents: command.amountCents, unlockedAt: command.at } }];
      case 'FailUnlock':
        if (state.unlocked || state.pendingPaymentId !== command.paymentId) return [];
        return [{ type: 'PostUnlockFailed', data: { postId: command.postId, userId: command.userId, paymentId: command.paymentId, failureCode: command.failureCode, failedAt: command.at } }];
      case 'RevokeUnlock':
        // Only the payment that unlocked the post takes the unlock away (a stale notice about an older one does not).
        if (!state.unlocked || state.paymentId !== command.paymentId) return [];
        return [{ type: 'PostUnlockRevoked', data: { postId: command.postId, userId: command.userId, paymentId: command.paymentId, reason: command.reason, revokedAt: command.at } }];
    }
  },
};

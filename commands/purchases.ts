// Fan purchases: unlocking a locked post (by card or from the wallet) and subscribing. Both go through the one
// purchase start (commands/payment/pay.ts): the pending purchase is recorded first, then the payment process takes
// the money, so parallel clicks join one payment and a crash is resumed on restart.
import type { Role } from '../domain/shared/wire';
import type { CommandContext } from './handle';
import type { PurchaseDeps } from './payment/process';
import { pay } from './payment/pay';
import { postUnlockPurchase } from './payment/kinds/post-unlock';
import { fromWallet, purchaseOutcome, type PurchaseOutcome, type WalletPurchaseOutcome } from './payment/outcome';
import type { CardChoice } from './cards';
import { subscribeMember } from './subscriptions';

export type { PurchaseOutcome, WalletPurchaseOutcome };

/** Unlocks a locked post by card (the saved primary card, a chosen one, or a new one from the form). */
export async function unlockPost(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: {
    userId: string;
    role: Role;
    postId: string;
    confirmedAmountCents: number;
    card: CardChoice;
    /** is_promotion_applied: buy at the running locked-content promotion's price (promotionId names it). */
    applyPromotion?: boolean;
    promotionId?: string | null;
  },
): Promise<PurchaseOutcome> {
  const paid = await pay(ctx, deps, postUnlockPurchase, {
    userId: input.userId, role: input.role, postId: input.postId, confirmedAmountCents: input.confirmedAmountCents,
    applyPromotion: !!input.applyPromotion, promotionId: input.promotionId,
  }, { method: 'card', card: input.card });
  return purchaseOutcome(ctx, paid, 'Content unlocked successfully.');
}

/**
 * Pays for a locked post from the wallet. Throws 'Content already unlocked.' (409, nothing charged), 402
 * INSUFFICIENT_FUNDS with the shortfall (nothing charged), or the unlock rules' refusals.
 */
export async function purchasePostFromWallet(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: { userId: string; role: Role; postId: string; confirmedAmountCents: number | null; promotionId?: string | null },
): Promise<WalletPurchaseOutcome> {
  // A running locked-content promotion the fan bought at (promotion_id): checked now, else 'Sorry promotion expired.'
  const paid = await pay(ctx, deps, postUnlockPurchase, { ...input, applyPromotion: !!input.promotionId }, { method: 'wallet' });
  return fromWallet(await purchaseOutcome(ctx, paid, 'Content unlocked successfully.'));
}

/**
 * Subscribing moved to commands/subscriptions.ts (prices from domain/pricing: returning prices, promotion,
 * coupon, trial periods, $0 first periods). Kept for callers of this module.
 */
export async function subscribe(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: { userId: string; role?: Role; card: CardChoice; promotionId?: string | null; couponCode?: string | null },
): Promise<PurchaseOutcome> {
  const o = await subscribeMember(ctx, deps, { userId: input.userId, role: input.role ?? 'user', card: input.card, promotionId: input.promotionId, couponCode: input.couponCode });
  return { accepted: o.accepted, paymentId: o.paymentId ?? '', transactionId: o.transactionId, message: o.message, amountCents: o.amountCents, failureCode: o.failureCode, allowCascade: o.allowCascade };
}

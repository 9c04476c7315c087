// Fan purchases: unlocking a locked post (by card or from the wallet) and subscribing. Both record the pending
// purchase first, then run the payment process (commands/payment/process.ts), so parallel clicks join one payment
// and a crash is resumed on restart.
import { DomainError } from '../domain/shared/decider';
import { postDecider, postStream, type PostState } from '../domain/post/post';
import { unlockDecider, unlockStream, ALREADY_UNLOCKED, COULD_NOT_UNLOCK } from '../domain/unlock/unlock';
import { isActive, subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import { isStaffRole } from '../domain/user/user';
import type { Role } from '../domain/shared/wire';
import type { CardRef, PaymentState } from '../domain/payment/payment';
import { walletShortfallError } from '../domain/wallet/wallet';
import { lockedContentPriceCents } from '../domain/pricing/pricing';
import { handle, loadStream, type CommandContext } from './handle';
import { payFor, resumeOwnPayment, type PurchaseDeps } from './payment/process';
import { purchaseOutcome, walletOutcome, type PurchaseOutcome, type WalletPurchaseOutcome } from './payment/outcome';

export type { PurchaseOutcome, WalletPurchaseOutcome };
import { walletBalance } from './payment/wallet-stream';
import { resolveCard, type CardChoice } from './cards';
import { requireLockedContentPromotion } from './promotions';
import { subscribeMember } from './subscriptions';

/**
 * Reuse groups (commands/content.ts reusePost): a fan who bought any version of a post is entitled to every
 * version, so an unlock of another version answers 'Content already unlocked.' and charges nothing. The group is
 * read from the root post's stream, which lists its versions; a version it does not list is refused (404).
 */
export async function boughtAnotherVersion(ctx: CommandContext, post: PostState, postId: string, userId: string): Promise<boolean> {
  const root = post.rootPostId ?? postId;
  const versions = root === postId ? post.versions : (await loadStream(ctx.store, postStream(root), postDecider)).state.versions;
  // A version its root does not list (reusePost failed between its two appends) is shown to nobody: not for sale.
  if (root !== postId && !versions.includes(postId)) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
  if (root === postId && versions.length === 0) return false;
  const others = [root, ...versions].filter((id) => id !== postId);
  const states = await Promise.all(others.map((id) => loadStream(ctx.store, unlockStream(id, userId), unlockDecider)));
  return states.some((s) => s.state.unlocked);
}

/**
 * The one way a locked post is bought, by card or from the wallet: the unlock rules, the running promotion the fan
 * bought at, the other versions already bought, then the pending unlock (its payment id) and the payment process.
 */
async function buyPost(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: {
    userId: string;
    role: Role;
    postId: string;
    /** The price the fan confirmed; null (the wallet call may carry none): the price the post has now. */
    confirmedAmountCents: number | null;
    applyPromotion: boolean;
    promotionId?: string | null;
    pay: { method: 'card'; card: CardChoice } | { method: 'wallet' };
  },
): Promise<{ paymentId: string; payment: PaymentState }> {
  // A retry of this request (the same Idempotency-Key) whose payment was started: finished and answered as it was.
  const paymentId = ctx.idFor('payment');
  const prior = ctx.requestKey ? await resumeOwnPayment(ctx, deps, paymentId, input.userId) : null;
  if (prior) return { paymentId, payment: prior };
  const [post, subscription, current] = await Promise.all([
    loadStream(ctx.store, postStream(input.postId), postDecider),
    loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider),
    loadStream(ctx.store, unlockStream(input.postId, input.userId), unlockDecider),
  ]);
  const viewer = { isStaff: isStaffRole(input.role), isSubscriber: isActive(subscription.state, ctx.now()) };
  // Check the purchase is allowed before a new card is tokenised and saved.
  const base = {
    type: 'RequestUnlock' as const,
    postId: input.postId,
    userId: input.userId,
    paymentId,
    confirmedAmountCents: input.confirmedAmountCents ?? post.state.priceCents,
    post: post.state,
    viewer,
    at: ctx.now(),
  };
  let promotion: { promotionId: string; discountPercent: number } | null = null;
  if (input.applyPromotion && !current.state.unlocked && !current.state.pendingPaymentId) {
    // The rules other than the price first, then the promotion price only while the promotion runs (checked
    // against its stream, else 'Sorry promotion expired.'). An unlock already bought or under way is answered as
    // before, at the price it was requested with.
    unlockDecider.decide({ ...base, confirmedAmountCents: post.state.priceCents }, current.state);
    promotion = await requireLockedContentPromotion(ctx, { userId: input.userId, role: input.role, promotionId: input.promotionId, item: 'post' });
    if (input.confirmedAmountCents === null) base.confirmedAmountCents = lockedContentPriceCents(post.state.priceCents, promotion.discountPercent);
  }
  const request = { ...base, promotion };
  unlockDecider.decide(request, current.state);
  if (await boughtAnotherVersion(ctx, post.state, input.postId, input.userId)) throw new DomainError(ALREADY_UNLOCKED, 'ALREADY_UNLOCKED', 409);
  let card: CardRef | null = null;
  if (input.pay.method === 'card') card = await resolveCard(ctx, deps, input.userId, input.pay.card);
  else if (!current.state.pendingPaymentId) {
    // Not enough in the wallet: refused before anything is written (a race past this check is refused by the debit).
    const price = promotion ? lockedContentPriceCents(post.state.priceCents, promotion.discountPercent) : post.state.priceCents;
    const balance = await walletBalance(ctx, input.userId);
    if (balance < price) throw walletShortfallError({ kind: 'unlock', postId: input.postId }, price, balance);
  }
  const requested = await handle(ctx, unlockStream(input.postId, input.userId), unlockDecider, request);
  // Another click already under way for this post: this request joins its payment.
  const pendingId = requested.state.pendingPaymentId;
  if (!pendingId) throw new DomainError(COULD_NOT_UNLOCK, 'NO_PENDING_PAYMENT', 409);
  const payment = await payFor(ctx, deps, pendingId, {
    userId: input.userId,
    purpose: { kind: 'unlock', postId: input.postId },
    amountCents: requested.state.pendingAmountCents,
    card,
    method: input.pay.method,
  });
  return { paymentId: pendingId, payment };
}

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
  const { paymentId, payment } = await buyPost(ctx, deps, {
    userId: input.userId, role: input.role, postId: input.postId, confirmedAmountCents: input.confirmedAmountCents,
    applyPromotion: !!input.applyPromotion, promotionId: input.promotionId, pay: { method: 'card', card: input.card },
  });
  return purchaseOutcome(paymentId, payment, 'Content unlocked successfully.');
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
  const { paymentId, payment } = await buyPost(ctx, deps, { ...input, applyPromotion: !!input.promotionId, pay: { method: 'wallet' } });
  return walletOutcome(ctx, input.userId, paymentId, payment);
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

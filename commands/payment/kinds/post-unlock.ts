// Unlock of a locked post, by card or from the wallet (commands/purchases.ts). It starts with the unlock rules, the
// running promotion the fan bought at and the other versions of the post already bought, then records the pending
// unlock; the unlock completes on capture, is released on a failure, and is revoked when the money comes back.
import { DomainError } from '../../../domain/shared/decider';
import { postDecider, postStream, type PostState } from '../../../domain/post/post';
import { unlockDecider, unlockStream, ALREADY_UNLOCKED, COULD_NOT_UNLOCK } from '../../../domain/unlock/unlock';
import { isActive, subscriptionDecider, subscriptionStream } from '../../../domain/subscription/subscription';
import { isStaffRole } from '../../../domain/shared/wire';
import { lockedContentPriceCents } from '../../../domain/pricing/pricing';
import { handle, loadStream, type CommandContext } from '../../handle';
import { requireLockedContentPromotion } from '../../promotions';
import type { Buyer, PurchaseKind } from '../kind';
import { notRecorded } from '../pay';
import { loadPlans } from '../../membership-plans';
import { tierRank } from '../../../domain/membership-plan/plan';
import { meetsTier } from '../../../domain/post/visibility';

export interface PostUnlockInput extends Buyer {
  postId: string;
  /** The price the fan confirmed; null (the wallet call may carry none): the price the post has now. */
  confirmedAmountCents: number | null;
  /** Buy at the running locked-content promotion's price (promotionId names it). */
  applyPromotion: boolean;
  promotionId?: string | null;
  /** A guest purchase's sale, recorded for the account it found or made: its payment id, no membership asked for. */
  guest?: { paymentId: string };
}

/**
 * Reuse groups (commands/content.ts reusePost): a fan who bought any version of a post is entitled to every
 * version, so an unlock of another version answers 'Content already unlocked.' and charges nothing. The group is
 * read from the root post's stream, which lists its versions; a version it does not list is refused (404).
 */
async function boughtAnotherVersion(ctx: CommandContext, post: PostState, postId: string, userId: string): Promise<boolean> {
  const root = post.rootPostId ?? postId;
  const versions = root === postId ? post.versions : (await loadStream(ctx.store, postStream(root), postDecider)).state.versions;
  // A version its root does not list (reusePost failed between its two appends) is shown to nobody: not for sale.
  if (root !== postId && !versions.includes(postId)) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
  if (root === postId && versions.length === 0) return false;
  const others = [root, ...versions].filter((id) => id !== postId);
  const states = await Promise.all(others.map((id) => loadStream(ctx.store, unlockStream(id, userId), unlockDecider)));
  return states.some((s) => s.state.unlocked);
}

export const postUnlockPurchase: PurchaseKind<'unlock', PostUnlockInput> = {
  kind: 'unlock',
  paymentIdOf: (ctx, input) => (input.guest ? { paymentId: input.guest.paymentId, retry: true } : { paymentId: ctx.idFor('payment'), retry: !!ctx.requestKey }),
  async start(ctx, input, paymentId) {
    const [post, subscription, current] = await Promise.all([
      loadStream(ctx.store, postStream(input.postId), postDecider),
      loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider),
      loadStream(ctx.store, unlockStream(input.postId, input.userId), unlockDecider),
    ]);
    // A post limited to a tier: the buyer's tier now against the post's (the plans read only then).
    const plans = post.state.minTierId ? await loadPlans(ctx.store) : null;
    const belowTier = !!plans && !meetsTier(tierRank(plans, subscription.state.tierId), { rank: tierRank(plans, post.state.minTierId) });
    const viewer = { isStaff: isStaffRole(input.role), isSubscriber: isActive(subscription.state, ctx.now()), boughtAsGuest: !!input.guest, belowTier };
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
    const price = promotion ? lockedContentPriceCents(post.state.priceCents, promotion.discountPercent) : post.state.priceCents;
    return {
      purpose: { kind: 'unlock', postId: input.postId },
      amountCents: price,
      // A click already under way is joined: its wallet was checked when it started.
      walletMustCoverCents: current.state.pendingPaymentId ? null : price,
      async record() {
        const requested = await handle(ctx, unlockStream(input.postId, input.userId), unlockDecider, request);
        // Another click already under way for this post: this request joins its payment.
        const pendingId = requested.state.pendingPaymentId;
        if (!pendingId) throw notRecorded(COULD_NOT_UNLOCK);
        return { paymentId: pendingId, amountCents: requested.state.pendingAmountCents };
      },
    };
  },
  async grant(ctx, r) {
    const { postId } = r.purpose;
    await handle(ctx, unlockStream(postId, r.userId), unlockDecider, {
      type: 'CompleteUnlock', postId, userId: r.userId, paymentId: r.paymentId, amountCents: r.amountCents, at: ctx.now(),
    });
  },
  async release(ctx, r, failureCode) {
    const { postId } = r.purpose;
    await handle(ctx, unlockStream(postId, r.userId), unlockDecider, { type: 'FailUnlock', postId, userId: r.userId, paymentId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    const { postId } = r.purpose;
    await handle(ctx, unlockStream(postId, r.userId), unlockDecider, { type: 'RevokeUnlock', postId, userId: r.userId, paymentId: r.paymentId, reason: reversal, at: ctx.now() });
  },
};

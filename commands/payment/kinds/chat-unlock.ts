// Unlock of a locked chat message by its fan (commands/chat.ts purchaseChatMessage), by card or from the wallet.
// It starts with the message's rules (a mass message's copy is seeded from the mass message first) and, for a mass
// message's copy, the running promotion; then the pending unlock is recorded. The message opens on capture, its
// pending unlock is released on a failure, and it closes again when the money comes back. A message limited to a
// tier is refused to a buyer of a lower tier before anything is recorded (TIER_REQUIRED, nothing charged).
import { DomainError } from '../../../domain/shared/decider';
import { chatMessageDecider, chatMessageStream, COULD_NOT_UNLOCK_MESSAGE } from '../../../domain/chat/chat-message';
import { isActive, subscriptionDecider, subscriptionStream } from '../../../domain/subscription/subscription';
import { isStaffRole } from '../../../domain/shared/wire';
import { lockedContentPriceCents } from '../../../domain/pricing/pricing';
import { handle, loadStream } from '../../handle';
import { recordMassCopy } from '../../mass-messages';
import { requireLockedContentPromotion } from '../../promotions';
import type { Buyer, PurchaseKind } from '../kind';
import { notRecorded } from '../pay';
import { loadPlans } from '../../membership-plans';
import { tierRank } from '../../../domain/membership-plan/plan';
import { meetsTier } from '../../../domain/post/visibility';

export interface ChatUnlockInput extends Buyer {
  messageId: string;
  /** The price the fan confirmed; null (the wallet call may carry none): the message's price. */
  confirmedAmountCents: number | null;
  /** The mass message the read models say this is a copy of (checked against its stream), or null. */
  massMessageId?: string | null;
  /** is_promotion_applied with promotion_id: a mass message's copy at the running promotion's price. */
  applyPromotion?: boolean;
  promotionId?: string | null;
}

export const chatUnlockPurchase: PurchaseKind<'chat_unlock', ChatUnlockInput> = {
  kind: 'chat_unlock',
  async start(ctx, input, paymentId) {
    const stream = chatMessageStream(input.messageId);
    // A mass message's copy gets its own stream first (seeded from the mass message), then is bought like any message.
    await recordMassCopy(ctx, input.messageId, input.massMessageId ?? null);
    const [message, subscription] = await Promise.all([
      loadStream(ctx.store, stream, chatMessageDecider),
      loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider),
    ]);
    // A message limited to a tier: the buyer's tier now against the message's (the plans read only then).
    const plans = message.state.minTierId ? await loadPlans(ctx.store) : null;
    const belowTier = !!plans && !meetsTier(tierRank(plans, subscription.state.tierId), { rank: tierRank(plans, message.state.minTierId) });
    const request = {
      type: 'RequestChatUnlock' as const,
      fanId: input.userId,
      paymentId,
      confirmedAmountCents: input.confirmedAmountCents ?? message.state.priceCents,
      viewer: { isStaff: isStaffRole(input.role), isSubscriber: isActive(subscription.state, ctx.now()), belowTier },
      at: ctx.now(),
    };
    let promotion: { promotionId: string; discountPercent: number } | null = null;
    if (input.applyPromotion && !message.state.unlocked && !message.state.pendingUnlockPaymentId) {
      // The other rules first, then the promotion (running, covering mass messages, else 'Sorry promotion expired.').
      chatMessageDecider.decide({ ...request, confirmedAmountCents: message.state.priceCents }, message.state);
      if (!message.state.massMessageId) throw new DomainError('Invalid request.', 'PROMOTION_NOT_APPLICABLE', 400);
      promotion = await requireLockedContentPromotion(ctx, { userId: input.userId, role: input.role, promotionId: input.promotionId, item: 'mass_message' });
      if (input.confirmedAmountCents === null) request.confirmedAmountCents = lockedContentPriceCents(message.state.priceCents, promotion.discountPercent);
    }
    const promoted = { ...request, promotion };
    chatMessageDecider.decide(promoted, message.state);
    const price = promotion ? lockedContentPriceCents(message.state.priceCents, promotion.discountPercent) : message.state.priceCents;
    return {
      purpose: { kind: 'chat_unlock', messageId: input.messageId },
      amountCents: price,
      // A click already under way is joined: its wallet was checked when it started.
      walletMustCoverCents: message.state.pendingUnlockPaymentId ? null : price,
      async record() {
        const requested = await handle(ctx, stream, chatMessageDecider, promoted);
        // Another click already under way for this message: this request joins its payment.
        const pendingId = requested.state.pendingUnlockPaymentId;
        if (!pendingId) throw notRecorded(COULD_NOT_UNLOCK_MESSAGE);
        return { paymentId: pendingId, amountCents: requested.state.pendingUnlockCents };
      },
    };
  },
  async grant(ctx, r) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'CompleteChatUnlock', paymentId: r.paymentId, amountCents: r.amountCents, at: ctx.now() });
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'FailChatUnlock', paymentId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'RevokeChatUnlock', paymentId: r.paymentId, reason: reversal, at: ctx.now() });
  },
};

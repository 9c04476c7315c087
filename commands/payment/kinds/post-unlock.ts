// Unlock of a locked post (commands/purchases.ts by card, commands/wallet.ts from the wallet): the unlock stream
// completes on capture, is released on a failure, and is revoked when the money comes back.
import { unlockDecider, unlockStream } from '../../../domain/unlock/unlock';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const postUnlockPurchase: PurchaseKind<'unlock'> = {
  kind: 'unlock',
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

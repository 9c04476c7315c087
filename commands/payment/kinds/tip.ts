// Tip (commands/tips.ts starts it): the tip stream is marked sent on capture, failed on a failure, and reversed
// when the money comes back. The tip's id is its payment id.
import { tipDecider, tipStream } from '../../../domain/tip/tip';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const tipPurchase: PurchaseKind<'tip'> = {
  kind: 'tip',
  describe: () => 'Tip',
  walletPurchase: (p) => ({ kind: 'tip', tipFrom: p.tipFrom, isAnonymous: p.isAnonymous }),
  async grant(ctx, r) {
    await handle(ctx, tipStream(r.paymentId), tipDecider, { type: 'CompleteTip', tipId: r.paymentId, at: ctx.now() });
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, tipStream(r.paymentId), tipDecider, { type: 'FailTip', tipId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    await handle(ctx, tipStream(r.paymentId), tipDecider, { type: 'ReverseTip', tipId: r.paymentId, kind: reversal, at: ctx.now() });
  },
};

// Tip (commands/tips.ts starts it): the tip stream is marked sent on capture, failed on a failure, and reversed
// when the money comes back. The tip's id is its payment id. A live tip is counted by its session on capture, however
// the capture came (the charge's answer, the provider's notice, the payment recovery); the session's read model takes
// it back on TipReversed.
import { tipDecider, tipStream } from '../../../domain/tip/tip';
import { liveSessionDecider, liveSessionStream } from '../../../domain/live/live-session';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const tipPurchase: PurchaseKind<'tip'> = {
  kind: 'tip',
  async grant(ctx, r) {
    await handle(ctx, tipStream(r.paymentId), tipDecider, { type: 'CompleteTip', tipId: r.paymentId, at: ctx.now() });
    if (r.purpose.tipFrom === 'live' && r.purpose.sessionId) {
      await handle(ctx, liveSessionStream(r.purpose.sessionId), liveSessionDecider, { type: 'RecordTip', tipId: r.paymentId, at: ctx.now() });
    }
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, tipStream(r.paymentId), tipDecider, { type: 'FailTip', tipId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    await handle(ctx, tipStream(r.paymentId), tipDecider, { type: 'ReverseTip', tipId: r.paymentId, kind: reversal, at: ctx.now() });
  },
};

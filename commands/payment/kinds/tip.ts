// Tip (commands/tips.ts), by card or from the wallet: only fans tip, within the site's bounds; the tip is recorded
// (amount, note, where from) before any money moves. It is marked sent on capture, failed on a failure, and
// reversed when the money comes back. The tip's id is its payment id. A live tip is counted by its session on
// capture, however the capture came (the charge's answer, the provider's notice, the payment recovery); the
// session's read model takes it back on TipReversed.
import { DomainError } from '../../../domain/shared/decider';
import { tipDecider, tipStream, validateTip, type TipFrom } from '../../../domain/tip/tip';
import { liveSessionDecider, liveSessionStream } from '../../../domain/live/live-session';
import { handle } from '../../handle';
import { loadSettings } from '../../settings';
import type { Buyer, PurchaseKind } from '../kind';

export interface TipInput extends Buyer {
  amountCents: number;
  message: string;
  tipFrom: TipFrom;
  isAnonymous: boolean;
  /** The tip's id (= its payment id); the same id again is the same tip. */
  tipId?: string;
  /**
   * A live tip: its session, which notes the offer once the tip is recorded and before any money moves (`offer`), and
   * counts it when the payment is captured, whenever that is (the tip kind's grant).
   */
  live?: { sessionId: string; offer: (tipId: string) => Promise<void> };
}

export const tipPurchase: PurchaseKind<'tip', TipInput> = {
  kind: 'tip',
  // The client's own id, else derived from the request's Idempotency-Key: either way a retry is the same tip.
  paymentIdOf: (ctx, input) => ({ paymentId: input.tipId ?? ctx.idFor('tip'), retry: !!input.tipId || !!ctx.requestKey }),
  async start(ctx, input, tipId) {
    // Staff do not pay their own site, and a proxy session never buys for the fan.
    if (input.role !== 'user') throw new DomainError('Only fans can send tips.', 'TIP_NOT_ALLOWED', 403);
    const settings = await loadSettings(ctx.store);
    const bounds = { minDollars: settings.tips_minimum_amount, maxDollars: settings.tips_maximum_amount };
    validateTip(input.amountCents, input.message, bounds);
    return {
      purpose: { kind: 'tip', tipFrom: input.tipFrom, isAnonymous: input.isAnonymous, ...(input.live ? { sessionId: input.live.sessionId } : {}) },
      amountCents: input.amountCents,
      async record() {
        await handle(ctx, tipStream(tipId), tipDecider, {
          type: 'RequestTip', tipId, userId: input.userId, amountCents: input.amountCents, tipFrom: input.tipFrom, isAnonymous: input.isAnonymous,
          message: input.message, bounds, at: ctx.now(),
        });
        await input.live?.offer(tipId);
        return { paymentId: tipId, amountCents: input.amountCents };
      },
    };
  },
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

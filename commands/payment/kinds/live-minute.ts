// A delivered minute of a one-to-one live session, paid from the fan's wallet. The server bills it, not the fan:
// the session records the minute as delivered first (commands/live.ts), with its payment id derived from the
// session and the minute (live-<session>-minute-<n>), so a repeated pass never charges twice and there is no wallet
// check before the debit — a debit that fails ends the call. On capture the session records the minute as charged
// (LiveMinuteCharged, once); a failed debit releases nothing (the supervisor ends the call); a refund of a minute
// changes the session nothing (its money comes back through the wallet, like any refund).
import { liveSessionDecider, liveSessionStream } from '../../../domain/live/live-session';
import { handle } from '../../handle';
import type { Buyer, PurchaseKind } from '../kind';

export interface LiveMinuteInput extends Buyer {
  sessionId: string;
  minute: number;
  /** The id the session recorded for this minute's payment. */
  paymentId: string;
  amountCents: number;
}

export const liveMinutePurchase: PurchaseKind<'live_minute', LiveMinuteInput> = {
  kind: 'live_minute',
  paymentIdOf: (_ctx, input) => ({ paymentId: input.paymentId, retry: true }),
  async start(_ctx, input) {
    return {
      purpose: { kind: 'live_minute', sessionId: input.sessionId, minute: input.minute },
      amountCents: input.amountCents,
      walletMustCoverCents: null,
      // Recorded by the session when the minute was delivered.
      record: async () => ({ paymentId: input.paymentId, amountCents: input.amountCents }),
    };
  },
  async grant(ctx, r) {
    await handle(ctx, liveSessionStream(r.purpose.sessionId), liveSessionDecider, {
      type: 'ChargeMinute', minute: r.purpose.minute, paymentId: r.paymentId, amountCents: r.amountCents, at: ctx.now(),
    });
  },
  async release() {},
  async revoke() {},
};

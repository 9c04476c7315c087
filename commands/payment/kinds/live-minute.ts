// A delivered minute of a one-to-one live session, paid from the fan's wallet (commands/live.ts starts it once the
// session recorded the minute as delivered; issue 15): on capture the session records the minute as charged
// (LiveMinuteCharged, once); a failed debit releases nothing (the supervisor ends the call); a refund of a minute
// changes the session nothing (its money comes back through the wallet, like any refund).
import { liveSessionDecider, liveSessionStream } from '../../../domain/live/live-session';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const liveMinutePurchase: PurchaseKind<'live_minute'> = {
  kind: 'live_minute',
  async grant(ctx, r) {
    await handle(ctx, liveSessionStream(r.purpose.sessionId), liveSessionDecider, {
      type: 'ChargeMinute', minute: r.purpose.minute, paymentId: r.paymentId, amountCents: r.amountCents, at: ctx.now(),
    });
  },
  async release() {},
  async revoke() {},
};

// A membership period (commands/subscriptions.ts: subscribe, accepted offer, migration, rebill): the period starts
// on capture, the pending charge is released on a failure (a rebill's retry schedule moves on), and the running
// period is taken back when the money comes back.
import { subscriptionDecider, subscriptionStream } from '../../../domain/subscription/subscription';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const subscriptionPurchase: PurchaseKind<'subscription'> = {
  kind: 'subscription',
  async grant(ctx, r) {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, {
      type: 'StartSubscription', paymentId: r.paymentId, paymentMethod: r.card ? `${r.card.brand} •••• ${r.card.last4}` : 'wallet', at: ctx.now(),
    });
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, { type: 'FailSubscriptionPayment', paymentId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, { type: 'RevokeForReversal', paymentId: r.paymentId, reason: reversal, at: ctx.now() });
  },
};

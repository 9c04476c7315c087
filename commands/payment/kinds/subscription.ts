// A membership period. Started by a fan (commands/subscriptions.ts: subscribe, accepted offer, migration): the
// membership rules judge the request first, a wallet must hold more than nothing (the renewals come from it), and
// a first period that charges nothing starts at once without a payment. Charged again by the rebill (which
// records its own pending charge). The period starts on capture, the pending charge is released on a failure (a
// rebill's retry schedule moves on), and the running period is taken back when the money comes back.
import { DomainError } from '../../../domain/shared/decider';
import { ALREADY_SUBSCRIBED, subscriptionDecider, subscriptionStream, type PlanFields } from '../../../domain/subscription/subscription';
import { cardLabel } from '../../../domain/payment/payment';
import { handle, loadStream } from '../../handle';
import { saveApprovedCard } from '../../cards';
import type { Buyer, PendingPayment, PurchaseKind } from '../kind';

export interface MembershipInput extends Buyer {
  kind: 'initial' | 'offer' | 'migration';
  prices: { initialCents: number; recurringCents: number; initialPeriodDays?: number };
  /** The tier and the renewal length (a bundle); default: the base tier, monthly. */
  plan?: PlanFields;
  renews: boolean;
  promotionId?: string | null;
  couponCode?: string | null;
  billingApi: 'v1' | 'v2';
  /** false: no payment method is needed (nothing charged now or later). */
  needsPaymentMethod: boolean;
  /**
   * The payment id a caller derived from the request's key and already looked up for an earlier attempt (offers and
   * migrations look before their own rules): the purchase uses that same id, never the request's next one.
   */
  paymentId?: string;
  /** The provider that bills the renewals itself (the membership is paid on its payment page). */
  billedBy?: string;
}

export const subscriptionPurchase: PurchaseKind<'subscription', MembershipInput, PendingPayment | null> = {
  kind: 'subscription',
  paymentIdOf: (ctx, input) => (input.paymentId ? { paymentId: input.paymentId, retry: false } : { paymentId: ctx.idFor('payment'), retry: !!ctx.requestKey }),
  async start(ctx, input, paymentId) {
    const request = {
      type: 'RequestSubscription' as const,
      userId: input.userId,
      paymentId,
      prices: input.prices,
      kind: input.kind,
      ...(input.plan ? { plan: input.plan } : {}),
      renews: input.renews,
      promotionId: input.promotionId ?? null,
      couponCode: input.couponCode ?? null,
      billingApi: input.billingApi,
      ...(input.billedBy ? { billedBy: input.billedBy } : {}),
      at: ctx.now(),
    };
    const current = await loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider);
    subscriptionDecider.decide(request, current.state);
    return {
      purpose: { kind: 'subscription', period: current.state.periods + 1, ...(input.plan?.tierId ? { tierId: input.plan.tierId } : {}) },
      amountCents: input.prices.initialCents,
      // Even a $0 first period needs a wallet with something in it: the renewals are paid from it.
      walletMustCoverCents: Math.max(1, input.prices.initialCents),
      needsPaymentMethod: input.needsPaymentMethod,
      async record({ method, card }) {
        const label = !input.needsPaymentMethod ? 'free' : card ? cardLabel(card) : 'wallet';
        const requested = await handle(ctx, subscriptionStream(input.userId), subscriptionDecider, { ...request, freePaymentMethod: label });
        if (requested.events.some((e) => e.type === 'FreeSubscriptionStarted')) {
          // Nothing to charge now: the card typed for the renewals is kept at once (no decline to wait for).
          if (method === 'card' && card?.unsaved) await saveApprovedCard(ctx, input.userId, card);
          return null;
        }
        const pending = requested.state.pending;
        if (!pending) throw new DomainError(ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED', 409);
        return { paymentId: pending.paymentId, amountCents: pending.amountCents };
      },
    };
  },
  async grant(ctx, r) {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, {
      type: 'StartSubscription', paymentId: r.paymentId, paymentMethod: r.card ? cardLabel(r.card) : 'wallet', at: ctx.now(),
    });
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, { type: 'FailSubscriptionPayment', paymentId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, { type: 'RevokeForReversal', paymentId: r.paymentId, reason: reversal, at: ctx.now() });
  },
};

export interface TierChangeInput extends Buyer {
  tierId: string;
  fromRank: number;
  toRank: number;
  /** The new tier's price for the member's renewal (monthly, or its bundle price at the member's bundle terms). */
  recurringCents: number;
  paymentId: string;
}

/**
 * A change of tier: an upgrade's prorated difference is charged now (a subscription payment of the running period,
 * granted, released and taken back by subscriptionPurchase above); a downgrade, or an upgrade that costs nothing
 * now, is recorded without a payment.
 */
export const tierChangePurchase: PurchaseKind<'subscription', TierChangeInput, PendingPayment | null> = {
  kind: 'subscription',
  paymentIdOf: (_ctx, input) => ({ paymentId: input.paymentId, retry: false }),
  async start(ctx, input, paymentId) {
    const command = {
      type: 'ChangeTier' as const, userId: input.userId, paymentId, tierId: input.tierId, fromRank: input.fromRank, toRank: input.toRank, recurringCents: input.recurringCents, at: ctx.now(),
    };
    const current = await loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider);
    const decided = subscriptionDecider.decide(command, current.state);
    const charge = decided.find((e) => e.type === 'SubscriptionRequested');
    const amountCents = charge?.type === 'SubscriptionRequested' ? charge.data.amountCents : 0;
    return {
      purpose: { kind: 'subscription', period: current.state.periods, tierId: input.tierId },
      amountCents,
      needsPaymentMethod: amountCents > 0,
      async record() {
        const changed = await handle(ctx, subscriptionStream(input.userId), subscriptionDecider, command);
        const pending = changed.state.pending;
        if (!pending || pending.kind !== 'upgrade' || pending.paymentId !== paymentId) return null;
        return { paymentId: pending.paymentId, amountCents: pending.amountCents };
      },
    };
  },
  grant: subscriptionPurchase.grant,
  release: subscriptionPurchase.release,
  revoke: subscriptionPurchase.revoke,
};

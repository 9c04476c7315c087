// What a provider's notices do to payments made on its own page and to the memberships it bills itself.
//   - A sale notice captures the hosted payment only when the amount and currency are the ones asked for and the
//     payment is still waiting; otherwise the sale is refunded at the provider and the payment is declined
//     (AMOUNT_MISMATCH), or, when the fan paid after the page had been given up, only refunded.
//   - A renewal is a captured payment of kind subscription for the next period, under an id derived from the
//     provider's transaction, so a repeated notice renews once; a renewal before the membership's first sale
//     is known is refused (409) and the provider delivers it again.
//   - A renewal failure is recorded (the provider retries on its own); a cancellation or expiration stops the
//     renewals like a cancel (the paid time runs on).
import { DomainError } from '../domain/shared/decider';
import { paymentDecider, paymentStream, type PaymentState } from '../domain/payment/payment';
import { isRenewing, subscriptionDecider, subscriptionStream, PERIOD_DAYS } from '../domain/subscription/subscription';
import type { CardGateway, GatewayNotice } from '../infra/payments/port';
import { derivedId, handle, loadStream, type CommandContext } from './handle';
import { completeEntitlement, settlePayment, type PaymentDeps } from './payment/process';

export const AMOUNT_MISMATCH = 'AMOUNT_MISMATCH';

/** Providers whose payment page sets up recurring billing they run themselves (their renewals come as notices). */
const BILLS_ON_ITS_PAGE = new Set(['ccbill']);

/** The outcome of a notice and, when it was not applied as sent, why (kept on the notice's record for staff). */
export interface HostedNoticeResult {
  result: 'applied' | 'refused' | 'ignored';
  problem?: string;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** Why a sale notice cannot capture this hosted payment, or null when it can. */
export function saleProblem(payment: PaymentState, notice: GatewayNotice): string | null {
  const r = payment.request!;
  const currency = notice.data.currency ?? r.currency;
  if (notice.data.amount_cents !== r.amountCents || currency !== r.currency)
    return `the provider took ${money(notice.data.amount_cents, currency)} for a payment of ${money(r.amountCents, r.currency)}`;
  if (payment.status === 'failed') return 'the fan paid after the payment page had been given up';
  return null;
}

/**
 * A sale on the provider's page for a hosted payment of ours. Returns null when it is an ordinary capture (the
 * caller records it like any card notice).
 */
export async function checkHostedSale(ctx: CommandContext, deps: Pick<PaymentDeps, 'kinds' | 'gateway'>, paymentId: string, notice: GatewayNotice): Promise<HostedNoticeResult | null> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  if (!state.request?.card?.hosted || notice.type !== 'charge.succeeded') return null;
  if (state.status === 'captured' || state.status === 'reversed') return null;
  const problem = saleProblem(state, notice);
  if (!problem) return null;
  // The money goes back to the card holder; nothing is granted for it.
  await refundSaleOf(deps.gateway, paymentId, notice, problem);
  if (state.status === 'requested') {
    const declined = await handle(ctx, paymentStream(paymentId), paymentDecider, {
      type: 'RecordGatewayOutcome',
      outcome: { status: 'declined', failureCode: AMOUNT_MISMATCH, message: 'The amount paid did not match the price. The payment was refunded.', allowCascade: true },
      at: ctx.now(),
    });
    await completeEntitlement(ctx, deps, paymentId, declined.state);
  }
  return { result: 'refused', problem: `${problem}; refunded at the provider` };
}

/**
 * Gives back the sale a notice reported: that very sale where the provider can name it (a page paid twice has two
 * sales on one payment), else the payment's sale.
 */
export async function refundSaleOf(gateway: CardGateway, paymentId: string, notice: GatewayNotice, reason: string): Promise<void> {
  try {
    const reference = notice.data.transaction_id;
    const outcome = gateway.refundSale && reference
      ? await gateway.refundSale({ idempotencyKey: paymentId, reference, reason })
      : await gateway.reverse({ idempotencyKey: paymentId, kind: 'refund', reason });
    if (outcome.status === 'not_captured' && gateway.refundSale && reference) await gateway.reverse({ idempotencyKey: paymentId, kind: 'refund', reason });
  } catch {
    throw new DomainError('The provider could not refund the sale yet: send the notice again later.', 'REFUND_PENDING', 503);
  }
}

/** The payment id of a provider's renewal: the same for every delivery of its notice. */
export const renewalPaymentId = (provider: string, transactionId: string) => derivedId('provider-renewal', provider, transactionId);

/** A notice about a membership the provider bills (renewed, renewal failed, cancelled, expired). */
export async function applyBillingNotice(ctx: CommandContext, deps: PaymentDeps, provider: string, notice: GatewayNotice): Promise<HostedNoticeResult> {
  const salePaymentId = notice.data.idempotency_key;
  const sale = salePaymentId ? (await loadStream(ctx.store, paymentStream(salePaymentId), paymentDecider)).state : null;
  const r = sale?.request;
  // A renewal of a sale on the provider's page that is not recorded here yet (its notice is still on its way).
  const early = !r ? BILLS_ON_ITS_PAGE.has(provider) : !!r.card?.hosted && sale?.status === 'requested';
  if (notice.type === 'subscription.renewed' && early)
    throw new DomainError('The membership this renewal is for is not known yet: send it again later.', 'SALE_NOT_KNOWN', 409);
  if (!r || r.purpose.kind !== 'subscription') return { result: 'ignored' };
  const userId = r.userId;
  const membership = (await loadStream(ctx.store, subscriptionStream(userId), subscriptionDecider)).state;
  // Only memberships the provider bills itself move by its notices (our own rebills are ours to charge).
  if (membership.billedBy?.provider !== provider || membership.billedBy.salePaymentId !== salePaymentId) return { result: 'ignored' };
  switch (notice.type) {
    case 'subscription.renewed': {
      if (!notice.data.transaction_id) return { result: 'ignored', problem: 'the renewal names no transaction' };
      const paymentId = renewalPaymentId(provider, notice.data.transaction_id);
      const existing = (await loadStream(ctx.store, paymentStream(paymentId), paymentDecider)).state;
      if (existing.status !== 'none' && existing.status !== 'requested') return { result: 'applied' };
      const amountCents = notice.data.amount_cents > 0 ? notice.data.amount_cents : membership.recurringCents;
      const requested = await handle(ctx, subscriptionStream(userId), subscriptionDecider, {
        type: 'RequestProviderRenewal', paymentId, amountCents, periodDays: notice.data.period_days ?? membership.pending?.periodDays ?? PERIOD_DAYS, at: ctx.now(),
      });
      const period = requested.state.pending?.period ?? membership.periods + 1;
      // Recorded like a card payment the provider already took: requested, then captured by this notice.
      // The request names CCBill's transaction, so a crash before the capture is finished as captured (never abandoned).
      const card = r.card ? { ...r.card, providerRenewal: notice.data.transaction_id } : null;
      await settlePayment(ctx, deps, paymentId, { userId, purpose: { kind: 'subscription', period }, amountCents, card, method: 'card' });
      const captured = await handle(ctx, paymentStream(paymentId), paymentDecider, {
        type: 'RecordGatewayOutcome', outcome: { status: 'captured', gatewayTransactionId: notice.data.transaction_id }, at: ctx.now(),
      });
      await completeEntitlement(ctx, deps, paymentId, captured.state);
      return { result: 'applied' };
    }
    case 'subscription.renewal_failed':
      await handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'RecordProviderRenewalFailure', failureCode: notice.data.failure_code ?? 'declined', at: ctx.now() });
      return { result: 'applied' };
    case 'subscription.cancelled':
    case 'subscription.expired': {
      // Already cancelled here (the fan's own cancel, or a repeat): nothing more to do.
      if (!isRenewing(membership) || membership.pending) return { result: 'applied' };
      await handle(ctx, subscriptionStream(userId), subscriptionDecider, {
        type: 'CancelSubscription', reason: notice.data.reason ?? null, otherReason: null, requestFrom: provider, by: 'system', at: ctx.now(),
      });
      return { result: 'applied' };
    }
    default:
      return { result: 'ignored' };
  }
}

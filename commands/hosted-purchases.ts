// Purchases paid on the provider's own page (CCBill's FlexForm): the purchase is started like any card purchase
// (its rules, its price, its pending record, PaymentRequested), then the fan is sent to the page. Nothing is
// captured from here: the provider's verified notice does it (commands/gateway-notices.ts), and a page never paid
// is declined by the recovery sweep. The same request (Idempotency-Key) names the same payment and the same page.
import { DomainError } from '../domain/shared/decider';
import type { Role } from '../domain/shared/wire';
import { PERIOD_DAYS } from '../domain/subscription/subscription';
import type { PaymentState } from '../domain/payment/payment';
import type { HostedCardPayments } from '../infra/payments/port';
import type { CommandContext } from './handle';
import { pay } from './payment/pay';
import type { PurchaseDeps } from './payment/process';
import { subscriptionPurchase } from './payment/kinds/subscription';
import { postUnlockPurchase } from './payment/kinds/post-unlock';
import { quoteSubscription } from './subscriptions';

/** CCBill's shortest period: a one-time purchase names it. */
export const ONE_TIME_PERIOD_DAYS = 2;
/** CCBill's "rebill until cancelled". */
const UNLIMITED_REBILLS = 99;

export interface HostedStart {
  paymentId: string;
  /** Where the fan goes next: the provider's page while the payment waits, else our return page. */
  url: string;
  status: PaymentState['status'];
}

/** The return page of a payment (the fan site polls the payment's status there). */
export const returnPath = (paymentId: string) => `/payment-return?payment=${encodeURIComponent(paymentId)}`;

export async function hostedReady(hosted: HostedCardPayments): Promise<void> {
  const missing = await hosted.missing();
  if (missing) throw new DomainError(missing, 'PROVIDER_NOT_CONFIGURED', 409);
}

/**
 * A membership paid on the provider's page, renewed by the provider itself at the recurring price (the membership
 * starts on its sale notice). Priced by the same quote as every subscription (returning prices, promotion, coupon).
 */
export async function subscribeOnProviderPage(
  ctx: CommandContext,
  deps: PurchaseDeps,
  hosted: HostedCardPayments,
  input: { userId: string; role: Role; email: string; promotionId?: string | null; couponCode?: string | null },
): Promise<HostedStart> {
  await hostedReady(hosted);
  const { quote, settings } = await quoteSubscription(ctx, { userId: input.userId, role: input.role, promotionId: input.promotionId, couponCode: input.couponCode });
  if (quote.initialCents === 0) throw new DomainError('A first period that costs nothing cannot be paid on the payment page.', 'FREE_PERIOD_NOT_HOSTED', 422);
  const paid = await pay(
    ctx,
    deps,
    subscriptionPurchase,
    {
      userId: input.userId, role: input.role, kind: 'initial',
      prices: { initialCents: quote.initialCents, recurringCents: quote.recurringCents, initialPeriodDays: quote.initialPeriodDays },
      renews: true, promotionId: quote.promotionId, couponCode: quote.couponCode, billingApi: settings.payment_api_version, needsPaymentMethod: true, billedBy: hosted.provider,
    },
    { method: 'hosted', provider: hosted.provider },
  );
  if (!paid) throw new DomainError('A first period that costs nothing cannot be paid on the payment page.', 'FREE_PERIOD_NOT_HOSTED', 422);
  const request = paid.payment.request!;
  if (paid.payment.status !== 'requested') return { paymentId: paid.paymentId, url: returnPath(paid.paymentId), status: paid.payment.status };
  const url = await hosted.begin({
    paymentId: paid.paymentId,
    amountCents: request.amountCents,
    currency: 'USD',
    initialPeriodDays: Math.min(365, Math.max(ONE_TIME_PERIOD_DAYS, quote.initialPeriodDays ?? PERIOD_DAYS)),
    recurring: { amountCents: quote.recurringCents, periodDays: PERIOD_DAYS, rebills: UNLIMITED_REBILLS },
    customer: { email: input.email },
  });
  return { paymentId: paid.paymentId, url, status: 'requested' };
}

/**
 * A locked post paid on the provider's page by a signed-in fan: the same unlock rules, price and pending unlock as a
 * card purchase; the unlock completes on the provider's sale notice. A click already under way by card is joined
 * (its own return page follows it).
 */
export async function unlockOnProviderPage(
  ctx: CommandContext,
  deps: PurchaseDeps,
  hosted: HostedCardPayments,
  input: { userId: string; role: Role; email: string; postId: string; confirmedAmountCents: number; applyPromotion: boolean; promotionId: string | null },
): Promise<HostedStart> {
  await hostedReady(hosted);
  const { email, ...unlock } = input;
  const paid = await pay(ctx, deps, postUnlockPurchase, unlock, { method: 'hosted', provider: hosted.provider });
  const request = paid.payment.request!;
  if (paid.payment.status !== 'requested' || request.card?.hosted !== hosted.provider) return { paymentId: paid.paymentId, url: returnPath(paid.paymentId), status: paid.payment.status };
  const url = await hosted.begin({
    paymentId: paid.paymentId, amountCents: request.amountCents, currency: 'USD', initialPeriodDays: ONE_TIME_PERIOD_DAYS, recurring: null, customer: { email },
  });
  return { paymentId: paid.paymentId, url, status: 'requested' };
}

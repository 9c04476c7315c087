// Fan purchases: unlocking a locked post and subscribing. Both record the pending purchase first, then run
// the payment process manager, so parallel clicks join one payment and a crash is resumed on restart.
import { DomainError } from '../domain/shared/decider';
import { postDecider, postStream } from '../domain/post/post';
import { unlockDecider, unlockStream, COULD_NOT_UNLOCK } from '../domain/unlock/unlock';
import { isActive, subscriptionDecider, subscriptionStream, THANK_YOU } from '../domain/subscription/subscription';
import { isStaffRole } from '../domain/user/user';
import type { Role } from '../domain/shared/wire';
import type { PaymentState } from '../domain/payment/payment';
import { handle, loadStream, type CommandContext } from './handle';
import { completeEntitlement, settlePayment, type PaymentDeps } from './payments';
import { resolveCard, type CardChoice } from './cards';

export interface PurchaseOutcome {
  accepted: boolean;
  paymentId: string;
  transactionId: string | null;
  message: string;
  failureCode?: string;
  allowCascade?: boolean;
}

function outcomeOf(paymentId: string, payment: PaymentState, successMessage: string): PurchaseOutcome {
  if (payment.status === 'captured') return { accepted: true, paymentId, transactionId: payment.gatewayTransactionId, message: successMessage };
  const f = payment.failure;
  return {
    accepted: false,
    paymentId,
    transactionId: null,
    message: f?.message ?? 'Payment failed.',
    failureCode: f?.failureCode,
    allowCascade: f?.allowCascade ?? false,
  };
}

export async function unlockPost(
  ctx: CommandContext,
  deps: PaymentDeps,
  input: { userId: string; role: Role; postId: string; confirmedAmountCents: number; card: CardChoice },
): Promise<PurchaseOutcome> {
  const [post, subscription] = await Promise.all([
    loadStream(ctx.store, postStream(input.postId), postDecider),
    loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider),
  ]);
  const viewer = { isStaff: isStaffRole(input.role), isSubscriber: isActive(subscription.state, ctx.now()) };
  // Check the purchase is allowed before a new card is tokenised and saved.
  const request = {
    type: 'RequestUnlock' as const,
    postId: input.postId,
    userId: input.userId,
    paymentId: ctx.newId(),
    confirmedAmountCents: input.confirmedAmountCents,
    post: post.state,
    viewer,
    at: ctx.now(),
  };
  const current = await loadStream(ctx.store, unlockStream(input.postId, input.userId), unlockDecider);
  unlockDecider.decide(request, current.state);
  const card = await resolveCard(ctx, deps.gateway, input.userId, input.card);
  const requested = await handle(ctx, unlockStream(input.postId, input.userId), unlockDecider, request);
  const paymentId = requested.state.pendingPaymentId;
  if (!paymentId) throw new DomainError(COULD_NOT_UNLOCK, 'NO_PENDING_PAYMENT', 409);
  const payment = await settlePayment(ctx, deps, paymentId, {
    userId: input.userId,
    purpose: { kind: 'unlock', postId: input.postId },
    amountCents: requested.state.pendingAmountCents,
    card,
  });
  await completeEntitlement(ctx, paymentId, payment);
  return outcomeOf(paymentId, payment, 'Content unlocked successfully.');
}

export async function subscribe(
  ctx: CommandContext,
  deps: PaymentDeps,
  input: { userId: string; prices: { initialCents: number; recurringCents: number }; card: CardChoice },
): Promise<PurchaseOutcome> {
  const request = { type: 'RequestSubscription' as const, userId: input.userId, paymentId: ctx.newId(), prices: input.prices, at: ctx.now() };
  const current = await loadStream(ctx.store, subscriptionStream(input.userId), subscriptionDecider);
  subscriptionDecider.decide(request, current.state);
  const card = await resolveCard(ctx, deps.gateway, input.userId, input.card);
  const requested = await handle(ctx, subscriptionStream(input.userId), subscriptionDecider, request);
  const pending = requested.state.pending;
  if (!pending) throw new DomainError('Invalid request.', 'NO_PENDING_PAYMENT', 409);
  const payment = await settlePayment(ctx, deps, pending.paymentId, {
    userId: input.userId,
    purpose: { kind: 'subscription', period: pending.period },
    amountCents: pending.amountCents,
    card,
  });
  await completeEntitlement(ctx, pending.paymentId, payment);
  return outcomeOf(pending.paymentId, payment, THANK_YOU);
}

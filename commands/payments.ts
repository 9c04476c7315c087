// Payment process manager: takes money for a purpose and makes the entitlement follow.
//   1. PaymentRequested is written before the gateway is asked (the payment id is the gateway's idempotency key);
//   2. the gateway charges (or repeats its earlier answer for the same key);
//   3. PaymentCaptured / PaymentFailed is written;
//   4. the entitlement (PostUnlocked, SubscriptionStarted) or its failure is written.
// Every step is idempotent, so a crash anywhere is finished by `resumePayment` on restart: no money moves
// without the entitlement following, and nothing is charged twice.
import { DomainError } from '../domain/shared/decider';
import { paymentDecider, paymentStream, type CardRef, type GatewayOutcome, type PaymentMethod, type PaymentPurpose, type PaymentState, type ReversalKind } from '../domain/payment/payment';
import { unlockDecider, unlockStream } from '../domain/unlock/unlock';
import { subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import { cardsDecider, cardsStream } from '../domain/card/card';
import { tipDecider, tipStream } from '../domain/tip/tip';
import { chatMessageDecider, chatMessageStream } from '../domain/chat/chat-message';
import type { CardGateway } from '../infra/payments/port';
import { handle, loadStream, type CommandContext } from './handle';
import { chargeWallet } from './wallet';
import { saveApprovedCard } from './cards';

export interface PaymentDeps {
  gateway: CardGateway;
}

export interface PaymentRequest {
  userId: string;
  purpose: PaymentPurpose;
  amountCents: number;
  /** null for a wallet payment. */
  card: CardRef | null;
  /** 'card' (default) or 'wallet': the wallet is debited once per payment id instead of a card being charged. */
  method?: PaymentMethod;
}

async function cardToken(ctx: CommandContext, userId: string, ref: CardRef): Promise<string> {
  // A card typed for this payment is not saved yet: its token travels with the payment request.
  if (ref.unsaved) return ref.unsaved.cardToken;
  const { state } = await loadStream(ctx.store, cardsStream(userId), cardsDecider);
  const card = state.cards.get(ref.cardId);
  if (!card) throw new DomainError('Invalid request.', 'CARD_NOT_FOUND', 404, { field: 'card_id' });
  return card.cardToken;
}

/** Steps 1-3. Returns the payment's final state (captured or failed). */
export async function settlePayment(ctx: CommandContext, deps: PaymentDeps, paymentId: string, request: PaymentRequest): Promise<PaymentState> {
  const requested = await handle(ctx, paymentStream(paymentId), paymentDecider, {
    type: 'RequestPayment',
    paymentId,
    userId: request.userId,
    purpose: request.purpose,
    amountCents: request.amountCents,
    method: request.method ?? 'card',
    card: request.card,
    at: ctx.now(),
  });
  return chargeRequested(ctx, deps, paymentId, requested.state);
}

async function chargeRequested(ctx: CommandContext, deps: PaymentDeps, paymentId: string, state: PaymentState): Promise<PaymentState> {
  if (state.status !== 'requested' || !state.request) return state;
  const r = state.request;
  // A wallet payment debits the wallet once per payment id (the purchase id); a card payment asks the gateway
  // with the payment id as its idempotency key. Either way, asking again after a crash takes the money once.
  const outcome: GatewayOutcome =
    r.method === 'wallet' || !r.card
      ? await chargeWallet(ctx, paymentId, r)
      : await deps.gateway.charge({
          idempotencyKey: paymentId,
          cardToken: await cardToken(ctx, r.userId, r.card),
          amountCents: r.amountCents,
          currency: r.currency,
          description: describePurpose(r.purpose),
        });
  const recorded = await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordGatewayOutcome', outcome, at: ctx.now() });
  return recorded.state;
}

/** The line on the card holder's statement. */
function describePurpose(p: PaymentPurpose): string {
  switch (p.kind) {
    case 'unlock':
      return `Unlock post ${p.postId}`;
    case 'chat_unlock':
      return `Unlock chat message ${p.messageId}`;
    case 'pay_per_message':
      return 'Chat message';
    case 'tip':
      return 'Tip';
    case 'subscription':
      return 'Membership';
  }
}

/** Step 4: the entitlement follows the money (or the pending purchase is released after a failure). */
export async function completeEntitlement(ctx: CommandContext, paymentId: string, payment: PaymentState): Promise<void> {
  const r = payment.request;
  if (!r || (payment.status !== 'captured' && payment.status !== 'failed')) return;
  const failureCode = payment.failure?.failureCode ?? 'declined';
  if (r.purpose.kind === 'tip') {
    await handle(ctx, tipStream(paymentId), tipDecider,
      payment.status === 'captured' ? { type: 'CompleteTip', tipId: paymentId, at: ctx.now() } : { type: 'FailTip', tipId: paymentId, failureCode, at: ctx.now() });
  } else if (r.purpose.kind === 'chat_unlock') {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider,
      payment.status === 'captured'
        ? { type: 'CompleteChatUnlock', paymentId, amountCents: r.amountCents, at: ctx.now() }
        : { type: 'FailChatUnlock', paymentId, failureCode, at: ctx.now() });
  } else if (r.purpose.kind === 'pay_per_message') {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider,
      payment.status === 'captured' ? { type: 'DeliverPaidMessage', paymentId, at: ctx.now() } : { type: 'FailPaidMessage', paymentId, failureCode, at: ctx.now() });
  } else if (r.purpose.kind === 'unlock') {
    const { postId } = r.purpose;
    await handle(ctx, unlockStream(postId, r.userId), unlockDecider,
      payment.status === 'captured'
        ? { type: 'CompleteUnlock', postId, userId: r.userId, paymentId, amountCents: r.amountCents, at: ctx.now() }
        : { type: 'FailUnlock', postId, userId: r.userId, paymentId, failureCode, at: ctx.now() });
  } else {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider,
      payment.status === 'captured'
        ? { type: 'StartSubscription', paymentId, paymentMethod: r.card ? `${r.card.brand} •••• ${r.card.last4}` : 'wallet', at: ctx.now() }
        : { type: 'FailSubscriptionPayment', paymentId, failureCode, at: ctx.now() });
  }
  // A card typed for this payment is saved on file once approved (after the entitlement), never after a decline.
  if (payment.status === 'captured' && r.card?.unsaved) await saveApprovedCard(ctx, r.userId, r.card);
}

/** Finishes a payment left half-way (process killed, gateway timeout): safe to call any number of times. */
export async function resumePayment(ctx: CommandContext, deps: PaymentDeps, paymentId: string): Promise<PaymentState> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  const settled = await chargeRequested(ctx, deps, paymentId, state);
  await completeEntitlement(ctx, paymentId, settled);
  return settled;
}

/**
 * Money came back on a captured payment (refund, void or chargeback): records it once and takes back what it paid
 * for (the unlock, or the running membership period). Safe to repeat: a second notice changes nothing.
 * Throws 409 PAYMENT_NOT_CAPTURED while the capture itself is not recorded yet (notices arrive in any order).
 */
export async function reversePayment(
  ctx: CommandContext,
  paymentId: string,
  reversal: { kind: ReversalKind; source: string; reason?: string | null },
): Promise<PaymentState> {
  const { state } = await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordReversal', ...reversal, at: ctx.now() });
  const r = state.request;
  if (state.status !== 'reversed' || !r || !state.reversal) return state;
  if (r.purpose.kind === 'tip') {
    await handle(ctx, tipStream(paymentId), tipDecider, { type: 'ReverseTip', tipId: paymentId, kind: state.reversal, at: ctx.now() });
  } else if (r.purpose.kind === 'chat_unlock') {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'RevokeChatUnlock', paymentId, reason: state.reversal, at: ctx.now() });
  } else if (r.purpose.kind === 'pay_per_message') {
    // A message once delivered stays delivered: the money comes back, the words are not unsaid.
  } else if (r.purpose.kind === 'unlock') {
    await handle(ctx, unlockStream(r.purpose.postId, r.userId), unlockDecider, {
      type: 'RevokeUnlock', postId: r.purpose.postId, userId: r.userId, paymentId, reason: state.reversal, at: ctx.now(),
    });
  } else {
    await handle(ctx, subscriptionStream(r.userId), subscriptionDecider, { type: 'RevokeForReversal', paymentId, reason: state.reversal, at: ctx.now() });
  }
  return state;
}

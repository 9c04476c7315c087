// The payment process: takes money for a purpose and makes the purpose's entitlement follow.
//   1. PaymentRequested is written before any money moves (the payment id is the gateway's idempotency key and
//      the wallet debit's purchase id);
//   2. the money is taken: by card (the gateway charges, or repeats its earlier answer for the same key), from
//      the wallet (debited once per payment id, wallet-stream.ts), or — crypto, which the provider received
//      first — read from the crypto payment's record (crypto-stream.ts);
//   3. PaymentCaptured / PaymentFailed is written;
//   4. the purchase kind grants what was bought (or releases the pending purchase after a failure).
// Money that comes back (refund, void, chargeback) is recorded once and the kind takes back what it granted.
// Every step is idempotent, so a crash anywhere is finished by `resumePayment` (commands/recovery.ts): no money
// moves without the entitlement following, and nothing is charged twice.
//
// What a payment is for plugs in as a PurchaseKind (kind.ts, kinds/*), handed in as PaymentDeps.kinds: this file
// imports no kind.
import { DomainError } from '../../domain/shared/decider';
import { hostedFormOutcome, NOT_DELIVERED_SOURCE, PART_REFUND_UNAVAILABLE, REFUND_EXCEEDS_PAYMENT, paymentDecider, paymentStream, type CardRef, type GatewayOutcome, type PaymentMethod, type PaymentPurpose, type PaymentState, type ReversalKind } from '../../domain/payment/payment';
import { cardsDecider, cardsStream } from '../../domain/card/card';
import { ChargeOutcomeUnknown, type CardGateway } from '../../infra/payments/port';
import { handle, loadStream, observedEarlierAttempt, type CommandContext } from '../handle';
import { saveApprovedCard, type CardDeps } from '../cards';
import { factsOf } from '../../domain/payment/purchase-kinds';
import type { PurchaseKinds } from './kind';
import { chargeWallet, refundToWallet, walletCommand } from './wallet-stream';
import { cryptoCapture } from './crypto-stream';

export interface PaymentDeps {
  gateway: CardGateway;
  /** What each purpose's payment grants, releases and takes back (commands/payment/kinds). */
  kinds: PurchaseKinds;
}

/** What a purchase needs: paying, and choosing its card (a card typed into it is checked and tokenised). */
export type PurchaseDeps = PaymentDeps & CardDeps;

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
    requestKey: ctx.requestKey,
  });
  return takeRequested(ctx, deps, paymentId, requested.state);
}

/**
 * Steps 1-4 in one go: for a purchase with nothing to do between the capture and its entitlement. Returns the
 * payment as it ends (reversed when what it paid for was gone and it was refunded at once).
 */
export async function payFor(ctx: CommandContext, deps: PaymentDeps, paymentId: string, request: PaymentRequest): Promise<PaymentState> {
  const payment = await settlePayment(ctx, deps, paymentId, request);
  return completeEntitlement(ctx, deps, paymentId, payment);
}

async function takeRequested(ctx: CommandContext, deps: PaymentDeps, paymentId: string, state: PaymentState): Promise<PaymentState> {
  if (state.status !== 'requested' || !state.request) return state;
  const r = state.request;
  // A wallet payment debits the wallet once per payment id (the purchase id); a card payment asks the gateway
  // with the payment id as its idempotency key. Either way, asking again after a crash takes the money once.
  // A crypto payment was received by the provider before it was requested here: its record is the capture.
  // A payment on the provider's page waits for its notice; the fan who never paid is declined after a while.
  const outcome: GatewayOutcome | null =
    r.card?.hosted
      ? hostedFormOutcome(r, ctx.now())
      : r.method === 'crypto'
      ? await cryptoCapture(ctx, paymentId)
      : r.method === 'wallet' || !r.card
        ? await chargeWallet(ctx, { paymentId, userId: r.userId, amountCents: r.amountCents, purchase: r.purpose })
        : await chargeCard(deps.gateway, {
            idempotencyKey: paymentId,
            cardToken: await cardToken(ctx, r.userId, r.card),
            amountCents: r.amountCents,
            currency: r.currency,
            description: factsOf(r.purpose).statement(r.purpose),
          });
  if (!outcome) return state;
  const recorded = await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordGatewayOutcome', outcome, at: ctx.now() });
  if (recorded.events.length) failpoint(recorded.state);
  return recorded.state;
}

/**
 * The provider could not say whether it charged (timeout, connection lost, its server failing): nothing is recorded,
 * the payment stays requested, and the recovery sweep or a retry asks again — the adapter reads the provider's books
 * before it would charge a second time.
 */
async function chargeCard(gateway: CardGateway, request: Parameters<CardGateway['charge']>[0]): Promise<GatewayOutcome> {
  try {
    return await gateway.charge(request);
  } catch (e) {
    if (e instanceof ChargeOutcomeUnknown)
      throw new DomainError('The card provider has not confirmed this payment yet. You will not be charged twice: try again in a minute.', 'PAYMENT_UNCONFIRMED', 503);
    throw e;
  }
}

let capturesRecorded = 0;
/**
 * Test hook for the crash tests (FANCLUB_FAILPOINT=payment-captured:N): the process kills itself for real right
 * after recording its Nth capture — the money is taken, the entitlement not granted, no answer sent.
 */
function failpoint(state: PaymentState) {
  const armed = /^payment-captured:(\d+)$/.exec(process.env.FANCLUB_FAILPOINT ?? '');
  if (armed && state.status === 'captured' && ++capturesRecorded >= Number(armed[1])) process.kill(process.pid, 'SIGKILL');
}

/**
 * Step 4: the entitlement follows the money (or the pending purchase is released after a failure). Money taken for
 * something that is gone by then (the kind answers NotDelivered) is refunded at once through this process — a crash
 * before the refund is finished by the next resume, as the payment stays captured and not entitled until then.
 * Returns the payment as it ends.
 */
export async function completeEntitlement(ctx: CommandContext, deps: PaymentDeps, paymentId: string, payment: PaymentState): Promise<PaymentState> {
  const r = payment.request;
  if (!r || (payment.status !== 'captured' && payment.status !== 'failed')) return payment;
  const kind = deps.kinds.of(r.purpose);
  if (payment.status === 'failed') {
    await kind.release(ctx, r, payment.failure?.failureCode ?? 'declined');
    return payment;
  }
  const granted = await kind.grant(ctx, r);
  if (granted) return refundPayment(ctx, deps, paymentId, { kind: 'refund', source: NOT_DELIVERED_SOURCE, reason: granted.notDelivered });
  // A card typed for this payment is saved on file once approved (after the entitlement), never after a decline.
  if (r.card?.unsaved) await saveApprovedCard(ctx, r.userId, r.card);
  return payment;
}

/** Finishes a payment left half-way (process killed, gateway timeout): safe to call any number of times. */
export async function resumePayment(ctx: CommandContext, deps: PaymentDeps, paymentId: string): Promise<PaymentState> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  return finish(ctx, deps, paymentId, state);
}

async function finish(ctx: CommandContext, deps: PaymentDeps, paymentId: string, state: PaymentState): Promise<PaymentState> {
  const settled = await takeRequested(ctx, deps, paymentId, state);
  return completeEntitlement(ctx, deps, paymentId, settled);
}

/**
 * A retry of a purchase whose payment was started already (its id derived from the same Idempotency-Key, or the
 * client's own id): finishes that payment — the money is taken once, the entitlement follows once — and returns
 * it, so the retry answers with the first attempt's ids instead of running the purchase again. null when no
 * payment was started under that id; another fan's payment under it is refused.
 */
export async function resumeOwnPayment(ctx: CommandContext, deps: PaymentDeps, paymentId: string, userId: string): Promise<PaymentState | null> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  if (state.status === 'none' || !state.request) return null;
  if (state.request.userId !== userId) throw new DomainError('Invalid request.', 'PAYMENT_ID_TAKEN', 409);
  const settled = await finish(ctx, deps, paymentId, state);
  await observedEarlierAttempt(ctx);
  return settled;
}

const notReversible = () => new DomainError('This payment cannot be refunded.', 'NOT_REVERSIBLE', 409);

/**
 * Money came back on a captured payment (refund, void or chargeback): records it once and the purchase kind takes
 * back what it paid for. Safe to repeat: a second notice changes nothing.
 * Throws 409 PAYMENT_NOT_CAPTURED while the capture itself is not recorded yet (notices arrive in any order).
 */
export async function reversePayment(
  ctx: CommandContext,
  deps: Pick<PaymentDeps, 'kinds'>,
  paymentId: string,
  reversal: { kind: ReversalKind; source: string; reason?: string | null },
): Promise<PaymentState> {
  const before = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  const purpose = before.state.request?.purpose;
  if (purpose && !factsOf(purpose).reversible) throw notReversible();
  const { state } = await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordReversal', ...reversal, at: ctx.now() });
  const r = state.request;
  if (state.status !== 'reversed' || !r || !state.reversal) return state;
  await deps.kinds.of(r.purpose).revoke(ctx, r, state.reversal);
  return state;
}

/**
 * Staff take back a captured payment: a refund (after settlement) or a void (before). Paid from the wallet, the
 * money goes back into the wallet (there is nothing to void at a provider); paid by card, the provider is asked
 * first (keyed by the payment id, so asking twice refunds once) and its answer is enough to record it — its later
 * notice about the same refund changes nothing. Safe to repeat after a crash anywhere in between.
 */
export async function refundPayment(
  ctx: CommandContext,
  deps: PaymentDeps,
  paymentId: string,
  refund: { kind: 'refund' | 'void'; source: string; reason: string | null },
): Promise<PaymentState> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  if (state.status === 'none') throw new DomainError('Invalid Request', 'PAYMENT_NOT_FOUND', 404);
  if (state.status === 'reversed') throw new DomainError('This payment has already been refunded, voided or charged back.', 'ALREADY_REVERSED', 409);
  if (state.status !== 'captured') throw new DomainError('Only a captured payment can be refunded.', 'PAYMENT_NOT_CAPTURED', 409);
  if (state.request && !factsOf(state.request.purpose).reversible) throw notReversible();
  if (state.request?.method === 'wallet') {
    if (refund.kind !== 'refund') throw new DomainError('A wallet payment can only be refunded.', 'NOT_VOIDABLE', 409);
    return refundWalletPayment(ctx, deps, paymentId, refund);
  }
  const outcome = await deps.gateway.reverse({ idempotencyKey: paymentId, kind: refund.kind, reason: refund.reason });
  if (outcome.status === 'not_captured') throw new DomainError('Only a captured payment can be refunded.', 'PAYMENT_NOT_CAPTURED', 409);
  return reversePayment(ctx, deps, paymentId, refund);
}

/**
 * Staff give back part of a captured payment (`refundId` names this part, e.g. an order's lines): into the wallet
 * for a wallet payment, else at the card provider (keyed by the refund id, so asking twice refunds once); then
 * recorded on the payment. What the part paid for is the caller's to take back. Safe to repeat after a crash.
 */
export async function refundPaymentPart(
  ctx: CommandContext,
  deps: Pick<PaymentDeps, 'gateway'>,
  paymentId: string,
  part: { refundId: string; amountCents: number; source: string; reason: string | null },
): Promise<PaymentState> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  const r = state.request!;
  if (state.partRefunds[part.refundId] === undefined) {
    await partRefundRefusal(state, deps, paymentId, part.amountCents);
    if (r.method === 'wallet') {
      await walletCommand(ctx, { type: 'RefundToWallet', userId: r.userId, refundId: `refund-${paymentId}-${part.refundId}`, purchaseId: paymentId, amountCents: part.amountCents, reason: part.reason ?? 'Refund', at: ctx.now() });
    } else {
      const outcome = await deps.gateway.refundPart!({ idempotencyKey: paymentId, refundKey: part.refundId, amountCents: part.amountCents, reason: part.reason });
      if (outcome.status === 'not_captured') throw new DomainError('Only a captured payment can be refunded.', 'PAYMENT_NOT_CAPTURED', 409);
    }
  }
  const { state: after } = await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordPartialRefund', ...part, at: ctx.now() });
  return after;
}

/** Throws why `amountCents` of this payment cannot be given back in part (nothing is written). */
export async function partRefundRefusal(state: PaymentState, deps: Pick<PaymentDeps, 'gateway'>, paymentId: string, amountCents: number): Promise<void> {
  const r = state.request;
  if (state.status === 'none' || !r) throw new DomainError('Invalid Request', 'PAYMENT_NOT_FOUND', 404);
  if (state.status === 'reversed') throw new DomainError('This payment has already been refunded, voided or charged back.', 'ALREADY_REVERSED', 409);
  if (state.status !== 'captured') throw new DomainError('Only a captured payment can be refunded.', 'PAYMENT_NOT_CAPTURED', 409);
  if (!factsOf(r.purpose).reversible) throw notReversible();
  if (state.refundedCents + amountCents > r.amountCents) throw new DomainError(REFUND_EXCEEDS_PAYMENT, 'REFUND_TOO_LARGE', 409);
  if (r.method === 'wallet') return;
  const { gateway } = deps;
  const able = gateway.refundPart ? (gateway.refundsPartOf ? await gateway.refundsPartOf(paymentId) : true) : false;
  if (!able) throw new DomainError(PART_REFUND_UNAVAILABLE, 'PART_REFUND_UNAVAILABLE', 409);
}

/**
 * Staff refund of a wallet-paid purchase: the money goes back into the wallet (once per payment), then the
 * payment is reversed and takes back what it paid for. Safe to repeat after a crash between the two.
 */
export async function refundWalletPayment(ctx: CommandContext, deps: Pick<PaymentDeps, 'kinds'>, paymentId: string, reversal: { source: string; reason?: string | null }): Promise<PaymentState> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  const r = state.request;
  if (!r || r.method !== 'wallet') throw new DomainError('Invalid Request', 'NOT_A_WALLET_PAYMENT', 400);
  if (state.status !== 'captured') throw new DomainError('Only a captured payment can be refunded.', 'PAYMENT_NOT_CAPTURED', 409);
  // What was refunded in part before is already back in the wallet.
  const left = r.amountCents - state.refundedCents;
  if (left > 0) await refundToWallet(ctx, { paymentId, userId: r.userId, amountCents: left }, reversal.reason ?? 'Refund');
  return reversePayment(ctx, deps, paymentId, { kind: 'refund', source: reversal.source, reason: reversal.reason ?? null });
}

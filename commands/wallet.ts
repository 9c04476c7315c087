// The wallet's process managers:
//
// Top-up by crypto:  generate (CryptoPaymentCreated; the provider quotes) → start (CryptoPaymentStarted: address,
//   reference, QR) → the provider's word, by signed notice or by the fan's poll, each provider event id applied
//   once (CryptoPaymentPaid / Underpaid / Expired / Failed) → a paid payment becomes a wallet top-up payment
//   under the same id, through the one purchase pipeline (commands/payment/kinds/wallet-top-up.ts: requested,
//   captured, and granted by crediting the wallet once per payment id; the default payment method stays what the
//   fan chose). A crash anywhere between "paid" and the credit is finished by the next poll, notice or the
//   recovery sweep.
//
// Purchases from the wallet are the payment process with method 'wallet' (commands/payment/process.ts; a post:
//   commands/purchases.ts purchasePostFromWallet): the wallet stream itself (its queue, balance, the debit once
//   per payment id and the staff refund) is commands/payment/wallet-stream.ts.
import { DomainError } from '../domain/shared/decider';
import {
  cryptoPaymentDecider,
  cryptoPaymentStream,
  cryptoPaymentView,
  PAYMENT_FAILED,
  type CryptoPaymentState,
  type CryptoPaymentView,
  type ProviderStatus,
} from '../domain/wallet/crypto-topup';
import { paymentMethodDecider, paymentMethodStream, type DefaultPaymentMethod } from '../domain/wallet/payment-method';
import type { WalletSettings } from '../domain/pricing/pricing';
import { cardsDecider, cardsStream } from '../domain/card/card';
import type { CryptoGateway, CryptoPayer, CryptoPaymentStart, CryptoStatusReport } from '../infra/payments/port';
import { commandContext, handle, loadStream, type CommandContext } from './handle';
import { walletBalance } from './payment/wallet-stream';
import { pay } from './payment/pay';
import type { PurchaseDeps } from './payment/process';
import { cardTopUpPurchase, walletTopUpPurchase } from './payment/kinds/wallet-top-up';
import { purchaseOutcome, type PurchaseOutcome } from './payment/outcome';
import type { CardChoice } from './cards';
import { AMOUNT_ADDED } from '../domain/wallet/wallet';

// ---------------------------------------------------------------------------------------------------------
// Default payment method

export async function setDefaultPaymentMethod(ctx: CommandContext, userId: string, method: DefaultPaymentMethod, effective: DefaultPaymentMethod | null) {
  const cards = await loadStream(ctx.store, cardsStream(userId), cardsDecider);
  const savedCardIds = [...cards.state.cards.keys()];
  const result = await handle(ctx, paymentMethodStream(userId), paymentMethodDecider, { type: 'SetDefaultPaymentMethod', userId, method, savedCardIds, effective, at: ctx.now() });
  // The card becomes the one card purchases use, too.
  if (method.kind === 'card' && cards.state.primaryCardId !== method.cardId) {
    await handle(ctx, cardsStream(userId), cardsDecider, { type: 'SetPrimaryCard', userId, cardId: method.cardId });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Top-up by card

/**
 * Adds funds by card through the one purchase pipeline (kinds/wallet-top-up.ts cardTopUpPurchase): the payment id
 * comes from the Idempotency-Key (a retry finds the first attempt and credits nothing more), the card is charged once,
 * and the wallet is credited once on the capture; a decline credits nothing. Answers the outcome and the balance.
 */
export async function topUpByCard(
  ctx: CommandContext,
  deps: PurchaseDeps,
  input: { userId: string; amountCents: number; walletSettings: WalletSettings; card: CardChoice },
): Promise<PurchaseOutcome & { balanceCents: number }> {
  const paid = await pay(ctx, deps, cardTopUpPurchase, { userId: input.userId, role: 'user', amountCents: input.amountCents, walletSettings: input.walletSettings }, { method: 'card', card: input.card });
  const outcome = await purchaseOutcome(ctx, paid, AMOUNT_ADDED);
  return { ...outcome, balanceCents: await walletBalance(ctx, input.userId) };
}

// ---------------------------------------------------------------------------------------------------------
// Crypto top-ups

const notFound = () => new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);

async function ownedPayment(ctx: CommandContext, userId: string | null, paymentId: string): Promise<CryptoPaymentState> {
  const { state } = await loadStream(ctx.store, cryptoPaymentStream(paymentId), cryptoPaymentDecider);
  if (state.status === 'none' || (userId !== null && state.userId !== userId)) throw notFound();
  return state;
}

/** Choose a currency: the payment id and the amount in that currency are generated (the 15 minutes start now). */
export async function generateCryptoPayment(
  ctx: CommandContext,
  gateway: CryptoGateway,
  input: { userId: string; currency: string; amountCents: number; walletSettings: WalletSettings },
) {
  // Derived from the request's Idempotency-Key: a retry gets the same payment (and the same provider quote).
  const paymentId = ctx.idFor('crypto-payment');
  const command = { type: 'CreateCryptoPayment' as const, paymentId, userId: input.userId, currency: input.currency, amountCents: input.amountCents, walletSettings: input.walletSettings, at: ctx.now() };
  // The rules first (amount bounds, currency format), then the provider.
  const [created] = cryptoPaymentDecider.decide(command, cryptoPaymentDecider.initialState());
  const currency = created.type === 'CryptoPaymentCreated' ? created.data.currency : input.currency;
  if (!(await gateway.currencies()).some((c) => c.currency === currency)) throw new DomainError('This currency is not available.', 'UNSUPPORTED_CURRENCY', 400, { field: 'currency' });
  const quote = await gateway.createPayment({ paymentId, currency, amountCents: input.amountCents });
  const { state } = await handle(ctx, cryptoPaymentStream(paymentId), cryptoPaymentDecider, command);
  return { paymentId, quote, state };
}

/** Start Crypto Payment: the provider's address, reference and QR code (the same ones when asked again). */
export async function startCryptoPayment(ctx: CommandContext, gateway: CryptoGateway, input: { userId: string; paymentId: string; payer?: Omit<CryptoPayer, 'id'> }): Promise<{ start: CryptoPaymentStart; state: CryptoPaymentState }> {
  const before = await ownedPayment(ctx, input.userId, input.paymentId);
  if (before.status === 'created' && before.expiresAt && Date.parse(ctx.now()) >= Date.parse(before.expiresAt))
    throw new DomainError(PAYMENT_FAILED, 'CRYPTO_PAYMENT_EXPIRED', 410);
  if (before.status !== 'created' && before.status !== 'waiting') throw new DomainError(PAYMENT_FAILED, 'CRYPTO_PAYMENT_CLOSED', 409);
  const start = await gateway.startPayment(input.paymentId, { id: input.userId, ...input.payer });
  const { state } = await handle(ctx, cryptoPaymentStream(input.paymentId), cryptoPaymentDecider, {
    type: 'StartCryptoPayment',
    paymentId: input.paymentId,
    address: start.address,
    referenceNo: start.referenceNo,
    cryptoAmount: start.cryptoAmount,
    // The payment URI; the image is drawn from it again when asked (events stay small).
    qr: start.qr,
    posId: start.posId,
    at: ctx.now(),
  });
  return { start, state };
}

/**
 * A paid crypto payment tops up the wallet through the purchase pipeline, once per payment id (asked again, the
 * top-up under way is finished, not redone). Returns the balance after it (null when not paid).
 */
async function creditIfPaid(ctx: CommandContext, deps: PurchaseDeps, paymentId: string, state: CryptoPaymentState): Promise<number | null> {
  if (state.status !== 'paid' || !state.userId || !state.currency) return null;
  await pay(ctx, deps, walletTopUpPurchase, { userId: state.userId, role: 'user', cryptoPaymentId: paymentId }, { method: 'crypto' });
  return walletBalance(ctx, state.userId);
}

export type CryptoReportResult = 'applied' | 'duplicate' | 'ignored';

/** The provider's word about a payment (its notice, or what a poll found): applied once per provider event id. */
export async function applyCryptoReport(
  ctx: CommandContext,
  deps: PurchaseDeps,
  paymentId: string,
  report: { eventId: string; status: ProviderStatus; receivedCents: number; reason?: string },
): Promise<{ result: CryptoReportResult; state: CryptoPaymentState }> {
  const { state: before } = await loadStream(ctx.store, cryptoPaymentStream(paymentId), cryptoPaymentDecider);
  if (before.status === 'none') return { result: 'ignored', state: before };
  const r = await handle(ctx, cryptoPaymentStream(paymentId), cryptoPaymentDecider, {
    type: 'RecordProviderEvent',
    paymentId,
    providerEventId: report.eventId,
    status: report.status,
    receivedCents: report.receivedCents,
    ...(report.reason ? { reason: report.reason } : {}),
    at: ctx.now(),
  });
  // Also when nothing new was recorded: a crash may have come between "paid" and the credit.
  await creditIfPaid(ctx, deps, paymentId, r.state);
  const seen = before.providerEventIds.includes(report.eventId);
  return { result: r.events.length ? 'applied' : seen ? 'duplicate' : 'ignored', state: r.state };
}

const OPEN = new Set(['created', 'waiting', 'underpaid']);

/**
 * The fan's 5-second poll (and the recovery sweep): asks the provider, records its word, credits a paid
 * payment, and expires an open one whose 15 minutes are over.
 */
export async function pollCryptoPayment(
  ctx: CommandContext,
  gateway: CryptoGateway,
  deps: PurchaseDeps,
  input: { userId: string | null; paymentId: string },
): Promise<{ state: CryptoPaymentState; view: CryptoPaymentView; balanceCents: number; report: CryptoStatusReport | null }> {
  let state = await ownedPayment(ctx, input.userId, input.paymentId);
  let report: CryptoStatusReport | null = null;
  if (OPEN.has(state.status) || state.status === 'expired') {
    report = await gateway.status(input.paymentId);
    if (report?.eventId && report.status !== 'pending') state = (await applyCryptoReport(ctx, deps, input.paymentId, { eventId: report.eventId, status: report.status, receivedCents: report.receivedCents, reason: report.reason })).state;
  }
  if (state.status === 'created' || state.status === 'waiting') {
    state = (await handle(ctx, cryptoPaymentStream(input.paymentId), cryptoPaymentDecider, { type: 'ExpireCryptoPayment', paymentId: input.paymentId, at: ctx.now() })).state;
  }
  const credited = await creditIfPaid(ctx, deps, input.paymentId, state);
  const balanceCents = credited ?? (state.userId ? await walletBalance(ctx, state.userId) : 0);
  return { state, view: cryptoPaymentView(state, ctx.now()), balanceCents, report };
}

/** Staff credit what an underpaid payment received (never the amount asked for). */
export async function settleUnderpaidPayment(ctx: CommandContext, deps: PurchaseDeps, paymentId: string, actorId: string): Promise<CryptoPaymentState> {
  await ownedPayment(ctx, null, paymentId);
  const { state } = await handle(ctx, cryptoPaymentStream(paymentId), cryptoPaymentDecider, { type: 'SettleUnderpaid', paymentId, actorId, at: ctx.now() });
  await creditIfPaid(ctx, deps, paymentId, state);
  return state;
}

/**
 * Recovery sweep (start-up and every minute): paid but not credited (a crash), and open payments whose window
 * is over (the provider is asked once more: a notice may have been lost), are finished.
 */
export async function resumeCryptoTopUps(
  store: CommandContext['store'],
  gateway: CryptoGateway,
  deps: PurchaseDeps,
  paymentIds: string[],
  options: { now?: () => Date; log?: (message: string) => void } = {},
): Promise<number> {
  for (const paymentId of paymentIds) {
    const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `crypto-recovery-${paymentId}` }, options.now);
    try {
      const { state } = await pollCryptoPayment(ctx, gateway, deps, { userId: null, paymentId });
      options.log?.(`crypto payment ${paymentId}: ${state.status}`);
    } catch (e) {
      options.log?.(`could not resume crypto payment ${paymentId}: ${(e as Error).message}`);
    }
  }
  return paymentIds.length;
}

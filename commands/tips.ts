// Tipping the creator: by card (POST /api/v2/purchase/send-tip) or from the wallet (POST
// /api/crypto/purchase-from-wallet, payment_for 'tips'). The tip is recorded first (amount, note, where from),
// then the payment process (commands/payment/process.ts) takes the money and the tip kind marks the tip sent or
// failed — so a crash anywhere is finished by the payment recovery, and a tip is never charged twice for one tip id.
import { DomainError } from '../domain/shared/decider';
import type { Role } from '../domain/shared/wire';
import { tipDecider, tipStream, validateTip, type TipFrom } from '../domain/tip/tip';
import { walletShortfallError } from '../domain/wallet/wallet';
import { handle, type CommandContext } from './handle';
import { payFor, resumeOwnPayment, type PurchaseDeps } from './payment/process';
import { resolveCard, type CardChoice } from './cards';
import { loadSettings } from './subscriptions';
import { walletBalance } from './payment/wallet-stream';
import { walletOutcome, type WalletPurchaseOutcome } from './payment/outcome';
import type { CardRef, PaymentState } from '../domain/payment/payment';

export interface TipInput {
  userId: string;
  role: Role;
  amountCents: number;
  message: string;
  tipFrom: TipFrom;
  isAnonymous: boolean;
  /** The tip's id (= its payment id); the same id again is the same tip. */
  tipId?: string;
  /**
   * A live tip: its session, which notes the offer once the tip is recorded and before any money moves (`offer`), and
   * counts it when the payment is captured, whenever that is (the tip kind's grant).
   */
  live?: { sessionId: string; offer: (tipId: string) => Promise<void> };
}

/** Only fans tip: staff do not pay their own site, and a proxy session never buys for the fan. */
function requireFan(role: Role) {
  if (role !== 'user') throw new DomainError('Only fans can send tips.', 'TIP_NOT_ALLOWED', 403);
}

/**
 * The one way a tip is sent, by card or from the wallet: the rules first (a refused tip writes nothing and no card
 * is tokenised), the wallet's shortfall before anything is written, then the tip and the payment process.
 */
async function sendTip(ctx: CommandContext, deps: PurchaseDeps, input: TipInput, pay: { method: 'card'; card: CardChoice } | { method: 'wallet' }): Promise<{ tipId: string; payment: PaymentState }> {
  requireFan(input.role);
  // The tip's id: the client's own, else derived from the request's Idempotency-Key. A retry whose payment was
  // started already is that tip: finished and answered, never a second tip.
  const tipId = input.tipId ?? ctx.idFor('tip');
  const prior = input.tipId || ctx.requestKey ? await resumeOwnPayment(ctx, deps, tipId, input.userId) : null;
  if (prior) return { tipId, payment: prior };
  const settings = await loadSettings(ctx.store);
  const bounds = { minDollars: settings.tips_minimum_amount, maxDollars: settings.tips_maximum_amount };
  validateTip(input.amountCents, input.message, bounds);
  const purpose = { kind: 'tip' as const, tipFrom: input.tipFrom, isAnonymous: input.isAnonymous, ...(input.live ? { sessionId: input.live.sessionId } : {}) };
  let card: CardRef | null = null;
  if (pay.method === 'card') card = await resolveCard(ctx, deps, input.userId, pay.card);
  else {
    // A balance that does not cover it: refused with the shortfall; a race past this check is declined by the debit.
    const balance = await walletBalance(ctx, input.userId);
    if (balance < input.amountCents) throw walletShortfallError(purpose, input.amountCents, balance);
  }
  await handle(ctx, tipStream(tipId), tipDecider, {
    type: 'RequestTip', tipId, userId: input.userId, amountCents: input.amountCents, tipFrom: input.tipFrom, isAnonymous: input.isAnonymous,
    message: input.message, bounds, at: ctx.now(),
  });
  await input.live?.offer(tipId);
  const payment = await payFor(ctx, deps, tipId, { userId: input.userId, purpose, amountCents: input.amountCents, card, method: pay.method });
  return { tipId, payment };
}

/** A tip paid by card (the saved primary card, a chosen one, or a new one from the form). */
export function sendTipByCard(ctx: CommandContext, deps: PurchaseDeps, input: TipInput & { card: CardChoice }): Promise<{ tipId: string; payment: PaymentState }> {
  return sendTip(ctx, deps, input, { method: 'card', card: input.card });
}

/**
 * A tip paid from the wallet. A balance that does not cover it: 402 INSUFFICIENT_FUNDS with the shortfall
 * (nothing written); a race past that check is declined by the wallet's own rule and the tip fails.
 */
export async function sendTipFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: TipInput): Promise<{ tipId: string; payment: PaymentState; balanceCents: number }> {
  const sent = await sendTip(ctx, deps, input, { method: 'wallet' });
  return { ...sent, balanceCents: await walletBalance(ctx, input.userId) };
}

/** A tip from the wallet, answered like every wallet purchase: what was paid and what is left, or the refusal. */
export async function tipFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: TipInput): Promise<WalletPurchaseOutcome> {
  const { tipId, payment } = await sendTip(ctx, deps, input, { method: 'wallet' });
  return walletOutcome(ctx, input.userId, tipId, payment);
}

// Tipping the creator (spec 3 §4/§7.3): by card (POST /api/v2/purchase/send-tip) or from the wallet (POST
// /api/crypto/purchase-from-wallet, payment_for 'tips'). The tip is recorded first (amount, note, where from),
// then the payment process manager takes the money and marks the tip sent or failed — so a crash anywhere is
// finished by the payment recovery, and a tip is never charged twice for one tip id.
import { DomainError } from '../domain/shared/decider';
import type { Role } from '../domain/shared/wire';
import { tipDecider, tipStream, validateTip, type TipFrom } from '../domain/tip/tip';
import { walletShortfallError } from '../domain/wallet/wallet';
import { handle, type CommandContext } from './handle';
import { payFor, type PaymentDeps } from './payment/process';
import { resolveCard, type CardChoice } from './cards';
import { loadSettings } from './subscriptions';
import { walletBalance } from './payment/wallet-stream';
import type { PaymentState } from '../domain/payment/payment';

export interface TipInput {
  userId: string;
  role: Role;
  amountCents: number;
  message: string;
  tipFrom: TipFrom;
  isAnonymous: boolean;
  /** The tip's id (= its payment id); the same id again is the same tip. */
  tipId?: string;
}

/** Only fans tip: staff do not pay their own site, and a proxy session never buys for the fan. */
function requireFan(role: Role) {
  if (role !== 'user') throw new DomainError('Only fans can send tips.', 'TIP_NOT_ALLOWED', 403);
}

async function requestTip(ctx: CommandContext, input: TipInput): Promise<string> {
  requireFan(input.role);
  const settings = await loadSettings(ctx.store);
  const bounds = { minDollars: settings.tips_minimum_amount, maxDollars: settings.tips_maximum_amount };
  // The rules first: a refused tip writes nothing and no card is tokenised.
  validateTip(input.amountCents, input.message, bounds);
  const tipId = input.tipId ?? ctx.newId();
  await handle(ctx, tipStream(tipId), tipDecider, {
    type: 'RequestTip', tipId, userId: input.userId, amountCents: input.amountCents, tipFrom: input.tipFrom, isAnonymous: input.isAnonymous,
    message: input.message, bounds, at: ctx.now(),
  });
  return tipId;
}

const purposeOf = (input: TipInput) => ({ kind: 'tip' as const, tipFrom: input.tipFrom, isAnonymous: input.isAnonymous });

/** A tip paid by card (the saved primary card, a chosen one, or a new one from the form). */
export async function sendTipByCard(ctx: CommandContext, deps: PaymentDeps, input: TipInput & { card: CardChoice }): Promise<{ tipId: string; payment: PaymentState }> {
  requireFan(input.role);
  const settings = await loadSettings(ctx.store);
  validateTip(input.amountCents, input.message, { minDollars: settings.tips_minimum_amount, maxDollars: settings.tips_maximum_amount });
  const card = await resolveCard(ctx, deps.gateway, input.userId, input.card);
  const tipId = await requestTip(ctx, input);
  const payment = await payFor(ctx, deps, tipId, { userId: input.userId, purpose: purposeOf(input), amountCents: input.amountCents, card });
  return { tipId, payment };
}

/**
 * A tip paid from the wallet. A balance that does not cover it: 402 INSUFFICIENT_FUNDS with the shortfall
 * (nothing written); a race past that check is declined by the wallet's own rule and the tip fails.
 */
export async function sendTipFromWallet(ctx: CommandContext, deps: PaymentDeps, input: TipInput): Promise<{ tipId: string; payment: PaymentState; balanceCents: number }> {
  requireFan(input.role);
  const settings = await loadSettings(ctx.store);
  validateTip(input.amountCents, input.message, { minDollars: settings.tips_minimum_amount, maxDollars: settings.tips_maximum_amount });
  const balance = await walletBalance(ctx, input.userId);
  if (balance < input.amountCents) throw walletShortfallError({ kind: 'tip', tipFrom: input.tipFrom, isAnonymous: input.isAnonymous }, input.amountCents, balance);
  const tipId = await requestTip(ctx, input);
  const payment = await payFor(ctx, deps, tipId, { userId: input.userId, purpose: purposeOf(input), amountCents: input.amountCents, method: 'wallet', card: null });
  return { tipId, payment, balanceCents: await walletBalance(ctx, input.userId) };
}

// Tipping the creator: by card (POST /api/v2/purchase/send-tip) or from the wallet (POST
// /api/crypto/purchase-from-wallet, payment_for 'tips'). The tip kind (commands/payment/kinds/tip.ts) holds the
// rules and records the tip before any money moves; the one purchase start (commands/payment/pay.ts) and the
// payment process do the rest, so a crash anywhere is finished by the payment recovery and a tip is never charged
// twice for one tip id.
import type { PaymentState } from '../domain/payment/payment';
import type { CommandContext } from './handle';
import type { PurchaseDeps } from './payment/process';
import { pay } from './payment/pay';
import { tipPurchase, type TipInput } from './payment/kinds/tip';
import type { CardChoice } from './cards';
import { walletBalance } from './payment/wallet-stream';
import { fromWallet, purchaseOutcome, type WalletPurchaseOutcome } from './payment/outcome';
import { TIP_SENT } from '../domain/tip/tip';

export type { TipInput };

/** A tip paid by card (the saved primary card, a chosen one, or a new one from the form). */
export async function sendTipByCard(ctx: CommandContext, deps: PurchaseDeps, input: TipInput & { card: CardChoice }): Promise<{ tipId: string; payment: PaymentState }> {
  const { paymentId, payment } = await pay(ctx, deps, tipPurchase, input, { method: 'card', card: input.card });
  return { tipId: paymentId, payment };
}

/**
 * A tip paid from the wallet. A balance that does not cover it: 402 INSUFFICIENT_FUNDS with the shortfall
 * (nothing written); a race past that check is declined by the wallet's own rule and the tip fails.
 */
export async function sendTipFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: TipInput): Promise<{ tipId: string; payment: PaymentState; balanceCents: number }> {
  const { paymentId, payment } = await pay(ctx, deps, tipPurchase, input, { method: 'wallet' });
  return { tipId: paymentId, payment, balanceCents: await walletBalance(ctx, input.userId) };
}

/** A tip from the wallet, answered like every wallet purchase: what was paid and what is left, or the refusal. */
export async function tipFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: TipInput): Promise<WalletPurchaseOutcome> {
  return fromWallet(await purchaseOutcome(ctx, await pay(ctx, deps, tipPurchase, input, { method: 'wallet' }), TIP_SENT));
}

// Wallet top-up (commands/wallet.ts): crypto a fan paid into their own wallet. The crypto payment's stream holds
// the provider's side (quote, address, notices); once the provider reports it paid, it becomes a payment of this
// kind under the crypto payment's id — requested and captured like every other, the capture being the provider's
// record (commands/payment/crypto-stream.ts) — and the grant credits the wallet, once per payment id. The money is
// the fan's, not earnings (its facts row), and a crypto payment is final: there is nothing to release or take back.
import { DomainError } from '../../../domain/shared/decider';
import { cryptoPaymentDecider, cryptoPaymentStream } from '../../../domain/wallet/crypto-topup';
import { loadStream } from '../../handle';
import { walletCommand } from '../wallet-stream';
import type { Buyer, PurchaseKind } from '../kind';

export interface WalletTopUpInput extends Buyer {
  /** The crypto payment the provider reported paid; the top-up's payment id is its id. */
  cryptoPaymentId: string;
}

export const walletTopUpPurchase: PurchaseKind<'wallet_top_up', WalletTopUpInput> = {
  kind: 'wallet_top_up',
  // One crypto payment, one top-up: asked again (a repeated notice, a poll, the recovery), it is finished, not redone.
  paymentIdOf: (_ctx, input) => ({ paymentId: input.cryptoPaymentId, retry: true }),
  async start(ctx, input, paymentId) {
    const { state } = await loadStream(ctx.store, cryptoPaymentStream(paymentId), cryptoPaymentDecider);
    if (state.status !== 'paid' || state.userId !== input.userId || !state.currency) throw new DomainError('Invalid request.', 'PAYMENT_NOT_PAID', 409);
    return {
      purpose: { kind: 'wallet_top_up', currency: state.currency },
      amountCents: state.creditCents,
      // Paid already, in crypto: no card, and the wallet is what receives it.
      needsPaymentMethod: false,
      record: async () => ({ paymentId, amountCents: state.creditCents }),
    };
  },
  async grant(ctx, r) {
    await walletCommand(ctx, { type: 'CreditTopUp', userId: r.userId, paymentId: r.paymentId, currency: r.purpose.currency, amountCents: r.amountCents, at: ctx.now() });
  },
  // Only a paid crypto payment is requested, and its capture is that record: it cannot fail.
  async release() {},
  // Never called: the payment process refuses to reverse a kind whose facts say it is final.
  async revoke() {
    throw new DomainError('This payment cannot be refunded.', 'NOT_REVERSIBLE', 409);
  },
};

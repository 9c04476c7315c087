// Wallet top-up (commands/wallet.ts): money a fan pays into their own wallet, by crypto or by card. The crypto payment's stream holds
// the provider's side (quote, address, notices); once the provider reports it paid, it becomes a payment of this
// kind under the crypto payment's id — requested and captured like every other, the capture being the provider's
// record (commands/payment/crypto-stream.ts) — and the grant credits the wallet, once per payment id. The money is
// the fan's, not earnings (its facts row), and a crypto payment is final: there is nothing to release or take back.
import { DomainError } from '../../../domain/shared/decider';
import { ValidationError } from '../../../domain/shared/validation';
import { CARD_TOP_UP_CURRENCY } from '../../../domain/payment/purchase-kinds';
import { VALID_AMOUNT, fundAmountBetween, isAcceptableTopUpCents, type WalletSettings } from '../../../domain/pricing/pricing';
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

export interface CardTopUpInput extends Buyer {
  amountCents: number;
  /** The add-funds bounds (the spec's add_fund_minimum_amount and add_fund_maximum_amount). */
  walletSettings: WalletSettings;
}

/**
 * A top-up by card: the same kind (the same grant credits the wallet once per payment id), started by the fan with an
 * amount within the add-funds bounds. Its payment id is derived from the Idempotency-Key like every purchase's, so a
 * retry finds the first attempt; a decline credits nothing (there is no pending record to release); it is the fan's
 * money, not earnings, and final like a crypto top-up.
 */
export const cardTopUpPurchase: PurchaseKind<'wallet_top_up', CardTopUpInput> = {
  kind: 'wallet_top_up',
  async start(_ctx, input, paymentId) {
    const s = input.walletSettings;
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new ValidationError('amount', VALID_AMOUNT);
    if (!isAcceptableTopUpCents(s, input.amountCents)) throw new ValidationError('amount', fundAmountBetween(s.add_fund_minimum_amount, s.add_fund_maximum_amount));
    return {
      purpose: { kind: 'wallet_top_up', currency: CARD_TOP_UP_CURRENCY },
      amountCents: input.amountCents,
      record: async (paidWith) => {
        // The wallet cannot top itself up.
        if (paidWith.method !== 'card') throw new DomainError('Add funds by card or crypto.', 'TOP_UP_BY_CARD', 400, { field: 'payment_method' });
        return { paymentId, amountCents: input.amountCents };
      },
    };
  },
  grant: walletTopUpPurchase.grant,
  release: walletTopUpPurchase.release,
  revoke: walletTopUpPurchase.revoke,
};

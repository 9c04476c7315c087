// Default payment method (stream `payment-method-<userId>`): 'crypto_currency' (pay from the wallet) or a saved
// card (User.default_payment_method; when it is crypto_currency, purchases are paid from the wallet). Only the fan
// chooses it: a crypto top-up adds money and changes nothing else (were a top-up to switch it, membership renewals
// would then be paid from the wallet without the fan choosing that).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const paymentMethodStream = (userId: string) => `payment-method-${userId}`;

export const CRYPTO_CURRENCY = 'crypto_currency';
export const PAYMENT_METHOD_UPDATE_FAILED = 'There was problem while update payment method.';

export type DefaultPaymentMethod = { kind: 'crypto_currency' } | { kind: 'card'; cardId: string };

export type PaymentMethodEvent = DomainEvent<'DefaultPaymentMethodChanged', { userId: string; method: 'crypto_currency' | 'card'; cardId: string | null; changedAt: string }>;

export type PaymentMethodCommand = {
  type: 'SetDefaultPaymentMethod';
  userId: string;
  method: DefaultPaymentMethod;
  /** The fan's saved cards (a card must be one of them). */
  savedCardIds: string[];
  /**
   * The method in effect now, as the read model shows it (this stream's last choice, or what an older version
   * of the read model derived from a top-up). Choosing it again changes nothing.
   */
  effective: DefaultPaymentMethod | null;
  at: string;
};

export interface PaymentMethodState {
  method: DefaultPaymentMethod | null;
}

const same = (a: DefaultPaymentMethod | null, b: DefaultPaymentMethod) =>
  !!a && a.kind === b.kind && (a.kind === 'crypto_currency' || (b.kind === 'card' && a.cardId === b.cardId));

export const paymentMethodDecider: Decider<PaymentMethodCommand, PaymentMethodEvent, PaymentMethodState> = {
  initialState: () => ({ method: null }),
  evolve: (_state, event) => ({
    method: event.data.method === 'card' && event.data.cardId ? { kind: 'card', cardId: event.data.cardId } : { kind: 'crypto_currency' },
  }),
  decide(command, state) {
    const m = command.method;
    if (m.kind === 'card' && !command.savedCardIds.includes(m.cardId)) throw new DomainError(PAYMENT_METHOD_UPDATE_FAILED, 'CARD_NOT_FOUND', 404, { field: 'payment_method' });
    // Judged against what is in effect, not this stream's last word: a top-up may have switched it since.
    if (same(command.effective === undefined ? state.method : command.effective, m)) return [];
    return [
      {
        type: 'DefaultPaymentMethodChanged',
        data: { userId: command.userId, method: m.kind, cardId: m.kind === 'card' ? m.cardId : null, changedAt: command.at },
      },
    ];
  },
};

import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { paymentMethodDecider, type PaymentMethodCommand, type PaymentMethodEvent } from './payment-method';

const T = '2026-03-10T12:00:00.000Z';
const set = (method: PaymentMethodCommand['method'], effective: PaymentMethodCommand['effective'] = null): PaymentMethodCommand => ({
  type: 'SetDefaultPaymentMethod', userId: 'u1', method, savedCardIds: ['c1', 'c2'], effective, at: T,
});
const changed = (method: 'crypto_currency' | 'card', cardId: string | null = null): PaymentMethodEvent => ({ type: 'DefaultPaymentMethodChanged', data: { userId: 'u1', method, cardId, changedAt: T } });

describe('paymentMethodDecider', () => {
  it('chooses crypto_currency or a saved card', () => {
    given(paymentMethodDecider).when(set({ kind: 'crypto_currency' })).then([changed('crypto_currency')]);
    given(paymentMethodDecider).when(set({ kind: 'card', cardId: 'c2' })).then([changed('card', 'c2')]);
  });

  it("refuses a card that is not the fan's: 'There was problem while update payment method.'", () => {
    given(paymentMethodDecider).when(set({ kind: 'card', cardId: 'nope' })).thenThrows('There was problem while update payment method.', { code: 'CARD_NOT_FOUND', status: 404 });
  });

  it('choosing what is in effect changes nothing; what is in effect wins over this stream (a top-up switched it since)', () => {
    given(paymentMethodDecider).when(set({ kind: 'crypto_currency' }, { kind: 'crypto_currency' })).then([]);
    given(paymentMethodDecider, [changed('card', 'c1')]).when(set({ kind: 'card', cardId: 'c1' }, { kind: 'crypto_currency' })).then([changed('card', 'c1')]);
    given(paymentMethodDecider, [changed('card', 'c1')]).when(set({ kind: 'card', cardId: 'c1' }, { kind: 'card', cardId: 'c1' })).then([]);
  });
});

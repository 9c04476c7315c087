import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../shared/decider';
import { given } from '../shared/given-when-then';
import {
  walletDecider,
  walletPurchaseMessage,
  walletStream,
  type WalletCommand,
  type WalletEvent,
  type WalletPurchase,
  type WalletState,
} from './wallet';

const T0 = '2026-03-10T12:00:00.000Z';
const T1 = '2026-03-10T12:05:00.000Z';
const unlock: WalletPurchase = { kind: 'unlock', postId: 'p1' };

const credit = (paymentId: string, amountCents: number): WalletCommand => ({ type: 'CreditTopUp', userId: 'u1', paymentId, currency: 'BTC', amountCents, at: T0 });
const debit = (purchaseId: string, amountCents: number, purchase: WalletPurchase = unlock): WalletCommand => ({ type: 'DebitWallet', userId: 'u1', purchaseId, purchase, amountCents, at: T1 });

const credited = (paymentId: string, amountCents: number, balanceCents: number): WalletEvent => ({
  type: 'WalletCredited',
  data: { userId: 'u1', paymentId, currency: 'BTC', amountCents, balanceCents, creditedAt: T0 },
});
const debited = (purchaseId: string, amountCents: number, balanceCents: number, purchase: WalletPurchase = unlock): WalletEvent => ({
  type: 'WalletDebited',
  data: { userId: 'u1', purchaseId, purchase, amountCents, balanceCents, debitedAt: T1 },
});

describe('walletStream', () => {
  it('is wallet-<userId>', () => expect(walletStream('u1')).toBe('wallet-u1'));
});

describe('walletDecider', () => {
  describe('CreditTopUp', () => {
    it('credits a confirmed top-up', () => {
      const s = given(walletDecider).when(credit('cp1', 2000)).then([credited('cp1', 2000, 2000)]);
      expect(s.balanceCents).toBe(2000);
      expect(s.topUps).toEqual({ cp1: 2000 });
    });

    it('adds to the balance', () => {
      given(walletDecider, [credited('cp1', 2000, 2000)]).when(credit('cp2', 550)).then([credited('cp2', 550, 2550)]);
    });

    it('is idempotent per payment id', () => {
      given(walletDecider, [credited('cp1', 2000, 2000)]).when(credit('cp1', 2000)).then([]);
    });

    it('the same payment id with another amount is refused', () => {
      given(walletDecider, [credited('cp1', 2000, 2000)]).when(credit('cp1', 3000)).thenThrows('Invalid request.', { code: 'PAYMENT_ID_REUSED', status: 409 });
    });

    it.each([0, -100, 10.5, Number.NaN])('refuses %d cents', (cents) => {
      given(walletDecider).when(credit('cp1', cents)).thenThrows('Invalid request.', { code: 'INVALID_AMOUNT', details: { field: 'amount' } });
    });
  });

  describe('DebitWallet', () => {
    it('debits a purchase the balance covers', () => {
      const s = given(walletDecider, [credited('cp1', 2000, 2000)]).when(debit('buy1', 1500)).then([debited('buy1', 1500, 500)]);
      expect(s.balanceCents).toBe(500);
    });

    it('may take the balance to exactly 0', () => {
      given(walletDecider, [credited('cp1', 2000, 2000)]).when(debit('buy1', 2000)).then([debited('buy1', 2000, 0)]);
    });

    it.each([
      [{ kind: 'unlock', postId: 'p1' }, 'Insufficient wallet balance. Please add funds.'],
      [{ kind: 'chat_unlock', messageId: 'm1' }, 'Insufficient wallet balance. Please add funds.'],
      [{ kind: 'tip', tipFrom: 'chat', isAnonymous: false }, 'Insufficient wallet balance. Please add funds.'],
      [{ kind: 'pay_per_message', messageId: 'm2' }, 'Your wallet balance is low. Please add funds to send message.'],
      [{ kind: 'subscription', period: 1 }, 'Please Add Funds in wallet to subscribe.'],
    ] as [WalletPurchase, string][])('never goes negative: %j → 402 with the shortfall rounded up', (purchase, message) => {
      given(walletDecider, [credited('cp1', 1250, 1250)])
        .when(debit('buy1', 2000, purchase))
        .thenThrows(message, { code: 'INSUFFICIENT_FUNDS', status: 402, details: { priceCents: 2000, balanceCents: 1250, shortfallCents: 750, addFundsCents: 800 } });
    });

    it('an empty wallet lacks the full price', () => {
      given(walletDecider).when(debit('buy1', 1999)).thenThrows('Insufficient wallet balance. Please add funds.', {
        details: { priceCents: 1999, balanceCents: 0, shortfallCents: 1999, addFundsCents: 2000 },
      });
    });

    it('is idempotent per purchase id (a retry does not pay twice)', () => {
      const events = [credited('cp1', 2000, 2000), debited('buy1', 1500, 500)];
      given(walletDecider, events).when(debit('buy1', 1500)).then([]);
    });

    it('a retry succeeds even when the balance no longer covers it (it was already paid)', () => {
      given(walletDecider, [credited('cp1', 2000, 2000), debited('buy1', 1500, 500)]).when(debit('buy1', 1500)).then([]);
    });

    it('the same purchase id for another amount or item is refused', () => {
      const events = [credited('cp1', 5000, 5000), debited('buy1', 1500, 3500)];
      given(walletDecider, events).when(debit('buy1', 1000)).thenThrows('Invalid request.', { code: 'PURCHASE_ID_REUSED', status: 409 });
      given(walletDecider, events).when(debit('buy1', 1500, { kind: 'unlock', postId: 'p2' })).thenThrows('Invalid request.', { code: 'PURCHASE_ID_REUSED' });
    });

    it.each([0, -1, 0.5])('refuses %d cents', (cents) => {
      given(walletDecider, [credited('cp1', 2000, 2000)]).when(debit('buy1', cents)).thenThrows('Invalid request.', { code: 'INVALID_AMOUNT' });
    });

    it("refuses another user's command on this stream", () => {
      given(walletDecider, [credited('cp1', 2000, 2000)]).when({ ...debit('buy1', 100), userId: 'u2' } as WalletCommand).thenThrows('Invalid request.', { code: 'WRONG_WALLET' });
    });

    it('100 debits of $1 against $10 succeed exactly 10 times in sequence', () => {
      let state: WalletState = fold(walletDecider, [credited('cp1', 1000, 1000)]);
      let ok = 0;
      let refused = 0;
      for (let i = 0; i < 100; i++) {
        try {
          const events = walletDecider.decide(debit(`buy${i}`, 100), state);
          state = events.reduce(walletDecider.evolve, state);
          ok += events.length;
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect((e as DomainError).code).toBe('INSUFFICIENT_FUNDS');
          refused++;
        }
      }
      expect(ok).toBe(10);
      expect(refused).toBe(90);
      expect(state.balanceCents).toBe(0);
      expect(Object.keys(state.debits)).toHaveLength(10);
    });

    it('100 retries of one purchase debit it once', () => {
      let state: WalletState = fold(walletDecider, [credited('cp1', 1000, 1000)]);
      const all: WalletEvent[] = [];
      for (let i = 0; i < 100; i++) {
        const events = walletDecider.decide(debit('same', 300), state);
        all.push(...events);
        state = events.reduce(walletDecider.evolve, state);
      }
      expect(all).toEqual([debited('same', 300, 700)]);
    });
  });

  describe('RefundToWallet', () => {
    const history = [credited('cp1', 2000, 2000), debited('buy1', 1500, 500)];
    const refund = (refundId: string, amountCents: number): WalletCommand => ({ type: 'RefundToWallet', userId: 'u1', refundId, purchaseId: 'buy1', amountCents, reason: 'Could not unlock content.', at: T1 });
    const refunded = (refundId: string, amountCents: number, balanceCents: number): WalletEvent => ({
      type: 'WalletRefunded',
      data: { userId: 'u1', refundId, purchaseId: 'buy1', amountCents, reason: 'Could not unlock content.', balanceCents, refundedAt: T1 },
    });

    it('credits back a wallet purchase', () => {
      const s = given(walletDecider, history).when(refund('r1', 1500)).then([refunded('r1', 1500, 2000)]);
      expect(s.balanceCents).toBe(2000);
      expect(s.debits.buy1.refundedCents).toBe(1500);
    });

    it('partially, never more than was paid', () => {
      const s = given(walletDecider, history).when(refund('r1', 1000)).then([refunded('r1', 1000, 1500)]);
      expect(s.debits.buy1.refundedCents).toBe(1000);
      given(walletDecider, [...history, refunded('r1', 1000, 1500)])
        .when(refund('r2', 501))
        .thenThrows('Invalid request.', { code: 'REFUND_TOO_LARGE', details: { refundableCents: 500 } });
      given(walletDecider, [...history, refunded('r1', 1000, 1500)]).when(refund('r2', 500)).then([refunded('r2', 500, 2000)]);
    });

    it('is idempotent per refund id', () => {
      given(walletDecider, [...history, refunded('r1', 1500, 2000)]).when(refund('r1', 1500)).then([]);
      given(walletDecider, [...history, refunded('r1', 1500, 2000)]).when(refund('r1', 100)).thenThrows('Invalid request.', { code: 'REFUND_ID_REUSED' });
    });

    it('an unknown purchase', () => {
      given(walletDecider, history).when({ ...refund('r1', 100), purchaseId: 'nope' } as WalletCommand).thenThrows('Invalid request.', { code: 'PURCHASE_NOT_FOUND', status: 404 });
    });
  });
});

describe('walletPurchaseMessage', () => {
  it('says what stays in the wallet', () => {
    expect(walletPurchaseMessage(550)).toBe('Payment successful. The remaining $5.50 stays in your wallet.');
    expect(walletPurchaseMessage(0)).toBe('Payment successful. Your wallet balance is now $0.00.');
  });
});

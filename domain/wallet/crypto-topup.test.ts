import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { given } from '../shared/given-when-then';
import type { WalletSettings } from '../pricing/pricing';
import {
  cryptoPaymentDecider,
  cryptoPaymentStream,
  cryptoPaymentView,
  type CryptoPaymentCommand,
  type CryptoPaymentEvent,
  type CryptoPaymentInstructions,
} from './crypto-topup';
import { walletDecider, type WalletCommand } from './wallet';

const T0 = '2026-03-10T12:00:00.000Z';
const T1 = '2026-03-10T12:01:00.000Z';
const T_EXPIRE = '2026-03-10T12:15:00.000Z';
const T_LATE = '2026-03-10T12:20:00.000Z';
const walletSettings: WalletSettings = { add_fund_default_options: '10,20,50,100', add_fund_minimum_amount: 5, add_fund_maximum_amount: 500 };

const create: CryptoPaymentCommand = { type: 'CreateCryptoPayment', paymentId: 'cp1', userId: 'u1', currency: ' btc ', amountCents: 2000, walletSettings, at: T0 };
const createdEv: CryptoPaymentEvent = { type: 'CryptoPaymentCreated', data: { paymentId: 'cp1', userId: 'u1', currency: 'BTC', amountCents: 2000, createdAt: T0, expiresAt: T_EXPIRE } };
const instructions: CryptoPaymentInstructions = { address: 'bc1qsandbox', referenceNo: 'REF-1', cryptoAmount: '0.00031', qr: 'data:image/png;base64,xx', posId: 'pos-1' };
const start: CryptoPaymentCommand = { type: 'StartCryptoPayment', paymentId: 'cp1', ...instructions, at: T1 };
const startedEv: CryptoPaymentEvent = { type: 'CryptoPaymentStarted', data: { paymentId: 'cp1', ...instructions, startedAt: T1 } };
const report = (providerEventId: string, status: 'pending' | 'paid' | 'underpaid' | 'failed' | 'expired', receivedCents: number, at = '2026-03-10T12:05:00.000Z'): CryptoPaymentCommand => ({
  type: 'RecordProviderEvent',
  paymentId: 'cp1',
  providerEventId,
  status,
  receivedCents,
  at,
});
const paidEv = (creditCents: number, providerEventId: string | null, at = '2026-03-10T12:05:00.000Z', settledBy: string | null = null): CryptoPaymentEvent => ({
  type: 'CryptoPaymentPaid',
  data: { paymentId: 'cp1', userId: 'u1', currency: 'BTC', amountCents: 2000, creditCents, providerEventId, settledBy, paidAt: at },
});
const underpaidEv = (providerEventId: string, receivedCents: number, at = '2026-03-10T12:05:00.000Z'): CryptoPaymentEvent => ({
  type: 'CryptoPaymentUnderpaid',
  data: { paymentId: 'cp1', providerEventId, amountCents: 2000, receivedCents, at },
});
const waiting = [createdEv, startedEv];

describe('cryptoPaymentStream', () => {
  it('is crypto-payment-<id>', () => expect(cryptoPaymentStream('cp1')).toBe('crypto-payment-cp1'));
});

describe('cryptoPaymentDecider', () => {
  describe('CreateCryptoPayment', () => {
    it('generates the payment with 15 minutes to pay', () => {
      const s = given(cryptoPaymentDecider).when(create).then([createdEv]);
      expect(s.status).toBe('created');
    });

    it('a repeated generate is a no-op', () => {
      given(cryptoPaymentDecider, [createdEv]).when(create).then([]);
    });

    it.each([
      [1000, true], // preset
      [750, true], // other amount within 5..500
      [50099, true],
      [400, false],
      [60000, false],
    ])('amount %d¢ acceptable: %s', (amountCents, ok) => {
      const run = () => cryptoPaymentDecider.decide({ ...create, amountCents } as CryptoPaymentCommand, cryptoPaymentDecider.initialState());
      if (ok) expect(run()).toHaveLength(1);
      else expect(run).toThrow('Choose a fund amount between 5 and 500');
    });

    it.each([0, -100, 12.5])('refuses amount %d', (amountCents) => {
      given(cryptoPaymentDecider).when({ ...create, amountCents } as CryptoPaymentCommand).thenThrows('Please enter a valid amount', { details: { field: 'amount' } });
    });

    it.each(['', 'B', 'BTC!', 'bitcoin cash'])('refuses currency %j', (currency) => {
      given(cryptoPaymentDecider).when({ ...create, currency } as CryptoPaymentCommand).thenThrows('Invalid request.', { details: { field: 'currency' } });
    });
  });

  describe('StartCryptoPayment', () => {
    it('shows address, reference and QR; status waiting', () => {
      const s = given(cryptoPaymentDecider, [createdEv]).when(start).then([startedEv]);
      expect(s.status).toBe('waiting');
      expect(s.instructions).toEqual(instructions);
    });

    it('a retried start is a no-op', () => {
      given(cryptoPaymentDecider, waiting).when(start).then([]);
    });

    it("after the 15 minutes: 'Payment failed.'", () => {
      given(cryptoPaymentDecider, [createdEv]).when({ ...start, at: T_EXPIRE } as CryptoPaymentCommand).thenThrows('Payment failed.', { code: 'CRYPTO_PAYMENT_EXPIRED', status: 410 });
    });

    it("a gateway answer without address or reference: 'Payment failed.'", () => {
      given(cryptoPaymentDecider, [createdEv]).when({ ...start, address: ' ' } as CryptoPaymentCommand).thenThrows('Payment failed.', { code: 'CRYPTO_GATEWAY_INCOMPLETE', status: 502 });
    });

    it('an unknown payment', () => {
      given(cryptoPaymentDecider).when(start).thenThrows('Invalid request.', { code: 'PAYMENT_NOT_FOUND', status: 404 });
    });

    it('a closed payment cannot start', () => {
      const failed: CryptoPaymentEvent = { type: 'CryptoPaymentFailed', data: { paymentId: 'cp1', providerEventId: 'e1', reason: 'Payment failed.', failedAt: T1 } };
      given(cryptoPaymentDecider, [createdEv, failed]).when(start).thenThrows('Payment failed.', { code: 'CRYPTO_PAYMENT_CLOSED', status: 409 });
    });
  });

  describe('RecordProviderEvent', () => {
    it('paid in full → paid, crediting the amount', () => {
      const s = given(cryptoPaymentDecider, waiting).when(report('e1', 'paid', 2000)).then([paidEv(2000, 'e1')]);
      expect(s.status).toBe('paid');
      expect(s.creditCents).toBe(2000);
    });

    it('overpaid → the whole amount received is credited', () => {
      given(cryptoPaymentDecider, waiting).when(report('e1', 'paid', 2150)).then([paidEv(2150, 'e1')]);
    });

    it('is idempotent per provider event id, and nothing changes once paid', () => {
      given(cryptoPaymentDecider, [...waiting, paidEv(2000, 'e1')]).when(report('e1', 'paid', 2000)).then([]);
      given(cryptoPaymentDecider, [...waiting, paidEv(2000, 'e1')]).when(report('e2', 'paid', 2000)).then([]);
      given(cryptoPaymentDecider, [...waiting, paidEv(2000, 'e1')]).when(report('e3', 'failed', 0)).then([]);
    });

    it('pending changes nothing', () => {
      given(cryptoPaymentDecider, waiting).when(report('e1', 'pending', 0)).then([]);
    });

    it('underpaid is not credited; the difference sent in time makes it paid', () => {
      const s = given(cryptoPaymentDecider, waiting).when(report('e1', 'underpaid', 1500)).then([underpaidEv('e1', 1500)]);
      expect(s.status).toBe('underpaid');
      expect(s.creditCents).toBe(0);
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500)]).when(report('e2', 'paid', 2000)).then([paidEv(2000, 'e2')]);
    });

    it('a provider "paid" below the amount is treated as underpaid', () => {
      given(cryptoPaymentDecider, waiting).when(report('e1', 'paid', 1999)).then([underpaidEv('e1', 1999)]);
    });

    it('a further partial amount updates the received total; a stale one is ignored', () => {
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500)]).when(report('e2', 'underpaid', 1800)).then([underpaidEv('e2', 1800)]);
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500)]).when(report('e2', 'underpaid', 1000)).then([]);
    });

    it("failed → failed ('Payment failed.'), but money already received stays held", () => {
      given(cryptoPaymentDecider, waiting)
        .when({ ...report('e1', 'failed', 0), reason: 'Transaction rejected' } as CryptoPaymentCommand)
        .then([{ type: 'CryptoPaymentFailed', data: { paymentId: 'cp1', providerEventId: 'e1', reason: 'Transaction rejected', failedAt: '2026-03-10T12:05:00.000Z' } }]);
      given(cryptoPaymentDecider, waiting)
        .when(report('e1', 'failed', 0))
        .then([{ type: 'CryptoPaymentFailed', data: { paymentId: 'cp1', providerEventId: 'e1', reason: 'Payment failed.', failedAt: '2026-03-10T12:05:00.000Z' } }]);
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500)]).when(report('e2', 'failed', 1500)).then([]);
    });

    it('expired report while open → expired', () => {
      given(cryptoPaymentDecider, waiting)
        .when(report('e1', 'expired', 0, T_EXPIRE))
        .then([{ type: 'CryptoPaymentExpired', data: { paymentId: 'cp1', providerEventId: 'e1', expiredAt: T_EXPIRE } }]);
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500)]).when(report('e2', 'expired', 1500, T_EXPIRE)).then([]);
    });

    it('a payment confirmed late (after expiry or a failure) is still honoured', () => {
      const expiredEv: CryptoPaymentEvent = { type: 'CryptoPaymentExpired', data: { paymentId: 'cp1', providerEventId: null, expiredAt: T_EXPIRE } };
      given(cryptoPaymentDecider, [...waiting, expiredEv]).when(report('e9', 'paid', 2000, T_LATE)).then([paidEv(2000, 'e9', T_LATE)]);
    });

    it('refuses nonsense amounts', () => {
      given(cryptoPaymentDecider, waiting).when(report('e1', 'paid', -1)).thenThrows('Invalid request.', { code: 'INVALID_AMOUNT' });
      given(cryptoPaymentDecider, waiting).when(report('e1', 'underpaid', 0)).thenThrows('Invalid request.', { code: 'INVALID_AMOUNT' });
    });
  });

  describe('ExpireCryptoPayment', () => {
    const expire = (at: string): CryptoPaymentCommand => ({ type: 'ExpireCryptoPayment', paymentId: 'cp1', at });

    it('expires an open payment after 15 minutes', () => {
      const s = given(cryptoPaymentDecider, waiting).when(expire(T_EXPIRE)).then([{ type: 'CryptoPaymentExpired', data: { paymentId: 'cp1', providerEventId: null, expiredAt: T_EXPIRE } }]);
      expect(s.status).toBe('expired');
      given(cryptoPaymentDecider, [createdEv]).when(expire(T_LATE)).then([{ type: 'CryptoPaymentExpired', data: { paymentId: 'cp1', providerEventId: null, expiredAt: T_LATE } }]);
    });

    it('not before, and not once paid or underpaid', () => {
      given(cryptoPaymentDecider, waiting).when(expire('2026-03-10T12:14:59.999Z')).then([]);
      given(cryptoPaymentDecider, [...waiting, paidEv(2000, 'e1')]).when(expire(T_LATE)).then([]);
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 500)]).when(expire(T_LATE)).then([]);
    });
  });

  describe('SettleUnderpaid', () => {
    const settle: CryptoPaymentCommand = { type: 'SettleUnderpaid', paymentId: 'cp1', actorId: 'admin1', at: T_LATE };

    it('credits exactly what was received', () => {
      const s = given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500)]).when(settle).then([paidEv(1500, null, T_LATE, 'admin1')]);
      expect(s.status).toBe('paid');
      expect(s.creditCents).toBe(1500);
    });

    it('once', () => {
      given(cryptoPaymentDecider, [...waiting, underpaidEv('e1', 1500), paidEv(1500, null, T_LATE, 'admin1')]).when(settle).then([]);
    });

    it('only an underpaid payment', () => {
      given(cryptoPaymentDecider, waiting).when(settle).thenThrows('Invalid request.', { code: 'NOT_UNDERPAID', status: 409 });
    });
  });
});

describe('cryptoPaymentView (the 5-second poll)', () => {
  const at = (events: CryptoPaymentEvent[], now: string) => cryptoPaymentView(fold(cryptoPaymentDecider, events), now);

  it('waiting: not confirmed, seconds left', () => {
    expect(at(waiting, '2026-03-10T12:05:00.000Z')).toEqual({ status: 'waiting', is_payment_confirmed: false, done: false, seconds_left: 600, credit_cents: 0, message: null });
  });

  it('paid: confirmed, with the credit', () => {
    expect(at([...waiting, paidEv(2000, 'e1')], '2026-03-10T12:06:00.000Z')).toEqual({ status: 'paid', is_payment_confirmed: true, done: true, seconds_left: 0, credit_cents: 2000, message: null });
  });

  it("past 15 minutes an open payment reads expired: 'Payment failed.'", () => {
    expect(at(waiting, T_EXPIRE)).toMatchObject({ status: 'expired', is_payment_confirmed: false, done: true, message: 'Payment failed.' });
  });

  it("failed: 'Payment failed.'", () => {
    const failed: CryptoPaymentEvent = { type: 'CryptoPaymentFailed', data: { paymentId: 'cp1', providerEventId: 'e1', reason: 'x', failedAt: T1 } };
    expect(at([...waiting, failed], T1)).toMatchObject({ status: 'failed', done: true, message: 'Payment failed.' });
  });

  it('underpaid: keep polling within the window, then done with a support note', () => {
    expect(at([...waiting, underpaidEv('e1', 1500)], '2026-03-10T12:10:00.000Z')).toMatchObject({ status: 'underpaid', done: false, seconds_left: 300 });
    expect(at([...waiting, underpaidEv('e1', 1500)], T_LATE)).toMatchObject({ status: 'underpaid', done: true, message: expect.stringContaining('less than the amount due') });
  });
});

describe('only a paid payment credits the wallet, once', () => {
  it('the process manager step: CryptoPaymentPaid → CreditTopUp, replay-safe', () => {
    const payment = fold(cryptoPaymentDecider, [...waiting, paidEv(2000, 'e1')]);
    const toWallet = (e: CryptoPaymentEvent): WalletCommand | null =>
      e.type === 'CryptoPaymentPaid' ? { type: 'CreditTopUp', userId: e.data.userId, paymentId: e.data.paymentId, currency: e.data.currency, amountCents: e.data.creditCents, at: e.data.paidAt } : null;
    const commands = [createdEv, startedEv, underpaidEv('e0', 100), paidEv(2000, 'e1'), paidEv(2000, 'e1')].map(toWallet).filter((c): c is WalletCommand => c !== null);
    let wallet = walletDecider.initialState();
    for (const c of commands) wallet = walletDecider.decide(c, wallet).reduce(walletDecider.evolve, wallet);
    expect(payment.status).toBe('paid');
    expect(wallet.balanceCents).toBe(2000);
  });
});

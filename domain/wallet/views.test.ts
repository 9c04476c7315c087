import { describe, expect, it } from 'vitest';
import { cryptoPaymentDecider, type CryptoPaymentState } from './crypto-topup';
import { adminCryptoRecord, checkSameTopUp, cryptoPaymentData, secondsLeft, walletHistoryPage } from './views';

const now = new Date('2026-11-24T10:00:00.000Z');
const waiting: CryptoPaymentState = {
  ...cryptoPaymentDecider.initialState(),
  status: 'waiting', paymentId: 'p1', userId: 'fan', currency: 'BTC', amountCents: 2500, expiresAt: '2026-11-24T10:15:00.000Z',
  instructions: { address: 'addr', referenceNo: 'ref', cryptoAmount: '0.0004', qr: 'bitcoin:addr', posId: 'pos' },
};

describe('wallet views', () => {
  it('counts the seconds left, never below zero', () => {
    expect(secondsLeft('2026-11-24T10:00:01.500Z', now.getTime())).toBe(2);
    expect(secondsLeft('2026-11-24T09:00:00.000Z', now.getTime())).toBe(0);
    expect(secondsLeft(null, now.getTime())).toBe(0);
  });

  it('shows a started payment again from what it kept when the provider gives nothing new', () => {
    const d = cryptoPaymentData(waiting, null, now);
    expect([d.address, d.reference_no, d.amount, d.qr_img, d.wait_time, d.amount_usd, d.status]).toEqual(['addr', 'ref', '0.0004', '', 900, 25, 'waiting']);
  });

  it('refuses another currency or amount for a generated payment, only for its owner', () => {
    expect(() => checkSameTopUp(waiting, 'fan', 'eth', undefined)).toThrow('Invalid request.');
    expect(() => checkSameTopUp(waiting, 'fan', ' btc ', 2400)).toThrow('Invalid request.');
    expect(() => checkSameTopUp(waiting, 'fan', 'btc', 2500)).not.toThrow();
    expect(() => checkSameTopUp(waiting, 'other', 'eth', 1)).not.toThrow();
  });

  it('pages the wallet history with at least one page', () => {
    const p = walletHistoryPage([], 0, 1, 20, 1234);
    expect([p.totalPages, p.wallet_balance, p.wallet_balance_cents]).toEqual([1, 12.34, 1234]);
  });

  it('reads the console row numbers and dates', () => {
    const at = '2026-11-24 10:00:00+00';
    const r = adminCryptoRecord({
      id: 'p1', user_id: 'fan', currency: 'BTC', amount_cents: '2500', crypto_amount: '0.0004', address: 'addr', reference_no: 'ref', status: 'waiting',
      received_cents: '0', credit_cents: '0', credited: 0, settled_by: null, created_at: at, expires_at: at, updated_at: at,
    }, null);
    expect([r.amount_cents, r.credited, r.created_at, r.user_email]).toEqual([2500, false, '2026-11-24T10:00:00.000Z', null]);
  });
});

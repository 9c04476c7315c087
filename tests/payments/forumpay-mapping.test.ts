// ForumPay's money strings and CheckPayment states in our words (pure functions, no provider).
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, coinUnits, receivedCents } from '../../infra/payments/forumpay/money';
import { statusReport } from '../../infra/payments/forumpay/status';

const ours = { paymentId: 'our-1', providerPaymentId: 'fp-1', amountCents: 2000, cryptoAmount: '0.00031770' };

describe('ForumPay money', () => {
  it('writes cents as two-decimal amounts and reads them back', () => {
    expect(centsToAmount(2000)).toBe('20.00');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(22200)).toBe('222.00');
    expect(amountToCents('222.00')).toBe(22200);
    expect(amountToCents('0.5')).toBe(50);
    expect(amountToCents('1.234')).toBeNull();
    expect(amountToCents(12)).toBeNull();
    expect(() => centsToAmount(1.5)).toThrow('amount in cents must be a whole number');
  });

  it('counts coin in 8-decimal units and values what arrived in proportion to the quote, rounded down', () => {
    expect(coinUnits('0.01333323')).toBe(1333323n);
    expect(coinUnits('1')).toBe(100000000n);
    expect(coinUnits('0.123456789')).toBeNull();
    expect(receivedCents(2000, 31770n, 31770n)).toBe(2000);
    expect(receivedCents(2000, 15885n, 31770n)).toBe(1000);
    expect(receivedCents(2000, 15884n, 31770n)).toBe(999);
    expect(receivedCents(2000, 63540n, 31770n)).toBe(4000);
    expect(receivedCents(2000, 0n, 31770n)).toBe(0);
  });
});

describe('ForumPay states as status reports', () => {
  const base = { amount: '0.00031770', payment: '0.00000000', unconfirmed_amount: '0.00000000', reason: null };

  it('maps each state', () => {
    expect(statusReport(ours, { ...base, state: 'waiting' })).toEqual({ paymentId: 'our-1', status: 'pending', receivedCents: 0, eventId: 'forumpay:fp-1:waiting:0' });
    expect(statusReport(ours, { ...base, state: 'processing', unconfirmed_amount: '0.00031770' }).status).toBe('pending');
    expect(statusReport(ours, { ...base, state: 'confirmed', payment: '0.00031770' })).toEqual({ paymentId: 'our-1', status: 'paid', receivedCents: 2000, eventId: 'forumpay:fp-1:confirmed:31770' });
    expect(statusReport(ours, { ...base, state: 'zero_confirmed', unconfirmed_amount: '0.00031770' })).toMatchObject({ status: 'paid', receivedCents: 2000 });
    expect(statusReport(ours, { ...base, state: 'underpayment', payment: '0.00010590' })).toMatchObject({ status: 'underpaid', receivedCents: 666 });
    expect(statusReport(ours, { ...base, state: 'cancelled' })).toMatchObject({ status: 'expired', receivedCents: 0 });
    expect(statusReport(ours, { ...base, state: 'cancelled', reason: 'Changed currency' })).toMatchObject({ status: 'failed', reason: 'Changed currency' });
    expect(statusReport(ours, { ...base, state: 'blocked' })).toMatchObject({ status: 'failed', reason: 'ForumPay blocked the payment.' });
    expect(statusReport(ours, { ...base, state: 'something new' }).status).toBe('pending');
  });

  it('a confirmation naming no amount confirms the invoice; an underpayment of nothing stays pending', () => {
    expect(statusReport(ours, { state: 'confirmed' })).toMatchObject({ status: 'paid', receivedCents: 2000 });
    expect(statusReport(ours, { ...base, state: 'underpayment' }).status).toBe('pending');
  });

  it('a second transfer after confirmation is a new event (the same state with more money)', () => {
    const once = statusReport(ours, { ...base, state: 'confirmed', payment: '0.00031770' });
    const twice = statusReport(ours, { ...base, state: 'confirmed', payment: '0.00063540' });
    expect(twice.receivedCents).toBe(4000);
    expect(twice.eventId).not.toBe(once.eventId);
  });
});

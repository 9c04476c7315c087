import { describe, expect, it } from 'vitest';
import {
  CARD_PROBLEM_MESSAGE,
  centsToDecimal,
  decimalToCents,
  declineReason,
  orderState,
  paymentIdInNotes,
  readChargeAnswer,
  stickyCardType,
  stickyExpiry,
} from '../../infra/payments/sticky-io/wire';
import { checkStickyIoSettings } from '../../infra/payments/sticky-io/settings';

describe('Sticky.io wire conventions', () => {
  it('converts cents to two-decimal strings and back, refusing what is not a whole positive amount', () => {
    expect(centsToDecimal(999)).toBe('9.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(120000)).toBe('1200.00');
    expect(() => centsToDecimal(0)).toThrow(/amountCents/);
    expect(() => centsToDecimal(9.5)).toThrow(/amountCents/);
    expect(decimalToCents('61.95')).toBe(6195);
    expect(decimalToCents('3.5')).toBe(350);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('1,00')).toBeNull();
    expect(decimalToCents(12)).toBeNull();
  });

  it('strips the per-call REFID suffix from decline reasons, in either spelling of the field', () => {
    expect(declineReason({ decline_reason: 'Do Not Honor REFID:8812' })).toBe('Do Not Honor');
    expect(declineReason({ declineReason: 'Duplicate transaction REFID:12' })).toBe('Duplicate transaction');
    expect(declineReason({ decline_reason: '' })).toBeNull();
  });

  it('reads order answers: 100 captured, 800 declined with the reason, card problems cascade, duplicates and setup errors apart', () => {
    expect(readChargeAnswer({ response_code: '100', order_id: '12927' })).toEqual({ kind: 'outcome', outcome: { status: 'captured', gatewayTransactionId: '12927' } });
    expect(readChargeAnswer({ response_code: '800', decline_reason: 'Do not honor REFID:3', order_id: '1' })).toEqual({
      kind: 'outcome',
      outcome: { status: 'declined', failureCode: '800', message: 'Do not honor', allowCascade: false },
    });
    // The declines a new card mends open the fan site's card-update flow, as the sandbox's -23 and -24 do.
    expect(readChargeAnswer({ response_code: '800', decline_reason: 'Insufficient funds REFID:3', order_id: '1' })).toEqual({
      kind: 'outcome',
      outcome: { status: 'declined', failureCode: '-24', message: 'Your card was declined for insufficient funds. Please update your card details.', allowCascade: false },
    });
    expect(readChargeAnswer({ response_code: '356', error_found: '1' })).toEqual({
      kind: 'outcome',
      outcome: { status: 'declined', failureCode: '-23', message: 'Your card has expired. Please update your card details.', allowCascade: false },
    });
    for (const code of ['328', '329']) {
      expect(readChargeAnswer({ response_code: code, error_found: '1' })).toEqual({ kind: 'outcome', outcome: { status: 'declined', failureCode: code, message: CARD_PROBLEM_MESSAGE, allowCascade: true } });
    }
    expect(readChargeAnswer({ responseCode: '10800', decline_reason: 'Pick up card REFID:9' })).toMatchObject({ kind: 'outcome', outcome: { status: 'declined', failureCode: '10800', message: 'Pick up card' } });
    expect(readChargeAnswer({ response_code: '908' })).toEqual({ kind: 'duplicate' });
    expect(readChargeAnswer({ response_code: '800', decline_reason: 'Duplicate transaction REFID:77' })).toEqual({ kind: 'duplicate' });
    expect(readChargeAnswer({ response_code: '410', error_message: 'limit' })).toMatchObject({ kind: 'error', code: '410' });
    expect(readChargeAnswer({ response_code: '666' })).toMatchObject({ kind: 'error', code: '666', message: expect.stringContaining('not permitted') });
  });

  it('tells an order\'s state from order_view fields', () => {
    expect(orderState({ order_status: '2', order_total: '9.99', amount_refunded_to_date: '0.00', is_void: 'no' })).toBe('approved');
    expect(orderState({ order_status: '7', order_total: '9.99' })).toBe('declined');
    expect(orderState({ order_status: '6', order_total: '9.99', is_void: 'yes' })).toBe('voided');
    expect(orderState({ order_status: '6', order_total: '9.99', amount_refunded_to_date: '9.99' })).toBe('refunded');
    expect(orderState({ order_status: '2', order_total: '9.99', amount_refunded_to_date: '4.00' })).toBe('partly_refunded');
  });

  it('finds our payment id in employee notes, as a whole word', () => {
    expect(paymentIdInNotes(['2026-11-29 10:00:00 API: fanclub:pay_123'])).toBe('pay_123');
    expect(paymentIdInNotes('fanclub:abc-1 and more')).toBe('abc-1');
    expect(paymentIdInNotes(['xfanclub:pay_1'])).toBeNull();
    expect(paymentIdInNotes([])).toBeNull();
  });

  it('formats expiry as MMYY and card types as Sticky names them', () => {
    expect(stickyExpiry('6', '2028')).toBe('0628');
    expect(stickyExpiry('12', '31')).toBe('1231');
    expect(() => stickyExpiry('13', '2028')).toThrow(/expMonth/);
    expect(stickyCardType('1444444444444440', null)).toBe('visa');
    expect(stickyCardType('5555555555554444', 'mastercard')).toBe('master');
    expect(() => stickyCardType('3530111333300000', 'jcb')).toThrow(/card number/);
  });

  it('names a missing setting without showing any value', () => {
    expect(() => checkStickyIoSettings(null)).toThrow(/not configured/);
    const good = { appKey: 'acme', apiUsername: 'u', apiPassword: 'p-secret', campaignId: '1', shippingId: '2', offerId: '3', productId: '4', billingModelId: '5', postbackSecret: 'x'.repeat(32) };
    expect(checkStickyIoSettings(good)).toBe(good);
    expect(() => checkStickyIoSettings({ ...good, apiPassword: '' })).toThrow('Sticky.io settings: apiPassword is required.');
    expect(() => checkStickyIoSettings({ ...good, appKey: 'evil.example.com/' })).toThrow(/appKey/);
    expect(() => checkStickyIoSettings({ ...good, postbackSecret: 'short' })).toThrow(/postbackSecret/);
  });
});

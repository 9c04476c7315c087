import { describe, expect, it } from 'vitest';
import { needsPaymentMethodPopup } from './paymentMethodPopup';

const fan = { role: 'user', proxy: false, defaultPaymentMethod: null };
const renewing = { active: true, renews: true, complimentary: false, is_rebill_failed: false, payment_method: null };
const now = Date.parse('2026-11-26T10:00:00Z');

describe('set payment method popup (SH-38)', () => {
  it('a renewing member without a default payment method sees it', () => {
    expect(needsPaymentMethodPopup(fan, renewing, null, now)).toBe(true);
  });
  it('not with a method, not for a proxy view or staff, not when nothing renews by card, not while the rebill popup runs', () => {
    expect(needsPaymentMethodPopup({ ...fan, defaultPaymentMethod: 'card-1' }, renewing, null, now)).toBe(false);
    expect(needsPaymentMethodPopup({ ...fan, proxy: true }, renewing, null, now)).toBe(false);
    expect(needsPaymentMethodPopup({ ...fan, role: 'admin' }, renewing, null, now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, { ...renewing, renews: false }, null, now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, { ...renewing, active: false }, null, now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, { ...renewing, payment_method: 'CCBill' }, null, now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, { ...renewing, complimentary: true }, null, now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, { ...renewing, is_rebill_failed: true }, null, now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, { ...renewing, payment_method: 'wallet' }, null, now)).toBe(false);
  });
  it('"Later" hides it for 7 days', () => {
    expect(needsPaymentMethodPopup(fan, renewing, '2026-11-20T10:00:01Z', now)).toBe(false);
    expect(needsPaymentMethodPopup(fan, renewing, '2026-11-19T10:00:00Z', now)).toBe(true);
    expect(needsPaymentMethodPopup(fan, renewing, 'nonsense', now)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createCcbillCheckout } from './checkout';
import type { CcbillSettings } from './settings';

const settings: CcbillSettings = {
  clientAccnum: '900100', clientSubacc: '0000', flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9', salt: '7d901dad245fd0ff6bc20d06',
  restAppId: 'app', restSecret: 'secret', datalinkUsername: 'dl', datalinkPassword: 'dlpass', liveMode: true,
};
const customer = { email: 'fan@example.com', firstName: 'Ann', lastName: 'Lee', country: 'US' };

describe('CCBill hosted checkout', () => {
  it('builds the recurring FlexForms URL with CCBill\'s documented digest', () => {
    const url = new URL(createCcbillCheckout(settings).checkoutUrl({ paymentId: 'pay_0042', amountCents: 1000, currency: 'USD', initialPeriodDays: 30, recurring: { amountCents: 1000, periodDays: 30, rebills: 99 }, customer }));
    expect(url.origin + url.pathname).toBe('https://api.ccbill.com/wap-frontflex/flexforms/687fa3e0-e60d-4466-88e2-181fa56dd6a9');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      clientAccnum: '900100', clientSubacc: '0000', initialPrice: '10.00', initialPeriod: '30', recurringPrice: '10.00', recurringPeriod: '30', numRebills: '99',
      currencyCode: '840', formDigest: '48f0b12e4307e64edb781c479665c899', email: 'fan@example.com', customer_fname: 'Ann', customer_lname: 'Lee', country: 'US', payment_id: 'pay_0042',
    });
  });

  it('builds a one-time price with the single digest and no recurring fields', () => {
    const url = new URL(createCcbillCheckout(settings, { endpoints: { flexForms: 'http://127.0.0.1:9/wap-frontflex/flexforms' } }).checkoutUrl({ paymentId: 'p1', amountCents: 1000, currency: 'USD', initialPeriodDays: 30, recurring: null, customer: { email: 'a@b.c' } }));
    expect(url.host).toBe('127.0.0.1:9');
    expect(url.searchParams.get('formDigest')).toBe('a7459445d0e5dc0963fe736dc5cf900b');
    expect(url.searchParams.has('recurringPrice')).toBe(false);
    expect(url.toString()).not.toContain(settings.salt);
  });

  it('refuses bad input naming the field', () => {
    const c = createCcbillCheckout(settings);
    const base = { paymentId: 'p', amountCents: 500, currency: 'USD' as const, initialPeriodDays: 30, recurring: null, customer };
    expect(() => c.checkoutUrl({ ...base, initialPeriodDays: 1 })).toThrow(/initialPeriodDays/);
    expect(() => c.checkoutUrl({ ...base, amountCents: 4.5 })).toThrow(/amountCents/);
    expect(() => c.checkoutUrl({ ...base, recurring: { amountCents: 500, periodDays: 30, rebills: 100 } })).toThrow(/recurring.rebills/);
    expect(() => c.checkoutUrl({ ...base, customer: { email: '' } })).toThrow(/customer.email/);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { centsFromPriceText, formDigest, priceText, saleDigestMatches } from './digest';

const SALT = '7d901dad245fd0ff6bc20d06';
const md5 = (t: string) => createHash('md5').update(t).digest('hex');

describe('CCBill formDigest', () => {
  it('single billing matches CCBill\'s own example', () => {
    expect(formDigest({ initialPrice: '10.00', initialPeriod: '30', currencyCode: '840' }, SALT)).toBe('a7459445d0e5dc0963fe736dc5cf900b');
  });

  it('recurring billing matches CCBill\'s own example', () => {
    const price = { initialPrice: '10.00', initialPeriod: '30', currencyCode: '840', recurring: { recurringPrice: '10.00', recurringPeriod: '30', numRebills: '99' } };
    expect(formDigest(price, SALT)).toBe('48f0b12e4307e64edb781c479665c899');
  });

  it('changes with the salt and with the price text', () => {
    const base = formDigest({ initialPrice: '10.00', initialPeriod: '30', currencyCode: '840' }, SALT);
    expect(formDigest({ initialPrice: '10.0', initialPeriod: '30', currencyCode: '840' }, SALT)).not.toBe(base);
    expect(formDigest({ initialPrice: '10.00', initialPeriod: '30', currencyCode: '840' }, 'other')).not.toBe(base);
  });
});

describe('CCBill price text', () => {
  it('formats cents with exactly two decimals and reads CCBill decimals back', () => {
    expect(priceText(1000)).toBe('10.00');
    expect(priceText(5)).toBe('0.05');
    expect(priceText(123456)).toBe('1234.56');
    expect(centsFromPriceText('18.0')).toBe(1800);
    expect(centsFromPriceText('9.99')).toBe(999);
    expect(centsFromPriceText(50)).toBe(5000);
    expect(centsFromPriceText('abc')).toBeNull();
    expect(() => priceText(10.5)).toThrow(/price/);
  });
});

describe('CCBill sale digest (dynamicPricingValidationDigest)', () => {
  it('accepts md5(subscriptionId + "1" + salt) on a success', () => {
    const digest = md5(`0117240102000000049` + '1' + SALT);
    expect(saleDigestMatches({ success: true, digest, subscriptionId: '0117240102000000049' }, SALT)).toBe(true);
    expect(saleDigestMatches({ success: true, digest, subscriptionId: '0117240102000000050' }, SALT)).toBe(false);
  });

  it('accepts md5(transaction or denial id + "0" + salt) on a failure', () => {
    expect(saleDigestMatches({ success: false, digest: md5('0117240102000000077' + '0' + SALT), transactionId: '0117240102000000077' }, SALT)).toBe(true);
    expect(saleDigestMatches({ success: false, digest: md5('925013101000000100' + '0' + SALT), transactionId: '1', denialId: '925013101000000100' }, SALT)).toBe(true);
    expect(saleDigestMatches({ success: false, digest: md5('0117240102000000077' + '1' + SALT), transactionId: '0117240102000000077' }, SALT)).toBe(false);
  });

  it('accepts the sale\'s own formDigest (sandbox form) and refuses an empty digest', () => {
    expect(saleDigestMatches({ success: true, digest: 'a7459445d0e5dc0963fe736dc5cf900b', subscriptionId: '1', formDigest: 'a7459445d0e5dc0963fe736dc5cf900b' }, SALT)).toBe(true);
    expect(saleDigestMatches({ success: true, digest: '', subscriptionId: '1' }, SALT)).toBe(false);
  });
});

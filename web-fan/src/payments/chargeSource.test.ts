import { describe, expect, it } from 'vitest';
import { cardLabel, chargeSourceText } from './chargeSource';

describe('chargeSourceText (what the confirmation says will be charged)', () => {
  it('the saved primary card by brand and last 4', () => {
    expect(chargeSourceText({ fromWallet: false, balanceCents: 0, priceCents: 1200, card: { brand: 'visa', last4: '4242' } })).toBe('Visa •••• 4242');
    expect(chargeSourceText({ fromWallet: false, balanceCents: 0, priceCents: 1200, card: { brand: 'amex', last4: '0005' } })).toBe('American Express •••• 0005');
    expect(cardLabel({ brand: 'unionpay', last4: '1234' })).toBe('Unionpay •••• 1234');
  });

  it('the wallet with what is left after, or what is missing', () => {
    expect(chargeSourceText({ fromWallet: true, balanceCents: 3000, priceCents: 1200, card: null })).toBe('wallet, $18.00 left after');
    expect(chargeSourceText({ fromWallet: true, balanceCents: 1200, priceCents: 1200, card: null })).toBe('wallet, $0.00 left after');
    expect(chargeSourceText({ fromWallet: true, balanceCents: 300, priceCents: 500, card: null })).toBe('wallet ($3.00 in it: add $2.00 first)');
  });

  it('no saved card: a new one entered next; not known yet: nothing said', () => {
    expect(chargeSourceText({ fromWallet: false, balanceCents: 0, priceCents: 500, card: null })).toBe('a new card (you enter it next)');
    expect(chargeSourceText({ fromWallet: false, balanceCents: 0, priceCents: 500, card: undefined })).toBeNull();
  });
});

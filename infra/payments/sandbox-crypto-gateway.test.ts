import { describe, expect, it } from 'vitest';
import { cryptoAmountFor, SANDBOX_CRYPTO_CURRENCIES } from './sandbox-crypto-gateway';

describe('cryptoAmountFor', () => {
  it('quotes USD cents in the currency, rounded up to its decimals (never less than asked)', () => {
    const [btc, eth, usdt, ltc] = SANDBOX_CRYPTO_CURRENCIES;
    expect(cryptoAmountFor(2000, btc)).toBe('0.00030770'); // $20 at $65,000
    expect(cryptoAmountFor(6_500_000, btc)).toBe('1.00000000');
    expect(cryptoAmountFor(2500, eth)).toBe('0.00781250'); // $25 at $3,200
    expect(cryptoAmountFor(1234, usdt)).toBe('12.34');
    expect(cryptoAmountFor(4000, ltc)).toBe('0.50000000');
    expect(cryptoAmountFor(1, btc)).toBe('0.00000016'); // 15.38… satoshi → 16
  });

  it('addresses look like the test networks\' and are stable per seed', () => {
    const seed = Buffer.alloc(32, 7);
    expect(SANDBOX_CRYPTO_CURRENCIES[0].address(seed)).toMatch(/^tb1q[a-z0-9]{38}$/);
    expect(SANDBOX_CRYPTO_CURRENCIES[1].address(seed)).toMatch(/^0x[0-9a-f]{40}$/);
    expect(SANDBOX_CRYPTO_CURRENCIES[3].address(seed)).toBe(SANDBOX_CRYPTO_CURRENCIES[3].address(Buffer.alloc(32, 7)));
  });
});

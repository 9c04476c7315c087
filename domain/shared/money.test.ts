import { describe, expect, it } from 'vitest';
import { centsFromDollars, dollarsFromCents, formatMoney, promotionPriceCents, roundUpToWholeDollarCents, usd } from './money';

describe('usd', () => {
  it('builds integer cents with an explicit currency', () => {
    expect(usd(1234)).toEqual({ cents: 1234, currency: 'USD' });
  });
});

describe('centsFromDollars', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['12.05', 1205],
    ['0.01', 1],
    [' 20 ', 2000],
    ['450', 45000],
    [12.34, 1234],
    [20, 2000],
    [12.5, 1250],
    [0.1, 10],
  ] as const)('%j → %d', (input, cents) => {
    expect(centsFromDollars(input)).toBe(cents);
  });

  it.each(['12.345', '-1', 'abc', '', ' ', '12.', '.5', '1e3', '12,50', '$12', '1234567890', 'NaN', 'Infinity'])('%j → null', (input) => {
    expect(centsFromDollars(input)).toBeNull();
  });

  it.each([-1, 12.345, Number.NaN, Number.POSITIVE_INFINITY, 1e21])('number %d → null', (input) => {
    expect(centsFromDollars(input)).toBeNull();
  });
});

describe('dollarsFromCents', () => {
  it('converts cents to wire dollars', () => {
    expect(dollarsFromCents(2050)).toBe(20.5);
    expect(dollarsFromCents(999)).toBe(9.99);
    expect(dollarsFromCents(0)).toBe(0);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [1234, '$12.34'],
    [2000, '$20.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1234, '-$12.34'],
    [-5, '-$0.05'],
  ])('%d → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('roundUpToWholeDollarCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [99, 100],
    [100, 100],
    [101, 200],
    [1201, 1300],
    [1299, 1300],
    [1300, 1300],
  ])('%d → %d', (cents, rounded) => {
    expect(roundUpToWholeDollarCents(cents)).toBe(rounded);
  });
});

describe('promotionPriceCents (spec 2 §9: ceil(amount × (100 − percent) / 100))', () => {
  it.each([
    [20, 50, 10],
    [15, 10, 14], // 13.5 → 14
    [7, 10, 7], // 6.3 → 7
    [5, 80, 1],
    [450, 80, 90],
    [450, 10, 405],
    [99, 33, 67], // 66.33 → 67
    [10, 0, 10],
    [10, 100, 0],
  ])('$%d at %d%% off → $%d', (amount, percent, dollars) => {
    expect(promotionPriceCents(amount * 100, percent)).toBe(dollars * 100);
  });

  it('agrees with the integer form of the spec formula for every whole amount 5..450 and percent 10..80', () => {
    const mismatches: string[] = [];
    for (let amount = 5; amount <= 450; amount++) {
      for (let percent = 10; percent <= 80; percent++) {
        const expected = Math.floor((amount * (100 - percent) + 99) / 100) * 100; // exact integer ceil
        const actual = promotionPriceCents(amount * 100, percent);
        if (actual !== expected) mismatches.push(`${amount}@${percent}%: ${actual} ≠ ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('always yields whole dollars in integer cents', () => {
    for (const [a, p] of [[12, 37], [333, 45], [5, 50]]) {
      const cents = promotionPriceCents(a * 100, p);
      expect(Number.isInteger(cents)).toBe(true);
      expect(cents % 100).toBe(0);
    }
  });
});

// Money is integer cents with an explicit currency. Every rounding rule lives here, once.

export type Currency = 'USD';

export interface Money {
  cents: number;
  currency: Currency;
}

export const usd = (cents: number): Money => ({ cents, currency: 'USD' });

/** Dollars as sent by the spec's API ("amount": 20 or "12.50") to integer cents; null if not a valid amount. */
export function centsFromDollars(amount: number | string): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents to the dollars number the wire format uses (20.5 for 2050). */
export const dollarsFromCents = (cents: number): number => cents / 100;

/** "$12.34" */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Wallet shortfall and crypto top-ups round up to whole dollars. */
export const roundUpToWholeDollarCents = (cents: number): number => Math.ceil(cents / 100) * 100;

/** Locked-content promotion price: ceil(amount × (100 − percent) / 100), on whole dollars. */
export function promotionPriceCents(amountCents: number, discountPercent: number): number {
  const dollars = amountCents / 100;
  return Math.ceil((dollars * (100 - discountPercent)) / 100) * 100;
}

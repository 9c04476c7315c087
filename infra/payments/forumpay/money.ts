// Money at ForumPay's boundary: our integer USD cents ↔ its decimal strings ("222.00" fiat, up to 8 decimals in coin).

/** 2000 → "20.00". */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`amount in cents must be a whole number ≥ 0, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "20.00" → 2000; null when the text is not a fiat amount with at most two decimals. */
export function amountToCents(amount: unknown): number | null {
  const m = typeof amount === 'string' ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim()) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

const COIN_DECIMALS = 8;

/** "0.01333323" → 1333323n (smallest units at 8 decimals); null when not a coin amount. */
export function coinUnits(amount: unknown): bigint | null {
  const m = typeof amount === 'string' ? /^(\d{1,20})(?:\.(\d{1,8}))?$/.exec(amount.trim()) : null;
  return m ? BigInt(m[1]) * 10n ** BigInt(COIN_DECIMALS) + BigInt((m[2] ?? '').padEnd(COIN_DECIMALS, '0')) : null;
}

/**
 * USD cents that `received` coin is worth of an invoice of `invoiceCents` asking `asked` coin: in proportion to
 * the quote (so a full payment is exactly the invoice whatever the rate does), rounded down (never credit more than arrived).
 */
export function receivedCents(invoiceCents: number, received: bigint, asked: bigint): number {
  if (asked <= 0n || received <= 0n) return 0;
  return Number((BigInt(invoiceCents) * received) / asked);
}

// CCBill's price signatures. The FlexForms formDigest proves to CCBill that the price in the URL is the one we
// signed; the webhook's dynamicPricingValidationDigest proves (weakly) that a sale notice comes from CCBill.
import { createHash, timingSafeEqual } from 'node:crypto';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Cents as CCBill's price strings: always two decimals ("10.00"), since the digest hashes the literal text. */
export function priceText(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`price: expected a whole, non-negative number of cents, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** CCBill's decimal text ("18.00", "18.0", "9.99", "50") as integer cents; null when it is not a price. */
export function centsFromPriceText(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(text).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export interface FormPrice {
  initialPrice: string;
  initialPeriod: string;
  currencyCode: string;
  recurring?: { recurringPrice: string; recurringPeriod: string; numRebills: string } | null;
}

/**
 * formDigest: lowercase hex MD5 of the values joined with no separator — initialPrice, initialPeriod, then for a
 * recurring price recurringPrice, recurringPeriod, numRebills — then currencyCode and the salt.
 */
export function formDigest(price: FormPrice, salt: string): string {
  const r = price.recurring;
  const parts = r
    ? [price.initialPrice, price.initialPeriod, r.recurringPrice, r.recurringPeriod, r.numRebills, price.currencyCode, salt]
    : [price.initialPrice, price.initialPeriod, price.currencyCode, salt];
  return md5(parts.join(''));
}

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Checks a NewSale notice's dynamicPricingValidationDigest. CCBill's formula is unconfirmed, so each form seen in
 * integrations is accepted: md5(subscriptionId + "1" + salt) on a success, md5(id + "0" + salt) on a failure with
 * id the transaction or denial id (integrations disagree which), and, as seen in sandbox captures, the formDigest
 * of the sale's own price.
 */
export function saleDigestMatches(
  notice: { success: boolean; digest: string; subscriptionId?: string; transactionId?: string; denialId?: string; formDigest?: string | null },
  salt: string,
): boolean {
  if (!notice.digest) return false;
  const ids = notice.success ? [notice.subscriptionId] : [notice.transactionId, notice.denialId, notice.subscriptionId];
  const candidates = ids.filter((id): id is string => !!id).map((id) => md5(`${id}${notice.success ? '1' : '0'}${salt}`));
  if (notice.formDigest) candidates.push(notice.formDigest);
  return candidates.some((c) => sameHex(c, notice.digest));
}

// Sticky.io's v1 conventions in our words: money as two-decimal strings, dates as mm/dd/yyyy, response codes as
// strings in either spelling, decline reasons with a per-call " REFID:<n>" suffix. Pure functions only.
import type { GatewayOutcome } from '../../../domain/payment/payment';
import { CARD_UPDATE_DECLINES, cardUpdateDecline } from '../../../domain/payment/card-update';

export type StickyAnswer = Record<string, unknown>;

/** Integer cents as the provider's decimal string ("9.99"). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`amountCents must be a positive whole number of cents (got ${cents}).`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The provider's decimal string as integer cents; null when it is not a plain amount. */
export function decimalToCents(value: unknown): number | null {
  const m = typeof value === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim()) : null;
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A date the way order_find takes it (mm/dd/yyyy, UTC). */
export const stickyDate = (at: Date) => `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()}`;

/** Card expiry as the provider takes it (MMYY). */
export function stickyExpiry(expMonth: string, expYear: string): string {
  const month = expMonth.trim().padStart(2, '0');
  const year = expYear.trim().slice(-2);
  if (!/^(0[1-9]|1[0-2])$/.test(month)) throw new Error('expMonth must be a month from 01 to 12.');
  if (!/^\d{2}$/.test(year)) throw new Error('expYear must be a year (YY or YYYY).');
  return `${month}${year}`;
}

/** The answer's code: `response_code`, or the older `responseCode` spelling. */
export const responseCode = (answer: StickyAnswer): string => String(answer.response_code ?? answer.responseCode ?? '');

/** The decline reason without the per-call " REFID:<n>" suffix, so equal reasons compare equal. */
export function declineReason(answer: StickyAnswer): string | null {
  const raw = answer.decline_reason ?? answer.declineReason;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  return raw.replace(/\s*REFID:\s*\S+\s*$/i, '').trim();
}

/** The gateway's sign that an identical charge went through just before: the first one may stand. */
export const isDuplicateDecline = (reason: string | null) => !!reason && /^duplicate transaction/i.test(reason);

/** The text the fan sees when re-entering the card could help (the spec's wording). */
export const CARD_PROBLEM_MESSAGE = 'Problem in card authorization please re-enter your card details or add new card.';
export const DECLINED_MESSAGE = 'Payment failed.';

/** Codes that mean the card itself is the problem (expired 356, expiry format 328, number 329): another card may pass. */
/** Card details Sticky.io will not take (expiry not MMYY, number not 15/16 digits): the fan re-enters the card. */
const CARD_PROBLEM_CODES = new Set(['328', '329']);
/** 356: the card has expired. */
const EXPIRED_CARD = '356';

/**
 * What an order-creating answer means for the charge:
 * - captured / declined: final;
 * - duplicate: 908 or a gateway "Duplicate transaction" decline, so an earlier charge may stand: read the books;
 * - error: the call did nothing (credentials, permissions, setup, rate limit): not a decline of the fan's card.
 */
export type ChargeReading =
  | { kind: 'outcome'; outcome: GatewayOutcome }
  | { kind: 'duplicate' }
  | { kind: 'error'; code: string; message: string };

export function readChargeAnswer(answer: StickyAnswer): ChargeReading {
  const code = responseCode(answer);
  const reason = declineReason(answer);
  if (code === '100') {
    const orderId = String(answer.order_id ?? answer.orderId ?? '');
    if (!orderId) return { kind: 'error', code, message: 'Sticky.io approved the order but named no order_id.' };
    return { kind: 'outcome', outcome: { status: 'captured', gatewayTransactionId: orderId } };
  }
  if (code === '908' || isDuplicateDecline(reason)) return { kind: 'duplicate' };
  if (code === EXPIRED_CARD) return { kind: 'outcome', outcome: { status: 'declined', ...CARD_UPDATE_DECLINES.expired, allowCascade: false } };
  if (CARD_PROBLEM_CODES.has(code)) return { kind: 'outcome', outcome: { status: 'declined', failureCode: code, message: CARD_PROBLEM_MESSAGE, allowCascade: true } };
  if (code === '101') return { kind: 'outcome', outcome: { status: 'declined', failureCode: '101', message: 'Your bank asked for a verification this payment cannot show. Please use another card.', allowCascade: true } };
  if (code === '381') return { kind: 'outcome', outcome: { status: 'declined', failureCode: '381', message: DECLINED_MESSAGE, allowCascade: false } };
  // 800 and any other code that carries a decline reason (reprocessing answers 10800) is the gateway's decline.
  if (code === '800' || reason) {
    const update = cardUpdateDecline(reason);
    if (update) return { kind: 'outcome', outcome: { status: 'declined', ...update, allowCascade: false } };
    return { kind: 'outcome', outcome: { status: 'declined', failureCode: code || '800', message: reason ?? DECLINED_MESSAGE, allowCascade: false } };
  }
  return { kind: 'error', code, message: describeCode(code, answer) };
}

const CODE_TEXT: Record<string, string> = {
  '200': 'invalid API login credentials',
  '320': 'invalid product or offer id',
  '333': 'no orders found',
  '350': 'invalid order id',
  '400': 'invalid campaign id',
  '410': 'the API user reached its requests per minute for this method; try again in a minute',
  '500': 'invalid customer id',
  '666': 'the API user is not permitted to use this method',
  '667': 'the API user is disabled',
  '700': 'invalid method or insecure request',
  '907': 'invalid shipping id',
  '1000': 'SSL is required',
};

/** A provider code in words, for operators; the provider's own message is added when it gave one. */
export function describeCode(code: string, answer: StickyAnswer = {}): string {
  const own = typeof answer.error_message === 'string' ? answer.error_message : '';
  const known = CODE_TEXT[code];
  return `Sticky.io answered ${code || 'without a response code'}${known ? ` (${known})` : ''}${own && own !== known ? `: ${own}` : ''}.`;
}

/** Our payment id, as carried in an order's notes. */
export const notesFor = (paymentId: string) => `fanclub:${paymentId}`;

/** The payment id a note names (the provider prefixes employee notes with a date and the API user). */
export function paymentIdInNotes(notes: unknown): string | null {
  const list = Array.isArray(notes) ? notes : [notes];
  for (const n of list) {
    const m = typeof n === 'string' ? /(?:^|\s)fanclub:(\S+)/.exec(n) : null;
    if (m) return m[1];
  }
  return null;
}

/** Every note an order_view carries, whatever the field's spelling. */
export const orderNotes = (order: StickyAnswer): unknown[] => [order.employeeNotes, order.notes, order.systemNotes].flatMap((n) => (Array.isArray(n) ? n : n === undefined ? [] : [n]));

export type OrderState = 'approved' | 'declined' | 'voided' | 'refunded' | 'partly_refunded' | 'other';

/** An order's state from order_view: status 2/8 approved, 7 declined, 6 voided or refunded (the flags tell which). */
export function orderState(order: StickyAnswer): OrderState {
  const status = String(order.order_status ?? '');
  if (String(order.is_void ?? '').toLowerCase() === 'yes') return 'voided';
  const total = decimalToCents(order.order_total);
  const refunded = decimalToCents(order.amount_refunded_to_date) ?? 0;
  if (refunded > 0) return total !== null && refunded >= total ? 'refunded' : 'partly_refunded';
  if (status === '6') return 'refunded';
  if (status === '2' || status === '8') return 'approved';
  if (status === '7') return 'declined';
  return 'other';
}

/** The "view of one order": order_view answers one id at the top level and several under `data`. */
export function ordersOfView(answer: StickyAnswer): StickyAnswer[] {
  if (answer.data && typeof answer.data === 'object') return Object.values(answer.data as Record<string, StickyAnswer>);
  return answer.order_id !== undefined ? [answer] : [];
}

/** Sticky's card type for a brand we detect (the test cards 14444… are visa, as its documentation says). */
export function stickyCardType(number: string, detected: string | null): string {
  if (/^144444444444444\d$/.test(number)) return 'visa';
  switch (detected) {
    case 'visa':
      return 'visa';
    case 'mastercard':
      return 'master';
    case 'amex':
      return 'amex';
    case 'discover':
      return 'discover';
    default:
      throw new Error('card number: this card brand is not accepted (Visa, Mastercard, American Express, Discover).');
  }
}

// CCBill webhooks, checked and put in our words. There is no signature over the body, so a notice is believed only
// when it comes from CCBill's published ranges, names our account and subaccount, and (for a first sale) carries a
// sale digest made with our salt. Even then an adapter grants nothing: the payment pipeline decides, and a sale
// notice only counts for a payment we asked for.
import type { GatewayNotice, NoticeVerifier, ProviderRequest, VerifiedNotices } from '../port';
import type { CcbillBooks } from './books';
import { PAYMENT_ID_FIELD } from './checkout';
import { centsFromPriceText, formDigest, saleDigestMatches } from './digest';
import { CCBILL_WEBHOOK_RANGES, type CcbillSettings } from './settings';

type Fields = Record<string, string>;

/** The body as CCBill sent it: JSON or URL-encoded, every value as text (ids keep their leading zeros). */
export function parseNoticeBody(rawBody: string, contentType: string | undefined): Fields | null {
  const text = rawBody.trim();
  if (!text) return {};
  const json = contentType?.includes('json') || text.startsWith('{');
  try {
    if (json) {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));
    }
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return null;
  }
}

function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** Whether an IPv4 address (or an IPv4-mapped IPv6 one) lies in one of the CIDR ranges. */
export function addressInRanges(address: string, ranges: string[]): boolean {
  const ip = ipv4ToNumber(address.replace(/^::ffff:/i, ''));
  if (ip === null) return false;
  return ranges.some((range) => {
    const [base, bitsText = '32'] = range.split('/');
    const start = ipv4ToNumber(base);
    const bits = Number(bitsText);
    if (start === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const size = 2 ** (32 - bits);
    return Math.floor(ip / size) === Math.floor(start / size);
  });
}

const CHARGE_TYPES: Record<string, GatewayNotice['type']> = {
  NewSaleSuccess: 'charge.succeeded',
  UpSaleSuccess: 'charge.succeeded',
  NewSaleFailure: 'charge.failed',
  UpSaleFailure: 'charge.failed',
  Refund: 'charge.refunded',
  Void: 'charge.voided',
  // A Return is the bank taking back a check/ACH payment: like a chargeback, not initiated by us.
  Return: 'charge.chargeback',
  Chargeback: 'charge.chargeback',
};

const SUBSCRIPTION_TYPES: Record<string, string> = {
  RenewalSuccess: 'subscription.renewed',
  RenewalFailure: 'subscription.renewal_failed',
  Cancellation: 'subscription.cancelled',
  Expiration: 'subscription.expired',
  // A reactivated subscription bills again: for us it is renewed.
  UserReactivation: 'subscription.renewed',
};

/** A stable identity per notice, so a repeat delivery is recognised: the event and its transaction, or else its subscription and time. */
export function noticeId(eventType: string, fields: Fields): string {
  if (fields.transactionId) return `${eventType}:${fields.transactionId}`;
  return `${eventType}:${fields.subscriptionId ?? ''}:${fields.timestamp ?? ''}`;
}

/** CCBill's "YYYY-MM-DD HH:MM:SS" as epoch seconds; the time zone is unconfirmed, read as UTC. */
function createdFrom(timestamp: string | undefined): number {
  const ms = timestamp ? Date.parse(`${timestamp.replace(' ', 'T')}Z`) : NaN;
  return Math.floor((Number.isNaN(ms) ? Date.now() : ms) / 1000);
}

/** The formDigest of the price a sale notice reports (the sandbox form echoes it as the sale digest). */
function salePriceDigest(f: Fields, salt: string): string | null {
  const initialCents = centsFromPriceText(f.subscriptionInitialPrice ?? f.billedInitialPrice);
  if (initialCents === null || !f.initialPeriod) return null;
  const currencyCode = f.subscriptionCurrencyCode ?? f.billedCurrencyCode ?? '840';
  const text = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  const recurringCents = centsFromPriceText(f.subscriptionRecurringPrice ?? f.billedRecurringPrice);
  const recurring = recurringCents && recurringCents > 0 && f.recurringPeriod && f.rebills ? { recurringPrice: text(recurringCents), recurringPeriod: f.recurringPeriod, numRebills: f.rebills } : null;
  return formDigest({ initialPrice: text(initialCents), initialPeriod: f.initialPeriod, currencyCode, recurring }, salt);
}

/** Our payment id as echoed by CCBill: the form's custom field, or the REST charge's pass-through value. */
function echoedPaymentId(f: Fields): string | null {
  return f[`X-${PAYMENT_ID_FIELD}`] || f[`x-${PAYMENT_ID_FIELD}`] || f[PAYMENT_ID_FIELD] || null;
}

/** The currency CCBill billed in, as an ISO code ('840' is US dollars). */
function currencyOf(f: Fields): string | undefined {
  const code = f.billedCurrencyCode ?? f.subscriptionCurrencyCode ?? f.currencyCode ?? f.billedCurrency ?? f.currency;
  if (!code) return undefined;
  return code === '840' ? 'USD' : code;
}

/** Days between a renewal and the next one, when the notice names both dates. */
function renewalPeriodDays(f: Fields): number | undefined {
  const from = Date.parse(`${f.renewalDate ?? ''}T00:00:00Z`);
  const to = Date.parse(`${f.nextRenewalDate ?? ''}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return undefined;
  return Math.round((to - from) / 86_400_000);
}

function amountCents(f: Fields): number {
  return centsFromPriceText(f.billedInitialPrice ?? f.amount ?? f.billedAmount ?? f.accountingAmount ?? f.price) ?? 0;
}

export interface CcbillNoticeVerifierOptions {
  settings: () => Promise<CcbillSettings | null>;
  /** The adapter's books: name the payment behind a subscription id, and learn it from first sales. */
  books?: CcbillBooks;
}

export function createCcbillNoticeVerifier(options: CcbillNoticeVerifierOptions): NoticeVerifier {
  const { books } = options;
  const refuse = (reason: string): VerifiedNotices => ({ ok: false, reason });
  return {
    provider: 'ccbill',
    async verify(request: ProviderRequest): Promise<VerifiedNotices> {
      const settings = await options.settings();
      if (!settings) return refuse('CCBill is not configured.');
      if (request.method.toUpperCase() !== 'POST') return refuse('CCBill notices are POSTed.');
      const ranges = settings.webhookSourceRanges?.length ? settings.webhookSourceRanges : CCBILL_WEBHOOK_RANGES;
      if (!addressInRanges(request.sourceIp, ranges)) return refuse(`source address ${request.sourceIp} is not one of CCBill's`);
      const { eventType, clientAccnum, clientSubacc } = request.query;
      if (!eventType) return refuse('eventType: missing from the query string');
      if (clientAccnum !== settings.clientAccnum || clientSubacc !== settings.clientSubacc) return refuse('clientAccnum/clientSubacc: not this site\'s CCBill account');
      const contentType = Object.entries(request.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
      const fields = parseNoticeBody(request.rawBody, contentType);
      if (!fields) return refuse('body: neither JSON nor URL-encoded fields');
      if ((fields.clientAccnum && fields.clientAccnum !== settings.clientAccnum) || (fields.clientSubacc && fields.clientSubacc !== settings.clientSubacc)) {
        return refuse('clientAccnum/clientSubacc: the body names another account');
      }

      const isNewSale = eventType === 'NewSaleSuccess' || eventType === 'NewSaleFailure';
      if (isNewSale) {
        const success = eventType === 'NewSaleSuccess';
        const ok = saleDigestMatches(
          { success, digest: fields.dynamicPricingValidationDigest ?? '', subscriptionId: fields.subscriptionId, transactionId: fields.transactionId, denialId: fields.denialId, formDigest: salePriceDigest(fields, settings.salt) },
          settings.salt,
        );
        if (!ok) return refuse('dynamicPricingValidationDigest: does not match this account\'s salt');
      }

      const chargeType = CHARGE_TYPES[eventType];
      const subscriptionType = SUBSCRIPTION_TYPES[eventType];
      if (!chargeType && !subscriptionType) return { ok: true, notices: [] };

      let paymentId = echoedPaymentId(fields);
      const subscriptionId = fields.subscriptionId || null;
      if (paymentId && subscriptionId && books && chargeType === 'charge.succeeded') await books.linkSale(subscriptionId, paymentId);
      if (!paymentId && subscriptionId && books) paymentId = await books.paymentIdForSale(subscriptionId);

      const data: GatewayNotice['data'] = {
        idempotency_key: paymentId ?? '',
        // A sale is known by its subscription id (what refunds and voids name); anything else by its transaction.
        transaction_id: (chargeType === 'charge.succeeded' ? fields.subscriptionId || fields.transactionId : fields.transactionId || fields.subscriptionId) || '',
        amount_cents: amountCents(fields),
      };
      // Every price here is in US dollars: only another currency is named (the payment pipeline refuses it).
      const currency = currencyOf(fields);
      if (currency && currency !== 'USD') data.currency = currency;
      const periodDays = renewalPeriodDays(fields);
      if (periodDays) data.period_days = periodDays;
      // Money CCBill took on its page for one of our hosted payments goes into its books (the ledger holds them).
      const renewal = subscriptionType === 'subscription.renewed';
      if (books && paymentId && (chargeType === 'charge.succeeded' || renewal) && (await books.isHosted(paymentId))) {
        const reference = renewal ? fields.transactionId : fields.subscriptionId || fields.transactionId;
        if (reference) await books.recordHostedSale({ reference, paymentId, amountCents: data.amount_cents, kind: renewal ? 'renewal' : 'sale' });
      }
      if (chargeType === 'charge.failed' || eventType === 'RenewalFailure') {
        data.failure_code = fields.failureCode || fields.declineCode || 'declined';
        data.message = fields.failureReason || fields.declineText || 'Payment failed.';
        // A declined card may be retried with another one.
        data.allow_cascade = true;
      }
      if (chargeType === 'charge.refunded' || chargeType === 'charge.voided' || chargeType === 'charge.chargeback' || eventType === 'Cancellation') data.reason = fields.reason || null;
      if ((chargeType === 'charge.refunded' || chargeType === 'charge.voided' || chargeType === 'charge.chargeback') && subscriptionId) data.sale_reference = subscriptionId;
      return { ok: true, notices: [{ id: noticeId(eventType, fields), type: chargeType ?? subscriptionType, created: createdFrom(fields.timestamp), data }] };
    },
  };
}

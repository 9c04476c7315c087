// The hosted checkout: the fan is sent to CCBill's FlexForm with the price in the URL (Dynamic Pricing), signed
// with the subaccount's salt, and our payment id as a custom field that CCBill echoes back in the webhook as
// `X-payment_id`. The redirect back proves nothing; only the webhook says whether the sale happened.
import type { HostedCheckout } from '../port';
import { formDigest, priceText, type FormPrice } from './digest';
import { defaultEndpoints, type CcbillEndpoints, type CcbillSettings } from './settings';

/** The custom form field our payment id travels in (it comes back as `X-payment_id`). */
export const PAYMENT_ID_FIELD = 'payment_id';
/** CCBill's numeric code for US dollars. */
export const USD_CODE = '840';

type CheckoutRequest = Parameters<HostedCheckout['checkoutUrl']>[0];

function checkWholeNumber(field: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${field}: expected a whole number from ${min} to ${max}, got ${value}`);
}

/** The signed price of a checkout, in CCBill's text form. */
export function checkoutPrice(request: Pick<CheckoutRequest, 'amountCents' | 'currency' | 'initialPeriodDays' | 'recurring'>): FormPrice {
  if (request.currency !== 'USD') throw new Error(`currency: only USD is supported, got ${String(request.currency)}`);
  checkWholeNumber('amountCents', request.amountCents, 1, Number.MAX_SAFE_INTEGER);
  // CCBill refuses a one-day period; a one-time price names 2–365 days.
  checkWholeNumber('initialPeriodDays', request.initialPeriodDays, 2, 365);
  const r = request.recurring;
  if (r) {
    checkWholeNumber('recurring.amountCents', r.amountCents, 1, Number.MAX_SAFE_INTEGER);
    checkWholeNumber('recurring.periodDays', r.periodDays, 2, 365);
    // 99 is what CCBill takes for "unlimited".
    checkWholeNumber('recurring.rebills', r.rebills, 1, 99);
  }
  return {
    initialPrice: priceText(request.amountCents),
    initialPeriod: String(request.initialPeriodDays),
    currencyCode: USD_CODE,
    recurring: r ? { recurringPrice: priceText(r.amountCents), recurringPeriod: String(r.periodDays), numRebills: String(r.rebills) } : null,
  };
}

/** The FlexForms URL for one checkout. */
export function ccbillCheckoutUrl(settings: CcbillSettings, request: CheckoutRequest, endpoints: CcbillEndpoints = defaultEndpoints(settings.liveMode)): string {
  if (!request.paymentId) throw new Error('paymentId: required');
  if (!request.customer?.email) throw new Error('customer.email: required');
  const price = checkoutPrice(request);
  const query = new URLSearchParams({ clientAccnum: settings.clientAccnum, clientSubacc: settings.clientSubacc, initialPrice: price.initialPrice, initialPeriod: price.initialPeriod });
  if (price.recurring) {
    query.set('recurringPrice', price.recurring.recurringPrice);
    query.set('recurringPeriod', price.recurring.recurringPeriod);
    query.set('numRebills', price.recurring.numRebills);
  }
  query.set('currencyCode', price.currencyCode);
  query.set('formDigest', formDigest(price, settings.salt));
  query.set('email', request.customer.email);
  if (request.customer.firstName) query.set('customer_fname', request.customer.firstName);
  if (request.customer.lastName) query.set('customer_lname', request.customer.lastName);
  if (request.customer.country) query.set('country', request.customer.country);
  query.set(PAYMENT_ID_FIELD, request.paymentId);
  return `${endpoints.flexForms.replace(/\/$/, '')}/${encodeURIComponent(settings.flexId)}?${query.toString()}`;
}

/** The port's hosted checkout over settings already read (the port's checkoutUrl answers synchronously). */
export function createCcbillCheckout(settings: CcbillSettings, options: { endpoints?: Partial<CcbillEndpoints> } = {}): HostedCheckout {
  const endpoints = { ...defaultEndpoints(settings.liveMode), ...options.endpoints };
  return { provider: 'ccbill', checkoutUrl: (request) => ccbillCheckoutUrl(settings, request, endpoints) };
}

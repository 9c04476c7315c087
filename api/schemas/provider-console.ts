// Requests and answers of the console's provider pages (api/routes/provider-console.ts): the Sticky.io lookup,
// transactions and subscription products, and the CCBill test FlexForm. One zod definition each, used by the route
// and the OpenAPI document.
import { z } from 'zod';
import { answer, type SameShape } from '../openapi-envelopes';
import type { CcbillTestFlexForm, StickyCatalogueView, StickyLookupAnswer, StickyTransactionRecord } from '../../domain/payment-providers/provider-console';

export const stickyLookupQuery = z.object({
  order_id: z.string({ error: 'order_id must be text.' }).trim().regex(/^\d{1,20}$/, { error: 'order_id must be a Sticky.io order number.' }).optional(),
  payment_id: z.string({ error: 'payment_id must be text.' }).trim().regex(/^[\w-]{1,200}$/, { error: 'payment_id must be a payment id (letters, digits, hyphens).' }).optional(),
  email: z.string({ error: 'email must be text.' }).trim().min(3, { error: 'Please enter a valid email.' }).max(254, { error: 'Please enter a valid email.' }).optional(),
});

const orderState = z.enum(['approved', 'declined', 'voided', 'refunded', 'partly_refunded', 'other']);

const stickyOrder = z.object({
  order_id: z.string(), state: orderState, status_code: z.string(), amount_cents: z.number().nullable(), refunded_cents: z.number(), voided: z.boolean(),
  decline_reason: z.string().nullable(), card_brand: z.string(), card_last4: z.string(), customer_id: z.string(), customer_name: z.string(), customer_email: z.string(),
  payment_id: z.string().nullable(), notes: z.array(z.string()), recurring: z.boolean(), next_recurring_date: z.string().nullable(), billing_cycle: z.string(),
  parent_order_id: z.string().nullable(), rebill_order_ids: z.array(z.string()), created_at: z.string(), test: z.boolean(),
});

const ourPayment = z.object({
  payment_id: z.string(), user_id: z.string(), user_email: z.string().nullable(), type: z.string(), amount_cents: z.number(),
  status: z.enum(['pending', 'captured', 'failed']), failure_code: z.string().nullable(), card: z.string().nullable(), provider_reference: z.string().nullable(),
  created_at: z.string(), settled_at: z.string().nullable(),
  reversal: z.object({ kind: z.string(), amount_cents: z.number(), at: z.string() }).nullable(),
  events: z.array(z.object({ type: z.string(), recorded_at: z.string(), actor_role: z.string().nullable() })),
});

export const stickyLookupAnswer = z.object({
  searched_by: z.enum(['order_id', 'payment_id', 'email']),
  query: z.string(),
  matches: z.array(z.object({ payment: ourPayment.nullable(), order: stickyOrder.nullable(), disagreements: z.array(z.string()) })),
});

export const stickyTransactionRecord = z.object({
  id: z.string(), payment_id: z.string(), user_id: z.string(), user_email: z.string().nullable(), type: z.string(), amount_cents: z.number(),
  status: z.enum(['pending', 'captured', 'failed']), failure_code: z.string().nullable(), card: z.string().nullable(), order_id: z.string().nullable(), created_at: z.string(),
});

export const stickyCatalogueAnswer = z.object({
  campaign: z.object({ id: z.string(), name: z.string(), active: z.boolean() }),
  products: z.array(z.object({ id: z.string(), name: z.string(), price_cents: z.number().nullable(), sku: z.string(), in_use: z.boolean() })),
  shipping: z.array(z.object({ id: z.string(), name: z.string(), price_cents: z.number().nullable(), in_use: z.boolean() })),
  offers: z.array(z.object({
    id: z.string(), name: z.string(), in_use: z.boolean(), product_ids: z.array(z.string()),
    billing_models: z.array(z.object({ id: z.string(), name: z.string(), frequency: z.string(), in_use: z.boolean() })),
  })),
  checks: z.array(z.object({ label: z.string(), ok: z.boolean(), detail: z.string() })),
});

const price = (field: string) => z.union([z.string(), z.number()], { error: `${field} must be a price in dollars, e.g. 9.99.` });
const wholeDays = (field: string, min: number, max: number) =>
  z.coerce.number({ error: `${field} must be a whole number from ${min} to ${max}.` }).int({ error: `${field} must be a whole number from ${min} to ${max}.` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}.` }).max(max, { error: `${field} must be a whole number from ${min} to ${max}.` });

export const testFlexFormBody = z.object({
  price: price('price'),
  initial_period_days: wholeDays('initial_period_days', 2, 365).default(30),
  recurring_price: price('recurring_price').optional().nullable(),
  recurring_period_days: wholeDays('recurring_period_days', 2, 365).optional().nullable(),
  rebills: wholeDays('rebills', 1, 99).optional().nullable(),
  email: z.string({ error: 'email must be text.' }).trim().max(254, { error: 'Please enter a valid email.' }).email({ error: 'Please enter a valid email.' }).optional().or(z.literal('')),
});

export const testFlexFormAnswer = z.object({
  url: z.string(), form_digest: z.string(), digest_inputs: z.array(z.object({ name: z.string(), value: z.string() })), formula: z.string(),
  client_accnum: z.string(), client_subacc: z.string(), flex_id: z.string(), live_mode: z.boolean(),
});

const failed = (codes: [string, ...string[]], description: string) =>
  z.object({ success: z.literal(0), message: z.string(), code: z.enum(codes) }).describe(description);
const notConfigured = (provider: string, alsoRetry = false) =>
  failed(alsoRetry ? ['NOT_CONFIGURED', 'CONCURRENT_UPDATE', 'IDEMPOTENCY_IN_PROGRESS'] : ['NOT_CONFIGURED'],
    `NOT_CONFIGURED: '${provider} is not configured: save its settings first.' (or a saved setting the adapter cannot use, named)${alsoRetry ? '; CONCURRENT_UPDATE or IDEMPOTENCY_IN_PROGRESS as for every write' : ''}.`);
/** What a Sticky.io call that failed answers: its refusal in words, or that it did not answer in time. */
const stickyFailures = {
  409: notConfigured('Sticky.io'),
  502: failed(['PROVIDER_REFUSED'], "PROVIDER_REFUSED: Sticky.io refused the call; the message gives its code in words, e.g. 'Sticky.io answered 666 (the API user is not permitted to use this method).'"),
  504: failed(['PROVIDER_UNAVAILABLE'], "PROVIDER_UNAVAILABLE: 'Sticky.io did not answer (timed out). Please try again.'"),
};

export const PROVIDER_CONSOLE_ANSWERS = {
  lookup: { 200: answer(stickyLookupAnswer), ...stickyFailures },
  transactions: { 200: z.array(stickyTransactionRecord) },
  products: { 200: answer(stickyCatalogueAnswer), ...stickyFailures },
  testFlexForm: { 200: answer(testFlexFormAnswer), 409: notConfigured('CCBill', true) },
};

// The schemas and the wire types cannot drift apart.
const _lookup: SameShape<z.output<typeof stickyLookupAnswer>, StickyLookupAnswer> = true;
const _record: SameShape<z.output<typeof stickyTransactionRecord>, StickyTransactionRecord> = true;
const _catalogue: SameShape<z.output<typeof stickyCatalogueAnswer>, StickyCatalogueView> = true;
const _form: SameShape<z.output<typeof testFlexFormAnswer>, CcbillTestFlexForm> = true;
export const SHAPES_AGREE = _lookup && _record && _catalogue && _form;

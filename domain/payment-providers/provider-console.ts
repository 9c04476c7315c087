// The console's provider pages in the product's words: a Sticky.io order beside our payment, where the two
// disagree, the campaign's catalogue with the ids the settings use, and the CCBill test FlexForm. Pure: the answers
// both the server and the console read.

export type StickyOrderState = 'approved' | 'declined' | 'voided' | 'refunded' | 'partly_refunded' | 'other';

/** One order as Sticky.io's order_view tells it (amounts in cents; no card number beyond the last 4 digits). */
export interface StickyOrderSummary {
  order_id: string;
  state: StickyOrderState;
  /** Sticky's own order_status code (2/8 approved, 6 void or refunded, 7 declined). */
  status_code: string;
  amount_cents: number | null;
  refunded_cents: number;
  voided: boolean;
  decline_reason: string | null;
  card_brand: string;
  card_last4: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  /** The payment id the order's notes carry (ours, put there when it was charged). */
  payment_id: string | null;
  notes: string[];
  recurring: boolean;
  next_recurring_date: string | null;
  billing_cycle: string;
  parent_order_id: string | null;
  rebill_order_ids: string[];
  created_at: string;
  test: boolean;
}

export interface PaymentEventLine {
  type: string;
  recorded_at: string;
  actor_role: string | null;
}

/** What our log says of one card payment: the part both the lookup and the transactions list show. */
export interface OurPaymentFacts {
  payment_id: string;
  user_id: string;
  user_email: string | null;
  type: string;
  amount_cents: number;
  status: 'pending' | 'captured' | 'failed';
  failure_code: string | null;
  card: string | null;
  created_at: string;
}

/** Our log's side for the lookup: the payment's row, its reversal if any, and its events. */
export interface OurPaymentSummary extends OurPaymentFacts {
  /** The Sticky.io order id our log or the adapter's books hold for it. */
  provider_reference: string | null;
  settled_at: string | null;
  reversal: { kind: string; amount_cents: number; at: string } | null;
  events: PaymentEventLine[];
}

export interface StickyLookupMatch {
  payment: OurPaymentSummary | null;
  order: StickyOrderSummary | null;
  /** Each way the two disagree, in words; empty when they agree. */
  disagreements: string[];
}

export const STICKY_LOOKUP_KEYS = ['order_id', 'payment_id', 'email'] as const;
export type StickyLookupKey = (typeof STICKY_LOOKUP_KEYS)[number];

export interface StickyLookupAnswer {
  searched_by: StickyLookupKey;
  query: string;
  matches: StickyLookupMatch[];
}

/** A payment that went through Sticky.io, as its list shows it. */
export interface StickyTransactionRecord extends OurPaymentFacts {
  id: string;
  order_id: string | null;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What our log says became of the payment, in Sticky's terms. */
function expectedState(p: OurPaymentSummary): StickyOrderState | 'pending' {
  if (p.status === 'failed') return 'declined';
  if (p.status === 'pending') return 'pending';
  if (p.reversal?.kind === 'void') return 'voided';
  if (p.reversal) return 'refunded';
  return 'approved';
}

const STATE_WORDS: Record<StickyOrderState | 'pending', string> = {
  approved: 'approved', declined: 'declined', voided: 'voided', refunded: 'refunded', partly_refunded: 'partly refunded', other: 'in another state', pending: 'not settled yet',
};

/**
 * Where Sticky.io's order and our payment disagree: one side missing, another payment id in the notes, another
 * amount, another order id, or another outcome (a void and a full refund both give the money back, so either
 * matches a reversal of ours; a chargeback may show as either at Sticky). Only the orders the provider returned
 * for a payment are compared: a declined attempt before an approved one is normal.
 */
export function disagreementsOf(payment: OurPaymentSummary | null, order: StickyOrderSummary | null): string[] {
  if (!payment && !order) return [];
  if (!order) return payment!.status === 'captured' ? ['Our log says this payment was captured, but Sticky.io has no order for it.'] : payment!.status === 'pending' ? ['Our log has the payment waiting for an answer, and Sticky.io has no order for it.'] : [];
  if (!payment) return [order.payment_id ? `The order's notes name payment ${order.payment_id}, which our log does not have.` : "The order's notes name no payment of ours."];
  const out: string[] = [];
  if (order.payment_id !== payment.payment_id) out.push(order.payment_id ? `The order's notes name payment ${order.payment_id}, not this one.` : "The order's notes name no payment of ours.");
  if (order.amount_cents !== null && order.amount_cents !== payment.amount_cents) out.push(`Amounts differ: Sticky.io ${money(order.amount_cents)}, our log ${money(payment.amount_cents)}.`);
  if (payment.provider_reference && payment.provider_reference !== order.order_id && order.state !== 'declined') out.push(`Our log names order ${payment.provider_reference}, not ${order.order_id}.`);
  const expected = expectedState(payment);
  const reversedThere = order.state === 'voided' || order.state === 'refunded';
  const agrees =
    expected === order.state ||
    (payment.reversal !== null && reversedThere) ||
    (expected === 'declined' && order.state === 'declined');
  if (!agrees) out.push(`Sticky.io has the order ${STATE_WORDS[order.state]}; our log has the payment ${STATE_WORDS[expected]}.`);
  return out;
}

/** The campaign's setup as Sticky.io returns it, with the ids the settings use marked. */
export interface StickyCatalogueView {
  campaign: { id: string; name: string; active: boolean };
  products: { id: string; name: string; price_cents: number | null; sku: string; in_use: boolean }[];
  shipping: { id: string; name: string; price_cents: number | null; in_use: boolean }[];
  offers: { id: string; name: string; in_use: boolean; product_ids: string[]; billing_models: { id: string; name: string; frequency: string; in_use: boolean }[] }[];
  /** One line per id the settings use: found where it must be, or not. */
  checks: { label: string; ok: boolean; detail: string }[];
}

export interface SettingsIds {
  campaignId: string;
  shippingId: string;
  offerId: string;
  productId: string;
  billingModelId: string;
}

/** Whether the ids the settings use exist in the campaign and belong together. */
export function catalogueChecks(view: Omit<StickyCatalogueView, 'checks'>, ids: SettingsIds): StickyCatalogueView['checks'] {
  const offer = view.offers.find((o) => o.id === ids.offerId);
  return [
    { label: `Campaign ${ids.campaignId}`, ok: view.campaign.active, detail: view.campaign.active ? `${view.campaign.name} is active.` : `${view.campaign.name || 'The campaign'} is not active.` },
    { label: `Shipping ${ids.shippingId}`, ok: view.shipping.some((s) => s.id === ids.shippingId), detail: view.shipping.some((s) => s.id === ids.shippingId) ? 'Found in the campaign.' : 'Not among the campaign\'s shipping methods.' },
    { label: `Product ${ids.productId}`, ok: view.products.some((p) => p.id === ids.productId), detail: view.products.some((p) => p.id === ids.productId) ? 'Found in the campaign.' : 'Not among the campaign\'s products.' },
    { label: `Offer ${ids.offerId}`, ok: !!offer, detail: offer ? `${offer.name}.` : 'Not among the campaign\'s offers.' },
    { label: `Product ${ids.productId} in offer ${ids.offerId}`, ok: !!offer?.product_ids.includes(ids.productId), detail: offer?.product_ids.includes(ids.productId) ? 'The offer sells this product.' : 'The offer does not list this product.' },
    { label: `Billing model ${ids.billingModelId} in offer ${ids.offerId}`, ok: !!offer?.billing_models.some((b) => b.id === ids.billingModelId), detail: offer?.billing_models.some((b) => b.id === ids.billingModelId) ? 'The offer has this billing model.' : 'The offer does not have this billing model.' },
  ];
}

/** The test FlexForm's answer: the signed URL and what was signed (never the salt). */
export interface CcbillTestFlexForm {
  url: string;
  form_digest: string;
  /** The values hashed, in order, before the salt. */
  digest_inputs: { name: string; value: string }[];
  formula: string;
  client_accnum: string;
  client_subacc: string;
  flex_id: string;
  live_mode: boolean;
}

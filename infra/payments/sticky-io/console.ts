// Read-only calls for the console's Sticky.io pages: orders by id or by the payment id in their notes, and the
// campaign's products, offers, billing models and shipping methods. Nothing here changes anything at Sticky.io.
// Errors name the method and Sticky's code, never the URL, the API user or the password.
import { stickyClient, StickyNoAnswer, type StickyClient } from './client';
import { checkStickyIoSettings, stickyIoBaseUrl, type StickyIoSettings } from './settings';
import { decimalToCents, declineReason, describeCode, notesFor, orderNotes, orderState, ordersOfView, paymentIdInNotes, responseCode, stickyDate, type StickyAnswer } from './wire';
import { catalogueChecks, type StickyCatalogueView, type StickyOrderSummary } from '../../../domain/payment-providers/provider-console';

export { StickyNoAnswer };

/** Sticky.io answered with a code that is not success (the message says which, in words). */
export class StickyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StickyRefused';
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A list the answer gives as an array or as a comma-separated string. */
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(text) : text(v) ? text(v).split(',') : []).map((s) => s.trim());
const idsOf = (v: unknown) => listOf(v).filter((s) => s && s !== '0');

/** An order_view entry in our words. */
export function orderSummary(order: StickyAnswer): StickyOrderSummary {
  const notes = orderNotes(order).map(text).filter(Boolean);
  return {
    order_id: text(order.order_id),
    state: orderState(order),
    status_code: text(order.order_status),
    amount_cents: decimalToCents(order.order_total),
    refunded_cents: decimalToCents(order.amount_refunded_to_date) ?? 0,
    voided: text(order.is_void).toLowerCase() === 'yes',
    decline_reason: declineReason(order),
    card_brand: text(order.cc_type),
    card_last4: text(order.cc_last_4),
    customer_id: text(order.customer_id),
    customer_name: [text(order.first_name), text(order.last_name)].filter(Boolean).join(' '),
    customer_email: text(order.email_address),
    payment_id: paymentIdInNotes(notes),
    notes,
    recurring: text(order.is_recurring) === '1',
    next_recurring_date: text(order.recurring_date) || null,
    billing_cycle: text(order.billing_cycle),
    parent_order_id: idsOf(order.parent_id)[0] ?? null,
    rebill_order_ids: idsOf(order.child_id),
    created_at: text(order.time_stamp),
    test: text(order.test) === '1',
  };
}

export interface StickyConsole {
  /** The orders with these ids; an id Sticky does not know is left out. */
  orders(ids: string[]): Promise<StickyOrderSummary[]>;
  /** The orders whose notes carry this payment id, created from `since` on. */
  ordersOfPayment(paymentId: string, since: Date): Promise<StickyOrderSummary[]>;
  catalogue(): Promise<StickyCatalogueView>;
}

const ORDER_VIEW_PAGE = 50;

export function stickyConsole(settings: StickyIoSettings, options: { baseUrl?: string; timeoutMs: number; now: () => Date }): StickyConsole {
  const checked = checkStickyIoSettings(settings);
  const client: StickyClient = stickyClient(stickyIoBaseUrl(checked, options.baseUrl), checked, options.timeoutMs);
  const call = async (method: string, body: Record<string, unknown>, allowed: string[] = []) => {
    const answer = await client.call(method, body);
    const code = responseCode(answer);
    if (code !== '100' && !allowed.includes(code)) throw new StickyRefused(describeCode(code, answer));
    return answer;
  };

  async function orders(ids: string[]): Promise<StickyOrderSummary[]> {
    const out: StickyOrderSummary[] = [];
    // One at a time when asked for one: order_view refuses the whole batch (350) if any id is unknown.
    for (let i = 0; i < ids.length; i += ORDER_VIEW_PAGE) {
      const page = ids.slice(i, i + ORDER_VIEW_PAGE);
      const answer = await call('order_view', { order_id: page }, ['350']);
      if (responseCode(answer) === '350') {
        if (page.length === 1) continue;
        out.push(...(await orders(page.slice(0, 1))), ...(await orders(page.slice(1))));
        continue;
      }
      out.push(...ordersOfView(answer).map(orderSummary));
    }
    return out;
  }

  return {
    orders,
    async ordersOfPayment(paymentId, since) {
      const found = await call('order_find', {
        campaign_id: checked.campaignId,
        start_date: stickyDate(new Date(since.getTime() - 86_400_000)),
        end_date: stickyDate(new Date(options.now().getTime() + 86_400_000)),
        search_type: 'all',
        criteria: { notes: notesFor(paymentId) },
        return_type: 'order_view',
      }, ['333']);
      if (responseCode(found) === '333') return [];
      const views = ordersOfView(found);
      const all = views.length > 0 ? views.map(orderSummary) : await orders(idsOf(found.order_id ?? found.order_ids));
      // Whether the search honours the notes is unconfirmed: only orders whose notes name the payment count.
      return all.filter((o) => o.payment_id === paymentId);
    },
    async catalogue() {
      const campaign = await call('campaign_view', { campaign_id: checked.campaignId });
      const offers = await call('offer_view', { campaign_id: checked.campaignId });
      const productIds = listOf(campaign.product_id);
      const names = listOf(campaign.product_name);
      const prices = listOf(campaign.product_price);
      const skus = listOf(campaign.product_sku);
      const shippingIds = listOf(campaign.shipping_id);
      const shippingNames = listOf(campaign.shipping_name);
      const shippingPrices = listOf(campaign.shipping_price);
      const offerList = (Array.isArray(offers.data) ? offers.data : offers.data && typeof offers.data === 'object' ? Object.values(offers.data) : []) as StickyAnswer[];
      const view = {
        campaign: { id: checked.campaignId, name: text(campaign.campaign_name), active: text(campaign.is_active) !== '0' },
        products: productIds.filter(Boolean).map((id, i) => ({ id, name: names[i] ?? '', price_cents: decimalToCents(prices[i]), sku: skus[i] ?? '', in_use: id === checked.productId })),
        shipping: shippingIds.filter(Boolean).map((id, i) => ({ id, name: shippingNames[i] ?? '', price_cents: decimalToCents(shippingPrices[i]), in_use: id === checked.shippingId })),
        offers: offerList.map((o) => {
          const id = text(o.offer_id ?? o.id);
          const products = (Array.isArray(o.products) ? o.products : []) as StickyAnswer[];
          const models = (Array.isArray(o.billing_models) ? o.billing_models : []) as StickyAnswer[];
          return {
            id,
            name: text(o.name),
            in_use: id === checked.offerId,
            product_ids: products.map((p) => text(p.product_id ?? p.id)),
            billing_models: models.map((b) => {
              const modelId = text(b.billing_model_id ?? b.id);
              return { id: modelId, name: text(b.name), frequency: text(b.frequency), in_use: id === checked.offerId && modelId === checked.billingModelId };
            }),
          };
        }),
      };
      return { ...view, checks: catalogueChecks(view, checked) };
    },
  };
}

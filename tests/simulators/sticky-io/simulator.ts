// A local Sticky.io (JSON API v1) for tests: one POST per method under /api/v1/{method}, HTTP Basic auth with
// per-method permissions, JSON in and out, HTTP 200 with `response_code` strings even for business errors, the
// test cards, decline reasons with a per-call ` REFID:<n>` suffix, the gateway's "Duplicate transaction" on the
// same card and amount within a short window, per-method rate limits, fault plans (HTTP 500, connection reset,
// a timeout after the order was committed), a clock that can be advanced, rebills, and postback profiles
// delivered late, twice or out of order. Never shipped: product code must not import it.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';

export const STICKY_TEST_CARDS = { approve: '1444444444444440', decline: '1444444444444441' } as const;

/** What happens to the next call of a method (consumed in order). */
export type StickyFault =
  | { kind: 'http500' }
  /** The socket is destroyed before anything is done. */
  | { kind: 'reset' }
  /** The call is carried out (the order exists) but no answer ever comes. */
  | { kind: 'timeout-after-commit' }
  /** The gateway declines whatever the card. */
  | { kind: 'decline'; reason?: string }
  /** The call answers 908 "Payment was already approved" without doing anything. */
  | { kind: 'already-approved' }
  | { kind: 'rate-limit' }
  /** The call is carried out, then answered HTTP 200 with a page that is not JSON (a proxy in the way). */
  | { kind: 'garbled' };

export type PostbackEvent = 'approve' | 'decline' | 'refund' | 'void' | 'rebill';

export interface PostbackProfile {
  /** A URL with `{token}` placeholders: order_id, order_status, order_total, customer_id, parent_id, event. */
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  events: PostbackEvent[];
}

export interface Postback {
  id: number;
  event: PostbackEvent;
  orderId: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body: string | null;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
}

export type OrderStatus = 'approved' | 'declined' | 'void' | 'refunded';

interface CardHolder {
  number: string;
  type: string;
  expiration: string;
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface SimOrder {
  id: string;
  status: OrderStatus;
  totalCents: number;
  refundedCents: number;
  cardNumber: string;
  cardType: string;
  expiration: string;
  customerId: string;
  campaignId: string;
  productId: string;
  notes: string;
  declineReason: string | null;
  createdAt: number;
  parentId: string | null;
  ancestorId: string;
  recurring: boolean;
  method: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface TempCustomer {
  id: string;
  cardNumber: string;
  cardType: string;
  expiration: string;
  expiresAt: number;
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface StickySimulatorOptions {
  username?: string;
  password?: string;
  /** Methods the API user may call (default: all). Others answer 666. */
  permissions?: string[];
  /** The campaign, shipping and offer ids the account has (defaults '1', '2', offer '3', product '4', billing model '5'). */
  account?: { campaignId: string; shippingId: string; offerId: string; productId: string; billingModelId: string };
  /** Same card and amount again within this many ms is declined as a duplicate by the gateway (default 60 s). */
  duplicateWindowMs?: number;
  /** Requests per minute per method (defaults 120, 60 for subscription_order_update). */
  rateLimits?: Record<string, number>;
  /** Deliver postbacks as soon as they are made (default) or only when `deliverPostbacks` is called. */
  postbackDelivery?: 'auto' | 'manual';
  /** order_find answers every order in the dates, whatever the criteria (whether Sticky filters on notes is unconfirmed). */
  orderFindIgnoresCriteria?: boolean;
  /** In auto delivery, how long a postback waits before its first post (a late notice). */
  postbackDelayMs?: number;
  /** The campaign's products, offers, billing models and shipping methods (campaign_view, offer_view). */
  catalogue?: StickyCatalogue;
}

/**
 * What campaign_view and offer_view answer. Their v1 answer shapes are unconfirmed: campaign_view names its
 * products and shipping methods as comma-separated lists (as older integrations read it), offer_view lists offers
 * under `data` with their products and billing models.
 */
export interface StickyCatalogue {
  campaignName: string;
  products: { id: string; name: string; price: string; sku: string }[];
  shipping: { id: string; name: string; price: string }[];
  offers: { id: string; name: string; productIds: string[]; billingModels: { id: string; name: string; frequency: string }[] }[];
}

const METHODS = [
  'validate_credentials',
  'authorize_payment',
  'new_order',
  'new_order_card_on_file',
  'order_view',
  'order_find',
  'order_refund',
  'order_void',
  'subscription_order_update',
  'campaign_view',
  'offer_view',
] as const;
type Method = (typeof METHODS)[number];
type Body = Record<string, unknown>;
type Answer = Record<string, unknown>;

const ORDER_STATUS_CODE: Record<OrderStatus, string> = { approved: '2', void: '6', refunded: '6', declined: '7' };
const CHARGE_METHODS = new Set<string>(['new_order', 'new_order_card_on_file', 'authorize_payment']);

const pad = (n: number) => String(n).padStart(2, '0');
export const stickyDate = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
};
const stickyTimestamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
function parseStickyDate(s: unknown, endOfDay: boolean): number | null {
  const m = typeof s === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s) : null;
  if (!m) return null;
  return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0, endOfDay ? 999 : 0);
}
const money = (cents: number) => (cents / 100).toFixed(2);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export async function startStickySimulator(options: StickySimulatorOptions = {}) {
  const username = options.username ?? 'api_user';
  const password = options.password ?? 'api-pass-s3cret';
  const account = options.account ?? { campaignId: '1', shippingId: '2', offerId: '3', productId: '4', billingModelId: '5' };
  const permissions = new Set(options.permissions ?? METHODS);
  const catalogue: StickyCatalogue = options.catalogue ?? {
    campaignName: 'Fanclub memberships',
    products: [
      { id: account.productId, name: 'Membership', price: '9.99', sku: 'MEMBER-1' },
      { id: '6', name: 'Tip', price: '1.00', sku: 'TIP-1' },
    ],
    shipping: [{ id: account.shippingId, name: 'Digital delivery', price: '0.00' }],
    offers: [
      { id: account.offerId, name: 'Monthly membership', productIds: [account.productId, '6'], billingModels: [{ id: account.billingModelId, name: 'Every 30 days', frequency: '30 days' }, { id: '7', name: 'Straight sale', frequency: 'one time' }] },
      { id: '8', name: 'Yearly membership', productIds: [account.productId], billingModels: [{ id: '9', name: 'Every 365 days', frequency: '365 days' }] },
    ],
  };
  const duplicateWindowMs = options.duplicateWindowMs ?? 60_000;
  const rateLimits: Record<string, number> = { subscription_order_update: 60, ...options.rateLimits };
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;

  const orders = new Map<string, SimOrder>();
  const tempCustomers = new Map<string, TempCustomer>();
  const faults = new Map<string, StickyFault[]>();
  const calls: { method: string; at: number }[] = [];
  const profiles: PostbackProfile[] = [];
  const postbacks: Postback[] = [];
  const held = new Set<Socket>();
  let nextOrderId = 10_000;
  let nextCustomerId = 400;
  let nextRefId = 1;
  let nextPostbackId = 1;
  let userDisabled = false;
  let postbackMode = options.postbackDelivery ?? 'auto';
  let postbackDelayMs = options.postbackDelayMs ?? 0;

  const nextFault = (method: string) => faults.get(method)?.shift();
  const refId = () => ` REFID:${nextRefId++}`;
  const fail = (code: string, message: string): Answer => ({ response_code: code, error_found: '1', error_message: message });

  function rateLimited(method: string): boolean {
    const limit = rateLimits[method] ?? 120;
    const since = now() - 60_000;
    return calls.filter((c) => c.method === method && c.at > since).length > limit;
  }

  // --- order helpers -------------------------------------------------------------------------------------
  function orderView(o: SimOrder): Answer {
    return {
      order_id: o.id,
      order_status: ORDER_STATUS_CODE[o.status],
      order_total: money(o.totalCents),
      amount_refunded_to_date: money(o.refundedCents),
      is_refund: o.refundedCents > 0 ? 'yes' : 'no',
      is_void: o.status === 'void' ? 'yes' : 'no',
      decline_reason: o.declineReason ?? '',
      gateway_id: '1',
      transaction_id: o.status === 'declined' ? '0' : 'Not Available',
      is_recurring: o.recurring ? '1' : '0',
      recurring_date: o.recurring ? stickyDate(o.createdAt + 30 * 86_400_000) : '',
      billing_cycle: o.parentId ? '2' : '1',
      retry_attempt: '0',
      is_cascaded: '0',
      on_hold: '0',
      cc_first_6: o.cardNumber.slice(0, 6),
      cc_last_4: o.cardNumber.slice(-4),
      cc_type: o.cardType,
      cc_expires: o.expiration,
      customer_id: o.customerId,
      campaign_id: o.campaignId,
      parent_id: o.parentId ?? '0',
      ancestor_id: o.ancestorId,
      child_id: [...orders.values()].filter((c) => c.parentId === o.id).map((c) => c.id).join(','),
      time_stamp: stickyTimestamp(o.createdAt),
      first_name: o.firstName,
      last_name: o.lastName,
      email_address: o.email,
      employeeNotes: o.notes ? [`${stickyTimestamp(o.createdAt)} API: ${o.notes}`] : [],
      systemNotes: [],
      products: [{ product_id: o.productId, price: money(o.totalCents), is_recurring: o.recurring ? '1' : '0' }],
      test: '1',
    };
  }

  function validateCard(number: string, expiration: string): Answer | null {
    if (!/^\d{15,16}$/.test(number)) return fail('329', 'Credit card number must be 15 or 16 digits');
    const m = /^(\d{2})(\d{2})$/.exec(expiration);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return fail('328', 'Expiration date must be in MMYY format');
    const endOfMonth = Date.UTC(2000 + Number(m[2]), Number(m[1]), 1);
    if (endOfMonth <= now()) return fail('356', 'Credit card has expired');
    return null;
  }

  function offerPrice(body: Body): { cents: number } | { refused: Answer } {
    const refused = offerRefusal(body);
    if (refused) return { refused };
    return { cents: Math.round(Number(str((body.offers as Body[])[0].price)) * 100) };
  }

  function offerRefusal(body: Body): Answer | null {
    if (str(body.campaignId) !== account.campaignId) return fail('400', 'Invalid campaign id');
    if (str(body.shippingId) !== account.shippingId) return fail('907', 'Invalid shipping id');
    const offers = Array.isArray(body.offers) ? (body.offers as Body[]) : [];
    const offer = offers[0];
    if (!offer || str(offer.offer_id) !== account.offerId || str(offer.billing_model_id) !== account.billingModelId) return fail('320', 'Invalid offer id');
    if (str(offer.product_id) !== account.productId) return fail('320', 'Invalid product id');
    const price = str(offer.price);
    if (!/^\d+\.\d{2}$/.test(price) || str(offer.quantity) !== '1') return fail('905', 'Quantity and price do not match');
    return null;
  }

  /** The gateway's decision on a card and amount: approve, or a decline reason (REFID suffix added later). */
  function gatewayDecision(cardNumber: string, cents: number, fault: StickyFault | undefined, rebill: boolean): string | null {
    if (fault?.kind === 'decline') return fault.reason ?? 'Insufficient funds';
    if (cardNumber === STICKY_TEST_CARDS.decline) return 'Do Not Honor';
    if (rebill) return null;
    const since = now() - duplicateWindowMs;
    const twin = [...orders.values()].find((o) => o.cardNumber === cardNumber && o.totalCents === cents && o.status !== 'declined' && o.createdAt > since);
    return twin ? 'Duplicate transaction' : null;
  }

  function placeOrder(method: string, body: Body, card: CardHolder, cents: number, fault: StickyFault | undefined, parent: SimOrder | null): Answer {
    const decline = gatewayDecision(card.number, cents, fault, parent !== null);
    const id = String(nextOrderId++);
    const order: SimOrder = {
      id,
      status: decline ? 'declined' : 'approved',
      totalCents: cents,
      refundedCents: 0,
      cardNumber: card.number,
      cardType: card.type,
      expiration: card.expiration,
      customerId: card.customerId,
      campaignId: account.campaignId,
      productId: account.productId,
      notes: str(body.notes),
      declineReason: decline ? decline + refId() : null,
      createdAt: now(),
      parentId: parent?.id ?? null,
      ancestorId: parent?.ancestorId ?? id,
      recurring: !decline,
      method,
      firstName: card.firstName,
      lastName: card.lastName,
      email: card.email,
    };
    orders.set(id, order);
    firePostbacks(parent ? 'rebill' : decline ? 'decline' : 'approve', order);
    if (order.status === 'declined') {
      return {
        response_code: '800',
        error_found: '1',
        error_message: 'This transaction has been declined',
        order_id: id,
        gateway_id: '1',
        orderTotalAmount: money(cents),
        transId: '0',
        authId: '0',
        decline_reason: order.declineReason,
        provider_name: 'Test Gateway',
        provider_response_code: '05',
        test: '1',
      };
    }
    return {
      gateway_id: '1',
      response_code: '100',
      error_found: '0',
      order_id: id,
      transactionID: 'Not Available',
      customerId: card.customerId,
      authId: 'Not Available',
      orderTotal: money(cents),
      orderSalesTaxPercent: '0.00',
      orderSalesTaxAmount: '0.00',
      test: '1',
      prepaid_match: '0',
      gatewayCustomerService: '8885551212',
      gatewayDescriptor: 'TestDescriptor',
      subscription_id: { [account.productId]: createHash('md5').update(id).digest('hex') },
      resp_msg: 'Approved',
    };
  }

  // --- methods -------------------------------------------------------------------------------------------
  const handlers: Record<Method, (body: Body, fault: StickyFault | undefined) => Answer> = {
    validate_credentials: () => ({ response_code: '100', error_found: '0' }),

    authorize_payment(body, fault) {
      const number = str(body.creditCardNumber);
      const expiration = str(body.expirationDate);
      const invalid = validateCard(number, expiration);
      if (invalid) return invalid;
      if (str(body.campaignId) !== account.campaignId) return fail('400', 'Invalid campaign id');
      const decline = fault?.kind === 'decline' ? (fault.reason ?? 'Insufficient funds') : number === STICKY_TEST_CARDS.decline ? 'Do Not Honor' : null;
      if (decline) return { response_code: '800', error_found: '1', error_message: 'This transaction has been declined', decline_reason: decline + refId(), transId: '0', authId: '0', test: '1' };
      const answer: Answer = { response_code: '100', error_found: '0', transactionID: 'Not Available', authId: 'Not Available', test: '1', void_flag: str(body.void_flag) === '1' ? '1' : '0' };
      if (str(body.save_customer) === '1') {
        const days = body.save_customer_days === undefined ? 1 : Number(body.save_customer_days);
        if (!Number.isInteger(days) || days < 1 || days > 30) return fail('342', 'save_customer_days must be between 1 and 30');
        const id = randomBytes(16).toString('hex');
        const expiresAt = now() + days * 86_400_000;
        tempCustomers.set(id, { id, cardNumber: number, cardType: str(body.creditCardType), expiration, expiresAt, customerId: String(nextCustomerId++), ...holderOf(body) });
        answer.temp_customer_id = id;
        answer.expiry_date = stickyDate(expiresAt);
      }
      return answer;
    },

    new_order(body, fault) {
      const priced = offerPrice(body);
      if ('refused' in priced) return priced.refused;
      let card: CardHolder;
      const tempId = str(body.temp_customer_id);
      if (tempId) {
        const temp = tempCustomers.get(tempId);
        if (!temp || temp.expiresAt <= now()) return fail('500', 'Invalid customer id');
        card = { number: temp.cardNumber, type: temp.cardType, expiration: temp.expiration, customerId: temp.customerId, firstName: temp.firstName, lastName: temp.lastName, email: temp.email || str(body.email) };
      } else {
        const invalid = validateCard(str(body.creditCardNumber), str(body.expirationDate));
        if (invalid) return invalid;
        card = { number: str(body.creditCardNumber), type: str(body.creditCardType), expiration: str(body.expirationDate), customerId: String(nextCustomerId++), ...holderOf(body) };
      }
      if (str(body.tranType) !== 'Sale') return fail('342', 'tranType must be Sale');
      return placeOrder('new_order', body, card, priced.cents, fault, null);
    },

    new_order_card_on_file(body, fault) {
      const previous = orders.get(str(body.previousOrderId));
      if (!previous) return fail('350', 'Invalid order id');
      const priced = offerPrice(body);
      if ('refused' in priced) return priced.refused;
      const invalid = validateCard(previous.cardNumber, previous.expiration);
      if (invalid) return invalid;
      return placeOrder('new_order_card_on_file', body, holderOfOrder(previous), priced.cents, fault, null);
    },

    order_view(body) {
      const ids = (Array.isArray(body.order_id) ? body.order_id : [body.order_id]).map(str).filter(Boolean);
      const found = ids.map((id) => orders.get(id));
      if (ids.length === 0 || found.some((o) => !o)) return fail('350', 'Invalid order id');
      if (ids.length === 1) return { response_code: '100', error_found: '0', ...orderView(found[0]!) };
      return { response_code: '100', error_found: '0', total_orders: String(ids.length), data: Object.fromEntries(found.map((o) => [o!.id, orderView(o!)])) };
    },

    order_find(body) {
      const start = parseStickyDate(body.start_date, false);
      const end = parseStickyDate(body.end_date, true);
      if (start === null || end === null) return fail('346', 'Invalid date format, expected mm/dd/yyyy');
      const campaign = str(body.campaign_id);
      const criteria = body.criteria && typeof body.criteria === 'object' ? (body.criteria as Body) : {};
      const notes = options.orderFindIgnoresCriteria ? '' : str(criteria.notes);
      const hits = [...orders.values()].filter(
        (o) => o.createdAt >= start && o.createdAt <= end && (campaign === 'all' || campaign === o.campaignId) && (!notes || o.notes.includes(notes)),
      );
      if (hits.length === 0) return fail('333', 'No orders found');
      const answer: Answer = { response_code: '100', error_found: '0', total_orders: String(hits.length), order_id: hits.map((o) => o.id) };
      if (str(body.return_type) === 'order_view') answer.data = Object.fromEntries(hits.map((o) => [o.id, orderView(o)]));
      return answer;
    },

    order_refund(body) {
      const order = orders.get(str(body.order_id));
      if (!order) return fail('350', 'Invalid order id');
      const keep = str(body.keep_recurring);
      if (keep !== '0' && keep !== '1') return fail('371', 'Invalid keep recurring flag');
      const amount = str(body.amount);
      if (!/^\d+(\.\d{1,2})?$/.test(amount)) return fail('370', 'Invalid refund amount');
      const cents = Math.round(Number(amount) * 100);
      if (cents <= 0) return fail('389', 'Refund amount must be greater than 0');
      if (order.status === 'void' || order.status === 'refunded') return fail('379', 'Order has already been fully refunded or voided');
      if (order.status === 'declined') return fail('370', 'Order is not refundable');
      if (order.refundedCents + cents > order.totalCents) return fail('372', 'Refund amount exceeds order total');
      order.refundedCents += cents;
      if (order.refundedCents === order.totalCents) order.status = 'refunded';
      if (keep === '0') order.recurring = false;
      firePostbacks('refund', order);
      return { response_code: '100', error_found: '0', order_id: order.id, amount: money(cents) };
    },

    order_void(body) {
      const order = orders.get(str(body.order_id));
      if (!order) return fail('350', 'Invalid order id');
      if (order.status === 'void') return fail('379', 'Order has already been fully refunded or voided');
      if (order.status === 'refunded' || order.refundedCents > 0) return fail('373', 'Cannot void a refunded order');
      if (order.status === 'declined') return fail('370', 'Order is not voidable');
      order.status = 'void';
      order.recurring = false;
      firePostbacks('void', order);
      return { response_code: '100', error_found: '0', order_id: order.id };
    },

    campaign_view(body) {
      if (str(body.campaign_id) !== account.campaignId) return fail('400', 'Invalid campaign id');
      const list = <T,>(items: T[], pick: (x: T) => string) => items.map(pick).join(',');
      return {
        response_code: '100', error_found: '0', campaign_id: account.campaignId, campaign_name: catalogue.campaignName, is_active: '1',
        product_id: list(catalogue.products, (p) => p.id), product_name: list(catalogue.products, (p) => p.name),
        product_price: list(catalogue.products, (p) => p.price), product_sku: list(catalogue.products, (p) => p.sku),
        shipping_id: list(catalogue.shipping, (x) => x.id), shipping_name: list(catalogue.shipping, (x) => x.name), shipping_price: list(catalogue.shipping, (x) => x.price),
      };
    },

    offer_view(body) {
      if (str(body.campaign_id) !== account.campaignId) return fail('400', 'Invalid campaign id');
      return {
        response_code: '100', error_found: '0',
        data: catalogue.offers.map((o) => ({
          offer_id: o.id, name: o.name,
          products: o.productIds.map((id) => ({ product_id: id, name: catalogue.products.find((p) => p.id === id)?.name ?? '' })),
          billing_models: o.billingModels.map((b) => ({ billing_model_id: b.id, name: b.name, frequency: b.frequency })),
        })),
      };
    },

    subscription_order_update(body) {
      const order = orders.get(str(body.order_id));
      if (!order) return fail('350', 'Invalid order id');
      if (str(body.product_id) && str(body.product_id) !== order.productId) return fail('320', 'Invalid product id');
      if (str(body.status) !== 'stop') return fail('342', 'Unsupported status');
      if (!order.recurring) return fail('353', 'Cannot stop recurring');
      order.recurring = false;
      return { response_code: '100', error_found: '0', order_id: order.id };
    },
  };

  // --- card holders --------------------------------------------------------------------------------------
  function holderOf(body: Body) {
    return { firstName: str(body.firstName), lastName: str(body.lastName), email: str(body.email) };
  }
  function holderOfOrder(o: SimOrder): CardHolder {
    return { number: o.cardNumber, type: o.cardType, expiration: o.expiration, customerId: o.customerId, firstName: o.firstName, lastName: o.lastName, email: o.email };
  }

  // --- postbacks -----------------------------------------------------------------------------------------
  function firePostbacks(event: PostbackEvent, order: SimOrder) {
    const values: Record<string, string> = {
      order_id: order.id,
      order_status: ORDER_STATUS_CODE[order.status],
      order_total: money(order.totalCents),
      customer_id: order.customerId,
      parent_id: order.parentId ?? '0',
      event,
    };
    for (const p of profiles.filter((x) => x.events.includes(event))) {
      const url = p.url.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(values[k] ?? ''));
      const body = p.method === 'GET' ? null : new URLSearchParams(values).toString();
      const postback: Postback = { id: nextPostbackId++, event, orderId: order.id, method: p.method, url, body, attempts: 0, delivered: false, lastStatus: null };
      postbacks.push(postback);
      if (postbackMode === 'auto') void deliverWithRetries(postback);
    }
  }

  async function sendPostback(p: Postback): Promise<number> {
    p.attempts++;
    try {
      const res = await fetch(p.url, {
        method: p.method,
        headers: p.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        body: p.body ?? undefined,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      p.lastStatus = res.status;
    } catch {
      p.lastStatus = 0;
    }
    if (p.lastStatus >= 200 && p.lastStatus < 300) p.delivered = true;
    return p.lastStatus;
  }

  /** Posts until the endpoint answers 2xx, backing off, at most `cap` times. */
  async function deliverWithRetries(p: Postback, cap = 5) {
    if (postbackDelayMs > 0) await new Promise((r) => setTimeout(r, postbackDelayMs));
    for (let attempt = 0; attempt < cap && !p.delivered && !closed; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      await sendPostback(p);
    }
  }

  // --- HTTP ----------------------------------------------------------------------------------------------
  let closed = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void serve(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  function send(res: http.ServerResponse, status: number, answer: Answer | string) {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    res.writeHead(status, { 'content-type': typeof answer === 'string' ? 'text/plain' : 'application/json' });
    res.end(text);
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Credentials or a card number in the query string are refused since the 2026 security update.
    const insecure = [...url.searchParams.entries()].some(([k, v]) => /^(username|password|user|pass|creditCardNumber)$/i.test(k) || /\b\d{13,19}\b/.test(v));
    if (insecure) return send(res, 400, 'errorFound=1&responseCode=700&declineReason=Insecure request blocked');
    const match = /^\/api\/v1\/([a-z_]+)$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return send(res, 404, { response_code: '700', error_found: '1', error_message: 'Invalid method' });
    const method = match[1];
    const auth = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    if (auth !== expected) return send(res, 200, fail('200', 'Invalid login credentials'));
    if (userDisabled) return send(res, 200, fail('667', 'User is disabled'));
    if (!(METHODS as readonly string[]).includes(method)) return send(res, 200, fail('700', 'Invalid method'));
    if (!permissions.has(method)) return send(res, 200, fail('666', 'User does not have permission to use this method'));
    calls.push({ method, at: now() });
    const fault = nextFault(method);
    if (fault?.kind === 'rate-limit' || rateLimited(method)) return send(res, 200, fail('410', 'API user reached the limit of requests per minute for this method'));
    if (fault?.kind === 'reset') return req.socket.destroy();
    if (fault?.kind === 'http500') return send(res, 500, '<html><body>Internal Server Error</body></html>');
    if (fault?.kind === 'already-approved') return send(res, 200, fail('908', 'Payment was already approved'));
    let body: Body;
    try {
      body = raw ? (JSON.parse(raw) as Body) : {};
    } catch {
      return send(res, 200, fail('342', 'Request body is not valid JSON'));
    }
    const answer = handlers[method as Method](body, fault);
    if (fault?.kind === 'timeout-after-commit') {
      // Committed; the caller hears nothing until it gives up (the socket is dropped on close).
      held.add(req.socket);
      req.socket.once('close', () => held.delete(req.socket));
      return;
    }
    if (fault?.kind === 'garbled') return send(res, 200, '<html><body>Bad gateway</body></html>');
    send(res, 200, answer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The account's host: pass as the adapter's base URL. */
    url: `http://127.0.0.1:${port}`,
    credentials: { username, password },
    account,
    /** Queues faults for the next calls of `method`, in order. */
    plan(method: string, ...planned: StickyFault[]) {
      faults.set(method, [...(faults.get(method) ?? []), ...planned]);
    },
    /** How many calls of a method (or of all charging methods) reached the account. */
    callCount(method?: string) {
      return calls.filter((c) => (method ? c.method === method : CHARGE_METHODS.has(c.method))).length;
    },
    orders: () => [...orders.values()],
    order: (id: string) => orders.get(id),
    approvedOrders: () => [...orders.values()].filter((o) => o.status !== 'declined'),
    advance(ms: number) {
      clockOffset += ms;
    },
    disableUser(disabled = true) {
      userDisabled = disabled;
    },
    addPostbackProfile(profile: PostbackProfile) {
      profiles.push(profile);
    },
    setPostbackDelivery(mode: 'auto' | 'manual', delayMs = 0) {
      postbackMode = mode;
      postbackDelayMs = delayMs;
    },
    postbacks: () => postbacks.map((p) => ({ ...p })),
    /** Sends postbacks now: the given ids in the given order (default: undelivered, oldest first), each `times` times. */
    async deliverPostbacks(opts: { ids?: number[]; times?: number } = {}) {
      const chosen = opts.ids ? opts.ids.map((id) => postbacks.find((p) => p.id === id)!).filter(Boolean) : postbacks.filter((p) => !p.delivered);
      const statuses: { id: number; status: number }[] = [];
      for (const p of chosen) for (let i = 0; i < (opts.times ?? 1); i++) statuses.push({ id: p.id, status: await sendPostback(p) });
      return statuses;
    },
    /** The subscription of an approved order bills again: a child order on the same card (approved or declined). */
    rebill(orderId: string, opts: { decline?: boolean } = {}) {
      const parent = orders.get(orderId);
      if (!parent || !parent.recurring) throw new Error(`order ${orderId} has no active subscription`);
      const answer = placeOrder(
        'rebill',
        { notes: '' },
        holderOfOrder(parent),
        parent.totalCents,
        opts.decline ? { kind: 'decline', reason: 'Insufficient funds' } : undefined,
        parent,
      );
      return orders.get(str(answer.order_id))!;
    },
    async close() {
      closed = true;
      for (const s of held) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StickySimulator = Awaited<ReturnType<typeof startStickySimulator>>;

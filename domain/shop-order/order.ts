// A shop order (stream `shop-order-<orderId>`; the order id is its payment id). Placed at checkout with its
// lines priced at that moment and the stock reserved; paid when the payment is captured; fulfilled when shipped
// (carrier and tracking) — an order of digital items only is delivered at payment, by signed links; completed
// when staff close it. Before shipping an order may be cancelled; a paid order may be refunded whole or line by
// line, or charged back by the card holder's bank. Each step is an event; prices are integer cents.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { ProductKind } from '../shop-product/product';

export const shopOrderStream = (orderId: string) => `shop-order-${orderId}`;

export interface OrderLine {
  /** The line's number in the order, from 1. */
  lineNo: number;
  productId: string;
  variantId: string;
  kind: ProductKind;
  title: string;
  variantName: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
}

export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166 alpha-2. */
  country: string;
  phone: string;
}

export type OrderStatus = 'placed' | 'failed' | 'paid' | 'fulfilled' | 'completed' | 'cancelled' | 'refunded' | 'charged_back';

export type OrderEvent =
  | DomainEvent<'ShopOrderPlaced', { orderId: string; userId: string; lines: OrderLine[]; subtotalCents: number; shippingCents: number; totalCents: number; address: ShippingAddress | null; placedAt: string }>
  | DomainEvent<'ShopOrderPaid', { orderId: string; userId: string; totalCents: number; paidAt: string }>
  | DomainEvent<'ShopOrderPaymentFailed', { orderId: string; userId: string; failureCode: string; failedAt: string }>
  /** An order's digital items were delivered (signed links on the order page). */
  | DomainEvent<'ShopOrderDelivered', { orderId: string; userId: string; deliveredAt: string }>
  | DomainEvent<'ShopOrderShipped', { orderId: string; userId: string; carrier: string; trackingNumber: string; shippedBy: string; shippedAt: string }>
  | DomainEvent<'ShopOrderTrackingChanged', { orderId: string; userId: string; carrier: string; trackingNumber: string; changedBy: string; changedAt: string }>
  | DomainEvent<'ShopOrderCompleted', { orderId: string; userId: string; completedAt: string }>
  /** Cancelled before shipping; `paid`: the money goes back (the payment's refund follows). */
  | DomainEvent<'ShopOrderCancelled', { orderId: string; userId: string; paid: boolean; reason: string; cancelledBy: string; cancelledAt: string }>
  /** Some items of a line came back to the fan's money; `refundId` names the staff refund it was part of (one request, several lines). */
  | DomainEvent<'ShopOrderLineRefunded', { orderId: string; userId: string; lineNo: number; quantity: number; amountCents: number; refundedBy: string; refundedAt: string; refundId?: string; reason?: string | null }>
  /** The whole payment came back (refund, void or chargeback). */
  | DomainEvent<'ShopOrderReversed', { orderId: string; userId: string; kind: 'refund' | 'void' | 'chargeback'; reversedAt: string }>;

export type OrderCommand =
  | { type: 'PlaceOrder'; orderId: string; userId: string; lines: OrderLine[]; shippingCents: number; address: ShippingAddress | null; at: string }
  | { type: 'MarkOrderPaid'; orderId: string; at: string }
  | { type: 'FailOrderPayment'; orderId: string; failureCode: string; at: string }
  | { type: 'ShipOrder'; orderId: string; carrier: string; trackingNumber: string; staffId: string; at: string }
  | { type: 'CompleteOrder'; orderId: string; at: string }
  /** captured: the order's payment was taken although the order is still placed (it is refunded). */
  | { type: 'CancelOrder'; orderId: string; reason: string; staffId: string; captured?: boolean; at: string }
  | { type: 'RefundOrderLine'; orderId: string; lineNo: number; quantity: number; staffId: string; at: string }
  /** Several lines at once, all or none; the same `refundId` again is a retry and changes nothing. */
  | { type: 'RefundOrderLines'; orderId: string; refundId: string; lines: { lineNo: number; quantity: number }[]; staffId: string; reason?: string | null; at: string }
  | { type: 'ReverseOrder'; orderId: string; kind: 'refund' | 'void' | 'chargeback'; at: string };

export interface OrderState {
  status: OrderStatus | null;
  userId: string | null;
  lines: OrderLine[];
  totalCents: number;
  shippingCents: number;
  /** Items refunded per line number. */
  refunded: Record<number, number>;
  refundedCents: number;
  /** The lines of each staff refund, by refund id. */
  refunds: Record<string, { lineNo: number; quantity: number; amountCents: number; refundedBy: string; reason: string | null }[]>;
  shipped: { carrier: string; trackingNumber: string } | null;
  delivered: boolean;
  /** When the digital items were delivered (their downloads count from then). */
  deliveredAt: string | null;
  /** Why it was cancelled, once cancelled. */
  cancelReason?: string;
}

export const ORDER_NOT_FOUND = 'Order not found.';
export const ORDER_LINES_MAX = 50;
export const CARRIER_MAX = 60;
export const TRACKING_MAX = 100;

export const orderSubtotal = (lines: readonly Pick<OrderLine, 'unitPriceCents' | 'quantity'>[]): number => lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
export const needsShipping = (lines: readonly Pick<OrderLine, 'kind'>[]): boolean => lines.some((l) => l.kind === 'physical');

/** A shipping address's rules; the field named is the request's. */
export function validateAddress(a: ShippingAddress): void {
  const need: [keyof ShippingAddress, string][] = [['name', 'Name'], ['line1', 'Address'], ['city', 'City'], ['postalCode', 'Postal code'], ['country', 'Country']];
  for (const [field, label] of need) if (!a[field].trim()) throw new ValidationError(field, `${label} is required.`);
  for (const [field, value] of Object.entries(a)) if (value.length > 200) throw new ValidationError(field, 'This field is too long.');
  if (!/^[A-Z]{2}$/.test(a.country)) throw new ValidationError('country', 'Use a two-letter country code.');
}

const notFound = () => new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
const wrongState = (message: string) => new DomainError(message, 'ORDER_STATE', 409);

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ status: null, userId: null, lines: [], totalCents: 0, shippingCents: 0, refunded: {}, refundedCents: 0, refunds: {}, shipped: null, delivered: false, deliveredAt: null }),
  evolve(s, e) {
    switch (e.type) {
      case 'ShopOrderPlaced':
        return { ...s, status: 'placed', userId: e.data.userId, lines: e.data.lines, totalCents: e.data.totalCents, shippingCents: e.data.shippingCents };
      case 'ShopOrderPaid':
        return { ...s, status: 'paid' };
      case 'ShopOrderPaymentFailed':
        return { ...s, status: 'failed' };
      case 'ShopOrderDelivered':
        return { ...s, delivered: true, deliveredAt: e.data.deliveredAt, status: needsShipping(s.lines) ? s.status : 'fulfilled' };
      case 'ShopOrderShipped':
        return { ...s, status: 'fulfilled', shipped: { carrier: e.data.carrier, trackingNumber: e.data.trackingNumber } };
      case 'ShopOrderTrackingChanged':
        return { ...s, shipped: { carrier: e.data.carrier, trackingNumber: e.data.trackingNumber } };
      case 'ShopOrderCompleted':
        return { ...s, status: 'completed' };
      case 'ShopOrderCancelled':
        return { ...s, status: 'cancelled', cancelReason: e.data.reason };
      case 'ShopOrderLineRefunded': {
        const refunded = { ...s.refunded, [e.data.lineNo]: (s.refunded[e.data.lineNo] ?? 0) + e.data.quantity };
        const all = s.lines.every((l) => (refunded[l.lineNo] ?? 0) >= l.quantity);
        const id = e.data.refundId;
        const refunds = id ? { ...s.refunds, [id]: [...(s.refunds[id] ?? []), { lineNo: e.data.lineNo, quantity: e.data.quantity, amountCents: e.data.amountCents, refundedBy: e.data.refundedBy, reason: e.data.reason ?? null }] } : s.refunds;
        return { ...s, refunded, refunds, refundedCents: s.refundedCents + e.data.amountCents, status: all ? 'refunded' : s.status };
      }
      case 'ShopOrderReversed':
        return { ...s, status: e.data.kind === 'chargeback' ? 'charged_back' : 'refunded' };
    }
  },
  decide(c, s) {
    if (c.type === 'PlaceOrder') {
      if (s.status !== null) {
        if (s.userId !== c.userId) throw new DomainError('Invalid request.', 'ORDER_ID_TAKEN', 409);
        return []; // the same checkout again (a retry with the same Idempotency-Key)
      }
      if (c.lines.length === 0) throw new ValidationError('lines', 'Your cart is empty.');
      if (c.lines.length > ORDER_LINES_MAX) throw new ValidationError('lines', `An order holds at most ${ORDER_LINES_MAX} items.`);
      for (const l of c.lines) {
        if (!Number.isInteger(l.quantity) || l.quantity < 1) throw new ValidationError('quantity', 'Quantity must be at least 1.');
        if (!Number.isInteger(l.unitPriceCents) || l.unitPriceCents < 0) throw new ValidationError('price', 'Invalid price.');
      }
      if (needsShipping(c.lines)) {
        if (!c.address) throw new ValidationError('addressId', 'Choose where to ship your order.');
        validateAddress(c.address);
      }
      if (!Number.isInteger(c.shippingCents) || c.shippingCents < 0) throw new ValidationError('shipping', 'Invalid shipping price.');
      const subtotalCents = orderSubtotal(c.lines);
      const address = needsShipping(c.lines) ? c.address : null;
      return [{ type: 'ShopOrderPlaced', data: { orderId: c.orderId, userId: c.userId, lines: c.lines, subtotalCents, shippingCents: c.shippingCents, totalCents: subtotalCents + c.shippingCents, address, placedAt: c.at } }];
    }
    if (s.status === null) throw notFound();
    const base = { orderId: c.orderId, userId: s.userId! };
    switch (c.type) {
      case 'MarkOrderPaid': {
        if (s.status !== 'placed') return [];
        const paid: OrderEvent = { type: 'ShopOrderPaid', data: { ...base, totalCents: s.totalCents, paidAt: c.at } };
        const hasDigital = s.lines.some((l) => l.kind === 'digital');
        return hasDigital ? [paid, { type: 'ShopOrderDelivered', data: { ...base, deliveredAt: c.at } }] : [paid];
      }
      case 'FailOrderPayment':
        if (s.status !== 'placed') return [];
        return [{ type: 'ShopOrderPaymentFailed', data: { ...base, failureCode: c.failureCode, failedAt: c.at } }];
      case 'ShipOrder': {
        const carrier = c.carrier.trim();
        const trackingNumber = c.trackingNumber.trim();
        if (!carrier || carrier.length > CARRIER_MAX) throw new ValidationError('carrier', 'Carrier is required.');
        if (!trackingNumber || trackingNumber.length > TRACKING_MAX) throw new ValidationError('trackingNumber', 'Tracking number is required.');
        if (!needsShipping(s.lines)) throw wrongState('This order has nothing to ship.');
        if (s.status === 'fulfilled' || s.status === 'completed') {
          if (s.shipped?.carrier === carrier && s.shipped.trackingNumber === trackingNumber) return [];
          return [{ type: 'ShopOrderTrackingChanged', data: { ...base, carrier, trackingNumber, changedBy: c.staffId, changedAt: c.at } }];
        }
        if (s.status !== 'paid') throw wrongState('Only a paid order can be shipped.');
        return [{ type: 'ShopOrderShipped', data: { ...base, carrier, trackingNumber, shippedBy: c.staffId, shippedAt: c.at } }];
      }
      case 'CompleteOrder':
        if (s.status === 'completed') return [];
        if (s.status !== 'fulfilled') throw wrongState('Only a fulfilled order can be completed.');
        return [{ type: 'ShopOrderCompleted', data: { ...base, completedAt: c.at } }];
      case 'CancelOrder':
        if (s.status === 'cancelled') return [];
        if (s.status === 'fulfilled' || s.status === 'completed') throw wrongState('A shipped order cannot be cancelled; refund it instead.');
        if (s.status !== 'placed' && s.status !== 'paid') throw wrongState('This order cannot be cancelled.');
        if (Object.keys(s.refunded).length) throw wrongState('Part of this order was refunded; refund the rest instead.');
        return [{ type: 'ShopOrderCancelled', data: { ...base, paid: s.status === 'paid' || (s.status === 'placed' && c.captured === true), reason: c.reason.trim().slice(0, 500), cancelledBy: c.staffId, cancelledAt: c.at } }];
      case 'RefundOrderLine': {
        if (!['paid', 'fulfilled', 'completed'].includes(s.status)) throw wrongState('Only a paid order can be refunded.');
        const line = s.lines.find((l) => l.lineNo === c.lineNo);
        if (!line) throw new ValidationError('lineNo', 'This order has no such line.');
        const left = line.quantity - (s.refunded[c.lineNo] ?? 0);
        if (!Number.isInteger(c.quantity) || c.quantity < 1 || c.quantity > left)
          throw new ValidationError('quantity', left ? `Refund between 1 and ${left} of this line.` : 'This line was refunded already.');
        // The last items of the order also give back its shipping.
        const lastItems = s.lines.every((l) => (l.lineNo === c.lineNo ? left - c.quantity : l.quantity - (s.refunded[l.lineNo] ?? 0)) === 0);
        const amountCents = line.unitPriceCents * c.quantity + (lastItems ? s.shippingCents : 0);
        return [{ type: 'ShopOrderLineRefunded', data: { ...base, lineNo: c.lineNo, quantity: c.quantity, amountCents, refundedBy: c.staffId, refundedAt: c.at } }];
      }
      case 'RefundOrderLines': {
        if (s.refunds[c.refundId]) return [];
        if (c.lines.length === 0) throw new ValidationError('lines', 'Choose the lines to refund.');
        if (new Set(c.lines.map((l) => l.lineNo)).size !== c.lines.length) throw new ValidationError('lines', 'Name each line once.');
        const events: OrderEvent[] = [];
        let state = s;
        for (const l of c.lines) {
          const [e] = orderDecider.decide({ type: 'RefundOrderLine', orderId: c.orderId, lineNo: l.lineNo, quantity: l.quantity, staffId: c.staffId, at: c.at }, state) as [Extract<OrderEvent, { type: 'ShopOrderLineRefunded' }>];
          const event: OrderEvent = { type: 'ShopOrderLineRefunded', data: { ...e.data, refundId: c.refundId, reason: c.reason ?? null } };
          events.push(event);
          state = orderDecider.evolve(state, event);
        }
        return events;
      }
      case 'ReverseOrder':
        // A cancelled order's refund: the order says so already.
        if (!['paid', 'fulfilled', 'completed'].includes(s.status)) return [];
        return [{ type: 'ShopOrderReversed', data: { ...base, kind: c.kind, reversedAt: c.at } }];
    }
  },
};

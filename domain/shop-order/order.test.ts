import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { orderDecider, type OrderEvent, type OrderLine, type ShippingAddress } from './order';

const at = '2026-11-30T10:00:00.000Z';
const tee: OrderLine = { lineNo: 1, productId: 'p1', variantId: 'v1', kind: 'physical', title: 'Signed tee', variantName: 'M', sku: 'TEE-M', unitPriceCents: 3000, quantity: 2 };
const pack: OrderLine = { lineNo: 2, productId: 'p2', variantId: 'v2', kind: 'digital', title: 'Photo pack', variantName: 'Standard', sku: '', unitPriceCents: 1000, quantity: 1 };
const address: ShippingAddress = { name: 'Ann Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };
const base = { orderId: 'o1', userId: 'u1' };
const placed = (lines: OrderLine[], shippingCents = 500): OrderEvent => {
  const subtotalCents = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  const physical = lines.some((l) => l.kind === 'physical');
  return { type: 'ShopOrderPlaced', data: { ...base, lines, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents, address: physical ? address : null, placedAt: at } };
};
const paid = (totalCents: number): OrderEvent => ({ type: 'ShopOrderPaid', data: { ...base, totalCents, paidAt: at } });
const shipped: OrderEvent = { type: 'ShopOrderShipped', data: { ...base, carrier: 'UPS', trackingNumber: '1Z999', shippedBy: 'admin', shippedAt: at } };
const place = (lines: OrderLine[], shippingCents = 500, addr: ShippingAddress | null = address) => ({ type: 'PlaceOrder' as const, orderId: 'o1', userId: 'u1', lines, shippingCents, address: addr, at });

describe('shop order', () => {
  it('is placed with its total; the same checkout again changes nothing; another fan cannot take its id', () => {
    const s = given(orderDecider).when(place([tee, pack])).then([placed([tee, pack])]);
    expect(s.totalCents).toBe(7500);
    given(orderDecider, [placed([tee])]).when(place([tee])).then([]);
    given(orderDecider, [placed([tee])]).when({ ...place([tee]), userId: 'u2' }).thenThrows('Invalid request.', { status: 409 });
  });

  it('a physical order needs a whole address; a digital one keeps none', () => {
    given(orderDecider).when(place([tee], 500, null)).thenThrows('Choose where to ship your order.', { details: { field: 'addressId' } });
    given(orderDecider).when(place([tee], 500, { ...address, city: ' ' })).thenThrows('City is required.', { details: { field: 'city' } });
    given(orderDecider).when(place([tee], 500, { ...address, country: 'usa' })).thenThrows('Use a two-letter country code.');
    given(orderDecider).when(place([pack], 0, address)).then([placed([pack], 0)]);
    given(orderDecider).when(place([])).thenThrows('Your cart is empty.');
  });

  it('paid; a digital order is delivered with it, a physical one waits for shipping', () => {
    given(orderDecider, [placed([tee])]).when({ type: 'MarkOrderPaid', orderId: 'o1', at }).then([paid(6500)]);
    const s = given(orderDecider, [placed([pack], 0)]).when({ type: 'MarkOrderPaid', orderId: 'o1', at })
      .then([paid(1000), { type: 'ShopOrderDelivered', data: { ...base, deliveredAt: at } }]);
    expect(s.status).toBe('fulfilled');
    given(orderDecider, [placed([tee]), paid(6500)]).when({ type: 'MarkOrderPaid', orderId: 'o1', at }).then([]);
  });

  it('a failed payment fails a placed order only', () => {
    given(orderDecider, [placed([tee])]).when({ type: 'FailOrderPayment', orderId: 'o1', failureCode: 'declined', at })
      .then([{ type: 'ShopOrderPaymentFailed', data: { ...base, failureCode: 'declined', failedAt: at } }]);
    given(orderDecider, [placed([tee]), paid(6500)]).when({ type: 'FailOrderPayment', orderId: 'o1', failureCode: 'declined', at }).then([]);
  });

  it('ships a paid order with carrier and tracking, then completes; a later ship changes the tracking', () => {
    const ship = { type: 'ShipOrder' as const, orderId: 'o1', carrier: ' UPS ', trackingNumber: '1Z999', staffId: 'admin', at };
    given(orderDecider, [placed([tee])]).when(ship).thenThrows('Only a paid order can be shipped.', { status: 409 });
    given(orderDecider, [placed([tee]), paid(6500)]).when({ ...ship, trackingNumber: '' }).thenThrows('Tracking number is required.', { details: { field: 'trackingNumber' } });
    const s = given(orderDecider, [placed([tee]), paid(6500)]).when(ship).then([shipped]);
    expect(s.status).toBe('fulfilled');
    given(orderDecider, [placed([tee]), paid(6500), shipped]).when(ship).then([]);
    given(orderDecider, [placed([tee]), paid(6500), shipped]).when({ ...ship, trackingNumber: '1Z000' })
      .then([{ type: 'ShopOrderTrackingChanged', data: { ...base, carrier: 'UPS', trackingNumber: '1Z000', changedBy: 'admin', changedAt: at } }]);
    given(orderDecider, [placed([tee]), paid(6500)]).when({ type: 'CompleteOrder', orderId: 'o1', at }).thenThrows('Only a fulfilled order can be completed.');
    given(orderDecider, [placed([tee]), paid(6500), shipped]).when({ type: 'CompleteOrder', orderId: 'o1', at })
      .then([{ type: 'ShopOrderCompleted', data: { ...base, completedAt: at } }]);
    given(orderDecider, [placed([pack], 0), paid(1000)]).when(ship).thenThrows('This order has nothing to ship.');
  });

  it('cancels before shipping (a paid one says its money goes back), never after', () => {
    const cancel = { type: 'CancelOrder' as const, orderId: 'o1', reason: 'Out of print', staffId: 'admin', at };
    given(orderDecider, [placed([tee]), paid(6500)]).when(cancel)
      .then([{ type: 'ShopOrderCancelled', data: { ...base, paid: true, reason: 'Out of print', cancelledBy: 'admin', cancelledAt: at } }]);
    given(orderDecider, [placed([tee])]).when(cancel)
      .then([{ type: 'ShopOrderCancelled', data: { ...base, paid: false, reason: 'Out of print', cancelledBy: 'admin', cancelledAt: at } }]);
    given(orderDecider, [placed([tee]), paid(6500), shipped]).when(cancel).thenThrows('A shipped order cannot be cancelled; refund it instead.');
  });

  it('refunds line by line, the last items with the shipping; no more than was bought', () => {
    const refund = (lineNo: number, quantity: number) => ({ type: 'RefundOrderLine' as const, orderId: 'o1', lineNo, quantity, staffId: 'admin', at });
    const lineRefunded = (lineNo: number, quantity: number, amountCents: number): OrderEvent =>
      ({ type: 'ShopOrderLineRefunded', data: { ...base, lineNo, quantity, amountCents, refundedBy: 'admin', refundedAt: at } });
    const events = [placed([tee, pack]), paid(7500)];
    given(orderDecider, [placed([tee])]).when(refund(1, 1)).thenThrows('Only a paid order can be refunded.');
    given(orderDecider, events).when(refund(1, 1)).then([lineRefunded(1, 1, 3000)]);
    given(orderDecider, events).when(refund(1, 3)).thenThrows('Refund between 1 and 2 of this line.', { details: { field: 'quantity' } });
    given(orderDecider, events).when(refund(9, 1)).thenThrows('This order has no such line.');
    const s = given(orderDecider, [...events, lineRefunded(1, 2, 6000)]).when(refund(2, 1)).then([lineRefunded(2, 1, 1500)]);
    expect(s).toMatchObject({ status: 'refunded', refundedCents: 7500 });
    given(orderDecider, [...events, lineRefunded(1, 2, 6000)]).when(refund(1, 1)).thenThrows('This line was refunded already.');
  });

  it('a reversal of the payment refunds or charges back a paid order once; a cancelled one stays cancelled', () => {
    const s = given(orderDecider, [placed([tee]), paid(6500), shipped]).when({ type: 'ReverseOrder', orderId: 'o1', kind: 'chargeback', at })
      .then([{ type: 'ShopOrderReversed', data: { ...base, kind: 'chargeback', reversedAt: at } }]);
    expect(s.status).toBe('charged_back');
    const cancelled: OrderEvent = { type: 'ShopOrderCancelled', data: { ...base, paid: true, reason: '', cancelledBy: 'admin', cancelledAt: at } };
    given(orderDecider, [placed([tee]), paid(6500), cancelled]).when({ type: 'ReverseOrder', orderId: 'o1', kind: 'refund', at }).then([]);
    given(orderDecider).when({ type: 'ReverseOrder', orderId: 'o1', kind: 'refund', at }).thenThrows('Order not found.', { status: 404 });
  });
});

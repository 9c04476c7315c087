import { describe, expect, it } from 'vitest';
import { orderNumber, shopEmail, shopEmailDecider, shopMailsForEvent, type MailedOrder } from './shop-email';

const order: MailedOrder = {
  id: 'ab12cd34-0000-4000-8000-000000000000',
  lines: [{ kind: 'physical', title: 'Tee <img src=x onerror=alert(1)>', variantName: 'M', unitPriceCents: 3000, quantity: 2 }],
  subtotalCents: 6000, shippingCents: 500, totalCents: 6500,
  address: { name: 'Ann', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' },
  carrier: 'UPS', trackingNumber: '1Z9',
};
const facts = { fanName: 'Ann "Fan"', fanEmail: 'ann@example.com', creatorName: 'Kim', siteUrl: 'https://fans.example' };

describe('shop mails', () => {
  it('a paid order makes a receipt and a staff notice; a shipped one a shipping notice; nothing else mails', () => {
    const ev = (type: string) => ({ id: 'e1', type, data: { orderId: order.id, userId: 'u1' }, recordedAt: new Date('2026-11-30T00:00:00Z') });
    expect(shopMailsForEvent(ev('ShopOrderPaid')).map((m) => m.kind)).toEqual(['fan_order_paid', 'staff_new_order']);
    expect(shopMailsForEvent(ev('ShopOrderShipped')).map((m) => m.kind)).toEqual(['fan_order_shipped']);
    expect(shopMailsForEvent(ev('ShopOrderTrackingChanged'))).toEqual([]);
  });

  it('the receipt names the order, its lines, total and address; user text in the HTML is escaped', () => {
    const m = shopEmail('fan_order_paid', order, facts);
    expect(m.subject).toBe('Your order #AB12CD34 from Kim');
    expect(m.text).toContain('2 × Tee <img src=x onerror=alert(1)> (M): $60.00');
    expect(m.text).toContain('Subtotal: $60.00\nShipping: $5.00\nTotal: $65.00');
    expect(m.text).toContain('https://fans.example/shop/order-history/ab12cd34-0000-4000-8000-000000000000');
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('Ann &#34;Fan&#34;');
    expect(m.text).not.toContain('Download');
    expect(shopEmail('fan_order_paid', { ...order, lines: [{ ...order.lines[0], kind: 'digital' }], address: null }, facts).text).toContain('Download your digital items from your order page.');
  });

  it('the shipping notice has the carrier and tracking number; a subject never breaks a header line', () => {
    const m = shopEmail('fan_order_shipped', order, facts);
    expect(m.text).toContain('Carrier: UPS\nTracking number: 1Z9');
    expect(shopEmail('staff_new_order', order, { ...facts, fanName: 'Eve\r\nBcc: x@y' }).subject).toBe('New order #AB12CD34: $65.00 from Eve Bcc: x@y');
    expect(orderNumber(order.id)).toBe('AB12CD34');
  });

  it("a refund of items sold out before the payment came in mails the fan what, why and how much; other reversals do not", () => {
    const reversed = (purpose: object, source: string, kind = 'refund') => ({
      id: 'e2', type: 'PaymentReversed', recordedAt: new Date('2026-11-30T00:00:00Z'),
      data: { paymentId: order.id, userId: 'u1', purpose, kind, amountCents: 6500, source, reason: 'Sold out before your payment came in. Your payment was refunded.', reversedAt: 'x' },
    });
    expect(shopMailsForEvent(reversed({ kind: 'shop_order', orderId: order.id }, 'system:not_delivered'))).toEqual([{
      sourceEventId: 'e2', kind: 'fan_order_refunded', orderId: order.id, userId: 'u1', at: '2026-11-30T00:00:00.000Z',
      facts: { amountCents: 6500, reason: 'Sold out before your payment came in. Your payment was refunded.' },
    }]);
    expect(shopMailsForEvent(reversed({ kind: 'shop_order', orderId: order.id }, 'staff:admin-1'))).toEqual([]);
    expect(shopMailsForEvent(reversed({ kind: 'chat_booking', bookingId: 'b1' }, 'system:not_delivered'))).toEqual([]);
    const m = shopEmail('fan_order_refunded', order, facts, { amountCents: 6500, reason: 'Sold out before your payment came in. Your payment was refunded.' });
    expect(m.subject).toBe('Your payment was refunded');
    expect(m.text).toContain('Your payment of $65.00 for order #AB12CD34 was refunded to the card or wallet you paid with.');
    expect(m.text).toContain('Reason: Sold out before your payment came in.');
    expect(m.text).toContain('2 × Tee <img src=x onerror=alert(1)> (M): $60.00');
    expect(m.html).not.toContain('<img');
  });

  it('a mail is recorded once', () => {
    const c = { type: 'RecordShopEmailSent' as const, sourceEventId: 'e1', kind: 'fan_order_paid' as const, orderId: 'o', userId: 'u', at: 'now' };
    const [first] = shopEmailDecider.decide(c, shopEmailDecider.initialState());
    expect(shopEmailDecider.decide(c, shopEmailDecider.evolve(shopEmailDecider.initialState(), first))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { catalogueChecks, disagreementsOf, type OurPaymentSummary, type StickyOrderSummary } from './provider-console';

const payment: OurPaymentSummary = {
  payment_id: 'p1', user_id: 'u1', user_email: 'fan@example.com', type: 'tip', amount_cents: 1200, status: 'captured', failure_code: null, card: 'visa •••• 1111',
  provider_reference: '10001', created_at: '2026-01-01T00:00:00.000Z', settled_at: '2026-01-01T00:00:01.000Z', reversal: null, events: [],
};
const order: StickyOrderSummary = {
  order_id: '10001', state: 'approved', status_code: '2', amount_cents: 1200, refunded_cents: 0, voided: false, decline_reason: null, card_brand: 'visa', card_last4: '1111',
  customer_id: '400', customer_name: 'Fan One', customer_email: '', payment_id: 'p1', notes: ['fanclub:p1'], recurring: true, next_recurring_date: null, billing_cycle: '1',
  parent_order_id: null, rebill_order_ids: [], created_at: '2026-01-01 00:00:00', test: true,
};

describe('disagreementsOf', () => {
  it('is empty when the order and our payment agree, also for a refund recorded on both sides (void or refund there)', () => {
    expect(disagreementsOf(payment, order)).toEqual([]);
    const refunded = { ...payment, reversal: { kind: 'refund', amount_cents: 1200, at: '2026-01-02T00:00:00.000Z' } };
    expect(disagreementsOf(refunded, { ...order, state: 'refunded' })).toEqual([]);
    expect(disagreementsOf(refunded, { ...order, state: 'voided' })).toEqual([]);
    expect(disagreementsOf({ ...payment, status: 'failed', provider_reference: null }, { ...order, state: 'declined' })).toEqual([]);
  });

  it('names each difference: outcome, amount, order id, the payment in the notes, a missing side', () => {
    expect(disagreementsOf(payment, { ...order, state: 'refunded' })).toEqual(['Sticky.io has the order refunded; our log has the payment approved.']);
    expect(disagreementsOf(payment, { ...order, amount_cents: 999 })).toEqual(['Amounts differ: Sticky.io $9.99, our log $12.00.']);
    expect(disagreementsOf(payment, { ...order, order_id: '10002' })).toEqual(['Our log names order 10001, not 10002.']);
    expect(disagreementsOf(payment, { ...order, payment_id: 'p2' })).toEqual(['The order\'s notes name payment p2, not this one.']);
    expect(disagreementsOf(payment, null)).toEqual(['Our log says this payment was captured, but Sticky.io has no order for it.']);
    expect(disagreementsOf(null, order)).toEqual(['The order\'s notes name payment p1, which our log does not have.']);
    expect(disagreementsOf({ ...payment, status: 'failed' }, null)).toEqual([]);
    expect(disagreementsOf(null, null)).toEqual([]);
  });
});

describe('catalogueChecks', () => {
  const view = {
    campaign: { id: '1', name: 'Club', active: true },
    products: [{ id: '4', name: 'Membership', price_cents: 999, sku: '', in_use: true }],
    shipping: [{ id: '2', name: 'Digital', price_cents: 0, in_use: true }],
    offers: [{ id: '3', name: 'Monthly', in_use: true, product_ids: ['4'], billing_models: [{ id: '5', name: 'Monthly', frequency: '30 days', in_use: true }] }],
  };
  it('passes when every id the settings use is where it must be, and names the one that is not', () => {
    expect(catalogueChecks(view, { campaignId: '1', shippingId: '2', offerId: '3', productId: '4', billingModelId: '5' }).every((c) => c.ok)).toBe(true);
    const wrong = catalogueChecks(view, { campaignId: '1', shippingId: '2', offerId: '3', productId: '4', billingModelId: '9' });
    expect(wrong.filter((c) => !c.ok).map((c) => c.label)).toEqual(['Billing model 9 in offer 3']);
  });
});

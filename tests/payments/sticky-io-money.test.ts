// Money under stress through Sticky.io (the simulator): double spend, kill -9 between Sticky.io's order and our
// capture, postbacks replayed, and the ledger against Sticky.io's books (tests/payments/provider-money.suite.ts).
import { describe, expect } from 'vitest';
import { startStickySimulator } from '../simulators/sticky-io/simulator';
import { stickyClient } from '../../infra/payments/sticky-io/client';
import { call } from '../support/provider-money';
import { describeProviderMoney } from './provider-money.suite';

const PASSWORD = 'sticky-api-password-1';
const POSTBACK_SECRET = 'postback-secret-0123456789abcdef';

describe('money under stress through Sticky.io (simulator)', () => {
  describeProviderMoney(async () => {
    const sim = await startStickySimulator({ password: PASSWORD, postbackDelivery: 'manual' });
    const a = sim.account;
    const settings = {
      appKey: 'fanclub-test', apiUsername: sim.credentials.username, apiPassword: PASSWORD, campaignId: a.campaignId, shippingId: a.shippingId,
      offerId: a.offerId, productId: a.productId, billingModelId: a.billingModelId, postbackSecret: POSTBACK_SECRET,
    };
    const ours = () => sim.approvedOrders().filter((o) => o.notes !== '');
    return {
      name: 'Sticky.io',
      env: { FANCLUB_STICKY_IO_API_URL: sim.url },
      card: { cardNumber: '4111111111111111', cvv: '123' },
      async configure(base, admin, webhookBase) {
        const saved = await call(base, 'POST', '/api/settings/payment-providers/sticky-io', settings, admin);
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const on = await call(base, 'PUT', '/admin-api/subscription-settings/site', { is_sticky_io_enabled: true }, admin);
        expect(on.status, JSON.stringify(on.body)).toBe(200);
        sim.addPostbackProfile({ url: `${webhookBase}/api/webhooks/sticky-io?token=${POSTBACK_SECRET}&order_id={order_id}&event={event}`, method: 'GET', events: ['approve', 'refund', 'void'] });
      },
      salesOf: (paymentId) => ours().filter((o) => o.notes.includes(paymentId)).length,
      totalSales: () => ours().length,
      commitThenHang: () => sim.plan('new_order_card_on_file', { kind: 'timeout-after-commit' }),
      async replayAll() {
        return (await sim.deliverPostbacks({ ids: sim.postbacks().map((p) => p.id).reverse(), times: 2 })).map((s) => s.status);
      },
      async saleBehindOurBack() {
        // An order on the card of one of ours, placed with the account's own API credentials (not through Fanclub).
        const [first] = ours();
        const order = { campaignId: a.campaignId, shippingId: a.shippingId, offers: [{ offer_id: a.offerId, product_id: a.productId, billing_model_id: a.billingModelId, quantity: '1', price: '5.00' }], notes: '' };
        const answer = await stickyClient(sim.url, settings, 5000).call('new_order_card_on_file', { previousOrderId: first.id, ...order });
        expect(answer.response_code).toBe('100');
      },
      close: () => sim.close(),
    };
  });
});

// Two API nodes on one Postgres server (this test's process and a child process, each a whole server with its own
// projection runner) race 30 card checkouts of the last item, alternating between the nodes: exactly one paid order,
// 29 answers 409 "Sold out." naming the line, the variant's stock never below zero at any event, no fan but the winner
// charged, and the auditor's ledger check agrees with the sandbox gateway's books.
import { afterAll, describe, expect, it } from 'vitest';
import { commandContext } from '../../commands/handle';
import { updateSiteSettings } from '../../commands/settings';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { stockDecider, shopStockStream, type StockState } from '../../domain/shop-stock/stock';
import { requirePostgresServer } from '../support/postgres';
import { call, startTwoNodes, type TwoNodes } from '../support/two-nodes';
import { TEST_CARD_FORM } from '../support/server';

const postgres = await requirePostgresServer();
let two: TwoNodes | null = null;
afterAll(async () => {
  await two?.close();
});

describe.skipIf(!postgres)('the shop on two API nodes (Postgres server)', () => {
  it('30 checkouts of the last item across both nodes: one paid order, 29 × 409 "Sold out." naming the line, stock never negative, the ledger agrees', async () => {
    two = await startTwoNodes('shop');
    const { server, admin, nodes } = two;
    const b = nodes[1];
    const { store } = server.services;

    await updateSiteSettings(commandContext(store, { userId: null, role: 'admin' }), server.services.sanitizeHtml, {
      shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 },
    });
    const made = await call(b, 'POST', '/admin-api/shop/products', {
      title: 'Last print', price_cents: 4000, variants: [{ name: 'A3', sku: 'PRINT-A3', stock: 1 }], shipping: [{ country: 'US', cents: 700 }],
    }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const productId = made.body.id as string;
    const variantId = made.body.variants[0].variant_id as string;
    expect((await call(b, 'POST', `/admin-api/shop/products/${productId}/publish`, {}, admin)).status).toBe(200);

    const fans = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
      const node = nodes[i % 2];
      const r = await call(node, 'POST', '/api/users/register', { name: `Race ${i}`, email: `race.${i}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      const address = await call(node, 'POST', '/api/shop/addresses', { name: `Race ${i}`, line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' }, token);
      expect(address.status, JSON.stringify(address.body)).toBe(200);
      return { node, token, addressId: address.body.data.address_id as string };
    }));
    // Both nodes' read models know every fan's address and the published product before the race.
    await two.settle();

    const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    const answers = await Promise.all(fans.map((f, i) => call(f.node, 'POST', '/api/shop/checkout', {
      payment_method: 'card', address_id: f.addressId, items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], ...card,
    }, f.token, { 'idempotency-key': `two-nodes-race-${i}` })));
    const paid = answers.filter((r) => r.status === 200);
    const soldOut = answers.filter((r) => r.status === 409);
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.filter((r) => r.status !== 200 && r.status !== 409).slice(0, 2).map((r) => r.body))).toEqual([200, ...Array(29).fill(409)]);
    expect(paid[0].body.data.order.status).toBe('paid');
    for (const r of soldOut) expect(r.body).toMatchObject({ success: 0, message: 'Sold out.', code: 'SOLD_OUT', data: { product_id: productId, variant_id: variantId, title: 'Last print', available: 0 } });

    // The stock's own stream, folded one event at a time: never below zero, one sold, nothing held.
    const events = await store.readStream(shopStockStream(variantId));
    let s: StockState = stockDecider.initialState();
    for (const e of events) {
      s = stockDecider.evolve(s, e as never);
      expect(s.onHand ?? 0, `after ${e.type}`).toBeGreaterThanOrEqual(0);
    }
    expect(s.onHand).toBe(0);
    expect(Object.keys(s.held)).toEqual([]);
    expect(Object.values(s.sold)).toEqual([1]);

    // One capture in the whole log, of the winner's total; the others' payments never reached the card.
    const all = await store.readAll({ after: null, maxCount: 1_000_000 });
    const captures = all.filter((e) => e.type === 'PaymentCaptured');
    expect(captures).toHaveLength(1);
    expect((captures[0].data as { amountCents: number }).amountCents).toBe(4700);
    expect(all.filter((e) => e.type === 'ShopOrderPaid')).toHaveLength(1);

    // Both nodes answer the same stock, and the auditor's check agrees with the gateway's books.
    await two.settle();
    for (const node of nodes) {
      const record = await call(node, 'GET', `/admin-api/shop/products/${productId}`, undefined, admin);
      expect(record.body.variants[0]).toMatchObject({ on_hand: 0, available: 0, reserved: 0, sold: 1 });
    }
    expect(await two.ledgerProblems()).toEqual([]);
  }, 300_000);
});

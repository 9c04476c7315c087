// The concurrent cases on the Postgres server (its row locks and transactions are not PGlite's), once per provider
// (the kill -9 and replay cases run on PGlite folders in <provider>-money.test.ts):
//   - CCBill and Sticky.io: twenty parallel unlocks of one post under twenty Idempotency-Keys charge one unlock, the
//     rest answer 'Content already unlocked.' or the same unlock;
//   - ForumPay: thirty parallel starts of one wallet top-up make one payment at ForumPay, thirty parallel polls once it
//     is paid credit the wallet once.
// The ledger check holds each provider's books against the log, and is seen to fail while money taken behind our
// back is there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePostgresServer } from '../support/postgres';
import { ledgerProblems, startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { siteForPurchases } from '../support/provider-money';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { startStickySimulator, type StickySimulator } from '../simulators/sticky-io/simulator';
import { startForumPaySimulator, type ForumPaySimulator } from '../simulators/forumpay/simulator';
import { stickyClient } from '../../infra/payments/sticky-io/client';

describe.skipIf(!(await requirePostgresServer()))('money through CCBill on the Postgres server', () => {
  let sim: CcbillSimulator;
  let t: TestServer;
  let fan: string;
  let lockedPost: (dollars: number) => Promise<string>;
  const sales = () => [...sim.sales.values()];

  beforeAll(async () => {
    sim = await startCcbillSimulator();
    t = await startTestServer('postgres', {
      FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
      FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '5000',
    });
    let admin: string;
    ({ admin, fan, lockedPost } = await siteForPurchases(() => t.base, 'Postgres Money Fan'));
    const c = sim.config;
    for (const [provider, body] of [
      ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
      ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
      ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
    ] as const) {
      expect((await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin })).status).toBe(200);
    }
    const first = await t.call('POST', '/api/v2/purchase/send-tip', { amount: 5, ...TEST_CARD_FORM, cardNumber: '4111111111111111', cvv: '456' }, { token: fan });
    expect(first.body.data, JSON.stringify(first.body)).toMatchObject({ accepted: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('twenty parallel unlocks of one post under twenty keys: one sale at CCBill; the ledger check fails while a sale is added behind our back', async () => {
    const postId = await lockedPost(9);
    const before = sales().length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 9 }, { token: fan, headers: { 'idempotency-key': `pg-unlock-${i}` } })),
    );
    const summary = answers.map((a) => `${a.status} ${a.body?.code ?? a.body?.message ?? ''}`).join(', ');
    expect(answers.filter((a) => a.status >= 500), summary).toEqual([]);
    const accepted = answers.filter((a) => a.body.data?.accepted);
    expect(new Set(accepted.map((a) => a.body.data.transactionId)).size, summary).toBe(1);
    for (const a of answers) if (!a.body.data?.accepted) expect([a.status, a.body.message], summary).toEqual([409, 'Content already unlocked.']);
    expect(sales().length).toBe(before + 1);

    expect(await ledgerProblems(t.server)).toEqual([]);
    const [sale] = sales();
    const extra = { ...sale, subscriptionId: `0${String(Date.now()).slice(-9)}999999998` };
    sim.sales.set(extra.subscriptionId, extra);
    expect((await ledgerProblems(t.server)).join('\n')).toMatch(/payment provider net \d+ ≠ event log net \d+/);
    sim.sales.delete(extra.subscriptionId);
    expect(await ledgerProblems(t.server)).toEqual([]);
  });
});

describe.skipIf(!(await requirePostgresServer()))('money through Sticky.io on the Postgres server', () => {
  const PASSWORD = 'sticky-api-password-1';
  const POSTBACK_SECRET = 'postback-secret-0123456789abcdef';
  let sim: StickySimulator;
  let t: TestServer;
  let fan: string;
  let lockedPost: (dollars: number) => Promise<string>;
  let settings: Record<string, string>;
  const ours = () => sim.approvedOrders().filter((o) => o.notes !== '');

  beforeAll(async () => {
    sim = await startStickySimulator({ password: PASSWORD, postbackDelivery: 'manual' });
    t = await startTestServer('postgres', { FANCLUB_STICKY_IO_API_URL: sim.url, FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '5000' });
    let admin: string;
    ({ admin, fan, lockedPost } = await siteForPurchases(() => t.base, 'Postgres Sticky Fan'));
    const a = sim.account;
    settings = {
      appKey: 'fanclub-test', apiUsername: sim.credentials.username, apiPassword: PASSWORD, campaignId: a.campaignId, shippingId: a.shippingId,
      offerId: a.offerId, productId: a.productId, billingModelId: a.billingModelId, postbackSecret: POSTBACK_SECRET,
    };
    expect((await t.call('POST', '/api/settings/payment-providers/sticky-io', settings, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', '/admin-api/subscription-settings/site', { is_sticky_io_enabled: true }, { token: admin })).status).toBe(200);
    const first = await t.call('POST', '/api/v2/purchase/send-tip', { amount: 5, ...TEST_CARD_FORM, cardNumber: '4111111111111111', cvv: '123' }, { token: fan });
    expect(first.body.data, JSON.stringify(first.body)).toMatchObject({ accepted: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('twenty parallel unlocks of one post under twenty keys: one order at Sticky.io; the ledger check fails while an order is placed behind our back', async () => {
    const postId = await lockedPost(9);
    const before = ours().length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 9 }, { token: fan, headers: { 'idempotency-key': `pg-sticky-unlock-${i}` } })),
    );
    const summary = answers.map((a) => `${a.status} ${a.body?.code ?? a.body?.message ?? ''}`).join(', ');
    expect(answers.filter((a) => a.status >= 500), summary).toEqual([]);
    const accepted = answers.filter((a) => a.body.data?.accepted);
    expect(new Set(accepted.map((a) => a.body.data.transactionId)).size, summary).toBe(1);
    for (const a of answers) if (!a.body.data?.accepted) expect([a.status, a.body.message], summary).toEqual([409, 'Content already unlocked.']);
    expect(ours().length).toBe(before + 1);

    expect(await ledgerProblems(t.server)).toEqual([]);
    // An order on the card of one of ours, placed with the account's own API credentials (not through Fanclub).
    const a = sim.account;
    const order = { campaignId: a.campaignId, shippingId: a.shippingId, offers: [{ offer_id: a.offerId, product_id: a.productId, billing_model_id: a.billingModelId, quantity: '1', price: '6.00' }], notes: '' };
    const answer = await stickyClient(sim.url, settings as never, 5000).call('new_order_card_on_file', { previousOrderId: ours()[0].id, ...order });
    expect(answer.response_code).toBe('100');
    expect((await ledgerProblems(t.server)).join('\n')).toMatch(/payment provider net \d+ ≠ event log net \d+/);
    // Given back at Sticky.io, the books agree again (the test server's closing check holds them too).
    expect((await stickyClient(sim.url, settings as never, 5000).call('order_refund', { order_id: String(answer.order_id), amount: '6.00', keep_recurring: '0' })).response_code).toBe('100');
    expect(await ledgerProblems(t.server)).toEqual([]);
  });
});

describe.skipIf(!(await requirePostgresServer()))('wallet top-ups through ForumPay on the Postgres server', () => {
  const SECRET = 'fp-secret-part-one-fp-secret-part-two';
  let sim: ForumPaySimulator;
  let t: TestServer;
  let fan: string;
  const asFan = async (url: string, body: unknown) => t.call('POST', url, body, { token: fan });

  beforeAll(async () => {
    sim = await startForumPaySimulator({ apiUser: 'fanclub-api', apiSecret: SECRET, posIds: ['fanclub-web'], minConfirmations: 1 });
    t = await startTestServer('postgres', { FANCLUB_FORUMPAY_API_URL: sim.apiBase });
    let admin: string;
    ({ admin, fan } = await siteForPurchases(() => t.base, 'Postgres Crypto Fan'));
    const saved = await t.call('POST', '/api/settings/payment-providers/forumpay', { apiUser: 'fanclub-api', apiSecret: SECRET, posId: 'fanclub-web', enable_forumpay_payment_live_mode: false }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('thirty parallel starts of one payment make one payment at ForumPay; thirty parallel polls once paid credit it once; the ledger agrees', async () => {
    const paymentId = (await asFan('/api/crypto/generate-payment-id', { currency: 'BTC', amount: 5 })).body.data.payment_id as string;
    const start = () => asFan('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: 5, payment_for: 'wallet', payment_id: paymentId });
    const starts = await Promise.all(Array.from({ length: 30 }, start));
    expect(starts.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body?.message}`)).toEqual([]);
    expect(new Set(starts.map((a) => a.body.data.address)).size).toBe(1);
    expect(sim.payments().filter((p) => p.reference_no === paymentId)).toHaveLength(1);
    sim.transfer(starts[0].body.data.address, starts[0].body.data.amount);
    sim.mine(1);
    const polls = await Promise.all(Array.from({ length: 30 }, () => asFan('/api/crypto/get-transaction-status', { payment_id: paymentId })));
    expect(polls.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.body?.message}`)).toEqual([]);
    expect((await asFan('/api/crypto/get-transaction-status', { payment_id: paymentId })).body.data.is_payment_confirmed).toBe(true);
    expect((await asFan('/api/crypto/wallet-history', {})).body.data.wallet_balance_cents).toBe(500);
    expect(await ledgerProblems(t.server)).toEqual([]);
  });
});

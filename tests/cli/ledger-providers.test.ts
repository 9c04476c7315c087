// `npm run ledger` reads the real providers' books with the settings saved in the console: a tip through CCBill, one
// through Sticky.io and a top-up through ForumPay (their simulators), and the CLI, beside the running server on the
// Postgres server, holds all three against the event log and exits 0. A provider it cannot reach is named, the books
// it could read are still checked, and it exits 7 (not a crash). The server's closing check reads the same module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../infra/cli/exit-codes';
import { requirePostgresServer } from '../support/postgres';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { runLedger } from '../support/provider-money';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { startStickySimulator, type StickySimulator } from '../simulators/sticky-io/simulator';
import { startForumPaySimulator, type ForumPaySimulator } from '../simulators/forumpay/simulator';

const STICKY_PASSWORD = 'sticky-api-password-1';
const FORUMPAY_SECRET = 'fp-secret-part-one-fp-secret-part-two';
const NOWHERE = 'http://127.0.0.1:1';

describe.skipIf(!(await requirePostgresServer()))("npm run ledger with the real providers' books", () => {
  let ccbill: CcbillSimulator;
  let sticky: StickySimulator;
  let forumpay: ForumPaySimulator;
  let t: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    [ccbill, sticky, forumpay] = await Promise.all([
      startCcbillSimulator(),
      startStickySimulator({ password: STICKY_PASSWORD, postbackDelivery: 'manual' }),
      startForumPaySimulator({ apiUser: 'fanclub-api', apiSecret: FORUMPAY_SECRET, posIds: ['fanclub-web'], minConfirmations: 1 }),
    ]);
    const urls = {
      FANCLUB_CCBILL_REST_URL: ccbill.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: ccbill.endpoints.datalink,
      FANCLUB_STICKY_IO_API_URL: sticky.url,
      FANCLUB_FORUMPAY_API_URL: forumpay.apiBase,
      FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '3000',
    };
    t = await startTestServer('postgres', urls);
    env = { DATABASE_URL: t.server.services.config.DATABASE_URL!, FANCLUB_DATA_DIR: t.dataDir, ...urls };
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const save = async (provider: string, body: Record<string, unknown>) => {
      const r = await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const fan = async (name: string) => (await t.call('POST', '/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`, password: `${name} password 1` })).body.data.token as string;
    const tip = async (token: string, dollars: number, cvv: string) => {
      const r = await t.call('POST', '/api/v2/purchase/send-tip', { amount: dollars, ...TEST_CARD_FORM, cardNumber: '4111111111111111', cvv }, { token });
      expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ accepted: true });
    };
    // A tip through CCBill's REST API (on once its settings are saved), then one through Sticky.io once it is switched on.
    const c = ccbill.config;
    await save('ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false });
    await save('ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret });
    await save('ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword });
    await tip(await fan('Ccbill Fan'), 12, '456');
    expect(ccbill.sales.size).toBe(1);
    const a = sticky.account;
    await save('sticky-io', {
      appKey: 'fanclub-test', apiUsername: sticky.credentials.username, apiPassword: STICKY_PASSWORD, campaignId: a.campaignId, shippingId: a.shippingId,
      offerId: a.offerId, productId: a.productId, billingModelId: a.billingModelId, postbackSecret: 'postback-secret-0123456789abcdef',
    });
    expect((await t.call('PUT', '/admin-api/subscription-settings/site', { is_sticky_io_enabled: true }, { token: admin })).status).toBe(200);
    await tip(await fan('Sticky Fan'), 7, '123');
    expect(sticky.approvedOrders()).toHaveLength(1);
    // A $20 top-up paid at ForumPay, credited when the fan's poll reads it.
    await save('forumpay', { apiUser: 'fanclub-api', apiSecret: FORUMPAY_SECRET, posId: 'fanclub-web', enable_forumpay_payment_live_mode: false });
    const cryptoFan = await fan('Crypto Fan');
    const gen = await t.call('POST', '/api/crypto/generate-payment-id', { currency: 'BTC', amount: 20 }, { token: cryptoFan });
    const started = await t.call('POST', '/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: 20, payment_for: 'wallet', payment_id: gen.body.data.payment_id }, { token: cryptoFan });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    forumpay.transfer(started.body.data.address, started.body.data.amount);
    forumpay.mine(1);
    const polled = await t.call('POST', '/api/crypto/get-transaction-status', { payment_id: started.body.data.payment_id }, { token: cryptoFan });
    expect(polled.body.data.is_payment_confirmed).toBe(true);
    await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([ccbill?.close(), sticky?.close(), forumpay?.close()]);
  });

  it("reads CCBill's, Sticky.io's and ForumPay's books with the saved settings and exits 0 when they agree with the log", async () => {
    const calls = { ccbill: ccbill.counts.datalink, sticky: sticky.callCount('order_find'), forumpay: forumpay.calls.filter((x) => x.action === 'CheckPayment').length };
    const r = await runLedger(env);
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/payment provider \(net\)\s+\$19\.00/);
    expect(r.stdout).toMatch(/wallets\s+top-ups \$20\.00/);
    expect(r.stdout).toContain('The books agree.');
    // It asked each provider, and no secret of theirs is printed.
    expect(ccbill.counts.datalink).toBeGreaterThan(calls.ccbill);
    expect(sticky.callCount('order_find')).toBeGreaterThan(calls.sticky);
    expect(forumpay.calls.filter((x) => x.action === 'CheckPayment').length).toBeGreaterThan(calls.forumpay);
    for (const secret of [STICKY_PASSWORD, FORUMPAY_SECRET, ccbill.config.secret, ccbill.config.datalinkPassword]) expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it('names each provider it cannot reach, still checks the rest, and exits 7', async () => {
    const r = await runLedger({ ...env, FANCLUB_STICKY_IO_API_URL: NOWHERE, FANCLUB_FORUMPAY_API_URL: `${NOWHERE}/pay/v2/` });
    expect(r.code, r.stdout + r.stderr).toBe(EXIT.providerUnreachable);
    expect(r.stdout).toMatch(/sticky-io's books\s+could not be read: /);
    expect(r.stdout).toMatch(/forumpay's books\s+could not be read: /);
    expect(r.stdout).toMatch(/payment provider \(net\)\s+not available/);
    expect(r.stdout).toMatch(/earnings report\s+\$19\.00/);
    expect(r.stdout).toMatch(/The books read agree, but sticky-io and forumpay could not be read/);
    expect(r.stdout).not.toContain('LEDGER DISAGREES');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

// Wallet top-ups through ForumPay, from the outside: the admin saves the ForumPay settings in the console's API,
// from then on a fan's new top-up goes to ForumPay (the simulator, over real HTTP) while one started on the sandbox
// before stays there; ForumPay's webhook (identifiers only, delivered twice and reversed) makes the server read the
// payment's state back and credit the wallet once; the fan's 5-second poll credits a payment whose webhook never
// came; a forged webhook changes nothing; the sandbox's console control cannot mark a ForumPay payment; the
// connection test reaches ForumPay; the secret is in no answer. PGlite only: the back end makes no difference here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { startForumPaySimulator, type ForumPaySimulator } from '../simulators/forumpay/simulator';

const SECRET = 'fp-secret-part-one-fp-secret-part-two';

describe('wallet top-ups through ForumPay (simulator) over HTTP', () => {
  let sim: ForumPaySimulator;
  let t: TestServer;
  let admin: string;
  let fan: string;

  const asFan = (url: string, body: unknown) => t.call('POST', url, body, { token: fan });
  /** Generates and starts a $`dollars` BTC top-up; returns the payment id and the address to pay. */
  const startTopUp = async (dollars: number) => {
    const gen = await asFan('/api/crypto/generate-payment-id', { currency: 'BTC', amount: dollars });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const started = await asFan('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: dollars, payment_for: 'wallet', payment_id: gen.body.data.payment_id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return { paymentId: started.body.data.payment_id as string, address: started.body.data.address as string, amount: started.body.data.amount as string };
  };
  const balanceCents = async () => (await asFan('/api/crypto/wallet-history', {})).body.data.wallet_balance_cents as number;

  beforeAll(async () => {
    sim = await startForumPaySimulator({ apiUser: 'fanclub-api', apiSecret: SECRET, posIds: ['fanclub-web'], minConfirmations: 1 });
    t = await startTestServer('pglite', { FANCLUB_FORUMPAY_API_URL: sim.apiBase });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    fan = (await t.call('POST', '/api/users/register', { name: 'Crypto Fan', email: 'crypto.fan@example.com', password: 'crypto fan password 1' })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('a top-up started on the sandbox stays there after ForumPay is saved; new ones go to ForumPay; the secret is in no answer', async () => {
    const before = await startTopUp(10);
    expect(before.address).not.toMatch(/^btc-/);
    const saved = await t.call('POST', '/api/settings/payment-providers/forumpay', { apiUser: 'fanclub-api', apiSecret: SECRET, posId: 'fanclub-web', enable_forumpay_payment_live_mode: false }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    expect(saved.body.data.apiSecret).toBe('set');

    // The sandbox payment is still the sandbox's: its console control pays it and the poll credits it.
    expect((await t.call('POST', `/admin-api/crypto-payments/${before.paymentId}/mark`, { status: 'paid' }, { token: admin })).status).toBe(200);
    const polled = await asFan('/api/crypto/get-transaction-status', { payment_id: before.paymentId });
    expect(polled.body.data.is_payment_confirmed).toBe(true);
    expect(await balanceCents()).toBe(1000);

    const list = await t.call('GET', '/api/crypto/get-currency-list', undefined, { token: fan });
    expect(list.body.data.map((c: { currency: string }) => c.currency)).toEqual(['BTC', 'ETH']);
    expect(sim.calls.some((c) => c.action === 'GetCurrencyList')).toBe(true);
  });

  it('paid at ForumPay: its webhook, twice and reversed, makes the server read the state back and credit the wallet once', async () => {
    const { paymentId, address, amount } = await startTopUp(20);
    expect(address).toMatch(/^btc-/);
    expect(sim.payments().filter((p) => p.reference_no === paymentId)).toHaveLength(1);
    // The sandbox's control is not ForumPay's: it cannot mark this payment.
    expect((await t.call('POST', `/admin-api/crypto-payments/${paymentId}/mark`, { status: 'paid' }, { token: admin })).status).not.toBe(200);
    sim.transfer(address, amount);
    sim.mine(1);
    const checksBefore = sim.calls.filter((c) => c.action === 'CheckPayment').length;
    const results = await sim.deliver({ order: 'reverse', times: 2 });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(sim.calls.filter((c) => c.action === 'CheckPayment').length).toBeGreaterThan(checksBefore);
    await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!);
    expect(await balanceCents()).toBe(3000);
    const status = await asFan('/api/crypto/get-transaction-status', { payment_id: paymentId });
    expect(status.body.data.is_payment_confirmed).toBe(true);
    expect(await balanceCents()).toBe(3000);
  });

  it('no webhook came: the fan\'s poll reads ForumPay and credits the payment once it is confirmed', async () => {
    const { paymentId, address, amount } = await startTopUp(5);
    const pending = await asFan('/api/crypto/get-transaction-status', { payment_id: paymentId });
    expect(pending.body.data.is_payment_confirmed).toBe(false);
    sim.transfer(address, amount);
    sim.mine(1);
    const paid = await asFan('/api/crypto/get-transaction-status', { payment_id: paymentId });
    expect(paid.body.data.is_payment_confirmed).toBe(true);
    expect(await balanceCents()).toBe(3500);
  });

  it('a forged webhook for an unknown payment is refused and writes nothing', async () => {
    const head = await t.server.services.store.headPosition();
    const forged = await fetch(t.base + '/api/webhooks/forumpay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: '3547ade6-cab8-4ce8-9ec9-c4fd7286363c', reference_no: 'not-ours', pos_id: 'fanclub-web', currency: 'BTC', address: 'btc-0000' }),
    });
    expect(forged.status).toBe(400);
    expect(await t.server.services.store.headPosition()).toEqual(head);
    expect(await balanceCents()).toBe(3500);
  });

  it('the connection test pings ForumPay with the saved credentials and says what it answered', async () => {
    const r = await t.call('POST', '/api/settings/payment-providers/forumpay/test', {}, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.ok).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
    expect(sim.calls.some((c) => c.action === 'Ping')).toBe(true);
  });
});

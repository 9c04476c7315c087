// Wallet top-ups through ForumPay (the simulator) under stress, on one Fanclub process on a PGlite folder:
//   - kill -9 after ForumPay said "paid" and before our capture (FANCLUB_FAILPOINT=crypto-provider-paid): the next
//     process reads ForumPay again and credits the wallet once, whatever the poll and the webhooks repeat;
//   - double spend: thirty parallel starts of one payment make one payment at ForumPay, thirty parallel polls of it
//     once paid credit it once;
//   - replay: every webhook ForumPay sent, posted again twice and newest first, changes nothing;
//   - `npm run ledger` on the folder agrees with ForumPay's books, and disagrees once ForumPay received more for one
//     of our payments than the log credited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../infra/cli/exit-codes';
import { startForumPaySimulator, type ForumPaySimulator } from '../simulators/forumpay/simulator';
import { call, runLedger, siteForPurchases, startKillableSite, type KillableSite } from '../support/provider-money';

const SECRET = 'fp-secret-part-one-fp-secret-part-two';

describe('wallet top-ups through ForumPay (simulator) under stress', () => {
  let sim: ForumPaySimulator;
  let site: KillableSite;
  let fan: string;
  const base = () => site.child.base;
  const asFan = (url: string, body: unknown) => call(base(), 'POST', url, body, fan);
  const balanceCents = async () => (await asFan('/api/crypto/wallet-history', {})).body.data.wallet_balance_cents as number;
  const generate = async (dollars: number) => (await asFan('/api/crypto/generate-payment-id', { currency: 'BTC', amount: dollars })).body.data.payment_id as string;
  const start = (paymentId: string, dollars: number) =>
    asFan('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: dollars, payment_for: 'wallet', payment_id: paymentId });
  const poll = (paymentId: string) => asFan('/api/crypto/get-transaction-status', { payment_id: paymentId });
  /** Every webhook ForumPay sent so far, posted again to the process running now: newest first, twice each. */
  const replayWebhooks = async () => {
    const statuses: number[] = [];
    for (const h of [...sim.webhooks()].reverse()) {
      const url = new URL(h.url);
      for (let i = 0; i < 2; i++) statuses.push((await fetch(base() + url.pathname + url.search, { method: 'POST', headers: { 'content-type': 'application/json' }, body: h.body })).status);
    }
    return statuses;
  };

  beforeAll(async () => {
    sim = await startForumPaySimulator({ apiUser: 'fanclub-api', apiSecret: SECRET, posIds: ['fanclub-web'], minConfirmations: 1 });
    // The first process dies the moment ForumPay first says a payment is paid.
    site = await startKillableSite({ FANCLUB_FORUMPAY_API_URL: sim.apiBase }, { FANCLUB_FAILPOINT: 'crypto-provider-paid' });
    let admin: string;
    ({ admin, fan } = await siteForPurchases(base, 'Crypto Money Fan'));
    const saved = await call(base(), 'POST', '/api/settings/payment-providers/forumpay', { apiUser: 'fanclub-api', apiSecret: SECRET, posId: 'fanclub-web', enable_forumpay_payment_live_mode: false }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await sim?.close();
  });

  it('kill -9 after ForumPay said paid, before our capture: the next process credits the wallet once', async () => {
    const paymentId = await generate(20);
    const started = await start(paymentId, 20);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    sim.transfer(started.body.data.address, started.body.data.amount);
    sim.mine(1);
    const killed = await poll(paymentId).catch((e: unknown) => e);
    expect(killed).toBeInstanceOf(Error);
    expect(await site.child.exited).toBe('SIGKILL');
    await site.start();
    expect(await balanceCents()).toBe(0);
    const polled = await poll(paymentId);
    expect(polled.body.data.is_payment_confirmed).toBe(true);
    expect((await poll(paymentId)).body.data.is_payment_confirmed).toBe(true);
    expect(await balanceCents()).toBe(2000);
  });

  it('thirty parallel starts of one payment make one payment at ForumPay; thirty parallel polls once paid credit it once', async () => {
    const paymentId = await generate(5);
    const starts = await Promise.all(Array.from({ length: 30 }, () => start(paymentId, 5)));
    expect(starts.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body?.message}`)).toEqual([]);
    expect(new Set(starts.map((a) => a.body.data.address)).size).toBe(1);
    expect(sim.payments().filter((p) => p.reference_no === paymentId)).toHaveLength(1);
    sim.transfer(starts[0].body.data.address, starts[0].body.data.amount);
    sim.mine(1);
    const polls = await Promise.all(Array.from({ length: 30 }, () => poll(paymentId)));
    expect(polls.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.body?.message}`)).toEqual([]);
    expect((await poll(paymentId)).body.data.is_payment_confirmed).toBe(true);
    expect(await balanceCents()).toBe(2500);
  });

  it("every webhook again, twice and newest first, changes nothing; the ledger agrees with ForumPay's books, and sees money ForumPay received behind our back", async () => {
    const payments = async () => (await call(base(), 'GET', '/api/users/payments', undefined, fan)).body;
    const before = await payments();
    const statuses = await replayWebhooks();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await payments()).toEqual(before);
    expect(await balanceCents()).toBe(2500);
    await site.kill();
    const agreed = await runLedger(site.env);
    expect(agreed.code, agreed.stdout + agreed.stderr).toBe(EXIT.ok);
    expect(agreed.stdout).toMatch(/wallets\s+top-ups \$25\.00/);
    // More coins to a paid payment's address: ForumPay's books now hold more than the log credited.
    const [paid] = sim.payments().filter((p) => p.state === 'confirmed');
    sim.transfer(paid.address!, paid.amount);
    sim.mine(1);
    const disagreed = await runLedger(site.env);
    expect(disagreed.code, disagreed.stdout + disagreed.stderr).toBe(EXIT.booksDisagree);
    expect(disagreed.stdout).toContain('LEDGER DISAGREES');
  }, 120_000);
});

// Money under stress with a real card provider (its simulator over HTTP), written once and run per provider by
// tests/payments/<provider>-money.test.ts. One Fanclub process on a PGlite folder (the provider's behaviour does
// not depend on the back end), killed for real in the middle and started again on the same folder:
//   - double spend: thirty parallel tips under one Idempotency-Key make one sale; twenty parallel unlocks of one
//     post under twenty keys charge one unlock (the rest 'Content already unlocked.' or the same unlock);
//   - kill -9 after the provider committed a sale and before our capture: the next process's recovery finds the sale
//     through the provider's books and captures it once; the client's retry under the same key gets that payment;
//   - replay: every webhook the provider sent, delivered again twice and newest first, changes nothing;
//   - the ledger (`npm run ledger` on the folder, the same books module the test servers' check uses) agrees with
//     the provider's books, and says they disagree once a sale is added at the simulator behind our back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../infra/cli/exit-codes';
import { call, runLedger, siteForPurchases, startKillableSite, type Answer, type KillableSite } from '../support/provider-money';
import { TEST_CARD_FORM } from '../support/server';

/** One provider, as the suite drives it. */
export interface MoneyProvider {
  name: string;
  /** The server's settings pointing at the simulator. */
  env: Record<string, string>;
  /** A card number and CVV the provider approves. */
  card: { cardNumber: string; cvv: string };
  /** Saves the provider's settings in the console and sends new cards to it; its webhooks go to `webhookBase`. */
  configure(base: string, admin: string, webhookBase: string): Promise<void>;
  /** Sales (approved, not declined) at the provider that carry our payment id. */
  salesOf(paymentId: string): number;
  totalSales(): number;
  /** The next charge on a saved card is committed at the provider and its answer never comes. */
  commitThenHang(): void;
  /** Every webhook the provider sent so far, delivered again: twice each, newest first. The answers' statuses. */
  replayAll(): Promise<number[]>;
  /** A sale made at the provider on one of our payments' cards without us: what the ledger must notice. */
  saleBehindOurBack(): Promise<void>;
  close(): Promise<void>;
}

export function describeProviderMoney(open: () => Promise<MoneyProvider>) {
  let provider: MoneyProvider;
  let site: KillableSite;
  let admin: string;
  let fan: string;
  let lockedPost: (dollars: number) => Promise<string>;
  const base = () => site.child.base;
  const tip = (body: Record<string, unknown>, key?: string) => call(base(), 'POST', '/api/v2/purchase/send-tip', body, fan, key ? { 'idempotency-key': key } : {});
  const summary = (answers: Answer[]) => answers.map((a) => `${a.status} ${a.body?.code ?? a.body?.message ?? ''}`).join(', ');

  beforeAll(async () => {
    provider = await open();
    // A long provider time limit: the kill test kills the process while the provider holds the charge's answer.
    site = await startKillableSite({ ...provider.env, FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: '60000' });
    ({ admin, fan, lockedPost } = await siteForPurchases(base, 'Money Fan'));
    await provider.configure(base(), admin, site.webhookBase);
    const first = await tip({ amount: 12, ...TEST_CARD_FORM, ...provider.card });
    expect(first.body.data, JSON.stringify(first.body)).toMatchObject({ accepted: true, amount_cents: 1200 });
    expect(provider.salesOf(first.body.data.tip_id)).toBe(1);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await provider?.close();
  });

  describe('money through the provider', () => {
    it('thirty parallel tips under one Idempotency-Key: one sale, every answer that one tip or "already being processed"', async () => {
      const before = provider.totalSales();
      const answers = await Promise.all(Array.from({ length: 30 }, () => tip({ amount: 11 }, 'money-same-key')));
      expect(answers.filter((a) => a.status >= 500), summary(answers)).toEqual([]);
      const done = answers.filter((a) => a.status === 200);
      expect(done.length, summary(answers)).toBeGreaterThan(0);
      for (const a of answers) if (a.status !== 200) expect([a.status, a.body.code], summary(answers)).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
      const tipIds = new Set(done.map((a) => a.body.data.tip_id));
      expect(tipIds.size).toBe(1);
      const again = await tip({ amount: 11 }, 'money-same-key');
      expect(again.body.data).toEqual(done[0].body.data);
      expect(provider.salesOf([...tipIds][0])).toBe(1);
      expect(provider.totalSales()).toBe(before + 1);
    });

    it('twenty parallel unlocks of one post under twenty keys: one unlock charged, the rest already unlocked', async () => {
      const postId = await lockedPost(7);
      const before = provider.totalSales();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(base(), 'POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 7 }, fan, { 'idempotency-key': `money-unlock-${i}` })),
      );
      expect(answers.filter((a) => a.status >= 500), summary(answers)).toEqual([]);
      const accepted = answers.filter((a) => a.body.data?.accepted);
      expect(accepted.length, summary(answers)).toBeGreaterThan(0);
      expect(new Set(accepted.map((a) => a.body.data.transactionId)).size, summary(answers)).toBe(1);
      for (const a of answers) if (!a.body.data?.accepted) expect([a.status, a.body.message], summary(answers)).toEqual([409, 'Content already unlocked.']);
      expect(provider.totalSales()).toBe(before + 1);
    });

    it('kill -9 after the provider committed, before our capture: recovery captures once; the retry under the key gets that payment', async () => {
      const before = provider.totalSales();
      provider.commitThenHang();
      const lost = tip({ amount: 15 }, 'money-killed').catch((e: unknown) => e);
      await expect.poll(() => provider.totalSales(), { timeout: 30_000, interval: 20 }).toBe(before + 1);
      await site.kill();
      expect(await lost).toBeInstanceOf(Error);
      await site.start();
      const retry = await tip({ amount: 15 }, 'money-killed');
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body.data).toMatchObject({ accepted: true, amount_cents: 1500 });
      expect(provider.salesOf(retry.body.data.tip_id)).toBe(1);
      expect((await tip({ amount: 15 }, 'money-killed')).body).toEqual(retry.body);
      expect(provider.totalSales()).toBe(before + 1);
    });

    it("every webhook again, twice and newest first, changes nothing; the ledger agrees with the provider's books, and sees a sale added behind our back", async () => {
      const payments = async () => (await call(base(), 'GET', '/api/users/payments', undefined, fan)).body;
      const transactions = async () => (await call(base(), 'GET', '/admin-api/transactions', undefined, admin)).body;
      const [paymentsBefore, transactionsBefore] = [await payments(), await transactions()];
      const statuses = await provider.replayAll();
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(await payments()).toEqual(paymentsBefore);
      expect(await transactions()).toEqual(transactionsBefore);
      await site.kill();
      const agreed = await runLedger(site.env);
      expect(agreed.code, agreed.stdout + agreed.stderr).toBe(EXIT.ok);
      expect(agreed.stdout).toContain('The books agree.');
      expect(agreed.stdout).toMatch(/payment provider \(net\)\s+\$\d/);
      await provider.saleBehindOurBack();
      const disagreed = await runLedger(site.env);
      expect(disagreed.code, disagreed.stdout + disagreed.stderr).toBe(EXIT.booksDisagree);
      expect(disagreed.stdout).toMatch(/LEDGER DISAGREES:[\s\S]*payment provider net/);
    }, 120_000);
  });
}

// Runs on one back end (PGlite, my-payments.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// A fan's own payments and receipts over real HTTP: GET /api/users/payments lists only the
// caller's rows of the transactions read model (membership, tip, wallet top-up, a refund as a negative row),
// newest first, with what they paid in money; GET /api/users/payments/:id is the receipt, 404 for anybody else's
// payment; guests get 401 and bad paging 400 naming the field. The ledger check runs when the server closes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';

export function myPaymentsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`a fan's payments and receipts (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    const settleAll = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up').toBe(true);
    };
    const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    const fan = async (label: string) => {
      const email = `payer.${label}@example.com`;
      const r = await post('/api/users/register', { name: `Payer ${label}`, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string, email };
    };
    let ana: Awaited<ReturnType<typeof fan>>;
    let ben: Awaited<ReturnType<typeof fan>>;

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      ana = await fan('ana');
      ben = await fan('ben');
      // Ana: a membership and a tip by card, a $5 wallet top-up; Ben: one tip.
      const sub = await post('/api/v2/purchase/subscription', card, ana.token);
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      const tip = await post('/api/v2/purchase/send-tip', { amount: 12, ...card }, ana.token);
      expect(tip.status, JSON.stringify(tip.body)).toBe(200);
      await topUpWallet(t, ana.token, 5);
      expect((await post('/api/v2/purchase/send-tip', { amount: 7, ...card }, ben.token)).status).toBe(200);
      await settleAll();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a guest gets 401; bad paging is 400 naming the field and a bad id 400', async () => {
      expect((await get('/api/users/payments')).status).toBe(401);
      expect((await get(`/api/users/payments/00000000-0000-4000-8000-000000000000`)).status).toBe(401);
      const page = await get('/api/users/payments?page=0', ana.token);
      expect(page.status).toBe(400);
      expect(page.body.message).toMatch(/page/);
      const limit = await get('/api/users/payments?limit=5000', ana.token);
      expect(limit.status).toBe(400);
      expect(limit.body.message).toMatch(/limit/);
      expect((await get('/api/users/payments/not-an-id', ana.token)).status).toBe(400);
    });

    it('lists only the caller\'s own rows, newest first, with labels, methods and what they paid', async () => {
      const a = await get('/api/users/payments', ana.token);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const rows = a.body.data.payments as any[];
      expect(rows.map((r) => r.type).sort()).toEqual(['subscription', 'tip', 'wallet_topup']);
      expect(rows.find((r) => r.type === 'tip')).toMatchObject({ label: 'Tip', amount_cents: 1200, status: 'captured', method: 'card', paid_with: 'Visa •••• 4242' });
      expect(rows.find((r) => r.type === 'wallet_topup')).toMatchObject({ label: 'Wallet top-up', amount_cents: 500, method: 'crypto', paid_with: 'Crypto (BTC)' });
      expect(rows.find((r) => r.type === 'subscription')).toMatchObject({ label: 'Membership', status: 'captured' });
      const times = rows.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const subscription = rows.find((r) => r.type === 'subscription').amount_cents;
      expect(a.body.data).toMatchObject({ total: 3, total_paid_cents: subscription + 1200 + 500 });
      // Nothing of Ben's, and Ben sees only his tip.
      const b = await get('/api/users/payments', ben.token);
      expect(b.body.data.payments.map((r: any) => [r.type, r.amount_cents])).toEqual([['tip', 700]]);
      expect(JSON.stringify(a.body)).not.toContain(ben.email);
      // Paging: one row per page, three pages, no row twice.
      const pages = await Promise.all([1, 2, 3, 4].map((p) => get(`/api/users/payments?page=${p}&limit=1`, ana.token)));
      expect(pages.map((p) => p.body.data.payments.length)).toEqual([1, 1, 1, 0]);
      expect(new Set(pages.flatMap((p) => p.body.data.payments.map((r: any) => r.id))).size).toBe(3);
    });

    it('a receipt is the fan\'s own: another fan, staff and a made-up id get 404', async () => {
      const tipRow = (await get('/api/users/payments', ana.token)).body.data.payments.find((r: any) => r.type === 'tip');
      const mine = await get(`/api/users/payments/${tipRow.id}`, ana.token);
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.data).toMatchObject({
        payment: { id: tipRow.id, label: 'Tip', amount_cents: 1200 },
        merchant: { name: expect.any(String) },
        customer: { name: 'Payer ana', email: ana.email },
      });
      expect(mine.body.data.payment.gateway_transaction_id).toBeTruthy();
      const theirs = await get(`/api/users/payments/${tipRow.id}`, ben.token);
      expect(theirs.status).toBe(404);
      expect(JSON.stringify(theirs.body)).not.toContain('1200');
      expect((await get(`/api/users/payments/${tipRow.id}`, admin)).status).toBe(404);
      expect((await get('/api/users/payments/00000000-0000-4000-8000-000000000000', ana.token)).status).toBe(404);
      // Staff have no payments of their own here.
      expect((await get('/api/users/payments', admin)).body.data).toMatchObject({ payments: [], total: 0, total_paid_cents: 0 });
    });

    it('a refund shows as a negative row referring to the payment, and lowers what was paid', async () => {
      const before = (await get('/api/users/payments', ana.token)).body.data;
      const tipRow = before.payments.find((r: any) => r.type === 'tip');
      expect((await post(`/admin-api/transactions/${tipRow.id}/refund`, { kind: 'refund', reason: 'Sent twice' }, admin)).status).toBe(200);
      await settleAll();
      const after = (await get('/api/users/payments', ana.token)).body.data;
      expect(after.total).toBe(4);
      const refund = after.payments[0];
      expect(refund).toMatchObject({ type: 'refund', label: 'Refund', amount_cents: -1200, reference_id: tipRow.id, status: 'captured' });
      expect(after.total_paid_cents).toBe(before.total_paid_cents - 1200);
      expect((await get(`/api/users/payments/${refund.id}`, ana.token)).status).toBe(200);
      expect((await get(`/api/users/payments/${refund.id}`, ben.token)).status).toBe(404);
    });
  });
}

// Tips over real HTTP and a real database: by card and from the wallet, the bounds
// and note rules with the spec's messages (a refused tip writes nothing), the wallet shortfall (402, nothing
// written), who may tip, the tips list (own vs everyone's, anonymous tippers), refunds and chargebacks, the
// transactions and earnings reports, a crash between the capture and the tip being marked sent, and a rebuild.
// The ledger check runs when the server closes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { tipStream } from '../../domain/tip/tip';
import { paymentStream } from '../../domain/payment/payment';
import { commandContext, handle } from '../../commands/handle';
import { paymentDecider } from '../../domain/payment/payment';
import { tipDecider } from '../../domain/tip/tip';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer, onOneBackend } from '../support/server';
import { topUpWallet } from '../support/wallet';

export function tipsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`tips over HTTP (${backend})`, () => {
    // Tests whose outcome the database cannot change run on one back end (../support/server.ts ONE_BACKEND).
    const oneBackend = onOneBackend(backend);
    let t: TestServer;
    let admin: string;
    const post = (url: string, body: unknown, token?: string, headers: Record<string, string> = {}) => t.call('POST', url, body, { ...(token ? { token } : {}), headers });
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    const me = async (token: string) => (await get('/api/users/me', token)).body.data;
    const db = () => t.server.services.database.db;
    const types = async (stream: string) => (await t.server.services.store.readStream(stream)).map((e) => e.type);
    const settleAll = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up').toBe(true);
    };
    const eventCount = async () => (await t.server.services.store.readAll({ after: null, maxCount: 1_000_000 })).length;
    let n = 0;
    const fan = async (label: string) => {
      const r = await post('/api/users/register', { name: `Tipper ${label}`, email: `tipper.${label}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string };
    };
    const card = (number: string = SANDBOX_TEST_CARDS.approve) => ({ ...TEST_CARD_FORM, cardNumber: number });
    const tip = (token: string, body: Record<string, unknown>) => post('/api/v2/purchase/send-tip', body, token);
    const walletTip = (token: string, body: Record<string, unknown>) => post('/api/crypto/purchase-from-wallet', { payment_for: 'tips', ...body }, token);
    const topUp = (token: string, dollars: number) => topUpWallet(t, token, dollars);
    const list = async (token: string) => (await post('/api/chat/get_tips_list', {}, token)).body.data;
    const earningsTips = async () => (await get('/admin-api/dashboard', admin)).body.earnings_by_source_30d.find((s: any) => s.source === 'tips')?.cents ?? 0;

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    });
    afterAll(async () => {
      await t?.close(); // runs the ledger check: tips count once, in their source
    });

    it('a fan tips by card: charged once, listed with the note, in the transactions and the earnings by source', async () => {
      const f = await fan('card');
      const before = await earningsTips();
      const r = await tip(f.token, { amount: 12, tipMessage: 'For the studio session', ...card() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Thank you for your tip!', data: { accepted: true, amount_cents: 1200 } });
      const tipId = r.body.data.tip_id as string;
      expect(await types(tipStream(tipId))).toEqual(['TipRequested', 'TipSent']);
      expect(await types(paymentStream(tipId))).toEqual(['PaymentRequested', 'PaymentCaptured']);
      const mine = await list(f.token);
      expect(mine).toMatchObject({ totalTips: 1, totalAmountCents: 1200 });
      expect(mine.tips[0]).toMatchObject({ _id: tipId, amount: 12, amount_cents: 1200, tipMessage: 'For the studio session', tipFrom: 'tips_page', status: 'paid', user: { _id: f.id } });
      const txn = (await sql<{ type: string; amount_cents: string; status: string }>`SELECT type, amount_cents, status FROM rm.transactions WHERE id = ${tipId}`.execute(db())).rows;
      expect(txn.map((x) => [x.type, Number(x.amount_cents), x.status])).toEqual([['tip', 1200, 'captured']]);
      expect(await earningsTips()).toBe(before + 1200);
      // A second tip with the saved card (no card form): another charge, another tip.
      const again = await tip(f.token, { amount: '7.50' });
      expect(again.body.data).toMatchObject({ accepted: true, amount_cents: 750 });
      expect((await list(f.token)).totalAmountCents).toBe(1950);
    });

    oneBackend('bounds and note: the spec messages, naming the field, and nothing written', async () => {
      const f = await fan('bounds');
      const before = await eventCount();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ amount: 4.99 }, 'amount', 'Choose a tip between 5 and 500'],
        [{ amount: 500.01 }, 'amount', 'Choose a tip between 5 and 500'],
        [{ amount: 0 }, 'amount', 'Choose a tip between 5 and 500'],
        [{ amount: 'ten' }, 'amount', 'Please enter a valid amount'],
        [{ amount: 10, tipMessage: 'x'.repeat(20_001) }, 'tipMessage', 'Message is too long.'],
        [{ amount: 10, tipFrom: 'shop' }, 'tipFrom', 'tipFrom is invalid.'],
      ];
      for (const [body, field, message] of cases) {
        const r = await tip(f.token, { ...body, ...card() });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body, JSON.stringify(body)).toMatchObject({ success: 0, field, message });
        const w = await walletTip(f.token, body.tipFrom ? { ...body, tip_from: body.tipFrom, tipFrom: undefined } : body);
        expect(w.status, JSON.stringify(body)).toBe(400);
      }
      expect(await eventCount()).toBe(before);
      // The bounds follow the settings.
      expect((await t.call('PUT', '/admin-api/settings/site', { tips_minimum_amount: 1, tips_maximum_amount: 20 }, { token: admin })).status).toBeLessThan(300);
      expect((await tip(f.token, { amount: 25, ...card() })).body.message).toBe('Choose a tip between 1 and 20');
      expect((await tip(f.token, { amount: 1, ...card() })).body.data.accepted).toBe(true);
      expect((await t.call('PUT', '/admin-api/settings/site', { tips_minimum_amount: 5, tips_maximum_amount: 500 }, { token: admin })).status).toBeLessThan(300);
    });

    oneBackend('a declined card sends no tip and keeps nothing', async () => {
      const f = await fan('declined');
      const r = await tip(f.token, { amount: 10, ...card(SANDBOX_TEST_CARDS.decline) });
      expect(r.status).toBe(402);
      expect(r.body).toMatchObject({ success: 0, data: { accepted: false } });
      expect(await list(f.token)).toMatchObject({ totalTips: 0, totalAmountCents: 0 });
    });

    oneBackend('from the wallet: the remainder stays; a shortfall is 402 with the remainder rounded up, nothing written', async () => {
      const f = await fan('wallet');
      await topUp(f.token, 20);
      const r = await walletTip(f.token, { amount: 12.5, tipMessage: 'From my wallet', tip_from: 'chat' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, data: { transaction_amount_cents: 1250, wallet_balance_cents: 750 } });
      expect(r.body.message).toContain('$7.50');
      expect((await me(f.token)).wallet_amount_cents).toBe(750);
      const before = await eventCount();
      const short = await walletTip(f.token, { amount: 10 });
      expect(short.status).toBe(402);
      expect(short.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', data: { shortfall_cents: 250, add_funds_cents: 300 } });
      expect(await eventCount()).toBe(before);
      expect((await list(f.token)).tips.map((x: any) => [x.amount_cents, x.tipFrom])).toEqual([[1250, 'chat']]);
    });

    it('twenty parallel wallet tips of $5 against $50 succeed exactly ten times; the wallet never goes below 0', async () => {
      const f = await fan('parallel');
      await topUp(f.token, 50);
      const answers = await Promise.all(Array.from({ length: 20 }, () => walletTip(f.token, { amount: 5 })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(10);
      expect((await me(f.token)).wallet_amount_cents).toBe(0);
      await settleAll();
      expect(await list(f.token)).toMatchObject({ totalTips: 10, totalAmountCents: 5000 });
    });

    oneBackend('only fans tip: staff and a proxy session are refused; guests must sign in', async () => {
      expect((await tip(admin, { amount: 10, ...card() })).status).toBe(403);
      expect((await walletTip(admin, { amount: 10 })).status).toBe(403);
      const f = await fan('proxy');
      const proxy = await post('/api/users/login-as-proxy-user', { user_id: f.id }, admin);
      expect(proxy.status, JSON.stringify(proxy.body)).toBe(200);
      expect((await tip(proxy.body.data.token, { amount: 10 })).status).toBe(403);
      expect((await walletTip(proxy.body.data.token, { amount: 10 })).status).toBe(403);
      expect((await post('/api/v2/purchase/send-tip', { amount: 10 })).status).toBe(401);
      expect((await post('/api/chat/get_tips_list', {})).status).toBe(401);
    });

    it('the tips list: a fan sees their own; staff see everyone with names; anonymous tippers are named only to staff', async () => {
      const a = await fan('anon');
      const r = await tip(a.token, { amount: 6, isAnonymousTip: true, tipFrom: 'live', ...card() });
      expect(r.body.data.accepted).toBe(true);
      const all = await list(admin);
      const seen = all.tips.find((x: any) => x._id === r.body.data.tip_id);
      expect(seen).toMatchObject({ isAnonymous: true, tipFrom: 'live', user: { _id: a.id, name: 'Tipper anon' } });
      expect(all.totalTips).toBeGreaterThan(1);
      const own = await list(a.token);
      expect(own.tips.map((x: any) => x._id)).toEqual([r.body.data.tip_id]);
    });

    it('a refund and a chargeback take a tip back: listed as such and out of the earnings', async () => {
      const f = await fan('reversed');
      const one = (await tip(f.token, { amount: 20, ...card() })).body.data.tip_id as string;
      const two = (await tip(f.token, { amount: 30 })).body.data.tip_id as string;
      const before = await earningsTips();
      const refund = await post(`/admin-api/transactions/${one}/refund`, { kind: 'refund', reason: 'Sent by mistake' }, admin);
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect((await post(`/admin-api/transactions/${two}/chargeback`, { reason: 'Not recognised' }, admin)).status).toBe(200);
      await (t.server.services.gateway as any).deliver(); // the bank's chargeback arrives as a notice
      await settleAll();
      expect(await types(tipStream(one))).toEqual(['TipRequested', 'TipSent', 'TipReversed']);
      expect(await types(tipStream(two))).toEqual(['TipRequested', 'TipSent', 'TipReversed']);
      const mine = await list(f.token);
      expect(mine.tips.map((x: any) => [x._id, x.status])).toEqual(expect.arrayContaining([[one, 'refunded'], [two, 'chargeback']]));
      expect(mine.totalAmountCents).toBe(0);
      expect(await earningsTips()).toBe(before - 5000);
    });

    oneBackend('a wallet tip refunded by staff puts the money back into the wallet', async () => {
      const f = await fan('walletrefund');
      await topUp(f.token, 10);
      const id = (await walletTip(f.token, { amount: 10 })).body.data.transaction_id as string;
      expect((await me(f.token)).wallet_amount_cents).toBe(0);
      expect((await post(`/admin-api/transactions/${id}/refund`, { kind: 'refund' }, admin)).status).toBe(200);
      expect((await me(f.token)).wallet_amount_cents).toBe(1000);
      expect((await list(f.token)).tips[0]).toMatchObject({ _id: id, status: 'refunded' });
    });

    it('a crash after the capture, before the tip is marked sent, is finished on restart; charged once', async () => {
      const f = await fan('crash');
      await topUp(f.token, 10);
      const ctx = commandContext(t.server.services.store, { userId: f.id, role: 'user' });
      const tipId = ctx.newId();
      await handle(ctx, tipStream(tipId), tipDecider, {
        type: 'RequestTip', tipId, userId: f.id, amountCents: 800, tipFrom: 'tips_page', isAnonymous: false, message: 'Crash', bounds: { minDollars: 5, maxDollars: 500 }, at: ctx.now(),
      });
      await handle(ctx, paymentStream(tipId), paymentDecider, {
        type: 'RequestPayment', paymentId: tipId, userId: f.id, purpose: { kind: 'tip', tipFrom: 'tips_page', isAnonymous: false }, amountCents: 800, method: 'wallet', card: null, at: ctx.now(),
      });
      await settleAll();
      const resumed = await resumeUnfinishedPayments(recoveryReads(db()), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      expect(resumed).toBeGreaterThanOrEqual(1);
      await settleAll();
      expect(await types(tipStream(tipId))).toEqual(['TipRequested', 'TipSent']);
      expect((await me(f.token)).wallet_amount_cents).toBe(200);
      await resumeUnfinishedPayments(recoveryReads(db()), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      expect((await me(f.token)).wallet_amount_cents).toBe(200);
    });

    it('rebuilding the read models from the log reproduces the tips table row for row', async () => {
      await settleAll();
      const { database, store } = t.server.services;
      const snapshot = async () => (await database.db.withSchema('rm').selectFrom('tips').selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      const live = await snapshot();
      expect(live.length).toBeGreaterThan(10);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

// The card provider's notices (webhooks) and money taken back, over real HTTP: signatures checked (401),
// unknown notices acknowledged (200), every notice applied once however often and in whatever order it comes,
// a notice that cannot apply yet refused so the provider retries, and refunds, voids and chargebacks taking
// back what they paid for while the reports and the provider's books still agree.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { paymentDecider, paymentStream } from '../../domain/payment/payment';
import { commandContext, handle } from '../../commands/handle';
import { SIGNATURE_HEADER, signWebhook } from '../../infra/payments/webhook-signature';
import type { SandboxCardGateway } from '../../infra/payments/sandbox-card-gateway';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

export function gatewayNoticesSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`card provider notices and reversals over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let gateway: SandboxCardGateway;
    let postId: string;

    const webhook = (body: string, signature?: string) =>
      fetch(`${t.base}/api/webhooks/sandbox-card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }) },
        body,
      });
    const signed = (body: unknown) => {
      const raw = JSON.stringify(body);
      return webhook(raw, signWebhook(t.server.services.webhookSecret, raw));
    };
    const streamTypes = async (stream: string) => (await t.server.services.store.readStream(stream)).map((e) => e.type);
    const fan = async (email: string) => {
      const token = (await t.call('POST', '/api/users/register', { name: 'Fan', email, password: 'fan password 1' })).body.data.token as string;
      const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email, cardNumber: SANDBOX_TEST_CARDS.approve }, { token });
      expect(sub.body.data?.accepted, JSON.stringify(sub.body)).toBe(true);
      return { token, subscriptionPaymentId: await latestPaymentOf(email, 'subscription') };
    };
    const unlock = async (token: string) => {
      const r = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 15 }, { token });
      expect(r.body.data?.accepted, JSON.stringify(r.body)).toBe(true);
      const me = (await t.call('GET', '/api/users/me', undefined, { token })).body.data.email as string;
      return latestPaymentOf(me, 'unlock');
    };
    /** Our payment id (the provider's idempotency key) of a fan's latest payment of a kind, from the console report. */
    const latestPaymentOf = async (email: string, type: string) => {
      const filter = encodeURIComponent(JSON.stringify({ q: email, type }));
      const rows = (await t.call('GET', `/admin-api/transactions?filter=${filter}&sort=${encodeURIComponent('["created_at","DESC"]')}`, undefined, { token: admin })).body as { id: string }[];
      expect(rows.length, `no ${type} payment for ${email}`).toBeGreaterThan(0);
      return rows[0].id;
    };
    const isUnlockedFor = async (token: string) => !(await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token })).body.data.isLocked;
    /** Sum of every money movement in the transactions report, what the earnings report says, and the provider's net. */
    const ledger = async () => {
      const db = t.server.services.database.db;
      const tx = await sql<{ c: string }>`SELECT COALESCE(sum(amount_cents), 0) AS c FROM rm.transactions WHERE status = 'captured'`.execute(db);
      const earned = await sql<{ c: string }>`SELECT COALESCE(sum(cents), 0) AS c FROM rm.earnings_daily`.execute(db);
      const provider = await sql<{ c: string }>`SELECT COALESCE(sum(amount_cents) FILTER (WHERE reversal IS NULL), 0) AS c FROM sandbox_gateway.charges WHERE status = 'captured'`.execute(db);
      return { transactions: Number(tx.rows[0].c), earnings: Number(earned.rows[0].c), provider: Number(provider.rows[0].c) };
    };

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      gateway = t.server.services.gateway as SandboxCardGateway;
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'n.jpg', content_type: 'image/jpeg' }, { token: admin })).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      const media = (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id;
      const created = await t.call('POST', '/api/blogs', { caption: 'Locked', visibility: 'locked', amount: 15, media_ids: [media] }, { token: admin });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      postId = created.body.data._id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses a notice without a valid signature with 401, and writes nothing', async () => {
      const head = await t.server.services.store.headPosition();
      const body = JSON.stringify({ id: 'evt_forged', type: 'charge.refunded', data: { idempotency_key: randomUUID() } });
      expect((await webhook(body)).status).toBe(401);
      expect((await webhook(body, 't=1,v1=' + '0'.repeat(64))).status).toBe(401);
      expect((await webhook(body, signWebhook('not the secret', body))).status).toBe(401);
      // A good signature over different bytes, and one too old to accept.
      expect((await webhook(body.replace('forged', 'forgeD'), signWebhook(t.server.services.webhookSecret, body))).status).toBe(401);
      expect((await webhook(body, signWebhook(t.server.services.webhookSecret, body, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('acknowledges a signed notice of an unknown kind or about a payment that is not ours with 200', async () => {
      const r1 = await signed({ id: 'evt_unknown_kind', type: 'customer.updated', data: { idempotency_key: randomUUID() } });
      expect(r1.status).toBe(200);
      expect((await r1.json()).data.result).toBe('ignored');
      const r2 = await signed({ id: 'evt_not_ours', type: 'charge.refunded', data: { idempotency_key: randomUUID(), transaction_id: 'x', amount_cents: 1 } });
      expect((await r2.json()).data.result).toBe('ignored');
      const raw = 'not json at all';
      expect((await webhook(raw, signWebhook(t.server.services.webhookSecret, raw))).status).toBe(200);
    });

    it('acknowledges a signed notice carrying refused text (U+0000, a lone surrogate) and writes nothing', async () => {
      const head = await t.server.services.store.headPosition();
      for (const bad of ['\\u0000', '\\ud800']) { // JSON escapes: the raw text is clean, the parsed notice is not
        const raw = `{"id":"evt_bad${bad}","type":"charge.succeeded","data":{"idempotency_key":"${randomUUID()}","transaction_id":"tx${bad}","amount_cents":100}}`;
        const r = await webhook(raw, signWebhook(t.server.services.webhookSecret, raw));
        expect(r.status).toBe(200);
        expect((await r.json()).data.result).toBe('ignored');
      }
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('applies each capture notice once, whatever the order and however many times it is delivered', async () => {
      const a = await fan('notice.a@example.com');
      const paymentId = await unlock(a.token);
      const pending = await gateway.pendingNotices();
      const ours = pending.filter((n) => n.data.idempotency_key === paymentId || n.data.idempotency_key === a.subscriptionPaymentId);
      expect(ours.map((n) => n.type).sort()).toEqual(['charge.succeeded', 'charge.succeeded']);
      // Newest first, each three times.
      const results = await gateway.deliver({ ids: ours.map((n) => n.id).reverse(), times: 3 });
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await streamTypes(paymentStream(paymentId))).toEqual(['PaymentRequested', 'PaymentCaptured']);
      for (const n of ours) expect(await streamTypes(`gateway-notice-sandbox-${n.id}`)).toEqual(['GatewayNoticeReceived']);
      expect((await gateway.pendingNotices()).filter((n) => ours.some((o) => o.id === n.id))).toEqual([]);
    });

    it('a refund notice that arrives before its capture is refused (409) and applies after the capture, on redelivery', async () => {
      const b = await fan('notice.b@example.com');
      const fanId = (await t.call('GET', '/api/users/me', undefined, { token: b.token })).body.data._id as string;
      // The capture happened at the provider but the site never heard back (a crash right after the charge).
      const paymentId = randomUUID();
      const ctx = commandContext(t.server.services.store, { userId: fanId, role: 'user' });
      const cards = (await t.call('GET', '/api/v2/get-payment-card', undefined, { token: b.token })).body.data as { _id: string; brand?: string; last4?: string }[];
      await handle(ctx, paymentStream(paymentId), paymentDecider, {
        type: 'RequestPayment', paymentId, userId: fanId, purpose: { kind: 'unlock', postId }, amountCents: 1500, card: { cardId: cards[0]._id, brand: 'visa', last4: '4242' }, at: ctx.now(),
      });
      const token = (await untypedTables(t.server.services.database).withSchema('sandbox_gateway').selectFrom('cards').select('token').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).token as string;
      expect((await gateway.charge({ idempotencyKey: paymentId, cardToken: token, amountCents: 1500, currency: 'USD', description: 'test' })).status).toBe('captured');
      expect((await gateway.reverse({ idempotencyKey: paymentId, kind: 'refund', reason: 'Asked by the fan' })).status).toBe('reversed');
      const notices = (await gateway.pendingNotices()).filter((n) => n.data.idempotency_key === paymentId);
      const [captured, refunded] = [notices.find((n) => n.type === 'charge.succeeded')!, notices.find((n) => n.type === 'charge.refunded')!];

      expect(await gateway.deliver({ ids: [refunded.id] })).toEqual([{ id: refunded.id, status: 409 }]);
      expect(await streamTypes(paymentStream(paymentId))).toEqual(['PaymentRequested']);
      expect(await gateway.deliver({ ids: [captured.id] })).toEqual([{ id: captured.id, status: 200 }]);
      expect(await isUnlockedFor(b.token)).toBe(true); // the capture notice completed the entitlement
      expect(await gateway.deliver({ ids: [refunded.id, refunded.id] })).toEqual([{ id: refunded.id, status: 200 }, { id: refunded.id, status: 200 }]);
      expect(await streamTypes(paymentStream(paymentId))).toEqual(['PaymentRequested', 'PaymentCaptured', 'PaymentReversed']);
      expect(await isUnlockedFor(b.token)).toBe(false);
    });

    it('a staff refund gives the money back once, locks the post again, and shows as a negative row in the report', async () => {
      const c = await fan('notice.c@example.com');
      const paymentId = await unlock(c.token);
      expect(await isUnlockedFor(c.token)).toBe(true);
      const before = await ledger();

      const refund = await t.call('POST', `/admin-api/transactions/${paymentId}/refund`, { kind: 'refund', reason: 'Wrong post' }, { token: admin });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(refund.body.message).toBe('Payment refunded.');
      expect(await isUnlockedFor(c.token)).toBe(false);
      const again = await t.call('POST', `/admin-api/transactions/${paymentId}/refund`, { kind: 'refund' }, { token: admin });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This payment has already been refunded, voided or charged back.');
      // The provider's own notice about the same refund changes nothing more.
      await gateway.deliver({ ids: (await gateway.pendingNotices()).filter((n) => n.data.idempotency_key === paymentId).map((n) => n.id), times: 2 });
      expect((await streamTypes(paymentStream(paymentId))).filter((x) => x === 'PaymentReversed')).toHaveLength(1);

      const rows = (await t.call('GET', `/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ type: 'refund' }))}`, undefined, { token: admin })).body as { reference_id: string; amount_cents: number }[];
      expect(rows.find((r) => r.reference_id === paymentId)?.amount_cents).toBe(-1500);
      const after = await ledger();
      expect(after.earnings).toBe(before.earnings - 1500);
      expect(after.transactions).toBe(before.transactions - 1500);
      // The fan may buy the post again.
      await unlock(c.token);
      expect(await isUnlockedFor(c.token)).toBe(true);
    });

    it('a chargeback of the membership payment ends the membership when its notice arrives', async () => {
      const d = await fan('notice.d@example.com');
      const me = async () => (await t.call('GET', '/api/users/me', undefined, { token: d.token })).body.data;
      expect((await me()).ccbillSubscriptionStatus).toBe('1');
      const cb = await t.call('POST', `/admin-api/transactions/${d.subscriptionPaymentId}/chargeback`, { reason: 'Not recognised' }, { token: admin });
      expect(cb.status, JSON.stringify(cb.body)).toBe(200);
      expect((await me()).ccbillSubscriptionStatus).toBe('1'); // the bank's notice has not arrived yet
      await gateway.deliver();
      expect((await me()).ccbillSubscriptionStatus).toBe('0');
      const rows = (await t.call('GET', `/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ type: 'chargeback' }))}`, undefined, { token: admin })).body as { reference_id: string }[];
      expect(rows.map((r) => r.reference_id)).toContain(d.subscriptionPaymentId);
    });

    it('refuses bad staff input before anything moves', async () => {
      const head = await t.server.services.store.headPosition();
      expect((await t.call('POST', '/admin-api/transactions/not-a-uuid/refund', {}, { token: admin })).status).toBe(400);
      const r = await t.call('POST', `/admin-api/transactions/${randomUUID()}/refund`, { kind: 'keep' }, { token: admin });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('kind must be refund or void.');
      expect((await t.call('POST', `/admin-api/transactions/${randomUUID()}/refund`, {}, { token: admin })).status).toBe(404);
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('the books agree: report rows, earnings and the provider net of reversals', async () => {
      await gateway.deliver();
      const l = await ledger();
      expect(l.transactions).toBe(l.earnings);
      expect(l.earnings).toBe(l.provider);
    });
  });
}

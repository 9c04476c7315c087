// The wallet over real HTTP and a real database: crypto top-ups
// through the sandbox crypto gateway (QR, address, reference; paid, underpaid, expired; signed notices applied
// once however often they come, and the fan's poll asking the provider), purchases of locked posts from the
// wallet (once per purchase, 'Content already unlocked.' free, 402 with the shortfall), 100 parallel purchases
// against a balance for 10, crash recovery between the debit and the unlock, refunds into the wallet, the
// default payment method, the console's list and sandbox controls — and the books agree at the end.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { paymentDecider, paymentStream } from '../../domain/payment/payment';
import { unlockDecider, unlockStream } from '../../domain/unlock/unlock';
import { walletStream } from '../../domain/wallet/wallet';
import { cryptoPaymentDecider, cryptoPaymentStream, UNDERPAID_MESSAGE } from '../../domain/wallet/crypto-topup';
import { commandContext, handle } from '../../commands/handle';
import { resumeCryptoTopUps } from '../../commands/wallet';
import { walletCommand, walletQueue } from '../../commands/payment/wallet-stream';
import { resumeUnfinishedPayments } from '../../commands/recovery';
import { recoveryReads } from '../../api/payment-reads';
import { cryptoPaymentsToResume } from '../../projections/wallet';
import { checkLedger } from '../../projections/ledger-check';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { sandboxCaptures, sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { sandboxCryptoReceived, type SandboxCryptoGateway } from '../../infra/payments/sandbox-crypto-gateway';
import { SIGNATURE_HEADER, signWebhook } from '../../infra/payments/webhook-signature';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer, onOneBackend } from '../support/server';
import { untypedTables } from '../support/tables';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function walletSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`wallet and crypto top-ups over HTTP (${backend})`, () => {
    // Tests whose outcome the database cannot change run on one back end (../support/server.ts ONE_BACKEND).
    const oneBackend = onOneBackend(backend);
    let t: TestServer;
    let admin: string;
    let crypto: SandboxCryptoGateway;
    let mediaId: string;

    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    const me = async (token: string) => (await get('/api/users/me', token)).body.data;
    const types = async (stream: string) => (await t.server.services.store.readStream(stream)).map((e) => e.type);
    const head = () => t.server.services.store.headPosition();
    const settleAll = async () => {
      const h = await head();
      // A read model that has not caught up in time is a failure of its own, not a wrong answer later.
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up with the log').toBe(true);
    };

    /** A registered fan with a complimentary membership (so locked posts may be bought). */
    const fan = async (email: string) => {
      const r = await post('/api/users/register', { name: 'Wallet Fan', email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const id = r.body.data.userId as string;
      expect((await post('/api/admin/give_complimentary_subscription', { user_id: id, months: 1 }, admin)).status).toBe(200);
      return { token: r.body.data.token as string, id };
    };

    const lockedPost = async (dollars: number, caption = 'Locked for the wallet') => {
      const created = await post('/api/blogs', { caption, visibility: 'locked', amount: dollars, media_ids: [mediaId] }, admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data._id as string;
    };

    /** Generate + start a top-up; returns the start answer. */
    const startTopUp = async (token: string, dollars: number, currency = 'BTC') => {
      const gen = await post('/api/crypto/generate-payment-id', { currency, amount: dollars }, token);
      expect(gen.status, JSON.stringify(gen.body)).toBe(200);
      const started = await post(
        '/api/crypto/add-fund-and-payment',
        { currency, transaction_type: 'add_fund', amount: dollars, payment_for: 'wallet', payment_id: gen.body.data.payment_id },
        token,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return started.body.data;
    };
    const poll = async (token: string, paymentId: string) => {
      const r = await post('/api/crypto/get-transaction-status', { payment_id: paymentId }, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    /** A wallet with exactly `dollars` in it: top up, the provider says paid, the poll credits it. */
    const topUp = async (token: string, dollars: number) => {
      const s = await startTopUp(token, dollars);
      await crypto.mark(s.payment_id, 'paid');
      const r = await poll(token, s.payment_id);
      expect(r.data.is_payment_confirmed).toBe(true);
      return s.payment_id as string;
    };
    const buy = (token: string, postId: string, extra: Record<string, unknown> = {}) =>
      post('/api/crypto/purchase-from-wallet', { payment_for: 'blog', content_id: postId, ...extra }, token);
    const isLockedFor = async (token: string, postId: string) => (await get(`/api/blog/get-blog-data-by-id?id=${postId}`, token)).body.data.isLocked as boolean;

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      crypto = t.server.services.cryptoProviders.sandbox;
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#663399' } }).jpeg().toBuffer();
      const presign = (await post('/api/upload/generate_presigned_url', { file_name: 'w.jpg', content_type: 'image/jpeg' }, admin)).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      mediaId = (await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
    });
    afterAll(async () => {
      await t?.close(); // runs the ledger check, wallets included
    });

    oneBackend('lists the currencies with rates and validates the amount as the Add Funds form does', async () => {
      const f = await fan('wallet.validate@example.com');
      const list = await get('/api/crypto/get-currency-list?requestFrom=wallet', f.token);
      expect(list.status).toBe(200);
      expect(list.body.data.map((c: any) => c.currency)).toEqual(['BTC', 'ETH', 'USDT', 'LTC']);
      expect(list.body.data[0]).toMatchObject({ description: 'Bitcoin', rate: '65000.00' });

      const headBefore = await head();
      const r1 = await post('/api/crypto/generate-payment-id', { currency: 'BTC', amount: '' }, f.token);
      expect([r1.status, r1.body.message]).toEqual([400, 'Please enter a valid amount']);
      const r2 = await post('/api/crypto/generate-payment-id', { currency: 'BTC', amount: '12.345' }, f.token);
      expect([r2.status, r2.body.message]).toEqual([400, 'Please enter a valid amount']);
      const r3 = await post('/api/crypto/generate-payment-id', { currency: 'BTC', amount: 2 }, f.token);
      expect([r3.status, r3.body.message]).toEqual([400, 'Choose a fund amount between 5 and 1000']);
      const r4 = await post('/api/crypto/generate-payment-id', { currency: 'DOGE', amount: 20 }, f.token);
      expect([r4.status, r4.body.message]).toEqual([400, 'This currency is not available.']);
      expect((await post('/api/crypto/generate-payment-id', {}, f.token)).status).toBe(400);
      expect(await head()).toEqual(headBefore);
      // Guests and other fans get nothing.
      expect((await get('/api/crypto/get-currency-list')).status).toBe(401);
    });

    it('tops up by crypto: amount in the currency, QR code (PNG), address, reference, 15 minutes; the poll credits once paid', async () => {
      const f = await fan('wallet.topup@example.com');
      const gen = await post('/api/crypto/generate-payment-id', { currency: 'btc', amount: 20 }, f.token);
      expect(gen.body.data).toMatchObject({ currency: 'BTC', amount: '0.00030770', amount_usd: 20, amount_usd_cents: 2000 });
      expect(gen.body.data.wait_time).toBeGreaterThan(890);
      expect(gen.body.data.wait_time).toBeLessThanOrEqual(900);
      const paymentId = gen.body.data.payment_id as string;

      const started = await post('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: 20, payment_for: 'wallet', payment_id: paymentId }, f.token);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const d = started.body.data;
      expect(d.qr_img).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(d.qr_img.split(',')[1], 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(d.qr).toBe(`bitcoin:${d.address}?amount=0.00030770&message=${d.reference_no}`);
      expect(d.address).toMatch(/^tb1q[a-z0-9]{38}$/);
      expect(d.reference_no).toMatch(/^SBX-[0-9A-F]{10}$/);
      expect(d).toMatchObject({ payment_id: paymentId, currency: 'BTC', amount: '0.00030770', status: 'waiting', pos_id: 'fanclub-sandbox-pos', notices: [] });
      // Start Crypto Payment again (a retried click): the same address and reference.
      const again = await post('/api/crypto/add-fund-and-payment', { payment_id: paymentId }, f.token);
      expect([again.body.data.address, again.body.data.reference_no]).toEqual([d.address, d.reference_no]);
      // Another fan cannot see or start it.
      const other = await fan('wallet.other@example.com');
      expect((await post('/api/crypto/get-transaction-status', { payment_id: paymentId }, other.token)).status).toBe(404);
      expect((await post('/api/crypto/get-transaction-info', { payment_id: paymentId }, other.token)).status).toBe(404);

      const waiting = await poll(f.token, paymentId);
      expect(waiting.data).toMatchObject({ status: 'waiting', is_payment_confirmed: false, done: false, wallet_balance: 0 });

      await crypto.mark(paymentId, 'paid');
      const paid = await poll(f.token, paymentId);
      expect(paid.message).toBe('Amount Successfully Added.');
      expect(paid.data).toMatchObject({ status: 'paid', is_payment_confirmed: true, done: true, credited: 20, wallet_balance: 20, wallet_balance_cents: 2000 });
      expect(await poll(f.token, paymentId)).toMatchObject({ data: { wallet_balance: 20 } }); // polling on changes nothing
      expect((await types(walletStream(f.id))).filter((x) => x === 'WalletCredited')).toHaveLength(1);

      // The top-up adds money only; the default payment method stays what the fan chose (none yet).
      expect(await me(f.token)).toMatchObject({ wallet_amount: 20, wallet_amount_cents: 2000, default_payment_method: null });
      const info = await post('/api/crypto/get-transaction-info', { payment_id: paymentId }, f.token);
      expect(info.body.data).toMatchObject({ status: 'paid', address: d.address, reference_no: d.reference_no });
      const history = await post('/api/crypto/wallet-history', { page_num: 1 }, f.token);
      expect(history.body.data).toMatchObject({ total: 1, currentPage: 1, totalPages: 1, wallet_balance: 20 });
      expect(history.body.data.rows[0]).toMatchObject({ kind: 'top_up', amount: 20, balance_cents: 2000, currency: 'BTC', reference_id: paymentId });
      // The console's transactions report lists it as a wallet top-up (not earnings).
      const rows = (await get(`/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ type: 'wallet_topup' }))}`, admin)).body as any[];
      expect(rows.find((r) => r.id === paymentId)).toMatchObject({ type: 'wallet_topup', method: 'crypto', amount_cents: 2000, status: 'captured' });
    });

    it('applies each provider notice once, however often it comes, and refuses unsigned ones', async () => {
      const f = await fan('wallet.notices@example.com');
      const s = await startTopUp(f.token, 25, 'ETH');
      await crypto.mark(s.payment_id, 'paid');
      const ours = (await crypto.pendingNotices()).filter((n) => n.data.payment_id === s.payment_id);
      expect(ours.map((n) => n.type)).toEqual(['payment.paid']);

      const raw = JSON.stringify(ours[0]);
      const url = `${t.base}/api/webhooks/sandbox-crypto`;
      expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw })).status).toBe(401);
      expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook('wrong secret', raw) }, body: raw })).status).toBe(401);
      expect((await types(walletStream(f.id))).length).toBe(0);

      const results = await crypto.deliver({ ids: [ours[0].id], times: 3 });
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await types(walletStream(f.id)))).toEqual(['WalletCredited']);
      expect((await types(cryptoPaymentStream(s.payment_id)))).toEqual(['CryptoPaymentCreated', 'CryptoPaymentStarted', 'CryptoPaymentPaid']);
      // The poll reports the same provider event: a no-op.
      expect((await poll(f.token, s.payment_id)).data).toMatchObject({ is_payment_confirmed: true, wallet_balance: 25 });
      expect((await types(walletStream(f.id)))).toEqual(['WalletCredited']);
      // A signed notice about a payment that is not ours is acknowledged and ignored.
      const foreign = JSON.stringify({ id: 'cevt_foreign', type: 'payment.paid', created: 0, data: { payment_id: randomUUID(), status: 'paid', received_cents: 500 } });
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(t.server.services.cryptoWebhookSecret, foreign) }, body: foreign });
      expect([r.status, (await r.json()).data.result]).toEqual([200, 'ignored']);
    });

    it('underpaid is not credited; the rest sent in time makes it paid; staff settle what an underpayment received', async () => {
      const f = await fan('wallet.underpaid@example.com');
      const s = await startTopUp(f.token, 40, 'LTC');
      await crypto.mark(s.payment_id, 'underpaid', { receivedCents: 1500 });
      await crypto.deliver();
      const under = await poll(f.token, s.payment_id);
      expect(under.data).toMatchObject({ status: 'underpaid', is_payment_confirmed: false, wallet_balance: 0, message: UNDERPAID_MESSAGE });
      await crypto.mark(s.payment_id, 'paid');
      expect((await poll(f.token, s.payment_id)).data).toMatchObject({ status: 'paid', is_payment_confirmed: true, wallet_balance: 40 });
      await crypto.deliver(); // the paid notice arrives after the poll: nothing more

      const s2 = await startTopUp(f.token, 30, 'USDT');
      await crypto.mark(s2.payment_id, 'underpaid', { receivedCents: 1200 });
      await poll(f.token, s2.payment_id);
      // The console's list shows it; an admin settles it: exactly what arrived is credited.
      const list = await t.call('GET', `/admin-api/crypto-payments?filter=${encodeURIComponent(JSON.stringify({ status: 'underpaid' }))}`, undefined, { token: admin });
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toMatch(/^crypto-payments 0-\d+\/\d+$/);
      expect((list.body as any[]).find((p) => p.id === s2.payment_id)).toMatchObject({ status: 'underpaid', received_cents: 1200, provider_status: 'underpaid', user_email: 'wallet.underpaid@example.com' });
      const settled = await post(`/admin-api/crypto-payments/${s2.payment_id}/settle`, {}, admin);
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      expect(settled.body.data).toMatchObject({ status: 'paid', credit_cents: 1200 });
      expect((await post(`/admin-api/crypto-payments/${s2.payment_id}/settle`, {}, admin)).status).toBe(200); // once
      expect((await me(f.token)).wallet_amount_cents).toBe(4000 + 1200);
      await crypto.deliver();
    });

    oneBackend("expired: 'Payment failed.', nothing credited, and it cannot start again", async () => {
      const f = await fan('wallet.expired@example.com');
      const s = await startTopUp(f.token, 10);
      // The console's sandbox control (the same hook the e2e test uses).
      const mark = await post(`/admin-api/crypto-payments/${s.payment_id}/mark`, { status: 'expired' }, admin);
      expect(mark.status, JSON.stringify(mark.body)).toBe(200);
      expect(mark.body.data.provider_status).toBe('expired');
      expect((await post(`/admin-api/crypto-payments/${s.payment_id}/mark`, { status: 'paid' }, f.token)).status).toBe(403);
      const r = await poll(f.token, s.payment_id);
      expect(r.data).toMatchObject({ status: 'expired', is_payment_confirmed: false, done: true, message: 'Payment failed.', wallet_balance: 0 });
      const again = await post('/api/crypto/add-fund-and-payment', { payment_id: s.payment_id }, f.token);
      expect([again.status, again.body.message]).toEqual([409, 'Payment failed.']);
      await crypto.deliver({ times: 2 });
      expect((await types(cryptoPaymentStream(s.payment_id))).filter((x) => x === 'CryptoPaymentExpired')).toHaveLength(1);
      expect((await me(f.token)).wallet_amount_cents).toBe(0);
    });

    it('buys a locked post from the wallet once; the remainder stays in the wallet; a second purchase charges nothing', async () => {
      const f = await fan('wallet.buyer@example.com');
      await topUp(f.token, 20);
      const postId = await lockedPost(15);
      expect(await isLockedFor(f.token, postId)).toBe(true);

      const r = await buy(f.token, postId, { amount: 15 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.message).toBe('Payment successful. The remaining $5.00 stays in your wallet.');
      expect(r.body.data).toMatchObject({ transaction_amount: 15, transaction_amount_cents: 1500, wallet_balance: 5, wallet_balance_cents: 500 });
      expect(r.body.data.blogData).toMatchObject({ _id: postId, isLocked: false });
      expect(await isLockedFor(f.token, postId)).toBe(false);
      const paymentId = r.body.data.transaction_id as string;
      expect(await types(paymentStream(paymentId))).toEqual(['PaymentRequested', 'PaymentCaptured']);
      const requested = (await t.server.services.store.readStream(paymentStream(paymentId)))[0].data as any;
      expect(requested).toMatchObject({ method: 'wallet', card: null, amountCents: 1500 });

      const again = await buy(f.token, postId);
      expect([again.status, again.body.message]).toEqual([409, 'Content already unlocked.']);
      expect((await me(f.token)).wallet_amount_cents).toBe(500);
      expect((await types(walletStream(f.id))).filter((x) => x === 'WalletDebited')).toHaveLength(1);

      const rows = (await get(`/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ type: 'unlock', q: 'wallet.buyer@example.com' }))}`, admin)).body as any[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: paymentId, method: 'wallet', card: null, amount_cents: 1500, status: 'captured' });
      const history = (await post('/api/crypto/wallet-history', {}, f.token)).body.data.rows as any[];
      expect(history.map((h) => [h.kind, h.amount_cents, h.balance_cents])).toEqual([
        ['purchase', -1500, 500],
        ['top_up', 2000, 2000],
      ]);
      // Bad input changes nothing.
      expect((await buy(f.token, 'not-a-uuid')).status).toBe(400);
      // A promotion named for a post already bought: the purchase rules answer first, nothing is charged.
      expect((await buy(f.token, postId, { promotion_id: 'p1' })).body.message).toBe('Content already unlocked.');
      expect((await buy(f.token, await lockedPost(6), { promotion_id: 'p1' })).body.message).toBe('Sorry promotion expired.');
    });

    it('insufficient balance: 402 with the shortfall and the Add Funds amount rounded up to whole dollars; nothing is written', async () => {
      const f = await fan('wallet.short@example.com');
      await topUp(f.token, 10);
      const p1 = await lockedPost(8);
      expect((await buy(f.token, p1)).status).toBe(200); // $2.00 left
      const p2 = await lockedPost(12);
      await settleAll();
      const before = await head();
      const r = await buy(f.token, p2);
      expect(r.status).toBe(402);
      expect(r.body).toMatchObject({
        success: 0,
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient wallet balance. Please add funds.',
        data: { price_cents: 1200, wallet_balance_cents: 200, shortfall_cents: 1000, add_funds_cents: 1000, shortfall: 10, add_funds_amount: 10 },
      });
      expect(await head()).toEqual(before);
      // Add the remainder, then the retry goes through.
      await topUp(f.token, 10);
      const retry = await buy(f.token, p2);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body.data.wallet_balance_cents).toBe(0);
    });

    oneBackend('buys at a running locked-content promotion\'s price from the wallet; once the promotion ends: \'Sorry promotion expired.\', nothing charged', async () => {
      const f = await fan('wallet.promo@example.com');
      await topUp(f.token, 20);
      const postId = await lockedPost(15, 'On sale');
      const saved = await post('/api/promotion-setting/save-promotion', { promotion_type: 'LOCKED_CONTENT', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Sale', discount_percentage: 30 }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const promotionId = saved.body.data._id as string;
      try {
        // $15 at 30% off = 10.5, rounded up to whole dollars: $11. The list price is refused while the promotion is named.
        expect((await buy(f.token, postId, { promotion_id: promotionId, amount: 15 })).body.code).toBe('PRICE_CHANGED');
        const r = await buy(f.token, postId, { promotion_id: promotionId, amount: 11 });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.data).toMatchObject({ transaction_amount_cents: 1100, wallet_balance_cents: 900 });
        // Without an amount the fan pays the promotion's price too.
        const second = await lockedPost(5, 'Also on sale');
        expect((await buy(f.token, second, { promotion_id: promotionId })).body.data).toMatchObject({ transaction_amount_cents: 400, wallet_balance_cents: 500 });
      } finally {
        expect((await post('/api/promotion-setting/end-promotion', { promotion_id: promotionId }, admin)).status).toBe(200);
      }
      const third = await lockedPost(5, 'Sale over');
      const expired = await buy(f.token, third, { promotion_id: promotionId });
      expect(expired.body.message).toBe('Sorry promotion expired.');
      expect((await me(f.token)).wallet_amount_cents).toBe(500);
    });

    it('100 parallel wallet purchases of 100 locked posts ($5 each) against $50 succeed exactly 10 times; never below 0', async () => {
      const f = await fan('wallet.parallel@example.com');
      await topUp(f.token, 50);
      const posts: string[] = [];
      for (let i = 0; i < 100; i++) posts.push(await lockedPost(5, `Parallel ${i}`));
      const answers = await Promise.all(posts.map((id) => buy(f.token, id)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(90);
      for (const a of answers.filter((x) => x.status === 402)) expect(a.body.code).toBe('INSUFFICIENT_FUNDS');
      expect((await me(f.token)).wallet_amount_cents).toBe(0);
      const walletEvents = await t.server.services.store.readStream(walletStream(f.id));
      expect(walletEvents.filter((e) => e.type === 'WalletDebited')).toHaveLength(10);
      expect(walletEvents.every((e) => (e.data as any).balanceCents >= 0)).toBe(true);
      // Exactly the 10 paid posts are open to the fan.
      const open = answers.flatMap((a, i) => (a.status === 200 ? [posts[i]] : []));
      for (const id of posts.slice(0, 20)) expect(await isLockedFor(f.token, id)).toBe(!open.includes(id));
    });

    it('without the in-process queue, the wallet stream\'s expected revision alone keeps it from going below 0', async () => {
      const f = await fan('wallet.raw@example.com');
      await topUp(f.token, 50);
      const posts: string[] = [];
      for (let i = 0; i < 20; i++) posts.push(await lockedPost(5, `Race ${i}`));
      walletQueue.enabled = false; // every purchase now races for the stream's revision, as separate processes would
      let answers: Awaited<ReturnType<typeof buy>>[];
      try {
        answers = await Promise.all(posts.map((id) => buy(f.token, id)));
      } finally {
        walletQueue.enabled = true;
      }
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(10);
      const events = await t.server.services.store.readStream(walletStream(f.id));
      expect(events.map((e) => (e.data as any).balanceCents)).toEqual([5000, 4500, 4000, 3500, 3000, 2500, 2000, 1500, 1000, 500, 0]);
      expect((await me(f.token)).wallet_amount_cents).toBe(0);
    });

    it('a crash between the wallet debit and the unlock (or before the debit) is finished on restart, charging once', async () => {
      const f = await fan('wallet.crash@example.com');
      await topUp(f.token, 30);
      const [p1, p2] = [await lockedPost(10), await lockedPost(10)];
      const ctx = commandContext(t.server.services.store, { userId: f.id, role: 'user' });
      const pending = async (postId: string) => {
        const paymentId = randomUUID();
        await handle(ctx, unlockStream(postId, f.id), unlockDecider, {
          type: 'RequestUnlock', postId, userId: f.id, paymentId, confirmedAmountCents: 1000,
          post: { exists: true, deleted: false, visibility: 'locked', priceCents: 1000 }, viewer: { isStaff: false, isSubscriber: true }, at: ctx.now(),
        });
        await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RequestPayment', paymentId, userId: f.id, purpose: { kind: 'unlock', postId }, amountCents: 1000, method: 'wallet', card: null, at: ctx.now() });
        return paymentId;
      };
      // p1: the process died right after PaymentRequested; p2: right after the wallet debit.
      const pay1 = await pending(p1);
      const pay2 = await pending(p2);
      await walletCommand(ctx, { type: 'DebitWallet', userId: f.id, purchaseId: pay2, purchase: { kind: 'unlock', postId: p2 }, amountCents: 1000, at: ctx.now() });
      await settleAll();
      expect((await me(f.token)).wallet_amount_cents).toBe(2000);

      const resumed = await resumeUnfinishedPayments(recoveryReads(t.server.services.database.db), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      expect(resumed).toBeGreaterThanOrEqual(2);
      await settleAll();
      expect(await types(paymentStream(pay1))).toEqual(['PaymentRequested', 'PaymentCaptured']);
      expect(await types(paymentStream(pay2))).toEqual(['PaymentRequested', 'PaymentCaptured']);
      expect(await isLockedFor(f.token, p1)).toBe(false);
      expect(await isLockedFor(f.token, p2)).toBe(false);
      expect((await me(f.token)).wallet_amount_cents).toBe(1000); // 30 − 10 − 10: each debited once
      // Running recovery again changes nothing.
      await resumeUnfinishedPayments(recoveryReads(t.server.services.database.db), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      expect((await types(walletStream(f.id))).filter((x) => x === 'WalletDebited')).toHaveLength(2);
    });

    it('a crash between "paid" and the wallet credit is finished by the recovery sweep', async () => {
      const f = await fan('wallet.crashtopup@example.com');
      const s = await startTopUp(f.token, 15);
      const p = await crypto.mark(s.payment_id, 'paid');
      // The provider's word was recorded, then the process died before the credit.
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'gateway' });
      await handle(ctx, cryptoPaymentStream(s.payment_id), cryptoPaymentDecider, { type: 'RecordProviderEvent', paymentId: s.payment_id, providerEventId: p.last_event_id!, status: 'paid', receivedCents: 1500, at: ctx.now() });
      await settleAll();
      expect((await me(f.token)).wallet_amount_cents).toBe(0);
      const ids = await cryptoPaymentsToResume(t.server.services.database.db, new Date().toISOString());
      expect(ids).toContain(s.payment_id);
      await resumeCryptoTopUps(t.server.services.store, crypto, t.server.services.purchases, ids);
      await settleAll();
      expect((await me(f.token)).wallet_amount_cents).toBe(1500);
      expect(await cryptoPaymentsToResume(t.server.services.database.db, new Date().toISOString())).not.toContain(s.payment_id);
      await crypto.deliver(); // its notice, late: nothing more
      expect((await types(walletStream(f.id)))).toEqual(['WalletCredited']);
    });

    it('a staff refund of a wallet purchase puts the money back into the wallet and locks the post again', async () => {
      const f = await fan('wallet.refund@example.com');
      await topUp(f.token, 20);
      const postId = await lockedPost(12);
      const bought = await buy(f.token, postId);
      const paymentId = bought.body.data.transaction_id as string;
      const refund = await post(`/admin-api/transactions/${paymentId}/refund`, { kind: 'refund', reason: 'Wrong post' }, admin);
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect((await me(f.token)).wallet_amount_cents).toBe(2000);
      expect(await isLockedFor(f.token, postId)).toBe(true);
      expect((await post(`/admin-api/transactions/${paymentId}/refund`, { kind: 'refund' }, admin)).status).toBe(409);
      const history = (await post('/api/crypto/wallet-history', {}, f.token)).body.data.rows as any[];
      expect(history[0]).toMatchObject({ kind: 'refund', amount_cents: 1200, balance_cents: 2000 });
    });

    it('a crash after a staff refund put the money back, before the payment was reversed, is finished by the recovery', async () => {
      const f = await fan('wallet.refundcrash@example.com');
      await topUp(f.token, 20);
      const postId = await lockedPost(12);
      const paymentId = (await buy(f.token, postId)).body.data.transaction_id as string;
      // The first step of refundWalletPayment only: the wallet credit. The process "dies" here.
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
      await walletCommand(ctx, { type: 'RefundToWallet', userId: f.id, refundId: `refund-${paymentId}`, purchaseId: paymentId, amountCents: 1200, reason: 'Wrong post', at: ctx.now() });
      await settleAll();
      expect((await me(f.token)).wallet_amount_cents).toBe(2000);
      expect(await isLockedFor(f.token, postId)).toBe(false); // money back and the post still open: the window
      await resumeUnfinishedPayments(recoveryReads(t.server.services.database.db), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      await settleAll();
      expect(await types(paymentStream(paymentId))).toEqual(['PaymentRequested', 'PaymentCaptured', 'PaymentReversed']);
      expect(await isLockedFor(f.token, postId)).toBe(true);
      expect((await me(f.token)).wallet_amount_cents).toBe(2000); // credited once
      // Nothing left to finish: another pass changes nothing.
      await resumeUnfinishedPayments(recoveryReads(t.server.services.database.db), t.server.services.store, t.server.services.purchases, { olderThanMs: 0 });
      expect((await types(walletStream(f.id))).filter((x) => x === 'WalletRefunded')).toHaveLength(1);
      expect(await types(paymentStream(paymentId))).toHaveLength(3);
    });

    oneBackend('sets the default payment method: crypto_currency or a saved card; a top-up leaves it as the fan chose', async () => {
      const f = await fan('wallet.method@example.com');
      expect((await me(f.token)).default_payment_method).toBeNull();
      const r = await post('/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, f.token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await me(f.token)).default_payment_method).toBe('crypto_currency');
      const bad = await post('/api/user/change-payment-method', { payment_method: randomUUID() }, f.token);
      expect([bad.status, bad.body.message]).toEqual([404, 'There was problem while update payment method.']);
      expect((await post('/api/users/set-default-payment-method', {}, f.token)).status).toBe(400);
      // A saved card.
      const card = await post('/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, email: 'wallet.method@example.com', cardNumber: '4242424242424242' }, f.token);
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      const cardId = card.body.data._id as string;
      expect((await post('/api/user/change-payment-method', { payment_method: cardId }, f.token)).status).toBe(200);
      expect((await me(f.token)).default_payment_method).toBe(cardId);
      // A top-up adds money only; the default changes when the fan chooses it.
      await topUp(f.token, 5);
      expect((await me(f.token)).default_payment_method).toBe(cardId);
      expect((await post('/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, f.token)).status).toBe(200);
      expect((await me(f.token)).default_payment_method).toBe('crypto_currency');
      expect((await post('/api/user/change-payment-method', { payment_method: cardId }, f.token)).status).toBe(200);
      expect((await me(f.token)).default_payment_method).toBe(cardId);
    });

    oneBackend('the console list of crypto payments is for admins only', async () => {
      const f = await fan('wallet.console@example.com');
      expect((await get('/admin-api/crypto-payments', f.token)).status).toBe(403);
      const one = (await get('/admin-api/crypto-payments', admin)).body as any[];
      expect(one.length).toBeGreaterThan(0);
      const detail = await get(`/admin-api/crypto-payments/${one[0].id}`, admin);
      expect(detail.status).toBe(200);
      expect(detail.body.id).toBe(one[0].id);
      expect((await post(`/admin-api/crypto-payments/${randomUUID()}/mark`, { status: 'paid' }, admin)).status).toBe(404);
      expect((await post(`/admin-api/crypto-payments/${one[0].id}/mark`, { status: 'refunded' }, admin)).status).toBe(400);
    });

    describe('adding funds by card (POST /api/wallet/add-funds-by-card)', () => {
      const addByCard = (token: string, body: Record<string, unknown>, key?: string) =>
        t.call('POST', '/api/wallet/add-funds-by-card', body, { token, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
      // Only what the sandbox's card form asks: the name, the country and the card.
      const card = (cardNumber: string) => ({ firstName: 'Top', lastName: 'Up', country: 'US', cardNumber, cvv: '123', month: '12', year: String(new Date().getFullYear() + 2) });
      const balance = async (token: string) => (await me(token)).wallet_amount_cents as number;

      it('charges the card once and credits the wallet once; the same Idempotency-Key again is the same top-up', async () => {
        const f = await fan(`card.topup.${backend}@example.com`);
        const before = await sandboxCaptures(t.server.services.database);
        const key = randomUUID();
        const first = await addByCard(f.token, { amount: '25.50', ...card(SANDBOX_TEST_CARDS.approve) }, key);
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        expect(first.body).toMatchObject({ success: 1, message: 'Amount Successfully Added.', data: { accepted: true, amount_cents: 2550, wallet_balance: 25.5, wallet_balance_cents: 2550 } });
        const again = await addByCard(f.token, { amount: '25.50', ...card(SANDBOX_TEST_CARDS.approve) }, key);
        expect(again.body.data).toMatchObject({ accepted: true, transactionId: first.body.data.transactionId, wallet_balance_cents: 2550 });
        expect(await sandboxCaptures(t.server.services.database)).toEqual({ count: before.count + 1, cents: before.cents + 2550 });
        await settleAll();
        expect(await balance(f.token)).toBe(2550);
        // The card typed in was saved once approved; the next top-up pays with it (no card fields: the primary).
        const saved = await addByCard(f.token, { amount: 10 }, randomUUID());
        expect(saved.body.data).toMatchObject({ accepted: true, wallet_balance_cents: 3550 });
        // One payment row per top-up, listed as a top-up by card; the wallet history has both credits.
        const payments = (await get('/api/users/payments', f.token)).body.data;
        const rows = payments.payments as { type: string; amount_cents: number; method: string; status: string }[];
        expect(rows.filter((r) => r.type === 'wallet_topup').map((r) => [r.amount_cents, r.method, r.status]).sort()).toEqual([[1000, 'card', 'captured'], [2550, 'card', 'captured']]);
        const history = (await post('/api/crypto/wallet-history', {}, f.token)).body.data;
        expect(history.rows.map((r: { description: string }) => r.description)).toEqual(['Added funds by card', 'Added funds by card']);
        // Not earnings: nothing was bought yet.
        const { store, database } = t.server.services;
        const report = await checkLedger(store, database.db, () => sandboxNetCents(database), () => sandboxCryptoReceived(database));
        expect(report.problems).toEqual([]);
        // Both are card top-ups the card provider's books show, each credited in full, each its own request.
        const mine = Object.entries(report.ledger.wallet.cardTopUps).filter(([id]) => report.ledger.wallet.creditedByPayment[id] !== undefined);
        expect(mine.map(([, cents]) => cents)).toEqual(expect.arrayContaining([2550, 1000]));
      });

      it('a declined card credits nothing and says why; a retry with another card is a new top-up', async () => {
        const f = await fan(`card.topup.declined.${backend}@example.com`);
        const declined = await addByCard(f.token, { amount: 20, ...card(SANDBOX_TEST_CARDS.failMinus24) }, randomUUID());
        expect(declined.status).toBe(402);
        expect(declined.body).toMatchObject({ success: 0, code: 'PAYMENT_FAILED', data: { accepted: false, failureCode: '-24', wallet_balance_cents: 0 } });
        await settleAll();
        expect(await balance(f.token)).toBe(0);
        const ok = await addByCard(f.token, { amount: 20, ...card(SANDBOX_TEST_CARDS.approve) }, randomUUID());
        expect(ok.body.data).toMatchObject({ accepted: true, wallet_balance_cents: 2000 });
      });

      it('refuses a bad amount, a missing field of the form and a field out of bounds, naming it; nothing is written or charged', async () => {
        const f = await fan(`card.topup.refused.${backend}@example.com`);
        const charges = await sandboxCaptures(t.server.services.database);
        const headBefore = await head();
        const refusals: [Record<string, unknown>, string, string][] = [
          [{ amount: '', ...card(SANDBOX_TEST_CARDS.approve) }, 'amount', 'Please enter a valid amount'],
          [{ amount: '12.345', ...card(SANDBOX_TEST_CARDS.approve) }, 'amount', 'Please enter a valid amount'],
          [{ amount: 2, ...card(SANDBOX_TEST_CARDS.approve) }, 'amount', 'Choose a fund amount between 5 and 1000'],
          [{ amount: 5000, ...card(SANDBOX_TEST_CARDS.approve) }, 'amount', 'Choose a fund amount between 5 and 1000'],
          [{ amount: 20, ...card(SANDBOX_TEST_CARDS.approve), firstName: ' ' }, 'firstName', 'Please enter a first name.'],
          [{ amount: 20, ...card(SANDBOX_TEST_CARDS.approve), cvv: '' }, 'cvv', 'Please enter a cvv.'],
        ];
        for (const [body, field, message] of refusals) {
          const r = await addByCard(f.token, body, randomUUID());
          expect([r.status, r.body.field, r.body.message], JSON.stringify(body)).toEqual([400, field, message]);
        }
        // No saved card and none typed: the card is asked for.
        const none = await addByCard(f.token, { amount: 20 }, randomUUID());
        expect([none.status, none.body.code]).toEqual([400, 'CARD_REQUIRED']);
        expect(await head()).toEqual(headBefore);
        expect(await sandboxCaptures(t.server.services.database)).toEqual(charges);
        // A guest cannot add funds.
        expect((await post('/api/wallet/add-funds-by-card', { amount: 20 })).status).toBe(401);
      });
    });

    it('the books agree: earnings count wallet purchases once (top-ups are not earnings), every wallet balance follows from its movements', async () => {
      await crypto.deliver();
      await settleAll();
      const { store, database } = t.server.services;
      const report = await checkLedger(store, database.db, () => sandboxNetCents(database), () => sandboxCryptoReceived(database));
      expect(report.problems).toEqual([]);
      expect(report.ledger.netByMethod.wallet).toBeGreaterThan(0);
      expect(report.figures.earningsCents).toBe(report.ledger.netByMethod.card + report.ledger.netByMethod.wallet);
      const w = report.ledger.wallet;
      expect(w.toppedUpCents - w.debitedCents + w.refundedCents).toBe([...report.wallet.readModelBalances.values()].reduce((a, b) => a + b, 0));
      const earnings = await sql<{ c: string }>`SELECT COALESCE(sum(cents), 0) AS c FROM rm.earnings_daily`.execute(database.db);
      expect(Number(earnings.rows[0].c)).toBe(report.ledger.netByMethod.wallet); // no card payments in this suite
    });

    it('a rebuild from the event log reproduces the wallet read models exactly', async () => {
      await settleAll();
      const { database, store } = t.server.services;
      const tables = ['wallets', 'wallet_history', 'crypto_payments', 'transactions'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const name of tables) out[name] = (await untypedTables(database).withSchema('rm').selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      const live = await snapshot();
      expect(live.wallets.length).toBeGreaterThan(10);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

// Payment recovery takes only unfinished payments: once every kind of purchase has been paid and its entitlement
// has followed — a membership, a post unlock by card and from the wallet, tips by card and from the wallet, a chat
// unlock by card and from the wallet, a pay-per-message message, a minute of a billed one-to-one live stream — the
// recovery's query (the transactions read model's unfinished payments) returns nothing, and a recovery pass resumes
// nothing and logs nothing. The live minute is recorded as the payment process and the live session record it (its
// billing needs a publisher and a viewer on a media server: tests/api/live.suite.ts); the other kinds go through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { paymentStream } from '../../domain/payment/payment';
import { liveSessionStream } from '../../domain/live/live-session';
import { appendOnce, commandContext } from '../../commands/handle';
import { recoveryReads } from '../../api/payment-reads';
import { resumeUnfinishedPayments } from '../../commands/recovery';

describe('payment recovery after finished purchases of every kind (PGlite)', () => {
  let t: TestServer;
  let admin: string;
  let n = 0;
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const db = () => t.server.services.database.db;
  const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body.data;
  };
  const settle = async () => expect(await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!, 60_000)).toBe(true);
  /** A registered fan with a membership paid by card. */
  const fan = async (label: string) => {
    const r = await post('/api/users/register', { name: `Recovery ${label}`, email: `recovery.${label}.${++n}@example.com`, password: 'fan password 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const f = { token: r.body.data.token as string, id: r.body.data.userId as string };
    expect(ok(await post('/api/v2/purchase/subscription', card, f.token)).accepted).toBe(true);
    return f;
  };
  const upload = async (title: string, mediaType?: string) => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const presign = ok(await post('/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', ...(mediaType ? { media_type: mediaType } : {}) }, admin));
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(image) })).status).toBe(200);
    return ok(await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).id as string;
  };
  const lockedPost = async (dollars: number) => ok(await post('/api/blogs', { caption: `Locked ${++n}`, visibility: 'locked', amount: dollars, media_ids: [await upload(`post-${n}`)] }, admin))._id as string;
  const lockedMessage = async (fanId: string, dollars: number) =>
    ok(await post('/api/chat/send_message', { receiver: fanId, message: 'Just for you', media: [await upload(`chat-${++n}`, 'message')], isLocked: true, amount: dollars }, admin)).message;
  const setSettings = async (changes: Record<string, unknown>) => expect((await t.call('PUT', '/admin-api/settings/site', changes, { token: admin })).status).toBeLessThan(300);

  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { deliverNotices: false });
    admin = ok(await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every kind captured and entitled: the unfinished-payments query is empty, a recovery pass resumes nothing', async () => {
    const f = await fan('buyer');
    // Card purchases: a post unlock, a tip, a chat unlock.
    const postByCard = await lockedPost(7);
    expect(ok(await post('/api/v2/purchase/blog-content-purchase', { blogId: postByCard, amount: 7, ...card }, f.token)).accepted).toBe(true);
    expect(ok(await post('/api/v2/purchase/send-tip', { amount: 12, tipMessage: 'For the studio session', ...card }, f.token)).accepted).toBe(true);
    const messageByCard = await lockedMessage(f.id, 9);
    expect(ok(await post('/api/v2/purchase/chat-content-purchase', { messageId: messageByCard._id, amount: 9, ...card }, f.token)).accepted).toBe(true);
    // Wallet purchases: a post unlock, a tip, a chat unlock.
    await topUpWallet(t, f.token, 60);
    const postByWallet = await lockedPost(5);
    ok(await post('/api/crypto/purchase-from-wallet', { payment_for: 'blog', content_id: postByWallet, amount: 5 }, f.token));
    ok(await post('/api/crypto/purchase-from-wallet', { payment_for: 'tips', amount: 6, tipMessage: 'From my wallet', tip_from: 'chat' }, f.token));
    const messageByWallet = await lockedMessage(f.id, 6);
    ok(await post('/api/crypto/purchase-from-wallet', { payment_for: 'chat', content_id: messageByWallet._id, amount: 6 }, f.token));
    // A pay-per-message message (paid with the fan's saved card).
    await setSettings({ is_pay_per_message_enabled: true, pay_per_message_amount: 3 });
    expect(ok(await post('/api/chat/send_message', { message: 'A paid hello', uniqueId: 'recovery-ppm-1', isPayPerMessageEnabled: true, payPerMessageAmount: 3 }, f.token)).amount_cents).toBe(300);
    await setSettings({ is_pay_per_message_enabled: false });

    await settle();

    const kinds = (await sql<{ type: string; n: string }>`SELECT type, count(*) AS n FROM rm.transactions WHERE status = 'captured' AND amount_cents > 0 GROUP BY type ORDER BY type`.execute(db())).rows;
    expect(Object.fromEntries(kinds.map((k) => [k.type, Number(k.n)]))).toMatchObject({
      subscription: 1, unlock: 2, tip: 2, chat_unlock: 2, pay_per_message: 1, wallet_topup: 1,
    });

    // Well past the recovery's age limit: nothing is unfinished, so nothing is resumed (or logged) — now or later.
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(await recoveryReads(db()).unfinishedPayments(later)).toEqual([]);
    const logged: string[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const resumed = await resumeUnfinishedPayments(recoveryReads(db()), t.server.services.store, t.server.services.purchases, {
        olderThanMs: 0, now: () => new Date(Date.parse(later)), log: (m) => logged.push(m),
      });
      expect(resumed).toBe(0);
    }
    expect(logged).toEqual([]);
  }, 240_000);
});

describe('payment recovery after a billed live-stream minute (PGlite)', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The minute's wallet payment is written as events here, without the wallet debit the process makes: the ledger
    // check at close would rightly miss it.
    t = await startTestServer('pglite', {}, { deliverNotices: false, ledgerCheck: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a captured minute recorded on its session (LiveMinuteCharged) is finished: the query is empty, a pass resumes nothing', async () => {
    const { store, database } = t.server.services;
    const ctx = commandContext(store, { userId: null, role: 'system' });
    const sessionId = randomUUID();
    const fanId = randomUUID();
    const at = new Date().toISOString();
    const ids: string[] = [];
    for (const minute of [1, 2]) {
      const paymentId = `live-${sessionId}-minute-${minute}`;
      ids.push(paymentId);
      const purpose = { kind: 'live_minute' as const, sessionId, minute };
      const paid = { paymentId, userId: fanId, purpose, amountCents: 300, currency: 'USD', method: 'wallet', card: null };
      await appendOnce(ctx, paymentStream(paymentId), [
        { type: 'PaymentRequested', data: { ...paid, requestedAt: at } },
        { type: 'PaymentCaptured', data: { ...paid, gatewayTransactionId: `wallet:${paymentId}`, capturedAt: at } },
      ]);
    }
    await appendOnce(ctx, liveSessionStream(sessionId), ids.map((paymentId, i) => ({
      type: 'LiveMinuteCharged',
      data: { sessionId, fanId, minute: i + 1, paymentId, amountCents: 300, from: at, to: at, chargedAt: at },
    })));
    expect(await t.server.services.runner.waitFor((await store.headPosition())!, 30_000)).toBe(true);
    const rows = (await sql<{ id: string; status: string; entitled: boolean }>`SELECT id, status, entitled FROM rm.transactions WHERE type = 'live_minute' ORDER BY id`.execute(database.db)).rows;
    expect(rows).toEqual(ids.map((id) => ({ id, status: 'captured', entitled: true })));
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(await recoveryReads(database.db).unfinishedPayments(later)).toEqual([]);
    const logged: string[] = [];
    expect(await resumeUnfinishedPayments(recoveryReads(database.db), store, t.server.services.purchases, { olderThanMs: 0, now: () => new Date(Date.parse(later)), log: (m) => logged.push(m) })).toBe(0);
    expect(logged).toEqual([]);
  });
});

// One Idempotency-Key, one payment, even across a real kill -9. Seventy keyed requests run in parallel on a
// Fanclub process — card, wallet and anonymous chat tips, card and wallet post unlocks, card chat unlocks, paid
// messages to the creator, subscriptions, resubscribe offers, migrations to the new billing, saved cards, mass
// messages and crypto top-ups — and the process kills itself (SIGKILL) right after recording its 12th
// capture, with the rest still in flight: money taken, entitlement not granted, no answer sent. Then every key is
// sent again, as a client retries, to a server on the same data: a restart on PGlite and on the Postgres server,
// and the surviving second node of two on one database. Each key ends with exactly one capture (the ledger names
// any key captured twice), the retry's answer names the first attempt's ids, and an answer the client did get is
// replayed as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { sandboxCryptoReceived } from '../../infra/payments/sandbox-crypto-gateway';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { startChildServer, type ChildServer } from '../support/child-server';
import { TEST_CARD_FORM } from '../support/server';
import { copyPgliteTemplate } from '../support/pglite-template';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-keyed-crash-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

const postgres = await requirePostgresServer();

type Answer = { status: number; body: any; headers: Headers };
async function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(base + url, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
const baseOf = (s: RunningServer) => `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
const inProcess = (env: Record<string, string>) => startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false, pushIntervalMs: 0, chatEmailIntervalMs: 0 });

interface Fan {
  token: string;
  id: string;
  cardId: string;
}

/** What the retried requests need: ten fans with a saved card and $100 in the wallet (five subscribed), two locked posts, a locked chat photo for each subscriber. */
async function seed(server: RunningServer) {
  const base = baseOf(server);
  const post = (url: string, body: unknown, token?: string) => call(base, 'POST', url, body, token ? { authorization: token } : {});
  const login = await post('/api/users/login', { email: 'admin@fanclub.local', password: 'admin-password-123' });
  const admin = login.body.data.token as string;
  const adminId = login.body.data.userId as string;
  const image = async (title: string) => {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 40, b: 160 } } }).jpeg().toBuffer();
    const presign = await post('/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'message' }, admin);
    expect((await fetch(base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: bytes })).status).toBe(200);
    const saved = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
    expect(saved.body.data.status).toBe('ready');
    return saved.body.data.id as string;
  };
  const fans: Fan[] = [];
  for (let i = 0; i < 10; i++) {
    const r = await post('/api/users/register', { name: `Retry Fan ${i}`, email: `retry.${i}@example.com`, password: 'fan password 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const token = r.body.data.token as string;
    const card = await post('/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, token);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const gen = await post('/api/crypto/generate-payment-id', { currency: 'BTC', amount: 100 }, token);
    const started = await post('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: 100, payment_for: 'wallet', payment_id: gen.body.data.payment_id }, token);
    await (server.services.cryptoProviders.sandbox).mark(started.body.data.payment_id, 'paid');
    expect((await post('/api/crypto/get-transaction-status', { payment_id: started.body.data.payment_id }, token)).body.data.is_payment_confirmed).toBe(true);
    fans.push({ token, id: r.body.data.userId, cardId: card.body.data._id });
  }
  for (const f of fans.slice(0, 5)) expect((await post('/api/v2/purchase/subscription', { card_id: f.cardId }, f.token)).body.data.accepted).toBe(true);
  // Five members on the old billing API, who will move to the new one at the migration price, and five who
  // cancelled and are offered to come back at $4.99 (charged now).
  const member = async (name: string) => {
    const r = await post('/api/users/register', { name, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`, password: 'fan password 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const token = r.body.data.token as string;
    const card = await post('/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, token);
    const f = { token, id: r.body.data.userId as string, cardId: card.body.data._id as string };
    expect((await post('/api/v2/purchase/subscription', { card_id: f.cardId }, token)).body.data.accepted).toBe(true);
    return f;
  };
  const billing = (version: 'v1' | 'v2') => call(base, 'PUT', '/admin-api/subscription-settings/site', { payment_api_version: version }, { authorization: admin });
  expect((await billing('v1')).status).toBe(200);
  const migrating: Fan[] = [];
  for (let i = 0; i < 5; i++) migrating.push(await member(`Migrating Fan ${i}`));
  expect((await billing('v2')).status).toBe(200);
  const returning: Fan[] = [];
  for (let i = 0; i < 5; i++) {
    const f = await member(`Returning Fan ${i}`);
    expect((await post('/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' }, f.token)).status).toBe(200);
    returning.push(f);
  }
  expect((await call(base, 'PUT', '/api/resubscribe-offer/save-settings', { enabled: true, give_free_month_subscription: 0, recurring_price: 4.99 }, { authorization: admin })).status).toBe(200);
  expect((await post('/api/migrate-subscription', { enabled: true, title: 'Move your membership' }, admin)).body.success).toBe(1);
  for (const f of migrating) expect((await post('/api/save-condition', {}, f.token)).body.success).toBe(1);
  // A fan's message to the creator costs $3 (paid by the primary card).
  expect((await call(base, 'PUT', '/admin-api/settings/site', { is_pay_per_message_enabled: true, pay_per_message_amount: 3 }, { authorization: admin })).status).toBeLessThan(300);
  const media = await image('post');
  const lockedPost = async (dollars: number) => (await post('/api/blogs', { caption: `Locked ${dollars}`, visibility: 'locked', amount: dollars, media_ids: [media] }, admin)).body.data._id as string;
  const posts = [await lockedPost(5), await lockedPost(6)];
  const photo = await image('chat');
  const chatMessages: string[] = [];
  for (const f of fans.slice(0, 5)) {
    const sent = await post('/api/chat/send_message', { receiver: f.id, message: 'For you', media: [photo], isLocked: true, amount: 5 }, admin);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    chatMessages.push(sent.body.data.message._id);
  }
  const head = await server.services.store.headPosition();
  if (head) expect(await server.services.runner.waitFor(head, 60_000)).toBe(true);
  return { admin, adminId, fans, migrating, returning, posts, chatMessages, media };
}

type Kind = 'card tip' | 'wallet tip' | 'anonymous chat tip' | 'card unlock' | 'wallet unlock' | 'chat unlock' | 'paid message' | 'subscription' | 'resubscribe' | 'migration' | 'add card' | 'mass message' | 'post' | 'top-up';
interface Keyed {
  kind: Kind;
  key: string;
  token: string;
  userId: string;
  url: string;
  body: unknown;
}

function keyedRequests(s: Awaited<ReturnType<typeof seed>>, adminId: string, run: string): Keyed[] {
  const subscribed = s.fans.slice(0, 5);
  const others = s.fans.slice(5);
  const list: Keyed[] = [];
  const add = (kind: Kind, f: { token: string; id: string }, url: string, body: unknown) => list.push({ kind, key: `${run}-${list.length}-${kind.replace(/ /g, '-')}`, token: f.token, userId: f.id, url, body });
  // Interleaved, so that the kill cuts every kind mid-way.
  subscribed.forEach((f, i) => {
    const o = others[i];
    add('card tip', f, '/api/v2/purchase/send-tip', { amount: 10, card_id: f.cardId });
    add('wallet tip', o, '/api/crypto/purchase-from-wallet', { payment_for: 'tips', amount: 10 });
    add('card unlock', f, '/api/v2/purchase/blog-content-purchase', { blogId: s.posts[0], amount: 5, card_id: f.cardId });
    add('subscription', o, '/api/v2/purchase/subscription', { card_id: o.cardId });
    add('wallet unlock', f, '/api/crypto/purchase-from-wallet', { payment_for: 'blog', content_id: s.posts[1], amount: 6 });
    add('chat unlock', f, '/api/v2/purchase/chat-content-purchase', { messageId: s.chatMessages[i], amount: 5, card_id: f.cardId });
    add('paid message', f, '/api/chat/send_message', { message: `Hello from ${i}`, isPayPerMessageEnabled: true, payPerMessageAmount: 3 });
    add('add card', f, '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approveMastercard });
    add('mass message', { token: s.admin, id: adminId }, '/api/message/send-mass-message', { type: 'text', isLocked: 'free', message: `News ${run} ${i}` });
    add('post', { token: s.admin, id: adminId }, '/api/blogs', { caption: `Post ${run} ${i}`, visibility: 'locked', amount: 7, media_ids: [s.media] });
    add('top-up', o, '/api/crypto/generate-payment-id', { currency: 'BTC', amount: 20 });
    add('anonymous chat tip', o, '/api/v2/purchase/send-tip', { amount: 6, card_id: o.cardId, isAnonymousTip: true, tipFrom: 'chat', tipMessage: 'From nobody' });
    add('resubscribe', s.returning[i], '/api/v2/purchase/resubscribe-with-card', { card_id: s.returning[i].cardId });
    add('migration', s.migrating[i], '/api/migrate-subscription-for-user', { card_id: s.migrating[i].cardId });
  });
  return list;
}

/** Sends the request until it is not 409 IDEMPOTENCY_IN_PROGRESS (a killed node's key is freed once its heartbeat lapses). */
async function retry(base: string, r: Keyed): Promise<Answer> {
  const until = Date.now() + 60_000;
  for (;;) {
    const a = await call(base, 'POST', r.url, r.body, { authorization: r.token, 'idempotency-key': r.key });
    if (a.body?.code !== 'IDEMPOTENCY_IN_PROGRESS' || Date.now() > until) return a;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** The id the answer names for the thing the request made. */
function answeredId(r: Keyed, a: Answer): string | undefined {
  const d = a.body?.data;
  switch (r.kind) {
    case 'card tip':
    case 'anonymous chat tip':
      return d?.tip_id;
    case 'wallet tip':
    case 'wallet unlock':
      return d?.transaction_id;
    case 'card unlock':
    case 'chat unlock':
    case 'subscription':
    case 'resubscribe':
    case 'migration':
      return d?.transactionId;
    case 'paid message':
      return d?.transactionId;
    case 'add card':
    case 'mass message':
    case 'post':
      return d?._id;
    case 'top-up':
      return d?.payment_id;
  }
}

async function verify(server: RunningServer, requests: Keyed[], first: Map<string, Answer>, retried: Map<string, Answer>, seedCaptures: number) {
  const events = await server.services.store.readAll({ after: null, maxCount: 1_000_000 });
  const captures = events.filter((e) => e.type === 'PaymentCaptured').map((e) => e.data as { paymentId: string; userId: string; requestKey?: string; gatewayTransactionId: string });
  const problems: string[] = [];
  for (const r of requests) {
    const a = retried.get(r.key)!;
    if (a.status !== 200 && a.status !== 201) {
      problems.push(`${r.key}: retry answered ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
      continue;
    }
    const before = first.get(r.key);
    // A stored answer comes back as it was (its JSON keys may be in another order).
    if (before && before.status < 500 && !isDeepStrictEqual(before.body, a.body)) problems.push(`${r.key}: the retry's answer differs from the first answer: ${before.status} ${JSON.stringify(before.body).slice(0, 300)} then ${JSON.stringify(a.body).slice(0, 300)}`);
    const id = answeredId(r, a);
    if (['add card', 'mass message', 'post', 'top-up'].includes(r.kind)) {
      const type = { 'add card': 'CardAdded', 'mass message': 'MassMessageCreated', post: 'PostCreated', 'top-up': 'CryptoPaymentCreated' }[r.kind as 'add card'];
      const made = events.filter((e) => e.type === type && e.metadata.userId === r.userId && JSON.stringify(e.data).includes(String(id)));
      if (made.length !== 1) problems.push(`${r.key}: ${made.length} ${type} events name the answered id ${id}`);
      continue;
    }
    const mine = captures.filter((c) => c.userId === r.userId && c.requestKey === r.key);
    if (mine.length !== 1) problems.push(`${r.key}: ${mine.length} captures carry the key`);
    else if (id !== mine[0].paymentId && id !== mine[0].gatewayTransactionId) problems.push(`${r.key}: the answer names ${id}, the capture is ${mine[0].paymentId} / ${mine[0].gatewayTransactionId}`);
  }
  // One saved Mastercard per fan, five mass messages, one top-up each for the five asked.
  const mastercards = events.filter((e) => e.type === 'CardAdded' && (e.data as { last4?: string }).last4 === '4444');
  if (mastercards.length !== 5) problems.push(`${mastercards.length} Mastercards saved for 5 keys`);
  const mass = events.filter((e) => e.type === 'MassMessageCreated');
  if (mass.length !== 5) problems.push(`${mass.length} mass messages for 5 keys`);
  const posts = events.filter((e) => e.type === 'PostCreated' && String((e.data as { caption?: string }).caption).startsWith('Post '));
  if (posts.length !== 5) problems.push(`${posts.length} posts for 5 keys`);
  expect(problems).toEqual([]);
  // One capture per request that pays: no more money was taken than was asked for; each carries its key, and the
  // auditor's check agrees (it names a key captured twice).
  const keyed = requests.filter((r) => !['add card', 'mass message', 'post', 'top-up'].includes(r.kind)).length;
  expect(captures.length - seedCaptures, 'captures for the keyed requests').toBe(keyed);
  expect(captures.filter((c) => c.requestKey).length).toBe(keyed);
  const head = await server.services.store.headPosition();
  if (head) expect(await server.services.runner.waitFor(head, 90_000)).toBe(true);
  const { database } = server.services;
  const report = await checkLedger(server.services.store, database.db, () => sandboxNetCents(database), () => sandboxCryptoReceived(database));
  expect(report.problems).toEqual([]);
}

/** Fires every request at once at `base`; resolves when all were answered or cut. */
function fire(base: string, requests: Keyed[], first: Map<string, Answer>) {
  return Promise.all(
    requests.map((r) =>
      call(base, 'POST', r.url, r.body, { authorization: r.token, 'idempotency-key': r.key }).then(
        (a) => void first.set(r.key, a),
        () => undefined, // cut by the kill
      ),
    ),
  );
}

function crashCase(backend: 'pglite' | 'postgres', nodes: 1 | 2) {
  it(`${backend}${nodes === 2 ? ', two API nodes' : ''}: 70 keyed requests cut by kill -9 after the 12th capture, every key retried: one capture per key, the first attempt's ids`, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    let env: Record<string, string> = {
      PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: dataDir, FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123',
      LOG_LEVEL: 'silent', IDEMPOTENCY_LEASE_SECONDS: '3', FANCLUB_SECRET: 'keyed-retry-crash-secret-0123456789abcdef',
    };
    if (backend === 'postgres') {
      const db = await createTestDatabase();
      cleanups.push(db.drop);
      env = { ...env, DATABASE_URL: db.url };
    } else {
      // The data folder starts from the run's migrated PGlite template (as every test server's does), not an empty one.
      copyPgliteTemplate(dataDir);
    }
    // The data, written by a server that then stays (the second node) or stops (one node: the child takes the folder).
    let server = await inProcess({ ...env, FANCLUB_INSTANCE_ID: 'node-b' });
    const seeded = await seed(server);
    const requests = keyedRequests(seeded, seeded.adminId, `${backend}${nodes}`);
    const seedCaptures = (await server.services.store.readAll({ after: null, maxCount: 1_000_000 })).filter((e) => e.type === 'PaymentCaptured').length;
    if (nodes === 1) await server.close();

    // The node that dies: it kills itself right after recording its 12th capture.
    const dying: ChildServer = await startChildServer({ ...env, FANCLUB_INSTANCE_ID: 'node-a', ...(nodes === 2 ? { FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'node-a-')) } : {}) }, { FANCLUB_FAILPOINT: 'payment-captured:12' });
    cleanups.push(dying.kill);
    const first = new Map<string, Answer>();
    await fire(dying.base, requests, first);
    expect(await dying.exited).toBe('SIGKILL');
    const cut = requests.filter((r) => !first.has(r.key));
    expect(cut.length, 'requests cut by the kill').toBeGreaterThan(0);

    if (nodes === 1) {
      server = await inProcess({ ...env, FANCLUB_INSTANCE_ID: 'node-a' });
    }
    cleanups.push(() => server.close());
    const base = baseOf(server);
    const retried = new Map<string, Answer>();
    await Promise.all(requests.map(async (r) => retried.set(r.key, await retry(base, r))));
    await verify(server, requests, first, retried, seedCaptures);
  }, 300_000);
}

describe('one Idempotency-Key, one payment, across a real kill -9', () => {
  crashCase('pglite', 1);
  describe.skipIf(!postgres)('on the Postgres server', () => {
    crashCase('postgres', 1);
    crashCase('postgres', 2);
  });
});

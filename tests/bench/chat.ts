// Chat benchmark: a subscriber's conversation page (GET /api/chat/get_messages: lock states, media views, signed
// URLs, read marks) against a plain SELECT of the same page from the chat_messages read model, in the same run;
// and the latency of the commands that move money in chat — a locked message bought from the wallet and a
// pay-per-message send — next to a free text send. Messages are seeded as events and projected first.
// Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { chatMessageStream } from '../../domain/chat/chat-message';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { comparePositions, type NewEvent, type Position } from '../../infra/eventstore/port';
import { startTestServer, TEST_CARD_FORM, type Backend } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { load, loadOverHttp, printPageFigures } from './feed';

type Figures = { perSecond: number; p50: number; p99: number };
export interface ChatBenchResult {
  messages: number;
  page: Figures;
  /** The same requests with the read caches off (FANCLUB_READ_CACHE=false): every page reads the database. */
  cold: Figures;
  raw: Figures;
  freeSend: Figures;
  paidSend: Figures;
  walletUnlock: Figures;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function sequential(n: number, run: (i: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await run(i);
    latencies.push(performance.now() - s);
  }
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round(n / ((performance.now() - t0) / 1000)), p50: Math.round(pct(latencies, 50) * 10) / 10, p99: Math.round(pct(latencies, 99) * 10) / 10 };
}

export async function benchChat(backend: Backend, opts: { messages: number; requests: number; clients: number; commands: number; inspect?: (db: import('kysely').Kysely<import('../../projections/schema').ReadModels>, fanId: string, http: { base: string; token: string; config: { FANCLUB_READ_CACHE?: boolean } }) => Promise<void> }): Promise<ChatBenchResult> {
  const t = await startTestServer(backend);
  try {
    const { store, runner, database } = t.server.services;
    const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
    const admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const adminId = (await call('GET', '/api/users/me', undefined, admin)).body.data._id as string;
    const reg = (await call('POST', '/api/users/register', { name: 'Chat Bench', email: 'chat-bench@example.com', password: 'bench-password-1' })).body.data;
    const fan = reg.token as string;
    const fanId = reg.userId as string;
    const sub = await call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan);
    if (!sub.body.data?.accepted) throw new Error(`subscription failed: ${JSON.stringify(sub.body)}`);
    const sharp = (await import('sharp')).default;
    const img = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 150, g: 60, b: 120 } } }).jpeg().toBuffer();
    const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: 'c.jpg', content_type: 'image/jpeg', media_type: 'message' }, admin)).body.data;
    await fetch(t.base + presign.presigned_url, { method: 'PUT', body: img });
    const mediaId = (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id as string;

    // The conversation: every third message a locked photo from the creator, the rest text from both sides.
    const start = Date.now() - opts.messages * 60_000;
    let next = 0;
    let last: Position | null = null;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < opts.messages) {
          const i = next++;
          const messageId = randomUUID();
          const at = new Date(start + i * 60_000).toISOString();
          const fromStaff = i % 2 === 0;
          const locked = i % 3 === 0;
          const event: NewEvent = {
            id: randomUUID(),
            type: 'ChatMessageSent',
            data: {
              messageId, fanId, senderId: fromStaff || locked ? adminId : fanId, fromStaff: fromStaff || locked, type: locked ? 'photo' : 'text', text: `Message ${i}`,
              media: locked ? [{ mediaId, kind: 'photo' }] : [], previewMediaId: null, priceCents: locked ? 500 + (i % 10) * 100 : 0, uniqueId: null, payPerMessage: null, sentAt: at,
            },
            metadata: { correlationId: randomUUID(), causationId: null, userId: adminId, role: 'admin', proxyAdminId: null, ip: null, at },
          };
          const r = await store.appendToStream(chatMessageStream(messageId), [event], { expectedRevision: 'no_stream' });
          if (!last || comparePositions(r.position, last) > 0) last = r.position;
        }
      }),
    );
    if (last) await runner.waitFor(last, 300_000);
    await sql`ANALYZE`.execute(database.db);
    if (opts.inspect) await opts.inspect(database.db, fanId, { base: t.base, token: fan, config: t.server.services.config });

    const pages = Math.max(1, Math.floor(opts.messages / 30));
    const page = (i: number) => 1 + ((i * 7919) % Math.min(pages, 100));
    const rawPage = (i: number) =>
      sql`SELECT * FROM rm.chat_messages WHERE fan_id = ${fanId} AND status = 'sent' ORDER BY created_at DESC, id DESC LIMIT 30 OFFSET ${(page(i) - 1) * 30}`.execute(database.db);
    for (let i = 0; i < 20; i++) {
      await call('GET', `/api/chat/get_messages?page_num=${page(i)}`, undefined, fan);
      await rawPage(i);
    }
    // Alternating rounds, as in the feed bench: cached endpoint, the endpoint with the read caches off
    // (FANCLUB_READ_CACHE=false), the raw SELECT; medians reported.
    const endpoint = () => loadOverHttp(Array.from({ length: opts.requests }, (_, i) => `${t.base}/api/chat/get_messages?page_num=${page(i)}`), { authorization: fan }, opts.requests, opts.clients);
    const endpointRounds: Figures[] = [];
    const coldRounds: Figures[] = [];
    const rawRounds: Figures[] = [];
    for (let round = 0; round < 3; round++) {
      endpointRounds.push(await endpoint());
      t.server.services.config.FANCLUB_READ_CACHE = false;
      try {
        coldRounds.push(await endpoint());
      } finally {
        t.server.services.config.FANCLUB_READ_CACHE = true;
      }
      rawRounds.push(await load(opts.requests, opts.clients, async (i) => void (await rawPage(i))));
    }
    const median = (rs: Figures[]) => [...rs].sort((a, b) => a.perSecond - b.perSecond)[1];
    const cold = median(coldRounds);

    // Commands: free sends, then pay-per-message sends (by card), then wallet unlocks of fresh locked messages.
    const freeSend = await sequential(opts.commands, async (i) => {
      const r = await call('POST', '/api/chat/send_message', { message: `free ${i}`, uniqueId: `free-${i}` }, fan);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    });
    await t.call('PUT', '/admin-api/settings/site', { is_pay_per_message_enabled: true, pay_per_message_amount: 1 }, { token: admin });
    const paidSend = await sequential(opts.commands, async (i) => {
      const r = await call('POST', '/api/chat/send_message', { message: `paid ${i}`, uniqueId: `paid-${i}`, isPayPerMessageEnabled: true, payPerMessageAmount: 1 }, fan);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    });
    await topUpWallet(t, fan, 1000);
    const locked: string[] = [];
    for (let i = 0; i < opts.commands; i++)
      locked.push((await call('POST', '/api/chat/send_message', { receiver: fanId, message: 'for the bench', media: [mediaId], isLocked: true, amount: 5 }, admin)).body.data.message._id);
    const walletUnlock = await sequential(opts.commands, async (i) => {
      const r = await call('POST', '/api/crypto/purchase-from-wallet', { payment_for: 'chat', content_id: locked[i], amount: 5 }, fan);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    });
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM rm.chat_messages`.execute(database.db);
    return { messages: Number(count.rows[0].n), page: median(endpointRounds), cold, raw: median(rawRounds), freeSend, paidSend, walletUnlock };
  } finally {
    await t.close();
  }
}

export function printChat(r: ChatBenchResult) {
  printPageFigures(`chat page GET /api/chat/get_messages (a subscriber, ${r.messages.toLocaleString()} messages; medians of 3 interleaved rounds)`, { raw: r.raw, cold: r.cold, cached: r.page }, {
    cold: '(target ≥ 70%)',
    cached: '(targets ≥ 70%, p99 < 50 ms)',
  });
  console.log(`send a free text (HTTP, sequential)   p50 ${r.freeSend.p50} ms   p99 ${r.freeSend.p99} ms`);
  console.log(`send a paid message (card)            p50 ${r.paidSend.p50} ms   p99 ${r.paidSend.p99} ms`);
  console.log(`unlock a message from the wallet      p50 ${r.walletUnlock.p50} ms   p99 ${r.walletUnlock.p99} ms`);
}

// Runs on one back end (PGlite, live.pglite.test.ts): what it tests (Janus, the relay, sessions, billing rules) does not depend on the event store or read-model database; the tip and wallet payments it makes run on both in tips.suite.ts and wallet.suite.ts.
// Live streaming over real HTTP, a real database and a REAL Janus (part D): every /api/stream/* call and
// who may make it, the settings (and the media server's status), group and one-to-one sessions, tokens on the media
// server's allowed list (subscribers only, the invited fan only, a guessed token nothing, revoked on remove_token,
// block and stop), "Stream already started with another user.", comments with the spec's messages, live tips by
// wallet and card landing in earnings (and taken back by a refund), anonymous tips hidden from other fans but named to
// admins, the socket frames and their audiences, per-minute billing of a one-to-one from the wallet with a moved
// clock, the sessions report, and a rebuild that reproduces the live read models. The ledger check runs at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import type { LiveMediaServer, LiveRelayBackend } from '../../infra/live/port';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { JanusTestClient, publishTestStream, startTestJanus, watchTestStream } from '../support/janus';
import type { SandboxCardGateway } from '../../infra/payments/sandbox-card-gateway';
import { LIVE_PUBLISHER_GRACE_MS } from '../../domain/live/live-session';

type Frame = { type: string; data: any };

export function liveSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`live streaming over HTTP with a real Janus (${backend})`, () => {
    let t: TestServer;
    let janus: (LiveMediaServer & { relay: LiveRelayBackend }) | null = null;
    let stopJanus: () => Promise<void> = async () => {};
    let admin: string;
    let model: string;
    let offset = 0;
    const tokens = new Map<string, string>();
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    const db = () => t.server.services.database.db;
    const settle = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
    };
    let n = 0;
    const fan = async (label: string, subscribed = true) => {
      const r = await post('/api/users/register', { name: `Live ${label}`, email: `live.${label}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string, name: `Live ${label}`, email: `live.${label}.${n}@example.com` };
      if (subscribed) expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token)).body.data.accepted).toBe(true);
      return f;
    };
    const staff = async (role: string) => {
      if (tokens.has(role)) return tokens.get(role)!;
      const email = `live.${role}.${++n}@example.com`;
      const created = await post('/admin-api/users', { name: `Live ${role}`, email, role }, admin);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      const token = (await post('/api/users/login', { email, password: created.body.generated_password })).body.data.token as string;
      tokens.set(role, token);
      return token;
    };
    const allowed = (room: number, token: string) => janus!.relay.tokenAllowed(room, token);
    const socket = async (token: string) => {
      const frames: Frame[] = [];
      const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
      await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
      ws.send(JSON.stringify({ type: 'AUTH', data: { token } }));
      const waitFor = async (pick: (f: Frame) => boolean, ms = 10_000) => {
        const until = Date.now() + ms;
        while (Date.now() < until && !frames.some(pick)) await new Promise((r) => setTimeout(r, 25));
        return frames.filter(pick);
      };
      expect(await waitFor((f) => f.type === 'AUTH_OK')).toHaveLength(1);
      return { frames, waitFor, send: (f: unknown) => ws.send(JSON.stringify(f)), close: () => ws.close() };
    };
    const until = async (check: () => Promise<boolean>, ms = 10_000) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if (await check()) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    };
    const stop = async (token = model) => {
      const r = await post('/api/stream/stop_stream', {}, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const enable = async (on = true, extra: Record<string, unknown> = {}) => {
      const r = await post('/api/stream/save_settings', { enable_live_streaming: on, ...extra }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };

    const relayUrl = () => `${t.base.replace('http', 'ws')}/api/stream/janus`;
    /** The publisher on air through the relay (a werift peer sending a test pattern); `kill` drops its socket as a dead browser's would. */
    const onAir = async (live: any, token = model) => {
      const pub = await JanusTestClient.connect(relayUrl(), { authorization: token });
      const p = await pub.attach();
      const joined = await pub.message(p, { request: 'join', ptype: 'publisher', room: live.room, token: live.streamToken, display: 'Creator' });
      expect(joined.data.videoroom, JSON.stringify(joined.data)).toBe('joined');
      const media = await publishTestStream(pub, p);
      await media.connected;
      expect((await post('/api/stream/set_stream_data', { room: live.room, pubId: String(joined.data.id), pubPvtId: String(joined.data.private_id ?? 0) }, token)).status).toBe(200);
      // The relay reported the media up and the session recorded it.
      expect(await eventOf(live.sessionId, 'LivePublisherConnected', (d) => d.handle === String(p.handle))).not.toBeNull();
      return {
        feed: joined.data.id as number, handle: p.handle,
        async off() { await media.stop(); pub.close(); },
        async kill() { pub.ws.terminate(); await media.stop(); },
      };
    };
    /** A fan's viewer tab: add_token (with the confirmed price of a billed call), then a werift subscriber through the relay whose media comes up. */
    const watch = async (f: { token: string }, live: any, feed: number, confirmed?: number) => {
      const tok = await post('/api/stream/add_token', confirmed === undefined ? {} : { price_per_minute_cents: confirmed }, f.token);
      expect(tok.status, JSON.stringify(tok.body)).toBe(200);
      const view = await JanusTestClient.connect(relayUrl(), { authorization: f.token });
      const media = await watchTestStream(view, await view.attach(), { room: live.room, token: tok.body.data.streamToken, streams: [{ feed }] });
      expect(media.joined.videoroom, JSON.stringify(media.joined)).toBe('attached');
      await media.connected;
      expect(await eventOf(live.sessionId, 'LiveViewerConnected', (d) => d.token === tok.body.data.streamToken)).not.toBeNull();
      return { view, media, token: tok.body.data.streamToken as string, async kill() { view.ws.terminate(); await media.stop(); } };
    };
    const sessionStream = async (sessionId: string) => t.server.services.store.readStream(`live-session-${sessionId}`);
    /** Waits for the session's event of this type (a signal the relay's report was recorded). */
    const eventOf = async (sessionId: string, type: string, pick: (d: any) => boolean = () => true, ms = 20_000) => {
      let found: any = null;
      await until(async () => !!(found = (await sessionStream(sessionId)).find((e) => e.type === type && pick(e.data))), ms);
      return found as { type: string; data: any } | null;
    };
    const clockNow = () => t.server.services.clock().toISOString();
    /** Waits until the relayed connections holding these tokens answered a heartbeat at or after the server's clock now. */
    const heartbeatAfterNow = async (tokens: string[]) => {
      const now = clockNow();
      const presence = t.server.services.livePresence as unknown as { lastSeenOf(tokens: string[]): string | null };
      expect(await until(async () => (presence.lastSeenOf(tokens) ?? '') >= now, 10_000)).toBe(true);
    };
    const chargedMinutes = async (userId: string) =>
      (await sql<{ amount_cents: string }>`SELECT amount_cents FROM rm.transactions WHERE type = 'live_minute' AND user_id = ${userId} AND status = 'captured' ORDER BY created_at`.execute(db())).rows.map((r) => Number(r.amount_cents));

    beforeAll(async () => {
      const j = await startTestJanus();
      janus = j.liveMedia;
      stopJanus = j.stop;
      t = await startTestServer(backend, {}, { deliverNotices: false, liveMedia: janus });
      t.server.services.clock = () => new Date(Date.now() + offset);
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      model = await staff('model');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await stopJanus();
    });

    it('settings: the media server\'s status, save_settings for the settings roles only, live off refuses going live', async () => {
      const s = await get('/api/stream/get_settings', model);
      expect(s.status).toBe(200);
      expect(s.body.data).toMatchObject({ enable_live_streaming: false, price_per_minute_cents: 0, media: { available: true } });
      const f = await fan('settings', false);
      expect((await get('/api/stream/get_settings', f.token)).body.data.media.available).toBe(true);
      expect((await get('/api/stream/get_settings')).status).toBe(401);
      for (const role of ['content_manager', 'live_stream_manager', 'support']) expect((await post('/api/stream/save_settings', { enable_live_streaming: true }, await staff(role))).status).toBe(403);
      expect((await post('/api/stream/save_settings', { enable_live_streaming: true }, f.token)).status).toBe(403);
      for (const [body, field] of [[{ enable_live_streaming: 'yes' }, 'enable_live_streaming'], [{ price_per_minute: -1 }, 'price_per_minute'], [{ price_per_minute: 'abc' }, 'price_per_minute'], [{ live_streaming_server_url: 'javascript:alert(1)' }, 'live_streaming_server_url']] as const) {
        const r = await post('/api/stream/save_settings', body, admin);
        expect([r.status, r.body.field], JSON.stringify(r.body)).toEqual([400, field]);
      }
      const off = await post('/api/stream/start_stream', { isGroupLiveStream: true }, model);
      expect([off.status, off.body.message]).toEqual([403, 'Live streaming is turned off.']);
      const saved = await enable(true, { price_per_minute: '2.50', live_streaming_server_url: 'wss://live.example.com' });
      expect(saved).toMatchObject({ enable_live_streaming: true, price_per_minute: 2.5, price_per_minute_cents: 250, live_streaming_server_url: 'wss://live.example.com' });
      await enable(true, { price_per_minute: 0 });
    });

    it('who may go live: model, live_stream_manager and admins; not sub_admin, content_manager, support or fans', async () => {
      const f = await fan('not-publisher');
      for (const token of [f.token, await staff('sub_admin'), await staff('content_manager'), await staff('support')]) {
        expect((await post('/api/stream/start_stream', { isGroupLiveStream: true }, token)).status).toBe(403);
      }
      for (const token of [await staff('live_stream_manager'), admin]) {
        const r = await post('/api/stream/start_stream', { isGroupLiveStream: true }, token);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        await stop(token);
      }
      const bad = await post('/api/stream/start_stream', { isGroupLiveStream: true, tabToken: 'XYZ' }, model);
      expect([bad.status, bad.body.field]).toEqual([400, 'tabToken']);
      expect((await post('/api/stream/start_stream', { isGroupLiveStream: false }, model)).body.field).toBe('userId');
      expect((await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: 'nobody' }, model)).status).toBe(404);
    });

    it('group live: the room with the publisher token, subscribers get tokens on the room\'s allowed list, others and guesses nothing', async () => {
      const [a, b, guest] = [await fan('group-a'), await fan('group-b'), await fan('group-guest', false)];
      const aSocket = await socket(a.token);
      const guestSocket = await socket(guest.token);
      const modelSocket = await socket(model);
      try {
        const started = await post('/api/stream/start_stream', { isGroupLiveStream: true, tabToken: '00aa11bb22cc' }, model);
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        const live = started.body.data;
        expect(live).toMatchObject({ isGroup: true, tabToken: '00aa11bb22cc', resumed: false, isLiveStreamStarted: true });
        expect(live.streamToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
        expect(await allowed(live.room, live.streamToken)).toBe(true);
        // Everyone online hears GROUP_LIVE_STARTED; only the publisher gets LIVE_STARTED with the token.
        // Fans get the empty frame (they read GET /api/stream/current); staff the session.
        expect((await aSocket.waitFor((f) => f.type === 'GROUP_LIVE_STARTED'))[0].data).toEqual({});
        expect((await modelSocket.waitFor((f) => f.type === 'GROUP_LIVE_STARTED'))[0].data).toMatchObject({ sessionId: live.sessionId, isGroup: true });
        expect(await guestSocket.waitFor((f) => f.type === 'GROUP_LIVE_STARTED')).toHaveLength(1);
        expect((await modelSocket.waitFor((f) => f.type === 'LIVE_STARTED'))[0].data).toMatchObject({ streamToken: live.streamToken, tabToken: '00aa11bb22cc' });
        expect(aSocket.frames.some((f) => f.type === 'LIVE_STARTED')).toBe(false);
        // A reload of the same session resumes it.
        const again = await post('/api/stream/start_stream', { isGroupLiveStream: true }, model);
        expect(again.body.data).toMatchObject({ sessionId: live.sessionId, resumed: true, streamToken: live.streamToken });
        expect((await post('/api/stream/set_stream_data', { room: live.room, pubId: 123, pubPvtId: '456' }, model)).status).toBe(200);
        // The feed is up: staff hear it with the feed id, fans not watching get the empty frame (and read current).
        expect((await modelSocket.waitFor((f) => f.type === 'LIVE_STREAM_DATA'))[0].data).toMatchObject({ sessionId: live.sessionId, pubId: '123' });
        expect((await aSocket.waitFor((f) => f.type === 'LIVE_STREAM_DATA'))[0].data).toEqual({});
        expect((await post('/api/stream/set_stream_data', { room: live.room, pubId: 1, pubPvtId: 2 }, await staff('live_stream_manager'))).status).toBe(403);
        // Fans see the session (Join Stream, the ribbon); the tip total only for the publisher's side.
        const cur = (await get('/api/stream/current', guest.token)).body.data.session;
        expect(cur).toMatchObject({ sessionId: live.sessionId, isGroup: true, isJoined: false });
        expect(cur.tipTotalCents).toBeUndefined();
        expect((await get('/api/stream/current', model)).body.data.session).toMatchObject({ tipTotalCents: 0, isPublisher: true });

        const tokA = await post('/api/stream/add_token', {}, a.token);
        expect(tokA.status, JSON.stringify(tokA.body)).toBe(200);
        expect(tokA.body.data).toMatchObject({ status: 'success', room: live.room, sessionId: live.sessionId, pubId: '123' });
        expect((await get('/api/stream/current', a.token)).body.data.session).toMatchObject({ pubId: '123', isJoined: true });
        expect(await allowed(live.room, tokA.body.data.streamToken)).toBe(true);
        const tokA2 = (await post('/api/stream/add_token', {}, a.token)).body.data.streamToken; // a second tab
        const tokB = (await post('/api/stream/add_token', {}, b.token)).body.data.streamToken;
        const refused = await post('/api/stream/add_token', {}, guest.token);
        expect([refused.status, refused.body.message]).toEqual([403, 'Only subscribers can join the live stream.']);
        expect((await post('/api/stream/add_token', { userId: a.id }, guest.token)).status).toBe(403);
        expect(await allowed(live.room, 'guessed-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(false);
        expect(await allowed(live.room + 1, tokA.body.data.streamToken)).toBe(false);
        // The relay's join policy: the token must be the caller's own, only the publisher publishes.
        const policy = t.server.services.liveJoinPolicy!;
        expect(await policy({ userId: a.id, role: 'user' }, { room: live.room, ptype: 'subscriber', token: tokA2 })).toBeNull();
        expect(await policy({ userId: guest.id, role: 'user' }, { room: live.room, ptype: 'subscriber', token: tokA2 })).toBe('This stream token is not yours.');
        expect(await policy({ userId: a.id, role: 'user' }, { room: live.room, ptype: 'publisher', token: tokA2 })).not.toBeNull();
        expect(await policy({ userId: cur.publisherId, role: 'model' }, { room: live.room, ptype: 'publisher', token: live.streamToken })).toBeNull();
        // The viewers list: a badge for several connections; the publisher's side and viewers ask, a non-viewer does not.
        const viewers = (await get('/api/stream/viewers', model)).body.data;
        expect(viewers.count).toBe(2);
        expect(viewers.userList.find((v: any) => v._id === a.id)).toMatchObject({ name: a.name, count: 2 });
        expect((await get('/api/stream/viewers', guest.token)).status).toBe(403);
        aSocket.send({ type: 'GET_VIEWER', data: {} });
        expect((await aSocket.waitFor((f) => f.type === 'SET_VIEWER' && Array.isArray(f.data.userList)))[0].data.count).toBe(2);
        expect(await modelSocket.waitFor((f) => f.type === 'USER_JOIN_STREAM' && f.data.userId === b.id)).toHaveLength(1);

        // remove_token: one tab's token leaves the allowed list; the other stays.
        expect((await post('/api/stream/remove_token', { streamToken: tokA2 }, a.token)).body.data.removed).toBe(1);
        expect(await allowed(live.room, tokA2)).toBe(false);
        expect(await allowed(live.room, tokA.body.data.streamToken)).toBe(true);
        // A fan cannot put someone else out; the publisher can.
        expect((await post('/api/stream/remove_token', { userId: b.id }, a.token)).status).toBe(403);
        expect((await post('/api/stream/remove_token', { userId: b.id }, model)).body.data.removed).toBe(1);
        expect(await allowed(live.room, tokB)).toBe(false);

        // Closing the page over the socket (LEAVE_GROUP_STREAM) gives up the viewer's tokens too.
        const tokA3 = (await post('/api/stream/add_token', {}, a.token)).body.data.streamToken;
        aSocket.send({ type: 'LEAVE_GROUP_STREAM', data: {} });
        expect(await until(async () => !(await allowed(live.room, tokA3)) && !(await allowed(live.room, tokA.body.data.streamToken)))).toBe(true);
        // Stop: every token revoked, the room gone, everyone told, the publisher's camera stopped.
        const stopped = await stop();
        expect(stopped).toMatchObject({ sessionId: live.sessionId, stopped: true });
        expect(await allowed(live.room, tokA.body.data.streamToken)).toBe(false);
        expect(await allowed(live.room, live.streamToken)).toBe(false);
        expect(await guestSocket.waitFor((f) => f.type === 'GROUP_LIVE_STOPPED')).toHaveLength(1);
        expect(await modelSocket.waitFor((f) => f.type === 'STOP_CAMERA_AUDIO')).toHaveLength(1);
        expect((await get('/api/stream/current', a.token)).body.data.session).toBeNull();
        expect((await post('/api/stream/add_token', {}, a.token)).status).toBe(404);
        expect((await post('/api/stream/stop_stream', {}, model)).status).toBe(404);
      } finally {
        aSocket.close();
        guestSocket.close();
        modelSocket.close();
      }
    });

    it('comments: the spec\'s messages, only inside the session, frames only to its viewers and staff', async () => {
      const [a, outsider] = [await fan('comment-a'), await fan('comment-out')];
      await post('/api/stream/start_stream', { isGroupLiveStream: true }, model);
      const aSocket = await socket(a.token);
      const outSocket = await socket(outsider.token);
      try {
        expect((await post('/api/stream/add_token', {}, a.token)).status).toBe(200);
        const cases: [unknown, number, string][] = [['   ', 400, 'Please type message.'], ['x'.repeat(501), 400, 'Maximum 500 characters allowed.']];
        for (const [message, status, text] of cases) {
          const r = await post('/api/stream/send_message', { message }, a.token);
          expect([r.status, r.body.message, r.body.field]).toEqual([status, text, 'message']);
        }
        expect((await post('/api/stream/send_message', { message: 'hi' }, outsider.token)).body.message).toBe('Join the live stream first.');
        expect((await post('/api/stream/send_message', { message: 'hi' }, await staff('live_stream_manager'))).status).toBe(403);
        expect((await post('/api/stream/send_message', { message: 'bad \u0007 bell' }, a.token)).status).toBe(400);
        const sent = await post('/api/stream/send_message', { message: '  Hello from the front row  ' }, a.token);
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        expect((await post('/api/stream/send_message', { message: 'Welcome everyone', fromAdmin: true }, model)).status).toBe(200);
        const seen = await aSocket.waitFor((f) => f.type === 'GROUP_MESSAGE' && f.data.message === 'Welcome everyone');
        expect(seen[0].data).toMatchObject({ from_admin: true, type: 'text' });
        expect(aSocket.frames.find((f) => f.type === 'GROUP_MESSAGE' && f.data.sender_id === a.id)?.data).toMatchObject({ message: 'Hello from the front row', from_admin: false });
        await new Promise((r) => setTimeout(r, 300));
        expect(outSocket.frames.some((f) => f.type === 'GROUP_MESSAGE')).toBe(false);
        const older = (await post('/api/stream/get_messages', {}, a.token)).body.data.messages;
        expect(older.map((m: any) => m.message)).toEqual(['Hello from the front row', 'Welcome everyone']);
        expect((await post('/api/stream/get_messages', {}, outsider.token)).status).toBe(403);
      } finally {
        aSocket.close();
        outSocket.close();
        await stop();
      }
    });

    it('live tips: wallet and card through the one tip process, in earnings; the total to the publisher; anonymous hidden from other fans, named to admins; a refund takes it back', async () => {
      const [a, b] = [await fan('tip-a'), await fan('tip-b')];
      await topUpWallet(t, a.token, 50);
      const live = (await post('/api/stream/start_stream', { isGroupLiveStream: true }, model)).body.data;
      const modelSocket = await socket(model);
      const adminSocket = await socket(admin);
      const bSocket = await socket(b.token);
      const earnings = async () => (await get('/admin-api/dashboard', admin)).body.earnings_by_source_30d.find((s: any) => s.source === 'tips')?.cents ?? 0;
      try {
        // Not watching yet: refused before any money moves.
        expect((await post('/api/stream/send_tips', { amount: 5, payment_method: 'wallet' }, a.token)).body.message).toBe('Join the live stream first.');
        await post('/api/stream/add_token', {}, a.token);
        await post('/api/stream/add_token', {}, b.token);
        const before = await earnings();
        for (const [body, text] of [[{ amount: 4 }, 'Choose a tip between 5 and 500'], [{ amount: 501 }, 'Choose a tip between 5 and 500']] as const) {
          const r = await post('/api/stream/send_tips', { ...body, payment_method: 'wallet' }, a.token);
          expect([r.status, r.body.message]).toEqual([400, text]);
        }
        expect((await post('/api/stream/send_tips', { amount: 5 }, model)).status).toBe(403);
        const anon = await post('/api/stream/send_tips', { amount: 7, is_anonymous: true, payment_method: 'wallet' }, a.token);
        expect(anon.status, JSON.stringify(anon.body)).toBe(200);
        expect(anon.body.data).toMatchObject({ accepted: true, amount_cents: 700, wallet_balance_cents: 4300 });
        const card = await post('/api/stream/send_tips', { amount: 12, payment_method: 'card', ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, b.token);
        expect(card.status, JSON.stringify(card.body)).toBe(200);
        const declined = await post('/api/stream/send_tips', { amount: 5, payment_method: 'card', ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.decline }, b.token);
        expect(declined.status).toBe(402);
        const short = await post('/api/stream/send_tips', { amount: 100, payment_method: 'wallet' }, a.token);
        expect([short.status, short.body.code]).toEqual([402, 'INSUFFICIENT_FUNDS']);
        expect(await earnings()).toBe(before + 1900);
        const tips = (await sql<{ id: string; tip_from: string; is_anonymous: boolean }>`SELECT id, tip_from, is_anonymous FROM rm.tips WHERE id IN (${anon.body.data.tip_id}, ${card.body.data.tip_id}) ORDER BY amount_cents`.execute(db())).rows;
        expect(tips.map((x) => [x.tip_from, x.is_anonymous])).toEqual([['live', true], ['live', false]]);
        // The running total to the publisher's side; the anonymous tipper named to admins only.
        expect((await modelSocket.waitFor((f) => f.type === 'SET_TIP_AMOUNT' && f.data.totalCents === 1900)).length).toBeGreaterThan(0);
        expect((await adminSocket.waitFor((f) => f.type === 'GROUP_MESSAGE' && f.data._id === anon.body.data.tip_id))[0].data).toMatchObject({ sender_id: a.id, is_anonymous: true, amount: 7 });
        expect((await modelSocket.waitFor((f) => f.type === 'GROUP_MESSAGE' && f.data._id === anon.body.data.tip_id))[0].data).toMatchObject({ sender_id: null, name: null });
        expect((await bSocket.waitFor((f) => f.type === 'GROUP_MESSAGE' && f.data._id === anon.body.data.tip_id))[0].data).toMatchObject({ sender_id: null, name: null, amount: 7 });
        expect(bSocket.frames.some((f) => f.type === 'SET_TIP_AMOUNT')).toBe(false);
        expect((await get('/api/stream/current', model)).body.data.session.tipTotalCents).toBe(1900);
        // A refund takes the card tip back, in earnings and in the session's report.
        const refund = await post(`/admin-api/transactions/${card.body.data.tip_id}/refund`, { kind: 'refund', reason: 'Test' }, admin);
        expect(refund.status, JSON.stringify(refund.body)).toBe(200);
        await settle();
        expect(await earnings()).toBe(before + 700);
        const report = (await post('/api/stream/get_live_stream_reports', {}, admin)).body.data.sessions.find((s: any) => s._id === live.sessionId);
        expect(report).toMatchObject({ tipsCount: 1, tipsCents: 700, earningsCents: 700 });
      } finally {
        modelSocket.close();
        adminSocket.close();
        bSocket.close();
        await stop();
      }
    });

    it('a card tip whose capture the provider confirms later (its notice, not the charge\'s answer) joins the running total and the report, also after the stop; a chargeback takes it back', async () => {
      const gateway = t.server.services.gateway as SandboxCardGateway;
      const c = await fan('late-capture');
      const live = (await post('/api/stream/start_stream', { isGroupLiveStream: true }, model)).body.data;
      const modelSocket = await socket(model);
      const report = async () => (await post('/api/stream/get_live_stream_reports', {}, admin)).body.data.sessions.find((x: any) => x._id === live.sessionId);
      /** The provider captures the charge, but its answer never reaches the site (a timeout): only its notice will. */
      const answerLost = async (body: Record<string, unknown>) => {
        const real = gateway.charge;
        gateway.charge = async (request) => {
          gateway.charge = real;
          await real(request);
          throw new Error('The card provider did not answer in time.');
        };
        try {
          const r = await post('/api/stream/send_tips', { payment_method: 'card', ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve, ...body }, c.token);
          expect(r.status).not.toBe(200);
        } finally {
          gateway.charge = real;
        }
        await settle();
        const tip = (await sql<{ id: string; status: string }>`SELECT id, status FROM rm.tips WHERE user_id = ${c.id} AND tip_from = 'live' ORDER BY requested_at DESC LIMIT 1`.execute(db())).rows[0];
        expect(tip.status).toBe('requested');
        const notice = (await gateway.pendingNotices()).find((n) => n.type === 'charge.succeeded' && n.data.idempotency_key === tip.id)!;
        expect(notice).toBeTruthy();
        return { tipId: tip.id, noticeId: notice.id };
      };
      try {
        await post('/api/stream/add_token', {}, c.token);
        const first = await answerLost({ amount: 9 });
        expect((await get('/api/stream/current', model)).body.data.session.tipTotalCents).toBe(0);
        expect(await report()).toMatchObject({ tipsCount: 0, tipsCents: 0 });
        // The capture notice arrives: the session counts the tip, the publisher's total moves live.
        expect(await gateway.deliver({ ids: [first.noticeId] })).toEqual([{ id: first.noticeId, status: 200 }]);
        await settle();
        expect((await modelSocket.waitFor((f) => f.type === 'SET_TIP_AMOUNT' && f.data.sessionId === live.sessionId && f.data.totalCents === 900)).length).toBeGreaterThan(0);
        expect((await modelSocket.waitFor((f) => f.type === 'GROUP_MESSAGE' && f.data._id === first.tipId))[0].data).toMatchObject({ type: 'tips', sender_id: c.id, name: c.name, amount: 9 });
        expect((await get('/api/stream/current', model)).body.data.session.tipTotalCents).toBe(900);
        expect(await report()).toMatchObject({ tipsCount: 1, tipsCents: 900, earningsCents: 900 });
        // A second one whose notice only comes after the session ended: it still belongs to that session.
        const second = await answerLost({ amount: 6 });
        await stop();
        expect(await gateway.deliver({ ids: [second.noticeId] })).toEqual([{ id: second.noticeId, status: 200 }]);
        await settle();
        expect(await report()).toMatchObject({ status: 'stopped', tipsCount: 2, tipsCents: 1500, earningsCents: 1500 });
        // The bank takes the first one back: out of the report, as a refund does.
        expect((await gateway.chargeback(first.tipId, 'Not recognised')).status).toBe('reversed');
        const back = (await gateway.pendingNotices()).filter((n) => n.data.idempotency_key === first.tipId).map((n) => n.id);
        expect((await gateway.deliver({ ids: back })).map((d) => d.status)).toEqual([200]);
        await settle();
        expect(await report()).toMatchObject({ tipsCount: 1, tipsCents: 600, earningsCents: 600 });
        const rows = (await sql<{ tip_id: string; status: string }>`SELECT tip_id, status FROM rm.live_tips WHERE session_id = ${live.sessionId} ORDER BY amount_cents`.execute(db())).rows;
        expect(rows.map((r) => [r.tip_id, r.status])).toEqual([[second.tipId, 'sent'], [first.tipId, 'chargeback']]);
      } finally {
        modelSocket.close();
        if ((await get('/api/stream/current', model)).body.data.session) await stop();
      }
    });

    it('one-to-one: only the invited fan; "Stream already started with another user."; block revokes the token', async () => {
      const [f1, f2] = [await fan('o2o-1'), await fan('o2o-2')];
      const f1Socket = await socket(f1.token);
      const f2Socket = await socket(f2.token);
      const modelSocket = await socket(model);
      try {
        const live = (await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: f1.id }, model)).body.data;
        expect(live).toMatchObject({ isGroup: false, userId: f1.id });
        expect(await f1Socket.waitFor((f) => f.type === 'GO_LIVE' && f.data.userId === f1.id)).toHaveLength(1);
        const busy = await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: f2.id }, model);
        expect([busy.status, busy.body.message, busy.body.code]).toEqual([409, 'Stream already started with another user.', 'STREAM_ALREADY_STARTED']);
        expect((await post('/api/stream/start_stream', { isGroupLiveStream: true }, model)).status).toBe(409);
        modelSocket.send({ type: 'CHECK_STREAM_STARTED', data: { userId: f2.id } });
        expect(await modelSocket.waitFor((f) => f.type === 'STREAM_ALREADY_STARTED')).toHaveLength(1);
        f1Socket.send({ type: 'CHECK_STREAM_STARTED', data: {} });
        expect((await f1Socket.waitFor((f) => f.type === 'LIVE_STATUS'))[0].data).toMatchObject({ isLive: true, isGroup: false, sessionId: live.sessionId });
        f2Socket.send({ type: 'CHECK_STREAM_STARTED', data: {} });
        expect((await f2Socket.waitFor((f) => f.type === 'LIVE_STATUS'))[0].data).toEqual({ isLive: false });
        expect(f2Socket.frames.some((f) => f.type === 'GO_LIVE')).toBe(false);
        expect((await get('/api/stream/current', f2.token)).body.data.session).toBeNull();
        expect((await post('/api/stream/add_token', {}, f2.token)).body.message).toBe('This live stream is for another user.');
        const tok = (await post('/api/stream/add_token', {}, f1.token)).body.data.streamToken;
        expect(await allowed(live.room, tok)).toBe(true);
        expect((await post('/api/stream/send_message', { message: 'y'.repeat(1001) }, f1.token)).body.message).toBe('Maximum 1000 characters allowed.');
        expect((await post('/api/stream/send_message', { message: 'y'.repeat(1000) }, f1.token)).status).toBe(200);
        expect((await post('/api/stream/send_tips', { amount: 5, is_anonymous: true, payment_method: 'wallet' }, f1.token)).body.message).toBe('Anonymous tips are only possible in a group live stream.');
        // A block takes the token away at once (the supervisor follows MemberBlocked) and the fan's screens close.
        expect((await post('/api/admin/update_user_block_status', { user_id: f1.id, is_blocked: true }, admin)).status).toBe(200);
        expect(await until(async () => !(await allowed(live.room, tok)))).toBe(true);
        expect(await modelSocket.waitFor((f) => f.type === 'USER_LEFT_STREAM' && f.data.reason === 'blocked')).toHaveLength(1);
        await post('/api/admin/update_user_block_status', { user_id: f1.id, is_blocked: false }, admin);
      } finally {
        f1Socket.close();
        f2Socket.close();
        modelSocket.close();
        await stop();
      }
    });

    it('a membership taken back (refund) takes the viewer out at once; the supervisor\'s pass finds lapsed ones too', async () => {
      const f = await fan('lapsing');
      const live = (await post('/api/stream/start_stream', { isGroupLiveStream: true }, model)).body.data;
      const tok = (await post('/api/stream/add_token', {}, f.token)).body.data.streamToken;
      try {
        await t.server.liveSupervisor.tick();
        expect(await allowed(live.room, tok)).toBe(true);
        const sub = (await sql<{ id: string }>`SELECT id FROM rm.transactions WHERE user_id = ${f.id} AND type = 'subscription'`.execute(db())).rows[0];
        const refund = await post(`/admin-api/transactions/${sub.id}/refund`, { kind: 'refund', reason: 'Test' }, admin);
        expect(refund.status, JSON.stringify(refund.body)).toBe(200);
        expect(await until(async () => !(await allowed(live.room, tok)))).toBe(true);
        await settle();
        const left = (await sql<{ connections: number }>`SELECT connections FROM rm.live_viewers WHERE session_id = ${live.sessionId} AND user_id = ${f.id}`.execute(db())).rows[0];
        expect(Number(left.connections)).toBe(0);
        expect((await post('/api/stream/add_token', {}, f.token)).body.message).toBe('Only subscribers can join the live stream.');
        // Logging out takes the viewer's tokens away too.
        const g = await fan('logging-out');
        const gTok = (await post('/api/stream/add_token', {}, g.token)).body.data.streamToken;
        expect(await allowed(live.room, gTok)).toBe(true);
        expect((await post('/api/users/logout', {}, g.token)).status).toBe(200);
        expect(await until(async () => !(await allowed(live.room, gTok)))).toBe(true);
      } finally {
        await stop();
      }
    });

    it('through the relay on the real Janus: the publisher publishes with its token, a viewer joins with its own, a borrowed token is refused; the recording lands in the media library', async () => {
      const [viewer, borrower] = [await fan('relay-viewer'), await fan('relay-borrower')];
      const live = (await post('/api/stream/start_stream', { isGroupLiveStream: true }, model)).body.data;
      const relayUrl = `${t.base.replace('http', 'ws')}/api/stream/janus`;
      const pub = await JanusTestClient.connect(relayUrl, { authorization: model });
      const view = await JanusTestClient.connect(relayUrl, { authorization: viewer.token });
      const other = await JanusTestClient.connect(relayUrl, { authorization: borrower.token });
      let publishing: { stop(): Promise<void> } | null = null;
      try {
        const p = await pub.attach();
        const joined = await pub.message(p, { request: 'join', ptype: 'publisher', room: live.room, token: live.streamToken, display: 'Creator' });
        expect(joined.data.videoroom, JSON.stringify(joined.data)).toBe('joined');
        const stream = await publishTestStream(pub, p);
        publishing = stream;
        await stream.connected;
        const publisherId = joined.data.id as number;
        expect((await post('/api/stream/set_stream_data', { room: live.room, pubId: String(publisherId), pubPvtId: String(joined.data.private_id ?? 0) }, model)).status).toBe(200);
        const tok = (await post('/api/stream/add_token', {}, viewer.token)).body.data.streamToken;
        const v = await view.attach();
        const sub = await view.message(v, { request: 'join', ptype: 'subscriber', room: live.room, token: tok, streams: [{ feed: publisherId }] });
        expect(sub.data.error, JSON.stringify(sub.data)).toBeUndefined();
        const o = await other.attach();
        const borrowed = await other.message(o, { request: 'join', ptype: 'subscriber', room: live.room, token: tok, streams: [{ feed: publisherId }] });
        expect(borrowed.data.error).toBeTruthy();
        const guessed = await other.message(o, { request: 'join', ptype: 'subscriber', room: live.room, token: 'guessed-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbb', streams: [{ feed: publisherId }] });
        expect(guessed.data.error).toBeTruthy();
        const viewerPublish = await view.message(await view.attach(), { request: 'join', ptype: 'publisher', room: live.room, token: tok, display: 'Fan' });
        expect(viewerPublish.data.error).toBeTruthy();
        await new Promise((r) => setTimeout(r, 3_000)); // a few seconds of media to record
      } finally {
        await publishing?.stop();
        pub.close();
        view.close();
        other.close();
      }
      await stop();
      expect(await until(async () => {
        const r = (await sql<{ recording_status: string }>`SELECT recording_status FROM rm.live_sessions WHERE id = ${live.sessionId}`.execute(db())).rows[0];
        return r.recording_status !== 'recording';
      }, 90_000)).toBe(true);
      const row = (await sql<{ recording_status: string; recording_media_id: string | null; recording_bytes: string }>`SELECT recording_status, recording_media_id, recording_bytes FROM rm.live_sessions WHERE id = ${live.sessionId}`.execute(db())).rows[0];
      expect(row.recording_status).toBe('ready');
      expect(Number(row.recording_bytes)).toBeGreaterThan(0);
      const media = (await sql<{ id: string; kind: string }>`SELECT id, kind FROM rm.media WHERE id = ${row.recording_media_id}`.execute(db())).rows;
      expect(media).toHaveLength(1);
      expect(media[0].kind).toBe('video');
    }, 150_000);

    it('the lapse rule through the relay on the real Janus: the supervisor\'s pass puts out a watching viewer whose subscription ran out, and ends a billed one-to-one whose wallet cannot pay the next minute', async () => {
      // 1. Group: a subscriber who cancelled keeps watching while paid through; once the period is over the next pass
      //    takes the token off the room's list, the relay closes their Janus socket (4403) and their screens close.
      const f = await fan('lapse-pass');
      const fSocket = await socket(f.token);
      let live = (await post('/api/stream/start_stream', { isGroupLiveStream: true }, model)).body.data;
      let publisher = await onAir(live);
      const days31 = 31 * 86_400_000;
      try {
        const { view, token } = await watch(f, live, publisher.feed);
        expect((await post('/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive', request_from: 'cancel_page' }, f.token)).status).toBe(200);
        await settle();
        await t.server.liveSupervisor.tick();
        expect(await allowed(live.room, token)).toBe(true);
        expect(view.closed).toBeNull();
        // The clock moves past the paid period (login sessions last 30 days too: the fan signs in again there).
        offset += days31;
        try {
          await t.server.liveSupervisor.tick();
          expect(await allowed(live.room, token)).toBe(false);
          expect((await view.waitClosed()).code).toBe(4403);
          expect(await fSocket.waitFor((x) => x.type === 'STOP_LIVE' && x.data.reason === 'subscription_ended')).toHaveLength(1);
          await settle();
          const row = (await sql<{ connections: number }>`SELECT connections FROM rm.live_viewers WHERE session_id = ${live.sessionId} AND user_id = ${f.id}`.execute(db())).rows[0];
          expect(Number(row.connections)).toBe(0);
          const again = (await post('/api/users/login', { email: f.email, password: 'fan password 1' })).body.data.token as string;
          const refused = await post('/api/stream/add_token', {}, again);
          expect([refused.status, refused.body.message]).toEqual([403, 'Only subscribers can join the live stream.']);
        } finally {
          offset -= days31;
        }
      } finally {
        fSocket.close();
        await publisher.off();
        await stop();
      }

      // 2. A billed one-to-one ($3 a minute, $5 in the wallet): the pass after the first minute of call time bills it
      //    and, the wallet unable to pay the next, ends the call: the fan's Janus socket is closed and the token gone.
      await enable(true, { price_per_minute: 3 });
      const g = await fan('lapse-billed');
      await topUpWallet(t, g.token, 5);
      const gSocket = await socket(g.token);
      live = (await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: g.id }, model)).body.data;
      publisher = await onAir(live);
      try {
        const { view, token } = await watch(g, live, publisher.feed, 300);
        await t.server.liveSupervisor.tick();
        expect(await allowed(live.room, token)).toBe(true);
        offset += 65_000;
        await heartbeatAfterNow([token, live.streamToken]);
        await t.server.liveSupervisor.tick();
        expect(await gSocket.waitFor((x) => x.type === 'STOP_LIVE' && x.data.reason === 'wallet_empty')).toHaveLength(1);
        expect(await allowed(live.room, token)).toBe(false);
        expect((await view.waitClosed()).code).toBe(4403);
        await settle();
        const s = (await sql<{ status: string; stop_reason: string; minutes_charged: number }>`SELECT status, stop_reason, minutes_charged FROM rm.live_sessions WHERE id = ${live.sessionId}`.execute(db())).rows[0];
        expect([s.status, s.stop_reason, Number(s.minutes_charged)]).toEqual(['stopped', 'wallet_empty', 1]);
        expect((await post('/api/stream/add_token', {}, g.token)).status).toBe(404);
      } finally {
        gSocket.close();
        await publisher.off();
        await enable(true, { price_per_minute: 0 });
        if ((await get('/api/stream/current', model)).body.data.session) await stop();
      }
    }, 120_000);

    it('per-minute one-to-one billing from the wallet: the fan confirms the price; a minute of call time is one event and one wallet payment; the call ends when the wallet is dry', async () => {
      await enable(true, { price_per_minute: 3 });
      const f = await fan('billed');
      await topUpWallet(t, f.token, 10);
      const get0 = (await get('/api/stream/get_settings', f.token)).body.data;
      expect(get0.price_per_minute_cents).toBe(300);
      const live = (await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: f.id }, model)).body.data;
      // The fan sees the rate and their balance before joining, and joins only with the price confirmed.
      const before = (await get('/api/stream/current', f.token)).body.data.session;
      expect(before).toMatchObject({ pricePerMinuteCents: 300, call: { pricePerMinuteCents: 300, walletBalanceCents: 1000, minutesCharged: 0, chargedCents: 0, callSeconds: 0, billingSince: null } });
      expect((await get('/api/stream/current', model)).body.data.session.call).toBeUndefined();
      for (const body of [{}, { price_per_minute_cents: 200 }]) {
        const unconfirmed = await post('/api/stream/add_token', body, f.token);
        expect([unconfirmed.status, unconfirmed.body.code, unconfirmed.body.message]).toEqual([409, 'PRICE_NOT_CONFIRMED', 'This call costs $3.00 a minute. Please confirm the price to join.']);
      }
      const publisher = await onAir(live);
      const fSocket = await socket(f.token);
      let viewer: Awaited<ReturnType<typeof watch>> | null = null;
      try {
        viewer = await watch(f, live, publisher.feed, 300);
        expect(await eventOf(live.sessionId, 'LiveBillingStarted')).not.toBeNull();
        await settle();
        expect((await get('/api/stream/current', f.token)).body.data.session.call.billingSince).not.toBeNull();
        await t.server.liveSupervisor.tick();
        expect(await chargedMinutes(f.id)).toEqual([]);
        offset += 2 * 60_000 + 5_000;
        await heartbeatAfterNow([viewer.token, live.streamToken]);
        await t.server.liveSupervisor.tick();
        await settle();
        expect(await chargedMinutes(f.id)).toEqual([300, 300]);
        const events = (await sessionStream(live.sessionId)).map((e) => e.type);
        expect(events.filter((e) => e === 'LiveMinuteDelivered')).toHaveLength(2);
        expect(events.filter((e) => e === 'LiveMinuteCharged')).toHaveLength(2);
        expect((await fSocket.waitFor((x) => x.type === 'LIVE_MINUTE_CHARGED')).map((x) => x.data.minute)).toEqual([1, 2]);
        expect((await get('/api/stream/current', f.token)).body.data.session.call).toMatchObject({ minutesCharged: 2, chargedCents: 600, walletBalanceCents: 400 });
        // $10 − $6 = $4: one more minute, then the wallet cannot pay the next one: the call ends cleanly.
        offset += 60_000;
        await heartbeatAfterNow([viewer.token, live.streamToken]);
        await t.server.liveSupervisor.tick();
        await settle();
        const s = (await sql<{ status: string; stop_reason: string; minutes_charged: number; charged_cents: string; call_seconds: number }>`SELECT status, stop_reason, minutes_charged, charged_cents, call_seconds FROM rm.live_sessions WHERE id = ${live.sessionId}`.execute(db())).rows[0];
        expect([s.status, s.stop_reason, Number(s.minutes_charged), Number(s.charged_cents)]).toEqual(['stopped', 'wallet_empty', 3, 900]);
        expect(Number(s.call_seconds)).toBeGreaterThanOrEqual(185);
        expect(await fSocket.waitFor((x) => x.type === 'STOP_LIVE' && x.data.reason === 'wallet_empty')).toHaveLength(1);
        expect(await allowed(live.room, viewer.token)).toBe(false);
        // The minutes count in the chat's earnings (a one-to-one runs in the private chat) and the ledger agrees at close.
      } finally {
        fSocket.close();
        await viewer?.kill();
        await publisher.off();
        await enable(true, { price_per_minute: 0 });
        if ((await get('/api/stream/current', model)).body.data.session) await stop();
      }
    }, 120_000);

    it('a fan whose browser dies 12 s into a $2 call leaves within seconds (the publisher\'s count drops) and pays nothing; a fan frozen after a minute and a half pays that minute only; one that never connected leaves too', async () => {
      await enable(true, { price_per_minute: 2 });
      const f = await fan('killed');
      await topUpWallet(t, f.token, 10);
      const modelSocket = await socket(model);
      let live = (await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: f.id }, model)).body.data;
      let publisher = await onAir(live);
      try {
        // 0. Died after getting its token, before its media came up: it leaves once it had the time to connect.
        const early = await post('/api/stream/add_token', { price_per_minute_cents: 200 }, f.token);
        expect(early.status, JSON.stringify(early.body)).toBe(200);
        expect(await modelSocket.waitFor((x) => x.type === 'SET_VIEWER' && x.data.sessionId === live.sessionId && x.data.count === 1)).not.toHaveLength(0);
        await t.server.liveSupervisor.tick();
        expect((await get('/api/stream/viewers', model)).body.data.count).toBe(1);
        offset += 31_000;
        await t.server.liveSupervisor.tick();
        expect(await eventOf(live.sessionId, 'LiveViewerLeft', (d) => d.cause === 'never_connected' && d.tokens.includes(early.body.data.streamToken))).not.toBeNull();
        await settle();
        expect((await get('/api/stream/viewers', model)).body.data.count).toBe(0);
        expect(await allowed(live.room, early.body.data.streamToken)).toBe(false);

        // 1. Killed: its socket to the relay closes with the process.
        /** The publisher's SET_VIEWER frames from `mark` on with this count. */
        const countFrom = (mark: number, count: number, ms = 15_000) =>
          modelSocket.waitFor((x) => modelSocket.frames.indexOf(x) >= mark && x.type === 'SET_VIEWER' && x.data.sessionId === live.sessionId && x.data.count === count, ms);
        const joinedMark = modelSocket.frames.length;
        const viewer = await watch(f, live, publisher.feed, 200);
        expect(await countFrom(joinedMark, 1)).not.toHaveLength(0);
        offset += 12_000;
        await heartbeatAfterNow([viewer.token]);
        const killedAt = Date.now();
        const killMark = modelSocket.frames.length;
        await viewer.kill();
        expect(await countFrom(killMark, 0)).not.toHaveLength(0);
        const noticedMs = Date.now() - killedAt;
        console.log(`[live presence] a killed viewer left the publisher's count after ${noticedMs} ms`);
        expect(noticedMs).toBeLessThan(3_000);
        const left = await eventOf(live.sessionId, 'LiveViewerLeft', (d) => d.reason === 'disconnected' && d.tokens.includes(viewer.token));
        expect(left!.data).toMatchObject({ tokens: [viewer.token], cause: 'closed', viewers: 0 });
        expect(await allowed(live.room, viewer.token)).toBe(false);
        expect((await get('/api/stream/viewers', model)).body.data.count).toBe(0);
        // The clock runs on: nothing is ever charged for the 12 s.
        offset += 3 * 60_000;
        await t.server.liveSupervisor.tick();
        await settle();
        expect(await chargedMinutes(f.id)).toEqual([]);
        const stopped = (await sessionStream(live.sessionId)).find((e) => e.type === 'LiveBillingStopped') as { data: any } | undefined;
        expect(stopped!.data).toMatchObject({ reason: 'fan_left' });
        expect(Date.parse(stopped!.data.until) - Date.parse(stopped!.data.since)).toBeLessThan(15_000);

        // 2. Frozen (its process stopped, the network gone): the relay's heartbeat finds it. It was in the call for a
        //    minute and a half: minute 1 is charged (at the loss, from the last heartbeat it answered), the half is not.
        const frozen = await watch(f, live, publisher.feed, 200);
        offset += 90_000;
        await heartbeatAfterNow([frozen.token, live.streamToken]);
        const frozenAt = Date.now();
        frozen.view.ws.pause();
        const lost = await eventOf(live.sessionId, 'LiveViewerLeft', (d) => d.cause === 'heartbeat', 20_000);
        const frozenMs = Date.now() - frozenAt;
        console.log(`[live presence] a frozen viewer was found by the heartbeat after ${frozenMs} ms`);
        expect(lost).not.toBeNull();
        expect(frozenMs).toBeLessThan(9_000);
        // Minute 1 was delivered at the loss; its payment follows.
        expect(lost!.data.lastSeenAt).toBeDefined();
        expect(await eventOf(live.sessionId, 'LiveMinuteCharged', (d) => d.minute === 1)).not.toBeNull();
        await settle();
        expect(await chargedMinutes(f.id)).toEqual([200]);
        offset += 3 * 60_000;
        await t.server.liveSupervisor.tick();
        await settle();
        expect(await chargedMinutes(f.id)).toEqual([200]);
        await frozen.kill();
      } finally {
        modelSocket.close();
        await publisher.off();
        if ((await get('/api/stream/current', model)).body.data.session) await stop();
      }

      // 3. The publisher's process dies: the session waits the grace for a reload (one comes back in time and the call
      //    goes on), then, gone for good, it ends within seconds after the grace and bills nothing more.
      const fSocket = await socket(f.token);
      live = (await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: f.id }, model)).body.data;
      publisher = await onAir(live);
      try {
        const viewer = await watch(f, live, publisher.feed, 200);
        await publisher.kill();
        expect(await eventOf(live.sessionId, 'LivePublisherLost')).not.toBeNull();
        const reloaded = await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: f.id }, model);
        expect(reloaded.body.data).toMatchObject({ sessionId: live.sessionId, resumed: true });
        publisher = await onAir(live);
        expect((await sessionStream(live.sessionId)).filter((e) => e.type === 'LivePublisherConnected')).toHaveLength(2);
        // The fan's tab lost its feed with the publisher (it receives nothing): it left; a new tab watches the new feed.
        expect(await eventOf(live.sessionId, 'LiveViewerLeft', (d) => d.tokens.includes(viewer.token) && d.cause === 'left')).not.toBeNull();
        await viewer.kill();
        const second = await watch(f, live, publisher.feed, 200);
        expect((await sessionStream(live.sessionId)).filter((e) => e.type === 'LiveBillingStarted')).toHaveLength(2);
        offset += 30_000;
        await heartbeatAfterNow([second.token, live.streamToken]);
        const killedAt = Date.now();
        await publisher.kill();
        const stop = await fSocket.waitFor((x) => x.type === 'STOP_LIVE' && x.data.sessionId === live.sessionId, 30_000);
        const endedMs = Date.now() - killedAt;
        console.log(`[live presence] a session whose publisher died ended ${endedMs} ms later (grace ${LIVE_PUBLISHER_GRACE_MS} ms)`);
        expect(stop[0].data.reason).toBe('publisher_lost');
        expect(endedMs).toBeGreaterThanOrEqual(LIVE_PUBLISHER_GRACE_MS - 500);
        expect(endedMs).toBeLessThan(LIVE_PUBLISHER_GRACE_MS + 4_000);
        await settle();
        const row = (await sql<{ status: string; stop_reason: string; minutes_charged: number; duration_seconds: number }>`SELECT status, stop_reason, minutes_charged, duration_seconds FROM rm.live_sessions WHERE id = ${live.sessionId}`.execute(db())).rows[0];
        expect([row.status, row.stop_reason, Number(row.minutes_charged)]).toEqual(['stopped', 'publisher_lost', 0]);
        // The duration ends when the publisher was last seen, not when the grace ran out.
        expect(Number(row.duration_seconds)).toBeLessThan(40);
        expect(await allowed(live.room, second.token)).toBe(false);
        offset += 5 * 60_000;
        await t.server.liveSupervisor.tick();
        await settle();
        expect(await chargedMinutes(f.id)).toEqual([200]);
        await second.kill();
      } finally {
        fSocket.close();
        await enable(true, { price_per_minute: 0 });
        if ((await get('/api/stream/current', model)).body.data.session) await stop();
      }
    }, 180_000);

    it('the sessions report: admins and the model; content_manager only with the report setting; fans never', async () => {
      const r = await post('/api/stream/get_live_stream_reports', {}, model);
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBeGreaterThanOrEqual(5);
      const one = r.body.data.sessions[0];
      expect(Object.keys(one)).toEqual(expect.arrayContaining(['startedAt', 'endedAt', 'durationSeconds', 'viewers', 'peakViewers', 'tipsCents', 'earningsCents', 'recording']));
      const cm = await staff('content_manager');
      expect((await post('/api/stream/get_live_stream_reports', {}, cm)).status).toBe(403);
      await enable(true, { live_stream_report_enabled: true });
      expect((await post('/api/stream/get_live_stream_reports', {}, cm)).status).toBe(200);
      const f = await fan('report');
      expect((await post('/api/stream/get_live_stream_reports', {}, f.token)).status).toBe(403);
      expect((await post('/api/stream/get_live_stream_reports', {}, await staff('live_stream_manager'))).status).toBe(403);
      const opened = await get(`/api/stream/sessions/${one._id}`, admin);
      expect([opened.status, opened.body.data.id]).toEqual([200, one._id]);
      expect((await get(`/api/stream/sessions/${one._id}`, f.token)).status).toBe(403);
      expect((await get('/api/stream/sessions/nope', admin)).status).toBe(404);
      // The group session two fans watched at once: its peak, and an end.
      const group = r.body.data.sessions.find((s: any) => s.isGroup && s.peakViewers >= 2);
      expect(group).toMatchObject({ status: 'stopped', stopReason: 'publisher' });
      expect(group.endedAt).not.toBeNull();
      expect(group.durationSeconds).toBeGreaterThanOrEqual(0);
    });

    it('a rebuild reproduces the live read models', async () => {
      // The recording's video is still rendering in the background: let it finish, so no event follows the rebuild.
      expect(await until(async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM rm.media WHERE status = 'processing'`.execute(db())).rows[0].n) === 0, 120_000)).toBe(true);
      // Web push (another part) records its passes over live starts in the background: stop it, so nothing is appended
      // once the projections are stopped for the rebuild (the ledger check at close waits for them).
      await t.server.services.push?.sender.stop();
      let head = await t.server.services.store.headPosition();
      for (let quiet = 0; quiet < 4; ) {
        await new Promise((r) => setTimeout(r, 500));
        const now = await t.server.services.store.headPosition();
        quiet = JSON.stringify(now) === JSON.stringify(head) ? quiet + 1 : 0;
        head = now;
      }
      await settle();
      const snapshot = async () => ({
        sessions: (await sql`SELECT * FROM rm.live_sessions ORDER BY id`.execute(db())).rows,
        viewers: (await sql`SELECT * FROM rm.live_viewers ORDER BY session_id, user_id`.execute(db())).rows,
        tips: (await sql`SELECT * FROM rm.live_tips ORDER BY tip_id`.execute(db())).rows,
        comments: (await sql`SELECT * FROM rm.live_comments ORDER BY id`.execute(db())).rows,
      });
      const live = await snapshot();
      expect(live.sessions.length).toBeGreaterThanOrEqual(5);
      const { database, store } = t.server.services;
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

// The socket gateway over a real server and real sockets: AUTH and every close code, bad frames that
// change nothing, frames that follow committed events after the read models have them (a fan sees their own,
// never another fan's), presence across tabs and proxy views, resume by position with and without a gap, RESYNC,
// and 1001 when the server stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import sharp from 'sharp';
import { FRAME_LIMIT, MAX_FRAME_BYTES } from '../../domain/realtime/protocol';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { createRealtimeClient, type SocketLike, type RealtimeState } from '../../web-shared/realtime/client';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

interface Frame { type: string; data: any; position?: string }

/** A socket client that records every frame and the close. */
function client(base: string, headers: Record<string, string> = {}, options: { autoPong?: boolean } = {}) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers, ...options });
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return {
    ws, frames, closed, opened,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** The next frame of a type (after `from` frames), within 10 s. */
    async next(type: string, match: (f: Frame) => boolean = () => true, from = 0): Promise<Frame> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = frames.slice(from).find((f) => f.type === type && match(f));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${frames.map((f) => f.type).join(', ')}`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
      }
    },
    close: () => ws.close(),
  };
}

export function realtimeSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`socket gateway (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let adminId: string;
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    let n = 0;
    /** A registered fan; `subscribed` ones can be written to by staff. */
    const fan = async (label: string, subscribed = false) => {
      const r = await post('/api/users/register', { name: `Live ${label}`, email: `live.${label}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string };
      if (subscribed) {
        const s = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token);
        expect(s.body.data?.accepted, JSON.stringify(s.body)).toBe(true);
      }
      return f;
    };
    /** A socket signed in with a bearer token in its AUTH frame. */
    const connect = async (token: string, since?: string) => {
      const c = client(t.base);
      await c.opened;
      c.send({ type: 'AUTH', data: { token, ...(since ? { since } : {}) } });
      await c.next('AUTH_OK');
      return c;
    };
    /** A staff photo, ready when saved (photos render on upload). */
    const uploadImage = async (title: string) => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 90 } } }).jpeg().toBuffer();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'message' }, admin);
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const saved = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(saved.body.data.status).toBe('ready');
      return saved.body.data.id as string;
    };
    const eventCount = async () => (await t.server.services.store.readAll({ after: null, maxCount: 1_000_000 })).length;
    const sendToFan = async (fanId: string, message: string) => {
      const r = await post('/api/chat/send_message', { receiver: fanId, message }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.message._id as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend, { WS_AUTH_TIMEOUT_SECONDS: '1', WS_RESUME_WINDOW_EVENTS: '10', WS_HEARTBEAT_SECONDS: '1' });
      const login = await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword });
      admin = login.body.data.token;
      adminId = (await get('/api/users/me', admin)).body.data._id ?? (await get('/api/users/me', admin)).body.data.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('authentication and close codes', () => {
      it('AUTH with a bearer token answers AUTH_OK with the user, role and position', async () => {
        const f = await fan('auth');
        const c = await connect(f.token);
        const ok = c.frames.find((x) => x.type === 'AUTH_OK')!;
        expect(ok.data).toMatchObject({ userId: f.id, role: 'user' });
        expect(ok.data.position).toMatch(/^\d+\/\d+$/);
        // A fan learns at once whether the creator is online.
        expect((await c.next('ONLINE_MODEL')).data).toHaveProperty('isOnline');
        c.close();
      });

      it.each([
        ['no token and no cookie', { type: 'AUTH', data: {} }, 4401],
        ['an unknown token', { type: 'AUTH', data: { token: 'x'.repeat(43) } }, 4401],
        ['a first frame that is not AUTH', { type: 'GET_ONLINE_USER_LIST' }, 4401],
        ['a frame that is not JSON', '{nope', 4400],
        ['an unknown frame type', { type: 'DROP_TABLES' }, 4400],
        ['invalid fields', { type: 'AUTH', data: { token: 42 } }, 4400],
      ])('%s closes with %s', async (_label, frame, code) => {
        const before = await eventCount();
        const c = client(t.base);
        await c.opened;
        c.send(frame);
        expect((await c.closed).code).toBe(code);
        expect(await eventCount()).toBe(before);
      });

      it('no AUTH in time closes with 4408', async () => {
        const c = client(t.base);
        await c.opened;
        expect(await c.closed).toEqual({ code: 4408, reason: 'No AUTH frame in time.' });
      });

      it('a bad frame after AUTH closes with 4400 and a reason, and changes nothing', async () => {
        const f = await fan('bad');
        const c = await connect(f.token);
        const before = await eventCount();
        c.send({ type: 'ADMIN_IN_USER_CHAT', data: { userId: 'not an id!' } });
        expect(await c.closed).toEqual({ code: 4400, reason: 'ADMIN_IN_USER_CHAT: userId is invalid.' });
        expect(await eventCount()).toBe(before);
      });

      it('too many frames close with 4429 naming the limit; a frame over the size limit with 1009', async () => {
        const f = await fan('flood');
        const c = await connect(f.token);
        for (let i = 0; i <= FRAME_LIMIT.frames; i++) c.send({ type: 'GET_ONLINE_USER_LIST' });
        const closed = await c.closed;
        expect(closed.code).toBe(4429);
        expect(closed.reason).toContain(String(FRAME_LIMIT.frames));
        const big = await connect(f.token);
        big.send('x'.repeat(MAX_FRAME_BYTES + 1));
        expect((await big.closed).code).toBe(1009);
      });

      it('a cookie authenticates an upgrade from the site itself, never from another origin', async () => {
        const f = await fan('cookie');
        const cookie = `fanclub_session=${f.token}`;
        const own = client(t.base, { cookie, origin: t.base });
        await own.opened;
        own.send({ type: 'AUTH', data: {} });
        expect((await own.next('AUTH_OK')).data.userId).toBe(f.id);
        own.close();
        const foreign = client(t.base, { cookie, origin: 'https://evil.example' });
        await foreign.opened;
        foreign.send({ type: 'AUTH', data: {} });
        expect((await foreign.closed).code).toBe(4401);
      });

      it('logging out (elsewhere, or LOGOUT_USER) closes with 4401; blocking the account closes with 4403', async () => {
        const f = await fan('logout');
        const c = await connect(f.token);
        expect((await post('/api/users/logout', {}, f.token)).status).toBe(200);
        expect((await c.closed).code).toBe(4401);

        const g = await fan('logout-frame');
        const d = await connect(g.token);
        d.send({ type: 'LOGOUT_USER' });
        expect((await d.closed).code).toBe(4401);

        // A password change ends the fan's other sessions: their sockets close, the changing session's stays.
        const pw = await fan('password');
        const other = (await post('/api/users/login', { email: `live.password.${n}@example.com`, password: 'fan password 1' })).body.data.token as string;
        const mine = await connect(pw.token);
        const theirs = await connect(other);
        expect((await post('/api/users/change_old_password', { old_password: 'fan password 1', new_password: 'a brand new password' }, pw.token)).status).toBe(200);
        expect((await theirs.closed).code).toBe(4401);
        mine.send({ type: 'CHECK_ONLINE_USER', data: {} });
        await mine.next('ONLINE_MODEL', () => true, mine.frames.length);
        mine.close();

        const h = await fan('blocked');
        const e = await connect(h.token);
        expect((await post('/api/admin/update_user_block_status', { user_id: h.id, is_blocked: true }, admin)).status).toBe(200);
        expect((await e.closed).code).toBe(4403);
        const again = client(t.base);
        await again.opened;
        again.send({ type: 'AUTH', data: { token: h.token } });
        expect((await again.closed).code).toBe(4403);
      });
    });

    describe('frames from events', () => {
      it("a staff message reaches its fan (who then reads it over HTTP) and the staff's chat list, never another fan", async () => {
        const a = await fan('a', true);
        const b = await fan('b');
        const sa = await connect(a.token);
        const sb = await connect(b.token);
        const staff = await connect(admin);
        const messageId = await sendToFan(a.id, 'Hi A, just for you');
        const frame = await sa.next('MESSAGE_RECEIVE', (f) => f.data._id === messageId);
        expect(frame.position).toMatch(/^\d+\/\d+$/);
        // The frame is the message itself, as get_messages shows it to this fan (the read model already has it).
        const list = (await get('/api/chat/get_messages?page_num=1', a.token)).body.data.messages as any[];
        expect(frame.data).toEqual({ ...list.find((m) => m._id === messageId), fanId: a.id });
        expect(frame.data).toMatchObject({ message: 'Hi A, just for you', fromAdmin: true, udid: messageId, isLocked: 'free', userId: a.id });
        expect((await staff.next('MESSAGE_RECEIVE', (f) => f.data._id === messageId)).data.message).toBe('Hi A, just for you');
        expect((await staff.next('UPDATE_USER_LAST_MESSAGE', (f) => f.data.userId === a.id)).data.messageId).toBe(messageId);
        // The fan's own message reaches staff whole, and the fan's other tabs.
        const own = await post('/api/chat/send_message', { message: 'A writes back', uniqueId: 'a-own-1' }, a.token);
        expect(own.status, JSON.stringify(own.body)).toBe(200);
        expect((await staff.next('MESSAGE_RECEIVE', (f) => f.data._id === own.body.data.messageId)).data).toMatchObject({ message: 'A writes back', fromAdmin: false, uniqueId: 'a-own-1', fanId: a.id });
        expect((await sa.next('MESSAGE_RECEIVE', (f) => f.data._id === own.body.data.messageId)).data.message).toBe('A writes back');
        // B's socket is open and alive, and got nothing about A.
        sb.send({ type: 'CHECK_ONLINE_USER', data: {} });
        await sb.next('ONLINE_MODEL', () => true, sb.frames.length);
        expect(sb.frames.filter((f) => JSON.stringify(f).includes(a.id))).toEqual([]);
        for (const c of [sa, sb, staff]) c.close();
      });

      it("a locked message reaches its fan without its originals (as get_messages shows it), staff with them, and no other fan", async () => {
        const a = await fan('locked-a', true);
        const b = await fan('locked-b', true);
        const sa = await connect(a.token);
        const sb = await connect(b.token);
        const staff = await connect(admin);
        const mediaId = await uploadImage('locked');
        const sent = await post('/api/chat/send_message', { receiver: a.id, message: 'Backstage, locked', media: [mediaId], isLocked: true, amount: 9 }, admin);
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        const id = sent.body.data.messageId as string;
        const forFan = (await sa.next('MESSAGE_RECEIVE', (f) => f.data._id === id)).data;
        // The same view as the HTTP read of this fan: locked, blurred preview only, no original or thumbnail link.
        expect(forFan).toEqual({ ...(await get(`/api/chat/get_chat_message?id=${id}`, a.token)).body.data, fanId: a.id });
        expect(forFan).toMatchObject({ isLocked: 'locked', amount: 9, message: 'Backstage, locked', contentCount: { photo: 1, video: 0 } });
        expect(forFan.media).toHaveLength(1);
        expect(forFan.media[0]).toMatchObject({ url: null, thumbnail_url: null });
        expect(forFan.media[0].blur_url).toMatch(/^\/media\//);
        expect(JSON.stringify(forFan)).not.toContain('sig=');
        // Staff get the originals, signed.
        const forStaff = (await staff.next('MESSAGE_RECEIVE', (f) => f.data._id === id)).data;
        expect(forStaff.media[0].url).toMatch(/sig=/);
        // B heard nothing of it.
        sb.send({ type: 'CHECK_ONLINE_USER', data: {} });
        await sb.next('ONLINE_MODEL', () => true, sb.frames.length);
        expect(sb.frames.filter((f) => JSON.stringify(f).includes(id) || JSON.stringify(f).includes(a.id))).toEqual([]);
        // A reconnecting socket that missed it gets it replayed as the fan sees it now: bought, with its original.
        sa.close();
        const buy = await post('/api/v2/purchase/chat-content-purchase', { messageId: id, amount: 9, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, a.token);
        expect(buy.status, JSON.stringify(buy.body)).toBe(200);
        const before = sa.frames.find((f) => f.type === 'MESSAGE_RECEIVE' && f.data._id === id)!.position!;
        const back = await connect(a.token, before.replace(/\d+$/, (x) => String(Math.max(0, Number(x) - 1))));
        const replayed = (await back.next('MESSAGE_RECEIVE', (f) => f.data._id === id)).data;
        expect(replayed).toMatchObject({ isLocked: 'unlocked' });
        expect(replayed.media[0].url).toMatch(/sig=/);
        for (const c of [back, sb, staff]) c.close();
      });

      it('resume: after a gap the missed frames come first, in order and once, then live ones; with no gap nothing is repeated', async () => {
        const a = await fan('resume', true);
        const first = await connect(a.token);
        const m1 = await sendToFan(a.id, 'one');
        const f1 = await first.next('MESSAGE_RECEIVE', (f) => f.data._id === m1);
        first.close();
        await first.closed;
        const m2 = await sendToFan(a.id, 'two');
        const m3 = await sendToFan(a.id, 'three');
        const back = await connect(a.token, f1.position);
        await back.next('MESSAGE_RECEIVE', (f) => f.data._id === m3);
        const m4 = await sendToFan(a.id, 'four');
        await back.next('MESSAGE_RECEIVE', (f) => f.data._id === m4);
        const received = back.frames.filter((f) => f.type === 'MESSAGE_RECEIVE').map((f) => f.data._id);
        expect(received).toEqual([m2, m3, m4]);
        back.close();

        const head = back.frames.filter((f) => f.position).at(-1)!.position!;
        const noGap = await connect(a.token, head);
        const m5 = await sendToFan(a.id, 'five');
        await noGap.next('MESSAGE_RECEIVE', (f) => f.data._id === m5);
        expect(noGap.frames.filter((f) => f.type === 'MESSAGE_RECEIVE').map((f) => f.data._id)).toEqual([m5]);
        noGap.close();
      });

      it('resume from further back than the window answers RESYNC', async () => {
        // More events than the window (10 in this server) after the position the client gives.
        const a = await fan('resync');
        const since = (await connect(a.token)).frames[0].data.position as string;
        for (let i = 0; i < 6; i++) await fan(`resync-${i}`);
        const c = await connect(a.token, since);
        await c.next('RESYNC');
        expect(c.frames.filter((f) => f.type === 'MESSAGE_RECEIVE')).toEqual([]);
        c.close();
      });
    });

    describe('the site\'s switches on the socket', () => {
      it('IS_ENABLE_PAY_PER_MESSAGE answers the caller\'s own pay-per-message terms, whatever email it names', async () => {
        const a = await fan('ppm-a', true);
        const b = await fan('ppm-b', true);
        const set = await t.call('PUT', '/admin-api/settings/site', { is_pay_per_message_enabled: true, pay_per_message_amount: 3 }, { token: admin });
        expect(set.status, JSON.stringify(set.body)).toBe(200);
        expect((await post('/api/chat/grant_message_credits', { user_id: a.id, credits: 2 }, admin)).status).toBe(200);
        const sa = await connect(a.token);
        const sb = await connect(b.token);
        const staff = await connect(admin);
        const bEmail = `live.ppm-b.${n}@example.com`;
        sa.send({ type: 'IS_ENABLE_PAY_PER_MESSAGE', data: { email: bEmail, isUniversal: false, modelDomain: '127.0.0.1:8080' } });
        expect((await sa.next('PAY_PER_MESSAGE_STATUS', (f) => f.data.isPayPerMessageEnabled !== undefined)).data).toEqual({
          isPayPerMessageEnabled: true, payPerMessageAmount: 3, payPerMessageAmountCents: 300, payPerMessageCredit: 2, canChat: true,
        });
        sb.send({ type: 'IS_ENABLE_PAY_PER_MESSAGE', data: { email: bEmail } });
        expect((await sb.next('PAY_PER_MESSAGE_STATUS')).data).toMatchObject({ isPayPerMessageEnabled: true, payPerMessageCredit: 0, canChat: true });
        staff.send({ type: 'IS_ENABLE_PAY_PER_MESSAGE', data: {} });
        expect((await staff.next('PAY_PER_MESSAGE_STATUS')).data).toMatchObject({ isPayPerMessageEnabled: true, payPerMessageCredit: 0, canChat: true });
        // The same terms as the HTTP call.
        expect((await post('/api/chat/get_user_send_message_status', {}, a.token)).body.data).toEqual(sa.frames.find((f) => f.type === 'PAY_PER_MESSAGE_STATUS' && f.data.isPayPerMessageEnabled !== undefined)!.data);
        // A field of the wrong shape closes the socket and changes nothing.
        sb.send({ type: 'IS_ENABLE_PAY_PER_MESSAGE', data: { isUniversal: 'yes' } });
        expect(await sb.closed).toEqual({ code: 4400, reason: 'IS_ENABLE_PAY_PER_MESSAGE: isUniversal must be true or false.' });
        expect((await t.call('PUT', '/admin-api/settings/site', { is_pay_per_message_enabled: false }, { token: admin })).status).toBe(200);
        for (const c of [sa, staff]) c.close();
      });

      it('enable_socket_debug: AUTH_OK says it, and switching it reaches every open socket, fan and staff', async () => {
        const a = await fan('debug');
        const sa = await connect(a.token);
        const staff = await connect(admin);
        expect(sa.frames.find((f) => f.type === 'AUTH_OK')!.data.debug).toBe(false);
        expect((await t.call('PUT', '/admin-api/settings/site', { enable_socket_debug: true }, { token: admin })).status).toBe(200);
        for (const c of [sa, staff]) expect((await c.next('SOCKET_DEBUG')).data).toEqual({ enabled: true });
        const later = await connect(a.token);
        expect(later.frames.find((f) => f.type === 'AUTH_OK')!.data.debug).toBe(true);
        expect((await t.call('GET', '/admin-api/settings/site', undefined, { token: admin })).body.enable_socket_debug).toBe(true);
        expect((await t.call('PUT', '/admin-api/settings/site', { enable_socket_debug: 'yes' }, { token: admin })).status).toBe(400);
        expect((await t.call('PUT', '/admin-api/settings/site', { enable_socket_debug: false }, { token: admin })).status).toBe(200);
        expect((await later.next('SOCKET_DEBUG', (f) => f.data.enabled === false)).data).toEqual({ enabled: false });
        for (const c of [sa, staff, later]) c.close();
      });
    });

    describe('presence', () => {
      it('staff see a fan come online once across tabs and go offline when the last tab closes; a proxy view never announces', async () => {
        const staff = await connect(admin);
        const a = await fan('presence');
        const tab1 = await connect(a.token);
        await staff.next('USER_ONLINE', (f) => f.data.userId === a.id);
        const mark = staff.frames.length;
        const tab2 = await connect(a.token);
        staff.send({ type: 'GET_ONLINE_USER_LIST' });
        expect((await staff.next('ONLINE_USER_LIST', () => true, mark)).data.users).toContain(a.id);
        expect(staff.frames.slice(mark).filter((f) => f.type === 'USER_ONLINE' && f.data.userId === a.id)).toEqual([]);
        tab1.close();
        await tab1.closed;
        staff.send({ type: 'CHECK_ONLINE_USER', data: { userId: a.id } });
        await staff.next('USER_ONLINE', (f) => f.data.userId === a.id, mark);
        tab2.close();
        await staff.next('USER_OFFLINE', (f) => f.data.userId === a.id);

        const proxy = (await post('/api/users/login-as-proxy-user', { user_id: a.id }, admin)).body.data.token as string;
        const mark2 = staff.frames.length;
        const viewer = await connect(proxy);
        staff.send({ type: 'GET_ONLINE_USER_LIST' });
        expect((await staff.next('ONLINE_USER_LIST', () => true, mark2)).data.users).not.toContain(a.id);
        expect(staff.frames.slice(mark2).filter((f) => f.type === 'USER_ONLINE')).toEqual([]);
        viewer.close();
        staff.close();
      });

      it('a fan sees the creator come online; staff see who else is in a fan\'s chat', async () => {
        const a = await fan('creator');
        const fanSocket = await connect(a.token);
        const staff = await connect(admin);
        expect((await fanSocket.next('ONLINE_MODEL', (f) => f.data.isOnline === true)).data.isOnline).toBe(true);
        const other = await connect(admin);
        staff.send({ type: 'ADMIN_IN_USER_CHAT', data: { userId: a.id } });
        expect((await other.next('ADMIN_IN_USER_CHAT', (f) => f.data.userId === a.id)).data.adminId).toBe(adminId);
        fanSocket.send({ type: 'ADMIN_IN_USER_CHAT', data: { userId: a.id } });
        expect((await fanSocket.closed).code).toBe(4400);
        staff.close();
        other.close();
      });
    });

    it('the shared client reconnects after a drop and resumes: nothing missed, nothing twice; a logout ends it', async () => {
      const a = await fan('client', true);
      const states: RealtimeState[] = [];
      const got: string[] = [];
      const rt = createRealtimeClient({
        url: `${t.base.replace('http', 'ws')}/ws`,
        open: (u) => new WebSocket(u) as unknown as SocketLike,
        token: () => a.token,
        onState: (s) => states.push(s),
        random: () => 0,
      });
      rt.on('MESSAGE_RECEIVE', (f) => got.push((f.data as { _id: string })._id));
      await expect.poll(() => rt.state).toBe('live');
      const m1 = await sendToFan(a.id, 'before the drop');
      await expect.poll(() => got).toEqual([m1]);
      // The server drops every socket (a restart); messages sent meanwhile arrive after the reconnect.
      t.server.app.realtime.hub.closeAll(1001, 'Restarting.');
      const m2 = await sendToFan(a.id, 'during the drop');
      const m3 = await sendToFan(a.id, 'during the drop, again');
      await expect.poll(() => got).toEqual([m1, m2, m3]);
      expect(states).toContain('reconnecting');
      expect(rt.state).toBe('live');
      expect((await post('/api/users/logout', {}, a.token)).status).toBe(200);
      await expect.poll(() => rt.state).toBe('signed-out');
      rt.close();
    });

    it('a socket that stops answering pings is dropped', async () => {
      const a = await fan('dead');
      // A client that never answers pings (autoPong off): the server terminates it within two heartbeats.
      const c = client(t.base, {}, { autoPong: false });
      await c.opened;
      c.send({ type: 'AUTH', data: { token: a.token } });
      await c.next('AUTH_OK');
      const closed = await c.closed;
      expect(closed.code).toBe(1006);
    });

    it('stopping the server closes every socket with 1001', async () => {
      const a = await fan('shutdown');
      const c = await connect(a.token);
      await t.close();
      expect((await c.closed).code).toBe(1001);
      t = undefined as unknown as TestServer;
    });
  });
}

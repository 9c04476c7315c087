// Mass and welcome messages over real HTTP and a real database:
// the spec's validation texts, who may send (not live_stream_manager, not support), delivery in the background
// to the subscribers at send time (muted fans and non-subscribers left out) as chat messages marked
// isMassMessage, later subscribers by IMMEDIATELY / DELAY_BY_HOURS / STAGGER_OVER_TIME with a moved clock,
// scheduling, cancel, media errors and resend, the welcome message (one copy per version, ever), unlocking a copy
// by card with and without a locked-content promotion (and 'Sorry promotion expired.'), the purchased-by report,
// the spec paths outside /api answering JSON, and a rebuild giving the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { mediaDecider, mediaStream } from '../../domain/media/media';
import { commandContext, handle } from '../../commands/handle';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { mediaEvents } from '../support/media-events';

const HOUR = 3_600_000;

export function massMessagesSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`mass and welcome messages over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let adminId: string;
    let offset = 0;
    const post = (url: string, body: unknown, token = admin) => t.call('POST', url, body, { token });
    const get = (url: string, token = admin) => t.call('GET', url, undefined, { token });
    const db = () => t.server.services.database.db;
    const settleAll = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up').toBe(true);
    };
    /** One delivery pass after whatever runs now, then the read models. */
    const deliver = async () => {
      await t.server.delivery.tick();
      await settleAll();
    };
    const advance = (ms: number) => {
      offset += ms;
    };
    let n = 0;
    const fan = async (label: string, subscribed = true) => {
      const r = await post('/api/users/register', { name: `Mass ${label}`, email: `mass.${label}.${++n}@example.com`, password: 'fan password 1' }, undefined as unknown as string);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string };
      if (subscribed) expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token)).body.data.accepted).toBe(true);
      return f;
    };
    const uploadImage = async (title: string) => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 140, b: 90 } } }).jpeg().toBuffer();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'message' });
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const saved = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' });
      expect(saved.body.data.status).toBe('ready');
      return saved.body.data.id as string;
    };
    const send = async (body: Record<string, unknown>, token = admin) => {
      const r = await post('/api/message/send-mass-message', { type: 'text', isLocked: 'free', ...body }, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const copiesOf = async (massId: string) =>
      (await sql<{ fan_id: string; mass_message_type: string | null }>`SELECT fan_id, mass_message_type FROM rm.chat_messages WHERE mass_message_id = ${massId} ORDER BY fan_id`.execute(db())).rows;
    const messages = async (token: string) => (await get('/api/chat/get_messages?page_num=1', token)).body.data;
    const staffToken = async (role: string) => {
      const email = `${role}.${++n}@example.com`;
      const created = await post('/admin-api/users', { name: `Staff ${role}`, email, role });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      const password = created.body.generated_password;
      return (await post('/api/users/login', { email, password }, undefined as unknown as string)).body.data.token as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      t.server.services.clock = () => new Date(Date.now() + offset);
      const login = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword }, undefined as unknown as string)).body.data;
      admin = login.token;
      adminId = login.userId;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses with the spec texts (CH-09, CH-27), naming the field, writing nothing', async () => {
      const photo = await uploadImage('v1');
      const cases: [Record<string, unknown>, string][] = [
        [{ type: 'text', message: '   ' }, 'Please insert the message.'],
        [{ type: 'photo', media: [] }, 'Please Select Media'],
        [{ type: 'photo', isLocked: 'locked', amount: 20, media: [photo], media_preview: [photo, photo] }, 'You can only select 1 preview content'],
        [{ type: 'photo', isLocked: 'locked', amount: 451, media: [photo] }, 'Choose an amount between 5 and 450'],
        [{ type: 'gallery', media: Array.from({ length: 46 }, () => photo) }, 'You have selected 46 images, maximum 45 images allowed.'],
        [{ message: 'later', send_to: 'ONLY_NEW', scheduled_at: new Date(Date.now() + offset + 2 * HOUR).toISOString() }, 'Scheduling is not offered when sending only to new subscribers.'],
        [{ message: 'past', scheduled_at: new Date(Date.now() + offset - 2 * HOUR).toISOString() }, 'Schedule date cannot be in the past.'],
      ];
      for (const [body, message] of cases) {
        const r = await post('/api/message/send-mass-message', { type: 'text', isLocked: 'free', ...body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.message).toBe(message);
        expect(r.body.field).toBeTruthy();
      }
      const w = await post('/api/message/set-welcome-message', { type: 'text', message: 'Hi', isLocked: 'locked', amount: 10 });
      expect([w.status, w.body.message]).toEqual([400, 'In order to send as locked, you must upload content.']);
      expect((await get('/api/message/mass-messages')).body.data.total).toBe(0);
    });

    it('senders: model and content manager yes; live_stream_manager, support and fans 403; guests 401', async () => {
      for (const role of ['live_stream_manager', 'support']) {
        const token = await staffToken(role);
        expect((await post('/api/message/send-mass-message', { type: 'text', message: 'x', isLocked: 'free' }, token)).status).toBe(403);
        expect((await post('/api/message/set-welcome-message', { type: 'text', message: 'x', isLocked: 'free' }, token)).status).toBe(403);
        expect((await get('/admin/get-welcome-message', token)).status).toBe(403);
        expect((await get('/api/message/mass-messages', token)).status).toBe(403);
      }
      const f = await fan('nosy', false);
      expect((await post('/api/message/send-mass-message', { type: 'text', message: 'x', isLocked: 'free' }, f.token)).status).toBe(403);
      expect((await t.call('GET', '/admin/get-error-mass-messages')).status).toBe(401);
      const model = await staffToken('model');
      const sent = await send({ message: 'From the model', send_to: 'ONLY_EXISTING' }, model);
      const cm = await staffToken('content_manager');
      expect((await get(`/api/message/mass-messages/${sent._id}`, cm)).body.data).toMatchObject({ _id: sent._id, message: 'From the model' });
      await deliver();
    });

    it('goes to the subscribers at send time in the background: muted fans and non-subscribers get none; copies are chat messages', async () => {
      const [a, b, muted, guest] = [await fan('a'), await fan('b'), await fan('muted'), await fan('guest', false)];
      expect((await post('/api/admin/mute_message_for_user', { user_id: muted.id, muteFromChat: true })).status).toBe(200);
      const photo = await uploadImage('everyone');
      const sent = await send({ type: 'photo', message: 'Hello everyone', isLocked: 'locked', amount: 12, media: [photo], send_to: 'ONLY_EXISTING' });
      expect(sent).toMatchObject({ message: 'Hello everyone', isLocked: 'locked', amount: 12, amount_cents: 1200, send_to: 'ONLY_EXISTING', isError: false });
      expect(['sending', 'sent']).toContain(sent.status);
      await deliver();
      const fans = (await copiesOf(sent._id)).map((c) => c.fan_id);
      expect(fans).toContain(a.id);
      expect(fans).toContain(b.id);
      expect(fans).not.toContain(muted.id);
      expect(fans).not.toContain(guest.id);
      const view = (await get(`/api/message/mass-messages/${sent._id}`)).body.data;
      expect(view.status).toBe('sent');
      expect(view.stats.delivered).toBe(view.stats.recipients);
      const mine = (await messages(a.token)).messages.find((m: any) => m.isMassMessage);
      expect(mine).toMatchObject({ message: 'Hello everyone', isLocked: 'locked', amount: 12, isMassMessage: true, massMessageType: null, fromAdmin: true });
      expect(mine.media[0].url).toBeNull(); // locked: blurred only
      expect((await messages(muted.token)).messages.some((m: any) => m.isMassMessage && m.message === 'Hello everyone')).toBe(false);
    });

    it('an open staff chat list hears each delivered batch once (UPDATE_USER_LAST_MESSAGE with the batch marker), besides MASS_MESSAGE_UPDATED', async () => {
      const [a, b] = [await fan('live-a'), await fan('live-b')];
      const frames: { type: string; data: any }[] = [];
      const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
      await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
      ws.send(JSON.stringify({ type: 'AUTH', data: { token: admin } }));
      const waitFor = async (pick: (f: { type: string; data: any }) => boolean) => {
        const until = Date.now() + 10_000;
        while (Date.now() < until && !frames.some(pick)) await new Promise((r) => setTimeout(r, 50));
        return frames.filter(pick);
      };
      try {
        expect(await waitFor((f) => f.type === 'AUTH_OK')).toHaveLength(1);
        const sent = await send({ message: 'Live list', send_to: 'ONLY_EXISTING' });
        await deliver();
        const done = await waitFor((f) => f.type === 'MASS_MESSAGE_UPDATED' && f.data._id === sent._id && f.data.status === 'sent');
        expect(done).toHaveLength(1);
        const recipients = (await get(`/api/message/mass-messages/${sent._id}`)).body.data.stats.recipients as number;
        expect(recipients).toBeGreaterThanOrEqual(2);
        const batches = frames.filter((f) => f.type === 'UPDATE_USER_LAST_MESSAGE' && f.data.massMessageId === sent._id);
        // One frame per batch of up to 500 copies, not one per fan; no fan's own copy frame reaches staff.
        expect(batches).toHaveLength(Math.ceil(recipients / 500));
        expect(batches[0].data).toMatchObject({ batch: true, copies: recipients });
        expect(frames.some((f) => f.type === 'MESSAGE_RECEIVE' && [a.id, b.id].includes(f.data.fanId) && f.data.isMassMessage)).toBe(false);
        // The list it then reads has the message as these fans' last one.
        const rows = (await get('/api/chat/get_user_list?page_num=1&sort_by=latest_message')).body.data.users as any[];
        expect(rows.find((u) => u._id === a.id)?.last_message).toBe('Live list');
      } finally {
        ws.close();
      }
    });

    it('a fan buys a copy by card through the one chat purchase path; the purchased-by report lists them', async () => {
      const buyer = await fan('buyer');
      const sent = await send({ type: 'photo', message: 'Buy me', isLocked: 'locked', amount: 9, media: [await uploadImage('buy')], send_to: 'ONLY_EXISTING' });
      await deliver();
      const copy = (await messages(buyer.token)).messages.find((m: any) => m.message === 'Buy me');
      const bought = await post('/api/v2/purchase/chat-content-purchase', { messageId: copy._id, amount: 9, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, buyer.token);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect(bought.body.data.chatMessage).toMatchObject({ isLocked: 'unlocked', isMassMessage: true });
      expect((await post('/api/v2/purchase/chat-content-purchase', { messageId: copy._id, amount: 9, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, buyer.token)).body.code).toBe('ALREADY_UNLOCKED');
      await settleAll();
      const report = (await get(`/api/message/mass-messages/${sent._id}/purchased-by`)).body.data;
      expect(report).toMatchObject({ count: 1, total_cents: 900, items: [{ user_id: buyer.id, amount_cents: 900, promotion_id: null }] });
      expect((await get(`/api/message/mass-messages/${sent._id}`)).body.data.stats).toMatchObject({ purchases: 1, revenue_cents: 900 });
      expect((await get(`/api/message/mass-messages/${sent._id}/purchased-by`, await staffToken('live_stream_manager'))).status).toBe(403);
    });

    it('CH-10 category: a library category by id or a new one (the spec texts, nothing written when refused); the message media go into it', async () => {
      const photo = await uploadImage('category');
      const beach = await post('/api/media/category', { name: 'Beach Days' });
      expect(beach.status, JSON.stringify(beach.body)).toBe(200);
      const beachId = (await get('/api/media/category')).body.data.find((c: any) => c.name === 'Beach Days').id as string;
      const categoryCount = async () => (await get('/api/media/category')).body.data.length as number;
      const before = await categoryCount();
      const massBefore = (await get('/api/message/mass-messages')).body.data.total;
      const cases: [unknown, string][] = [
        [{ name: '   ', isNew: true }, 'Category not allow empty'],
        [{ name: 'x'.repeat(31), isNew: true }, 'Category name cannot be more than 30 characters.'],
        [{ name: ' beach DAYS ', isNew: true }, 'Category already exist.'],
        [{ name: 'All Media', isNew: true }, 'Category already exist.'],
        ['6f1c1a64-3a4b-4d3c-9a57-1d2e3f4a5b6c', 'Invalid Request'],
        ['preview', 'Invalid Request'],
      ];
      for (const [category, message] of cases) {
        const r = await post('/api/message/send-mass-message', { type: 'photo', isLocked: 'free', media: [photo], send_to: 'ONLY_NEW', category });
        expect([r.status, r.body.message, r.body.field], JSON.stringify(category)).toEqual([400, message, 'category']);
      }
      // An invalid message with a new category creates no category.
      const bad = await post('/api/message/send-mass-message', { type: 'photo', isLocked: 'free', media: [], send_to: 'ONLY_NEW', category: { name: 'Never made', isNew: true } });
      expect([bad.status, bad.body.message]).toEqual([400, 'Please Select Media']);
      expect(await categoryCount()).toBe(before);
      expect((await get('/api/message/mass-messages')).body.data.total).toBe(massBefore);

      const inCategory = async (categoryId: string) => (await post('/api/media/get', { category_id: categoryId })).body.data.media.map((m: any) => m.id);
      // A new category, made with the send (and only once when the same send is repeated).
      const made = await send({ type: 'photo', media: [photo], send_to: 'ONLY_NEW', category: { name: '  Summer 26 ', isNew: true }, uniqueId: 'cat-1' });
      const again = await send({ type: 'photo', media: [photo], send_to: 'ONLY_NEW', category: { name: '  Summer 26 ', isNew: true }, uniqueId: 'cat-1' });
      expect(again._id).toBe(made._id);
      await settleAll();
      const summer = (await get('/api/media/category')).body.data.filter((c: any) => c.name === 'Summer 26');
      expect(summer).toHaveLength(1);
      expect(made.category).toBe(summer[0].id);
      expect(await inCategory(summer[0].id)).toEqual([photo]);
      // An existing one, by id (as the console's picker sends it).
      const other = await uploadImage('category-2');
      const byId = await send({ type: 'photo', media: [other], send_to: 'ONLY_NEW', category: beachId });
      expect(byId.category).toBe(beachId);
      await settleAll();
      expect(await inCategory(beachId)).toEqual([other]);
      expect(await categoryCount()).toBe(before + 1);
      for (const id of [made._id, byId._id]) expect((await post(`/api/message/mass-messages/${id}/cancel`, {})).status).toBe(200);
    });

    it('staff delete a copy nobody bought: from the subscriber (staff still see it, marked) and from all (gone); it cannot be bought after', async () => {
      const [a, b] = [await fan('del-a'), await fan('del-b')];
      const sent = await send({ type: 'photo', message: 'Delete me', isLocked: 'locked', amount: 7, media: [await uploadImage('delete')], send_to: 'ONLY_EXISTING' });
      await deliver();
      const copyOf = async (f: { token: string }) => (await messages(f.token)).messages.find((m: any) => m.message === 'Delete me');
      const [copyA, copyB] = [await copyOf(a), await copyOf(b)];
      expect(copyA && copyB).toBeTruthy();
      const staffMessages = async (fanId: string) => (await get(`/api/chat/get_messages_admin?selected_user_id=${fanId}`)).body.data.messages as any[];

      const fromUser = await post('/api/chat/delete_message_from_user', { message_id: copyA._id });
      expect(fromUser.status, JSON.stringify(fromUser.body)).toBe(200);
      expect(fromUser.body).toMatchObject({ message: 'Message deleted from subscriber.', data: { _id: copyA._id, userId: a.id, deleted: 'fan' } });
      await settleAll();
      expect(await copyOf(a)).toBeUndefined();
      expect((await staffMessages(a.id)).find((m) => m._id === copyA._id)).toMatchObject({ deletedForUser: true, isMassMessage: true });
      const buy = await post('/api/v2/purchase/chat-content-purchase', { messageId: copyA._id, amount: 7, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, a.token);
      expect(buy.status).toBe(404);

      const fromAll = await post('/api/chat/delete_message_from_all', { message_id: copyB._id });
      expect(fromAll.status, JSON.stringify(fromAll.body)).toBe(200);
      expect(fromAll.body).toMatchObject({ message: 'Message deleted from all users.', data: { _id: copyB._id, userId: b.id, deleted: 'all' } });
      await settleAll();
      expect(await copyOf(b)).toBeUndefined();
      expect((await staffMessages(b.id)).some((m) => m._id === copyB._id)).toBe(false);
      // Another fan's copy is untouched; deleting the same copy again writes nothing new.
      expect((await copiesOf(sent._id)).length).toBeGreaterThanOrEqual(2);
      expect((await post('/api/chat/delete_message_from_all', { message_id: copyB._id })).status).toBe(200);
    });

    it('a locked-content promotion for mass messages discounts copies (ceil), not direct messages; an ended one: Sorry promotion expired.', async () => {
      const buyer = await fan('promo');
      expect((await t.call('PUT', '/admin-api/settings/site', { enable_promotion: true }, { token: admin })).status).toBeLessThan(300);
      const saved = await post('/api/promotion-setting/save-promotion', {
        promotion_type: 'LOCKED_CONTENT', promotion_sub_type: 'MASS_MESSAGE', discount_percentage: 15, applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Mass sale',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const promotionId = saved.body.data._id as string;
      const sent = await send({ type: 'photo', message: 'On sale', isLocked: 'locked', amount: 9, media: [await uploadImage('sale')], send_to: 'ONLY_EXISTING' });
      await deliver();
      expect((await get(`/api/message/mass-messages/${sent._id}`)).body.data.promotion).toMatchObject({ _id: promotionId, discount_percentage: 15, promotion_price_cents: 800 });
      const page = await messages(buyer.token);
      expect(page.promotionDetails).toMatchObject({ _id: promotionId, discount_percentage: 15 });
      const copy = page.messages.find((m: any) => m.message === 'On sale');
      expect(copy.promotion_price).toBe(8); // ceil(9 x (100 - 15) / 100) = ceil(7.65)
      // A direct locked message is not covered.
      const direct = await post('/api/chat/send_message', { receiver: buyer.id, message: 'Direct', media: [await uploadImage('direct')], isLocked: true, amount: 9 });
      const refused = await post('/api/v2/purchase/chat-content-purchase', { messageId: direct.body.data.message._id, amount: 8, promotion_id: promotionId, is_promotion_applied: true, ...TEST_CARD_FORM }, buyer.token);
      expect(refused.body.message).toBe('Sorry promotion expired.');
      const bought = await post('/api/v2/purchase/chat-content-purchase', {
        messageId: copy._id, amount: copy.promotion_price, promotion_id: promotionId, is_promotion_applied: true, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve,
      }, buyer.token);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      await settleAll();
      expect((await get(`/api/message/mass-messages/${sent._id}/purchased-by?promotion_id=${promotionId}`)).body.data).toMatchObject({ count: 1, items: [{ promotion_id: promotionId }] });
      // The promotion ends: buying at its price is refused with the spec's text.
      expect((await post('/api/promotion-setting/end-promotion', { promotion_id: promotionId })).status).toBe(200);
      const second = await fan('late');
      const sent2 = await send({ type: 'photo', message: 'After sale', isLocked: 'locked', amount: 9, media: [await uploadImage('after')], send_to: 'ONLY_EXISTING' });
      await deliver();
      const late = (await messages(second.token)).messages.find((m: any) => m.message === 'After sale');
      expect(late.promotion_price).toBeNull();
      const expired = await post('/api/v2/purchase/chat-content-purchase', { messageId: late._id, amount: 8, promotion_id: promotionId, is_promotion_applied: true, ...TEST_CARD_FORM }, second.token);
      expect([expired.status, expired.body.message]).toEqual([410, 'Sorry promotion expired.']);
      expect(sent2._id).toBeTruthy();
    });

    it('later subscribers: IMMEDIATELY → PREVIOUS at once; DELAY_BY_HOURS after its hours → DELAYED; STAGGER 24-48 h → STAGGER; ONLY_EXISTING → none', async () => {
      const now = await send({ message: 'Immediately', send_to: 'ONLY_NEW', new_user_message_delay: 'IMMEDIATELY' });
      const delayed = await send({ message: 'Delayed', send_to: 'EVERYONE', new_user_message_delay: 'DELAY_BY_HOURS', delay_by_hours: 2.5 });
      const stagger = await send({ message: 'Staggered', send_to: 'EVERYONE', new_user_message_delay: 'STAGGER_OVER_TIME' });
      const existing = await send({ message: 'Existing only', send_to: 'ONLY_EXISTING' });
      await deliver();
      advance(60_000);
      const late = await fan('newcomer');
      await settleAll();
      await deliver();
      const types = async () => Object.fromEntries((await messages(late.token)).messages.filter((m: any) => m.isMassMessage).map((m: any) => [m.message, m.massMessageType]));
      expect(await types()).toEqual({ Immediately: 'PREVIOUS' });
      advance(2.4 * HOUR);
      await deliver();
      expect(await types()).toEqual({ Immediately: 'PREVIOUS' });
      advance(0.2 * HOUR);
      await deliver();
      expect(await types()).toEqual({ Immediately: 'PREVIOUS', Delayed: 'DELAYED' });
      advance(46 * HOUR);
      await deliver();
      expect(await types()).toEqual({ Immediately: 'PREVIOUS', Delayed: 'DELAYED', Staggered: 'STAGGER' });
      // No second copy on more passes.
      await deliver();
      for (const m of [now, delayed, stagger]) expect((await copiesOf(m._id)).filter((c) => c.fan_id === late.id)).toHaveLength(1);
      expect((await copiesOf(existing._id)).some((c) => c.fan_id === late.id)).toBe(false);
      expect((await get(`/api/message/mass-messages/${now._id}`)).body.data.stats.future_delivered).toBeGreaterThanOrEqual(1);
    });

    it('a scheduled message waits for its time; cancel stops later-subscriber copies', async () => {
      const f = await fan('scheduled');
      const at = new Date(Date.now() + offset + 3 * HOUR).toISOString();
      const sent = await send({ message: 'Scheduled hello', scheduled_at: at, send_to: 'EVERYONE', new_user_message_delay: 'IMMEDIATELY' });
      expect(sent).toMatchObject({ status: 'scheduled', scheduled_at: at });
      await deliver();
      expect(await copiesOf(sent._id)).toEqual([]);
      advance(3 * HOUR + 1000);
      await deliver();
      expect((await copiesOf(sent._id)).some((c) => c.fan_id === f.id)).toBe(true);
      const cancelled = await post(`/api/message/mass-messages/${sent._id}/cancel`, {});
      expect(cancelled.body.data.status).toBe('cancelled');
      expect((await post(`/api/message/mass-messages/${sent._id}/cancel`, {})).status).toBe(409);
      advance(60_000);
      const after = await fan('after-cancel');
      await settleAll();
      await deliver();
      expect((await copiesOf(sent._id)).some((c) => c.fan_id === after.id)).toBe(false);
      expect((await copiesOf(sent._id)).some((c) => c.fan_id === f.id)).toBe(true); // delivered copies stay
    });

    it('media that failed: error, listed on the spec path (JSON); resent with other media, copies marked RESENT', async () => {
      const f = await fan('resend');
      const broken = await uploadImage('broken');
      // The item's rendering failed (as a video failing in the worker would): the message cannot go out.
      await handle(commandContext(t.server.services.store, { userId: null, role: 'system' }), mediaStream(broken), mediaDecider, { type: 'RequestReprocess', at: new Date().toISOString() });
      await handle(commandContext(t.server.services.store, { userId: null, role: 'system' }), mediaStream(broken), mediaDecider, { type: 'RecordProcessingFailure', reason: 'broken' });
      await settleAll();
      const sent = await send({ type: 'photo', message: 'Broken', media: [broken], send_to: 'ONLY_EXISTING' });
      await deliver();
      expect(await copiesOf(sent._id)).toEqual([]);
      const errored = await get('/admin/get-error-mass-messages');
      expect(errored.headers.get('content-type')).toMatch(/json/);
      expect(errored.body.data.items.map((m: any) => m._id)).toContain(sent._id);
      expect((await get('/api/admin/get-error-mass-messages')).body.data.items.map((m: any) => m._id)).toContain(sent._id);
      expect(errored.body.data.items.find((m: any) => m._id === sent._id)).toMatchObject({ status: 'error', isError: true, error: 'Error in upload content. Please try again.' });
      expect(errored.body.data.items.find((m: any) => m._id === sent._id).media[0].status).toBe('error');
      const fresh = await uploadImage('fresh');
      const resent = await post('/api/message/resend-mass-message', { _id: sent._id, media: [fresh] });
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      await deliver();
      expect((await copiesOf(sent._id)).find((c) => c.fan_id === f.id)?.mass_message_type).toBe('RESENT');
      expect((await post('/api/message/resend-mass-message', { _id: sent._id })).status).toBe(409);
    });

    it('welcome message: set, read on the spec path, a new subscriber gets it once (WELCOME); an update replaces it for later fans only', async () => {
      const set = await post('/api/message/set-welcome-message', { type: 'text', message: 'Welcome!', isLocked: 'free', new_user_message_delay: 'IMMEDIATELY' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.message).toBe('Welcome message set successfully.');
      expect(set.body.data).toMatchObject({ message: 'Welcome!', sendTo: 'ONLY_NEW', newUserMessageDelay: 'IMMEDIATELY', format: 'classic', isError: false, current: true });
      const got = await get('/admin/get-welcome-message');
      expect(got.headers.get('content-type')).toMatch(/json/);
      expect(got.body.data._id).toBe(set.body.data._id);
      advance(60_000);
      const f = await fan('welcomed');
      await settleAll();
      await deliver();
      await deliver();
      const welcomes = (await messages(f.token)).messages.filter((m: any) => m.massMessageType === 'WELCOME');
      expect(welcomes.map((m: any) => m.message)).toEqual(['Welcome!']);
      const update = await post('/api/message/set-welcome-message', { _id: set.body.data._id, type: 'text', message: 'Welcome v2', isLocked: 'free', new_user_message_delay: 'DELAY_BY_HOURS', delay_by_hours: 1.5 });
      expect(update.status, JSON.stringify(update.body)).toBe(200);
      expect((await post('/api/message/set-welcome-message', { _id: set.body.data._id, type: 'text', message: 'stale', isLocked: 'free' })).status).toBe(404);
      const versions = (await get('/api/message/welcome-messages')).body.data.items;
      expect(versions.map((v: any) => v.message).slice(0, 2)).toEqual(['Welcome v2', 'Welcome!']);
      advance(60_000);
      const g = await fan('welcomed-later');
      await settleAll();
      await deliver();
      expect((await messages(g.token)).messages.filter((m: any) => m.massMessageType === 'WELCOME')).toEqual([]);
      advance(1.5 * HOUR);
      await deliver();
      expect((await messages(g.token)).messages.filter((m: any) => m.massMessageType === 'WELCOME').map((m: any) => m.message)).toEqual(['Welcome v2']);
      // The earlier fan does not get v2 (ONLY_NEW, subscribed before it).
      expect((await messages(f.token)).messages.filter((m: any) => m.massMessageType === 'WELCOME').map((m: any) => m.message)).toEqual(['Welcome!']);
      expect((await get(`/api/message/welcome-messages/${set.body.data._id}/purchased-by`)).body.data).toMatchObject({ count: 0 });
    });

    it('CH-26: media states in the views — a welcome whose media still render is processing (before the pass notes it too), one whose media failed is in error with the spec text', async () => {
      // Held in 'processing' (its retry a day away, so the worker leaves it), as a video still rendering would be.
      const media = mediaEvents(() => t, () => adminId);
      const rendering = await media.heldMedia();
      const set = await post('/api/message/set-welcome-message', { type: 'photo', message: 'Still rendering', isLocked: 'free', media: [rendering], new_user_message_delay: 'IMMEDIATELY' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data).toMatchObject({ processing: true, isError: false, error: null });
      expect(set.body.data.media[0].status).toBe('processing');
      await deliver();
      expect((await get('/admin/get-welcome-message')).body.data).toMatchObject({ _id: set.body.data._id, processing: true, isError: false });
      // Its rendering fails for good: the next pass records the version failed.
      await media.fail(rendering);
      await deliver();
      const failed = (await get('/admin/get-welcome-message')).body.data;
      expect(failed).toMatchObject({ _id: set.body.data._id, processing: false, isError: true, error: 'Error in upload content. Please try again.' });
      expect(failed.media[0].status).toBe('error');
      // A mass message with media still rendering answers 'processing' at once (not 'sending').
      const held = await media.heldMedia();
      const sent = await send({ type: 'photo', message: 'Held back', media: [held], send_to: 'ONLY_EXISTING' });
      expect(sent.status).toBe('processing');
      expect(sent.media[0].status).toBe('processing');
      expect((await post(`/api/message/mass-messages/${sent._id}/cancel`, {})).status).toBe(200);
    });

    it('CH-13: send_video_process_request takes isMassMessage: the id names a mass message (no videos: the post rule, Invalid Request)', async () => {
      const sent = await send({ message: 'No video here', send_to: 'ONLY_EXISTING' });
      const r = await post('/api/admin/send_video_process_request', { id: sent._id, isMassMessage: true });
      expect([r.status, r.body.message, r.body.field]).toEqual([400, 'Invalid Request', 'id']);
      const unknown = await post('/api/admin/send_video_process_request', { id: '00000000-0000-4000-8000-000000000000', isMassMessage: true });
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Invalid Request']);
    });

    it('a rebuild from the log gives the same mass-message and copy rows', async () => {
      await deliver();
      const snapshot = async () => ({
        copies: (await sql`SELECT id, fan_id, type, text, price_cents, unlocked, is_mass_message, mass_message_type, mass_message_id, created_at FROM rm.chat_messages WHERE is_mass_message ORDER BY id`.execute(db())).rows,
        masses: (await sql`SELECT id, status, recipients, delivered, future_delivered, purchases, revenue_cents, current_welcome FROM rm.mass_messages ORDER BY id`.execute(db())).rows,
        conversations: (await sql`SELECT fan_id, message_count, fan_unread FROM rm.chat_conversations ORDER BY fan_id`.execute(db())).rows,
      });
      const before = await snapshot();
      expect(before.copies.length).toBeGreaterThan(5);
      await rebuildReadModels({ database: t.server.services.database, store: t.server.services.store, projections: allProjections });
      expect(await snapshot()).toEqual(before);
    });
  });
}

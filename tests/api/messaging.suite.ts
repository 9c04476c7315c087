// Runs on one back end (PGlite, messaging.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Messaging creators ask for, over real HTTP and a real database: the welcome message goes out at once to a new
// subscriber by default (a delivery pass as soon as the subscription is applied, not the next timer beat: this
// server's timer is 10 minutes), mass-message audiences by behaviour (top spenders, expired subscribers, buyers and
// non-buyers of a post) counted before sending and delivered to exactly those fans, and the chat composer's saved
// replies (CRUD for the staff who write in chat, refused for support, fans and guests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

export function messagingSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`messaging: welcome at once, audiences by behaviour, saved replies (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let n = 0;
    /** A call as the admin, as `token`, or as a guest (null). */
    const post = (url: string, body: unknown, token: string | null = admin, headers?: Record<string, string>) => t.call('POST', url, body, { token: token ?? undefined, headers });
    const get = (url: string, token = admin) => t.call('GET', url, undefined, { token });
    const db = () => t.server.services.database.db;
    const settleAll = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up').toBe(true);
    };
    const deliver = async () => {
      await t.server.delivery.tick();
      await settleAll();
    };
    const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    const fan = async (label: string, subscribed = true) => {
      const r = await post('/api/users/register', { name: `Fan ${label}`, email: `messaging.${label}.${++n}@example.com`, password: 'fan password 1' }, null);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string, label };
      if (subscribed) expect((await post('/api/v2/purchase/subscription', card, f.token)).body.data?.accepted).toBe(true);
      return f;
    };
    const tip = async (token: string, dollars: number) => {
      const r = await post('/api/v2/purchase/send-tip', { amount: dollars, tipMessage: 'for you', ...card }, token);
      expect(r.body.data?.accepted, JSON.stringify(r.body)).toBe(true);
    };
    const staffToken = async (role: string) => {
      const email = `${role}.${++n}@example.com`;
      const created = await post('/admin-api/users', { name: `Staff ${role}`, email, role });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      return (await post('/api/users/login', { email, password: created.body.generated_password }, null)).body.data.token as string;
    };
    const copiesOf = async (massId: string) =>
      (await sql<{ fan_id: string }>`SELECT fan_id FROM rm.chat_messages WHERE mass_message_id = ${massId}`.execute(db())).rows.map((r) => r.fan_id).sort();
    const welcomes = async (token: string) => ((await get('/api/chat/get_messages?page_num=1', token)).body.data.messages as { massMessageType: string; message: string }[]).filter((m) => m.massMessageType === 'WELCOME');
    const ids = (...fans: { id: string }[]) => fans.map((f) => f.id).sort();

    beforeAll(async () => {
      // A 10-minute delivery timer: whatever arrives sooner came from a kick.
      t = await startTestServer(backend, {}, { deliverNotices: false, deliveryIntervalMs: 600_000 });
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword }, null)).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the welcome message reaches a new subscriber at once by default, once; fans subscribed before it do not get it', async () => {
      const before = await fan('before-welcome');
      const set = await post('/api/message/set-welcome-message', { type: 'text', message: 'Welcome aboard!', isLocked: 'free' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data).toMatchObject({ newUserMessageDelay: 'IMMEDIATELY', sendTo: 'ONLY_NEW', delayByHours: null });
      // The pass kicked by the save chooses the (empty) audience of "only future subscribers".
      const chosen = async () => (await sql<{ audience_at: unknown }>`SELECT audience_at FROM rm.mass_messages WHERE id = ${set.body.data._id}`.execute(db())).rows[0]?.audience_at;
      for (let i = 0; i < 200 && !(await chosen()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await chosen(), 'the save kicked a pass').toBeTruthy();
      const newcomer = await fan('newcomer');
      const started = Date.now();
      let got: { message: string }[] = [];
      while (Date.now() - started < 20_000) {
        got = await welcomes(newcomer.token);
        if (got.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(got.map((m) => m.message), 'welcome delivered without a timer beat').toEqual(['Welcome aboard!']);
      // More passes add nothing: one copy per subscriber.
      await deliver();
      await deliver();
      expect((await welcomes(newcomer.token)).length).toBe(1);
      expect(await welcomes(before.token)).toEqual([]);
    });

    it('audiences by behaviour: counted before sending, delivered to exactly the fans each rule finds', async () => {
      // A fresh cast (the fans of the test above are subscribers without tips and count as such).
      const big = await fan('big');
      const medium = await fan('medium');
      const small = await fan('small');
      const muted = await fan('muted');
      const lapsed = await fan('lapsed');
      // Never subscribed, never bought: in no audience.
      const stranger = await fan('stranger', false);
      await tip(big.token, 300);
      await tip(medium.token, 150);
      await tip(muted.token, 400);
      expect((await post('/api/admin/mute_message_for_user', { user_id: muted.id, muteFromChat: true })).status).toBe(200);
      // A locked post: the small spender and the lapsed fan buy it (a subscriber's purchase).
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 20, b: 140 } } }).jpeg().toBuffer();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: 'locked.jpg', content_type: 'image/jpeg', media_type: 'blog' });
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const media = (await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' })).body.data.id;
      const created = await post('/api/blogs', { caption: 'Locked set', visibility: 'locked', amount: 12, media_ids: [media] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const postId = created.body.data._id as string;
      for (const buyer of [small, lapsed]) {
        const bought = await post('/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 12, ...card }, buyer.token);
        expect(bought.body.data?.accepted, JSON.stringify(bought.body)).toBe(true);
      }
      // The lapsed fan's membership money came back: the subscription ended then.
      const payment = (await sql<{ id: string }>`SELECT id FROM rm.transactions WHERE user_id = ${lapsed.id} AND type = 'subscription'`.execute(db())).rows[0];
      expect((await post(`/admin-api/transactions/${payment.id}/refund`, {})).status).toBeLessThan(300);
      await settleAll();
      const subscribersNow = (await sql<{ user_id: string }>`SELECT user_id FROM rm.subscribers WHERE expires_at > now()`.execute(db())).rows.map((r) => r.user_id);

      const count = async (audience: Record<string, unknown> | undefined, sendTo = 'ONLY_EXISTING') => {
        const r = await post('/api/message/mass-audience-count', { send_to: sendTo, ...(audience ? { audience } : {}) });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data as { count: number; label: string };
      };
      const sendTo = async (audience: Record<string, unknown>, message: string) => {
        const r = await post('/api/message/send-mass-message', { type: 'text', isLocked: 'free', message, audience });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.data).toMatchObject({ send_to: 'ONLY_EXISTING', audience: { type: audience.type } });
        await deliver();
        return { id: r.body.data._id as string, copies: await copiesOf(r.body.data._id) };
      };

      const cases: [Record<string, unknown>, string[], string][] = [
        // Tips of 300 and 150 over a subscription; the muted fan's 400 never counts.
        [{ type: 'top_spenders', top: 2, days: 30 }, ids(big, medium), 'Top 2 spenders, last 30 days'],
        [{ type: 'top_spenders', min_spent: 200, days: 30 }, ids(big), 'Fans who spent $200 or more, last 30 days'],
        [{ type: 'expired' }, ids(lapsed), 'Expired subscribers'],
        [{ type: 'bought_post', post_id: postId }, ids(small, lapsed), 'Fans who bought a post'],
      ];
      for (const [audience, expected, label] of cases) {
        expect(await count(audience), JSON.stringify(audience)).toEqual({ count: expected.length, label });
        const sent = await sendTo(audience, `To ${audience.type}`);
        expect(sent.copies, JSON.stringify(audience)).toEqual(expected);
        expect((await get(`/api/message/mass-messages/${sent.id}`)).body.data).toMatchObject({ status: 'sent', stats: { recipients: expected.length, delivered: expected.length }, audience: { label } });
      }
      // Subscribers who never bought it: every current subscriber but the buyer and the muted fan.
      const notBought = subscribersNow.filter((id) => id !== small.id && id !== muted.id).sort();
      expect(notBought).toContain(big.id);
      expect(notBought).not.toContain(stranger.id);
      expect(notBought).not.toContain(lapsed.id);
      expect((await count({ type: 'not_bought_post', post_id: postId })).count).toBe(notBought.length);
      expect((await sendTo({ type: 'not_bought_post', post_id: postId }, 'You missed this')).copies).toEqual(notBought);
      // The subscribers (send_to) are counted by the same query; only future subscribers: nobody now.
      expect((await count(undefined, 'EVERYONE')).count).toBe(subscribersNow.filter((id) => id !== muted.id).length);
      expect((await count(undefined, 'ONLY_NEW')).count).toBe(0);
    });

    it('an audience by behaviour is checked: its numbers and post name the field, a support member or a fan is refused, nothing is written', async () => {
      const head = await t.server.services.store.headPosition();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ type: 'top_spenders', days: 30 }, 'audience.top', 'Choose how many top spenders, or a minimum amount spent.'],
        [{ type: 'top_spenders', top: 0 }, 'audience.top', 'top must be a whole number between 1 and 100000.'],
        [{ type: 'top_spenders', min_spent: 'lots' }, 'audience.min_spent', 'min_spent must be an amount of at least $0.01.'],
        [{ type: 'top_spenders', top: 5, days: 99999 }, 'audience.days', 'days must be a whole number between 1 and 3650.'],
        [{ type: 'bought_post' }, 'audience.post_id', 'Choose the post.'],
        [{ type: 'not_bought_post', post_id: '7b0f2f6e-8a51-4c43-9b7e-2d7c2f0e4a11' }, 'audience.post_id', 'Post not found.'],
        [{ type: 'everyone-ish' }, 'audience.type', 'audience.type must be subscribers, top_spenders, expired, bought_post, not_bought_post or tier.'],
      ];
      for (const [audience, field, message] of cases) {
        for (const url of ['/api/message/mass-audience-count', '/api/message/send-mass-message']) {
          const r = await post(url, { type: 'text', isLocked: 'free', message: 'x', audience });
          expect([r.status, r.body.field, r.body.message], `${url} ${JSON.stringify(audience)}`).toEqual([400, field, message]);
        }
      }
      expect(await t.server.services.store.headPosition()).toEqual(head);
      const support = await staffToken('support');
      expect((await post('/api/message/mass-audience-count', { audience: { type: 'expired' } }, support)).status).toBe(403);
      const f = await fan('nosy', false);
      expect((await post('/api/message/mass-audience-count', { audience: { type: 'expired' } }, f.token)).status).toBe(403);
      expect((await post('/api/message/mass-audience-count', { audience: { type: 'expired' } }, null)).status).toBe(401);
    });

    it('saved replies: the staff who chat create, list, edit and delete them; a retry is the same reply; support, fans and guests are refused', async () => {
      const model = await staffToken('model');
      const cm = await staffToken('content_manager');
      const created = await post('/api/chat/saved-replies', { name: 'thanks', text: 'Thank you so much! ❤️' }, model, { 'idempotency-key': 'saved-reply-thanks' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({ message: 'Saved reply added.', data: { name: 'thanks', text: 'Thank you so much! ❤️' } });
      const again = await post('/api/chat/saved-replies', { name: 'thanks', text: 'Thank you so much! ❤️' }, model, { 'idempotency-key': 'saved-reply-thanks' });
      expect(again.body.data._id).toBe(created.body.data._id);
      expect((await post('/api/chat/saved-replies', { name: 'price', text: 'My set is $12.' }, cm)).status).toBe(200);
      expect((await get('/api/chat/saved-replies', cm)).body.data.items.map((r: { name: string }) => r.name)).toEqual(['price', 'thanks']);

      const refusals: [Record<string, unknown>, string, string][] = [
        [{ name: 'Thanks', text: 'dup' }, 'name', 'A saved reply with this name exists already.'],
        [{ name: 'two words', text: 'x' }, 'name', 'The name may hold letters, digits, - and _ only (it is typed after "/").'],
        [{ name: '', text: 'x' }, 'name', 'Enter a name for the saved reply.'],
        [{ name: 'ok', text: '  ' }, 'text', 'Enter the text of the saved reply.'],
        [{ name: 'ok' }, 'text', 'text is required.'],
        [{ name: 'nul\u0000', text: 'x' }, 'name', ''],
      ];
      for (const [body, field, message] of refusals) {
        const r = await post('/api/chat/saved-replies', body, model);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.field, JSON.stringify(body)).toBe(field);
        if (message) expect(r.body.message).toBe(message);
      }

      const id = created.body.data._id as string;
      const edited = await t.call('PUT', `/api/chat/saved-replies/${id}`, { name: 'thanks', text: 'Thanks a lot!' }, { token: cm });
      expect(edited.body).toMatchObject({ message: 'Saved reply updated.', data: { _id: id, text: 'Thanks a lot!' } });
      expect((await t.call('PUT', '/api/chat/saved-replies/7b0f2f6e-8a51-4c43-9b7e-2d7c2f0e4a11', { name: 'x', text: 'y' }, { token: cm })).status).toBe(404);

      const support = await staffToken('support');
      const f = await fan('replier');
      for (const token of [support, f.token]) {
        expect((await get('/api/chat/saved-replies', token)).status).toBe(403);
        expect((await post('/api/chat/saved-replies', { name: 'sneaky', text: 'x' }, token)).status).toBe(403);
        expect((await t.call('PUT', `/api/chat/saved-replies/${id}`, { name: 'sneaky', text: 'x' }, { token })).status).toBe(403);
        expect((await t.call('DELETE', `/api/chat/saved-replies/${id}`, undefined, { token })).status).toBe(403);
      }
      expect((await t.call('GET', '/api/chat/saved-replies')).status).toBe(401);

      const deleted = await t.call('DELETE', `/api/chat/saved-replies/${id}`, undefined, { token: model });
      expect(deleted.body).toMatchObject({ message: 'Saved reply deleted.', data: { items: [{ name: 'price' }] } });
      expect((await t.call('DELETE', `/api/chat/saved-replies/${id}`, undefined, { token: model })).status).toBe(404);
      // Stored as events: the log has the three changes of the deleted reply.
      const types = (await t.server.services.store.readStream('saved-replies')).map((e) => e.type);
      expect(types).toEqual(['SavedReplyCreated', 'SavedReplyCreated', 'SavedReplyUpdated', 'SavedReplyDeleted']);
    });
  });
}

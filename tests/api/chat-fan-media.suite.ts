// Runs on one back end (PGlite, chat-fan-media.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// A fan's photo or video in private chat over real HTTP and a real database:
// the fan asks the shared presign route for an address (purpose 'message' only, while subscribed), PUTs the file
// without any Authorization header, registers it and sends it. Staff see it rendered like any media; the fan sees
// their own; no other fan can attach it, read it or fetch its original; staff cannot pass it on; a second item, a
// foreign purpose and an unsupported type are refused with the spec's texts; pay-per-message charges a media
// message once; and POST /api/message/send-message (the universal-chat name) is the same send. Also the purchased contents:
// a fan's unlocked posts and chat messages, their own only; staff who see chat earnings see any fan's. And "last
// seen": POST /api/users/update_last_seen, read by staff in the chat header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { FAN_UPLOAD_PURPOSE_REFUSED, ONLY_ONE_MEDIA } from '../../domain/chat/fan-media';
import { seesChatEarnings } from '../../domain/chat/roles';
import { rebuildReadModels } from '../../projections/rebuild';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

export function chatFanMediaSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`a fan's media in chat over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
    const eventCount = async () => (await t.server.services.store.readAll({ after: null, maxCount: 1_000_000 })).length;
    let n = 0;
    const fan = async (label: string, subscribed = true) => {
      const r = await post('/api/users/register', { name: `Media ${label}`, email: `media.${label}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string };
      if (subscribed) expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token)).body.data.accepted).toBe(true);
      return f;
    };
    const jpeg = () => sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
    /** presign (as the fan) → PUT without auth → register: the media id. */
    const fanUpload = async (token: string, name = `photo-${++n}.jpg`) => {
      const body = await jpeg();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg', media_type: 'message', file_size: body.length }, token);
      expect(presign.status, JSON.stringify(presign.body)).toBe(200);
      expect(presign.body.data).toMatchObject({ file_name: expect.stringMatching(/^staging\//), presigned_url: expect.stringContaining('sig=') });
      const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body });
      expect(put.status).toBe(200);
      const saved = await post('/api/chat/upload_media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg', original_name: name }, token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ type: 'photo', status: 'ready' });
      return saved.body.data.media_id as string;
    };
    const setSettings = async (changes: Record<string, unknown>) => expect((await t.call('PUT', '/admin-api/settings/site', changes, { token: admin })).status).toBeLessThan(300);

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { deliverNotices: false });
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a subscribed fan sends a photo: staff see it rendered (original, thumbnail, blur), the fan sees their own', async () => {
      const f = await fan('sender');
      const mediaId = await fanUpload(f.token);
      const sent = await post('/api/chat/send_message', { message: 'Look at this', media: [mediaId], uniqueId: 'fan-photo-1' }, f.token);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.message).toMatchObject({ type: 'photo', fromAdmin: false, isLocked: 'free', message: 'Look at this', messageFrom: 'user', contentCount: { photo: 1, video: 0 } });
      const own = (await get('/api/chat/get_messages', f.token)).body.data.messages;
      expect(own.at(-1).media[0].url).toMatch(/sig=/);
      const staff = (await get(`/api/chat/get_messages_admin?selected_user_id=${f.id}`, admin)).body.data.messages.at(-1);
      expect(staff).toMatchObject({ type: 'photo', fromAdmin: false, udid: staff._id, promotion_price: null });
      expect(staff.media[0]).toMatchObject({ url: expect.stringMatching(/sig=/), thumbnail_url: expect.stringMatching(/sig=/), blur_url: expect.stringMatching(/^\/media\/blur\//) });
      const original = await fetch(t.base + staff.media[0].url);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      // The list shows "Photo" for a message with no text of its own.
      const bare = await post('/api/chat/send_message', { media: [await fanUpload(f.token)], uniqueId: 'fan-photo-2' }, f.token);
      expect(bare.body.data.message).toMatchObject({ type: 'photo', message: '' });
      const row = (await get(`/api/chat/get_user_list?user_name=${encodeURIComponent('Media sender')}`, admin)).body.data.users[0];
      expect(row.last_message).toBe('Photo');
      // The fan's own last message and what the fan has not read of the creator's.
      expect(row).toMatchObject({ user_last_message: 'Photo', user_unread_message: 0 });
      await post('/api/chat/send_message', { receiver: f.id, message: 'Gorgeous!' }, admin);
      const after = (await get(`/api/chat/get_user_list?user_name=${encodeURIComponent('Media sender')}`, admin)).body.data.users[0];
      expect(after).toMatchObject({ last_message: 'Gorgeous!', user_last_message: 'Photo', user_unread_message: 1 });
      // A fan's upload is not in the Content Manager's library (it is private to the fan and staff).
      const library = await post('/api/media/get', { category_id: 'all-media', page: 1 }, admin);
      expect(library.status).toBe(200);
      expect(JSON.stringify(library.body.data)).not.toContain(mediaId);
    });

    it('only a chat message: another purpose, a non-member, staff-only registration and a guest are refused; nothing is written', async () => {
      const f = await fan('purpose');
      const stranger = await fan('nomember', false);
      const before = await eventCount();
      for (const media_type of ['blog', 'media', undefined]) {
        const r = await post('/api/upload/generate_presigned_url', { file_name: 'a.jpg', content_type: 'image/jpeg', ...(media_type ? { media_type } : {}) }, f.token);
        expect(r.status, String(media_type)).toBe(403);
        expect(r.body.message).toBe(FAN_UPLOAD_PURPOSE_REFUSED);
      }
      const nonMember = await post('/api/upload/generate_presigned_url', { file_name: 'a.jpg', content_type: 'image/jpeg', media_type: 'message' }, stranger.token);
      expect(nonMember.status).toBe(403);
      expect(nonMember.body.code).toBe('CHAT_NOT_ALLOWED');
      expect((await post('/api/upload/generate_presigned_url', { file_name: 'a.jpg', content_type: 'image/jpeg', media_type: 'message' })).status).toBe(401);
      // The staff registration route stays staff's; the fan's own route refuses an unsupported type.
      expect((await post('/api/media', { file_name: 'staging/00000000-0000-4000-8000-000000000000/a.jpg', content_type: 'image/jpeg' }, f.token)).status).toBe(403);
      const gif = await post('/api/upload/generate_presigned_url', { file_name: 'a.gif', content_type: 'image/gif', media_type: 'message' }, f.token);
      expect(gif.body).toMatchObject({ success: 0, message: 'Media format is not supported.' });
      const huge = await post('/api/upload/generate_presigned_url', { file_name: 'big.mp4', content_type: 'video/mp4', media_type: 'message', file_size: 10 ** 12 }, f.token);
      expect(huge.body).toMatchObject({ success: 0, field: 'file_size', message: 'File big.mp4 size is too large.' });
      expect(await eventCount()).toBe(before);
      // Addresses are limited per fan (twice the hourly registrations): a file sent but never registered still takes disk.
      const limited = await fan('limited');
      const answers: number[] = [];
      for (let i = 0; i < 61; i++) answers.push((await post('/api/upload/generate_presigned_url', { file_name: `x${i}.jpg`, content_type: 'image/jpeg', media_type: 'message' }, limited.token)).status);
      expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(answers[60]).toBe(429);
      // Staff keep every purpose.
      expect((await post('/api/upload/generate_presigned_url', { file_name: 'a.jpg', content_type: 'image/jpeg', media_type: 'blog' }, admin)).status).toBe(200);
    });

    it('one item per message; another fan can neither attach, read nor fetch it; staff cannot pass it on', async () => {
      const owner = await fan('owner');
      const other = await fan('other');
      const a = await fanUpload(owner.token);
      const b = await fanUpload(owner.token);
      const before = await eventCount();
      const two = await post('/api/chat/send_message', { media: [a, b] }, owner.token);
      expect(two.status).toBe(400);
      expect(two.body).toMatchObject({ field: 'media', message: ONLY_ONE_MEDIA });
      const empty = await post('/api/chat/send_message', { message: '  ' }, owner.token);
      expect(empty.body).toMatchObject({ field: 'message', message: "Message can't be empty" });
      // Another fan attaching the owner's media: as if it did not exist.
      const stolen = await post('/api/chat/send_message', { media: [a] }, other.token);
      expect(stolen.status).toBe(400);
      expect(stolen.body).toMatchObject({ field: 'media', message: 'Media not found.' });
      // Staff sending it to another fan (or anyone): refused too.
      const passOn = await post('/api/chat/send_message', { receiver: other.id, media: [a], isLocked: true, amount: 10 }, admin);
      expect(passOn.body).toMatchObject({ field: 'media', message: 'Media not found.' });
      // Nor into a post, nor into a mass message: a fan's upload is not staff's to publish.
      const inPost = await t.call('POST', '/admin-api/posts', { caption: 'leak', visibility: 'public', media_ids: [a] }, { token: admin });
      expect(inPost.status).toBe(400);
      expect(inPost.body).toMatchObject({ field: 'media_ids' });
      const inMass = await post('/api/message/send-mass-message', { message: 'leak', type: 'photo', isLocked: 'free', media: [a], send_to: 'EVERYONE', new_user_message_delay: 'STAGGER_OVER_TIME' }, admin);
      expect(inMass.status).toBe(400);
      expect(inMass.body).toMatchObject({ field: 'media' });
      expect(await eventCount()).toBe(before);
      // The console's media list leaves it out too.
      const listed = await t.call('GET', '/admin-api/media?_end=1000', undefined, { token: admin });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain(a);

      const sent = (await post('/api/chat/send_message', { media: [a], uniqueId: 'owner-1' }, owner.token)).body.data.message;
      // The other fan cannot read the message nor find its media in their conversation.
      expect((await get(`/api/chat/get_chat_message?id=${sent._id}`, other.token)).status).toBe(404);
      expect(JSON.stringify((await get('/api/chat/get_messages', other.token)).body.data)).not.toContain(a);
      // A forged or unsigned link to the original is refused.
      const url: string = (await get(`/api/chat/get_chat_message?id=${sent._id}`, owner.token)).body.data.media[0].url;
      expect((await fetch(t.base + url.split('?')[0])).status).toBe(403);
      expect((await fetch(t.base + url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403);
    });

    it('pay-per-message charges a media message once (resent with the same uniqueId); CH-47 POST /api/message/send-message is the same send', async () => {
      const f = await fan('ppm');
      await setSettings({ is_pay_per_message_enabled: true, pay_per_message_amount: 4 });
      try {
        const mediaId = await fanUpload(f.token);
        const body = { message: 'Paid picture', media: [mediaId], uniqueId: 'ppm-media-1', isPayPerMessageEnabled: true, payPerMessageAmount: 4 };
        const first = await post('/api/chat/send_message', body, f.token);
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        expect(first.body.data).toMatchObject({ is_pay_per_message: true, amount_cents: 400, message: { type: 'photo', paid_cents: 400 } });
        const again = await post('/api/message/send-message', { ...body, domain: 'example.com', email: 'x@example.com' }, f.token);
        expect(again.status).toBe(200);
        expect(again.body.data.message._id).toBe(first.body.data.message._id);
        const charges = await sql<{ n: string }>`SELECT count(*) AS n FROM rm.transactions WHERE reference_id = ${first.body.data.message._id} AND type = 'pay_per_message'`.execute(t.server.services.database.db);
        expect(Number(charges.rows[0].n)).toBe(1);
      } finally {
        await setSettings({ is_pay_per_message_enabled: false });
      }
      // The alias follows the same rules for staff too.
      const alias = await post('/api/message/send-message', { receiver: f.id, message: 'Thanks!' }, admin);
      expect(alias.status).toBe(200);
      expect(alias.body.data.message).toMatchObject({ fromAdmin: true, messageFrom: 'admin' });
    });

    it('purchased contents: a fan sees the post and the chat message they unlocked; another fan and staff without earnings cannot look', async () => {
      const buyer = await fan('buyer');
      const other = await fan('nosy');
      // A locked post and a locked chat photo, from staff uploads.
      const staffUpload = async (name: string) => {
        const presign = (await post('/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg', media_type: 'blog' }, admin)).body.data;
        expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: await jpeg() })).status).toBe(200);
        return (await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id as string;
      };
      const postId = (await post('/api/blogs', { caption: 'Sunset set', visibility: 'locked', amount: 6, media_ids: [await staffUpload('sunset.jpg')] }, admin)).body.data._id as string;
      const message = (await post('/api/chat/send_message', { receiver: buyer.id, message: 'Backstage', media: [await staffUpload('backstage.jpg')], isLocked: true, amount: 8 }, admin)).body.data.message;
      expect((await post('/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 6 }, buyer.token)).body.data.accepted).toBe(true);
      expect((await post('/api/v2/purchase/chat-content-purchase', { messageId: message._id, amount: 8 }, buyer.token)).body.data.accepted).toBe(true);

      const own = await get('/api/users/purchased-contents', buyer.token);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.data).toMatchObject({ user: { _id: buyer.id }, total: 2, total_cents: 1400, has_more: false });
      expect(own.body.data.items.map((i: any) => [i.kind, i._id, i.title, i.amount_cents, i.paid_with, i.link])).toEqual([
        ['message', message._id, 'Backstage', 800, 'card', '/private-chat'],
        ['post', postId, 'Sunset set', 600, 'card', `/feed/${postId}`],
      ]);
      expect(own.body.data.items[0].thumbnail_url).toMatch(/sig=/);
      expect((await get('/api/users/purchased-contents?type=post', buyer.token)).body.data.items.map((i: any) => i.kind)).toEqual(['post']);
      expect((await get(`/api/users/purchased-contents?user_id=${buyer.id}`, buyer.token)).status).toBe(200);
      // Another fan: nothing of theirs, and not the buyer's.
      expect((await get('/api/users/purchased-contents', other.token)).body.data).toMatchObject({ total: 0, items: [] });
      expect((await get(`/api/users/purchased-contents?user_id=${buyer.id}`, other.token)).status).toBe(403);
      expect((await get('/api/users/purchased-contents')).status).toBe(401);
      // Staff: the earnings roles see any fan's (with the console chat link); the others are refused.
      const staffView = await get(`/api/users/purchased-contents?user_id=${buyer.id}`, admin);
      expect(staffView.body.data.items[0].link).toBe(`/admin/private-chat/${buyer.id}`);
      expect((await get('/api/users/purchased-contents', admin)).body).toMatchObject({ field: 'user_id' });
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      for (const role of ['content_manager', 'live_stream_manager'] as const)
        await createStaffAccount(ctx, secrets, { name: role, email: `${role.replace(/_/g, '.')}.${++n}@example.com`, role, password: 'role password 1' });
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      for (const role of ['content_manager', 'live_stream_manager'] as const) {
        const login = await post('/api/users/login', { email: `${role.replace(/_/g, '.')}.${role === 'content_manager' ? n - 1 : n}@example.com`, password: 'role password 1' });
        // The content manager follows the chat's earnings rule (with hide_earnings off); the live-stream manager never sees them.
        expect((await get(`/api/users/purchased-contents?user_id=${buyer.id}`, login.body.data.token)).status, role).toBe(seesChatEarnings(role) ? 200 : 403);
        // Staff who do not register media get no upload address, for chat either; nor do they register a fan's way.
        if (role === 'live_stream_manager')
          expect((await post('/api/upload/generate_presigned_url', { file_name: 'a.jpg', content_type: 'image/jpeg', media_type: 'message' }, login.body.data.token)).status).toBe(403);
        expect((await post('/api/chat/upload_media', { file_name: 'staging/00000000-0000-4000-8000-000000000000/a.jpg', content_type: 'image/jpeg' }, login.body.data.token)).status).toBe(403);
      }
      // A refund takes the unlock back: it leaves the list.
      const payment = await sql<{ id: string }>`SELECT id FROM rm.transactions WHERE reference_id = ${postId} AND user_id = ${buyer.id}`.execute(t.server.services.database.db);
      expect((await post(`/admin-api/transactions/${payment.rows[0].id}/refund`, {}, admin)).status).toBeLessThan(300);
      expect((await get('/api/users/purchased-contents', buyer.token)).body.data.items.map((i: any) => i.kind)).toEqual(['message']);

      // purchased_content_settings bind the fan on the server, not only in the UI; staff still see everything.
      const pcs = (c: Record<string, boolean>) => setSettings({ purchased_content_settings: { enabled: true, show_posts: true, show_chat_messages: true, show_prices: true, ...c } });
      try {
        await pcs({ show_prices: false });
        const hidden = (await get('/api/users/purchased-contents', buyer.token)).body.data;
        expect(hidden).toMatchObject({ prices_hidden: true, total_cents: 0, total: 1, kinds: ['post', 'message'] });
        expect(hidden.items.map((i: any) => [i.amount, i.amount_cents])).toEqual([[0, 0]]);
        expect((await get(`/api/users/purchased-contents?user_id=${buyer.id}`, admin)).body.data).toMatchObject({ prices_hidden: false, total_cents: 800 });
        await pcs({ show_chat_messages: false });
        const postsOnly = (await get('/api/users/purchased-contents', buyer.token)).body.data;
        expect(postsOnly).toMatchObject({ kinds: ['post'], total: 0, items: [] });
        expect((await get('/api/users/purchased-contents?type=message', buyer.token)).body.data).toMatchObject({ total: 0, items: [] });
        expect((await get(`/api/users/purchased-contents?user_id=${buyer.id}`, admin)).body.data.items.map((i: any) => i.kind)).toEqual(['message']);
        await pcs({ enabled: false });
        const off = await get('/api/users/purchased-contents', buyer.token);
        expect(off.status).toBe(403);
        expect(off.body.message).toBe('Purchased contents are not available.');
        expect((await get(`/api/users/purchased-contents?user_id=${buyer.id}`, admin)).status).toBe(200);
      } finally {
        await pcs({});
      }
      expect((await get('/api/users/purchased-contents', buyer.token)).body.data).toMatchObject({ kinds: ['post', 'message'], prices_hidden: false, total_cents: 800 });
    });

    it('last seen (XX-19): a fan reports being here, at most one event in five minutes; staff read it in the chat header', async () => {
      const f = await fan('seen');
      expect((await get(`/api/chat/get_user_details?user_id=${f.id}`, admin)).body.data.lastSeen).toBeNull();
      const first = await post('/api/users/update_last_seen', {}, f.token);
      expect(first.status).toBe(200);
      expect(Date.parse(first.body.data.lastSeen)).toBeGreaterThan(Date.now() - 60_000);
      const before = await eventCount();
      const again = await post('/api/users/update_last_seen', {}, f.token);
      expect(again.body.data.lastSeen).toBe(first.body.data.lastSeen);
      expect(await eventCount()).toBe(before);
      await expect.poll(async () => (await get(`/api/chat/get_user_details?user_id=${f.id}`, admin)).body.data.lastSeen, { timeout: 10_000 }).toBe(first.body.data.lastSeen);
      // Staff record nothing; a guest is refused.
      expect((await post('/api/users/update_last_seen', {}, admin)).body.data.lastSeen).toBeNull();
      expect(await eventCount()).toBe(before);
      expect((await post('/api/users/update_last_seen', {})).status).toBe(401);
    });

    it('a rebuild of the read models shows the same media messages', async () => {
      const f = await fan('rebuild');
      await post('/api/chat/send_message', { media: [await fanUpload(f.token)], uniqueId: 'rb-1' }, f.token);
      const before = (await get(`/api/chat/get_messages_admin?selected_user_id=${f.id}`, admin)).body.data.messages.map((m: any) => [m._id, m.type, m.media.length]);
      await rebuildReadModels({ database: t.server.services.database, store: t.server.services.store, projections: allProjections });
      const after = (await get(`/api/chat/get_messages_admin?selected_user_id=${f.id}`, admin)).body.data.messages.map((m: any) => [m._id, m.type, m.media.length]);
      expect(after).toEqual(before);
    });
  });
}

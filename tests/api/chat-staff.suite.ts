// Staff chat actions over real HTTP and a real database: delete from the
// subscriber / from all (events, read models, no purchase of a deleted message, no automatic refund, a rebuild
// agrees), the row menu's routes (nickname with the spec body, Block User v2 cancelling the renewal, mute with the
// spec body, Mark As Unread), each with the roles allowed to use them, the feature switches and hide_earnings in the chat
// settings, get_user_by_id, list_id and the per-fan chat email notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import WebSocket from 'ws';
import { sql } from 'kysely';
import type { Role } from '../../domain/shared/wire';
import { chatMessageStream } from '../../domain/chat/chat-message';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

const STAFF: Role[] = ['super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support'];

export function chatStaffSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`staff chat actions over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    const tokens = new Map<Role, string>();
    const post = (url: string, body: unknown, token = admin) => t.call('POST', url, body, { token });
    const get = (url: string, token = admin) => t.call('GET', url, undefined, { token });
    const db = () => t.server.services.database.db;
    const types = async (stream: string) => (await t.server.services.store.readStream(stream)).map((e) => e.type);
    const eventCount = async () => (await t.server.services.store.readAll({ after: null, maxCount: 1_000_000 })).length;
    const settleAll = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
    };
    let n = 0;
    const fan = async (label: string) => {
      const r = await post('/api/users/register', { name: `Row ${label}`, email: `row.${label}.${++n}@example.com`, password: 'fan password 1' }, '');
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string };
      expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token)).body.data.accepted).toBe(true);
      return f;
    };
    const uploadImage = async () => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 9, g: 90, b: 200 } } }).jpeg().toBuffer();
      const presign = await post('/api/upload/generate_presigned_url', { file_name: `p${++n}.jpg`, content_type: 'image/jpeg', media_type: 'message' });
      await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
      return (await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' })).body.data.id as string;
    };
    const send = async (fanId: string, body: Record<string, unknown>) => {
      const r = await post('/api/chat/send_message', { receiver: fanId, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.message as { _id: string; udid?: string };
    };
    const fanMessages = async (token: string) => (await get('/api/chat/get_messages?page_num=1', token)).body.data.messages as any[];
    const staffMessages = async (fanId: string) => (await get(`/api/chat/get_messages_admin?selected_user_id=${fanId}`)).body.data.messages as any[];
    const listRow = async (fanId: string, token = admin, extra = '') =>
      ((await get(`/api/chat/get_user_list?page_num=1&sort_by=latest_message${extra}`, token)).body.data.users as any[]).find((u) => u._id === fanId);
    const setSettings = async (changes: Record<string, unknown>) => {
      const r = await post('/api/app_settings/update_chat_settings', changes);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword }, '')).body.data.token;
      tokens.set('admin', admin);
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      for (const role of STAFF) {
        const email = `${role.replace(/_/g, '-')}.chat@example.com`;
        await createStaffAccount(ctx, secrets, { name: role, email, role, password: 'staff password 1' });
      }
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      for (const role of STAFF) {
        const email = `${role.replace(/_/g, '-')}.chat@example.com`;
        tokens.set(role, (await post('/api/users/login', { email, password: 'staff password 1' }, '')).body.data.token);
      }
    });
    afterAll(async () => {
      await t?.close(); // the ledger check: a deleted bought message moves no money
    });

    it('delete from subscriber: gone for the fan (list, one message, purchase), marked for staff, unread badge follows; repeating writes nothing', async () => {
      const f = await fan('hide');
      await send(f.id, { message: 'Stays' });
      const locked = await send(f.id, { message: 'Locked one', media: [await uploadImage()], isLocked: true, amount: 9 });
      expect((await get('/api/users/get_unread_count', f.token)).body.data.userUnreadMessage).toBe(2);
      const r = await post('/api/chat/delete_message_from_user', { message_id: locked._id });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Message deleted from subscriber.', data: { _id: locked._id, deleted: 'fan' } });
      expect(await types(chatMessageStream(locked._id))).toEqual(['ChatMessageSent', 'ChatMessageDeleted']);
      expect((await fanMessages(f.token)).map((m) => m.message)).toEqual(['Stays']);
      expect((await get(`/api/chat/get_chat_message?id=${locked._id}`, f.token)).status).toBe(404);
      expect((await get('/api/users/get_unread_count', f.token)).body.data.userUnreadMessage).toBe(1);
      const staffView = await staffMessages(f.id);
      expect(staffView.map((m) => [m.message, !!m.deletedForUser])).toEqual([['Stays', false], ['Locked one', true]]);
      // A deleted locked message can no longer be bought: nothing is written, no card is charged.
      const before = await eventCount();
      const buy = await post('/api/v2/purchase/chat-content-purchase', { messageId: locked._id, amount: 9, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token);
      expect(buy.status).toBe(404);
      expect(buy.body.code).toBe('MESSAGE_NOT_FOUND');
      expect((await post('/api/chat/delete_message_from_user', { message_id: locked._id })).status).toBe(200);
      expect(await eventCount()).toBe(before);
      // "Unlock for this Subscriber" no longer applies either.
      expect((await post('/api/chat/unlock_message_from_user', { message_id: locked._id })).status).toBe(404);
    });

    it('delete from all after the fan bought it: gone everywhere, the money stays (no refund row), the list says so', async () => {
      const f = await fan('all');
      const locked = await send(f.id, { message: 'Bought then deleted', media: [await uploadImage()], isLocked: true, amount: 6 });
      const buy = await post('/api/v2/purchase/chat-content-purchase', { messageId: locked._id, amount: 6, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token);
      expect(buy.status, JSON.stringify(buy.body)).toBe(200);
      const r = await post('/api/chat/delete_message_from_all', { message_id: locked._id });
      expect(r.body).toMatchObject({ success: 1, message: 'Message deleted from all users.', data: { deleted: 'all', udid: locked.udid ?? locked._id } });
      expect(await fanMessages(f.token)).toEqual([]);
      expect(await staffMessages(f.id)).toEqual([]);
      expect((await get(`/api/chat/get_chat_message?id=${locked._id}`)).status).toBe(404);
      expect((await listRow(f.id)).last_message).toBe('Message deleted');
      const money = await sql<{ type: string; amount_cents: string }>`SELECT type, amount_cents FROM rm.transactions WHERE reference_id = ${locked._id}`.execute(db());
      expect(money.rows.map((x) => [x.type, Number(x.amount_cents)])).toEqual([['chat_unlock', 600]]);
      // The Audit page lists the delete under the fan (fanId is its subject).
      const audit = await get(`/admin-api/audit?filter=${encodeURIComponent(JSON.stringify({ subject_user_id: f.id, action: 'ChatMessageDeleted' }))}&range=[0,9]`);
      expect(audit.body.map((a: any) => [a.action, a.subject_user_id, a.actor_role])).toEqual([['ChatMessageDeleted', f.id, 'admin']]);
      // "From subscriber" after "from all" changes nothing.
      const before = await eventCount();
      expect((await post('/api/chat/delete_message_from_user', { message_id: locked._id })).status).toBe(200);
      expect(await eventCount()).toBe(before);
      // Unknown ids and tips (no message stream) are 404; a bad id names the field.
      expect((await post('/api/chat/delete_message_from_all', { message_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
      expect((await post('/api/chat/delete_message_from_all', { message_id: 'nope' })).body).toMatchObject({ field: 'message_id', message: 'message_id is invalid.' });
    });

    it('who may delete, mark unread, block, mute and rename (spec 3 §6), one call per role', async () => {
      const f = await fan('roles');
      const expectations: [string, Record<string, unknown>, Role[]][] = [
        ['/api/chat/delete_message_from_user', {}, ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager']],
        ['/api/admin/mark-chat-as-unread', { userId: f.id }, ['model', 'content_manager']],
        ['/api/v2/admin/block-user', { userId: f.id, blockFromChat: false }, ['admin', 'super_admin', 'model']],
        ['/api/admin/mute_message_for_user', { userId: f.id, muteMassMessage: false, muteFromChat: true }, ['admin', 'super_admin', 'sub_admin', 'model']],
        ['/api/users/add_nick_name', { user_id: f.id, nick_name: 'Roley' }, ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager']],
      ];
      for (const [url, body, allowed] of expectations) {
        for (const role of ['admin', ...STAFF] as Role[]) {
          const payload = url.includes('delete_message') ? { message_id: (await send(f.id, { message: `bye ${role}` }))._id } : body;
          // Mark As Unread needs a read chat: read it first.
          if (url.includes('mark-chat')) await post('/api/chat/read_message_model', { userId: f.id });
          const r = await post(url, payload, tokens.get(role));
          expect([url, role, r.status], JSON.stringify(r.body)).toEqual([url, role, allowed.includes(role) ? 200 : 403]);
        }
        expect((await post(url, body, f.token)).status).toBe(403);
      }
    });

    it('Mark As Unread: data is the new unread count, the list shows it, refused while unread, off when the feature is off', async () => {
      const f = await fan('unread');
      const model = tokens.get('model')!;
      await post('/api/chat/send_message', { message: 'Hi there' }, f.token);
      let r = await post('/api/admin/mark-chat-as-unread', { userId: f.id, modelId: 'x' }, model);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('This chat already has unread messages.');
      await post('/api/chat/read_message_model', { userId: f.id }, model);
      expect((await listRow(f.id)).unreadcount).toBe(0);
      r = await post('/api/admin/mark-chat-as-unread', { userId: f.id, modelId: 'x' }, model);
      expect(r.body).toMatchObject({ success: 1, data: 1 });
      expect((await listRow(f.id)).unreadcount).toBe(1);
      expect(await types(`chat-${f.id}`)).toContain('ChatMarkedUnreadByStaff');
      await post('/api/chat/read_message_model', { userId: f.id }, model);
      await setSettings({ chat_settings: { mark_as_unread_enabled: false } });
      r = await post('/api/admin/mark-chat-as-unread', { userId: f.id }, model);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('FEATURE_OFF');
      await setSettings({ chat_settings: { mark_as_unread_enabled: true } });
    });

    it('Block User (v2): blocks (430 for the fan), cancels the renewal, takes the fan off the list; list_id blocked finds them; unblock', async () => {
      const f = await fan('block');
      await send(f.id, { message: 'Before the block' });
      expect((await get('/api/v2/subscription/details', f.token)).body.data).toBeTruthy();
      const r = await post('/api/v2/admin/block-user', { userId: f.id, blockFromChat: true }, tokens.get('model'));
      expect(r.body).toMatchObject({ success: 1, message: 'User blocked.', data: { is_blocked: true, subscription_cancelled: true } });
      expect((await get('/api/users/me', f.token)).status).toBe(430);
      expect(await types(`subscription-${f.id}`)).toContain('SubscriptionCancelled');
      expect(await listRow(f.id)).toBeUndefined();
      expect(await listRow(f.id, admin, '&list_id=blocked')).toMatchObject({ _id: f.id, is_blocked: true, should_hide_in_chat: true });
      expect((await get(`/api/chat/get_user_list?list_id=blocked`, tokens.get('model'))).status).toBe(403); // list_id is for admins
      expect((await get(`/api/chat/get_user_list?list_id=zzz`)).body.field).toBe('list_id');
      // A second block changes nothing more.
      const before = await eventCount();
      expect((await post('/api/v2/admin/block-user', { userId: f.id, blockFromChat: true })).status).toBe(200);
      expect(await eventCount()).toBe(before);
      expect((await post('/api/v2/admin/block-user', { userId: f.id, blockFromChat: false })).body.message).toBe('User unblocked.');
      expect(await listRow(f.id)).toMatchObject({ _id: f.id, is_blocked: false });
      // The feature switch, staff accounts (rank rule: 404 for a non-fan) and a bad id.
      await setSettings({ chat_settings: { block_user_enabled: false } });
      expect((await post('/api/v2/admin/block-user', { userId: f.id })).body.code).toBe('FEATURE_OFF');
      await setSettings({ chat_settings: { block_user_enabled: true } });
      const adminId = (await get('/api/users/me')).body.data._id;
      expect((await post('/api/v2/admin/block-user', { userId: adminId }, tokens.get('model'))).status).toBe(404);
      expect((await post('/api/v2/admin/block-user', { userId: 'x' })).body.field).toBe('userId');
    });

    it('nickname and mute take the spec bodies and the old ones, with the spec texts', async () => {
      const f = await fan('nick');
      let r = await post('/api/users/add_nick_name', { user_id: f.id, nick_name: '  Whale  ' });
      expect(r.body).toMatchObject({ success: 1, message: 'Nickname updated successfully' });
      expect((await listRow(f.id)).nick_name).toBe('Whale');
      r = await post('/api/users/add_nick_name', { user_id: f.id, nick_name: 'x'.repeat(17) });
      expect(r.body).toMatchObject({ success: 0, message: 'Nickname can be max 16 characters long' });
      expect((await post('/api/users/add_nick_name', { user_id: f.id, nickname: 'Old Field' })).status).toBe(200);
      expect((await listRow(f.id)).nick_name).toBe('Old Field');
      expect((await post('/api/users/add_nick_name', { user_id: f.id })).body.field).toBe('nick_name');
      r = await post('/api/admin/mute_message_for_user', { userId: f.id, muteMassMessage: true, muteFromChat: true });
      expect(r.body.message).toBe('Mass messages muted for user.');
      expect((await listRow(f.id)).mute_mass_message).toBe(true);
      expect(await listRow(f.id, admin, '&list_id=muted')).toBeTruthy();
      r = await post('/api/admin/mute_message_for_user', { user_id: f.id, muteFromChat: false });
      expect(r.body.message).toBe('Mass messages unmuted for user.');
      expect((await listRow(f.id)).mute_mass_message).toBe(false);
      expect((await post('/api/admin/mute_message_for_user', { userId: f.id })).body.field).toBe('muteMassMessage');
    });

    it('hide_earnings and the expiry sort: who sees amounts spent and which sorts (XX-14, XX-15)', async () => {
      const f = await fan('money');
      const spent = (token: string) => listRow(f.id, token).then((u) => u.total_amount_spent_cents);
      expect(await spent(tokens.get('content_manager')!)).toBeGreaterThan(0); // hide_earnings off: the content manager sees it
      expect(await spent(tokens.get('live_stream_manager')!)).toBeNull();
      await setSettings({ hide_earnings: true });
      expect(await spent(tokens.get('content_manager')!)).toBeNull();
      expect(await spent(tokens.get('model')!)).toBeNull();
      expect(await spent(admin)).toBeGreaterThan(0);
      expect((await get('/api/chat/get_user_list?sort_by=amount_spent', tokens.get('model'))).status).toBe(400);
      await setSettings({ chat_settings: { model_expiry_sort_enabled: true } });
      expect((await get('/api/chat/get_user_list?sort_by=expiration_date', tokens.get('model'))).status).toBe(200);
      expect((await get(`/api/chat/get_user_details?user_id=${f.id}`, tokens.get('model'))).body.data.totalAmountSpent).toBeNull();
      await setSettings({ hide_earnings: false, chat_settings: { model_expiry_sort_enabled: false } });
      expect(await spent(tokens.get('model')!)).toBeGreaterThan(0);
      // update_chat_settings merges, refuses unknown keys naming them, and the settings roles only.
      const s = (await get('/api/app_settings/get')).body.data; // the staff's switches reach staff readers only
      expect(s.chat_settings).toMatchObject({ block_user_enabled: true, mark_as_unread_enabled: true, model_expiry_sort_enabled: false });
      expect((await post('/api/app_settings/update_chat_settings', { chat_settings: { bogus: true } })).status).toBe(400);
      expect((await post('/api/app_settings/update_chat_settings', { chat_settings: { staff_bubble_color: 'red' } })).body.field).toMatch(/staff_bubble_color/);
      expect((await post('/api/app_settings/update_chat_settings', { hide_earnings: true }, tokens.get('content_manager'))).status).toBe(403);
    });

    it('normal chat disabled: fans cannot write, staff still can', async () => {
      const f = await fan('quiet');
      await setSettings({ chat_settings: { disabled_normal_chat: true } });
      const r = await post('/api/chat/send_message', { message: 'Hello?' }, f.token);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Chat is currently disabled by the creator.');
      expect((await post('/api/chat/get_user_send_message_status', {}, f.token)).body.data.canChat).toBe(false);
      await send(f.id, { message: 'Staff can still write' });
      await setSettings({ chat_settings: { disabled_normal_chat: false } });
      expect((await post('/api/chat/send_message', { message: 'Hello!' }, f.token)).status).toBe(200);
    });

    it('get_user_by_id is one list row (hidden fans too); chat email notifications are the fan\'s messages preference', async () => {
      const f = await fan('byid');
      const r = await get(`/api/chat/get_user_by_id?userId=${f.id}`, tokens.get('support'));
      expect(r.body.data).toMatchObject({ _id: f.id, name: expect.stringContaining('Row byid'), ccbill_subscription_status: '1' });
      expect((await get('/api/chat/get_user_by_id?userId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await get(`/api/chat/get_user_by_id?userId=${f.id}`, f.token)).status).toBe(403);
      const off = await post('/api/admin/update_user_chat_email_notifications', { user_id: f.id, enabled: false });
      expect(off.body).toMatchObject({ success: 1, data: { chat_email_notifications: false } });
      expect((await t.call('GET', `/admin-api/users/${f.id}`, undefined, { token: admin })).body.email_preferences).toMatchObject({ messages: false, new_posts: true });
      expect((await post('/api/admin/update_user_chat_email_notifications', { userId: f.id, enabled: true })).body.data.chat_email_notifications).toBe(true);
      expect((await post('/api/admin/update_user_chat_email_notifications', { enabled: true })).body.field).toBe('userId');
    });

    /** A socket signed in with `token`, collecting frames. */
    const listen = async (token: string) => {
      const frames: { type: string; data: any }[] = [];
      const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
      await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
      ws.send(JSON.stringify({ type: 'AUTH', data: { token } }));
      const waitFor = async (pick: (f: { type: string; data: any }) => boolean, ms = 10_000) => {
        const until = Date.now() + ms;
        while (Date.now() < until && !frames.some(pick)) await new Promise((r) => setTimeout(r, 50));
        return frames.filter(pick);
      };
      expect(await waitFor((f) => f.type === 'AUTH_OK')).toHaveLength(1);
      return { frames, waitFor, close: () => ws.close() };
    };

    it('rotate, refresh blur and video process request work on a chat message (type / videoFrom \'message\'), by role', async () => {
      const f = await fan('media');
      const photo = await send(f.id, { message: 'Turn me', media: [await uploadImage()], isLocked: true, amount: 8 });
      const before = (await staffMessages(f.id)).find((m) => m._id === photo._id).media[0];
      // The fan's open chat and a staff console hear that this message changed (UPDATE_MESSAGE with its id); another fan does not.
      const [fanLive, staffLive, otherLive] = [await listen(f.token), await listen(tokens.get('support')!), await listen((await fan('media-other')).token)];
      let r = await post('/api/upload/rotate_image', { id: photo._id, type: 'message', rotate_angle: 90, userId: f.id }, tokens.get('content_manager'));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ width: before.height, height: before.width });
      const changed = (x: { type: string; data: any }) => x.type === 'UPDATE_MESSAGE' && x.data._id === photo._id && x.data.mediaChanged === true;
      try {
        expect(await fanLive.waitFor(changed)).toHaveLength(1);
        expect((await staffLive.waitFor(changed))[0].data).toEqual({ _id: photo._id, fanId: f.id, mediaChanged: true });
        expect(await otherLive.waitFor(changed, 500)).toEqual([]);
        expect(await types(chatMessageStream(photo._id))).toContain('ChatMessageMediaChanged');
      } finally {
        for (const l of [fanLive, staffLive, otherLive]) l.close();
      }
      expect((await post('/api/upload/rotate_image', { id: photo._id, type: 'message', rotate_angle: 45, userId: f.id })).status).toBe(400);
      expect((await post('/api/upload/rotate_image', { id: photo._id, type: 'message', rotate_angle: 90 }, tokens.get('live_stream_manager'))).status).toBe(403);
      r = await post('/api/upload/refresh_blur_picture', { id: photo._id, type: 'message' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.media[0].blur_url).toMatch(/^\/media\//);
      expect((await post('/api/upload/refresh_blur_picture', { id: photo._id, type: 'message' }, tokens.get('model'))).status).toBe(403);
      r = await post('/api/admin/send_video_process_request', { id: photo._id, videoFrom: 'message', isMassMessage: false });
      expect(r.body).toMatchObject({ success: 0, message: 'Invalid Request' }); // a photo message has no video to send back
      // A message's senders other than the live-stream manager may ask (here: no video, so Invalid Request);
      // a post's or a mass message's videos stay with the admins.
      expect((await post('/api/admin/send_video_process_request', { id: photo._id, videoFrom: 'message' }, tokens.get('content_manager'))).body).toMatchObject({ success: 0, message: 'Invalid Request' });
      expect((await post('/api/admin/send_video_process_request', { id: photo._id, videoFrom: 'message' }, tokens.get('live_stream_manager'))).status).toBe(403);
      expect((await post('/api/admin/send_video_process_request', { id: photo._id, videoFrom: 'blog' }, tokens.get('model'))).status).toBe(403);
      // A text message, a deleted one or an unknown id has nothing to operate on.
      const text = await send(f.id, { message: 'No media' });
      expect((await post('/api/upload/refresh_blur_picture', { id: text._id, type: 'message' })).status).toBe(400);
      await post('/api/chat/delete_message_from_all', { message_id: photo._id });
      expect((await post('/api/upload/rotate_image', { id: photo._id, type: 'message', rotate_angle: 90 })).status).toBe(400);
    });

    it('a rebuild reproduces the chat read models with the deletions and unread marks', async () => {
      await settleAll();
      const { database, store } = t.server.services;
      const snapshot = async (table: string) => (await database.db.withSchema('rm').selectFrom(table as any).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      const live = [await snapshot('chat_messages'), await snapshot('chat_conversations')];
      expect(live[0].some((r) => r.includes('"deleted":"fan"'))).toBe(true);
      expect(live[0].some((r) => r.includes('"deleted":"all"'))).toBe(true);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect([await snapshot('chat_messages'), await snapshot('chat_conversations')]).toEqual(live);
    });
  });
}

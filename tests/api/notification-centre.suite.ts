// Runs on one back end (PGlite, notification-centre.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The notification centre and the help centre over real HTTP: entries from
// existing events per recipient, unread counts per type, read marks (page opened, post opened from a notification),
// the staff settings, routes per role; help items written in the console (sanitized), tags, pages, details, read
// marks, popups and the unread count; a rebuild reproduces both read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

export function notificationCentreSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`notification centre and help centre over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let fan: { token: string; id: string };
    let member: { token: string; id: string };
    let publicPost: string;
    let lockedPost: string;
    let mediaId: string;

    const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
    const counts = async (token: string) => {
      const r = await call('GET', '/api/notifications/unread-counts', undefined, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { counts: Record<string, number>; types: Array<{ type: string; label: string; badge: string }>; total: number };
    };
    const writesNothing = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      return r;
    };
    const register = async (name: string, email: string) => {
      const r = await call('POST', '/api/users/register', { name, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string };
    };
    const newPost = async (visibility: 'public' | 'locked', caption: string) => {
      const r = await call('POST', '/api/blogs', { caption, visibility, media_ids: [mediaId], ...(visibility === 'locked' ? { amount: 6 } : {}) }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data._id as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: 'n.jpg', content_type: 'image/jpeg' }, admin)).body.data;
      expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
      mediaId = (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
      fan = await register('Nina Fan', `nina.${backend}@example.com`);
      member = await register('Mo Member', `mo.${backend}@example.com`);
      expect((await call('POST', '/api/admin/give_complimentary_subscription', { user_id: member.id, months: 1 }, admin)).status).toBe(200);
      publicPost = await newPost('public', 'Hello from the beach');
      lockedPost = await newPost('locked', 'Behind the scenes');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('staff see a purchase, a comment and a like on their counts; fans see the new posts; the labels are the spec\'s', async () => {
      const before = await counts(admin);
      expect(before.types.map((x) => x.label)).toEqual(['Purchased', 'Subscription', 'Comments', 'Likes', 'Notification']);
      const bought = await call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPost, amount: 6, ...TEST_CARD_FORM, cardNumber: '4242 4242 4242 4242' }, member.token);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect((await call('POST', '/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'Lovely view!' }, fan.token)).status).toBe(201);
      expect((await call('POST', '/api/blog/like-dislike', { blog_id: publicPost }, fan.token)).status).toBe(200);
      // Unlike and like again: one entry.
      await call('POST', '/api/blog/like-dislike', { blog_id: publicPost }, fan.token);
      await call('POST', '/api/blog/like-dislike', { blog_id: publicPost }, fan.token);
      const after = await counts(admin);
      expect(after.counts).toMatchObject({ purchased: before.counts.purchased + 1, comments: before.counts.comments + 1, likes: before.counts.likes + 1 });
      expect(after.types.find((x) => x.type === 'purchased')!.badge).toBe(String(after.counts.purchased));
      // A fan has one type, "notification": the two posts published after joining.
      const f = await counts(fan.token);
      expect(Object.keys(f.counts)).toEqual(['notification']);
      expect(f.counts.notification).toBe(2);
      const list = await call('GET', '/api/notifications/list/purchased', undefined, admin);
      expect(list.status).toBe(200);
      expect(list.body.data.rows[0]).toMatchObject({ kind: 'purchased', action: 'unlock', actor_name: 'Mo Member', amount_cents: 600, post_id: lockedPost, is_read: false, link: `/feed/${lockedPost}/1` });
      expect(list.body.data.rows[0].message).toBe('Mo Member unlocked your post for $6.00');
    });

    it('opening a type\'s page marks it read for that reader only; opening a post from a notification marks its entries read', async () => {
      const r = await call('POST', '/api/notifications/read', { type: 'purchased' }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.counts.purchased).toBe(0);
      expect((await call('GET', '/api/notifications/list/purchased', undefined, admin)).body.data.rows[0].is_read).toBe(true);
      // Again: nothing new to record.
      await writesNothing(() => call('POST', '/api/notifications/read', { type: 'purchased' }, admin));
      const opened = await call('POST', '/api/notifications/opened', { blog_id: publicPost }, fan.token);
      expect(opened.status).toBe(200);
      expect(opened.body.data.opened).toBe(1);
      expect((await counts(fan.token)).counts.notification).toBe(1);
      // The member (joined before the posts too) still has both.
      expect((await counts(member.token)).counts.notification).toBe(2);
    });

    it('a staff reply under a post rings the fans who commented there, not the others', async () => {
      const before = (await counts(fan.token)).counts.notification;
      expect((await call('POST', '/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'Thanks Nina!' }, admin)).status).toBe(201);
      expect((await counts(fan.token)).counts.notification).toBe(before + 1);
      expect((await counts(member.token)).counts.notification).toBe(2);
      const list = (await call('GET', '/api/notifications/list/notification', undefined, fan.token)).body.data;
      expect(list.rows[0]).toMatchObject({ action: 'reply', message: expect.stringContaining('replied: Thanks Nina!') });
      expect((await call('POST', '/api/notifications/read', { type: 'notification' }, fan.token)).body.data.counts.notification).toBe(0);
    });

    it('a tip lights the staff Tips badge (modelUnreadTips) until the tips are opened; fans have no such badge', async () => {
      const tip = await call('POST', '/api/v2/purchase/send-tip', { amount: 7, ...TEST_CARD_FORM, cardNumber: '4242 4242 4242 4242' }, member.token);
      expect(tip.status, JSON.stringify(tip.body)).toBe(200);
      const c = (await call('GET', '/api/notifications/unread-counts', undefined, admin)).body.data;
      expect(c).toMatchObject({ modelUnreadTips: 1, model_unread_tips_badge: '1' });
      expect(c.types).toHaveLength(5);
      expect((await call('GET', '/api/notifications/list/tips', undefined, admin)).body.data.rows[0].message).toBe('Mo Member sent a tip of $7.00');
      expect((await call('POST', '/api/notifications/read', { type: 'tips' }, admin)).body.data.modelUnreadTips).toBe(0);
      expect((await call('GET', '/api/notifications/unread-counts', undefined, fan.token)).body.data.modelUnreadTips).toBeNull();
      expect((await writesNothing(() => call('POST', '/api/notifications/read', { type: 'tips' }, fan.token))).status).toBe(404);
    });

    it('routes per role: fans get only their page, guests nothing, the settings are for the settings roles; bad input names the field', async () => {
      expect((await call('GET', '/api/notifications/unread-counts')).status).toBe(401);
      // Support has no bell: the counts are empty (the shell asks every signed-in role), the lists refused.
      const created = await call('POST', '/admin-api/users', { name: 'Support Bell', email: 'support.bell@example.com', role: 'support' }, admin);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      const support = (await call('POST', '/api/users/login', { email: 'support.bell@example.com', password: created.body.generated_password })).body.data.token as string;
      const none = await call('GET', '/api/notifications/unread-counts', undefined, support);
      expect(none.status, JSON.stringify(none.body)).toBe(200);
      expect(none.body.data).toMatchObject({ types: [], total: 0, modelUnreadTips: null });
      expect((await call('GET', '/api/notifications/list/purchased', undefined, support)).status).toBe(403);
      expect((await writesNothing(() => call('GET', '/api/notifications/list/purchased', undefined, fan.token))).status).toBe(404);
      expect((await writesNothing(() => call('POST', '/api/notifications/read', { type: 'likes' }, fan.token))).status).toBe(404);
      const bad = await writesNothing(() => call('POST', '/api/notifications/read', { type: 'everything' }, admin));
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('type');
      expect((await call('GET', '/api/notifications/list/likes?page=0', undefined, admin)).body.field).toBe('page');
      expect((await writesNothing(() => call('POST', '/api/settings/purchase-notification-settings', { purchased: false, subscription: true, comments: true, likes: true }, fan.token))).status).toBe(403);
      expect((await call('GET', '/api/settings/purchase-notification-settings', undefined, fan.token)).status).toBe(403);
      const missing = await writesNothing(() => call('POST', '/api/settings/purchase-notification-settings', { purchased: 'no' }, admin));
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('purchased');
    });

    it('the purchase notification settings take a type off the staff bell', async () => {
      const saved = await call('POST', '/api/settings/purchase-notification-settings', { purchased: true, subscription: true, comments: true, likes: false }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ likes: false, purchased: true });
      expect(Object.keys((await counts(admin)).counts)).toEqual(['purchased', 'subscription', 'comments', 'notification']);
      await call('POST', '/api/settings/purchase-notification-settings', { purchased: true, subscription: true, comments: true, likes: true }, admin);
    });

    let staffItem: string;
    let fanItem: string;
    let popup: string;
    it('staff write help items in the console: HTML is cleaned, bad input names the field and writes nothing, fans may not write', async () => {
      const made = await call('POST', '/admin-api/help-items', { title: 'How do I unlock a post?', html: '<p onclick="x()">Tap <b>Unlock</b>.</p><script>alert(1)</script>', tags: ['Payments', ' payments ', 'Posts'], audience: 'fans' }, admin);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      fanItem = made.body.id;
      expect(made.body).toMatchObject({ title: 'How do I unlock a post?', tags: ['Payments', 'Posts'], published: true });
      expect(made.body.html).toContain('<b>Unlock</b>');
      expect(made.body.html).not.toMatch(/script|onclick/);
      popup = (await call('POST', '/admin-api/help-items', { title: 'Welcome!', html: '<p>Start here.</p>', tags: ['Start'], audience: 'both', is_popup: true }, admin)).body.id;
      staffItem = (await call('POST', '/admin-api/help-items', { title: 'Going live', html: '<p>Open Go Live.</p>', tags: ['Live'], audience: 'staff' }, admin)).body.id;
      const blank = await writesNothing(() => call('POST', '/admin-api/help-items', { title: '  ', html: '<p>x</p>' }, admin));
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ field: 'title', message: 'Title is required.' });
      const onlyScript = await writesNothing(() => call('POST', '/admin-api/help-items', { title: 'x', html: '<script>x</script>' }, admin));
      expect(onlyScript.body).toMatchObject({ field: 'html', message: 'Description is required.' });
      expect((await writesNothing(() => call('POST', '/admin-api/help-items', { title: 'x', html: '<p>x</p>' }, fan.token))).status).toBe(403);
      expect((await call('GET', '/admin-api/help-items', undefined, fan.token)).status).toBe(403);
      const list = await call('GET', '/admin-api/help-items', undefined, admin);
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toBe('help-items 0-2/3');
    });

    it('fans read their help centre: tags, pages, details, read marks, the popup and the unread count', async () => {
      const pop = await call('GET', '/api/user-help/popup-with-notification-count', undefined, fan.token);
      expect(pop.status).toBe(200);
      expect(pop.body.data.unread_count).toBe(2);
      expect(pop.body.data.popups.map((p: any) => p._id)).toEqual([popup]);
      const list = (await call('POST', '/api/user-help/list', { pageNum: 1 }, fan.token)).body.data;
      expect(list).toMatchObject({ currentPage: 1, totalPages: 1, total: 2 });
      expect(list.helpTagsData).toEqual([{ name: 'Payments', count: 1 }, { name: 'Posts', count: 1 }, { name: 'Start', count: 1 }]);
      expect((await call('POST', '/api/user-help/list', { pageNum: 1, tag: 'Payments' }, fan.token)).body.data.rows.map((r: any) => r._id)).toEqual([fanItem]);
      expect((await call('GET', `/api/user-help/details/${staffItem}`, undefined, fan.token)).status).toBe(404);
      expect((await call('GET', `/api/user-help/details/${fanItem}`, undefined, fan.token)).body.data).toMatchObject({ title: 'How do I unlock a post?', is_read: false });
      const read = await call('GET', `/api/user-help/read/${popup}`, undefined, fan.token);
      expect(read.body.data).toMatchObject({ is_read: true, unread_count: 1 });
      await writesNothing(() => call('GET', `/api/user-help/read/${popup}`, undefined, fan.token));
      expect((await call('GET', '/api/user-help/popup-with-notification-count', undefined, fan.token)).body.data.popups).toEqual([]);
      const unread = (await call('POST', '/api/user-help/list/notifications', { pageNum: 1 }, fan.token)).body.data;
      expect(unread.rows.map((r: any) => r._id)).toEqual([fanItem]);
      expect(unread.isChangeUnreadToAll).toBe(false);
      await call('GET', `/api/user-help/read/${fanItem}`, undefined, fan.token);
      expect((await call('POST', '/api/user-help/list/notifications', { pageNum: 1 }, fan.token)).body.data.isChangeUnreadToAll).toBe(true);
      // Staff help is not the fans', and the reverse.
      expect((await call('POST', '/api/help/list', {}, fan.token)).status).toBe(403);
      expect((await call('POST', '/api/user-help/list', {}, admin)).status).toBe(403);
      expect((await call('POST', '/api/user-help/list', { pageNum: -1 }, fan.token)).body.field).toBe('pageNum');
    });

    it('a proxy view (staff as the fan) shows the fan\'s unread entries and help but never changes the fan\'s read state', async () => {
      const proxy = (await call('POST', '/api/users/login-as-proxy-user', { user_id: member.id }, admin)).body.data.token as string;
      const mine = await counts(member.token);
      expect(mine.counts.notification).toBeGreaterThan(0);
      expect((await counts(proxy)).counts).toEqual(mine.counts);
      // Opening the page, a post from a notification, a help item and the help popup: all answered, nothing recorded.
      const read = await writesNothing(() => call('POST', '/api/notifications/read', { type: 'notification' }, proxy));
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.data.counts).toEqual(mine.counts);
      const opened = await writesNothing(() => call('POST', '/api/notifications/opened', { blog_id: publicPost }, proxy));
      expect(opened.status).toBe(200);
      expect(opened.body.data.opened).toBe(0);
      const helpBefore = (await call('GET', '/api/user-help/popup-with-notification-count', undefined, member.token)).body.data;
      expect(helpBefore.unread_count).toBe(2);
      const helpRead = await writesNothing(() => call('GET', `/api/user-help/read/${popup}`, undefined, proxy));
      expect(helpRead.status).toBe(200);
      expect(helpRead.body.data).toMatchObject({ is_read: false, unread_count: 2 });
      expect((await call('GET', `/api/user-help/details/${fanItem}`, undefined, proxy)).body.data.is_read).toBe(false);
      // The fan still finds everything unread.
      expect((await counts(member.token)).counts).toEqual(mine.counts);
      expect((await call('GET', '/api/user-help/popup-with-notification-count', undefined, member.token)).body.data).toEqual(helpBefore);
      const rows = (await call('GET', '/api/notifications/list/notification', undefined, member.token)).body.data.rows;
      expect(rows.some((row: any) => !row.is_read)).toBe(true);
      // The fan's own reads still count.
      expect((await call('POST', '/api/notifications/read', { type: 'notification' }, member.token)).body.data.counts.notification).toBe(0);
    });

    it('staff read their help; the staff help switch turns it off; a deleted item leaves the lists', async () => {
      const list = (await call('POST', '/api/help/list', { pageNum: 1 }, admin)).body.data;
      expect(list.rows.map((r: any) => r._id).sort()).toEqual([popup, staffItem].sort());
      expect(list.unreadCount).toBe(2);
      expect((await call('POST', '/api/settings/help-settings', { influencer_help_enabled: false }, admin)).body.data.influencer_help_enabled).toBe(false);
      expect((await call('POST', '/api/help/list', {}, admin)).status).toBe(403);
      await call('POST', '/api/settings/help-settings', { influencer_help_enabled: true }, admin);
      expect((await call('DELETE', `/admin-api/help-items/${staffItem}`, undefined, admin)).status).toBe(200);
      expect((await call('GET', '/api/help/popup-with-notification-count', undefined, admin)).body.data.unread_count).toBe(1);
      expect((await call('DELETE', `/admin-api/help-items/${staffItem}`, undefined, admin)).status).toBe(404);
    });

    it('a promotion rings every fan; the fan\'s list says what it is (last: its web push is sent in the background)', async () => {
      const before = (await counts(fan.token)).counts.notification;
      const saved = await call('POST', '/api/promotion-setting/save-promotion', { promotion_type: 'LOCKED_CONTENT', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Locked content sale' }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await counts(fan.token)).counts.notification).toBe(before + 1);
      const row = (await call('GET', '/api/notifications/list/notification', undefined, fan.token)).body.data.rows[0];
      expect(row).toMatchObject({ action: 'promotion', message: 'New offer: Locked content sale', link: '/membership' });
      await call('POST', '/api/notifications/read', { type: 'notification' }, fan.token);
    });

    it('rebuilding the read models from the log reproduces the notification centre and the help centre', async () => {
      const { database, store } = t.server.services;
      const tables = ['notification_entries', 'notification_reads', 'notification_opened', 'notification_settings', 'notification_commenters', 'help_items', 'help_reads', 'help_settings'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const name of tables) out[name] = (await untypedTables(database).withSchema('rm').selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      const live = await snapshot();
      expect(live.notification_entries.length).toBeGreaterThan(3);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

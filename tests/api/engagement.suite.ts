// Runs on one back end (PGlite, engagement.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Likes and comments over real HTTP: like toggles and counts, the visibility settings per
// role and subscription status, comment add/remove/hide/block, bad input, proxy sessions, and a rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { commandContext, handle } from '../../commands/handle';
import { SETTINGS_STREAM, settingsDecider, type SiteSettings } from '../../domain/settings/settings';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

export function engagementSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`likes and comments over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let adminId: string;
    let fan: string; // registered, status 0
    let fanId: string;
    let member: string; // subscriber (complimentary), status 1
    let memberId: string;
    let publicPost: string;
    let privatePost: string;
    let lockedPost: string;

    const call = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const like = (blog_id: string, token?: string, extra: Record<string, unknown> = {}) => call('/api/blog/like-dislike', { blog_id, ...extra }, token);
    const info = async (blog_id: string, token?: string) => {
      const r = await call('/api/blog/get-blog-info', { blog_id }, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const comments = (blog_id: string, token?: string, page_num = 1) => call('/api/blog/get-blog-comment', { blog_id, page_num }, token);
    const settings = async (changes: Partial<SiteSettings>) => {
      const ctx = commandContext(t.server.services.store, { userId: adminId, role: 'admin' });
      await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
      if (ctx.lastPosition) await t.server.services.runner.waitFor(ctx.lastPosition);
    };
    const login = async (email: string, password: string) => (await call('/api/users/login', { email, password })).body.data.token as string;
    const register = async (name: string, email: string) => {
      const r = await call('/api/users/register', { name, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, id: r.body.data.userId as string };
    };
    const newPost = async (visibility: 'public' | 'private' | 'locked', caption: string) => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 90, b: 200 } } }).jpeg().toBuffer();
      const presign = await call('/api/upload/generate_presigned_url', { file_name: `${caption}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin);
      const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
      expect(put.status).toBe(200);
      const media = await call('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
      expect(media.status, JSON.stringify(media.body)).toBe(201);
      const r = await call('/api/blogs', { caption, visibility, media_ids: [media.body.data.id], ...(visibility === 'locked' ? { amount: 10 } : {}) }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data._id as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await login(t.adminEmail, t.adminPassword);
      adminId = (await t.call('GET', '/api/users/me', undefined, { token: admin })).body.data._id;
      ({ token: fan, id: fanId } = await register('Fan Zero', 'fan.zero@example.com'));
      ({ token: member, id: memberId } = await register('Member One', 'member.one@example.com'));
      expect((await call('/api/admin/give_complimentary_subscription', { user_id: memberId, months: 1 }, admin)).status).toBe(200);
      publicPost = await newPost('public', 'open');
      privatePost = await newPost('private', 'members');
      lockedPost = await newPost('locked', 'paid');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a like toggles between 1 and 0, is idempotent when the wanted state is sent, and shows on the feed', async () => {
      const first = await like(publicPost, fan);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toEqual({ blog_id: publicPost, user_feed_like: true, total_likes: 1 });
      const head = await t.server.services.store.headPosition();
      const again = await like(publicPost, fan, { like: true });
      expect(again.body.data).toMatchObject({ user_feed_like: true, total_likes: 1 });
      expect(await t.server.services.store.headPosition()).toEqual(head); // nothing written
      expect((await like(publicPost, member)).body.data).toMatchObject({ user_feed_like: true, total_likes: 2 });

      const feedFan = (await t.call('GET', '/api/blogs', undefined, { token: fan })).body.data.blogs;
      expect(feedFan.find((b: any) => b._id === publicPost)).toMatchObject({ user_feed_like: true, total_likes: 2 });
      expect(feedFan.find((b: any) => b._id === privatePost)).toMatchObject({ user_feed_like: false, total_likes: 0 });
      const guest = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${publicPost}`)).body.data;
      expect(guest).toMatchObject({ user_feed_like: false, total_likes: 2 });

      const off = await like(publicPost, fan); // no `like`: toggles
      expect(off.body.data).toEqual({ blog_id: publicPost, user_feed_like: false, total_likes: 1 });
      expect((await like(publicPost, fan, { like: 0 })).body.data.total_likes).toBe(1);
      expect(await info(publicPost, fan)).toMatchObject({ user_feed_like: false, total_likes: 1, can_like: true, show_likes: true });
    });

    it('likes follow the post access: guests 401, non-subscribers not on private posts, subscribers only on unlocked locked posts', async () => {
      expect((await like(publicPost)).status).toBe(401);
      const priv = await like(privatePost, fan);
      expect(priv.status).toBe(403);
      expect(priv.body).toMatchObject({ success: 0, message: 'Invalid Request', code: 'LIKE_NOT_ALLOWED' });
      expect((await like(privatePost, member)).body.data).toMatchObject({ user_feed_like: true, total_likes: 1 });
      expect((await like(lockedPost, member)).body.message).toBe('Invalid Request'); // status 1 but not unlocked
      expect((await info(lockedPost, member)).can_like).toBe(false);
      expect((await like(lockedPost, admin)).body.data).toMatchObject({ user_feed_like: true, total_likes: 1 }); // admin always
      expect((await like('00000000-0000-4000-8000-000000000000', fan)).status).toBe(404);
    });

    it('the like visibility setting decides who sees counts and may like', async () => {
      await settings({ like_visibility: 'subscribers' });
      expect((await like(publicPost, fan)).body.message).toBe('Invalid Request');
      expect(await info(publicPost, fan)).toMatchObject({ total_likes: null, show_likes: false, can_like: false });
      expect(await info(publicPost)).toMatchObject({ total_likes: null, show_likes: false });
      expect(await info(publicPost, member)).toMatchObject({ total_likes: 1, can_like: true });
      expect(await info(publicPost, admin)).toMatchObject({ total_likes: 1, can_like: true });

      await settings({ like_visibility: 'registered_and_subscribers' });
      expect(await info(publicPost)).toMatchObject({ total_likes: null, can_like: false });
      expect(await info(publicPost, fan)).toMatchObject({ total_likes: 1, can_like: true });

      await settings({ like_visibility: 'everyone', is_feed_like_enabled: false });
      expect((await like(publicPost, member)).body.message).toBe('Invalid Request');
      expect(await info(publicPost, member)).toMatchObject({ is_feed_like_enabled: false, total_likes: null });
      await settings({ is_feed_like_enabled: true });
      expect(await info(publicPost)).toMatchObject({ total_likes: 1, show_likes: true, can_like: false });
    });

    it('comments are added trimmed, listed newest last, removed by their author, and counted on the post', async () => {
      const a = await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: '   First!  ' }, fan);
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      expect(a.body.data).toMatchObject({ blog_id: publicPost, comment: 'First!', user: { _id: fanId, name: 'Fan Zero' }, is_own: true, can_remove: true, is_hidden: false });
      const b = await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'Second' }, member);
      expect(b.status).toBe(201);
      const list = await comments(publicPost);
      expect(list.body.data).toMatchObject({ currentPage: 1, totalPages: 1, totalComments: 2 });
      expect(list.body.data.comments.map((c: any) => [c.comment, c.is_own, c.can_remove])).toEqual([['First!', false, false], ['Second', false, false]]);
      expect((await t.call('GET', `/api/blog/get-blog-data-by-id?id=${publicPost}`)).body.data.total_comments).toBe(2);

      const notMine = await call('/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: b.body.data._id }, fan);
      expect(notMine.status).toBe(403);
      expect(notMine.body.message).toBe('You can only remove your own comments.');
      const removed = await call('/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: a.body.data._id }, fan);
      expect(removed.body).toMatchObject({ success: 1, data: { total_comments: 1 } });
      expect((await call('/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: a.body.data._id }, fan)).status).toBe(404);
      expect((await comments(publicPost)).body.data.comments.map((c: any) => c.comment)).toEqual(['Second']);
      expect((await comments(publicPost, admin)).body.data.comments[0].can_remove).toBe(true);
    });

    it('comments page twenty at a time, oldest first', async () => {
      for (let i = 1; i <= 22; i++) expect((await call('/api/blog/save-blog-comment', { blog_id: privatePost, comment: `c${i}` }, member)).status).toBe(201);
      const p1 = (await comments(privatePost, member)).body.data;
      expect(p1).toMatchObject({ currentPage: 1, totalPages: 2, totalComments: 22 });
      expect(p1.comments).toHaveLength(20);
      expect(p1.comments[0].comment).toBe('c1');
      const p2 = (await comments(privatePost, member, 2)).body.data;
      expect(p2.comments.map((c: any) => c.comment)).toEqual(['c21', 'c22']);
      // A fan who may not see the private post may not comment on it.
      const r = await call('/api/blog/save-blog-comment', { blog_id: privatePost, comment: 'let me in' }, fan);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('You cannot comment on this post.');
    });

    it('staff hide and show comments; staff remove any comment; fans do not see hidden ones', async () => {
      const c = (await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'rude words' }, fan)).body.data;
      expect((await call('/api/blog/hide-blog-comment', { blog_id: publicPost, comment_id: c._id }, fan)).status).toBe(403); // route table
      const hidden = await call('/api/blog/hide-blog-comment', { blog_id: publicPost, comment_id: c._id }, admin);
      expect(hidden.body).toMatchObject({ success: 1, data: { _id: c._id, is_hidden: true } });
      expect((await comments(publicPost, fan)).body.data.comments.map((x: any) => x.comment)).toEqual(['Second']);
      expect((await comments(publicPost, admin)).body.data.comments.map((x: any) => [x.comment, x.is_hidden])).toEqual([['Second', false], ['rude words', true]]);
      expect((await info(publicPost)).total_comments).toBe(1);
      // Its author cannot remove it (it is gone for them); staff can.
      expect((await call('/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: c._id }, fan)).status).toBe(404);
      await call('/api/blog/hide-blog-comment', { blog_id: publicPost, comment_id: c._id, hidden: false }, admin);
      expect((await info(publicPost)).total_comments).toBe(2);
      await call('/api/blog/hide-blog-comment', { blog_id: publicPost, comment_id: c._id }, admin);
      const gone = await call('/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: c._id }, admin);
      expect(gone.body.data.total_comments).toBe(1); // a hidden comment was not counted
      expect((await comments(publicPost, admin)).body.data.totalComments).toBe(1);
    });

    it('staff block a fan from commenting, and unblock', async () => {
      expect((await call('/api/blog/block-user-from-commenting', { user_id: fanId }, member)).status).toBe(403);
      const r = await call('/api/blog/block-user-from-commenting', { user_id: fanId }, admin);
      expect(r.body).toMatchObject({ success: 1, data: { user_id: fanId, blocked: true } });
      const blocked = await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'hello?' }, fan);
      expect(blocked.status).toBe(403);
      expect(blocked.body.message).toBe('You have been blocked from commenting.');
      expect(await info(publicPost, fan)).toMatchObject({ is_blocked_from_commenting: true, can_comment: false, can_like: true });
      expect((await call('/api/blog/block-user-from-commenting', { user_id: adminId }, admin)).body).toMatchObject({ field: 'user_id' });
      await call('/api/blog/block-user-from-commenting', { user_id: fanId, blocked: false }, admin);
      expect((await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'back' }, fan)).status).toBe(201);
    });

    it('the comment visibility setting decides who reads and writes comments', async () => {
      await settings({ comment_visibility: 'subscribers' });
      expect((await comments(publicPost, fan)).status).toBe(403);
      expect((await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'x' }, fan)).status).toBe(403);
      expect(await info(publicPost, fan)).toMatchObject({ total_comments: null, show_comments: false, can_comment: false });
      expect((await comments(publicPost, member)).status).toBe(200);
      await settings({ comment_visibility: 'registered_and_subscribers' });
      expect((await comments(publicPost)).status).toBe(403);
      expect((await comments(publicPost, fan)).status).toBe(200);
      await settings({ comment_visibility: 'everyone', is_feed_comment_enabled: false });
      expect((await comments(publicPost, admin)).status).toBe(403);
      await settings({ is_feed_comment_enabled: true });
      expect((await comments(publicPost)).status).toBe(200);
    });

    it('bad input answers 400 naming the field and writes no event', async () => {
      const c = (await comments(publicPost, member)).body.data.comments[0]._id;
      const head = await t.server.services.store.headPosition();
      const cases: [string, unknown, string, string][] = [
        ['/api/blog/like-dislike', { blog_id: 'nope' }, 'blog_id', member],
        ['/api/blog/like-dislike', {}, 'blog_id', member],
        ['/api/blog/like-dislike', { blog_id: publicPost, like: 'yes' }, 'like', member],
        ['/api/blog/save-blog-comment', { blog_id: publicPost, comment: '    ' }, 'comment', member],
        ['/api/blog/save-blog-comment', { blog_id: publicPost }, 'comment', member],
        ['/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'x'.repeat(1001) }, 'comment', member],
        ['/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: 'x' }, 'comment_id', member],
        ['/api/blog/hide-blog-comment', { blog_id: publicPost, comment_id: c, hidden: 'maybe' }, 'hidden', admin],
        ['/api/blog/block-user-from-commenting', { user_id: 'someone' }, 'user_id', admin],
        ['/api/blog/get-blog-comment', { blog_id: publicPost, page_num: 0 }, 'page_num', member],
        ['/api/blog/get-blog-info', { blog_id: 42 }, 'blog_id', member],
      ];
      for (const [url, body, field, token] of cases) {
        const r = await call(url, body, token);
        expect(r.status, `${url} ${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.field, url).toBe(field);
        expect(r.body.message).toBeTruthy();
      }
      expect((await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: ' ' }, member)).body.message).toBe('Please enter a comment.');
      expect((await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'x'.repeat(1001) }, member)).body.message).toBe('Comment cannot be more than 1000 characters.');
      expect((await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'x'.repeat(1000) + '   ' }, member)).status).toBe(201);
      const after = await t.server.services.store.headPosition();
      expect(after).not.toEqual(head); // only the last, valid comment wrote
    });

    it('a proxy session reads but cannot like or comment (403 from the route table)', async () => {
      const r = await call('/api/users/login-as-proxy-user', { user_id: fanId }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const proxy = r.body.data.token as string;
      const head = await t.server.services.store.headPosition();
      expect((await like(publicPost, proxy)).status).toBe(403);
      expect((await call('/api/blog/save-blog-comment', { blog_id: publicPost, comment: 'as the fan' }, proxy)).status).toBe(403);
      expect((await call('/api/blog/remove-blog-comment', { blog_id: publicPost, comment_id: '00000000-0000-4000-8000-000000000000' }, proxy)).status).toBe(403);
      expect(await t.server.services.store.headPosition()).toEqual(head);
      expect((await comments(publicPost, proxy)).status).toBe(200);
      expect(await info(publicPost, proxy)).toMatchObject({ can_like: false, can_comment: false });
    });

    it('rebuilding the read models from the log reproduces likes, comments and counts', async () => {
      const { database, store } = t.server.services;
      const tables = ['post_likes', 'post_comments', 'commenting_blocks', 'posts'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const name of tables) out[name] = (await untypedTables(database).withSchema('rm').selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      const live = await snapshot();
      expect(live.post_likes.length).toBeGreaterThan(0);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}

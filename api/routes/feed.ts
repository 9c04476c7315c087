// The home feed and post detail (spec 2 §7), and creating posts from the composer.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PostPage } from '../../domain/shared/wire';
import type { Viewer } from '../../domain/post/visibility';
import { DomainError } from '../../domain/shared/decider';
import { feedPage, findPost, type PostRow } from '../../projections/posts';
import { mediaByIds } from '../../projections/media';
import { unlockedPostIds } from '../../projections/unlocks';
import { likedPostIds } from '../../projections/engagement';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { createPost, deletePost } from '../../commands/content';
import { ok, parse } from '../http';
import { contextFor, requireCaller } from '../auth';
import { postView, settle } from '../views';
import type { Services } from '../services';

export const FEED_PAGE_SIZE = 10;

const pageQuery = z.object({ page_num: z.coerce.number({ error: 'page_num must be a number.' }).int().min(1).max(100_000).default(1) });
/** The feed-tag filter (spec 2 §7): an empty value means every post. */
const feedQuery = pageQuery.extend({
  feed_tag_id: z.union([z.literal(''), z.string().uuid({ error: 'feed_tag_id is invalid.' })], { error: 'feed_tag_id is invalid.' }).optional(),
});
const idQuery = z.object({ id: z.string({ error: 'id is required.' }).uuid({ error: 'id is invalid.' }) });

export const createPostBody = z.object({
  caption: z.string().max(5000, { error: 'Caption cannot be more than 5000 characters.' }).default(''),
  description: z.string().max(5000).optional(),
  visibility: z.enum(['locked', 'private', 'public'], { error: 'visibility must be locked, private or public.' }),
  amount: z.coerce.number({ error: 'Choose an amount between 5 and 450' }).optional(),
  media_ids: z.array(z.string().uuid({ error: 'media_ids must be media ids.' }), { error: 'Please Select Media' }).default([]),
  publish_at: z.iso.datetime({ error: 'publish_at must be an ISO date.' }).optional(),
});

export async function viewerOf(services: Services, request: FastifyRequest): Promise<Viewer> {
  const c = request.caller;
  if (!c) return { userId: null, role: null, isSubscriber: false };
  const sub = await findSubscriber(services.database.db, c.userId);
  return { userId: c.userId, role: c.role, isSubscriber: subscriberStatus(sub, services.clock().toISOString()) === 'active' };
}

/** Post rows → views for one viewer, with their media and the viewer's unlocks loaded in two queries. */
export async function postViews(services: Services, viewer: Viewer, rows: PostRow[]) {
  const db = services.database.db;
  const [media, unlocked, settings, liked] = await Promise.all([
    mediaByIds(db, [...new Set(rows.flatMap((r) => r.media.map((m) => m.mediaId)))]),
    unlockedPostIds(db, viewer.userId, rows.map((r) => r.id)),
    currentSettings(db),
    likedPostIds(db, viewer.userId, rows.map((r) => r.id)),
  ]);
  const author = { name: settings.model_name, avatarUrl: settings.model_avatar_url };
  return rows.map((r) => ({ ...postView(r, media, viewer, unlocked.has(r.id), author, services.storage), user_feed_like: liked.has(r.id) }));
}

export const feedRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const feed = async (request: FastifyRequest) => {
    const { page_num, feed_tag_id } = parse(feedQuery, request.query);
    const viewer = await viewerOf(services, request);
    const { rows, total } = await feedPage(services.database.db, { page: page_num, pageSize: FEED_PAGE_SIZE, nowIso: services.clock().toISOString(), feedTagId: feed_tag_id || null });
    const page: PostPage = { blogs: await postViews(services, viewer, rows), currentPage: page_num, totalPages: Math.max(1, Math.ceil(total / FEED_PAGE_SIZE)), totalPosts: total };
    return page;
  };
  app.get('/api/blogs', async (request, reply) => ok(reply, await feed(request)));
  app.get('/api/blogs/all', async (request, reply) => ok(reply, await feed(request)));

  app.get('/api/blog/get-blog-data-by-id', async (request, reply) => {
    const { id } = parse(idQuery, request.query);
    const row = await findPost(services.database.db, id);
    if (!row || Date.parse(row.publish_at) > services.clock().getTime()) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
    const [view] = await postViews(services, await viewerOf(services, request), [row]);
    return ok(reply, view);
  });

  app.post('/api/blogs', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(createPostBody, request.body);
    const ctx = contextFor(request, services);
    const settings = await currentSettings(services.database.db);
    const { postId } = await createPost(ctx, settings, {
      authorId: caller.userId,
      caption: body.caption || body.description || '',
      visibility: body.visibility,
      amountDollars: body.amount ?? null,
      mediaIds: body.media_ids,
      publishAt: body.publish_at,
    });
    await settle(services, ctx);
    return reply.code(201).send({ success: 1, message: 'Content posted successfully.', data: { _id: postId } });
  });

  app.post('/api/blogs/delete', async (request, reply) => {
    const { id } = parse(idQuery, request.body);
    const ctx = contextFor(request, services);
    await deletePost(ctx, id);
    await settle(services, ctx);
    return ok(reply, null, { message: 'Post deleted.' });
  });
};

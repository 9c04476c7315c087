// The home feed and post detail (spec 2 §7), and the post lifecycle: create (composer), edit, delete, reuse
// (a new version of an older post) and review (an errored post reposted without the errored items).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PostPage } from '../../domain/post/wire';
import type { Viewer } from '../../domain/post/visibility';
import { visibleCounts } from '../../domain/post/counts';
import { POST_MESSAGES, postStream } from '../../domain/post/post';
import { isStaffRole } from '../../domain/user/user';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { findPost, isVisibleToFans, type PostRow } from '../../projections/posts';
import { feedBundle, tagsOfPosts, viewerEntitlements, viewerPartOf, type FeedBundle, type FeedPage, type PostTag, type ViewerEntitlements } from '../../projections/feed-query';
import { createReadCache, readCacheOptions } from '../read-cache';
import { mediaByIds, type MediaRow } from '../../projections/media';
import { DEFAULT_SETTINGS, type SiteSettings } from '../../domain/settings/settings';
import { unlockedPostIds } from '../../projections/unlocks';
import { likedPostIds } from '../../projections/engagement';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { createPostFromComposer, deletePost, editPost, reusePost, reviewPost, type PostWritten } from '../../commands/content';
import { ok, parse } from '../http';
import { editVersion, ifMatchRevision, setEtag } from '../edit-version';
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

const uuid = (name: string) => z.string({ error: `${name} is required.` }).uuid({ error: `${name} is invalid.` });
const uuids = (name: string, message = `${name} must be a list of ids.`) => z.array(z.string().uuid({ error: message }), { error: message }).max(1000, { error: message });
/** An optional id where null (or '') means "none". */
const optionalId = (name: string) =>
  z
    .union([z.literal(''), z.null(), z.string().uuid({ error: `${name} is invalid.` })], { error: `${name} is invalid.` })
    .optional()
    .transform((v) => (v === '' ? null : v));
/** Whole dollars as typed; anything unreadable becomes NaN, which the price rule answers with the settings' bounds. */
const amount = z
  .union([z.number(), z.string(), z.null()], { error: 'amount is invalid.' })
  .optional()
  .transform((v) => (v === undefined || v === null ? null : typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)));
const isoDate = (name: string) =>
  z
    .union([z.literal(''), z.null(), z.iso.datetime({ error: `${name} must be an ISO date.`, offset: true })], { error: `${name} must be an ISO date.` })
    .optional()
    .transform((v) => v || null);
const flag = z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('true'), z.literal('false')], { error: 'keep_original_date must be true or false.' }).transform((v) => v === true || v === 1 || v === 'true');
const caption = z.string({ error: 'description must be text.' }).max(5000, { error: 'Caption cannot be more than 5000 characters.' });

export const createPostBody = z.object({
  caption: caption.default(''),
  description: caption.optional(),
  visibility: z.enum(['locked', 'private', 'public'], { error: 'visibility must be locked, private or public.' }),
  amount,
  media_ids: uuids('media_ids', 'media_ids must be media ids.').default([]),
  preview_media_id: optionalId('preview_media_id'),
  category_id: optionalId('category_id'),
  feed_tags: uuids('feed_tags').optional(),
  publish_at: isoDate('publish_at'),
});

const editBody = z.object({
  postId: uuid('postId'),
  description: z.string({ error: 'description is required.' }).max(5000, { error: 'Caption cannot be more than 5000 characters.' }),
  isPublicPost: z.enum(['private', 'public'], { error: 'isPublicPost must be private or public.' }).optional(),
  media_preview_item: optionalId('media_preview_item'),
});

const deleteBody = idQuery.extend({ requestFrom: z.unknown().optional(), pageNum: z.unknown().optional(), feedTagId: z.unknown().optional() });

const reuseBody = z.object({
  _id: uuid('_id'),
  description: caption.default(''),
  amount,
  date: isoDate('date'),
  keep_original_date: flag.optional(),
  media_item: uuids('media_item').optional(),
  media_preview_item: optionalId('media_preview_item'),
  feed_tags: uuids('feed_tags').optional(),
});

const reviewBody = z.object({
  blog_id: uuid('blog_id'),
  description: caption.default(''),
  media: uuids('media', POST_MESSAGES.selectMedia).default([]),
  media_preview: optionalId('media_preview'),
  amount,
  feed_tags: uuids('feed_tags').optional(),
});

/** Domain rules name the composer's fields; a route whose request names them otherwise renames them. */
async function asFields<T>(names: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ValidationError && names[e.field]) throw new ValidationError(names[e.field], e.message);
    throw e;
  }
}

export async function viewerOf(services: Services, request: FastifyRequest): Promise<Viewer> {
  const c = request.caller;
  if (!c) return { userId: null, role: null, isSubscriber: false };
  const sub = await findSubscriber(services.database.db, c.userId);
  return { userId: c.userId, role: c.role, isSubscriber: subscriberStatus(sub, services.clock().toISOString()) === 'active' };
}

/** Post rows → views for one viewer, with their media (and previews), the viewer's unlocks and likes in one round. */
export async function postViews(services: Services, viewer: Viewer, rows: PostRow[]) {
  const db = services.database.db;
  const mediaIds = new Set(rows.flatMap((r) => [...r.media.map((m) => m.mediaId), ...(r.preview_media_id ? [r.preview_media_id] : [])]));
  const [media, unlocked, settings, liked, tags] = await Promise.all([
    mediaByIds(db, [...mediaIds]),
    unlockedPostIds(db, viewer.userId, rows.map((r) => r.id)),
    currentSettings(db),
    likedPostIds(db, viewer.userId, rows.map((r) => r.id)),
    tagsOfPosts(db, rows.map((r) => r.id)),
  ]);
  return viewsOf(services, viewer, { rows, media, unlocked, liked, tags, settings });
}

/** The views of loaded posts: what this viewer may see of each, with signed URLs for what they are entitled to. */
function viewsOf(
  services: Services,
  viewer: Viewer,
  b: { rows: PostRow[]; media: Map<string, MediaRow>; unlocked: Set<string>; liked: Set<string>; tags: Map<string, PostTag[]>; settings: SiteSettings },
) {
  const author = { name: b.settings.model_name, avatarUrl: b.settings.model_avatar_url };
  const nowMs = services.clock().getTime();
  return b.rows.map((r) => ({
    ...postView(r, b.media, viewer, b.unlocked.has(r.id), { author, storage: services.storage, counts: visibleCounts(b.settings, viewer, r), nowMs }),
    user_feed_like: b.liked.has(r.id),
    feed_tags: b.tags.get(r.id) ?? [],
  }));
}

const postedMessage = (w: PostWritten) => (w.processing ? POST_MESSAGES.processing : POST_MESSAGES.posted);

export const feedRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;

  // The fans' pages are the hottest read of the site and the same for every viewer but for their unlocks,
  // likes and membership. A page read once is kept while the read models are unchanged (every running
  // projection runner sees every event, so a write anywhere moves the version), at most 10 s, and never past
  // the next scheduled post's time. A viewer's entitlements are kept the same way; their part of a page is
  // worked out from them on every request.
  const fanPages = createReadCache<FeedPage>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 500 });
  const viewers = createReadCache<ViewerEntitlements>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 5_000 });
  const entitlementsOf = async (userId: string, nowMs: number) => {
    const hit = viewers.get(userId, nowMs);
    if (hit) return hit;
    const version = viewers.version();
    const e = await viewerEntitlements(db(), userId);
    viewers.set(userId, e, version, nowMs);
    return e;
  };
  const feed = async (request: FastifyRequest, audience: 'fans' | 'staff') => {
    const { page_num, feed_tag_id } = parse(feedQuery, request.query);
    const now = services.clock();
    const nowIso = now.toISOString();
    const c = request.caller;
    const key = `${page_num}|${feed_tag_id ?? ''}`;
    const cached = audience === 'fans' ? fanPages.get(key, now.getTime()) : undefined;
    let b: FeedBundle;
    if (cached) {
      b = { ...cached, ...(c ? viewerPartOf(await entitlementsOf(c.userId, now.getTime()), cached.rows) : { unlocked: new Set(), liked: new Set(), memberUntil: null }) };
    } else {
      const version = fanPages.version();
      // One statement for the page and everything its views need (projections/feed-query.ts).
      b = await feedBundle(db(), { audience, page: page_num, pageSize: FEED_PAGE_SIZE, nowIso, feedTagId: feed_tag_id || null, userId: c?.userId ?? null });
      if (audience === 'fans') {
        const { rows, media, tags, settings, total, nextDueAt } = b;
        fanPages.set(key, { rows, media, tags, settings, total, nextDueAt }, version, now.getTime(), nextDueAt ? new Date(nextDueAt).getTime() : undefined);
      }
    }
    const viewer: Viewer = c
      ? { userId: c.userId, role: c.role, isSubscriber: subscriberStatus(b.memberUntil ? { expires_at: b.memberUntil } : undefined, nowIso) === 'active' }
      : { userId: null, role: null, isSubscriber: false };
    const settings = { ...DEFAULT_SETTINGS, ...b.settings };
    const page: PostPage = {
      blogs: viewsOf(services, viewer, { ...b, settings }),
      currentPage: page_num,
      totalPages: Math.max(1, Math.ceil(b.total / FEED_PAGE_SIZE)),
      totalPosts: b.total,
    };
    return page;
  };
  // Fans: published, processed posts. Staff (the route table allows only them): every post, scheduled and
  // under process included, flagged with is_published / processing / isError.
  app.get('/api/blogs', async (request, reply) => ok(reply, await feed(request, 'fans')));
  app.get('/api/blogs/all', async (request, reply) => ok(reply, await feed(request, 'staff')));

  app.get('/api/blog/get-blog-data-by-id', async (request, reply) => {
    const { id } = parse(idQuery, request.query);
    const viewer = await viewerOf(services, request);
    const row = await findPost(db(), id);
    if (!row || (!isStaffRole(viewer.role) && !isVisibleToFans(row, services.clock().getTime()))) throw new DomainError(POST_MESSAGES.notFound, 'POST_NOT_FOUND', 404);
    const [view] = await postViews(services, viewer, [row]);
    return ok(reply, view);
  });

  app.post('/api/blogs', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(createPostBody, request.body);
    const ctx = contextFor(request, services);
    const written = await createPostFromComposer(ctx, await currentSettings(db()), caller.userId, body);
    await settle(services, ctx);
    return reply.code(201).send({ success: 1, message: postedMessage(written), data: { _id: written.postId } });
  });

  app.post('/api/blogs/edit', async (request, reply) => {
    const body = parse(editBody, request.body);
    const ctx = contextFor(request, services);
    const settings = await currentSettings(db());
    const expected = ifMatchRevision(request); // the console's edit dialog sends the post's ETag
    await asFields({ caption: 'description', visibility: 'isPublicPost', preview_media_id: 'media_preview_item' }, () =>
      editPost(ctx, settings, { postId: body.postId, caption: body.description, visibility: body.isPublicPost, previewMediaId: body.media_preview_item }, expected),
    );
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, postStream(body.postId)));
    const row = await findPost(db(), body.postId);
    const [view] = row ? await postViews(services, await viewerOf(services, request), [row]) : [null];
    return ok(reply, view, { message: POST_MESSAGES.updated, position: ctx.lastPosition });
  });

  app.post('/api/blogs/delete', async (request, reply) => {
    const { id } = parse(deleteBody, request.body);
    const ctx = contextFor(request, services);
    await deletePost(ctx, id);
    await settle(services, ctx);
    return ok(reply, null, { message: POST_MESSAGES.deleted });
  });

  app.post('/api/blog/reuse-blog', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(reuseBody, request.body);
    const ctx = contextFor(request, services);
    const settings = await currentSettings(db());
    let written: PostWritten;
    try {
      written = await asFields({ media_ids: 'media_item', caption: 'description', preview_media_id: 'media_preview_item', publish_at: 'date' }, () =>
        reusePost(ctx, settings, {
          sourcePostId: body._id,
          authorId: caller.userId,
          caption: body.description,
          amountDollars: body.amount,
          schedule: body.date,
          keepOriginalDate: body.keep_original_date ?? false,
          mediaIds: body.media_item,
          previewMediaId: body.media_preview_item,
          feedTags: body.feed_tags,
        }),
      );
    } catch (e) {
      if (e instanceof DomainError) throw e;
      request.log.error({ err: e }, 'reuse failed');
      throw new DomainError(POST_MESSAGES.reuseFailed, 'REUSE_FAILED', 500);
    }
    await settle(services, ctx);
    return ok(reply, { reuseBlog: { udid: written.postId } }, { message: postedMessage(written), position: ctx.lastPosition });
  });

  app.post('/api/blog/post-reviewed-blog', async (request, reply) => {
    const body = parse(reviewBody, request.body);
    const ctx = contextFor(request, services);
    const settings = await currentSettings(db());
    await asFields({ media_ids: 'media', caption: 'description', preview_media_id: 'media_preview' }, () =>
      reviewPost(ctx, settings, {
        postId: body.blog_id, caption: body.description, mediaIds: body.media, previewMediaId: body.media_preview, amountDollars: body.amount, feedTags: body.feed_tags,
      }),
    );
    await settle(services, ctx);
    return ok(reply, { _id: body.blog_id }, { message: POST_MESSAGES.reviewed, position: ctx.lastPosition });
  });
};

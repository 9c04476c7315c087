// Read model: posts as the feed and the console list them, with unlock counts and revenue.
//
// Processing: a post is hidden from fans until every item it shows (media and preview) is processed, and while
// any item is in error. So the feed can filter in SQL without touching media, this projection keeps,
// per post, how many of its items are still processing or errored, and `fan_visible` (not deleted, nothing
// pending, nothing errored), indexed with publish_at. `post_media` follows each media item's status and the posts
// holding it (keyed by media id, the key the media events carry), so a status change updates only those posts.
// `post_stats` keeps the number of live and of fan-visible posts, so a feed page does not count thousands of rows.
//
// Reuse (commands/content.ts reusePost): a version is shown once its root's stream lists it (PostVersionAdded).
// The version's own stream is written first and the root's listing second, with no transaction over the two
// (the store may be EventStoreDB); a version whose listing never came is never shown, to fans or staff. Versions
// written before that order (listing first, then the post) are shown at once. `post_versions` keeps which
// versions are listed, and holds the row of a version waiting for its listing.
//
// Live feed: `shown_by` / `shown_at` are the event that first made the post fan-visible and its time, kept for
// good (a reprocess that hides it again does not reset them). The socket feed announces a post once, either for
// that event (when its time had come by then: api/realtime/feed.ts) or when its time comes later
// (api/realtime/scheduled-posts.ts).
import { sql, type Kysely, type NotNull } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection, type ProjectionStore } from './projection';
import { postsTables, storeRow, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';
import type { PostVisibility } from '../domain/post/wire';
import type { PostMediaRef } from '../domain/post/post';
import { blogTypeOf, mediaIdsOfPost } from '../domain/post/post';

export interface PostRow {
  id: string;
  author_id: string;
  caption: string;
  visibility: PostVisibility;
  price_cents: number;
  media: PostMediaRef[];
  preview_media_id: string | null;
  blog_type: 'text' | 'photo' | 'video' | 'gallery';
  publish_at: string;
  created_at: string;
  deleted: boolean;
  is_demo: boolean;
  unlock_count: number;
  revenue_cents: number;
  like_count: number;
  comment_count: number;
  category_id: string | null;
  /** The root of this post's reuse group (its own id for an original). */
  root_post_id: string;
  /** Reuse: the root post this one is a version of; null for an original. */
  version_of: string | null;
  /** Items (media and preview) still processing, and in error. */
  pending_media: number;
  errored_media: number;
  /** Not deleted, nothing processing, nothing errored: fans may see it once publish_at has come. */
  fan_visible: boolean;
  /** The lowest membership tier that sees it; null: every subscriber. */
  min_tier_id: string | null;
  /** The event that first made the post fan_visible, and its time; null until then. */
  shown_by: string | null;
  shown_at: string | null;
}

/** The event being applied, as `shown_by` / `shown_at` record it. */
interface Moment {
  eventId: string;
  at: string;
}

const linkedIds = (p: PostRow) => mediaIdsOfPost({ media: p.media, previewMediaId: p.preview_media_id });

/** A media item's status as posts see it, and the posts holding it. */
export interface PostMediaRow {
  media_id: string;
  status: 'processing' | 'ready' | 'error';
  post_ids: string[];
}

const pendingOf = (s: string | undefined) => (s === 'processing' ? 1 : 0);
const erroredOf = (s: string | undefined) => (s === 'error' ? 1 : 0);
/** Recomputes fan_visible; the first time it holds, the post records the moment that showed it. */
const withVisibility = (p: PostRow, moment: Moment): PostRow => {
  const fan_visible = !p.deleted && p.pending_media === 0 && p.errored_media === 0;
  const first = fan_visible && !p.shown_by;
  return { ...p, fan_visible, shown_by: first ? moment.eventId : p.shown_by ?? null, shown_at: first ? moment.at : p.shown_at ?? null };
};

export interface PostStatsRow {
  key: string;
  /** Posts not deleted (the staff feed's total). */
  live: number;
  /** fan_visible posts, scheduled ones included (the fan feed subtracts those not yet due). */
  fan_visible: number;
}

const STATS_KEY = { key: 'posts' };

/** A reuse version: whether the root lists it yet, and its row while it waits (null once shown). */
export interface PostVersionRow {
  version_id: string;
  listed: boolean;
  waiting: PostRow | null;
}

/** Writes the post and moves the totals when it entered or left the fan feed or the live set. */
async function savePost(store: ProjectionStore<ReadModelRows>, prev: Pick<PostRow, 'fan_visible' | 'deleted'> | null, next: PostRow): Promise<void> {
  store.put('posts', next);
  const dFan = Number(next.fan_visible) - Number(prev?.fan_visible ?? false);
  const dLive = Number(!next.deleted) - Number(prev ? !prev.deleted : false);
  if (!dFan && !dLive) return;
  const s = (await store.get<PostStatsRow>('post_stats', STATS_KEY)) ?? { key: STATS_KEY.key, live: 0, fan_visible: 0 };
  store.put('post_stats', { ...s, live: s.live + dLive, fan_visible: s.fan_visible + dFan });
}

/** Points the post's items at it (and away from items it no longer holds), and recounts its pending/errored items. */
async function relink(store: ProjectionStore<ReadModelRows>, prev: PostRow | null, post: PostRow, moment: Moment): Promise<void> {
  const before = prev ? linkedIds(prev) : [];
  const after = post.deleted ? [] : linkedIds(post);
  for (const id of before.filter((m) => !after.includes(m))) {
    const link = await store.get<PostMediaRow>('post_media', { media_id: id });
    if (link) store.put('post_media', { ...link, post_ids: link.post_ids.filter((p) => p !== post.id) });
  }
  let pending = 0;
  let errored = 0;
  for (const id of after) {
    const link = await store.get<PostMediaRow>('post_media', { media_id: id });
    // Unknown media (none in a valid log) does not hold a post back.
    if (!link) continue;
    if (!link.post_ids.includes(post.id)) store.put('post_media', { ...link, post_ids: [...link.post_ids, post.id] });
    pending += pendingOf(link.status);
    errored += erroredOf(link.status);
  }
  await savePost(store, prev, withVisibility({ ...post, pending_media: pending, errored_media: errored }, moment));
}

/** A media item changed status: move the counts of every post holding it. */
async function mediaStatus(store: ProjectionStore<ReadModelRows>, mediaId: string, status: PostMediaRow['status'], moment: Moment) {
  const link = await store.get<PostMediaRow>('post_media', { media_id: mediaId });
  if (!link || link.status === status) return;
  store.put('post_media', { ...link, status });
  const dPending = pendingOf(status) - pendingOf(link.status);
  const dErrored = erroredOf(status) - erroredOf(link.status);
  for (const postId of link.post_ids) {
    const p = await store.get<PostRow>('posts', { id: postId });
    if (!p) continue;
    await savePost(store, p, withVisibility({ ...p, pending_media: Math.max(0, p.pending_media + dPending), errored_media: Math.max(0, p.errored_media + dErrored) }, moment));
  }
}

export const postsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'posts',
  tables: postsTables,
  handles: [
    'PostCreated', 'PostVersionAdded', 'PostDeleted', 'PostEdited', 'PostReviewed', 'PostUnlocked', 'PostLiked', 'PostUnliked', 'PostCommentAdded', 'PostCommentRemoved',
    'PostCommentHidden', 'PostCommentUnhidden',
    // Media status, for the processing/error state of the posts holding the item. Renditions replaced in place
    // (rotate, blur refresh) and removal from the library leave a post's state alone.
    'MediaUploaded', 'MediaProcessed', 'MediaProcessingFailed', 'MediaReprocessRequested',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const moment: Moment = { eventId: event.id, at: type === 'PostCreated' ? d.createdAt : event.metadata.at };
    switch (type) {
      case 'MediaUploaded':
        store.put('post_media', { media_id: d.mediaId, status: 'processing', post_ids: [] });
        break;
      case 'MediaProcessed':
        await mediaStatus(store, d.mediaId, 'ready', moment);
        break;
      case 'MediaProcessingFailed':
        await mediaStatus(store, d.mediaId, 'error', moment);
        break;
      // Staff asked for the item to be processed again (domain/media): its posts are 'under process' again.
      case 'MediaReprocessRequested':
        await mediaStatus(store, d.mediaId, 'processing', moment);
        break;
      case 'PostCreated': {
        const row: PostRow = {
          id: d.postId, author_id: d.authorId, caption: d.caption, visibility: d.visibility, price_cents: d.priceCents, media: d.media,
          preview_media_id: d.previewMediaId ?? null, blog_type: blogTypeOf(d.media), publish_at: d.publishAt, created_at: d.createdAt,
          deleted: false, is_demo: !!d.isDemo, unlock_count: 0, revenue_cents: 0, like_count: 0, comment_count: 0,
          category_id: d.categoryId ?? null, root_post_id: d.reuseOf ?? d.postId, version_of: d.reuseOf ?? null,
          pending_media: 0, errored_media: 0, fan_visible: false, shown_by: null, shown_at: null, min_tier_id: d.minTierId ?? null,
        };
        if (d.reuseOf && !(await store.get<PostVersionRow>('post_versions', { version_id: d.postId }))?.listed) {
          store.put('post_versions', { version_id: d.postId, listed: false, waiting: row });
          break;
        }
        await relink(store, null, row, moment);
        break;
      }
      case 'PostVersionAdded': {
        const v = await store.get<PostVersionRow>('post_versions', { version_id: d.versionId });
        store.put('post_versions', { version_id: d.versionId, listed: true, waiting: null });
        if (v?.waiting) await relink(store, null, v.waiting, moment);
        break;
      }
      case 'PostDeleted': {
        const p = await store.get<PostRow>('posts', { id: d.postId });
        if (p) await relink(store, p, { ...p, deleted: true }, moment);
        else await update<PostVersionRow>(store, 'post_versions', { version_id: d.postId }, (v) => (v.waiting ? { ...v, waiting: { ...v.waiting, deleted: true } } : v));
        break;
      }
      case 'PostEdited': {
        const p = await store.get<PostRow>('posts', { id: d.postId });
        if (p) {
          const min_tier_id = d.minTierId === undefined ? p.min_tier_id : d.minTierId;
          await relink(store, p, { ...p, caption: d.caption, visibility: d.visibility, preview_media_id: d.previewMediaId ?? null, min_tier_id }, moment);
        }
        break;
      }
      case 'PostReviewed': {
        const p = await store.get<PostRow>('posts', { id: d.postId });
        if (p) {
          await relink(store, p, {
            ...p, caption: d.caption, media: d.media, blog_type: blogTypeOf(d.media), preview_media_id: d.previewMediaId ?? null, price_cents: d.priceCents,
          }, moment);
        }
        break;
      }
      case 'PostUnlocked':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, unlock_count: p.unlock_count + 1, revenue_cents: p.revenue_cents + d.amountCents }));
        break;
      // Likes and comments (domain/engagement): the counts fans see. Hidden comments are not counted.
      case 'PostLiked':
      case 'PostUnliked':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, like_count: Math.max(0, p.like_count + (type === 'PostLiked' ? 1 : -1)) }));
        break;
      case 'PostCommentAdded':
      case 'PostCommentUnhidden':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, comment_count: p.comment_count + 1 }));
        break;
      case 'PostCommentHidden':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count - 1) }));
        break;
      case 'PostCommentRemoved':
        if (!d.wasHidden) await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count - 1) }));
        break;
    }
  },
});

export interface FeedOptions {
  page: number;
  pageSize: number;
  nowIso: string;
  feedTagId?: string | null;
  /**
   * 'fans' (GET /api/blogs): published, processed and error-free posts only.
   * 'staff' (GET /api/blogs/all): every post not deleted, scheduled and under process included.
   */
  audience?: 'fans' | 'staff';
}

/** A page of the home feed, newest first; only posts carrying `feedTagId` when given. */
export async function feedPage(db: Kysely<ReadModels>, opts: FeedOptions) {
  const staff = opts.audience === 'staff';
  let base = staff
    ? db.withSchema('rm').selectFrom('posts').where('deleted', '=', false)
    : // publish_at <= now, not a job: a scheduled post appears on time, also after a restart.
      db.withSchema('rm').selectFrom('posts').where('fan_visible', '=', true).where('publish_at', '<=', timestamptz(opts.nowIso));
  const feedTagId = opts.feedTagId;
  if (feedTagId) {
    // Links are kept by the feed-tags read model (projections/feed-tags.ts).
    base = base.where((eb) => eb.exists(eb.selectFrom('feed_post_tags').select('feed_post_tags.tag_id').whereRef('feed_post_tags.post_id', '=', 'posts.id').where('feed_post_tags.tag_id', '=', feedTagId)));
  }
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc').limit(opts.pageSize).offset((opts.page - 1) * opts.pageSize).execute().then((rs) => rs.map((r) => storeRow('posts', r) as PostRow)),
    feedTagId ? base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n)) : feedTotal(db, staff, opts.nowIso),
  ]);
  return { rows, total };
}

/** The unfiltered feed's total from the kept totals: for fans, minus the visible posts not yet due (few, indexed). */
async function feedTotal(db: Kysely<ReadModels>, staff: boolean, nowIso: string): Promise<number> {
  const stats = db.withSchema('rm').selectFrom('post_stats').where('key', '=', STATS_KEY.key);
  if (staff) return Number((await stats.select('live').executeTakeFirst())?.live ?? 0);
  const r = await stats
    .select((eb) => [
      'fan_visible',
      eb
        .selectFrom('posts')
        .select(eb.fn.countAll<number>().as('n'))
        .where('posts.fan_visible', '=', true)
        .where('posts.publish_at', '>', timestamptz(nowIso))
        .as('scheduled'),
    ])
    .executeTakeFirst();
  return r ? Number(r.fan_visible) - Number(r.scheduled ?? 0) : 0;
}

export async function findPost(db: Kysely<ReadModels>, id: string): Promise<PostRow | undefined> {
  return (await db.withSchema('rm').selectFrom('posts').selectAll().where('id', '=', id).where('deleted', '=', false).executeTakeFirst()) as PostRow | undefined;
}

/** The posts of these ids that are not deleted. */
export async function findPosts(db: Kysely<ReadModels>, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.withSchema('rm').selectFrom('posts').selectAll().where('id', 'in', [...ids]).where('deleted', '=', false).execute();
  return rows.map((r) => storeRow('posts', r) as PostRow);
}

/** Whether fans may see the post now (published, processed, no error). */
export const isVisibleToFans = (p: PostRow, nowMs: number) => p.fan_visible && new Date(p.publish_at!).getTime() <= nowMs;

/** Revenue and version count of each reuse group (deleted versions included: their money was earned). */
export async function groupTotals(db: Kysely<ReadModels>, rootIds: string[]): Promise<Map<string, { revenueCents: number; versions: number }>> {
  const out = new Map<string, { revenueCents: number; versions: number }>();
  if (rootIds.length === 0) return out;
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts')
    .select(['root_post_id', sql<string>`SUM(revenue_cents)`.as('revenue'), sql<string>`COUNT(*)`.as('n')])
    .where('root_post_id', 'in', [...new Set(rootIds)])
    .groupBy('root_post_id')
    // Matched by the IN above: never null.
    .$narrowType<{ root_post_id: NotNull }>()
    .execute();
  for (const r of rows) out.set(r.root_post_id, { revenueCents: Number(r.revenue), versions: Number(r.n) });
  return out;
}

/** Live (not deleted) posts holding each media item, as media or preview: what a library removal must respect. */
export async function postsUsingMedia(db: Kysely<ReadModels>, mediaIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (mediaIds.length === 0) return out;
  const rows = (await db.withSchema('rm').selectFrom('post_media').select(['media_id', 'post_ids']).where('media_id', 'in', mediaIds).execute()) as {
    media_id: string;
    post_ids: string[];
  }[];
  for (const r of rows) if (r.post_ids.length) out.set(r.media_id, r.post_ids);
  return out;
}

/** Public posts fans can see now (published, nothing processing), newest first, for the sitemap (at most 45,000: one file). */
export async function sitemapPosts(db: Kysely<ReadModels>, nowIso: string): Promise<{ id: string; publishedAt: string }[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts')
    .select(['id', 'publish_at'])
    .where('visibility', '=', 'public')
    .where('fan_visible', '=', true)
    .where('deleted', '=', false)
    .where('publish_at', '<=', nowIso as never)
    .orderBy('publish_at', 'desc')
    .limit(45_000)
    .execute();
  return rows.map((p) => ({ id: p.id, publishedAt: new Date(p.publish_at!).toISOString() }));
}

/**
 * Posts whose time came in (after, until] and that fans could see before it came (scheduled, ready early): the
 * feed announces them. One that became visible only at or after its time was announced by the event that showed it.
 */
export async function postsGoneLive(db: Kysely<ReadModels>, afterIso: string, untilIso: string): Promise<string[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts')
    .select('id')
    .where('fan_visible', '=', true)
    .where('publish_at', '>', timestamptz(afterIso))
    .where('publish_at', '<=', timestamptz(untilIso))
    .where('is_demo', '=', false)
    .whereRef('shown_at', '<', 'publish_at')
    .orderBy('publish_at')
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}

/** The posts this event first made fan-visible whose time had come by then (not demo posts): the feed announces them. */
export async function postsShownBy(db: Kysely<ReadModels>, eventId: string): Promise<string[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts')
    .select('id')
    .where('shown_by', '=', eventId)
    .where('fan_visible', '=', true)
    .where('is_demo', '=', false)
    .whereRef('publish_at', '<=', 'shown_at')
    .execute();
  return rows.map((r) => r.id);
}

/** The newest posts fans may list now (what a guest's feed starts with), ids and publish times only. */
export async function newestFanPosts(db: Kysely<ReadModels>, nowIso: string, limit: number): Promise<{ id: string; publishedAt: string }[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts')
    .select(['id', 'publish_at'])
    .where('fan_visible', '=', true)
    .where('publish_at', '<=', timestamptz(nowIso))
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((p) => ({ id: p.id, publishedAt: new Date(p.publish_at!).toISOString() }));
}

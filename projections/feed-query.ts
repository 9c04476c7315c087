// The home feed page in ONE statement: the page of posts, their media (and previews), the viewer's unlocks (by
// reuse group), likes and membership, the site settings and the total. The feed is the hottest read of the
// site; on PGlite every statement crosses into wasm and on the server every statement is a round trip, so one
// statement instead of seven is most of its speed (tests/bench/feed.ts measures it against a raw SELECT). The
// feed's statement runs inside the read function rm.feed_page (projections/read-functions.ts), whose plan is kept;
// a single post's (postBundle) is sent as text. It reads several read models (posts, media, post_unlocks,
// post_likes, subscribers, site_settings) without owning any of them.
import type { ReadModels } from './schema';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PostRow } from './posts';
import type { MediaRow } from './media';
import { DEFAULT_SETTINGS, type SiteSettings } from '../domain/settings/settings';
import type { Database } from '../infra/db/database';
import type { SessionLookup } from './users';
import type { RequiredTier } from '../domain/post/visibility';

/** What a feed page is for every viewer (api/routes/feed.ts may keep it for a moment: api/read-cache.ts). */
export interface FeedPage {
  rows: PostRow[];
  media: Map<string, MediaRow>;
  /** Each post's feed tags (id, slug and name, looked up on read). */
  tags: Map<string, PostTag[]>;
  /** The site settings, defaults filled in (merged once here, not on every view of a kept page). */
  settings: SiteSettings;
  total: number;
  /** Fans' feed: when the next scheduled post is due (the page may change then without any new event). */
  nextDueAt: string | null;
  /** Every membership tier (removed ones too) by id: the name and rank of a post's lowest tier. */
  tiers: Map<string, RequiredTier>;
}

/** What only this viewer's request decides. */
export interface FeedViewerPart {
  unlocked: Set<string>;
  liked: Set<string>;
  /** The viewer's membership paid through this date (null: never a member or a guest). */
  memberUntil: string | null;
  /** The viewer's membership tier (null: the base tier, or no membership). */
  memberTier: string | null;
}

export type FeedBundle = FeedPage & FeedViewerPart;

export interface PostTag {
  _id: string;
  slug: string;
  name: string;
}

/** Groups tag rows ({post_id, _id, slug, name}) by post, in name order. */
export function tagsByPost(rows: ({ post_id: string } & PostTag)[]): Map<string, PostTag[]> {
  const byPost = new Map<string, PostTag[]>();
  for (const r of [...rows].sort((a, b) => a.name.localeCompare(b.name))) {
    const list = byPost.get(r.post_id) ?? [];
    list.push({ _id: r._id, slug: r.slug, name: r.name });
    byPost.set(r.post_id, list);
  }
  return byPost;
}

export interface FeedBundleOptions {
  audience: 'fans' | 'staff';
  page: number;
  pageSize: number;
  nowIso: string;
  feedTagId?: string | null;
  userId: string | null;
}

// JSON carries timestamps as Postgres writes them ('2024-05-01T10:00:00+00:00'); the rows hold ISO strings, as
// storeRow gives them.
const iso = (v: string) => new Date(v).toISOString();
const isoOrNull = (v: string | null) => (v == null ? null : iso(v));

/**
 * A feed page through the read function rm.feed_page (projections/read-functions.ts): the same statement as
 * bundleOf's, planned once per connection instead of on every request.
 */
export async function feedBundle(database: Pick<Database, 'read'>, o: FeedBundleOptions): Promise<FeedBundle> {
  const [r] = await database.read<{ b: BundleJson }>(
    'read_feed_page',
    'SELECT rm.feed_page($1::boolean, $2::timestamptz, $3::integer, $4::integer, $5::text, $6::text) AS b',
    [o.audience === 'staff', o.nowIso, o.pageSize, (o.page - 1) * o.pageSize, o.feedTagId || null, o.userId],
  );
  return bundleFrom(r.b);
}

/**
 * A fan's feed page read with the session behind their token, in one statement (rm.feed_page_with_session): the
 * live session (undefined: none under that token) and the page for its user (null: the account is blocked or
 * deleted, and the page is not read).
 */
export async function feedPageWithSession(
  database: Pick<Database, 'read'>,
  o: { tokenHash: string; nowIso: string; page: number; pageSize: number; feedTagId: string | null },
): Promise<{ session: SessionLookup | undefined; bundle: FeedBundle | null }> {
  const [row] = await database.read<SessionLookup & { page: BundleJson | null }>(
    'read_feed_page_with_session',
    'SELECT * FROM rm.feed_page_with_session($1::text, $2::timestamptz, $3::integer, $4::integer, $5::text)',
    [o.tokenHash, o.nowIso, o.pageSize, (o.page - 1) * o.pageSize, o.feedTagId],
  );
  if (!row) return { session: undefined, bundle: null };
  const { page, ...session } = row;
  return { session, bundle: page ? bundleFrom(page) : null };
}

/**
 * One post that is not deleted (a purchase's answer, a post's own page) with everything its view needs, in the
 * feed's one statement; null when there is no such post.
 */
export async function postBundle(db: Kysely<ReadModels>, postId: string, userId: string | null): Promise<FeedBundle | null> {
  const b = await bundleOf(db, { page: sql`SELECT p.* FROM rm.posts p WHERE p.id = ${postId} AND p.deleted = false`, userId, total: sql`1`, nextDue: sql`NULL::timestamptz` });
  return b.rows.length > 0 ? b : null;
}

/** The statement behind a feed page and a single post: `page` selects the posts, the rest follows from them. */
async function bundleOf(
  db: Kysely<ReadModels>,
  o: { page: RawBuilder<unknown>; userId: string | null; total: RawBuilder<unknown>; nextDue: RawBuilder<unknown> },
): Promise<FeedBundle> {
  const user = o.userId;
  const r = await sql<BundleJson>`
    WITH page AS (${o.page}),
    ids AS (
      SELECT jsonb_array_elements(page.media)->>'mediaId' AS id FROM page
      UNION SELECT page.preview_media_id FROM page WHERE page.preview_media_id IS NOT NULL
    )
    SELECT
      (SELECT COALESCE(jsonb_agg(to_jsonb(page) ORDER BY page.publish_at DESC, page.id DESC), '[]'::jsonb) FROM page) AS rows,
      (SELECT COALESCE(jsonb_agg(to_jsonb(m)), '[]'::jsonb) FROM rm.media m WHERE m.id IN (SELECT id FROM ids)) AS media,
      ${
        user
          ? sql`(SELECT COALESCE(jsonb_agg(page.id), '[]'::jsonb) FROM page WHERE page.root_post_id IN (
                  SELECT q.root_post_id FROM rm.post_unlocks u JOIN rm.posts q ON q.id = u.post_id WHERE u.user_id = ${user}))`
          : sql`'[]'::jsonb`
      } AS unlocked,
      ${
        user
          ? sql`(SELECT COALESCE(jsonb_agg(l.post_id), '[]'::jsonb) FROM rm.post_likes l WHERE l.user_id = ${user} AND l.post_id IN (SELECT id FROM page))`
          : sql`'[]'::jsonb`
      } AS liked,
      (SELECT COALESCE(jsonb_agg(jsonb_build_object('post_id', pt.post_id, '_id', t.id, 'slug', t.slug, 'name', t.name)), '[]'::jsonb)
         FROM rm.feed_post_tags pt JOIN rm.feed_tags t ON t.id = pt.tag_id WHERE pt.post_id IN (SELECT id FROM page)) AS tags,
      (SELECT s.values FROM rm.site_settings s WHERE s.id = 'site') AS settings,
      ${user ? sql`(SELECT sub.expires_at FROM rm.subscribers sub WHERE sub.user_id = ${user})` : sql`NULL::timestamptz`} AS member_until,
      ${user ? sql`(SELECT sub.tier_id FROM rm.subscribers sub WHERE sub.user_id = ${user})` : sql`NULL::text`} AS member_tier,
      (SELECT COALESCE(jsonb_agg(jsonb_build_object('tier_id', t.tier_id, 'name', t.name, 'rank', t.rank)), '[]'::jsonb) FROM rm.membership_tiers t) AS tiers,
      ${o.total} AS total,
      ${o.nextDue} AS next_due
  `.execute(db);
  return bundleFrom(r.rows[0]);
}

/** The bundle's columns as the statement (or the read function's JSON object) gives them. */
interface BundleJson {
  /** to_jsonb of posts and media rows: their columns, timestamps as JSON text. */
  rows: PostRow[];
  media: MediaRow[];
  unlocked: string[];
  liked: string[];
  tags: ({ post_id: string } & PostTag)[];
  /** The site settings' stored values (null: never saved). */
  settings: Partial<SiteSettings> | null;
  member_until: string | null;
  member_tier: string | null;
  tiers: { tier_id: string; name: string | null; rank: number | string | null }[] | null;
  total: string | number;
  next_due: string | null;
}

function bundleFrom(row: BundleJson): FeedBundle {
  const rows = row.rows.map((p): PostRow => ({ ...p, publish_at: iso(p.publish_at), created_at: iso(p.created_at) }));
  const media = new Map(row.media.map((m): [string, MediaRow] => [m.id, { ...m, created_at: iso(m.created_at), next_attempt_at: isoOrNull(m.next_attempt_at) }]));
  return {
    rows,
    media,
    unlocked: new Set(row.unlocked),
    liked: new Set(row.liked),
    tags: tagsByPost(row.tags),
    settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
    memberUntil: row.member_until == null ? null : new Date(row.member_until).toISOString(),
    memberTier: row.member_tier ?? null,
    tiers: tiersById(row.tiers ?? []),
    total: Number(row.total),
    nextDueAt: row.next_due == null ? null : new Date(row.next_due).toISOString(),
  };
}

/** The tier rows as the statement gives them → by id, for the views' tier checks. */
export const tiersById = (rows: { tier_id: string; name: string | null; rank: number | string | null }[]): Map<string, RequiredTier> =>
  new Map(rows.map((t) => [t.tier_id, { tierId: t.tier_id, name: t.name ?? '', rank: Number(t.rank ?? 0) }]));

/** Every membership tier by id (a single post's or a purchase's view). */
export async function tiersOf(db: Kysely<ReadModels>): Promise<Map<string, RequiredTier>> {
  return tiersById(await db.withSchema('rm').selectFrom('membership_tiers').select(['tier_id', 'name', 'rank']).execute());
}

/** What a viewer has bought and liked, and their membership: everything the views of any page need about them. */
export interface ViewerEntitlements {
  unlockedRoots: Set<string>;
  liked: Set<string>;
  memberUntil: string | null;
  memberTier: string | null;
}

/** A viewer's unlocks (by reuse group), likes and membership in one statement. */
export async function viewerEntitlements(db: Kysely<ReadModels>, userId: string): Promise<ViewerEntitlements> {
  const r = await sql<{ unlocked_roots: string[]; liked: string[]; member_until: string | null; member_tier: string | null }>`
    SELECT
      (SELECT COALESCE(jsonb_agg(DISTINCT q.root_post_id), '[]'::jsonb) FROM rm.post_unlocks u JOIN rm.posts q ON q.id = u.post_id WHERE u.user_id = ${userId}) AS unlocked_roots,
      (SELECT COALESCE(jsonb_agg(l.post_id), '[]'::jsonb) FROM rm.post_likes l WHERE l.user_id = ${userId}) AS liked,
      (SELECT sub.expires_at FROM rm.subscribers sub WHERE sub.user_id = ${userId}) AS member_until,
      (SELECT sub.tier_id FROM rm.subscribers sub WHERE sub.user_id = ${userId}) AS member_tier
  `.execute(db);
  const row = r.rows[0];
  return {
    unlockedRoots: new Set(row.unlocked_roots),
    liked: new Set(row.liked),
    memberUntil: row.member_until == null ? null : new Date(row.member_until).toISOString(),
    memberTier: row.member_tier ?? null,
  };
}

/** The viewer's part of a page from their entitlements. */
export function viewerPartOf(e: ViewerEntitlements, rows: Pick<PostRow, 'id' | 'root_post_id'>[]): FeedViewerPart {
  return {
    unlocked: new Set(rows.filter((p) => e.unlockedRoots.has(p.root_post_id)).map((p) => p.id)),
    liked: new Set(rows.filter((p) => e.liked.has(p.id)).map((p) => p.id)),
    memberUntil: e.memberUntil,
    memberTier: e.memberTier,
  };
}
/** The feed tags of some posts (post detail, console, purchase answers). */
export async function tagsOfPosts(db: Kysely<ReadModels>, postIds: string[]): Promise<Map<string, PostTag[]>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .withSchema('rm')
    .selectFrom('feed_post_tags as pt')
    .innerJoin('feed_tags as t', 't.id', 'pt.tag_id')
    .select(['pt.post_id', 't.id as _id', 't.slug', 't.name'])
    .where('pt.post_id', 'in', postIds)
    .execute();
  return tagsByPost(rows as ({ post_id: string } & PostTag)[]);
}

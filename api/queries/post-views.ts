// Posts as one viewer sees them: what they may open, signed links for what they are entitled to, their unlocks
// and likes. The feed, a post's page and every purchase answer (card, wallet) show posts this way.
import type { FastifyRequest } from 'fastify';
import { tierRankOf, type RequiredTier, type Viewer } from '../../domain/post/visibility';
import { visibleCounts } from '../../domain/engagement/counts';
import type { SiteSettings } from '../../domain/settings/settings';
import type { PostRow } from '../../projections/posts';
import { postBundle, tagsOfPosts, tiersOf, type PostTag } from '../../projections/feed-query';
import { mediaByIds, type MediaRow } from '../../projections/media';
import { unlockedPostIds } from '../../projections/unlocks';
import { likedPostIds } from '../../projections/engagement';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { postView } from '../views';
import type { Services } from '../services';
import type { Caller } from '../auth';

export async function viewerOf(services: Services, request: FastifyRequest): Promise<Viewer> {
  const c = request.caller;
  if (!c) return { userId: null, role: null, isSubscriber: false, tierRank: 0 };
  const [sub, tiers] = await Promise.all([findSubscriber(services.database.db, c.userId), tiersOf(services.database.db)]);
  return { userId: c.userId, role: c.role, isSubscriber: subscriberStatus(sub, services.clock().toISOString()) === 'active', tierRank: tierRankOf(tiers, sub?.tier_id ?? null) };
}

/** The rank of a member's tier (null: the base tier, rank 0). */
/**
 * One post as this caller sees it, read in one statement with everything its view needs (the answer to a purchase or
 * an edit); undefined when the post does not exist or is deleted.
 */
export async function postViewFor(services: Services, caller: Caller | null | undefined, postId: string) {
  const b = await postBundle(services.database.db, postId, caller?.userId ?? null);
  if (!b) return undefined;
  return viewsOf(services, viewerAs(caller, b, services.clock().toISOString()), b)[0];
}

/** The viewer behind a caller whose membership runs until `memberUntil` (null: never a member) on `memberTier`. */
export function viewerAs(
  caller: Caller | null | undefined,
  m: { memberUntil: string | null; memberTier: string | null; tiers: Map<string, RequiredTier> },
  nowIso: string,
): Viewer {
  if (!caller) return { userId: null, role: null, isSubscriber: false, tierRank: 0 };
  return {
    userId: caller.userId, role: caller.role, isSubscriber: subscriberStatus(m.memberUntil ? { expires_at: m.memberUntil } : undefined, nowIso) === 'active',
    tierRank: tierRankOf(m.tiers, m.memberTier),
  };
}

/** Post rows → views for one viewer, with their media (and previews), the viewer's unlocks and likes in one round. */
export async function postViews(services: Services, viewer: Viewer, rows: PostRow[]) {
  const db = services.database.db;
  const mediaIds = new Set(rows.flatMap((r) => [...r.media.map((m) => m.mediaId), ...(r.preview_media_id ? [r.preview_media_id] : [])]));
  const [media, unlocked, settings, liked, tags, tiers] = await Promise.all([
    mediaByIds(db, [...mediaIds]),
    unlockedPostIds(db, viewer.userId, rows.map((r) => r.id)),
    currentSettings(db),
    likedPostIds(db, viewer.userId, rows.map((r) => r.id)),
    tagsOfPosts(db, rows.map((r) => r.id)),
    tiersOf(db),
  ]);
  return viewsOf(services, viewer, { rows, media, unlocked, liked, tags, settings, tiers });
}

/** The views of loaded posts: what this viewer may see of each, with signed URLs for what they are entitled to. */
export function viewsOf(
  services: Services,
  viewer: Viewer,
  b: {
    rows: PostRow[]; media: Map<string, MediaRow>; unlocked: Set<string>; liked: Set<string>; tags: Map<string, PostTag[]>; settings: SiteSettings;
    tiers: Map<string, RequiredTier>;
  },
) {
  const author = { name: b.settings.model_name, avatarUrl: b.settings.model_avatar_url };
  const nowMs = services.clock().getTime();
  return b.rows.map((r) =>
    postView(r, b.media, viewer, b.unlocked.has(r.id), {
      author, storage: services.storage, counts: visibleCounts(b.settings, viewer, r), nowMs, liked: b.liked.has(r.id), feedTags: b.tags.get(r.id) ?? [],
      tiers: b.tiers,
    }),
  );
}

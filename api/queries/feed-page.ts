// The feed page (GET /api/blogs, /api/blogs/all): one statement for the page and everything its views need
// (projections/feed-query.ts), with the fans' pages kept in memory while the read models are unchanged.
import type { z } from 'zod';
import type { PostPage } from '../../domain/post/wire';
import type { Viewer } from '../../domain/post/visibility';
import { feedBundle, viewerEntitlements, viewerPartOf, type FeedBundle, type FeedPage, type ViewerEntitlements } from '../../projections/feed-query';
import { subscriberStatus } from '../../projections/subscribers';
import { createReadCache, readCacheOptions } from '../read-cache';
import type { feedQuery } from '../schemas/post';
import type { Caller } from '../auth';
import { viewsOf } from './post-views';
import type { Services } from '../services';

export const FEED_PAGE_SIZE = 10;

export function feedPageReader(services: Services) {
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
  return async (c: Caller | null | undefined, { page_num, feed_tag_id }: z.infer<typeof feedQuery>, audience: 'fans' | 'staff'): Promise<PostPage> => {
    const now = services.clock();
    const nowIso = now.toISOString();
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
    const page: PostPage = {
      blogs: viewsOf(services, viewer, b),
      currentPage: page_num,
      totalPages: Math.max(1, Math.ceil(b.total / FEED_PAGE_SIZE)),
      totalPosts: b.total,
    };
    return page;
  };
}

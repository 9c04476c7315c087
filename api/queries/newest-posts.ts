// GET /api/blogs/newest: the newest posts a visitor may list (ids and publish times), the one answer every guest
// shares. Kept in memory until the projection runner applies anything or for at most a few seconds (a scheduled
// post appears by time, not by an event), with an ETag so a guest's poll is answered 304 while nothing changed.
import { createHash } from 'node:crypto';
import type { NewestPosts } from '../../domain/post/wire';
import { newestFanPosts } from '../../projections/posts';
import { createReadCache, readCacheOptions } from '../read-cache';
import type { Services } from '../services';

/** How many of the newest posts the answer names: more than a guest's pill shows at once. */
export const NEWEST_POSTS = 10;
/** The longest an answer is kept without an event: how late a scheduled post may reach a guest's pill. */
const KEEP_MS = 5_000;

export function newestPostsQuery(services: Services) {
  const cache = createReadCache<{ body: NewestPosts; etag: string }>({ ...readCacheOptions(services), ttlMs: KEEP_MS, maxEntries: 1 });
  return async (): Promise<{ body: NewestPosts; etag: string }> => {
    const nowMs = services.clock().getTime();
    const hit = cache.get('newest', nowMs);
    if (hit) return hit;
    const version = cache.version();
    const rows = await newestFanPosts(services.database.db, new Date(nowMs).toISOString(), NEWEST_POSTS);
    const body: NewestPosts = { posts: rows.map((r) => ({ _id: r.id, date: r.publishedAt })) };
    const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
    const answer = { body, etag };
    cache.set('newest', answer, version, nowMs, nowMs + KEEP_MS);
    return answer;
  };
}

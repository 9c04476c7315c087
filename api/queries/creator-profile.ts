// GET /api/creator/profile: the counts under the creator's name (posts, photos, videos, likes of what a fan's feed
// shows) and the creator's presence, unless the creator hides it. The counts are one aggregate over the posts read
// model, kept in memory until the projection runner applies anything (api/read-cache.ts) or the next scheduled post
// is due; the presence is one row.
import { sql } from 'kysely';
import type { CreatorProfile, CreatorProfileCounts } from '../../domain/creator/wire';
import { findCreatorPresence } from '../../projections/creator-presence';
import { currentSettings } from '../../projections/settings';
import { createReadCache, readCacheOptions } from '../read-cache';
import type { Services } from '../services';

export function creatorProfileQueries(services: Services) {
  const counts = createReadCache<CreatorProfileCounts>({ ...readCacheOptions(services), ttlMs: 5_000, maxEntries: 1 });
  const db = () => services.database.db;

  async function readCounts(nowMs: number): Promise<CreatorProfileCounts> {
    const hit = counts.get('all', nowMs);
    if (hit) return hit;
    const version = counts.version();
    const now = new Date(nowMs).toISOString();
    // What the fans' feed shows: processed, not deleted, due. Photos and videos are the items the posts hold.
    const r = await sql<{ posts: string | number; photos: string | number; videos: string | number; likes: string | number; next_due: Date | string | null }>`
      SELECT
        (SELECT count(*) FROM rm.posts p WHERE p.fan_visible = true AND p.publish_at <= ${now}::timestamptz) AS posts,
        (SELECT count(*) FROM rm.posts p, jsonb_array_elements(p.media) m WHERE p.fan_visible = true AND p.publish_at <= ${now}::timestamptz AND m->>'kind' = 'photo') AS photos,
        (SELECT count(*) FROM rm.posts p, jsonb_array_elements(p.media) m WHERE p.fan_visible = true AND p.publish_at <= ${now}::timestamptz AND m->>'kind' = 'video') AS videos,
        (SELECT COALESCE(sum(p.like_count), 0) FROM rm.posts p WHERE p.fan_visible = true AND p.publish_at <= ${now}::timestamptz) AS likes,
        (SELECT min(p.publish_at) FROM rm.posts p WHERE p.fan_visible = true AND p.publish_at > ${now}::timestamptz AND p.publish_at < 'infinity'::timestamptz) AS next_due
    `.execute(db());
    const row = r.rows[0];
    const value = { posts: Number(row.posts), photos: Number(row.photos), videos: Number(row.videos), likes: Number(row.likes) };
    // A scheduled post that becomes due changes the counts without an event.
    const nextDue = row.next_due ? new Date(row.next_due).getTime() : Number.POSITIVE_INFINITY;
    counts.set('all', value, version, nowMs, nextDue);
    return value;
  }

  return {
    async profile(): Promise<CreatorProfile> {
      const nowMs = services.clock().getTime();
      const [c, settings, presence] = await Promise.all([readCounts(nowMs), currentSettings(db()), findCreatorPresence(db())]);
      return { counts: c, presence: settings.show_creator_presence ? presence : null };
    },
  };
}

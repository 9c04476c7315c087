// Read-model rows → the console's record shapes (domain/<area>/wire.ts), with signed links for staff.
import type { AdminMediaRecord } from '../../domain/media/wire';
import type { AdminPostRecord } from '../../domain/post/wire';
import { mediaByIds, type MediaRow } from '../../projections/media';
import { groupTotals, type PostRow } from '../../projections/posts';
import type { FileStorage } from '../../infra/storage/local-disk';
import { MEDIA_URL_TTL_SECONDS } from '../views';
import type { Services } from '../services';

const signed = (storage: FileStorage, key: string | null) => (key ? storage.signedGetUrl(key, MEDIA_URL_TTL_SECONDS) : '');

export function adminMedia(m: MediaRow, storage: FileStorage): AdminMediaRecord {
  return {
    id: m.id,
    kind: m.kind,
    file_name: m.file_name,
    content_type: m.content_type,
    size: m.size,
    width: m.width ?? 0,
    height: m.height ?? 0,
    url: signed(storage, m.original_key),
    thumbnail_url: signed(storage, m.thumbnail_key),
    blur_url: m.blur_key ? `/media/${m.blur_key}` : '',
    status: m.status,
    created_at: m.created_at,
  };
}

export function adminPost(
  p: PostRow,
  media: Map<string, MediaRow>,
  storage: FileStorage,
  nowMs: number,
  group: { revenueCents: number; versions: number } = { revenueCents: p.revenue_cents, versions: 1 },
): AdminPostRecord {
  const items = p.media.map((r) => media.get(r.mediaId)).filter((m): m is MediaRow => !!m);
  // From the post's own counts, which include its preview item (projections/posts.ts).
  const status = p.errored_media > 0
    ? 'error'
    : p.pending_media > 0
      ? 'processing'
      : new Date(p.publish_at).getTime() > nowMs
        ? 'scheduled'
        : 'published';
  return {
    id: p.id,
    caption: p.caption,
    visibility: p.visibility,
    price_cents: p.price_cents,
    blog_type: p.blog_type,
    media: items.map((m) => ({ id: m.id, kind: m.kind, url: signed(storage, m.original_key), thumbnail_url: signed(storage, m.thumbnail_key), blur_url: m.blur_key ? `/media/${m.blur_key}` : '' })),
    status,
    publish_at: p.publish_at,
    created_at: p.created_at,
    unlock_count: p.unlock_count,
    revenue_cents: p.revenue_cents,
    is_demo: p.is_demo,
    // Reporting groups reused posts with their older versions (a reused post is a new version of the same post).
    version_of: p.version_of,
    group_revenue_cents: group.revenueCents,
    group_versions: group.versions,
    preview_media_id: p.preview_media_id,
    category_id: p.category_id,
    min_tier_id: p.min_tier_id ?? null,
  };
}

/** Posts as console records, with their media and their reuse groups' totals read in one round. */
export async function adminPostRecords(services: Services, rows: PostRow[]): Promise<AdminPostRecord[]> {
  const db = services.database.db;
  const [media, groups] = await Promise.all([
    mediaByIds(db, [...new Set(rows.flatMap((r) => r.media.map((m) => m.mediaId)))]),
    groupTotals(db, rows.map((r) => r.root_post_id)),
  ]);
  const nowMs = services.clock().getTime();
  return rows.map((r) => adminPost(r, media, services.storage, nowMs, groups.get(r.root_post_id)));
}

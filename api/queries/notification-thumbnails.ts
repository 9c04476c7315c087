// The picture beside each notification in the bell and on the notifications page: a post's thumbnail as this
// reader may see it (the item itself when entitled, else its preview or the blurred copy the feed shows everyone),
// and the creator's avatar for the creator's news (a post without a picture, a live stream, an offer).
import type { FastifyRequest } from 'fastify';
import type { NotificationView } from '../../projections/notifications';
import { findPosts, isVisibleToFans } from '../../projections/posts';
import { currentSettings } from '../../projections/settings';
import { isStaffRole } from '../../domain/shared/wire';
import type { PostView } from '../../domain/post/wire';
import { postViews, viewerOf } from './post-views';
import type { Services } from '../services';

/** The thumbnail a post view offers its reader: an item's own, the locked post's preview, or the blurred copy. */
export function postThumbnail(view: PostView): string | null {
  const items = [...(view.media_preview ? [view.media_preview] : []), ...view.media];
  return items.find((m) => m.thumbnail_url)?.thumbnail_url ?? items.find((m) => m.blur_url)?.blur_url ?? null;
}

const CREATOR_NEWS = new Set(['post', 'live', 'live_ended', 'promotion', 'reply']);

export async function withThumbnails(services: Services, request: FastifyRequest, rows: NotificationView[]): Promise<Array<NotificationView & { thumbnail_url: string | null }>> {
  const db = services.database.db;
  const postIds = [...new Set(rows.flatMap((r) => (r.post_id ? [r.post_id] : [])))];
  const viewer = await viewerOf(services, request);
  const nowMs = services.clock().getTime();
  const [posts, settings] = await Promise.all([findPosts(db, postIds), currentSettings(db)]);
  const seen = posts.filter((p) => isStaffRole(viewer.role) || isVisibleToFans(p, nowMs));
  const views = seen.length ? await postViews(services, viewer, seen) : [];
  const thumbs = new Map(views.map((v) => [v._id, postThumbnail(v)]));
  const avatar = settings.model_avatar_url || null;
  return rows.map((r) => ({
    ...r,
    thumbnail_url: (r.post_id ? thumbs.get(r.post_id) : null) ?? (CREATOR_NEWS.has(r.action) ? avatar : null),
  }));
}

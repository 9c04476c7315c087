// Who may see what of a post. Pure: the caller supplies the viewer's standing.
import type { PostVisibility } from './wire';
import { isStaffRole, type Role } from '../shared/wire';

export interface Viewer {
  userId: string | null;
  role: Role | null;
  /** Subscription status '1' or '2' and not lapsed. */
  isSubscriber: boolean;
}

export interface PostAccess {
  /** The viewer may see the originals. */
  entitled: boolean;
  captionBlur: boolean;
  cta: 'register' | 'subscribe' | 'unlock' | null;
}

export function postAccess(
  post: { visibility: PostVisibility },
  viewer: Viewer,
  unlockedByViewer: boolean,
): PostAccess {
  const staff = isStaffRole(viewer.role);
  if (staff || post.visibility === 'public') return { entitled: true, captionBlur: false, cta: null };
  if (!viewer.userId) return { entitled: false, captionBlur: true, cta: 'register' };
  if (post.visibility === 'private') {
    return viewer.isSubscriber
      ? { entitled: true, captionBlur: false, cta: null }
      : { entitled: false, captionBlur: true, cta: 'subscribe' };
  }
  // Locked: bought posts are open to the buyer; members see the caption, everyone else is pointed to subscribe first.
  if (unlockedByViewer) return { entitled: true, captionBlur: false, cta: null };
  return viewer.isSubscriber
    ? { entitled: false, captionBlur: false, cta: 'unlock' }
    : { entitled: false, captionBlur: true, cta: 'subscribe' };
}

/**
 * Whether the viewer may open the original (and thumbnail) of one media item of the post: everything when
 * entitled; otherwise only the preview item a locked post shows to everyone.
 */
export function mayOpenMedia(
  post: { visibility: PostVisibility; preview_media_id: string | null },
  access: Pick<PostAccess, 'entitled'>,
  mediaId: string,
): boolean {
  if (access.entitled) return true;
  return post.visibility === 'locked' && post.preview_media_id === mediaId;
}

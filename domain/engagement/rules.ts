// Who may see and do what with likes and comments. Pure: the caller supplies the viewer's
// standing, the post access (postAccess().entitled) and the settings.
import type { Viewer } from '../post/visibility';
import { isStaffRole } from '../shared/wire';
import type { EngagementVisibility } from './wire';

export interface EngagementSettings {
  is_feed_like_enabled: boolean;
  is_feed_comment_enabled: boolean;
  like_visibility: EngagementVisibility;
  comment_visibility: EngagementVisibility;
}

export interface EngagementRights {
  /** Like count and the like button are shown. */
  showLikes: boolean;
  canLike: boolean;
  /** Comments (and their count) are shown. */
  showComments: boolean;
  canComment: boolean;
}

/** 'everyone'; 'registered_and_subscribers' (status 0, 1 or 2: every signed-in fan); 'subscribers' (status 1 or 2). */
export function visibleTo(setting: EngagementVisibility, viewer: Viewer): boolean {
  if (isStaffRole(viewer.role)) return true; // admin is always allowed
  switch (setting) {
    case 'everyone':
      return true;
    case 'registered_and_subscribers':
      return viewer.userId !== null;
    case 'subscribers':
      return viewer.isSubscriber;
  }
}

export function engagementRights(
  settings: EngagementSettings,
  viewer: Viewer,
  /** The viewer may see the post's content (public, subscriber on private, unlocked locked post, staff). */
  entitled: boolean,
  blockedFromCommenting = false,
): EngagementRights {
  const staff = isStaffRole(viewer.role);
  // Acting needs a session of one's own: a proxy session looks, never acts (the route table says so too).
  const mayAct = viewer.userId !== null && viewer.role !== 'proxy_user' && (staff || entitled);
  const showLikes = settings.is_feed_like_enabled && visibleTo(settings.like_visibility, viewer);
  const showComments = settings.is_feed_comment_enabled && visibleTo(settings.comment_visibility, viewer);
  return {
    showLikes,
    canLike: showLikes && mayAct,
    showComments,
    canComment: showComments && mayAct && (staff || !blockedFromCommenting),
  };
}

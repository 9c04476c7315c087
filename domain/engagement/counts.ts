// Whether a viewer sees a post's like and comment counts.
// Pure: the caller supplies the settings, the viewer and the post's visibility.
import { visibleTo, type EngagementSettings } from './rules';
import type { PostVisibility } from '../post/wire';
import { isStaffRole } from '../shared/wire';
import type { Viewer } from '../post/visibility';

export interface CountSettings extends EngagementSettings {
  /** Off: private and locked posts hide their like count from fans. */
  enable_like_count_for_private_locked_post: boolean;
  enable_comment_count_for_private_locked_post: boolean;
}

export interface VisibleCounts {
  likes: boolean;
  comments: boolean;
}

export function visibleCounts(settings: CountSettings, viewer: Viewer, post: { visibility: PostVisibility }): VisibleCounts {
  // Staff run the site from these numbers: they always see them.
  if (isStaffRole(viewer.role)) return { likes: true, comments: true };
  const members = post.visibility !== 'public';
  return {
    likes:
      settings.is_feed_like_enabled && visibleTo(settings.like_visibility, viewer) && (!members || settings.enable_like_count_for_private_locked_post),
    comments:
      settings.is_feed_comment_enabled &&
      visibleTo(settings.comment_visibility, viewer) &&
      (!members || settings.enable_comment_count_for_private_locked_post),
  };
}

/** The counts as the wire carries them: the number, or null when hidden from this viewer. */
export const countsFor = (visible: VisibleCounts, post: { likes: number; comments: number }) => ({
  total_likes: visible.likes ? post.likes : null,
  total_comments: visible.comments ? post.comments : null,
});

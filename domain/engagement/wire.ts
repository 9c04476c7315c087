// Wire shapes of the likes and comments calls, shared by the server and the fan site.
// Envelope and errors as in domain/shared/wire.ts. Every call is a POST with a JSON body.

export const ENGAGEMENT_VISIBILITIES = ['everyone', 'registered_and_subscribers', 'subscribers'] as const;
export type EngagementVisibility = (typeof ENGAGEMENT_VISIBILITIES)[number];

export const COMMENTS_PAGE_SIZE = 20;

/** POST /api/blog/get-blog-info { blog_id } → data */
export interface PostEngagementInfo {
  blog_id: string;
  /** null when the settings hide likes from this viewer. */
  total_likes: number | null;
  /** null when the settings hide comments from this viewer. */
  total_comments: number | null;
  user_feed_like: boolean;
  is_feed_like_enabled: boolean;
  is_feed_comment_enabled: boolean;
  show_likes: boolean;
  show_comments: boolean;
  can_like: boolean;
  can_comment: boolean;
  is_blocked_from_commenting: boolean;
}

/** One comment. Hidden comments reach staff only (with is_hidden true). */
export interface CommentView {
  _id: string;
  blog_id: string;
  comment: string;
  user: { _id: string; name: string };
  created_at: string;
  is_hidden: boolean;
  /** Written by the viewer. */
  is_own: boolean;
  /** The viewer may remove it (own comment, or staff). */
  can_remove: boolean;
}

/** POST /api/blog/get-blog-comment { blog_id, page_num? } → data (oldest first: newest last) */
export interface CommentPage {
  comments: CommentView[];
  currentPage: number;
  totalPages: number;
  totalComments: number;
}

/** POST /api/blog/like-dislike { blog_id, like?: boolean } → data (`like` absent toggles) */
export interface LikeResult {
  blog_id: string;
  user_feed_like: boolean;
  total_likes: number;
}

// POST /api/blog/save-blog-comment { blog_id, comment } → 201, data: CommentView
// POST /api/blog/remove-blog-comment { blog_id, comment_id } → data: { comment_id, blog_id, total_comments }
// POST /api/blog/hide-blog-comment { blog_id, comment_id, hidden?: boolean (default true) } → data: CommentView
// POST /api/blog/block-user-from-commenting { user_id, blocked?: boolean (default true) } → data: { user_id, blocked }

// Wire shapes of posts: the feed, creating, editing, reusing and reviewing posts, and the console's post records.
// Shared by the server and both apps; envelope and errors as in domain/shared/wire.ts.
import type { MediaKind } from '../media/wire';

/** One media item of a post, as the viewer is entitled to see it. */
export interface PostMediaView {
  _id: string;
  content_type: MediaKind;
  /** Signed, short-lived URL of the original; null when the viewer is not entitled (locked/private). */
  url: string | null;
  thumbnail_url: string | null; // null when not entitled
  blur_url: string; // always available: the blurred preview
  width: number;
  height: number;
  video_duration: number | null;
}

export type PostVisibility = 'public' | 'private' | 'locked';

/** GET /api/blogs → data.blogs[], GET /api/blog/get-blog-data-by-id → data */
// A type alias, not an interface: the purchase answers' zod shapes (records) take it as it is.
export type PostView = {
  _id: string;
  description: string;
  /** Caption is blurred (hidden) for viewers who cannot see the post. */
  captionBlur: boolean;
  visibility: PostVisibility;
  public: boolean;
  isLocked: boolean; // locked for THIS viewer (not entitled)
  is_unlocked: boolean; // this viewer bought it
  amount: number; // price in dollars (locked posts), 0 otherwise
  amount_cents: number;
  date: string; // ISO publish time
  /** false: scheduled for later (only staff see such posts, in GET /api/blogs/all). */
  is_published: boolean;
  /** Some item is still being processed: hidden from fans; staff see 'This post is under process. …'. */
  processing: boolean;
  /** Some item failed processing: hidden from fans; staff see the error text and Review And Post. */
  isError: boolean;
  /** Positions in `media` of the items that failed. */
  gallery_process_error_index: number[];
  is_demo: boolean;
  /** Each item; `url`/`thumbnail_url` are null unless the viewer is entitled, or the item is the locked post's preview. */
  media: PostMediaView[];
  /** A locked post's preview item, shown unblurred to everyone (signed original and thumbnail); null without one. */
  media_preview: PostMediaView | null;
  isPreviewEnable: boolean;
  /** A library category id, or null. */
  category_id: string | null;
  /** Reuse: the root post this post is a version of; null for an original. */
  version_of: string | null;
  blogType: 'text' | 'photo' | 'video' | 'gallery';
  /** null when the settings hide the count from this viewer; staff always get numbers. */
  total_likes: number | null;
  total_comments: number | null;
  /** The viewer likes this post (false for guests). */
  user_feed_like: boolean;
  user: { name: string; avatarUrl: string | null };
  /**
   * What the viewer can do to see it: 'register' (guest), 'subscribe' (user), 'unlock' (locked), 'upgrade' (a member
   * of a lower tier than required_tier), null.
   */
  cta: 'register' | 'subscribe' | 'unlock' | 'upgrade' | null;
  /** The lowest membership tier that sees the post; null (or absent): every subscriber. */
  required_tier?: { tier_id: string; name: string } | null;
  /** The post's feed tags (id, slug and name on read). */
  feed_tags?: { _id: string; slug: string; name: string }[];
};

export interface PostPage {
  blogs: PostView[];
  currentPage: number;
  totalPages: number;
  totalPosts: number;
}

/**
 * GET /api/blogs/newest (public): the newest posts any visitor may list, ids and publish times only, newest first.
 * A guest's site polls it with If-None-Match (304 while nothing changed) to offer "N new posts".
 */
export interface NewestPosts {
  posts: { _id: string; date: string }[];
}

/**
 * POST /api/blogs (and /admin-api/posts) body → { message, data: { _id } }. message: 'Content posted successfully.',
 * or 'The uploaded post is being processed and will be visible in some time.' while an item is processing.
 */
export interface PostCreateRequest {
  caption?: string;
  description?: string; // the spec's name for the caption
  visibility: PostVisibility;
  amount?: number; // whole dollars within the unlock bounds (locked only)
  media_ids: string[];
  /** Locked posts only: ONE item (one of media_ids or another library item) shown unblurred to everyone. */
  preview_media_id?: string | null;
  category_id?: string | null;
  /** Feed tag ids to tag the post with. */
  feed_tags?: string[];
  /** Schedule: ISO date, not in the past. */
  publish_at?: string;
  /** Private and locked posts: the lowest membership tier that sees it; null, '' or 'base': every subscriber. */
  min_tier_id?: string | null;
}

/** POST /api/blogs/edit → { message: 'Post updated successfully.', data: PostView } */
export interface PostEditRequest {
  postId: string;
  description: string;
  /** Unlocked posts only; 'public' only when enable_public_post. */
  isPublicPost?: 'private' | 'public';
  /** Locked posts only: the preview item; null removes it. */
  media_preview_item?: string | null;
  /** The lowest membership tier that sees it; null: every subscriber; absent keeps it. */
  min_tier_id?: string | null;
}

/**
 * POST /api/blog/reuse-blog → { success: 1, message, data: { reuseBlog: { udid } } } (udid: the new post's id).
 * The new post is a version in the reused post's group: whoever bought any version sees every version unlocked.
 */
export interface PostReuseRequest {
  _id: string;
  description: string;
  /** Locked posts: whole dollars within tips_minimum_amount..tips_maximum_amount; default: the reused post's price. */
  amount?: number;
  /** Schedule (ISO, not in the past). */
  date?: string;
  /** Keep the reused post's publish date (it does not go to the top); `date` is then ignored. */
  keep_original_date?: boolean;
  /** Default: the reused post's media. */
  media_item?: string[];
  /** Default: the reused post's preview; null: none. */
  media_preview_item?: string | null;
  /** Default: the reused post's tags. */
  feed_tags?: string[];
}

/** POST /api/blog/post-reviewed-blog (a post in error only) → { message: 'Content reviewed successfully.', data: { _id } } */
export interface PostReviewRequest {
  blog_id: string;
  description: string;
  /** The post's media without the errored items, plus re-uploads. */
  media: string[];
  /** Default: the current preview unless it failed; null: none. */
  media_preview?: string | null;
  amount?: number;
  feed_tags?: string[];
}

export interface AdminPostRecord {
  id: string;
  caption: string;
  visibility: PostVisibility;
  price_cents: number; // 0 unless locked
  blog_type: PostView['blogType'];
  media: { id: string; kind: MediaKind; url: string; thumbnail_url: string; blur_url: string }[];
  status: 'processing' | 'published' | 'scheduled' | 'error';
  publish_at: string;
  created_at: string;
  unlock_count: number;
  revenue_cents: number;
  is_demo: boolean;
  // Fields added later (always sent by the server; optional so console fixtures written before them stay valid):
  /** Reuse: the root post this post is a version of (null for an original); reporting groups by version_of ?? id. */
  version_of?: string | null;
  /** Revenue of the whole reuse group (this post, its root and every version, deleted ones included). */
  group_revenue_cents?: number;
  /** Posts in the reuse group (1 when never reused). */
  group_versions?: number;
  preview_media_id?: string | null;
  category_id?: string | null;
  /** The lowest membership tier that sees it (null: every subscriber). */
  min_tier_id?: string | null;
}

/** POST /admin-api/posts body. `amount` is whole dollars within the unlock bounds (locked posts only). */
export interface AdminPostCreate {
  caption: string;
  visibility: PostVisibility;
  amount?: number;
  media_ids: string[];
  preview_media_id?: string | null;
  category_id?: string | null;
  feed_tags?: string[];
  publish_at?: string;
  min_tier_id?: string | null;
}

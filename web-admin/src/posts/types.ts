// Shapes the console's post screens read. The server's wire types (domain/post/wire.ts) are the source;
// the fields the issue-4 routes add (versions, tags, category, preview) are read optionally so that the
// console keeps working against a server that does not send them yet.
import type { AdminMediaRecord, MediaKind } from '../../../domain/media/wire';
import type { AdminPostRecord, PostView, PostVisibility } from '../../../domain/post/wire';

/** A row of GET /admin-api/posts, with the optional fields of reused posts and tags. */
export type ConsolePost = AdminPostRecord & {
  /** The post this one was reused from. */
  version_of?: string | null;
  /** Posts in the reuse group (1 when never reused) and their revenue together. */
  group_versions?: number;
  group_revenue_cents?: number;
  preview_media_id?: string | null;
  category_id?: string | null;
  feed_tags?: TagRef[];
};

export interface TagRef {
  _id?: string;
  id?: string;
  name: string;
  slug?: string;
}

/** One media item of a full post (GET /api/blog/get-blog-data-by-id), with the optional processing flags. */
export type FullPostMedia = PostView['media'][number] & {
  status?: 'processing' | 'ready' | 'error';
  is_error?: boolean;
  isError?: boolean;
  processing?: boolean;
};

/** GET /api/blog/get-blog-data-by-id → data, as staff read it. */
export type FullPost = Omit<PostView, 'media'> & {
  media: FullPostMedia[];
  media_preview?: FullPostMedia | null;
  media_preview_item?: string | null;
  category_id?: string | null;
  feed_tags?: TagRef[];
  version_of?: string | null;
};

/** A category of the media library (GET /api/media/category). */
export interface MediaCategory {
  _id: string;
  name: string;
  slug: string;
}

/** One entry of the composer's gallery: a new file to upload, or a media item picked from the library. */
export type ComposerItem =
  | { key: string; source: 'file'; file: File; kind: MediaKind | null }
  | { key: string; source: 'library'; media: AdminMediaRecord; kind: MediaKind };

export type UploadSource = 'library' | 'upload';

export type { PostVisibility };

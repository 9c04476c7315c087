// The spec's post calls as the console makes them. Every answer is the /api envelope; the
// server's message is what the screens show.
import type {
  PostCreateRequest,
  PostEditRequest,
  PostReuseRequest,
  PostReviewRequest,
} from '../../../domain/post/wire';
import type { FeedTagList, FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { normaliseTagName } from '../../../domain/feed-tag/feed-tag';
import { api, ifMatch } from '../api';
import type { FullPost, MediaCategory } from './types';

export type CreateBlogBody = PostCreateRequest;

export async function createBlog(body: CreateBlogBody) {
  const r = await api<{ _id: string }>('/api/blogs', { body });
  return { id: r.data?._id, message: r.message || 'Content posted successfully.' };
}

export async function getBlog(id: string): Promise<FullPost> {
  const r = await api<FullPost>(`/api/blog/get-blog-data-by-id?id=${encodeURIComponent(id)}`);
  return r.data;
}

/**
 * The post for the edit dialog with the version it is at: read first (the server answers it once its read models
 * have it), so the post shown is never older than the version the save is pinned to. A role that may not read
 * the console record edits without a version, as before.
 */
export async function getBlogForEdit(id: string): Promise<FullPost & { version?: number }> {
  const version = await api<never>(`/admin-api/posts/${encodeURIComponent(id)}`)
    .then(r => (r as unknown as { version?: unknown }).version)
    .catch(() => undefined);
  const post = await getBlog(id);
  return typeof version === 'number' ? { ...post, version } : post;
}

export type EditBlogBody = PostEditRequest;

/** Saves the edit; with the version the dialog loaded, someone else's save in between is refused (412, its message). */
export const editBlog = async (body: EditBlogBody, version?: number) =>
  (await api<unknown>('/api/blogs/edit', { body, headers: ifMatch(version) })).message ||
  'Post updated successfully.';

export type ReuseBlogBody = PostReuseRequest;

export async function reuseBlog(body: ReuseBlogBody) {
  const r = await api<{ reuseBlog?: { udid?: string; message?: string } }>('/api/blog/reuse-blog', { body });
  return { message: r.message || 'Post updated successfully.', udid: r.data?.reuseBlog?.udid };
}

export type ReviewBlogBody = PostReviewRequest;

export const reviewBlog = async (body: ReviewBlogBody) =>
  (await api<unknown>('/api/blog/post-reviewed-blog', { body })).message || 'Content reviewed successfully.';

export const deleteBlog = async (id: string) => (await api<unknown>('/api/blogs/delete', { body: { id, requestFrom: 'admin' } })).message || 'Post deleted.';

export const rotateImage = async (id: string, angle: -90 | 90, imageIndex: number) =>
  (await api<unknown>('/api/upload/rotate_image', { body: { id, type: 'blog', rotate_angle: angle, imageIndex } })).message || 'Image rotated successfully.';

export const refreshBlur = async (id: string) =>
  (await api<unknown>('/api/upload/refresh_blur_picture', { body: { id, type: 'blog' } })).message || 'Blur image refreshed.';

export const sendVideoProcessRequest = async (id: string) =>
  (
    await api<unknown>('/api/admin/send_video_process_request', {
      body: { id, videoFrom: 'blog', shouldGenerateBlurImage: true, isMassMessage: false },
    })
  ).message || 'Video processing request sent.';

// ---- tags --------------------------------------------------------------------------------------------

export async function listTags(): Promise<FeedTagView[]> {
  const r = await api<FeedTagList>('/api/feed-tags/', { body: {} });
  return r.data?.feed_tags ?? [];
}

export async function saveTag(name: string, id?: string) {
  const n = normaliseTagName(name);
  const r = await api<{ feed_tags: FeedTagView[]; feed_tag: FeedTagView | null }>('/api/feed-tags/add-or-update', {
    body: { ...(id ? { id } : {}), name: n, slug: n },
  });
  return { tags: r.data?.feed_tags ?? [], tag: r.data?.feed_tag ?? null, message: r.message ?? '' };
}

export async function deleteTag(id: string) {
  const r = await api<{ feed_tags: FeedTagView[] }>(`/api/feed-tags/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return { tags: r.data?.feed_tags ?? [], message: r.message ?? '' };
}

export async function setPostTags(blogId: string, feedTags: string[]) {
  const r = await api<unknown>('/api/feed-tags/add-or-remove-tag', { body: { feedTags, blogId } });
  return r.message || 'Tags updated successfully';
}

// ---- categories ----------------------------------------------------------------------------------------

type RawCategory = Partial<MediaCategory> & { id?: string };

/** GET /api/media/category: `data` is the list, or `{ categories }`; ids as `_id` or `id`. */
export async function listCategories(): Promise<MediaCategory[]> {
  const r = await api<RawCategory[] | { categories?: RawCategory[] }>('/api/media/category');
  const raw = Array.isArray(r.data) ? r.data : (r.data?.categories ?? []);
  return raw
    .map(c => ({ _id: String(c._id ?? c.id ?? ''), name: String(c.name ?? ''), slug: String(c.slug ?? c.name ?? '').toLowerCase() }))
    .filter(c => c._id);
}

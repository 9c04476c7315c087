// The media library's calls (contracts in domain/media/wire.ts, "Content Manager"). Errors carry the
// server's message; the callers fall back to the spec's defaults when there is none.
import type { MediaCategoryRecord, MediaLibraryPage, MediaLibraryQuery } from '../../../domain/media/wire';
import { api, ApiRequestError } from '../api';
import { uploadMedia, type PendingMedia } from '../upload';

/** The spec's fallback texts for when the server gave none. */
export const LIBRARY_ERRORS = {
  get: 'Error occurred while get media',
  add: 'Error while add new category',
  update: 'Error while update category',
  remove: 'Error while remove media',
  assign: 'Error while add category in media',
  save: 'Error occurred while saving media',
} as const;

/** The server's message when it sent one, else the spec's default for the action. */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError) || !error.message) return fallback;
  // 0: offline or unreachable (the helper's own text); 4xx: the server's message; 5xx: ours.
  return error.status < 500 ? error.message : fallback;
}

type CategoriesAnswer = { categories: MediaCategoryRecord[]; category?: MediaCategoryRecord | null };

export const libraryApi = {
  categories: async () => (await api<MediaCategoryRecord[]>('/api/media/category')).data,
  createCategory: async (name: string) => {
    const r = await api<CategoriesAnswer>('/api/media/category', { body: { name } });
    return { ...r.data, message: r.message };
  },
  renameCategory: async (id: string, name: string) => {
    const r = await api<CategoriesAnswer>('/api/media/category/update', { body: { id, name } });
    return { ...r.data, message: r.message };
  },
  deleteCategory: async (id: string) => {
    const r = await api<CategoriesAnswer>('/api/media/category/delete', { body: { id } });
    return { ...r.data, message: r.message };
  },
  page: async (query: MediaLibraryQuery, signal?: AbortSignal) => (await api<MediaLibraryPage>('/api/media/get', { body: query, signal })).data,
  assign: async (categoryId: string, mediaIds: string[]) => {
    const r = await api<CategoriesAnswer>('/api/media/add-media-from-category', { body: { category_id: categoryId, media_ids: mediaIds } });
    return { ...r.data, message: r.message };
  },
  takeOut: async (categoryId: string, mediaIds: string[]) => {
    const r = await api<CategoriesAnswer>('/api/media/remove-media-from-category', { body: { category_id: categoryId, media_ids: mediaIds } });
    return { ...r.data, message: r.message };
  },
  remove: async (mediaIds: string[]) => {
    const r = await api<{ removed: string[] }>('/api/media/remove-media', { body: { mediaIds } });
    return { ...r.data, message: r.message };
  },
  /**
   * One file through the shared upload helper (presign → PUT with progress → POST /api/media), then into the
   * open category (a uuid; none for the reserved ones). Returns the new media id.
   */
  uploadOne: async (item: PendingMedia, categoryId: string | null): Promise<string> => {
    const [id] = await uploadMedia([item]);
    if (categoryId) await api('/api/media/add-media-from-category', { body: { category_id: categoryId, media_ids: [id] } });
    return id;
  },
};

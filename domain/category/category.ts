// Media categories of the Content Manager: the creator's folders for the media library.
// ONE stream (`media-categories`) holds the whole catalogue and which media each category holds, so a name is
// unique by construction (two writers racing for the same name conflict on the expected revision and the second
// is decided again). A media item may sit in several categories. 'All Media' and 'Preview' are not stored: they
// are views over the library that always exist and can be neither renamed, deleted nor assigned to.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const MEDIA_CATEGORIES_STREAM = 'media-categories';

/** The server's limit on a category name. */
export const CATEGORY_NAME_MAX = 100;
/** The console's input is capped lower than the server. */
export const CATEGORY_INPUT_MAX = 30;

/** The spec's texts. */
export const CATEGORY_MESSAGES = {
  required: 'Name is required',
  tooLong: `Name cannot be more than ${CATEGORY_NAME_MAX} characters.`,
  inputTooLong: `Category name cannot be more than ${CATEGORY_INPUT_MAX} characters`,
  duplicate: 'Name already exist. Please add another category.',
  reservedName: 'Invalid Category',
  invalidRequest: 'Invalid Request',
  added: 'Category added successfully.',
  updated: 'Category updated successfully.',
  deleted: 'Category deleted successfully.',
  mediaAdded: 'Media added to category successfully.',
  mediaTakenOut: 'Media removed from category successfully.',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name} category?`,
  noCategories: 'No category added',
  noCategoryToPick: 'No Category Available',
  emptyCategory: 'Empty',
} as const;

/** The two categories every library has (reserved slugs 'all media' and 'preview'). */
export const ALL_MEDIA = { id: 'all-media', name: 'All Media', slug: 'all media' } as const;
export const PREVIEW = { id: 'preview', name: 'Preview', slug: 'preview' } as const;
export const RESERVED_CATEGORIES = [ALL_MEDIA, PREVIEW] as const;

export const isReservedCategoryId = (id: string): boolean => RESERVED_CATEGORIES.some((c) => c.id === id);
const isReservedSlug = (slug: string) => RESERVED_CATEGORIES.some((c) => c.slug === slug);

/** Names keep the creator's capitals; the slug is the lower-cased trimmed name. */
export const normaliseCategoryName = (name: string): string => name.trim();
export const categorySlug = (name: string): string => name.trim().toLowerCase();

/** The name rule both the console and the server apply; undefined when acceptable. */
export function categoryNameProblem(name: string): string | undefined {
  const n = normaliseCategoryName(name);
  if (n === '') return CATEGORY_MESSAGES.required;
  if (n.length > CATEGORY_NAME_MAX) return CATEGORY_MESSAGES.tooLong;
  if (isReservedSlug(categorySlug(n))) return CATEGORY_MESSAGES.reservedName;
  return undefined;
}

export type CategoryEvent =
  | DomainEvent<'MediaCategoryCreated', { categoryId: string; name: string; slug: string; createdAt: string }>
  | DomainEvent<'MediaCategoryRenamed', { categoryId: string; name: string; slug: string }>
  /** The media stay in the library (and in their other categories); only the folder goes. */
  | DomainEvent<'MediaCategoryDeleted', { categoryId: string; deletedAt: string }>
  /** `mediaIds`: only those not already in the category. */
  | DomainEvent<'MediaAddedToCategory', { categoryId: string; mediaIds: string[]; at: string }>
  | DomainEvent<'MediaTakenOutOfCategory', { categoryId: string; mediaIds: string[] }>;

export type CategoryCommand =
  | { type: 'CreateCategory'; categoryId: string; name: string; at: string }
  | { type: 'RenameCategory'; categoryId: string; name: string }
  | { type: 'DeleteCategory'; categoryId: string; at: string }
  /** The caller has checked that every media item exists and is not removed (they live in their own streams). */
  | { type: 'AddMediaToCategory'; categoryId: string; mediaIds: string[]; at: string }
  | { type: 'TakeMediaOutOfCategory'; categoryId: string; mediaIds: string[] };

export interface Category {
  name: string;
  slug: string;
  deleted: boolean;
  media: Set<string>;
}

export interface CategoryState {
  categories: Map<string, Category>;
}

/** A live (not deleted, not reserved) category, or the spec's 'Invalid Request'. */
const existing = (state: CategoryState, categoryId: string, field: string): Category => {
  if (isReservedCategoryId(categoryId)) throw new DomainError(CATEGORY_MESSAGES.invalidRequest, 'RESERVED_CATEGORY', 400, { field });
  const category = state.categories.get(categoryId);
  if (!category || category.deleted) throw new DomainError(CATEGORY_MESSAGES.invalidRequest, 'CATEGORY_NOT_FOUND', 404, { field });
  return category;
};

const validName = (name: string): string => {
  const problem = categoryNameProblem(name);
  if (problem) throw new ValidationError('name', problem);
  return normaliseCategoryName(name);
};

/** Unique case-insensitively among categories that are not deleted. */
const nameTakenByOther = (state: CategoryState, slug: string, categoryId: string) =>
  [...state.categories].some(([id, c]) => id !== categoryId && !c.deleted && c.slug === slug);

const withMedia = (state: CategoryState, categoryId: string, change: (media: Set<string>) => void): CategoryState => {
  const c = state.categories.get(categoryId);
  if (!c) return state;
  const media = new Set(c.media);
  change(media);
  return { categories: new Map(state.categories).set(categoryId, { ...c, media }) };
};

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, CategoryState> = {
  initialState: () => ({ categories: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'MediaCategoryCreated':
        return { categories: new Map(state.categories).set(event.data.categoryId, { name: event.data.name, slug: event.data.slug, deleted: false, media: new Set() }) };
      case 'MediaCategoryRenamed': {
        const c = state.categories.get(event.data.categoryId);
        return c ? { categories: new Map(state.categories).set(event.data.categoryId, { ...c, name: event.data.name, slug: event.data.slug }) } : state;
      }
      case 'MediaCategoryDeleted': {
        const c = state.categories.get(event.data.categoryId);
        return c ? { categories: new Map(state.categories).set(event.data.categoryId, { ...c, deleted: true, media: new Set() }) } : state;
      }
      case 'MediaAddedToCategory':
        return withMedia(state, event.data.categoryId, (m) => event.data.mediaIds.forEach((id) => m.add(id)));
      case 'MediaTakenOutOfCategory':
        return withMedia(state, event.data.categoryId, (m) => event.data.mediaIds.forEach((id) => m.delete(id)));
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory': {
        const name = validName(command.name);
        if (state.categories.has(command.categoryId)) return [];
        const slug = categorySlug(name);
        if (nameTakenByOther(state, slug, command.categoryId)) throw new ValidationError('name', CATEGORY_MESSAGES.duplicate);
        return [{ type: 'MediaCategoryCreated', data: { categoryId: command.categoryId, name, slug, createdAt: command.at } }];
      }
      case 'RenameCategory': {
        const category = existing(state, command.categoryId, 'id');
        const name = validName(command.name);
        const slug = categorySlug(name);
        if (nameTakenByOther(state, slug, command.categoryId)) throw new ValidationError('name', CATEGORY_MESSAGES.duplicate);
        return category.name === name ? [] : [{ type: 'MediaCategoryRenamed', data: { categoryId: command.categoryId, name, slug } }];
      }
      case 'DeleteCategory':
        existing(state, command.categoryId, 'id');
        return [{ type: 'MediaCategoryDeleted', data: { categoryId: command.categoryId, deletedAt: command.at } }];
      case 'AddMediaToCategory': {
        const category = existing(state, command.categoryId, 'category_id');
        const mediaIds = [...new Set(command.mediaIds)].filter((id) => !category.media.has(id));
        return mediaIds.length ? [{ type: 'MediaAddedToCategory', data: { categoryId: command.categoryId, mediaIds, at: command.at } }] : [];
      }
      case 'TakeMediaOutOfCategory': {
        const category = existing(state, command.categoryId, 'category_id');
        const mediaIds = [...new Set(command.mediaIds)].filter((id) => category.media.has(id));
        return mediaIds.length ? [{ type: 'MediaTakenOutOfCategory', data: { categoryId: command.categoryId, mediaIds } }] : [];
      }
    }
  },
};

/** The live categories a media item sits in. */
export const categoriesOfMedia = (state: CategoryState, mediaId: string): string[] =>
  [...state.categories].filter(([, c]) => !c.deleted && c.media.has(mediaId)).map(([id]) => id);

// ---- numbers and labels the Content Manager shows -----------------------------------------------------------

/** Counts abbreviate thousands with K: 999 → '999', 1200 → '1.2K', 15000 → '15K'. */
export function countLabel(n: number): string {
  if (n < 1000) return String(n);
  const k = Math.floor(n / 100) / 10;
  return `${Number.isInteger(k) ? k.toFixed(0) : k.toFixed(1)}K`;
}

/** 'Today', 'Yesterday' or the date, judged in the viewer's calendar (`now` and `at` as Dates). */
export function dayLabel(at: Date, now: Date, format: (d: Date) => string): string {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(now) - day(at)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return format(at);
}

/** File sizes: base 1000 for photos and 1024 for videos. */
export function fileSizeLabel(bytes: number, kind: 'photo' | 'video'): string {
  const base = kind === 'video' ? 1024 : 1000;
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= base && i < units.length - 1) {
    v /= base;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** The library's page size (POST /api/media/get). */
export const LIBRARY_PAGE_SIZE = 30;

export const MEDIA_MESSAGES = {
  usedInPost: 'This media is used in a post and cannot be deleted.',
  removed: 'Media removed successfully',
  removeConfirm: 'Are you sure you want to delete the selected media?',
  noMedia: 'No Media Available',
} as const;

// The composer's and the post menu's rules as small pure functions; the
// messages are the spec's texts. The screens in this folder only call these.
import type { MediaKind } from '../../../domain/media/wire';
import type { PostVisibility } from '../../../domain/post/wire';
import type { PublicSettings } from '../../../domain/settings/wire';
import { mayCall } from '../access';
import type { ConsolePost, MediaCategory } from './types';

export const MAX_MEDIA = 45;
export const AMOUNT_INPUT_MIN = 5;
export const AMOUNT_INPUT_MAX = 450;
export const DEFAULT_AMOUNT = 20;
export const REVIEW_DEFAULT_AMOUNT = 5;

/** Accepted file types when picking. */
export const ACCEPT = 'image/png,image/jpeg,video/mp4,video/quicktime,.png,.jpg,.jpeg,.mp4,.mov';

export const MESSAGES = {
  selectMedia: 'Please Select Media',
  addCaption: 'Please Add Caption',
  onePreview: 'You can not add more than one preview.',
  previewFormat: 'Preview media format is not supported.',
  mediaFormat: 'Media format is not supported.',
  pastSchedule: 'Schedule date cannot be in the past.',
  posted: 'Content posted successfully.',
  postFailed: 'There was a problem in content post.',
  processing: 'The uploaded post is being processed and will be visible in some time.',
  underProcess: 'This post is under process. It will be visible once processing is completed.',
  videoError: 'Error: There was a problem with this video. Please try again.',
  galleryError: 'Error: There is problem in processing one or multiple content.',
  contentError: 'Error: There was a problem with this content. we will investigate and let you know.',
  deleteConfirm: 'Are you sure you want to delete this post?',
  rotateConfirm: 'Are you sure you want to rotate this image?',
  deleted: 'Post deleted.',
  updated: 'Post updated successfully.',
  reviewed: 'Content reviewed successfully.',
  blurRefreshed: 'Blur image refreshed.',
  videoRequested: 'Video processing request sent.',
  reuseFailed: 'There was a problem in reuse post.',
  rotateFailed: 'There was an error while rotating the image.',
  loadFailed: 'Something went wrong',
  noCategory: 'No Category Available',
  noTags: 'No Tags Available',
  oneContent: 'You can only select 1 content',
  onePreviewImage: 'maximum 1 images allowed',
} as const;

export const amountMessage = (min: number, max: number) => `Choose an amount between ${min} and ${max}`;
export const tooManyMessage = (n: number) => `You have selected ${n} images, maximum ${MAX_MEDIA} images allowed.`;
export const imageFormatMessage = (n: number) => `Image Number ${n} media format is not supported.`;
export const fileTooLargeMessage = (name: string) => `File ${name} size is too large.`;

// ---- files --------------------------------------------------------------------------------------------

const PHOTO_EXT = ['png', 'jpg', 'jpeg'];
const VIDEO_EXT = ['mp4', 'mov'];

export const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** photo / video by the file's extension (case-insensitive), or null for anything else. */
export function kindOfName(name: string): MediaKind | null {
  const ext = extensionOf(name);
  if (PHOTO_EXT.includes(ext)) return 'photo';
  if (VIDEO_EXT.includes(ext)) return 'video';
  return null;
}

/**
 * Format check of the new files. A single file must be a photo (PNG, JPG, JPEG) or a video (MOV,
 * MP4); in a gallery the first bad file is named by its 1-based position; a bad preview has its own message.
 */
export function formatError(names: readonly string[], role: 'media' | 'preview' = 'media'): string | undefined {
  const bad = names.findIndex(n => kindOfName(n) === null);
  if (bad < 0) return undefined;
  if (role === 'preview') return MESSAGES.previewFormat;
  return names.length === 1 ? MESSAGES.mediaFormat : imageFormatMessage(bad + 1);
}

export const sameFile = (a: { name: string; size: number }, b: { name: string; size: number }) =>
  a.name === b.name && a.size === b.size;

/** New files not already chosen (same name and size are duplicates), in the order picked. */
export function withoutDuplicates<F extends { name: string; size: number }>(existing: readonly F[], picked: readonly F[]): F[] {
  const out: F[] = [];
  for (const file of picked) if (!existing.some(e => sameFile(e, file)) && !out.some(e => sameFile(e, file))) out.push(file);
  return out;
}

export const tooMany = (count: number) => (count > MAX_MEDIA ? tooManyMessage(count) : undefined);

export function blogTypeOf(kinds: readonly (MediaKind | null)[]): 'text' | 'photo' | 'video' | 'gallery' {
  if (kinds.length === 0) return 'text';
  if (kinds.length > 1) return 'gallery';
  return kinds[0] === 'video' ? 'video' : 'photo';
}

// ---- amount ---------------------------------------------------------------------------------------------

export interface Bounds {
  min: number;
  max: number;
}

const finite = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The settings the rules read; the tips bounds only when the server sends them. */
export type RuleSettings = Partial<PublicSettings> & { tips_minimum_amount?: number; tips_maximum_amount?: number };

/** The effective unlock bounds: content_unlock_* for posts; reuse uses tips_* when the settings carry them. */
export function amountBounds(settings: RuleSettings, which: 'content' | 'tips' = 'content'): Bounds {
  const min = finite(settings.content_unlock_minimum_amount, AMOUNT_INPUT_MIN);
  const max = finite(settings.content_unlock_maximum_amount, AMOUNT_INPUT_MAX);
  if (which === 'tips') return { min: finite(settings.tips_minimum_amount, min), max: finite(settings.tips_maximum_amount, max) };
  return { min, max };
}

export type AmountCheck = { ok: true; value: number } | { ok: false; message: string; reset: number };

/** A whole number within the bounds; otherwise the spec's message and the value to reset to (the minimum). */
export function checkAmount(raw: unknown, { min, max }: Bounds): AmountCheck {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const n = typeof text === 'number' ? text : text === '' || text == null ? NaN : Number(text);
  if (!Number.isInteger(n) || n < min || n > max) return { ok: false, message: amountMessage(min, max), reset: min };
  return { ok: true, value: n };
}

// ---- schedule -------------------------------------------------------------------------------------------

export interface Schedule {
  /** YYYY-MM-DD, local time */
  date: string;
  hour: number; // 1..12
  minute: number; // 0..59
  ampm: 'AM' | 'PM';
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A date → the four schedule fields (local time). */
export function scheduleOf(d: Date): Schedule {
  const h = d.getHours();
  return { date: localDate(d), hour: h % 12 === 0 ? 12 : h % 12, minute: d.getMinutes(), ampm: h < 12 ? 'AM' : 'PM' };
}

/** Default schedule: tomorrow at the current time. */
export function defaultSchedule(now: Date): Schedule {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  return scheduleOf(d);
}

/** The schedule fields → a Date (local time), or null when a field is out of range. */
export function scheduleDate(s: Schedule): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.date);
  if (!m) return null;
  if (!Number.isInteger(s.hour) || s.hour < 1 || s.hour > 12) return null;
  if (!Number.isInteger(s.minute) || s.minute < 0 || s.minute > 59) return null;
  const hour24 = (s.hour % 12) + (s.ampm === 'PM' ? 12 : 0);
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour24, s.minute, 0, 0);
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/** Never in the past; an incomplete schedule is refused with the same message. */
export function scheduleError(s: Schedule, now: Date): string | undefined {
  const d = scheduleDate(s);
  return d && d.getTime() > now.getTime() ? undefined : MESSAGES.pastSchedule;
}

// ---- gallery: visibility, preview and reorder ------------------------------------------------------------

/**
 * The preview: one of the gallery's items (`index`, "Set as Preview") or a separate item in the Preview area.
 * Exactly one preview at most.
 */
export type Preview<T> = { type: 'index'; index: number } | { type: 'item'; item: T } | null;

export interface GalleryState<T> {
  items: T[];
  preview: Preview<T>;
  previewMode: boolean;
  reorder: boolean;
}

export const visibilityChoices = (settings: Pick<PublicSettings, 'enable_public_post'>): PostVisibility[] =>
  settings.enable_public_post ? ['locked', 'private', 'public'] : ['locked', 'private'];

/** Public and Private clear the preview and leave preview mode (preview is for Locked posts only). */
export function onVisibility<T>(state: GalleryState<T>, next: PostVisibility): GalleryState<T> {
  if (next === 'locked') return state;
  return { ...state, preview: null, previewMode: false };
}

/** Reorder mode needs more than one item. */
export const canReorder = (count: number) => count > 1;

/** Moves an item; the preview index follows the item it points at. */
export function moveItem<T>(state: GalleryState<T>, from: number, to: number): GalleryState<T> {
  const n = state.items.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return state;
  const items = [...state.items];
  const [moved] = items.splice(from, 1);
  items.splice(to, 0, moved);
  let preview = state.preview;
  if (preview?.type === 'index') {
    const i = preview.index;
    let next = i;
    if (i === from) next = to;
    else if (from < i && to >= i) next = i - 1;
    else if (from > i && to <= i) next = i + 1;
    preview = { type: 'index', index: next };
  }
  return { ...state, items, preview };
}

/** Removes an item: the preview index follows, and reorder mode turns itself off at one item. */
export function removeItem<T>(state: GalleryState<T>, index: number): GalleryState<T> {
  if (index < 0 || index >= state.items.length) return state;
  const items = state.items.filter((_, i) => i !== index);
  let preview = state.preview;
  if (preview?.type === 'index') {
    if (preview.index === index) preview = null;
    else if (preview.index > index) preview = { type: 'index', index: preview.index - 1 };
  }
  return { ...state, items, preview, reorder: state.reorder && canReorder(items.length) };
}

export type PreviewResult<T> = { ok: true; state: GalleryState<T> } | { ok: false; message: string };

/** Sets (or, with the same index, clears) a gallery item as the preview; a second preview is refused. */
export function togglePreviewIndex<T>(state: GalleryState<T>, index: number): PreviewResult<T> {
  if (state.preview?.type === 'index' && state.preview.index === index) return { ok: true, state: { ...state, preview: null } };
  if (state.preview) return { ok: false, message: MESSAGES.onePreview };
  return { ok: true, state: { ...state, preview: { type: 'index', index } } };
}

/** Adds separate preview items (files or library picks); more than one preview in all is refused. */
export function addPreviewItems<T>(state: GalleryState<T>, picked: readonly T[]): PreviewResult<T> {
  if (picked.length === 0) return { ok: true, state };
  if (state.preview || picked.length > 1) return { ok: false, message: MESSAGES.onePreview };
  return { ok: true, state: { ...state, preview: { type: 'item', item: picked[0] } } };
}

// ---- the whole composer ----------------------------------------------------------------------------------

export interface ComposerInput {
  caption: string;
  visibility: PostVisibility;
  amount: string | number;
  /** file names (new uploads) or null (library items) of the gallery, in order */
  media: readonly ({ name: string } | null)[];
  /** the separate preview: its file name, null for a library item; undefined when none */
  preview?: { name: string } | null;
  schedule: Schedule | null;
}

export type ComposerField = 'media' | 'caption' | 'amount' | 'preview' | 'schedule' | 'visibility';
export type ComposerErrors = Partial<Record<ComposerField, string>>;

/** All the composer's checks, in the order the spec lists them; the first key is the one to announce. */
export function validateComposer(
  input: ComposerInput,
  settings: RuleSettings,
  now: Date
): ComposerErrors {
  const errors: ComposerErrors = {};
  const count = input.media.length;
  if (count === 0) errors.media = MESSAGES.selectMedia;
  else if (count > MAX_MEDIA) errors.media = tooManyMessage(count);
  else {
    const names = input.media.map(m => (m ? m.name : 'library.jpg'));
    const bad = formatError(names);
    if (bad) errors.media = bad;
  }
  if (count > 1 && input.caption.trim() === '') errors.caption = MESSAGES.addCaption;
  if (!visibilityChoices({ enable_public_post: Boolean(settings.enable_public_post) }).includes(input.visibility)) {
    errors.visibility = 'Invalid Request';
  }
  if (input.visibility === 'locked') {
    const amount = checkAmount(input.amount, amountBounds(settings));
    if (!amount.ok) errors.amount = amount.message;
    if (input.preview) {
      const bad = formatError([input.preview.name], 'preview');
      if (bad) errors.preview = bad;
    }
  }
  if (input.schedule) {
    const bad = scheduleError(input.schedule, now);
    if (bad) errors.schedule = bad;
  }
  return errors;
}

export const firstError = (errors: ComposerErrors): string | undefined => Object.values(errors).find(Boolean);

// ---- categories ----------------------------------------------------------------------------------------

const HIDDEN_CATEGORY_SLUGS = ['all media', 'preview'];

/** The category picker hides the reserved 'all media' and 'preview' categories. */
export const pickableCategories = <C extends Pick<MediaCategory, 'slug' | 'name'>>(categories: readonly C[]) =>
  categories.filter(c => !HIDDEN_CATEGORY_SLUGS.includes(String(c.slug ?? c.name).trim().toLowerCase()));

// ---- the post list -------------------------------------------------------------------------------------

/** The status notice under a post (on the post card), or undefined when published/scheduled. */
export function statusNotice(post: Pick<ConsolePost, 'status' | 'blog_type'>): string | undefined {
  if (post.status === 'processing') return MESSAGES.underProcess;
  if (post.status !== 'error') return undefined;
  if (post.blog_type === 'video') return MESSAGES.videoError;
  if (post.blog_type === 'gallery') return MESSAGES.galleryError;
  return MESSAGES.contentError;
}

/** The API route behind each item of the post menu (a key of API_ACCESS): the menu offers what the server allows. */
export const POST_ACTION_ROUTES = {
  edit: 'POST /api/blogs/edit',
  tags: 'POST /api/feed-tags/add-or-remove-tag',
  refreshBlur: 'POST /api/upload/refresh_blur_picture',
  rotateLeft: 'POST /api/upload/rotate_image',
  rotateRight: 'POST /api/upload/rotate_image',
  reuse: 'POST /api/blog/reuse-blog',
  delete: 'POST /api/blogs/delete',
  videoProcess: 'POST /api/admin/send_video_process_request',
  review: 'POST /api/blog/post-reviewed-blog',
} as const;

export type PostAction = keyof typeof POST_ACTION_ROUTES;

export const POST_ACTION_LABELS: Record<PostAction, string> = {
  edit: 'Edit Post',
  tags: 'Add / remove Tags',
  refreshBlur: 'Refresh Blur Image',
  rotateLeft: 'Rotate Image Left',
  rotateRight: 'Rotate Image Right',
  reuse: 'Reuse Post',
  delete: 'Delete Post',
  videoProcess: 'Send Video Process Request',
  review: 'Review And Post',
};

/**
 * The menu items one role sees for one post. `mediaIndex` is the item on show (rotation acts on it).
 * Role limits come from the route table (decideAccess); the post decides the rest: rotation for photos,
 * video processing for videos, Review And Post for errored posts, Reuse for locked posts that are not
 * processing or failed. `may` is injectable for tests.
 */
export function postActions(
  role: unknown,
  post: Pick<ConsolePost, 'status' | 'visibility' | 'media' | 'blog_type'>,
  mediaIndex = 0,
  may: (role: unknown, route: string) => boolean = mayCall
): PostAction[] {
  const kinds = post.media.map(m => m.kind);
  const current = kinds[mediaIndex] ?? kinds[0];
  const settled = post.status === 'published' || post.status === 'scheduled';
  const wanted: PostAction[] = [
    'edit',
    'tags',
    ...(settled && kinds.length > 0 ? (['refreshBlur'] as const) : []),
    ...(current === 'photo' && post.status !== 'processing' ? (['rotateLeft', 'rotateRight'] as const) : []),
    ...(post.visibility === 'locked' && settled ? (['reuse'] as const) : []),
    ...(post.status === 'error' ? (['review'] as const) : []),
    ...(kinds.includes('video') && post.status !== 'processing' ? (['videoProcess'] as const) : []),
    'delete',
  ];
  return wanted.filter(a => may(role, POST_ACTION_ROUTES[a]));
}

/**
 * Version grouping (reused posts group with older versions): every post with the id of the
 * first post of its chain (`root`) and its version number, oldest = 1, given the posts known to the page.
 */
export function versionInfo<P extends Pick<ConsolePost, 'id' | 'version_of' | 'created_at'>>(posts: readonly P[]) {
  const byId = new Map(posts.map(p => [p.id, p]));
  const rootOf = (p: P): string => {
    let cur: P | undefined = p;
    const seen = new Set<string>();
    let root = p.version_of || p.id;
    while (cur && cur.version_of && !seen.has(cur.id)) {
      seen.add(cur.id);
      root = cur.version_of;
      cur = byId.get(cur.version_of);
    }
    return root;
  };
  const groups = new Map<string, P[]>();
  for (const p of posts) {
    const root = rootOf(p);
    groups.set(root, [...(groups.get(root) ?? []), p]);
  }
  const info = new Map<string, { root: string; version: number; count: number }>();
  for (const [root, members] of groups) {
    const sorted = [...members].sort((a, b) => a.created_at.localeCompare(b.created_at));
    // A chain whose original is not on this page: the originals count as earlier versions.
    const offset = byId.has(root) ? 0 : 1;
    sorted.forEach((p, i) => info.set(p.id, { root, version: i + 1 + offset, count: sorted.length + offset }));
  }
  return info;
}

// ---- reuse ---------------------------------------------------------------------------------------------

/** Reuse starts scheduled only when the post's date is in the future; then that date, else tomorrow now. */
export function reuseSchedule(postDate: string | null | undefined, now: Date): { on: boolean; schedule: Schedule } {
  const t = postDate ? Date.parse(postDate) : NaN;
  if (Number.isFinite(t) && t > now.getTime()) return { on: true, schedule: scheduleOf(new Date(t)) };
  return { on: false, schedule: defaultSchedule(now) };
}

/**
 * Version grouping for a page of the list: rows of one reuse group (`version_of ?? id`) are kept together at
 * the place of the group's first row; the rows after it are marked `nested`.
 */
export function groupVersions<P extends Pick<ConsolePost, 'id' | 'version_of'>>(rows: readonly P[]): { row: P; nested: boolean; group: string }[] {
  const order: string[] = [];
  const groups = new Map<string, P[]>();
  for (const row of rows) {
    const g = row.version_of || row.id;
    if (!groups.has(g)) {
      groups.set(g, []);
      order.push(g);
    }
    groups.get(g)!.push(row);
  }
  return order.flatMap(g => groups.get(g)!.map((row, i) => ({ row, nested: i > 0, group: g })));
}

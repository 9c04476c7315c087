// The composer's submit, in pieces without React: which files to upload, the new post's body, and which field a
// server error belongs to.
import type { FeedTagView } from '../../../domain/feed-tag/feed-tag';
import type { PostVisibility } from '../../../domain/post/wire';
import type { CreateBlogBody } from './postApi';
import { checkAmount, scheduleDate, type ComposerErrors, type GalleryState, type Schedule } from './rules';
import type { ComposerItem } from './types';
import type { UploadJob } from './uploader';

export const VISIBILITY_LABEL: Record<PostVisibility, string> = { locked: 'Locked', private: 'Private', public: 'Public' };

/** What the post will be, in one line under the form: visibility (and price), how many items, scheduled. */
export function composerSummary(form: { visibility: PostVisibility; amount: string; items: number; scheduleOn: boolean }, bounds: { min: number; max: number }): string {
  const { visibility, amount, items, scheduleOn } = form;
  return [
    VISIBILITY_LABEL[visibility] + (visibility === 'locked' && checkAmount(amount, bounds).ok ? ` · $${Number(amount)}` : ''),
    items ? `${items} item${items === 1 ? '' : 's'}` : 'No media yet',
    scheduleOn ? 'scheduled' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Server field names → the composer's fields. */
export const FIELD_OF: Record<string, keyof ComposerErrors | 'category'> = {
  media_ids: 'media',
  media: 'media',
  caption: 'caption',
  description: 'caption',
  amount: 'amount',
  publish_at: 'schedule',
  preview_media_id: 'preview',
  preview: 'preview',
  visibility: 'visibility',
  min_tier_id: 'visibility',
};

/** The separate preview of a locked post, if it has one. */
export const separatePreview = (gallery: GalleryState<ComposerItem>, locked: boolean) =>
  locked && gallery.previewMode && gallery.preview?.type === 'item' ? gallery.preview.item : null;

/** The files to upload: the preview first, then the main media; files uploaded by an earlier attempt are kept. */
export function uploadJobs(gallery: GalleryState<ComposerItem>, previewItem: ComposerItem | null, uploaded: ReadonlyMap<string, string>): UploadJob[] {
  const files = [...(previewItem ? [previewItem] : []), ...gallery.items].filter(
    (i): i is Extract<ComposerItem, { source: 'file' }> => i.source === 'file' && !uploaded.has(i.key)
  );
  return files.map(i => ({ key: i.key, file: i.file }));
}

export interface ComposerForm {
  caption: string;
  visibility: PostVisibility;
  amount: string;
  gallery: GalleryState<ComposerItem>;
  categoryId: string | null;
  tags: FeedTagView[];
  scheduleOn: boolean;
  schedule: Schedule;
  /** The lowest tier that sees it (null: every subscriber). */
  minTierId?: string | null;
}

/** The new post's body, once every file is uploaded (`uploaded`: item key → media id). */
export function postBody(form: ComposerForm, uploaded: ReadonlyMap<string, string>): CreateBlogBody {
  const { gallery } = form;
  const idOf = (i: ComposerItem) => (i.source === 'library' ? i.media.id : uploaded.get(i.key)!);
  const media_ids = gallery.items.map(idOf);
  const body: CreateBlogBody = { caption: form.caption.trim(), visibility: form.visibility, media_ids };
  if (form.visibility === 'locked') {
    body.amount = Number(form.amount);
    if (gallery.previewMode && gallery.preview) {
      body.preview_media_id = gallery.preview.type === 'index' ? media_ids[gallery.preview.index] : idOf(gallery.preview.item);
    }
  }
  if (form.categoryId) body.category_id = form.categoryId;
  if (form.tags.length) body.feed_tags = form.tags.map(t => t._id);
  if (form.minTierId && form.visibility !== 'public') body.min_tier_id = form.minTierId;
  if (form.scheduleOn) body.publish_at = scheduleDate(form.schedule)!.toISOString();
  return body;
}

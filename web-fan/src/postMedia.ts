// What a post card shows, slide by slide: a locked post's preview first (unblurred),
// then its media, each open (the viewer may see it) or blurred.
import type { PostMediaView, PostView } from '../../domain/post/wire';

export interface Slide {
  item: PostMediaView;
  /** The viewer may see it: shown sharp and opens in the full-screen viewer. */
  open: boolean;
  /** The locked post's preview item. */
  preview: boolean;
}

export function previewOf(post: PostView): PostMediaView | null {
  const p = post.media_preview;
  return p && (p.url || p.thumbnail_url) ? p : null;
}

export function slidesOf(post: PostView): Slide[] {
  const preview = post.isLocked ? previewOf(post) : null;
  const rest = post.media
    .filter((m) => !preview || m._id !== preview._id)
    .map((item) => ({ item, open: !post.isLocked && !!item.url, preview: false }));
  return preview ? [{ item: preview, open: true, preview: true }, ...rest] : rest;
}

/** The items the full-screen viewer pages through: every open slide with an original. */
export function viewerItemsOf(post: PostView): PostMediaView[] {
  return slidesOf(post)
    .filter((s) => s.open && !!s.item.url)
    .map((s) => s.item);
}

export const CAPTION_TOOLTIP_MAX = 80;

/** The caption as its tooltip shows it: at most 80 characters, then an ellipsis. */
export function captionTooltip(text: string | null | undefined): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > CAPTION_TOOLTIP_MAX ? `${t.slice(0, CAPTION_TOOLTIP_MAX).trimEnd()}...` : t;
}

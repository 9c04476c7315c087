// The gallery (public routes /gallery and /single-gallery/:id, hidden from the menus unless the creator lists
// them; the spec names them without contents): the creator's posts as a media grid. Every post with media is a tile; /single-gallery/:id shows
// that post's items. What a visitor may not see is the blurred picture, never the original (the server's rule).
import type { PostMediaView, PostView } from '../../../domain/post/wire';

export interface GalleryTile {
  postId: string;
  /** The picture for the tile: the original's thumbnail when the visitor may see it, else the blur. */
  src: string;
  blurred: boolean;
  count: number;
  video: boolean;
  locked: boolean;
}

/** The picture of one item for this visitor (thumbnail, else the original for photos, else the blur). */
export function pictureOf(item: PostMediaView): { src: string; blurred: boolean } {
  const sharp = item.thumbnail_url ?? (item.content_type === 'photo' ? item.url : null);
  return sharp ? { src: sharp, blurred: false } : { src: item.blur_url, blurred: true };
}

/** One tile per post with media, in feed order; a locked post's preview is its cover when it has one. */
export function galleryTiles(posts: readonly PostView[]): GalleryTile[] {
  const out: GalleryTile[] = [];
  for (const p of posts) {
    const cover = (p.isLocked && p.media_preview) || p.media[0];
    if (!cover) continue;
    const pic = pictureOf(cover);
    out.push({
      postId: p._id,
      src: pic.src,
      blurred: pic.blurred,
      count: p.media.length,
      video: p.media.some((m) => m.content_type === 'video'),
      locked: p.isLocked,
    });
  }
  return out;
}

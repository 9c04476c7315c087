import { describe, expect, it } from 'vitest';
import type { PostMediaView, PostView } from '../../../domain/post/wire';
import { galleryTiles, pictureOf } from './galleryRules';

const item = (id: string, over: Partial<PostMediaView> = {}): PostMediaView => ({
  _id: id, content_type: 'photo', url: `https://s/${id}`, thumbnail_url: `https://s/${id}.thumb`, blur_url: `https://s/${id}.blur`, width: 10, height: 10, video_duration: null, ...over,
});
const post = (id: string, media: PostMediaView[], over: Partial<PostView> = {}) => ({ _id: id, media, media_preview: null, isLocked: false, ...over }) as PostView;

describe('gallery tiles', () => {
  it('one tile per post with media; the thumbnail when the visitor may see it, the blur otherwise', () => {
    const locked = item('l', { url: null, thumbnail_url: null });
    const tiles = galleryTiles([
      post('a', [item('a1'), item('a2', { content_type: 'video' })]),
      post('text', []),
      post('b', [locked], { isLocked: true }),
    ]);
    expect(tiles).toEqual([
      { postId: 'a', src: 'https://s/a1.thumb', blurred: false, count: 2, video: true, locked: false },
      { postId: 'b', src: 'https://s/l.blur', blurred: true, count: 1, video: false, locked: true },
    ]);
  });
  it('a locked post with a preview shows the preview; a video without a thumbnail is never its original', () => {
    const preview = item('p');
    expect(galleryTiles([post('c', [item('c1', { url: null, thumbnail_url: null })], { isLocked: true, media_preview: preview })])[0]).toMatchObject({ src: 'https://s/p.thumb', blurred: false });
    expect(pictureOf(item('v', { content_type: 'video', thumbnail_url: null }))).toEqual({ src: 'https://s/v.blur', blurred: true });
    expect(pictureOf(item('q', { thumbnail_url: null }))).toEqual({ src: 'https://s/q', blurred: false });
  });
});

// The fan site's feed rules: pagination window, infinite-scroll threshold, video length, caption
// tooltip, and which slides a post card shows (a locked post's preview first).
import { describe, expect, it } from 'vitest';
import type { PostMediaView, PostView } from '../../domain/post/wire';
import { nextFeedPage, pageWindow, shouldLoadMore } from './paging';
import { captionTooltip, slidesOf, viewerItemsOf } from './postMedia';
import { duration } from './format';

const item = (id: string, url: string | null): PostMediaView => ({
  _id: id, content_type: 'photo', url, thumbnail_url: url, blur_url: `/media/blur/${id}.jpg`, width: 100, height: 100, video_duration: null,
});

const post = (over: Partial<PostView>): PostView => ({
  _id: 'p', description: 'c', captionBlur: false, visibility: 'public', public: true, isLocked: false, is_unlocked: false, amount: 0, amount_cents: 0,
  date: '2026-01-01T00:00:00.000Z', is_published: true, processing: false, isError: false, gallery_process_error_index: [], is_demo: false, media: [],
  media_preview: null, isPreviewEnable: false, category_id: null, version_of: null, blogType: 'gallery', total_likes: 0, total_comments: 0,
  user_feed_like: false, user: { name: 'A', avatarUrl: null }, cta: null, ...over,
});

describe('feed rules', () => {
  it('shows 3 pages before and after the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([17, 18, 19, 20]);
  });

  it('pages on until the last page the answer names', () => {
    expect(nextFeedPage({ currentPage: 1, totalPages: 3 }, [1])).toBe(2);
    expect(nextFeedPage({ currentPage: 3, totalPages: 3 }, [1, 2, 3])).toBeUndefined();
    expect(nextFeedPage({ totalPages: 2 }, [1])).toBe(2);
    expect(nextFeedPage({ currentPage: 1, totalPages: 0 }, [1])).toBeUndefined();
  });

  it('loads the next page beyond 98% scroll, or when the page cannot scroll', () => {
    expect(shouldLoadMore(0, 900, 5000)).toBe(false);
    expect(shouldLoadMore(3999, 900, 5000)).toBe(false); // 97.98%
    expect(shouldLoadMore(4000, 900, 5000)).toBe(true); // 98%
    expect(shouldLoadMore(0, 900, 880)).toBe(true);
  });

  it('writes video length as seconds, or minutes plus seconds', () => {
    expect(duration(45)).toBe('45s');
    expect(duration(185)).toBe('3m 05s');
    expect(duration(60)).toBe('1m 00s');
    expect(duration(null)).toBe('');
  });

  it('truncates the caption tooltip at 80 characters', () => {
    expect(captionTooltip('short')).toBe('short');
    expect(captionTooltip('x'.repeat(80))).toBe('x'.repeat(80));
    expect(captionTooltip('x'.repeat(81))).toBe(`${'x'.repeat(80)}...`);
  });

  it('puts a locked post\'s preview first, sharp, and blurs the rest; entitled posts show everything', () => {
    const preview = item('m2', '/media/originals/m2.jpg?sig');
    const locked = post({ visibility: 'locked', isLocked: true, media: [item('m1', null), { ...preview }, item('m3', null)], media_preview: preview, isPreviewEnable: true });
    expect(slidesOf(locked).map((s) => [s.item._id, s.open, s.preview])).toEqual([
      ['m2', true, true],
      ['m1', false, false],
      ['m3', false, false],
    ]);
    expect(viewerItemsOf(locked).map((m) => m._id)).toEqual(['m2']);
    const open = post({ media: [item('a', '/a'), item('b', '/b')] });
    expect(slidesOf(open).every((s) => s.open && !s.preview)).toBe(true);
    expect(viewerItemsOf(open).map((m) => m._id)).toEqual(['a', 'b']);
  });
});

import { describe, expect, it } from 'vitest';
import type { LibraryMediaRecord, MediaLibraryPage } from '../../../domain/media/wire';
import { LIBRARY_PAGE_SIZE } from '../../../domain/category/category';
import { countsOf, mediaOf, nextLibraryPage, withCategory, withoutMedia } from './pages';

const item = (id: string, kind: 'photo' | 'video' = 'photo'): LibraryMediaRecord => ({ id, kind, category_ids: [] }) as unknown as LibraryMediaRecord;
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => item(`i${from + i}`));
const page = (media: LibraryMediaRecord[], total: number): MediaLibraryPage => ({ media, currentPage: 1, totalPages: 9, counts: { photo: total, video: 0, total } });

describe('the library pages', () => {
  it('asks for the page after the items held, until all the view counts are held', () => {
    expect(nextLibraryPage([page(range(0, LIBRARY_PAGE_SIZE), 70)], 'all')).toBe(2);
    expect(nextLibraryPage([page(range(0, LIBRARY_PAGE_SIZE), 70), page(range(LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZE), 70)], 'all')).toBe(3);
    expect(nextLibraryPage([page(range(0, 10), 10)], 'all')).toBeUndefined();
    expect(nextLibraryPage([page(range(0, 10), 10)], 'video')).toBeUndefined();
  });

  it('stops when a page brings nothing new (the counts moved under us)', () => {
    expect(nextLibraryPage([page(range(0, LIBRARY_PAGE_SIZE), 70), page(range(0, LIBRARY_PAGE_SIZE), 70)], 'all')).toBeUndefined();
  });

  it('holds each item once, in order, and the counts of the latest read', () => {
    const pages = [page([item('a'), item('b')], 3), page([item('b'), item('c')], 4)];
    expect(mediaOf(pages).map(m => m.id)).toEqual(['a', 'b', 'c']);
    expect(countsOf(pages).total).toBe(4);
  });

  it('takes removed items out of the pages and the counts, once, and asks again for the page they emptied', () => {
    const held = { pages: [page(range(0, LIBRARY_PAGE_SIZE), 70), page([item('x', 'video')], 70)], pageParams: [1, 2] };
    const change = withoutMedia(['x', 'i0']);
    const next = change(held);
    expect(next.pages).toHaveLength(1);
    expect(next.pageParams).toEqual([1]);
    expect(countsOf(next.pages)).toEqual({ photo: 69, video: 0, total: 68 });
    expect(change(next)).toBe(next);
    // 29 held of 68: page 1 again, where the items after the removed ones now are
    expect(nextLibraryPage(next.pages, 'all')).toBe(1);
  });

  it('notes a category on the items held', () => {
    const held = { pages: [page([item('a'), item('b')], 2)], pageParams: [1] };
    const next = withCategory(['a'], 'c1', true)(held);
    expect(mediaOf(next.pages).map(m => m.category_ids)).toEqual([['c1'], []]);
    expect(mediaOf(withCategory(['a'], 'c1', false)(next).pages)[0].category_ids).toEqual([]);
  });
});

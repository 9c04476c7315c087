// The library's pages as the read cache holds them (web-admin/src/query.ts useLivePages), and the changes the
// screen makes to them. The next page to ask for is worked out from how many items are held (deduplicated), so
// items removed or added on top never leave a gap between pages. Pure: each change gives the same pages when applied
// twice, as a change replayed over a read that was under way must.
import type { LibraryMediaRecord, MediaLibraryPage, MediaLibraryType } from '../../../domain/media/wire';
import { LIBRARY_PAGE_SIZE } from '../../../domain/category/category';
import { uniqueBy } from '../../../web-shared/paging/usePagedList';
import type { Pages } from '../query';

type Counts = MediaLibraryPage['counts'];

export const NO_COUNTS: Counts = { photo: 0, video: 0, total: 0 };

const totalFor = (counts: Counts, type: MediaLibraryType) => (type === 'all' ? counts.total : counts[type]);

/** The items held, in order, each once (a page read after new uploads repeats items of the page before). */
export const mediaOf = (pages: readonly MediaLibraryPage[]): LibraryMediaRecord[] => uniqueBy(pages.flatMap(p => p.media), m => m.id);

/** The counts of the latest read (every change to the counts is made on each page). */
export const countsOf = (pages: readonly MediaLibraryPage[]): Counts => pages[pages.length - 1]?.counts ?? NO_COUNTS;

/**
 * The page after those held, or undefined when all of the view's items are held, or when the last page brought
 * nothing new (the counts moved under us: asking again would bring nothing either).
 */
export function nextLibraryPage(pages: readonly MediaLibraryPage[], type: MediaLibraryType): number | undefined {
  const held = mediaOf(pages).length;
  if (pages.length > 1 && held === mediaOf(pages.slice(0, -1)).length) return undefined;
  if (held >= totalFor(countsOf(pages), type)) return undefined;
  return Math.floor(held / LIBRARY_PAGE_SIZE) + 1;
}

/**
 * Items taken out of the view (removed, or taken out of the open category), and out of its counts. A later page
 * left empty goes, so the next page asked for is worked out again from what is held.
 */
export const withoutMedia = (ids: readonly string[]) => (held: Pages<MediaLibraryPage>): Pages<MediaLibraryPage> => {
  const out = new Set(ids);
  const gone = mediaOf(held.pages).filter(m => out.has(m.id));
  if (gone.length === 0) return held;
  const photo = gone.filter(m => m.kind === 'photo').length;
  const video = gone.length - photo;
  const kept = held.pages.map(p => ({
    ...p,
    media: p.media.filter(m => !out.has(m.id)),
    counts: { photo: Math.max(0, p.counts.photo - photo), video: Math.max(0, p.counts.video - video), total: Math.max(0, p.counts.total - gone.length) },
  }));
  const stays = kept.map((p, i) => i === 0 || p.media.length > 0);
  return { pages: kept.filter((_, i) => stays[i]), pageParams: held.pageParams.filter((_, i) => stays[i]) };
};

/** New category memberships noted on the items held (after an assignment). */
export const withCategory = (ids: readonly string[], categoryId: string, inIt: boolean) => (held: Pages<MediaLibraryPage>): Pages<MediaLibraryPage> => {
  const set = new Set(ids);
  const note = (m: LibraryMediaRecord) =>
    set.has(m.id) ? { ...m, category_ids: inIt ? [...new Set([...m.category_ids, categoryId])] : m.category_ids.filter(c => c !== categoryId) } : m;
  return { ...held, pages: held.pages.map(p => (p.media.some(m => set.has(m.id)) ? { ...p, media: p.media.map(note) } : p)) };
};

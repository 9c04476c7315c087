// Feed paging rules: the pagination window and the infinite-scroll threshold.

/** Pagination shows this many pages before and after the current one. */
export const PAGE_WINDOW = 3;
/** Infinite scroll loads the next page once the reader is past this share of the page. */
export const INFINITE_SCROLL_AT = 0.98;

/** The page numbers the pagination shows: up to 3 before and 3 after the current page, within 1..total. */
export function pageWindow(page: number, total: number, around = PAGE_WINDOW): number[] {
  const from = Math.max(1, page - around);
  const to = Math.min(total, page + around);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** Whether the reader has scrolled far enough for the next page (or the page is too short to scroll). */
export function shouldLoadMore(scrollY: number, viewportHeight: number, documentHeight: number): boolean {
  if (documentHeight <= viewportHeight + 1) return true;
  return (scrollY + viewportHeight) / documentHeight >= INFINITE_SCROLL_AT;
}

/** The page after `last` of the feed's answers (pages count from 1), or undefined after the last one. */
export function nextFeedPage(last: { currentPage?: number; totalPages?: number } | null | undefined, loaded: unknown[]): number | undefined {
  const current = last?.currentPage ?? loaded.length;
  return current < Math.max(1, last?.totalPages ?? 1) ? current + 1 : undefined;
}

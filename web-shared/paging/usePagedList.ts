// A "Load more" list read page by page, the same in both apps (purchased contents, payments, tips, the gallery):
// the pages live in the query cache under the list's key, so a frame or a reconnect that marks the key stale reads
// them again, and a screen opened again shows what it had at once. The first page's answer also carries the
// list's totals; a failed next page keeps the rows already shown.
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

export interface PagedListOptions<TPage, TItem> {
  /** The list's cache key; a key that changes (a filter, another user) starts the list afresh. */
  key: QueryKey;
  /** Reads page `page` (1-based). */
  load: (page: number, signal: AbortSignal) => Promise<TPage>;
  items: (page: TPage) => TItem[];
  /** The page after `last`, or undefined at the end. */
  nextPage: (last: TPage, loadedPages: number) => number | undefined;
  enabled?: boolean;
  /** The same row can come twice when rows arrive between two pages: kept once, by this id. */
  idOf?: (item: TItem) => string;
}

export interface PagedList<TPage, TItem> {
  /** The first page's answer (totals, the list's owner), undefined while loading. */
  first: TPage | undefined;
  items: TItem[];
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  /** The message of the failed read, if the last one failed. */
  error: unknown;
  loadMore: () => void;
  /** Reads the whole list again. */
  retry: () => void;
}

/** Keeps the first of each id, in order. */
export function uniqueBy<T>(items: readonly T[], idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = idOf(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function usePagedList<TPage, TItem>({ key, load, items, nextPage, enabled = true, idOf }: PagedListOptions<TPage, TItem>): PagedList<TPage, TItem> {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => nextPage(last, all.length),
    enabled,
    retry: false,
  });
  const pages = query.data?.pages ?? [];
  const all = pages.flatMap(items);
  return {
    first: pages[0],
    items: idOf ? uniqueBy(all, idOf) : all,
    loading: query.isPending && enabled,
    loadingMore: query.isFetchingNextPage,
    hasMore: !!query.hasNextPage,
    error: query.error,
    loadMore: () => void query.fetchNextPage({ cancelRefetch: false }),
    retry: () => void query.refetch(),
  };
}

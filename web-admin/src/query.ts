// The console's read cache: one TanStack Query client, shared by react-admin (its lists and records) and the
// screens' own reads of /api. A screen names what it shows by a query key and says how to read it; the cache
// keeps the answer, drops a read the screen no longer needs, and reads again when the answer may be stale:
// after a gap in the live connection (reconnect, RESYNC, the tab visible again) and on the frames that announce
// a change to it. So no screen fetches again by hand, and two screens showing one thing share one read.
import { keepPreviousData, QueryClient, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiRequestError } from './api';
import { useFrames, useLiveReload } from './realtime';

export { keepPreviousData, useQueryClient };

/** react-admin gets this client too (App.tsx), so its data and the screens' reads are one cache. */
export const queryClient = new QueryClient();

const NO_FRAMES: readonly string[] = [];

export interface LiveQueryOptions<T> {
  /** false: not read (yet), e.g. until the screen knows what to ask for. */
  enabled?: boolean;
  /** Frames that announce a change to what this shows: each marks it stale (a module constant: its identity matters). */
  frames?: readonly string[];
  /** Keeps showing the last answer while the next key (another page, filter) is read. */
  keepPrevious?: boolean;
  /** Read again every this many ms while shown (a status page that changes without frames). */
  every?: number;
  /** Shown until the first answer (e.g. what an earlier screen cached outside the query cache). */
  initialData?: T;
}

/**
 * A read a screen shows, cached under `key`. Errors show at once, not after retries: a console read that fails
 * says why (no access, offline, server down), and trying again is the reader's choice. Focus alone does not read
 * again; the live connection's gaps and frames do.
 */
export function useLiveQuery<T>(key: QueryKey, read: (signal: AbortSignal) => Promise<T>, options: LiveQueryOptions<T> = {}) {
  const { enabled = true, frames = NO_FRAMES, keepPrevious = false, every, initialData } = options;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => read(signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: every,
    initialData,
  });
  const stale = () => void client.invalidateQueries({ queryKey: key });
  useLiveReload(stale, enabled);
  useFrames(frames, stale, enabled && frames.length > 0);
  return query;
}

/** The message a failed read shows: the server's (or the client's offline/down text), else a generic one. */
export function readError(error: unknown): string | null {
  if (!error) return null;
  return (error instanceof ApiRequestError && error.message) || 'Something went wrong';
}

/**
 * A form over a cached read (a settings page): it shows the staff's edits, else the answer as read, so a read again
 * after a gap never overwrites what is being typed. A save's answer goes into the cache and the edits are dropped.
 */
export function useEditable<T>(key: QueryKey, read: (signal: AbortSignal) => Promise<T>) {
  const client = useQueryClient();
  const query = useLiveQuery(key, read);
  const [draft, setDraft] = useState<T | null>(null);
  const value = draft ?? query.data ?? null;
  const edit = (next: T | ((shown: T) => T)) =>
    setDraft(d => {
      const shown = d ?? query.data ?? null;
      if (typeof next !== 'function') return next;
      return shown === null ? null : (next as (shown: T) => T)(shown);
    });
  const saved = (answer: T) => {
    client.setQueryData(key, answer);
    setDraft(null);
  };
  return { query, value, edit, saved };
}

/**
 * A dialog's read, afresh at each opening (the key names the dialog and counts its openings): no answer while it
 * runs, so the dialog shows it loading; nothing reads it again while the dialog stays open, which would refill a
 * form being edited. A closed dialog's reads are dropped.
 */
export function useOpeningRead<T>(key: QueryKey, open: boolean, read: (signal: AbortSignal) => Promise<T>) {
  const dialog = useId();
  const [wasOpen, setWasOpen] = useState(open);
  const [opening, setOpening] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening(opening + 1);
  }
  return useQuery({
    queryKey: [...key, dialog, opening],
    queryFn: ({ signal }) => read(signal),
    enabled: open,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The pages of a list read page by page (1-based), as the cache holds them. */
export type Pages<P> = InfiniteData<P, number>;

export interface LivePagesOptions<P> {
  /** The page to ask for after `last` (page `page`), or undefined at the end; `pages` are all the pages held. */
  next: (last: P, pages: P[], page: number) => number | undefined;
  enabled?: boolean;
  /** Frames that announce a change to the list: each reads the pages held again. */
  frames?: readonly string[];
  /** Keeps showing the last list while the first page of the next key (a search, a filter) is read. */
  keepPrevious?: boolean;
  /** Reads the pages held again every this many ms while shown, as told by the pages held (false: not now). */
  every?: (pages: readonly P[]) => number | false;
  /**
   * How the list is brought up to date after a gap in the live connection: by default every page held is read
   * again; a list whose news is at its head may read its first page only and merge it in (`edit`).
   */
  reread?: () => void;
}

/**
 * A list read page by page ("load more", older messages), cached under `key` with the same rules as useLiveQuery.
 * `loadMore` reads the next page unless a read is under way or the last one failed (retrying is the reader's
 * choice); `edit` changes the cached pages in place (useCacheEdit).
 */
export function useLivePages<P>(key: QueryKey, read: (page: number, signal: AbortSignal) => Promise<P>, options: LivePagesOptions<P>) {
  const { next, enabled = true, frames = NO_FRAMES, keepPrevious = false, every, reread } = options;
  const client = useQueryClient();
  const query = useInfiniteQuery<P, Error, Pages<P>, QueryKey, number>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, page) => next(last, pages, page),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: every && (q => every(q.state.data?.pages ?? [])),
  });
  const stale = () => void client.invalidateQueries({ queryKey: key });
  useLiveReload(reread ?? stale, enabled);
  useFrames(frames, stale, enabled && frames.length > 0);
  const edit = useCacheEdit<Pages<P>>(key, query.isFetching);
  const { fetchNextPage, isFetching, isError, hasNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, hasNextPage, isFetching, isError]);
  return { query, pages: query.data?.pages, loadMore, edit };
}

/**
 * A screen's own change to a cached read (what a frame brought whole, an action's answer, a page merged in):
 * applied at once, and again when a read of that key under way ends, since that read was asked before the change
 * and its answer replaces the cache. So a change is a function of the cached value that gives the same result when
 * applied twice (merge, remove, patch). `fetching`: whether the screen's read of the key is under way.
 */
export function useCacheEdit<T>(key: QueryKey, fetching: boolean) {
  const client = useQueryClient();
  const current = useRef(key);
  current.current = key;
  const queued = useRef<{ key: QueryKey; change: (data: T) => T }[]>([]);
  useEffect(() => {
    if (fetching || queued.current.length === 0) return;
    const edits = queued.current;
    queued.current = [];
    for (const { key, change } of edits) client.setQueryData<T>(key, data => (data === undefined ? data : change(data)));
  }, [fetching, client]);
  return useCallback(
    (change: (data: T) => T) => {
      const key = current.current;
      client.setQueryData<T>(key, data => (data === undefined ? data : change(data)));
      if (client.getQueryState(key)?.fetchStatus === 'fetching') queued.current.push({ key, change });
    },
    [client]
  );
}

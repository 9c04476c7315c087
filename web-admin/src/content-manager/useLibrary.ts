// The library's client state: pages are appended, new media prepended, removed ids
// filtered out, and changing category resets the type to all. The next page to ask for is worked out from how
// many items are held (deduplicated), so removing or prepending items never leaves a gap between pages.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import type {
  LibraryMediaRecord,
  MediaCategoryRecord,
  MediaLibraryPage,
  MediaLibraryType,
} from '../../../domain/media/wire';
import { ALL_MEDIA, LIBRARY_PAGE_SIZE } from '../../../domain/category/category';
import { useLiveQuery, useQueryClient } from '../query';
import { LIBRARY_ERRORS, libraryApi, messageOf } from './api';

export interface LibraryView {
  categoryId: string;
  type: MediaLibraryType;
  search: string;
}

interface ListState {
  media: LibraryMediaRecord[];
  counts: MediaLibraryPage['counts'];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  loaded: boolean;
  /** A page brought nothing new: the counts moved under us, so stop asking. */
  exhausted: boolean;
}

const EMPTY: ListState = { media: [], counts: { photo: 0, video: 0, total: 0 }, status: 'loading', error: null, loaded: false, exhausted: false };

const totalFor = (counts: MediaLibraryPage['counts'], type: MediaLibraryType) => (type === 'all' ? counts.total : counts[type]);

/** Keeps `held` in order, adding the items of `more` not already there (at the end, or at the start). */
function merge(held: LibraryMediaRecord[], more: LibraryMediaRecord[], where: 'end' | 'start'): LibraryMediaRecord[] {
  const ids = new Set(held.map(m => m.id));
  const fresh = more.filter(m => !ids.has(m.id));
  return where === 'end' ? [...held, ...fresh] : [...fresh, ...held];
}

/** Replaces held items with their newer versions (processing → ready, new categories). */
function refreshHeld(held: LibraryMediaRecord[], newer: LibraryMediaRecord[]): LibraryMediaRecord[] {
  const byId = new Map(newer.map(m => [m.id, m]));
  return held.map(m => byId.get(m.id) ?? m);
}

const POLL_MS = 5000;

export function useLibrary(initial: Partial<LibraryView> = {}) {
  const [view, setView] = useState<LibraryView>({ categoryId: ALL_MEDIA.id, type: 'all', search: '', ...initial });
  const [state, setState] = useState<ListState>(EMPTY);
  const generation = useRef(0);
  const busy = useRef(false);
  const held = useRef(state);
  held.current = state;
  const logoutIfDenied = useLogoutIfAccessDenied();

  const request = useCallback(
    (page: number) =>
      libraryApi.page({
        page,
        type: view.type,
        category_id: view.categoryId === ALL_MEDIA.id ? null : view.categoryId,
        ...(view.search.trim() ? { search: view.search.trim() } : {}),
      }),
    [view]
  );

  const fail = useCallback(
    (error: unknown) => {
      void logoutIfDenied(error);
      setState(s => ({ ...s, status: 'error', error: messageOf(error, LIBRARY_ERRORS.get) }));
    },
    [logoutIfDenied]
  );

  // A new view starts again from its first page; answers for an older view are dropped.
  useEffect(() => {
    const gen = ++generation.current;
    busy.current = true;
    setState(EMPTY);
    request(1)
      .then(data => gen === generation.current && setState({ media: data.media, counts: data.counts, status: 'ready', error: null, loaded: true, exhausted: false }))
      .catch(error => gen === generation.current && fail(error))
      .finally(() => {
        if (gen === generation.current) busy.current = false;
      });
  }, [request, fail]);

  const hasMore = state.loaded && !state.exhausted && state.media.length < totalFor(state.counts, view.type);

  const loadMore = useCallback(() => {
    const s = held.current;
    if (busy.current || !s.loaded || s.exhausted || s.status === 'error' || s.media.length >= totalFor(s.counts, view.type)) return;
    const gen = generation.current;
    busy.current = true;
    setState(x => ({ ...x, status: 'loading' }));
    request(Math.floor(s.media.length / LIBRARY_PAGE_SIZE) + 1)
      .then(data => {
        if (gen !== generation.current) return;
        setState(x => {
          const media = merge(x.media, data.media, 'end');
          return { ...x, media, counts: data.counts, status: 'ready', error: null, exhausted: media.length === x.media.length };
        });
      })
      .catch(error => gen === generation.current && fail(error))
      .finally(() => {
        if (gen === generation.current) busy.current = false;
      });
  }, [request, fail, view.type]);

  /** Fetches the first page again: new uploads go on top, held items get their newer state. */
  const refreshHead = useCallback(async () => {
    const gen = generation.current;
    try {
      const data = await request(1);
      if (gen !== generation.current) return;
      setState(x => ({ ...x, media: merge(refreshHeld(x.media, data.media), data.media, 'start'), counts: data.counts, status: 'ready', error: null, loaded: true }));
    } catch (error) {
      if (gen === generation.current) fail(error);
    }
  }, [request, fail]);

  /** Takes items out of this view (removed, or taken out of the open category). */
  const drop = useCallback((ids: string[]) => {
    const out = new Set(ids);
    setState(x => {
      const gone = x.media.filter(m => out.has(m.id));
      const photo = gone.filter(m => m.kind === 'photo').length;
      const video = gone.length - photo;
      return {
        ...x,
        media: x.media.filter(m => !out.has(m.id)),
        counts: { photo: Math.max(0, x.counts.photo - photo), video: Math.max(0, x.counts.video - video), total: Math.max(0, x.counts.total - gone.length) },
      };
    });
  }, []);

  /** Notes new category memberships on held items (after an assignment). */
  const noteCategory = useCallback((ids: string[], categoryId: string, inIt: boolean) => {
    const set = new Set(ids);
    setState(x => ({
      ...x,
      media: x.media.map(m =>
        set.has(m.id)
          ? { ...m, category_ids: inIt ? [...new Set([...m.category_ids, categoryId])] : m.category_ids.filter(c => c !== categoryId) }
          : m
      ),
    }));
  }, []);

  const reload = useCallback(() => setView(v => ({ ...v })), []);

  // Items still processing: look again every few seconds until they are ready or failed.
  const processing = state.media.some(m => m.status === 'processing');
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refreshHead(), POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refreshHead]);

  return {
    view,
    /** Changing category resets the type to all. */
    openCategory: (categoryId: string) => setView(v => ({ ...v, categoryId, type: 'all' })),
    setType: (type: MediaLibraryType) => setView(v => ({ ...v, type })),
    setSearch: (search: string) => setView(v => ({ ...v, search })),
    media: state.media,
    counts: state.counts,
    loading: state.status === 'loading',
    loaded: state.loaded,
    error: state.error,
    hasMore,
    loadMore,
    refreshHead,
    reload,
    drop,
    noteCategory,
  };
}

export type Library = ReturnType<typeof useLibrary>;

/** The creator's categories with their counts in the read cache (the library and the mass-message picker share them). */
export const LIBRARY_CATEGORIES_KEY = ['library', 'categories'] as const;

/** The category list with its counts: read through the cache, again after every change; a change's answer replaces it. */
export function useCategories() {
  const client = useQueryClient();
  const logoutIfDenied = useLogoutIfAccessDenied();
  const read = useLiveQuery(LIBRARY_CATEGORIES_KEY, () =>
    libraryApi.categories().catch(e => {
      void logoutIfDenied(e);
      throw e;
    })
  );
  const { refetch } = read;
  const reload = useCallback(async () => void (await refetch()), [refetch]);
  const set = useCallback((categories: MediaCategoryRecord[]) => client.setQueryData(LIBRARY_CATEGORIES_KEY, categories), [client]);
  return { categories: read.data ?? null, error: read.error ? messageOf(read.error, LIBRARY_ERRORS.get) : null, reload, set };
}

export type Categories = ReturnType<typeof useCategories>;

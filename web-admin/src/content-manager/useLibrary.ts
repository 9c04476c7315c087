// The library's client state: the view (category, type, search) and its media, page by page in the read cache.
// Changing category resets the type to all; new uploads and items still processing read the pages held again
// (those processing every few seconds, until they are ready or failed); removed items leave at once.
import { useCallback, useMemo, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import type { MediaCategoryRecord, MediaLibraryType } from '../../../domain/media/wire';
import { ALL_MEDIA } from '../../../domain/category/category';
import { useLiveQuery, useLivePages, useQueryClient } from '../query';
import { LIBRARY_ERRORS, libraryApi, messageOf } from './api';
import { countsOf, mediaOf, nextLibraryPage, withCategory, withoutMedia } from './pages';

export interface LibraryView {
  categoryId: string;
  type: MediaLibraryType;
  search: string;
}

const POLL_MS = 5000;

export function useLibrary(initial: Partial<LibraryView> = {}) {
  const [view, setView] = useState<LibraryView>({ categoryId: ALL_MEDIA.id, type: 'all', search: '', ...initial });
  const client = useQueryClient();
  const logoutIfDenied = useLogoutIfAccessDenied();
  const key = useMemo(() => ['library', 'media', view] as const, [view]);
  const { query, edit, loadMore } = useLivePages(
    key,
    (page, signal) =>
      libraryApi
        .page(
          {
            page,
            type: view.type,
            category_id: view.categoryId === ALL_MEDIA.id ? null : view.categoryId,
            ...(view.search.trim() ? { search: view.search.trim() } : {}),
          },
          signal
        )
        .catch(error => {
          void logoutIfDenied(error);
          throw error;
        }),
    // Items still processing: the pages are read again every few seconds until they are ready or failed.
    { next: (_last, pages) => nextLibraryPage(pages, view.type), every: pages => (mediaOf(pages).some(m => m.status === 'processing') ? POLL_MS : false) }
  );
  const pages = query.data?.pages;
  const media = useMemo(() => (pages ? mediaOf(pages) : []), [pages]);

  /** Reads the pages held again: new uploads go on top, held items get their newer state. */
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: key }), [client, key]);
  /** Starts the view again from its first page (Refresh, Retry). */
  const reload = useCallback(() => void client.resetQueries({ queryKey: key }), [client, key]);

  return {
    view,
    /** Changing category resets the type to all. */
    openCategory: (categoryId: string) => setView(v => ({ ...v, categoryId, type: 'all' })),
    setType: (type: MediaLibraryType) => setView(v => ({ ...v, type })),
    setSearch: (search: string) => setView(v => ({ ...v, search })),
    media,
    counts: countsOf(pages ?? []),
    loading: (!pages && query.isFetching) || query.isFetchingNextPage,
    loaded: Boolean(pages),
    error: query.error ? messageOf(query.error, LIBRARY_ERRORS.get) : null,
    hasMore: Boolean(query.hasNextPage),
    loadMore,
    refresh,
    reload,
    /** Takes items out of this view (removed, or taken out of the open category). */
    drop: useCallback((ids: string[]) => edit(withoutMedia(ids)), [edit]),
    /** Notes new category memberships on held items (after an assignment). */
    noteCategory: useCallback((ids: string[], categoryId: string, inIt: boolean) => edit(withCategory(ids, categoryId, inIt)), [edit]),
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

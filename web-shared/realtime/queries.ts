// The live connection and the TanStack Query cache: frames are thin (ids and states), so a frame that says what a
// screen shows has changed marks that query stale (or, where the frame carries the new value, writes it into the
// cache), and the cache re-reads it over HTTP once; no screen re-fetches by hand. After a reconnect or a RESYNC
// every query may be stale, so all are marked stale and the ones on screen are read again.
import { useEffect, useRef } from 'react';
import { QueryClient, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServerFrame } from '../../domain/realtime/protocol';
import type { LiveStore } from './store';

/**
 * An app's query client. Reads are not retried (an error shows at once, with the page's own retry). A cached read
 * shows at once when a screen opens again and is read again behind it, as it is when the tab is visible again.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Ties the store's reload (reconnect, RESYNC) to the cache: every query is stale, those on screen read again. Returns the unbinding. */
export function bindLiveReload(store: LiveStore, client: QueryClient): () => void {
  return store.onReload(() => void client.invalidateQueries());
}

/** The query-side hooks a screen uses, bound to one app's store. */
export function liveQueryHooks(store: LiveStore) {
  /** While mounted (and `on`), a frame of any of `types` marks the queries under `key` stale (those on screen read again). */
  function useInvalidateOn(types: readonly string[], key: QueryKey, on = true): void {
    const client = useQueryClient();
    const keyRef = useRef(key);
    keyRef.current = key;
    const joined = types.join('\n');
    useEffect(() => {
      if (!on) return;
      const offs = joined.split('\n').map((type) => store.onFrame(type, () => void client.invalidateQueries({ queryKey: keyRef.current })));
      return () => offs.forEach((off) => off());
    }, [joined, on, client]);
  }

  /**
   * While mounted (and `on`), a frame of `type` rewrites the cached value under `key` (`update` gets the cached
   * value, undefined before the first read, and the frame's data; returning undefined leaves the cache alone).
   */
  function useUpdateOn<TData, TFrame = Record<string, unknown>>(
    type: string,
    key: QueryKey,
    update: (old: TData | undefined, data: TFrame, frame: ServerFrame<TFrame>) => TData | undefined,
    on = true,
  ): void {
    const client = useQueryClient();
    const ref = useRef({ key, update });
    ref.current = { key, update };
    useEffect(() => {
      if (!on) return;
      return store.onFrame(type, (frame) => {
        const { key: k, update: u } = ref.current;
        const old = client.getQueryData<TData>(k);
        const next = u(old, frame.data as TFrame, frame as ServerFrame<TFrame>);
        if (next !== undefined && next !== old) client.setQueryData<TData>(k, next);
      });
    }, [type, on, client]);
  }

  return { useInvalidateOn, useUpdateOn };
}

// The console's read cache: one TanStack Query client, shared by react-admin (its lists and records) and the
// screens' own reads of /api. A screen names what it shows by a query key and says how to read it; the cache
// keeps the answer, drops a read the screen no longer needs, and reads again when the answer may be stale:
// after a gap in the live connection (reconnect, RESYNC, the tab visible again) and on the frames that announce
// a change to it. So no screen fetches again by hand, and two screens showing one thing share one read.
import { keepPreviousData, QueryClient, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
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

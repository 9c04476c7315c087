// The bell's unread counts per type and the help unread count (the Account badge). Two queries the shell keeps
// while signed in: NOTIFICATION_RECEIVED (a purchase, a like… for staff; a new post or promotion for fans) and a
// live start mark the bell stale, as do a reconnect and a return to the tab; a page that marks items read writes
// the counts its answer carries.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryClient, useInvalidateOn } from '../realtime';

export interface BellType { type: string; label: string; unread: number; badge: string }
export interface BellCounts { types: BellType[]; total: number; total_badge: string; modelUnreadTips?: number | null }

const EMPTY: BellCounts = { types: [], total: 0, total_badge: '0', modelUnreadTips: null };
const BELL_KEY = ['notifications', 'bell'] as const;
const HELP_KEY = ['help', 'unread'] as const;

export const capped = (n: number) => (n > 99 ? '99+' : String(n));

const readBell = async () => (await api.get<BellCounts>('/api/notifications/unread-counts')).data;
/** Staff and fans read their help count from their own list; the key's last part says whose. */
const readHelpUnread = async (staff: boolean) =>
  Math.max(0, (await api.get<{ unread_count: number }>(staff ? '/api/help/popup-with-notification-count' : '/api/user-help/popup-with-notification-count')).data.unread_count);

export function setBellCounts(next: BellCounts): void {
  queryClient.setQueryData(BELL_KEY, next);
}
export function setHelpUnread(n: number): void {
  queryClient.setQueriesData<number>({ queryKey: HELP_KEY }, Math.max(0, n));
}
/** The help count is stale (an item was read elsewhere): the cache reads it again. */
export function refreshHelpUnread(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: HELP_KEY });
}

/** The counts a badge shows (from the cache the shell keeps). */
export const useBellCounts = (): BellCounts => useQuery({ queryKey: BELL_KEY, queryFn: readBell, enabled: false }).data ?? EMPTY;
export const useHelpUnread = (): number => {
  const cached = useQuery({ queryKey: HELP_KEY, enabled: false }).data;
  return typeof cached === 'number' ? cached : 0;
};

// POST_PUBLISHED: a scheduled post went live (its entry counts from then).
const BELL_NEWS = ['NOTIFICATION_RECEIVED', 'GROUP_LIVE_STARTED', 'GO_LIVE', 'POST_PUBLISHED'] as const;

/** Mounted once by the shell while signed in; off: both counts show 0. A failed read keeps the number. */
export function useLiveBell(on: boolean, staff: boolean): void {
  useQuery({ queryKey: BELL_KEY, queryFn: readBell, enabled: on });
  useQuery({ queryKey: HELP_KEY, queryFn: () => readHelpUnread(staff), enabled: on });
  const countedFor = useRef(staff);
  useEffect(() => {
    if (!on) {
      setBellCounts(EMPTY);
      setHelpUnread(0);
    } else if (countedFor.current !== staff) {
      // Staff and fans count different help lists: a switch reads the count again.
      countedFor.current = staff;
      void queryClient.invalidateQueries({ queryKey: HELP_KEY });
    }
  }, [on, staff]);
  useInvalidateOn(BELL_NEWS, BELL_KEY, on);
}

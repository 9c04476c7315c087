// The bell's unread counts per type and the help unread count (the Account
// badge). One store for the shell: read again on NOTIFICATION_RECEIVED (a purchase, a like… for staff; a new post or
// promotion for fans), on a live start, after a reconnect or a return to the tab, and after a page marks them read.
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api';
import { useFrame, useLiveReload } from '../realtime';

export interface BellType { type: string; label: string; unread: number; badge: string }
export interface BellCounts { types: BellType[]; total: number; total_badge: string; modelUnreadTips?: number | null }

const EMPTY: BellCounts = { types: [], total: 0, total_badge: '0', modelUnreadTips: null };
let counts: BellCounts = EMPTY;
let helpUnread = 0;
const listeners = new Set<() => void>();
const emit = () => { for (const l of listeners) l(); };
const subscribe = (l: () => void) => { listeners.add(l); return () => listeners.delete(l); };

export const capped = (n: number) => (n > 99 ? '99+' : String(n));

export function setBellCounts(next: BellCounts): void {
  counts = next;
  emit();
}
export function setHelpUnread(n: number): void {
  helpUnread = Math.max(0, n);
  emit();
}

export async function refreshBell(): Promise<void> {
  try {
    setBellCounts((await api.get<BellCounts>('/api/notifications/unread-counts')).data);
  } catch { /* the badge keeps its number */ }
}
export async function refreshHelpUnread(staff: boolean): Promise<void> {
  try {
    const r = await api.get<{ unread_count: number }>(staff ? '/api/help/popup-with-notification-count' : '/api/user-help/popup-with-notification-count');
    setHelpUnread(r.data.unread_count);
  } catch { /* keeps its number */ }
}

export const useBellCounts = (): BellCounts => useSyncExternalStore(subscribe, () => counts, () => EMPTY);
export const useHelpUnread = (): number => useSyncExternalStore(subscribe, () => helpUnread, () => 0);

/** Mounted once by the shell while signed in. */
export function useLiveBell(on: boolean, staff: boolean): void {
  useEffect(() => {
    if (on) {
      void refreshBell();
      void refreshHelpUnread(staff);
    } else {
      setBellCounts(EMPTY);
      setHelpUnread(0);
    }
  }, [on, staff]);
  useFrame('NOTIFICATION_RECEIVED', () => void refreshBell(), on);
  useFrame('GROUP_LIVE_STARTED', () => void refreshBell(), on);
  useFrame('GO_LIVE', () => void refreshBell(), on);
  useLiveReload(() => { void refreshBell(); void refreshHelpUnread(staff); }, on);
}

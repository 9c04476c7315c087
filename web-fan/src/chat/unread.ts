// The unread-messages count behind the navbar's chat icon and the bottom navigation's Chat badge (spec 3 §2.3,
// capped '99+' by the badge). Kept small: it ships with the shell. The shell polls GET /api/users/get_unread_count;
// the chat page sets it to 0 once it has marked the conversation read.
import { useEffect, useSyncExternalStore } from 'react';
import type { UnreadCounts } from '../../../domain/chat/wire';
import { api } from '../api';

/** The shell asks every 30 seconds (the chat page itself polls every 5). */
export const UNREAD_POLL_MS = 30_000;

let count = 0;
const listeners = new Set<() => void>();

export function setUnreadCount(n: number): void {
  const next = Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));
  if (next === count) return;
  count = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export async function refreshUnreadCount(): Promise<void> {
  try {
    const { data } = await api.get<UnreadCounts>('/api/users/get_unread_count');
    setUnreadCount(data?.userUnreadMessage ?? 0);
  } catch {
    /* the badge keeps its number */
  }
}

/** The current count. */
export function useUnreadCount(): number {
  return useSyncExternalStore(subscribe, () => count, () => 0);
}

/** Keeps the count fresh while the page is visible (mounted once, by the shell). */
export function useUnreadPolling(poll: boolean): void {
  useEffect(() => {
    if (!poll) {
      setUnreadCount(0);
      return;
    }
    void refreshUnreadCount();
    const tick = () => {
      if (document.visibilityState === 'visible') void refreshUnreadCount();
    };
    const timer = setInterval(tick, UNREAD_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [poll]);
}

// The unread-messages count behind the navbar's chat icon and the bottom navigation's Chat badge
// (capped '99+' by the badge). Kept small: it ships with the shell. The shell reads GET /api/users/get_unread_count
// again when a frame says it moved (a message from the creator, the creator read the fan's) and after a reconnect
// or a return to the tab; the chat page sets it to 0 once it has marked the conversation read.
import { useEffect, useSyncExternalStore } from 'react';
import type { UnreadCounts } from '../../../domain/chat/wire';
import { api } from '../api';
import { useFrame, useLiveReload } from '../realtime';

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

/** Frames that move the fan's unread count: a message from the creator, or the creator having read the chat. */
export function movesUnread(type: string, data: Record<string, unknown>): boolean {
  if (type === 'MESSAGE_RECEIVE') return data.fromAdmin === true;
  if (type === 'UPDATE_MESSAGE') return data.isRead === true;
  return false;
}

/** Keeps the count current from frames (mounted once, by the shell); off: the count shows 0. */
export function useLiveUnreadCount(on: boolean): void {
  useEffect(() => {
    if (on) void refreshUnreadCount();
    else setUnreadCount(0);
  }, [on]);
  useFrame('MESSAGE_RECEIVE', (data) => movesUnread('MESSAGE_RECEIVE', data) && void refreshUnreadCount(), on);
  useFrame('UPDATE_MESSAGE', (data) => movesUnread('UPDATE_MESSAGE', data) && void refreshUnreadCount(), on);
  useLiveReload(() => void refreshUnreadCount(), on);
}

// The unread-messages count behind the navbar's chat icon and the bottom navigation's Chat badge
// (capped '99+' by the badge). Kept small: it ships with the shell. The count is a query (GET
// /api/users/get_unread_count) that the shell keeps: a frame that says it moved (a message from the creator, the
// creator read the fan's) marks it stale, and the cache reads it again, as after a reconnect or a return to the
// tab; the chat page sets it to 0 once it has marked the conversation read.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '../../../domain/chat/wire';
import { api } from '../api';
import { queryClient, useFrame } from '../realtime';

const UNREAD_KEY = ['chat', 'unread'] as const;

const readUnread = async (): Promise<number> => clampCount((await api.get<UnreadCounts>('/api/users/get_unread_count')).data?.userUnreadMessage ?? 0);

const clampCount = (n: number) => Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));

export function setUnreadCount(n: number): void {
  queryClient.setQueryData(UNREAD_KEY, clampCount(n));
}

/** The current count (a badge only reads the cache; the shell's useLiveUnreadCount keeps it). */
export function useUnreadCount(): number {
  return useQuery({ queryKey: UNREAD_KEY, queryFn: readUnread, enabled: false }).data ?? 0;
}

/** Frames that move the fan's unread count: a message from the creator, or the creator having read the chat. */
export function movesUnread(type: string, data: Record<string, unknown>): boolean {
  if (type === 'MESSAGE_RECEIVE') return data.fromAdmin === true;
  if (type === 'UPDATE_MESSAGE') return data.isRead === true;
  return false;
}

const invalidate = () => void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });

/** Keeps the count current from frames (mounted once, by the shell); off: the count shows 0. A failed read keeps the number. */
export function useLiveUnreadCount(on: boolean): void {
  useQuery({ queryKey: UNREAD_KEY, queryFn: readUnread, enabled: on });
  useEffect(() => {
    if (!on) setUnreadCount(0);
  }, [on]);
  useFrame('MESSAGE_RECEIVE', (data) => movesUnread('MESSAGE_RECEIVE', data) && invalidate(), on);
  useFrame('UPDATE_MESSAGE', (data) => movesUnread('UPDATE_MESSAGE', data) && invalidate(), on);
}

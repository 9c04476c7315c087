// The console chat's shared pieces: the failure text a screen shows, a message as the screen holds it, and the chat
// header's read (a fan's details, following their money frames). The user list is useUserList.ts, one
// conversation useConversation.ts.
import { useCallback, useRef } from 'react';
import type { ChatMessageView, ChatUserDetails } from '../../../domain/chat/wire';
import { ApiRequestError } from '../api';
import { chatApi } from './api';
import { useLiveQuery, useQueryClient } from '../query';
import { useDebounced, useFrame } from '../realtime';
import { concernsFan, LIST_REFRESH_DEBOUNCE_MS, MESSAGES } from './rules';

/** The server's message for a 4xx (or the offline text), else the spec's fallback. */
export function problemText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message && error.status < 500 && error.status !== 404) return error.message;
  return fallback;
}

/** A message as the screen holds it: the server's view, or one being sent (pending) or that failed. */
export type ShownMessage = ChatMessageView & { pending?: boolean; failed?: boolean };

// ---- the chat header --------------------------------------------------------------------------------------

/** A fan's chat header in the read cache (the one-to-one live page shows the same fan's name from it). */
export const chatDetailsKey = (userId: string | null) => ['chat', 'details', userId] as const;

export function useUserDetails(userId: string | null) {
  const client = useQueryClient();
  const current = useRef(userId);
  current.current = userId;
  const query = useLiveQuery(chatDetailsKey(userId), signal => chatApi.details(userId ?? '', signal), { enabled: Boolean(userId) });
  const { refetch } = query;
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: chatDetailsKey(current.current) }), [client]);
  // The header's wallet, amount spent and deductions follow the fan's money frames.
  const refreshSoon = useDebounced(refresh, LIST_REFRESH_DEBOUNCE_MS);
  useFrame('UPDATE_USER_AMOUNT', data => concernsFan(data, current.current) && refreshSoon(), Boolean(userId));
  const retry = useCallback(() => void refetch(), [refetch]);
  // A read again that fails keeps the header as it was: only a first read's failure is shown.
  const details: ChatUserDetails | null = userId ? (query.data ?? null) : null;
  const error = details || !query.error || query.isFetching ? null : problemText(query.error, MESSAGES.detailError);
  return { details, error, loading: query.isFetching && !details, refresh, retry };
}

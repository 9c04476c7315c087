// The chat's user list (the left column): fans by search, sort, subscriber status and list, page by page in the read
// cache, more as the list is scrolled. A new search or filter starts again at page 1, the last list shown meanwhile.
// Rows move on (last message, unread count, money; row-menu changes made elsewhere): the frames that say so read
// page 1 again and merge it in, once per burst, as a reconnect or the tab shown again does.
import { useCallback, useMemo, useRef } from 'react';
import type { ChatUserListEntry } from '../../../domain/chat/wire';
import { useLivePages } from '../query';
import { useDebounced, useFrame } from '../realtime';
import { chatApi, type UserListQuery } from './api';
import { patchUser as patched, usersOf, withFirstUsers, withoutUser } from './pages';
import { LIST_REFRESH_DEBOUNCE_MS, MESSAGES, type ListChoice, type ListFilter } from './rules';
import { problemText } from './useChat';

export interface UserListState {
  users: ChatUserListEntry[];
  hasMore: boolean;
  /** Page 1 of this search and filter is being read (the last list may still show). */
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
}

export function useUserList(search: string, filter: ListFilter, listId: ListChoice = '') {
  const asked = useMemo(
    () => ({ user_name: search.trim(), sort_by: filter.sort, sort_by_subscribers: filter.status, list_id: listId }) satisfies Omit<UserListQuery, 'page_num'>,
    [search, filter.sort, filter.status, listId]
  );
  const refreshRef = useRef<() => void>(() => undefined);
  const list = useLivePages(['chat', 'users', asked], (page, signal) => chatApi.userList({ page_num: page, ...asked }, signal), {
    next: (last, _pages, page) => (last.has_more ? page + 1 : undefined),
    keepPrevious: true,
    reread: () => refreshRef.current(),
  });
  const { query, edit } = list;
  const held = Boolean(query.data) && !query.isPlaceholderData;

  // Page 1 again, merged in: one read per burst, whatever was scrolled. Not before the list is read, nor after a
  // failed read (retrying is the reader's choice).
  const refresh = useCallback(() => {
    if (!held || query.isError) return;
    chatApi
      .userList({ page_num: 1, ...asked })
      .then(page => edit(withFirstUsers(page)))
      .catch(() => undefined);
  }, [held, query.isError, asked, edit]);
  refreshRef.current = refresh;
  const refreshSoon = useDebounced(refresh, LIST_REFRESH_DEBOUNCE_MS);
  useFrame('UPDATE_USER_LAST_MESSAGE', refreshSoon);
  useFrame('UPDATE_USER_AMOUNT', refreshSoon);
  // Row-menu changes made elsewhere (nickname, mute, block, hidden from chat) and messages deleted from all.
  useFrame('UPDATE_CHAT_USER', refreshSoon);
  useFrame('DELETE_MESSAGE_FROM_ALL', refreshSoon);

  const users = useMemo(() => (query.data ? usersOf(query.data) : []), [query.data]);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const patchUser = useCallback((id: string, patch: Partial<ChatUserListEntry>) => edit(patched(id, patch)), [edit]);
  const removeUser = useCallback((id: string) => edit(withoutUser(id)), [edit]);

  const state: UserListState = {
    users,
    hasMore: Boolean(query.hasNextPage),
    loading: query.isFetching && !query.isFetchingNextPage,
    loadingMore: query.isFetchingNextPage,
    error: query.error ? problemText(query.error, MESSAGES.listError) : null,
  };
  return { ...state, loadMore: list.loadMore, retry, refresh, patchUser, removeUser };
}

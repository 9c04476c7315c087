// Data hooks of the console chat: the paged user list (search, sort, status, load more, refresh) and one
// conversation (newest page first, older pages on demand, read receipts) with its header. What they show is read
// again when a frame says it changed (web-admin/src/realtime.ts), after a reconnect and when the tab is visible
// again; frames carry ids, except a new message, which comes whole as staff see it (MESSAGE_RECEIVE).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessagePage, ChatMessageView, ChatUserDetails, ChatUserListEntry, PayPerMessageStatus } from '../../../domain/chat/wire';
import { ApiRequestError } from '../api';
import { chatApi, type UserListQuery } from './api';
import { useLiveQuery, useQueryClient } from '../query';
import { useDebounced, useFrame, useLiveReload } from '../realtime';
import { concernsFan, LIST_REFRESH_DEBOUNCE_MS, MESSAGES, mergeMessages, type ListFilter } from './rules';
import { receivedMessage } from '../../../domain/realtime/audience';
import { withReadReceipt } from '../../../domain/chat/views';

/** The server's message for a 4xx (or the offline text), else the spec's fallback. */
export function problemText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message && error.status < 500 && error.status !== 404) return error.message;
  return fallback;
}

const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError';

// ---- the user list ----------------------------------------------------------------------------------------

export interface UserListState {
  users: ChatUserListEntry[];
  page: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
}

export function useUserList(search: string, filter: ListFilter, listId: '' | 'blocked' | 'muted' = '') {
  const [state, setState] = useState<UserListState>({ users: [], page: 0, total: 0, hasMore: false, loading: true, loadingMore: false, error: null });
  const generation = useRef(0);
  const busy = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const [reloads, setReloads] = useState(0);
  const queryFor = useCallback(
    (page: number): UserListQuery => ({ page_num: page, user_name: search.trim(), sort_by: filter.sort, sort_by_subscribers: filter.status, list_id: listId }),
    [search, filter.sort, filter.status, listId]
  );

  // A new search or filter starts again at page 1.
  useEffect(() => {
    const gen = ++generation.current;
    const controller = new AbortController();
    busy.current = true;
    setState(s => ({ ...s, loading: true, error: null }));
    chatApi
      .userList(queryFor(1), controller.signal)
      .then(page => {
        if (gen !== generation.current) return;
        setState({ users: page.users, page: 1, total: page.total, hasMore: page.has_more, loading: false, loadingMore: false, error: null });
      })
      .catch(error => {
        if (isAbort(error) || gen !== generation.current) return;
        setState(s => ({ ...s, users: [], page: 0, hasMore: false, loading: false, error: problemText(error, MESSAGES.listError) }));
      })
      .finally(() => {
        if (gen === generation.current) busy.current = false;
      });
    return () => controller.abort();
  }, [queryFor, reloads]);

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (busy.current || !s.hasMore || s.error) return;
    const gen = generation.current;
    busy.current = true;
    setState(x => ({ ...x, loadingMore: true }));
    chatApi
      .userList(queryFor(s.page + 1))
      .then(page => {
        if (gen !== generation.current) return;
        setState(x => {
          const have = new Set(x.users.map(u => u._id));
          return { ...x, users: [...x.users, ...page.users.filter(u => !have.has(u._id))], page: s.page + 1, total: page.total, hasMore: page.has_more, loadingMore: false };
        });
      })
      .catch(error => {
        if (gen !== generation.current) return;
        setState(x => ({ ...x, loadingMore: false, error: problemText(error, MESSAGES.listError) }));
      })
      .finally(() => {
        if (gen === generation.current) busy.current = false;
      });
  }, [queryFor]);

  const retry = useCallback(() => setReloads(n => n + 1), []);

  // Unread counts, last messages and amounts move on: page 1 is read again and merged in.
  const refresh = useCallback(() => {
    if (busy.current || stateRef.current.error || stateRef.current.loading) return;
    const gen = generation.current;
    chatApi
      .userList(queryFor(1))
      .then(page => {
        if (gen !== generation.current) return;
        setState(x => {
          if (x.page <= 1) return { ...x, users: page.users, total: page.total, hasMore: page.has_more };
          const fresh = new Map(page.users.map(u => [u._id, u]));
          const rest = x.users.filter(u => !fresh.has(u._id));
          return { ...x, users: [...page.users, ...rest], total: page.total };
        });
      })
      .catch(() => undefined);
  }, [queryFor]);
  // A row's last message, unread count or money changed: page 1 again (rows move with the sort), once per burst.
  const refreshSoon = useDebounced(refresh, LIST_REFRESH_DEBOUNCE_MS);
  useFrame('UPDATE_USER_LAST_MESSAGE', refreshSoon);
  useFrame('UPDATE_USER_AMOUNT', refreshSoon);
  // Row-menu changes made elsewhere (nickname, mute, block, hidden from chat) and messages deleted from all.
  useFrame('UPDATE_CHAT_USER', refreshSoon);
  useFrame('DELETE_MESSAGE_FROM_ALL', refreshSoon);
  useLiveReload(refresh);

  const patchUser = useCallback((id: string, patch: Partial<ChatUserListEntry>) => {
    setState(x => (x.users.some(u => u._id === id) ? { ...x, users: x.users.map(u => (u._id === id ? { ...u, ...patch } : u)) } : x));
  }, []);

  const removeUser = useCallback((id: string) => {
    setState(x => ({ ...x, users: x.users.filter(u => u._id !== id), total: Math.max(0, x.total - 1) }));
  }, []);

  return { ...state, loadMore, retry, refresh, patchUser, removeUser };
}

// ---- one conversation -------------------------------------------------------------------------------------

/** A message as the screen holds it: the server's view, or one being sent (pending) or that failed. */
export type ShownMessage = ChatMessageView & { pending?: boolean; failed?: boolean };

export interface ConversationState {
  messages: ShownMessage[];
  /** The oldest page loaded. */
  page: number;
  hasMore: boolean;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
  payPerMessage: PayPerMessageStatus | null;
  /** Bumped when older messages were put on top (the list keeps its scroll position). */
  prepended: number;
  /** Bumped when new messages arrived at the bottom. */
  appended: number;
}

const emptyConversation = (): ConversationState => ({
  messages: [],
  page: 0,
  hasMore: false,
  loading: true,
  loadingOlder: false,
  error: null,
  payPerMessage: null,
  prepended: 0,
  appended: 0,
});

const lastId = (messages: readonly ShownMessage[]) => messages[messages.length - 1]?._id;

export function useConversation(userId: string | null, onRead: (userId: string) => void) {
  const [state, setState] = useState<ConversationState>(emptyConversation);
  const current = useRef(userId);
  current.current = userId;
  const reading = useRef(false);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;

  /** Marks the fan's messages read (POST /api/chat/read_message_model) when any are unread. */
  const markRead = useCallback((id: string, messages: readonly ShownMessage[], force = false) => {
    if (reading.current) return;
    if (!force && !messages.some(m => !m.fromAdmin && !m.isRead && m.type !== 'system')) return;
    reading.current = true;
    chatApi
      .read(id)
      .then(() => {
        if (current.current !== id) return;
        setState(s => ({ ...s, messages: s.messages.map(m => (!m.fromAdmin && !m.isRead ? { ...m, isRead: true } : m)) }));
        onReadRef.current(id);
      })
      .catch(() => undefined)
      .finally(() => {
        reading.current = false;
      });
  }, []);

  const apply = useCallback((id: string, page: ChatMessagePage, mode: 'first' | 'poll' | 'older') => {
    if (current.current !== id) return;
    setState(s => {
      const merged = mergeMessages(mode === 'first' ? [] : s.messages, page.messages);
      const grewAtEnd = lastId(merged) !== lastId(s.messages);
      return {
        ...s,
        messages: merged,
        page: mode === 'older' ? page.page_num : mode === 'first' ? 1 : s.page,
        hasMore: mode === 'poll' ? s.hasMore : page.has_more,
        loading: false,
        loadingOlder: false,
        error: null,
        payPerMessage: page.pay_per_message ?? s.payPerMessage,
        prepended: mode === 'older' ? s.prepended + 1 : s.prepended,
        appended: mode !== 'older' && grewAtEnd ? s.appended + 1 : s.appended,
      };
    });
  }, []);

  const loadFirst = useCallback(
    (id: string, signal?: AbortSignal) => {
      setState({ ...emptyConversation() });
      chatApi
        .messages(id, 1, signal)
        .then(page => {
          apply(id, page, 'first');
          // Opening the conversation reads it (read_message_model).
          markRead(id, page.messages, true);
        })
        .catch(error => {
          if (isAbort(error) || current.current !== id) return;
          setState(s => ({ ...s, loading: false, error: problemText(error, MESSAGES.messagesError) }));
        });
    },
    [apply, markRead]
  );

  useEffect(() => {
    if (!userId) {
      setState({ ...emptyConversation(), loading: false });
      return;
    }
    const controller = new AbortController();
    loadFirst(userId, controller.signal);
    return () => controller.abort();
  }, [userId, loadFirst]);

  const stateRef = useRef(state);
  stateRef.current = state;

  const loadOlder = useCallback(() => {
    const id = current.current;
    const s = stateRef.current;
    if (!id || s.loading || s.loadingOlder || !s.hasMore || s.error) return;
    setState(x => ({ ...x, loadingOlder: true }));
    chatApi
      .messages(id, s.page + 1)
      .then(page => apply(id, page, 'older'))
      .catch(error => {
        if (current.current !== id) return;
        setState(x => ({ ...x, loadingOlder: false, error: problemText(error, MESSAGES.messagesError) }));
      });
  }, [apply]);

  // Page 1 merged in when a frame says this conversation changed (new messages, unlocked, read by the fan).
  const polling = useRef(false);
  const again = useRef(false);
  const poll = useCallback(() => {
    const id = current.current;
    const s = stateRef.current;
    if (!id || s.loading || s.error) return;
    if (polling.current) {
      again.current = true; // one more read once this one answers: it may predate what changed
      return;
    }
    polling.current = true;
    again.current = false;
    chatApi
      .messages(id, 1)
      .then(page => {
        apply(id, page, 'poll');
        markRead(id, page.messages);
      })
      .catch(() => undefined)
      .finally(() => {
        polling.current = false;
        if (again.current) {
          again.current = false;
          pollRef.current();
        }
      });
  }, [apply, markRead]);
  const pollRef = useRef(poll);
  pollRef.current = poll;
  /**
   * One shown message read again by id: a change to a message older than page 1 (a rotated photo, a refreshed blur,
   * a video rendered again, an unlock) shows without a reload. Gone (404): it leaves the list.
   */
  const refreshMessage = useCallback((messageId: string) => {
    const id = current.current;
    if (!id || !stateRef.current.messages.some(m => m._id === messageId)) return;
    chatApi
      .message(messageId)
      .then(message => {
        if (current.current !== id) return;
        setState(s => (s.messages.some(m => m._id === messageId) ? { ...s, messages: mergeMessages(s.messages, [message]) } : s));
      })
      .catch(error => {
        if (current.current !== id || !(error instanceof ApiRequestError) || error.status !== 404) return;
        setState(s => ({ ...s, messages: s.messages.filter(m => m._id !== messageId) }));
      });
  }, []);

  // A new message in this conversation comes whole, as staff see it: shown at once (it replaces its pending bubble by
  // uniqueId) and marked read when it is the fan's; a frame without it (the server could not read it) reads page 1.
  useFrame(
    'MESSAGE_RECEIVE',
    data => {
      const id = current.current;
      if (!id || !concernsFan(data, id)) return;
      const message = receivedMessage(data);
      const s = stateRef.current;
      if (!message || s.loading || s.error) return poll();
      setState(x => ({ ...x, messages: mergeMessages(x.messages, [message]), appended: x.messages.some(m => m._id === message._id) ? x.appended : x.appended + 1 }));
      markRead(id, [message]);
    },
    Boolean(userId)
  );
  useFrame(
    'UPDATE_MESSAGE',
    data => {
      if (!concernsFan(data, current.current)) return;
      poll();
      if (typeof data._id === 'string') refreshMessage(data._id);
    },
    Boolean(userId)
  );
  // A message deleted from all (DELETE_MESSAGE_FROM_ALL): its bubble goes at once, wherever it was sent from.
  useFrame(
    'DELETE_MESSAGE_FROM_ALL',
    data => {
      if (!concernsFan(data, current.current)) return;
      setState(s => ({ ...s, messages: s.messages.filter(m => m._id !== data._id) }));
    },
    Boolean(userId)
  );
  // The fan read the conversation: the staff's messages show as seen.
  // The fan read the conversation: the staff's messages up to then show as seen, where they are (no read needed).
  useFrame(
    'UPDATE_USER_LAST_MESSAGE',
    data => {
      if (typeof data.readByUserAt !== 'string' || !concernsFan(data, current.current)) return;
      const readAt = data.readByUserAt;
      setState(s => {
        const messages = withReadReceipt(s.messages, 'user', readAt);
        return messages === s.messages ? s : { ...s, messages };
      });
    },
    Boolean(userId)
  );
  // Money this fan spent moved: a tip sent from chat is a message too, and no message frame announces it yet
  // (the server sends none for TipSent), so the conversation is read again once the burst of money frames ends.
  const pollSoon = useDebounced(poll, LIST_REFRESH_DEBOUNCE_MS);
  useFrame('UPDATE_USER_AMOUNT', data => concernsFan(data, current.current) && pollSoon(), Boolean(userId));
  useLiveReload(poll, Boolean(userId));

  const retry = useCallback(() => {
    if (userId) loadFirst(userId);
  }, [userId, loadFirst]);

  /** Shows a message being sent; `settle` replaces it with the server's copy or marks it failed. */
  const addPending = useCallback((message: ShownMessage) => {
    setState(s => ({ ...s, messages: [...s.messages, message], appended: s.appended + 1 }));
  }, []);
  const settle = useCallback((uniqueId: string, result: ChatMessageView | null) => {
    setState(s => {
      if (!result) return { ...s, messages: s.messages.map(m => (m.uniqueId === uniqueId && m.pending ? { ...m, pending: false, failed: true } : m)) };
      const rest = s.messages.filter(m => !(m.pending || m.failed) || m.uniqueId !== uniqueId);
      // Its frame may have brought it first, with a later read receipt applied where it is: that copy stays.
      if (rest.some(m => m._id === result._id)) return { ...s, messages: rest };
      return { ...s, messages: mergeMessages(rest, [result]), appended: s.appended + 1 };
    });
  }, []);
  const drop = useCallback((uniqueId: string) => {
    setState(s => ({ ...s, messages: s.messages.filter(m => m.uniqueId !== uniqueId || !(m.pending || m.failed)) }));
  }, []);
  const replace = useCallback((message: ChatMessageView) => {
    setState(s => ({ ...s, messages: mergeMessages(s.messages, [message]), appended: s.messages.some(x => x._id === message._id) ? s.appended : s.appended + 1 }));
  }, []);

  /** A message this console deleted: gone (from all) or marked (from the subscriber), before the frame comes. */
  const removeMessage = useCallback((id: string, scope: 'user' | 'all') => {
    setState(s => ({
      ...s,
      messages: scope === 'all' ? s.messages.filter(m => m._id !== id) : s.messages.map(m => (m._id === id ? { ...m, deletedForUser: true } : m)),
    }));
  }, []);

  return { ...state, loadOlder, retry, poll, refreshMessage, addPending, settle, drop, replace, removeMessage };
}

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

// One conversation of the console chat: its pages in the read cache (page 1 the newest, older pages on demand), the
// messages this console is sending, read receipts. Frames change the cache: a new message comes whole as staff see
// it (MESSAGE_RECEIVE), a changed one reads page 1 again and that message by id, one deleted from all goes at once,
// the fan's read receipt marks the staff's messages seen; a reconnect or the tab shown again reads page 1 again.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { withReadReceipt } from '../../../domain/chat/views';
import { receivedMessage } from '../../../domain/realtime/audience';
import { ApiRequestError } from '../api';
import { useLivePages } from '../query';
import { useDebounced, useFrame } from '../realtime';
import { chatApi } from './api';
import { editMessages, holds, messagesOf, withFirstMessages, withMessages, withoutMessage } from './pages';
import { concernsFan, LIST_REFRESH_DEBOUNCE_MS, MESSAGES, mergeMessages } from './rules';
import { problemText, type ShownMessage } from './useChat';

export interface ConversationState {
  messages: ShownMessage[];
  hasMore: boolean;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
  payPerMessage: PayPerMessageStatus | null;
  /** How many pages are held: one more when older messages were put on top (the list keeps its scroll position). */
  pages: number;
  /** The newest message's id: the list follows new messages at the bottom. */
  newest: string | undefined;
}

const unreadFromFan = (m: ChatMessageView) => !m.fromAdmin && !m.isRead && m.type !== 'system';
const readAll = editMessages(ms => (ms.some(m => !m.fromAdmin && !m.isRead) ? ms.map(m => (!m.fromAdmin && !m.isRead ? { ...m, isRead: true } : m)) : ms));

export function useConversation(userId: string | null, onRead: (userId: string) => void) {
  const id = userId ?? '';
  const on = Boolean(userId);
  const pollRef = useRef<() => void>(() => undefined);
  const { query, edit, loadMore } = useLivePages(['chat', 'messages', userId], (page, signal) => chatApi.messages(id, page, signal), {
    enabled: on,
    next: (last, _pages, page) => (last.has_more ? page + 1 : undefined),
    reread: () => pollRef.current(),
  });
  const server = useMemo(() => (query.data ? messagesOf(query.data) : []), [query.data]);
  const serverRef = useRef(server);
  serverRef.current = server;

  // Messages this console is sending (pending) or that failed: shown until the server's copy (same uniqueId) replaces them.
  const [sending, setSending] = useState<ShownMessage[]>([]);
  const messages = useMemo(() => (sending.length ? mergeMessages<ShownMessage>(sending, server) : server), [sending, server]);
  useEffect(() => {
    const came = new Set(server.flatMap(m => (m.uniqueId ? [m.uniqueId] : [])));
    setSending(s => (s.some(m => m.uniqueId && came.has(m.uniqueId)) ? s.filter(m => !m.uniqueId || !came.has(m.uniqueId)) : s));
  }, [server]);

  /** Marks the fan's messages read (POST /api/chat/read_message_model) when any are unread. */
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const reading = useRef(false);
  const markRead = useCallback(
    (shown: readonly ChatMessageView[], force = false) => {
      if (!id || reading.current || (!force && !shown.some(unreadFromFan))) return;
      reading.current = true;
      chatApi
        .read(id)
        .then(() => {
          edit(readAll);
          onReadRef.current(id);
        })
        .catch(() => undefined)
        .finally(() => {
          reading.current = false;
        });
    },
    [id, edit]
  );

  // Opening the conversation reads it, once its first read of this opening answers.
  const opened = useRef(false);
  const first = query.isFetchedAfterMount && query.isSuccess ? query.data.pages[0] : undefined;
  useEffect(() => {
    if (!first || opened.current) return;
    opened.current = true;
    markRead(first.messages, true);
  }, [first, markRead]);

  // Page 1 merged in when a frame says this conversation changed (new messages, unlocked, read by the fan).
  const ready = Boolean(query.data) && !query.isError;
  const polling = useRef(false);
  const again = useRef(false);
  const poll = useCallback(() => {
    if (!id || !ready) return;
    if (polling.current) {
      again.current = true; // one more read once this one answers: it may predate what changed
      return;
    }
    polling.current = true;
    again.current = false;
    chatApi
      .messages(id, 1)
      .then(page => {
        edit(withFirstMessages(page));
        markRead(page.messages);
      })
      .catch(() => undefined)
      .finally(() => {
        polling.current = false;
        if (again.current) {
          again.current = false;
          pollRef.current();
        }
      });
  }, [id, ready, edit, markRead]);
  pollRef.current = poll;

  /**
   * One shown message read again by id: a change to a message older than page 1 (a rotated photo, a refreshed blur,
   * a video rendered again, an unlock) shows without a reload. Gone (404): it leaves the list.
   */
  const refreshMessage = useCallback(
    (messageId: string) => {
      if (!id || !serverRef.current.some(m => m._id === messageId)) return;
      chatApi
        .message(messageId)
        .then(message => edit(held => (holds(held, messageId) ? withMessages([message])(held) : held)))
        .catch(error => {
          if (error instanceof ApiRequestError && error.status === 404) edit(withoutMessage(messageId));
        });
    },
    [id, edit]
  );

  // A new message in this conversation comes whole, as staff see it: shown at once (it replaces its pending bubble by
  // uniqueId) and marked read when it is the fan's; a frame without it (the server could not read it) reads page 1.
  useFrame(
    'MESSAGE_RECEIVE',
    data => {
      if (!concernsFan(data, userId)) return;
      const message = receivedMessage(data);
      if (!message) return poll();
      edit(withMessages([message]));
      markRead([message]);
    },
    on
  );
  useFrame(
    'UPDATE_MESSAGE',
    data => {
      if (!concernsFan(data, userId)) return;
      poll();
      if (typeof data._id === 'string') refreshMessage(data._id);
    },
    on
  );
  // A message deleted from all (DELETE_MESSAGE_FROM_ALL): its bubble goes at once, wherever it was sent from.
  useFrame('DELETE_MESSAGE_FROM_ALL', data => concernsFan(data, userId) && typeof data._id === 'string' && edit(withoutMessage(data._id)), on);
  // The fan read the conversation: the staff's messages up to then show as seen, where they are (no read needed).
  useFrame(
    'UPDATE_USER_LAST_MESSAGE',
    data => {
      const readAt = data.readByUserAt;
      if (typeof readAt === 'string' && concernsFan(data, userId)) edit(editMessages(ms => withReadReceipt(ms, 'user', readAt)));
    },
    on
  );
  // Money this fan spent moved: a tip sent from chat is a message too, and no message frame announces it yet
  // (the server sends none for TipSent), so the conversation is read again once the burst of money frames ends.
  const pollSoon = useDebounced(poll, LIST_REFRESH_DEBOUNCE_MS);
  useFrame('UPDATE_USER_AMOUNT', data => concernsFan(data, userId) && pollSoon(), on);

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  /** Shows a message being sent; `settle` replaces it with the server's copy or marks it failed. */
  const addPending = useCallback((message: ShownMessage) => setSending(s => [...s, message]), []);
  const settle = useCallback(
    (uniqueId: string, result: ChatMessageView | null) => {
      if (!result) {
        setSending(s => s.map(m => (m.uniqueId === uniqueId && m.pending ? { ...m, pending: false, failed: true } : m)));
        return;
      }
      setSending(s => s.filter(m => m.uniqueId !== uniqueId));
      // Its frame may have brought it first, with a later read receipt applied where it is: that copy stays.
      edit(held => (holds(held, result._id) ? held : withMessages([result])(held)));
    },
    [edit]
  );
  const drop = useCallback((uniqueId: string) => setSending(s => s.filter(m => m.uniqueId !== uniqueId)), []);
  const replace = useCallback((message: ChatMessageView) => edit(withMessages([message])), [edit]);

  /** A message this console deleted: gone (from all) or marked (from the subscriber), before the frame comes. */
  const removeMessage = useCallback(
    (messageId: string, scope: 'user' | 'all') =>
      edit(scope === 'all' ? withoutMessage(messageId) : editMessages(ms => ms.map(m => (m._id === messageId ? { ...m, deletedForUser: true } : m)))),
    [edit]
  );

  const data = query.data;
  const state: ConversationState = {
    messages,
    hasMore: Boolean(query.hasNextPage),
    loading: on && !data && (!query.error || query.isFetching),
    loadingOlder: query.isFetchingNextPage,
    error: query.error ? problemText(query.error, MESSAGES.messagesError) : null,
    payPerMessage: data?.pages.find(p => p.pay_per_message)?.pay_per_message ?? null,
    pages: data?.pages.length ?? 0,
    newest: messages[messages.length - 1]?._id,
  };
  return { ...state, loadOlder: loadMore, retry, poll, refreshMessage, addPending, settle, drop, replace, removeMessage };
}

// The conversation as the fan sees it, a query in the shared cache (./chatConversation.ts): page 1 (the newest
// messages) first, older pages when scrolled to the top, a new message shown from its frame (MESSAGE_RECEIVE
// carries it), page 1 read again when a frame says the conversation changed (UPDATE_MESSAGE; a changed message
// that is shown is read again by id, so one older than page 1 follows too), after a reconnect and when the tab is
// visible again, and the conversation marked read (POST /api/chat/read_message_user) whenever unread messages
// from the creator are on a visible page.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { receivedMessage } from '../../../domain/realtime/audience';
import { ApiError, errorMessage } from '../api';
import { useAuth } from '../auth';
import { sendFrame, useFrame, useLiveState, useUpdateOn } from '../realtime';
import { chatApi } from './chatApi';
import { CONVERSATION_KEY as KEY, type Conversation, withMessage, withNewest, withOlder, without, withReceipt, withReread, withTerms } from './chatConversation';
import { applyPushedTerms, LOAD_FAILED, visibleToFan } from './chatRules';
import { setUnreadCount } from './unread';

export type ChatLoadStatus = 'loading' | 'ready' | 'error' | 'forbidden';

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
const forbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

export function useChatMessages() {
  const client = useQueryClient();
  /** The next read of page 1 starts the conversation over (the screen opened, or the fan retried). */
  const restart = useRef(true);
  const markedRead = useRef(new Set<string>());

  /** Marks the conversation read when the creator's unread messages are shown on a visible page. */
  const markRead = useCallback(async (messages: ChatMessageView[]) => {
    if (!isVisible()) return;
    const unread = messages.filter((m) => m.fromAdmin && !m.isRead && visibleToFan(m) && !markedRead.current.has(m._id));
    if (!unread.length) return;
    for (const m of unread) markedRead.current.add(m._id);
    try {
      await chatApi.markRead();
      setUnreadCount(0);
    } catch {
      for (const m of unread) markedRead.current.delete(m._id); // asked again on the next read of page 1
    }
  }, []);

  const query = useQuery({
    queryKey: KEY,
    queryFn: async (): Promise<Conversation> => {
      const fresh = restart.current;
      restart.current = false;
      const { data } = await chatApi.messages(1);
      void markRead(data.messages ?? []);
      return withNewest(client.getQueryData<Conversation>(KEY), data, fresh);
    },
  });
  const conversation = query.data;
  const update = useCallback((fn: (c: Conversation) => Conversation) => client.setQueryData<Conversation>(KEY, (c) => (c ? fn(c) : c)), [client]);
  /** Page 1 again: a change was announced, or an action changed the conversation. */
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: KEY }), [client]);

  const older = useMutation({
    mutationFn: async () => {
      const pageNum = (client.getQueryData<Conversation>(KEY)?.page ?? 1) + 1;
      return { pageNum, answer: (await chatApi.messages(pageNum)).data };
    },
    onSuccess: ({ pageNum, answer }) => update((c) => withOlder(c, pageNum, answer)),
  });
  const olderBusy = useRef(false);
  const { mutateAsync: readOlder } = older;
  const loadOlder = useCallback(async () => {
    if (olderBusy.current) return;
    olderBusy.current = true;
    await readOlder().catch(() => undefined); // the error shows with a retry
    olderBusy.current = false;
  }, [readOlder]);

  const { refetch } = query;
  const retry = useCallback(() => {
    restart.current = true;
    void refetch();
  }, [refetch]);

  /**
   * One shown message read again (GET /api/chat/get_chat_message). Gone (404): it leaves the list; still rendering
   * (409, hidden from fans until ready): the copy shown stays until the next change is announced.
   */
  const reloadOne = useCallback(
    async (id: string) => {
      try {
        const { data } = await chatApi.message(id);
        if (data) update((c) => withReread(c, data));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) update((c) => without(c, { _id: id }));
      }
    },
    [update],
  );

  /** A message changed (bought, sent): show the server's copy. */
  const upsert = useCallback((m: ChatMessageView) => update((c) => withMessage(c, m)), [update]);
  /** A message this page sent, as the send answered it: shown unless its frame brought it first (that copy may
   *  already carry a later read receipt, applied where it is). */
  const addSent = useCallback((m: ChatMessageView) => update((c) => withMessage(c, m, true)), [update]);
  const setPayPerMessage = useCallback(
    (fn: (p: PayPerMessageStatus | null) => PayPerMessageStatus | null) => update((c) => withTerms(c, fn(c.payPerMessage))),
    [update],
  );

  // Frames reach a fan only about their own conversation (the audience rule), so every MESSAGE_RECEIVE /
  // UPDATE_MESSAGE is about this one. A new message comes whole, as this fan sees it: shown at once; a frame
  // without it (the server could not read the message) makes page 1 read again.
  useFrame<Record<string, unknown>>('MESSAGE_RECEIVE', (data) => {
    const message = receivedMessage(data);
    if (!message || !client.getQueryData(KEY)) return void refresh();
    update((c) => withMessage(c, message));
    void markRead([message]);
  });
  // A change to one message (staff rotated its photo, refreshed its blur or its video finished rendering, it was
  // unlocked): page 1 again, and the message itself when it is shown but may be older than page 1 (scrolled back).
  useFrame<{ _id?: string; isRead?: boolean; readBy?: string; readAt?: string }>('UPDATE_MESSAGE', (data) => {
    // A read receipt (the creator read the fan's messages, or the fan read in another tab) needs no read: the
    // messages shown up to then are marked read where they are.
    if (data._id === undefined && data.isRead === true && (data.readBy === 'user' || data.readBy === 'staff') && typeof data.readAt === 'string') {
      const { readBy, readAt } = data;
      const shown = client.getQueryData<Conversation>(KEY)?.messages ?? [];
      if (readBy === 'user') for (const m of shown) if (m.fromAdmin) markedRead.current.add(m._id);
      return void update((c) => withReceipt(c, readBy, readAt));
    }
    void refresh();
    const id = data._id;
    if (typeof id === 'string' && client.getQueryData<Conversation>(KEY)?.messages.some((m) => m._id === id)) void reloadOne(id);
  });
  // Staff deleted a message (DELETE_MESSAGE, DELETE_MESSAGE_FROM_ALL with udid): its bubble goes at once.
  const drop = (c: Conversation | undefined, ids: { _id?: string; udid?: string }) => (c ? without(c, ids) : undefined);
  useUpdateOn('DELETE_MESSAGE', KEY, drop);
  useUpdateOn('DELETE_MESSAGE_FROM_ALL', KEY, drop);
  // Pay-per-message terms pushed: asked with IS_ENABLE_PAY_PER_MESSAGE whenever the socket is (again)
  // live and whenever the site's settings change; credit grants and uses arrive by themselves. The alerts follow them.
  useUpdateOn<Conversation>('PAY_PER_MESSAGE_STATUS', KEY, (c, pushed) => (c ? withTerms(c, applyPushedTerms(c.payPerMessage, pushed)) : undefined));
  const { me } = useAuth();
  const live = useLiveState() === 'live';
  const email = me?.email;
  const askTerms = useCallback(
    () => void sendFrame('IS_ENABLE_PAY_PER_MESSAGE', { ...(email ? { email } : {}), isUniversal: false, modelDomain: window.location.host }),
    [email],
  );
  useEffect(() => {
    if (live) askTerms();
  }, [live, askTerms]);
  useFrame('SETTINGS_UPDATED', askTerms);

  const error = query.error;
  const status: ChatLoadStatus = forbidden(error) ? 'forbidden' : conversation ? 'ready' : query.isFetching || !error ? 'loading' : 'error';
  const messages = useMemo(() => conversation?.messages ?? [], [conversation]);
  return {
    status,
    error: status === 'forbidden' ? (error as ApiError).message : status === 'error' ? errorMessage(error, LOAD_FAILED) : null,
    /** Every message loaded, oldest first (including the ones a fan does not see; filter with visibleToFan). */
    messages,
    hasMore: conversation?.hasMore ?? false,
    loadingOlder: older.isPending,
    olderError: older.error ? errorMessage(older.error, LOAD_FAILED) : null,
    payPerMessage: conversation?.payPerMessage ?? null,
    loadOlder,
    retry,
    refresh,
    upsert,
    addSent,
    setPayPerMessage,
  };
}

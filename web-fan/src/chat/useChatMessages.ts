// The conversation as the fan sees it: page 1 (the newest messages) first, older pages when scrolled to the top,
// page 1 read again when a frame says the conversation changed (MESSAGE_RECEIVE, UPDATE_MESSAGE; a changed message
// that is shown is read again by id, so one older than page 1 follows too), after a reconnect and when the tab is
// visible again, and the conversation marked read (POST /api/chat/read_message_user)
// whenever unread messages from the creator are on a visible page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { ApiError, errorMessage } from '../api';
import { chatApi } from './chatApi';
import { LOAD_FAILED, mergeMessages, pageOverlaps, visibleToFan } from './chatRules';
import { useFrame, useLiveReload } from '../realtime';
import { setUnreadCount } from './unread';

export type ChatLoadStatus = 'loading' | 'ready' | 'error' | 'forbidden';

export interface ChatMessagesState {
  status: ChatLoadStatus;
  error: string | null;
  /** Every message loaded, oldest first (including the ones a fan does not see; filter with visibleToFan). */
  messages: ChatMessageView[];
  hasMore: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  payPerMessage: PayPerMessageStatus | null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export function useChatMessages() {
  const [state, setState] = useState<ChatMessagesState>({
    status: 'loading',
    error: null,
    messages: [],
    hasMore: false,
    loadingOlder: false,
    olderError: null,
    payPerMessage: null,
  });
  /** The oldest page loaded so far. */
  const pageRef = useRef(1);
  const messagesRef = useRef<ChatMessageView[]>([]);
  const reading = useRef(false);
  const again = useRef(false);
  const loadNewestRef = useRef<() => Promise<void>>(async () => undefined);
  const olderBusy = useRef(false);
  const markedRead = useRef(new Set<string>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const update = useCallback((fn: (s: ChatMessagesState) => ChatMessagesState) => {
    setState((s) => {
      const next = fn(s);
      messagesRef.current = next.messages;
      return next;
    });
    // (Returning the same state object lets React skip the render.)
  }, []);

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

  /** Page 1: the first load, each change a frame announces and a refresh after an action. */
  const loadNewest = useCallback(
    async (first = false) => {
      if (reading.current && !first) {
        again.current = true; // one more round once this one answers: it may predate what changed
        return;
      }
      reading.current = true;
      again.current = false;
      try {
        const { data } = await chatApi.messages(1);
        if (!alive.current) return;
        const page = data.messages ?? [];
        update((s) => {
          const restart = first || s.status !== 'ready' || !pageOverlaps(s.messages, page);
          if (restart) pageRef.current = 1;
          const messages = restart ? mergeMessages([], page) : mergeMessages(s.messages, page);
          const payPerMessage = data.pay_per_message ?? s.payPerMessage;
          // A read that brings nothing new keeps the same state: no re-render.
          if (!restart && s.status === 'ready' && sameJson(messages, s.messages) && sameJson(payPerMessage, s.payPerMessage)) return s;
          return {
            ...s,
            status: 'ready',
            error: null,
            messages,
            hasMore: restart ? data.has_more : s.hasMore,
            payPerMessage,
          };
        });
        void markRead(page);
      } catch (err) {
        if (!alive.current) return;
        if (err instanceof ApiError && err.status === 403) {
          update((s) => ({ ...s, status: 'forbidden', error: err.message }));
          return;
        }
        // A failed re-read keeps what is shown; only the first load shows the error.
        update((s) => (s.status === 'ready' && !first ? s : { ...s, status: 'error', error: errorMessage(err, LOAD_FAILED) }));
      } finally {
        reading.current = false;
        if (again.current && alive.current) {
          again.current = false;
          void loadNewestRef.current();
        }
      }
    },
    [markRead, update],
  );

  loadNewestRef.current = () => loadNewest();

  const loadOlder = useCallback(async () => {
    if (olderBusy.current) return;
    olderBusy.current = true;
    const pageNum = pageRef.current + 1;
    update((s) => ({ ...s, loadingOlder: true, olderError: null }));
    try {
      const { data } = await chatApi.messages(pageNum);
      if (!alive.current) return;
      pageRef.current = pageNum;
      update((s) => ({ ...s, loadingOlder: false, messages: mergeMessages(s.messages, data.messages ?? []), hasMore: data.has_more }));
    } catch (err) {
      if (alive.current) update((s) => ({ ...s, loadingOlder: false, olderError: errorMessage(err, LOAD_FAILED) }));
    } finally {
      olderBusy.current = false;
    }
  }, [update]);

  const retry = useCallback(() => {
    update((s) => ({ ...s, status: 'loading', error: null }));
    void loadNewest(true);
  }, [loadNewest, update]);

  /**
   * One shown message read again (GET /api/chat/get_chat_message). Gone (404): it leaves the list; still rendering
   * (409, hidden from fans until ready): the copy shown stays until the next change is announced.
   */
  const reloadOne = useCallback(
    async (id: string) => {
      try {
        const { data } = await chatApi.message(id);
        if (!alive.current || !data) return;
        update((s) => (s.messages.some((m) => m._id === id) && !sameJson(s.messages.find((m) => m._id === id), data) ? { ...s, messages: mergeMessages(s.messages, [data]) } : s));
      } catch (err) {
        if (alive.current && err instanceof ApiError && err.status === 404) update((s) => ({ ...s, messages: s.messages.filter((m) => m._id !== id) }));
      }
    },
    [update],
  );

  /** A message changed (bought, sent): show the server's copy. */
  const upsert = useCallback((m: ChatMessageView) => update((s) => ({ ...s, messages: mergeMessages(s.messages, [m]) })), [update]);

  const setPayPerMessage = useCallback(
    (fn: (p: PayPerMessageStatus | null) => PayPerMessageStatus | null) => update((s) => ({ ...s, payPerMessage: fn(s.payPerMessage) })),
    [update],
  );

  // First load; then page 1 again whenever the conversation changed. Frames reach a fan only about their own
  // conversation (the audience rule), so every MESSAGE_RECEIVE / UPDATE_MESSAGE is about this one.
  useEffect(() => {
    void loadNewest(true);
  }, [loadNewest]);
  useFrame('MESSAGE_RECEIVE', () => void loadNewest());
  // A change to one message (staff rotated its photo, refreshed its blur or its video finished rendering, it was
  // unlocked): page 1 again, and the message itself when it is shown but may be older than page 1 (scrolled back).
  useFrame<{ _id?: string }>('UPDATE_MESSAGE', (data) => {
    void loadNewest();
    if (typeof data._id === 'string' && messagesRef.current.some((m) => m._id === data._id)) void reloadOne(data._id);
  });
  // Staff deleted a message (spec 3 §7.8 DELETE_MESSAGE, DELETE_MESSAGE_FROM_ALL with udid): its bubble goes at once.
  const dropMessage = ({ _id, udid }: { _id?: string; udid?: string }) =>
    update((s) => ({ ...s, messages: s.messages.filter((m) => m._id !== _id && !(udid && m.udid === udid)) }));
  useFrame<{ _id?: string; udid?: string }>('DELETE_MESSAGE', dropMessage);
  useFrame<{ _id?: string; udid?: string }>('DELETE_MESSAGE_FROM_ALL', dropMessage);
  useFrame<{ payPerMessageCredit?: number }>('PAY_PER_MESSAGE_STATUS', ({ payPerMessageCredit }) => {
    if (typeof payPerMessageCredit === 'number') setPayPerMessage((p) => (p && p.payPerMessageCredit !== payPerMessageCredit ? { ...p, payPerMessageCredit } : p));
  });
  useLiveReload(() => {
    if (isVisible()) void loadNewest();
  });

  return { ...state, loadOlder, retry, refresh: loadNewest, upsert, setPayPerMessage, messagesRef };
}

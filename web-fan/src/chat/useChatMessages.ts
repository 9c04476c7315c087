// The conversation as the fan sees it: page 1 (the newest messages) first, older pages when scrolled to the top,
// a poll for new messages every 5 seconds while the page is visible, and the conversation marked read (POST
// /api/chat/read_message_user) whenever unread messages from the creator are on a visible page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { ApiError, errorMessage } from '../api';
import { chatApi } from './chatApi';
import { CHAT_POLL_MS, LOAD_FAILED, mergeMessages, pageOverlaps, visibleToFan } from './chatRules';
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
  const polling = useRef(false);
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
      for (const m of unread) markedRead.current.delete(m._id); // asked again on the next poll
    }
  }, []);

  /** Page 1: the first load, each poll and a refresh after an action. */
  const loadNewest = useCallback(
    async (first = false) => {
      if (polling.current && !first) {
        again.current = true; // one more round once this one answers: it may predate what changed
        return;
      }
      polling.current = true;
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
          // A poll that brings nothing new keeps the same state: no re-render every 5 seconds.
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
        // A failed poll keeps what is shown; only the first load shows the error.
        update((s) => (s.status === 'ready' && !first ? s : { ...s, status: 'error', error: errorMessage(err, LOAD_FAILED) }));
      } finally {
        polling.current = false;
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

  /** A message changed (bought, sent): show the server's copy. */
  const upsert = useCallback((m: ChatMessageView) => update((s) => ({ ...s, messages: mergeMessages(s.messages, [m]) })), [update]);

  const setPayPerMessage = useCallback(
    (fn: (p: PayPerMessageStatus | null) => PayPerMessageStatus | null) => update((s) => ({ ...s, payPerMessage: fn(s.payPerMessage) })),
    [update],
  );

  // First load, then a poll every 5 seconds while the page is visible (and at once when it becomes visible).
  useEffect(() => {
    void loadNewest(true);
    const tick = () => {
      if (isVisible()) void loadNewest();
    };
    const timer = setInterval(tick, CHAT_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [loadNewest]);

  return { ...state, loadOlder, retry, refresh: loadNewest, upsert, setPayPerMessage, messagesRef };
}

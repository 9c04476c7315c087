// The conversation as the fan sees it: page 1 (the newest messages) first, older pages when scrolled to the top,
// a new message shown from its frame (MESSAGE_RECEIVE carries it), page 1 read again when a frame says the
// conversation changed (UPDATE_MESSAGE; a changed message that is shown is read again by id, so one older than
// page 1 follows too), after a reconnect and when the tab is
// visible again, and the conversation marked read (POST /api/chat/read_message_user)
// whenever unread messages from the creator are on a visible page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { ApiError, errorMessage } from '../api';
import { chatApi } from './chatApi';
import { applyPushedTerms, LOAD_FAILED, mergeMessages, pageOverlaps, visibleToFan } from './chatRules';
import { sendFrame, useFrame, useLiveReload, useLiveState } from '../realtime';
import { useAuth } from '../auth';
import { setUnreadCount } from './unread';
import { receivedMessage } from '../../../domain/realtime/audience';
import { withReadReceipt } from '../../../domain/chat/views';

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
  const statusRef = useRef<ChatLoadStatus>('loading');
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
      statusRef.current = next.status;
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
  /** A message this page sent, as the send answered it: shown unless its frame brought it first (that copy may
   *  already carry a later read receipt, applied where it is). */
  const addSent = useCallback((m: ChatMessageView) => update((s) => (s.messages.some((x) => x._id === m._id) ? s : { ...s, messages: mergeMessages(s.messages, [m]) })), [update]);

  const setPayPerMessage = useCallback(
    (fn: (p: PayPerMessageStatus | null) => PayPerMessageStatus | null) => update((s) => ({ ...s, payPerMessage: fn(s.payPerMessage) })),
    [update],
  );

  // First load; then page 1 again whenever the conversation changed. Frames reach a fan only about their own
  // conversation (the audience rule), so every MESSAGE_RECEIVE / UPDATE_MESSAGE is about this one.
  useEffect(() => {
    void loadNewest(true);
  }, [loadNewest]);
  // A new message comes whole, as this fan sees it: shown at once; a frame without it (the server could not read
  // the message) makes page 1 read again.
  useFrame<Record<string, unknown>>('MESSAGE_RECEIVE', (data) => {
    const message = receivedMessage(data);
    if (!message || statusRef.current !== 'ready') return void loadNewest();
    update((s) => (sameJson(s.messages.find((m) => m._id === message._id), message) ? s : { ...s, messages: mergeMessages(s.messages, [message]) }));
    void markRead([message]);
  });
  // A change to one message (staff rotated its photo, refreshed its blur or its video finished rendering, it was
  // unlocked): page 1 again, and the message itself when it is shown but may be older than page 1 (scrolled back).
  useFrame<{ _id?: string; isRead?: boolean; readBy?: string; readAt?: string }>('UPDATE_MESSAGE', (data) => {
    // A read receipt (the creator read the fan's messages, or the fan read in another tab) needs no read: the
    // messages shown up to then are marked read where they are.
    if (data._id === undefined && data.isRead === true && (data.readBy === 'user' || data.readBy === 'staff') && typeof data.readAt === 'string') {
      const { readBy, readAt } = data;
      if (readBy === 'user') for (const m of messagesRef.current) if (m.fromAdmin) markedRead.current.add(m._id);
      return update((s) => {
        const messages = withReadReceipt(s.messages, readBy, readAt);
        return messages === s.messages ? s : { ...s, messages };
      });
    }
    void loadNewest();
    if (typeof data._id === 'string' && messagesRef.current.some((m) => m._id === data._id)) void reloadOne(data._id);
  });
  // Staff deleted a message (DELETE_MESSAGE, DELETE_MESSAGE_FROM_ALL with udid): its bubble goes at once.
  const dropMessage = ({ _id, udid }: { _id?: string; udid?: string }) =>
    update((s) => ({ ...s, messages: s.messages.filter((m) => m._id !== _id && !(udid && m.udid === udid)) }));
  useFrame<{ _id?: string; udid?: string }>('DELETE_MESSAGE', dropMessage);
  useFrame<{ _id?: string; udid?: string }>('DELETE_MESSAGE_FROM_ALL', dropMessage);
  // Pay-per-message terms pushed: asked with IS_ENABLE_PAY_PER_MESSAGE whenever the socket is (again)
  // live and whenever the site's settings change; credit grants and uses arrive by themselves. The alerts follow them.
  useFrame<Record<string, unknown>>('PAY_PER_MESSAGE_STATUS', (pushed) => setPayPerMessage((p) => applyPushedTerms(p, pushed)));
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
  useLiveReload(() => {
    if (isVisible()) void loadNewest();
  });

  return { ...state, loadOlder, retry, refresh: loadNewest, upsert, addSent, setPayPerMessage, messagesRef };
}

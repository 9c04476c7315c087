// The chat list's scrolling: it stays at the newest message while the fan reads there (also when the list changes
// size: a phone turned, the keyboard opened, an image came in), keeps the position when older messages come in
// above, loads older ones near the top (and until a short first page scrolls), and offers a jump to the newest
// message when one arrives while the fan has scrolled away.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { useChatMessages } from './useChatMessages';

/** Within this distance of the bottom the list follows new messages. */
const STICK_PX = 96;
/** Within this distance of the top the next older page loads. */
const OLDER_PX = 160;

export interface ChatScrollInput {
  chat: ReturnType<typeof useChatMessages>;
  /** The first and last message shown, and the pending ones' ids: a change of them may move the list. */
  firstId: string;
  lastId: string;
  pendingIds: string;
  anyShown: boolean;
  /** Whether the list follows new messages (the composer sets it when the fan sends). */
  stick: RefObject<boolean>;
}

export function useChatScroll({ chat, firstId, lastId, pendingIds, anyShown, stick }: ChatScrollInput) {
  const listRef = useRef<HTMLDivElement>(null);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const metrics = useRef({ height: 0, client: 0 });
  const [showJump, setShowJump] = useState(false);

  const { hasMore, loadingOlder, olderError, loadOlder: fetchOlder } = chat;
  const loadOlder = useCallback(() => {
    const el = listRef.current;
    if (!el || !hasMore || loadingOlder || olderError) return;
    restore.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchOlder();
  }, [hasMore, loadingOlder, olderError, fetchOlder]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (restore.current) {
      if (!chat.loadingOlder) {
        const r = restore.current;
        restore.current = null;
        el.scrollTop = el.scrollHeight - r.height + r.top;
      }
      return;
    }
    if (stick.current) {
      el.scrollTop = el.scrollHeight;
      setShowJump(false);
    } else if (lastId) setShowJump(true);
  }, [firstId, lastId, pendingIds, chat.loadingOlder, chat.status, stick]);

  // The list changes size (a phone turned, the keyboard opened, the text area grew, an image came in): the
  // fan reading the newest messages stays at the bottom.
  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const follow = () => {
      if (stick.current && !restore.current) el.scrollTop = el.scrollHeight;
      metrics.current = { height: el.scrollHeight, client: el.clientHeight };
    };
    const ro = new ResizeObserver(follow);
    ro.observe(el);
    const inner = el.querySelector('ol');
    if (inner) ro.observe(inner);
    // Sizes that change and change back within a frame reach no observer, but the scroll position may have been
    // clamped in between: the window's resize catches those.
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    window.addEventListener('resize', onResize);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
    };
  }, [chat.status, anyShown, stick]);

  // A short first page on a tall screen: load older ones until the list scrolls.
  useEffect(() => {
    const el = listRef.current;
    if (el && chat.status === 'ready' && chat.hasMore && !chat.loadingOlder && el.scrollHeight <= el.clientHeight + OLDER_PX) loadOlder();
  }, [chat.status, chat.hasMore, chat.loadingOlder, firstId, loadOlder]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    // A scroll that comes with a change of size (the window resized, text reflowed) is not the fan scrolling away.
    const resized = el.scrollHeight !== metrics.current.height || el.clientHeight !== metrics.current.client;
    metrics.current = { height: el.scrollHeight, client: el.clientHeight };
    if (resized && stick.current) {
      el.scrollTop = el.scrollHeight;
      return;
    }
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
    stick.current = fromBottom < STICK_PX;
    if (stick.current && showJump) setShowJump(false);
    if (el.scrollTop < OLDER_PX) loadOlder();
  };

  const jumpToNewest = () => {
    const el = listRef.current;
    if (!el) return;
    stick.current = true;
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setShowJump(false);
  };

  return { listRef, onScroll, jumpToNewest, showJump, loadOlder };
}

// The console's live connection: one socket per signed-in staff session (`/ws?app=console`: the
// upgrade carries the console's own cookie), through the store and protocol client all apps share
// (web-shared/realtime/store.ts, client.ts). Frames are thin (ids and states); a screen that hears one re-reads what it shows
// over HTTP with its own session.
//
// Besides passing frames on, it keeps the two things staff see at a glance: which fans are online
// (ONLINE_USER_LIST / USER_ONLINE / USER_OFFLINE, ALL_USERS_COUNT) and which other staff member has which fan's
// conversation open (ADMIN_IN_USER_CHAT).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { SocketLike } from '../../web-shared/realtime/client';
import { liveHooks } from '../../web-shared/realtime/hooks';
import { createLiveStore, type LiveState } from '../../web-shared/realtime/store';
import { applyPresence, applyViewer, staffInChat, type Presence, type Viewers } from './realtimeRules';

export type { LiveState };

let presence: Presence = { online: new Set(), count: 0 };
let viewers: Viewers = new Map();

/** The gateway's address for the console. */
export const liveUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/ws?app=console`;

const store = createLiveStore({
  open: url => new WebSocket(url) as unknown as SocketLike,
  url: liveUrl,
  keep: frame => {
    const nextPresence = applyPresence(presence, frame);
    const nextViewers = applyViewer(viewers, frame);
    if (nextPresence === presence && nextViewers === viewers) return false;
    presence = nextPresence;
    viewers = nextViewers;
    return true;
  },
  onLive: client => {
    // Who is in which chat is told again when each conversation announces itself after this.
    viewers = new Map();
    client.send('GET_ONLINE_USER_LIST');
  },
  onStop: () => {
    presence = { online: new Set(), count: 0 };
    viewers = new Map();
  },
});

/**
 * Opens the session's socket (closing any other). `onSignedOut` runs when the server ends it (4401/4403): the
 * console checks its session as on an expired one. Returns the close.
 */
export const startLive = store.start;
export const stopLive = store.stop;
/** Sends a frame when the socket is live; false otherwise. */
export const sendFrame = store.send;

export const { useLiveState, useFrame, useFrames, useLiveReload } = liveHooks(store);

/** Whether a fan has the site open (any tab or device). */
export function useFanOnline(userId: string | null): boolean {
  return useSyncExternalStore(store.subscribe, () => (userId ? presence.online.has(userId) : false), () => false);
}

/** How many fans are online now. */
export function useFansOnlineCount(): number {
  return useSyncExternalStore(store.subscribe, () => presence.count, () => 0);
}

/** Names of the other staff who have this fan's conversation open ('' when none). */
export function useOtherStaffInChat(userId: string | null): string {
  return useSyncExternalStore(store.subscribe, () => (userId ? staffInChat(viewers, userId) : ''), () => '');
}

/** Tells the other staff which fan's conversation this one has open (null: none), again after each reconnect. */
export function useAnnounceChat(userId: string | null): void {
  const live = useLiveState() === 'live';
  useEffect(() => {
    if (!live || !userId) return;
    sendFrame('ADMIN_IN_USER_CHAT', { userId });
    return () => {
      sendFrame('ADMIN_IN_USER_CHAT', { userId: null });
    };
  }, [live, userId]);
}

/** `fn` once, `ms` after the last of a burst of calls (a burst of frames is one reload). */
export function useDebounced(fn: () => void, ms: number): () => void {
  const ref = useRef(fn);
  ref.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    []
  );
  const call = useRef(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      ref.current();
    }, ms);
  });
  return call.current;
}

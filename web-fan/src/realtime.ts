// The fan site's live connection: one socket per signed-in session, through the store and protocol
// client all apps share (web-shared/realtime/store.ts, client.ts). Frames are thin (ids and states); a screen that
// hears one re-reads what it shows over HTTP with its own session, so the socket never carries content. Reads go
// through the query cache (queryClient): a frame marks a query stale or writes its new value, and a reconnect or
// RESYNC marks them all stale (web-shared/realtime/queries.ts).
import type { SocketLike } from '../../web-shared/realtime/client';
import { liveHooks } from '../../web-shared/realtime/hooks';
import { bindLiveReload, createAppQueryClient, liveQueryHooks } from '../../web-shared/realtime/queries';
import { createLiveStore, type LiveState } from '../../web-shared/realtime/store';

export type { LiveState };

/** The gateway's address on this site (the session cookie rides on the upgrade). */
export const liveUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/ws`;

const store = createLiveStore({ open: (url) => new WebSocket(url) as unknown as SocketLike, url: liveUrl });

/**
 * Opens the session's socket (closing any other). `onSignedOut` runs when the server ends it (4401/4403):
 * the app checks its session as it does on an expired one. Returns the close.
 */
export const startLive = store.start;
export const stopLive = store.stop;
/** Sends a frame when the socket is live; false otherwise. */
export const sendFrame = store.send;

export const { useLiveState, useFrame, useFrames, useLiveReload } = liveHooks(store);

/** The site's one query cache (the App puts it at the root). */
export const queryClient = createAppQueryClient();
bindLiveReload(store, queryClient);

export const { useInvalidateOn, useUpdateOn } = liveQueryHooks(store);

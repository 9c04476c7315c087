// The fan site's live-stream calls (/work/notes/live-api.md) and the session on air, kept current from the
// live frames (GROUP_LIVE_STARTED, GO_LIVE, STOP_LIVE, GROUP_LIVE_STOPPED, LIVE_STREAM_DATA) and after a reconnect.
import { useCallback, useEffect, useState } from 'react';
import type { LiveCall, LiveComment } from '../../../domain/live-client/rules';
import type { ViewerEntry, ViewersAnswer } from '../../../domain/live/wire';
import { api } from '../api';
import { useAuth } from '../auth';
import { useFrames, useLiveReload } from '../realtime';

export interface CurrentLive {
  sessionId: string;
  isGroup: boolean;
  userId: string | null;
  publisherId: string;
  publisherName: string;
  startedAt: string;
  viewers: number;
  isJoined: boolean;
  isPublisher: boolean;
  pricePerMinuteCents: number;
  /** The publisher's Janus feed, once the camera is up (null before). */
  pubId?: string | number | null;
  /** A paid one-to-one, to its fan: the price, what was charged, the call time, the wallet balance. */
  call?: LiveCall;
}

export interface ViewerToken {
  status: 'success';
  streamToken: string;
  room: number;
  pin?: string;
  sessionId: string;
  isGroup: boolean;
  pubId?: string | number | null;
}

export type { ViewerEntry };

export const liveApi = {
  current: async () => (await api.get<{ session: CurrentLive | null; media: boolean }>('/api/stream/current')).data,
  /** `confirmedPriceCents`: the price per minute the fan confirmed (a paid one-to-one needs it). */
  addToken: async (confirmedPriceCents?: number | null) =>
    (await api.post<ViewerToken>('/api/stream/add_token', confirmedPriceCents == null ? {} : { price_per_minute_cents: confirmedPriceCents })).data,
  removeToken: (streamToken?: string) => api.post('/api/stream/remove_token', streamToken ? { streamToken } : {}),
  messages: async (pageNum = 1) => (await api.post<{ sessionId: string; messages: LiveComment[] }>('/api/stream/get_messages', { pageNum })).data,
  send: (message: string) => api.post<{ _id: string }>('/api/stream/send_message', { message, type: 'text' }),
  viewers: async () => (await api.get<ViewersAnswer>('/api/stream/viewers')).data,
};

/** Leaving when the page goes (a reload or a closed tab): the token is given back without waiting. */
export function removeTokenOnUnload(streamToken: string) {
  try {
    const body = new Blob([JSON.stringify({ streamToken })], { type: 'application/json' });
    navigator.sendBeacon?.('/api/stream/remove_token', body);
  } catch {
    /* the server takes the token back when the session ends */
  }
}

const LIVE_NEWS = ['GROUP_LIVE_STARTED', 'GO_LIVE', 'STOP_LIVE', 'GROUP_LIVE_STOPPED', 'LIVE_STREAM_DATA'] as const;

/** The session on air the signed-in caller may see (null: none), re-read on the live news frames. */
export function useCurrentLive(): { live: CurrentLive | null; loaded: boolean; reload: () => void } {
  const { token, me } = useAuth();
  const on = !!token && !!me;
  const [live, setLive] = useState<CurrentLive | null>(null);
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(() => {
    if (!on) return;
    liveApi
      .current()
      .then((d) => setLive(d.session))
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, [on]);
  useEffect(() => {
    if (on) reload();
    else setLive(null);
  }, [on, reload]);
  useFrames(LIVE_NEWS, reload, on);
  useLiveReload(reload, on);
  return { live, loaded, reload };
}

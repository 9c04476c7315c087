// The fan site's live-stream calls (/api/stream/*) and the session on air, kept current from the
// live frames (GROUP_LIVE_STARTED, GO_LIVE, STOP_LIVE, GROUP_LIVE_STOPPED, LIVE_STREAM_DATA) and after a reconnect
// through the query cache.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveComment } from '../../../domain/live-client/rules';
import type { CurrentLive, ViewerEntry, ViewersAnswer } from '../../../domain/live/wire';

export type { CurrentLive };
import { api } from '../api';
import { useAuth } from '../auth';
import { useInvalidateOn } from '../realtime';

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
export const CURRENT_LIVE_KEY = ['live', 'current'] as const;

/** The session on air the signed-in caller may see (null: none), a query the live news frames mark stale. */
export function useCurrentLive(): { live: CurrentLive | null; loaded: boolean; reload: () => void } {
  const { token, me } = useAuth();
  const on = !!token && !!me;
  const client = useQueryClient();
  const query = useQuery({ queryKey: CURRENT_LIVE_KEY, queryFn: async () => (await liveApi.current()).session, enabled: on });
  useInvalidateOn(LIVE_NEWS, CURRENT_LIVE_KEY, on);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: CURRENT_LIVE_KEY }), [client]);
  // A failed read keeps what was shown; signed out, nothing is on air.
  return { live: on ? (query.data ?? null) : null, loaded: query.isFetched, reload };
}

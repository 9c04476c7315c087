// The console's live-stream calls (/api/stream/*) and the live settings, shared by the chat
// header (video icon, session history link), the Go Live page and the settings page.
import { useCallback } from 'react';
import type { LiveComment } from '../../../domain/live-client/rules';
import type { CurrentLive, ViewerEntry, ViewersAnswer } from '../../../domain/live/wire';

export type { CurrentLive };
import { api } from '../api';
import { useLiveQuery, useQueryClient } from '../query';

export type LiveMediaStatus = { available: true; url: string } | { available: false; reason: string };

export interface LiveSettings {
  enable_live_streaming: boolean;
  live_streaming_server_url: string;
  price_per_minute: number;
  price_per_minute_cents: number;
  live_stream_report_enabled: boolean;
  media: LiveMediaStatus;
}

export interface StartedLive {
  sessionId: string;
  isGroup: boolean;
  userId: string | null;
  room: number;
  pin?: string;
  streamToken: string;
  tabToken: string;
  startedAt: string;
  resumed: boolean;
}

export type { ViewerEntry };

export interface LiveSessionReport {
  _id: string;
  isGroup: boolean;
  userId: string | null;
  userName: string | null;
  publisherId: string;
  publisherName: string;
  status: string;
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number | null;
  stopReason: string | null;
  viewers: number;
  peakViewers: number;
  comments: number;
  tipsCount: number | null;
  tipsCents: number | null;
  minutesCharged: number;
  chargedCents: number | null;
  earningsCents: number | null;
  recording: { status: string; mediaId: string | null; bytes: number | null; durationSeconds: number | null };
}

const post = async <T,>(path: string, body: unknown = {}, signal?: AbortSignal) => (await api<T>(path, { method: 'POST', body, signal })).data;
const get = async <T,>(path: string) => (await api<T>(path)).data;

export const liveApi = {
  settings: () => get<LiveSettings>('/api/stream/get_settings'),
  saveSettings: (changes: Partial<Pick<LiveSettings, 'enable_live_streaming' | 'live_streaming_server_url' | 'live_stream_report_enabled'>> & { price_per_minute?: number | string }) =>
    post<LiveSettings>('/api/stream/save_settings', changes),
  current: () => get<{ session: CurrentLive | null; media: boolean }>('/api/stream/current'),
  start: (body: { isGroupLiveStream: boolean; userId?: string; tabToken: string }) => post<StartedLive>('/api/stream/start_stream', body),
  setStreamData: (body: { room: number; pubId: number | string; pubPvtId: number | string }) => post('/api/stream/set_stream_data', body),
  stop: () => post<{ sessionId: string; stopped: boolean }>('/api/stream/stop_stream'),
  viewers: () => get<ViewersAnswer>('/api/stream/viewers'),
  messages: (pageNum = 1) => post<{ sessionId: string; messages: LiveComment[] }>('/api/stream/get_messages', { pageNum }),
  send: (message: string) => post<{ _id: string }>('/api/stream/send_message', { message, type: 'text', fromAdmin: true, message_from_admin: true }),
  reports: (body: { userId?: string; pageNum?: number }, signal?: AbortSignal) =>
    post<{ sessions: LiveSessionReport[]; total: number; currentPage: number; totalPages: number }>('/api/stream/get_live_stream_reports', body, signal),
};

const SETTINGS_KEY = ['live', 'settings'] as const;
const CURRENT_KEY = ['live', 'current'] as const;

/** The live settings, read through the console's cache (each screen showing them reads them again on opening). */
export function useLiveSettings(): { settings: LiveSettings | null; error: string | null; reload: () => void; set: (s: LiveSettings) => void } {
  const client = useQueryClient();
  const query = useLiveQuery(SETTINGS_KEY, () => liveApi.settings());
  const set = useCallback((s: LiveSettings) => client.setQueryData(SETTINGS_KEY, s), [client]);
  const error = query.error ? (query.error as Error).message || 'Could not load the live settings.' : null;
  return { settings: query.data ?? null, error, reload: () => void query.refetch(), set };
}

const NEWS = ['GROUP_LIVE_STARTED', 'GO_LIVE', 'STOP_LIVE', 'GROUP_LIVE_STOPPED'] as const;

/** The session on air (null: none), read again on the live news frames. A failed read leaves it unknown (null). */
export function useCurrentLive(): { live: CurrentLive | null; loaded: boolean; reload: () => void } {
  const query = useLiveQuery(CURRENT_KEY, async () => (await liveApi.current()).session, { frames: NEWS });
  return { live: query.data ?? null, loaded: query.isFetched, reload: () => void query.refetch() };
}

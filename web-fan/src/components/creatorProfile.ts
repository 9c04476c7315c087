// The creator's counts and presence (GET /api/creator/profile), one cached query: CREATOR_PRESENCE frames write
// the presence into it, a settings change (the creator may have hidden or shown it) or a new post reads it again.
// Guests have no socket: they read it again every minute. `usePresenceLine` is the avatar's words, kept current.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CreatorProfile } from '../../../domain/creator/wire';
import { presenceLine, type CreatorPresence } from '../../../domain/creator/presence';
import { api } from '../api';
import { useAuth } from '../auth';
import { useInvalidateOn, useUpdateOn } from '../realtime';

export const CREATOR_PROFILE_KEY = ['creator-profile'] as const;

export function useCreatorProfile(): CreatorProfile | undefined {
  const { token } = useAuth();
  const query = useQuery({
    queryKey: CREATOR_PROFILE_KEY,
    queryFn: async ({ signal }) => (await api.get<CreatorProfile>('/api/creator/profile', undefined, signal)).data,
    refetchInterval: token ? false : 60_000,
  });
  useUpdateOn<CreatorProfile, { online?: unknown; lastSeenAt?: unknown }>('CREATOR_PRESENCE', CREATOR_PROFILE_KEY, (old, d) =>
    old ? { ...old, presence: { online: d.online === true, lastSeenAt: typeof d.lastSeenAt === 'string' ? d.lastSeenAt : null } } : undefined,
  );
  useInvalidateOn(['SETTINGS_UPDATED', 'NOTIFICATION_RECEIVED'], CREATOR_PROFILE_KEY);
  return query.data;
}

/** "Online now" / "Active 5 min ago", read again every 30 s; null when hidden, unknown or long ago. */
export function usePresenceLine(presence: CreatorPresence | null | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  const ticking = !!presence && !presence.online && !!presence.lastSeenAt;
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [ticking, presence?.lastSeenAt]);
  return presenceLine(presence ?? null, now);
}

/** 950 → "950", 1234 → "1.2K", 2_500_000 → "2.5M". */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  const [value, unit] = n < 1_000_000 ? [n / 1000, 'K'] : [n / 1_000_000, 'M'];
  return `${value >= 100 ? Math.floor(value) : Math.floor(value * 10) / 10}${unit}`;
}

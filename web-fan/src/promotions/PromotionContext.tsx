// The running promotions as this viewer gets them (POST /api/promotion-setting/check-promotion): the ribbons
// with their countdowns and the locked-content promotion price. A query per viewer (token, membership), read
// again when a countdown ends (a repeating promotion starts over, a one-off one goes). Without the provider (the
// landing page) every hook answers "no promotion".
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckPromotionAnswer, PromotionRibbonView } from '../../../domain/promotion/wire';
import { api } from '../api';
import { useAuth } from '../auth';

export interface PromotionsValue {
  data: CheckPromotionAnswer | null;
  /** Client clock (ms) at which each ribbon's countdown ends (the server's remaining time from when it answered). */
  endsAt: (ribbon: PromotionRibbonView) => number;
  refresh: () => void;
  /** The feed's below-hero slot is mounted: ribbons placed 'below hero' render there, not under the menu. */
  heroSlot: boolean;
  registerHeroSlot: () => () => void;
}

const EMPTY: PromotionsValue = { data: null, endsAt: () => 0, refresh: () => undefined, heroSlot: false, registerHeroSlot: () => () => undefined };

const PromotionsContext = createContext<PromotionsValue>(EMPTY);
const PROMOTIONS_KEY = ['promotions', 'running'] as const;

/** Longest a timer may wait (setTimeout overflows above 2^31 − 1 ms). */
const MAX_TIMER = 2_000_000_000;

export function PromotionProvider({ children }: { children: ReactNode }) {
  const { token, me, settings } = useAuth();
  const enabled = settings?.enable_promotion !== false;
  const [heroSlots, setHeroSlots] = useState(0);
  const client = useQueryClient();

  // Who the viewer is decides what they get: read again when the session or the membership changes.
  const viewerKey = `${token ?? 'guest'}|${me?._id ?? ''}|${me?.ccbillSubscriptionStatus ?? ''}|${me?.role ?? ''}`;
  const query = useQuery({
    queryKey: [...PROMOTIONS_KEY, viewerKey],
    queryFn: async ({ signal }) => (await api.post<CheckPromotionAnswer>('/api/promotion-setting/check-promotion', {}, { signal })).data ?? null,
    enabled,
  });
  // Promotions are optional: the site works without them (a failed read shows none, or keeps what was shown).
  const data = enabled ? (query.data ?? null) : null;
  const fetchedAt = query.dataUpdatedAt;
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: PROMOTIONS_KEY }), [client]);

  const endsAt = useCallback((ribbon: PromotionRibbonView) => fetchedAt + ribbon.remaining_ms, [fetchedAt]);

  // When the first countdown ends, ask again (a repeating promotion starts a new period; a one-off one is gone).
  useEffect(() => {
    if (!data) return;
    const ends = [data.subscription, data.locked_content].filter((r): r is PromotionRibbonView => !!r).map((r) => fetchedAt + r.remaining_ms);
    if (ends.length === 0) return;
    const wait = Math.min(MAX_TIMER, Math.max(1000, Math.min(...ends) - Date.now() + 500));
    const id = window.setTimeout(refresh, wait);
    return () => window.clearTimeout(id);
  }, [data, fetchedAt, refresh]);

  const registerHeroSlot = useCallback(() => {
    setHeroSlots((n) => n + 1);
    return () => setHeroSlots((n) => n - 1);
  }, []);

  const value = useMemo<PromotionsValue>(
    () => ({ data, endsAt, refresh, heroSlot: heroSlots > 0, registerHeroSlot }),
    [data, endsAt, refresh, heroSlots, registerHeroSlot],
  );
  return <PromotionsContext.Provider value={value}>{children}</PromotionsContext.Provider>;
}

export const usePromotions = () => useContext(PromotionsContext);

/** Re-renders every second while `active`, returning Date.now(). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

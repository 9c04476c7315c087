// The membership details (GET /api/v2/subscription/details) shared by the membership pages, the popups and the
// ribbons: one query per change of the signed-in fan's membership, whoever asks first.
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MeView } from '../../../domain/user/wire';
import type { MembershipDetailsView } from '../../../domain/subscription/wire';
import { api, errorMessage } from '../api';
import { useAuth } from '../auth';

/** What, in `me`, means the details may have changed. */
export const membershipKey = (me: MeView | null): string =>
  me
    ? [me._id, me.ccbillSubscriptionStatus, me.expiration_date, me.next_billing_date, me.isRebillFailed, me.has_complimentary_subscription, me.subscription_detail?.cancelled_at, me.subscription_detail?.rebill_notification_date, me.subscription_detail?.recurring_price_cents, me.subscription_detail?.billing_api].join('|')
    : '';

export function useMembership(): { details: MembershipDetailsView | null; loading: boolean; error: string; reload: () => Promise<void> } {
  const { me, token } = useAuth();
  const key = token && me ? membershipKey(me) : '';
  // Fresh until the key changes (or a reload): one request per change of the membership, whoever asks first.
  const query = useQuery({
    queryKey: ['membership', key],
    queryFn: async () => (await api.get<MembershipDetailsView>('/api/v2/subscription/details')).data,
    enabled: !!key,
    staleTime: Infinity,
  });
  const { refetch } = query;
  const reload = useCallback(() => (key ? refetch().then(() => undefined) : Promise.resolve()), [key, refetch]);
  return { details: key ? (query.data ?? null) : null, loading: !!key && query.isPending, error: query.isError ? errorMessage(query.error) : '', reload };
}

/** Seconds-precision countdown to an ISO time (0 when passed), ticking while mounted. */
export function useCountdown(iso: string | null | undefined, serverTime?: string | null): number {
  // The server's clock may differ from the browser's: count down by the server's reckoning.
  const [skew] = useState(() => (serverTime ? Date.parse(serverTime) - Date.now() : 0));
  const target = iso ? Date.parse(iso) : NaN;
  const calc = useCallback(() => (Number.isNaN(target) ? 0 : Math.max(0, target - (Date.now() + skew))), [target, skew]);
  const [left, setLeft] = useState(calc);
  useEffect(() => {
    setLeft(calc());
    if (Number.isNaN(target)) return;
    const id = window.setInterval(() => {
      const n = calc();
      setLeft(n);
      if (n <= 0) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [calc, target]);
  return left;
}

/** "2 d 03:04:05" / "03:04:05" */
export function countdownText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const hh = String(Math.floor((s % 86_400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${d > 0 ? `${d} d ` : ''}${hh}:${mm}:${ss}`;
}

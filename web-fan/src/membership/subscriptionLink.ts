// Subscription links: staff share /join?offer=<signed terms>. The offer is kept for this tab while the
// fan signs up or logs in, then sent with the price and the payment; the server checks its signature, expiry and
// that it was generated, so nothing here is trusted. A refused link is dropped with the server's message.
import { useCallback, useState } from 'react';
import type { SubscriptionLinkOffer } from '../../../domain/console/admin-tools-wire';
import { api } from '../api';

const KEY = 'fanclub.subscriptionOffer';

function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Keeps the `offer` of the address (or the one kept earlier in this tab). */
export function rememberOffer(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get('offer');
  if (fromUrl) {
    try {
      sessionStorage.setItem(KEY, fromUrl);
    } catch {
      /* storage unavailable: the offer lasts as long as the address */
    }
    return fromUrl;
  }
  return stored();
}

export function forgetOffer(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** The offer in play for the subscribe page, and a way to drop it (a refused link). */
export function useOfferToken(): [string | null, () => void] {
  const [offer, setOffer] = useState<string | null>(() => rememberOffer(window.location.search));
  const drop = useCallback(() => {
    forgetOffer();
    setOffer(null);
  }, []);
  return [offer, drop];
}

export const checkOffer = (offer: string, signal?: AbortSignal) => api.get<SubscriptionLinkOffer>('/api/subscription-link/check', { offer }, signal);

/** Codes of a refused link (domain/subscription-link). */
export const isLinkRefusal = (code: string | undefined) => code === 'LINK_INVALID' || code === 'LINK_EXPIRED' || code === 'LINK_USED';

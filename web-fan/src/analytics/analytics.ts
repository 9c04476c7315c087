// Marketing analytics of the fan site:
//  - UTM: a landing URL's utm_* values are kept in a one-year cookie, which the registration
//    sends along (the server records them with the new account; console: /admin/user-utm-params).
//  - GA4: with google_analytics_4_measurement_id set, every purchase the fan makes is sent to
//    GA4 as a `purchase` event in USD with its transaction id and the fan's user id. No Google script is loaded
//    (the CSP allows the site's own scripts only): the hit goes straight to GA4's collect endpoint (connect-src).
//    The amounts are the fan's own payment rows (GET /api/users/payments), so GA4 sees what the books say, once.
import { api } from '../api';
import { ga4PurchaseUrl, utmCookieFromSearch } from '../../../domain/reporting/reporting';
import type { PaymentHistoryPage } from '../../../domain/payment/history';

/** Sent by the API client after a purchase call answered (web-fan/src/api.ts). */
export const PURCHASE_EVENT = 'fanclub:purchase';
const SENT_KEY = 'fanclub.ga4.sent';
const CLIENT_KEY = 'fanclub.ga4.cid';
/** Payments settled this long before the page loaded are not this visit's purchases. */
const SKEW_MS = 10 * 60_000;

export function rememberUtm(): void {
  const cookie = utmCookieFromSearch(window.location.search, window.location.protocol === 'https:');
  if (cookie) document.cookie = cookie;
}

const readList = (key: string): string[] => {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

function clientId(): string {
  try {
    let id = localStorage.getItem(CLIENT_KEY);
    if (!id) {
      id = `${Math.floor(Math.random() * 2_147_483_647)}.${Math.floor(Date.now() / 1000)}`;
      localStorage.setItem(CLIENT_KEY, id);
    }
    return id;
  } catch {
    return `${Math.floor(Math.random() * 2_147_483_647)}.${Math.floor(Date.now() / 1000)}`;
  }
}

async function reportPurchases(since: number): Promise<void> {
  const settings = (await api.get<{ google_analytics_4_measurement_id?: string | null }>('/api/app_settings/get')).data;
  const measurementId = settings?.google_analytics_4_measurement_id;
  if (!measurementId) return;
  const me = (await api.get<{ _id: string }>('/api/users/me')).data;
  const page = (await api.get<PaymentHistoryPage>('/api/users/payments', { page: 1 })).data;
  const sent = new Set(readList(SENT_KEY));
  const fresh = page.payments.filter(
    (p) => p.status === 'captured' && p.amount_cents > 0 && p.type !== 'wallet_topup' && !sent.has(p.id) && Date.parse(p.settled_at ?? p.created_at) >= since - SKEW_MS,
  );
  for (const p of fresh) {
    const url = ga4PurchaseUrl({
      measurementId, clientId: clientId(), userId: me._id, transactionId: p.id, valueCents: p.amount_cents, itemId: p.type, itemName: p.label,
      pageUrl: window.location.href, pageTitle: document.title,
    });
    await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'omit', keepalive: true }).catch(() => undefined);
    sent.add(p.id);
  }
  if (fresh.length) localStorage.setItem(SENT_KEY, JSON.stringify([...sent].slice(-200)));
}

/** Call once at start: keeps the UTM values of this visit and reports this visit's purchases to GA4. */
export function startAnalytics(): void {
  try {
    rememberUtm();
  } catch {
    /* cookies off: nothing to keep */
  }
  const loadedAt = Date.now();
  window.addEventListener(PURCHASE_EVENT, () => {
    // A moment for the payment to settle in the read models the list comes from.
    setTimeout(() => void reportPurchases(loadedAt).catch(() => undefined), 500);
  });
}

// Which call a payment goes to on this site (the path sets: domain/payment/provider-paths.ts): the v2 calls, the
// CCBill calls of the v1 payment API, or Sticky.io's, as the site settings say. And what a card call answered with
// 430 does: the site gate is asked again (GET /api/users/me); if it refuses too, the page reloads (and shows
// why); otherwise the call's message is shown like any failure.
import type { PublicSettings } from '../../domain/settings/wire';
import { pathSetOf, paymentPath, type PaymentAction } from '../../domain/payment/provider-paths';

export type { PaymentAction };

/** The call for an action on this site; `savedCard`: paying with a saved card rather than one typed in. */
export function paymentCall(settings: Pick<PublicSettings, 'payment_api_version' | 'is_sticky_io_enabled'> | null | undefined, action: PaymentAction, savedCard = false): string {
  const set = pathSetOf({ payment_api_version: settings?.payment_api_version ?? 'v2', is_sticky_io_enabled: settings?.is_sticky_io_enabled ?? false });
  return paymentPath(set, action, savedCard);
}

/** Whether the site gate lets this browser in: false only when it answers 430 (blocked account or region). */
export function siteGateCheck(fetchFn: typeof fetch = fetch, base = ''): () => Promise<boolean> {
  return async () => {
    try {
      const r = await fetchFn(`${base}/api/users/me`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      return r.status !== 430;
    } catch {
      return true; // not reachable: nothing learnt, the call's own message is shown
    }
  };
}

/** After a card call answered 430: verify, and reload the page when the verification fails. Whether it passed. */
export async function verifyAfterCardCall430(check: () => Promise<boolean>, reload: () => void): Promise<boolean> {
  const passed = await check();
  if (!passed) reload();
  return passed;
}

/** Where the payment the fan was sent to a provider's page for is noted, so the return page can follow it. */
export const LAST_HOSTED_PAYMENT = 'fanclub.hostedPayment';

/** Notes the payment the fan is sent to CCBill for, so the return page can follow it. */
export const rememberHostedPayment = (paymentId: string) => sessionStorage.setItem(LAST_HOSTED_PAYMENT, paymentId);

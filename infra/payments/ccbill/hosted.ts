// Payments on CCBill's own page (FlexForms): the payment is filed under CCBill before the fan is sent there, its
// amount is kept in the adapter's books (the ledger holds CCBill's sales against it), and the URL is built from
// the recorded amount, so the same payment always gets the same URL.
import type { HostedCardPayments } from '../port';
import type { CcbillBooks } from './books';
import { ccbillCheckoutUrl } from './checkout';
import { defaultEndpoints, type CcbillEndpoints, type CcbillSettings } from './settings';

/** CCBill's consumer support site: where a card holder changes the card CCBill bills a subscription with. */
export const CCBILL_CARD_UPDATE_URL = 'https://support.ccbill.com/';

export function createCcbillHostedPayments(options: {
  settings: () => Promise<CcbillSettings | null>;
  books: CcbillBooks;
  /** Files the payment under CCBill (the card router's claim). */
  claim: (paymentId: string) => Promise<void>;
  endpoints?: Partial<CcbillEndpoints>;
}): HostedCardPayments {
  return {
    provider: 'ccbill',
    async missing() {
      const s = await options.settings();
      if (!s) return 'CCBill is not configured: save the CCBill account (client account, subaccount, FlexForm ID, salt) and its REST API settings in the console.';
      if (!s.flexId) return 'CCBill has no FlexForm ID: save it under Settings → CCBill.';
      return null;
    },
    async begin(request) {
      const settings = await options.settings();
      if (!settings) throw new Error('CCBill is not configured.');
      await options.claim(request.paymentId);
      const amountCents = await options.books.beginHosted(request.paymentId, request.amountCents);
      return ccbillCheckoutUrl(settings, { ...request, amountCents }, { ...defaultEndpoints(settings.liveMode), ...options.endpoints });
    },
    cardUpdateUrl: () => CCBILL_CARD_UPDATE_URL,
  };
}

// Declines that the fan mends by updating the card (the fan site opens its card-update flow on these codes), the
// same codes and words whichever provider declined: an expired card, and a card without the funds.
export const CARD_UPDATE_DECLINES = {
  expired: { failureCode: '-23', message: 'Your card has expired. Please update your card details.' },
  insufficientFunds: { failureCode: '-24', message: 'Your card was declined for insufficient funds. Please update your card details.' },
} as const;

export type CardUpdateDecline = (typeof CARD_UPDATE_DECLINES)[keyof typeof CARD_UPDATE_DECLINES];

const EXPIRED = /\bexpired?\b|\bexpir(y|ation) date\b/i;
const NO_FUNDS = /\binsufficient\b|\bnot sufficient funds\b|\bnsf\b|\bover (the )?limit\b/i;

/** The card-update decline a provider's decline text stands for, or null when it is another decline. */
export function cardUpdateDecline(declineText: string | null | undefined): CardUpdateDecline | null {
  if (!declineText) return null;
  if (EXPIRED.test(declineText)) return CARD_UPDATE_DECLINES.expired;
  if (NO_FUNDS.test(declineText)) return CARD_UPDATE_DECLINES.insufficientFunds;
  return null;
}

import { describe, expect, it } from 'vitest';
import { CARD_UPDATE_DECLINES, cardUpdateDecline } from './card-update';

describe('card-update declines: the same code whichever provider declined', () => {
  it('an expired card is -23, a card without the funds -24', () => {
    for (const text of ['Expired card', 'Card expired', 'Invalid expiration date', 'credit card has expired']) expect(cardUpdateDecline(text), text).toBe(CARD_UPDATE_DECLINES.expired);
    for (const text of ['Insufficient funds', 'Not sufficient funds', 'NSF', 'Over limit']) expect(cardUpdateDecline(text), text).toBe(CARD_UPDATE_DECLINES.insufficientFunds);
  });

  it('any other decline is not a card update', () => {
    for (const text of ['Pick up card', 'System Error, Please Try Again', 'Do not honor', 'Error contacting bank, please try again later', '', null, undefined]) expect(cardUpdateDecline(text)).toBeNull();
  });
});

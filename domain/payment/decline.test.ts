import { describe, expect, it } from 'vitest';
import { declineNextStep, declineReasonOf } from './decline';

const withWallet = (failureCode: string, walletBalanceCents: number | null, priceCents = 999) => declineNextStep({ failureCode, priceCents, walletBalanceCents });

describe('what to do after a decline', () => {
  it('insufficient funds: another card, or the wallet that covers the price', () => {
    for (const code of ['-24', 'insufficient_funds', '51']) expect(declineReasonOf(code)).toBe('insufficient_funds');
    expect(withWallet('-24', 1200)).toEqual({
      reason: 'insufficient_funds',
      message: 'Your bank declined it for insufficient funds. Try another card, or pay from your wallet ($12.00 available).',
      actions: ['another_card', 'wallet'],
    });
  });

  it('an expired card: update it, or add funds when the wallet is short', () => {
    for (const code of ['-23', 'expired_card', 'card_token_expired']) expect(declineReasonOf(code)).toBe('expired_card');
    expect(withWallet('-23', 300)).toEqual({
      reason: 'expired_card',
      message: 'Your card has expired. Update your card or use another one, or add funds to your wallet and pay from it.',
      actions: ['update_card', 'add_funds'],
    });
  });

  it('do not honor: another card or the bank; no wallet on the site, no wallet step', () => {
    for (const code of ['declined', 'do_not_honor', '05', '800', '381']) expect(declineReasonOf(code)).toBe('do_not_honor');
    expect(withWallet('declined', null)).toEqual({
      reason: 'do_not_honor',
      message: 'Your bank declined this payment. Try another card or call your bank.',
      actions: ['another_card'],
    });
  });

  it('3-D Secure failed: try again and complete the check, another card, or the wallet', () => {
    for (const code of ['3ds_failed', '101', 'authentication_failed']) expect(declineReasonOf(code)).toBe('authentication_failed');
    expect(withWallet('3ds_failed', 999)).toEqual({
      reason: 'authentication_failed',
      message: "Your bank's security check (3-D Secure) did not pass. Try again and complete the check, or use another card, or pay from your wallet ($9.99 available).",
      actions: ['retry', 'another_card', 'wallet'],
    });
  });

  it('card details refused, and an unknown code: another card', () => {
    expect(withWallet('cvv_mismatch', null)).toMatchObject({ reason: 'card_problem', actions: ['another_card'] });
    expect(declineReasonOf('authorization')).toBe('card_problem');
    expect(declineNextStep({ failureCode: undefined, priceCents: 500, walletBalanceCents: 0 })).toEqual({
      reason: 'other',
      message: 'The card was not charged. Try another card, or add funds to your wallet and pay from it.',
      actions: ['another_card', 'add_funds'],
    });
    // Codes are read case-blind and trimmed, as providers send them.
    expect(declineReasonOf(' Do_Not_Honor ')).toBe('do_not_honor');
  });
});

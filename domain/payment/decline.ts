// What a fan reads under "Payment failed." after a card was declined: why, in words, and what to do next — another
// card, the card's update, the wallet when it covers the price (or adding funds to it), or trying again — with one
// button per step. The decline codes are the providers' as the adapters record them (the sandbox's and Sticky.io's
// words, CCBill's decline codes, the card-update codes '-23' / '-24').
import { formatMoney } from '../shared/money';
import { CARD_UPDATE_DECLINES } from './card-update';

export type DeclineReason = 'insufficient_funds' | 'expired_card' | 'do_not_honor' | 'authentication_failed' | 'card_problem' | 'other';

/** A button under the message: enter another card, update the expired one, pay from the wallet, add funds to it, try again. */
export type NextAction = 'another_card' | 'update_card' | 'wallet' | 'add_funds' | 'retry';

export interface DeclineNextStep {
  reason: DeclineReason;
  /** The line under "Payment failed.". */
  message: string;
  /** The buttons, the most likely first. */
  actions: NextAction[];
}

export interface DeclineContext {
  failureCode: string | null | undefined;
  /** What the purchase costs. */
  priceCents: number;
  /** The fan's wallet balance; null when the site has no wallet for this purchase. */
  walletBalanceCents: number | null;
}

const INSUFFICIENT = new Set([CARD_UPDATE_DECLINES.insufficientFunds.failureCode, 'insufficient_funds', '51', 'nsf']);
const EXPIRED = new Set([CARD_UPDATE_DECLINES.expired.failureCode, 'expired_card', '54', 'card_token_expired']);
const DO_NOT_HONOR = new Set(['declined', 'do_not_honor', '05', '800', '381', 'generic_decline']);
const AUTHENTICATION = new Set(['101', '3ds_failed', 'authentication_failed', 'authentication_required']);
const CARD_PROBLEM = new Set(['authorization', 'cvv_mismatch', '100102', 'incorrect_cvc', 'invalid_card']);

/** The reason a decline code stands for. */
export function declineReasonOf(failureCode: string | null | undefined): DeclineReason {
  const code = (failureCode ?? '').trim().toLowerCase();
  if (INSUFFICIENT.has(code)) return 'insufficient_funds';
  if (EXPIRED.has(code)) return 'expired_card';
  if (DO_NOT_HONOR.has(code)) return 'do_not_honor';
  if (AUTHENTICATION.has(code)) return 'authentication_failed';
  if (CARD_PROBLEM.has(code)) return 'card_problem';
  return 'other';
}

const WHY: Record<DeclineReason, string> = {
  insufficient_funds: 'Your bank declined it for insufficient funds.',
  expired_card: 'Your card has expired.',
  do_not_honor: 'Your bank declined this payment.',
  authentication_failed: "Your bank's security check (3-D Secure) did not pass.",
  card_problem: 'The card details were not accepted.',
  other: 'The card was not charged.',
};

/** The first step per reason: the card itself cannot pay now, is to be updated, or may pass on a second try. */
const CARD_STEP: Record<DeclineReason, { action: NextAction; words: string }> = {
  insufficient_funds: { action: 'another_card', words: 'Try another card' },
  expired_card: { action: 'update_card', words: 'Update your card or use another one' },
  do_not_honor: { action: 'another_card', words: 'Try another card or call your bank' },
  authentication_failed: { action: 'retry', words: 'Try again and complete the check, or use another card' },
  card_problem: { action: 'another_card', words: 'Check the card details or try another card' },
  other: { action: 'another_card', words: 'Try another card' },
};

/** Why the card was declined and what to do next, with the wallet offered when there is one. */
export function declineNextStep(c: DeclineContext): DeclineNextStep {
  const reason = declineReasonOf(c.failureCode);
  const step = CARD_STEP[reason];
  const actions: NextAction[] = [step.action];
  if (step.action === 'retry') actions.push('another_card');
  let wallet = '';
  if (c.walletBalanceCents !== null) {
    if (c.walletBalanceCents >= c.priceCents) {
      wallet = `, or pay from your wallet (${formatMoney(c.walletBalanceCents)} available)`;
      actions.push('wallet');
    } else {
      wallet = ', or add funds to your wallet and pay from it';
      actions.push('add_funds');
    }
  }
  return { reason, message: `${WHY[reason]} ${step.words}${wallet}.`, actions };
}

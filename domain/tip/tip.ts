// Tip (stream `tip-<paymentId>`): a fan's gift of money to the creator, from the tips page, a chat or a live
// stream. The tip — amount, note, where it came from, anonymity — is recorded before any
// money moves; the payment (card or wallet) then decides whether it was sent. A refund, void or chargeback
// takes it back. The tip id is the payment id, so recovery after a crash finds the tip from the payment.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { formatMoney } from '../shared/money';

export const tipStream = (tipId: string) => `tip-${tipId}`;

export type TipFrom = 'tips_page' | 'chat' | 'live';
export const TIP_FROM: readonly TipFrom[] = ['tips_page', 'chat', 'live'];

/** A tip's note is at most this long. */
export const TIP_MESSAGE_MAX = 20_000;
export const TIP_MESSAGE_TOO_LONG = 'Message is too long.';
export const TIP_SENT = 'Thank you for your tip!';
export const tipBoundsMessage = (minDollars: number, maxDollars: number) => `Choose a tip between ${minDollars} and ${maxDollars}`;
export const tipConfirmText = (cents: number) => `Please Confirm Tip of ${formatMoney(cents)}.`;
export const tipMinimumText = (minDollars: number) => `Minimum $${minDollars} USD.`;

export type TipReversal = 'refund' | 'void' | 'chargeback';
export type TipStatus = 'requested' | 'sent' | 'failed' | TipReversal;

export type TipEvent =
  | DomainEvent<'TipRequested', { tipId: string; userId: string; amountCents: number; tipFrom: TipFrom; isAnonymous: boolean; message: string; requestedAt: string }>
  /** `tipFrom` is on tips sent since real time came (it tells the sockets whether the tip shows in the chat). */
  | DomainEvent<'TipSent', { tipId: string; userId: string; amountCents: number; sentAt: string; tipFrom?: TipFrom }>
  | DomainEvent<'TipFailed', { tipId: string; userId: string; failureCode: string; failedAt: string }>
  | DomainEvent<'TipReversed', { tipId: string; userId: string; amountCents: number; kind: TipReversal; reversedAt: string }>;

export type TipCommand =
  | { type: 'RequestTip'; tipId: string; userId: string; amountCents: number; tipFrom: TipFrom; isAnonymous: boolean; message: string; bounds: TipBounds; at: string }
  | { type: 'CompleteTip'; tipId: string; at: string }
  | { type: 'FailTip'; tipId: string; failureCode: string; at: string }
  | { type: 'ReverseTip'; tipId: string; kind: TipReversal; at: string };

export interface TipState {
  status: TipStatus | null;
  userId: string | null;
  amountCents: number;
  tipFrom: TipFrom | null;
}

/** The settings' tip bounds, in whole dollars (tips_minimum_amount, tips_maximum_amount). */
export interface TipBounds {
  minDollars: number;
  maxDollars: number;
}

/** The tip's rules: the amount within the bounds (compared as numbers), the note at most 20,000 characters. */
export function validateTip(amountCents: number, message: string, bounds: TipBounds): void {
  if (!Number.isInteger(amountCents) || amountCents < bounds.minDollars * 100 || amountCents > bounds.maxDollars * 100)
    throw new ValidationError('amount', tipBoundsMessage(bounds.minDollars, bounds.maxDollars));
  if (message.length > TIP_MESSAGE_MAX) throw new ValidationError('tipMessage', TIP_MESSAGE_TOO_LONG);
}

export const tipDecider: Decider<TipCommand, TipEvent, TipState> = {
  initialState: () => ({ status: null, userId: null, amountCents: 0, tipFrom: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'TipRequested':
        return { status: 'requested', userId: event.data.userId, amountCents: event.data.amountCents, tipFrom: event.data.tipFrom };
      case 'TipSent':
        return { ...state, status: 'sent' };
      case 'TipFailed':
        return { ...state, status: 'failed' };
      case 'TipReversed':
        return { ...state, status: event.data.kind };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestTip': {
        // The same tip asked for again (a retry with the same id) changes nothing; another fan's tip id is refused.
        if (state.status !== null) {
          if (state.userId !== command.userId) throw new DomainError('Invalid request.', 'TIP_ID_TAKEN', 409);
          return [];
        }
        validateTip(command.amountCents, command.message, command.bounds);
        const { tipId, userId, amountCents, tipFrom, isAnonymous, message, at } = command;
        return [{ type: 'TipRequested', data: { tipId, userId, amountCents, tipFrom, isAnonymous, message, requestedAt: at } }];
      }
      case 'CompleteTip':
        if (state.status === null) throw new DomainError('Invalid request.', 'TIP_NOT_FOUND', 404);
        if (state.status !== 'requested') return [];
        return [{ type: 'TipSent', data: { tipId: command.tipId, userId: state.userId!, amountCents: state.amountCents, sentAt: command.at, ...(state.tipFrom ? { tipFrom: state.tipFrom } : {}) } }];
      case 'FailTip':
        if (state.status !== 'requested') return [];
        return [{ type: 'TipFailed', data: { tipId: command.tipId, userId: state.userId!, failureCode: command.failureCode, failedAt: command.at } }];
      case 'ReverseTip':
        // Only a sent tip can come back, and only once.
        if (state.status !== 'sent') return [];
        return [{ type: 'TipReversed', data: { tipId: command.tipId, userId: state.userId!, amountCents: state.amountCents, kind: command.kind, reversedAt: command.at } }];
    }
  },
};

// Conversation (stream `chat-<fanId>`): what belongs to a fan's chat as a whole rather than to one message —
// pay-per-message credits (above 0 the next message is free and uses one) and when each side last
// read it. Credits are granted by staff; each is used once, for one message id, so a resent message never
// spends two.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { formatMoney } from '../shared/money';
import { CHARGEBACK_PENALTY_CENTS } from '../payment/payment';

export const conversationStream = (fanId: string) => `chat-${fanId}`;

export const CREDITS_MAX_GRANT = 1000;

export type ConversationEvent =
  | DomainEvent<'PayPerMessageCreditsGranted', { fanId: string; credits: number; grantedBy: string; balance: number; grantedAt: string }>
  | DomainEvent<'PayPerMessageCreditUsed', { fanId: string; messageId: string; balance: number; usedAt: string }>
  | DomainEvent<'ChatReadByFan', { fanId: string; readAt: string }>
  | DomainEvent<'ChatReadByStaff', { fanId: string; staffId: string; readAt: string }>
  /** "Mark As Unread": the staff list shows `unread` again for this fan. */
  | DomainEvent<'ChatMarkedUnreadByStaff', { fanId: string; staffId: string; unread: number; markedAt: string }>
  /**
   * The fan was emailed about staff messages unread since `unreadSince`. Recorded before the mail goes, so
   * two nodes never both send it; the mail itself is in the outbox, never in the log.
   */
  | DomainEvent<'ChatEmailNotified', { fanId: string; unreadSince: string; unread: number; notifiedAt: string }>;

export type ConversationCommand =
  | { type: 'GrantCredits'; fanId: string; credits: number; grantedBy: string; at: string }
  | { type: 'UseCredit'; fanId: string; messageId: string; at: string }
  | { type: 'MarkReadByFan'; fanId: string; at: string }
  | { type: 'MarkReadByStaff'; fanId: string; staffId: string; at: string }
  /** `unreadNow`: what the staff list shows now (read model); only a chat with nothing unread can be marked. */
  | { type: 'MarkUnreadByStaff'; fanId: string; staffId: string; unreadNow: number; at: string }
  | { type: 'NotifyByEmail'; fanId: string; unreadSince: string; unread: number; at: string };

export interface ConversationState {
  credits: number;
  /** Message ids a credit already paid for. */
  creditedMessages: ReadonlySet<string>;
  /** The unread streak the fan was last emailed about (one email per streak). */
  emailedFor?: string | null;
}

export const NO_CREDIT = 'NO_CREDIT';
/** Mark As Unread is offered only when the chat has no unread messages. */
export const ALREADY_UNREAD = 'This chat already has unread messages.';

export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: () => ({ credits: 0, creditedMessages: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'PayPerMessageCreditsGranted':
        return { ...state, credits: event.data.balance };
      case 'PayPerMessageCreditUsed':
        return { ...state, credits: event.data.balance, creditedMessages: new Set([...state.creditedMessages, event.data.messageId]) };
      case 'ChatEmailNotified':
        return { ...state, emailedFor: event.data.unreadSince };
      case 'ChatReadByFan':
      case 'ChatReadByStaff':
      case 'ChatMarkedUnreadByStaff':
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'GrantCredits': {
        if (!Number.isInteger(command.credits) || command.credits < 1 || command.credits > CREDITS_MAX_GRANT)
          throw new ValidationError('credits', `Credits must be a whole number between 1 and ${CREDITS_MAX_GRANT}.`);
        return [{ type: 'PayPerMessageCreditsGranted', data: { fanId: command.fanId, credits: command.credits, grantedBy: command.grantedBy, balance: state.credits + command.credits, grantedAt: command.at } }];
      }
      case 'UseCredit':
        if (state.creditedMessages.has(command.messageId)) return [];
        if (state.credits <= 0) throw new DomainError('No message credit left.', NO_CREDIT, 409);
        return [{ type: 'PayPerMessageCreditUsed', data: { fanId: command.fanId, messageId: command.messageId, balance: state.credits - 1, usedAt: command.at } }];
      case 'MarkReadByFan':
        return [{ type: 'ChatReadByFan', data: { fanId: command.fanId, readAt: command.at } }];
      case 'MarkReadByStaff':
        return [{ type: 'ChatReadByStaff', data: { fanId: command.fanId, staffId: command.staffId, readAt: command.at } }];
      case 'MarkUnreadByStaff':
        if (command.unreadNow > 0) throw new DomainError(ALREADY_UNREAD, 'ALREADY_UNREAD', 409);
        return [{ type: 'ChatMarkedUnreadByStaff', data: { fanId: command.fanId, staffId: command.staffId, unread: 1, markedAt: command.at } }];
      case 'NotifyByEmail':
        if (state.emailedFor === command.unreadSince) return [];
        return [{ type: 'ChatEmailNotified', data: { fanId: command.fanId, unreadSince: command.unreadSince, unread: command.unread, notifiedAt: command.at } }];
    }
  },
};

/** What one message costs under pay-per-message (the setting is in whole dollars). */
export const payPerMessageCents = (settings: { pay_per_message_amount: number }): number => settings.pay_per_message_amount * 100;

/** The pay-per-message alert before a fan sends. */
export function payPerMessageAlert(credits: number, amountCents: number): string {
  if (credits > 0) return `You have ${credits} Message credit${credits === 1 ? '' : 's'}. This message is sent free.`;
  return `Sending this message will charge ${formatMoney(amountCents)}. Do you want to continue?`;
}

/** What a fan took back from the creator, as the chat header's red total shows it. */
export interface FanReversals {
  voidCents: number;
  refundCents: number;
  chargebackCents: number;
  chargebackCount: number;
}

/** Voided + refunded + charged back, plus a 25 dollar penalty per chargeback. */
export const chatDeductionCents = (r: FanReversals): number => r.voidCents + r.refundCents + r.chargebackCents + r.chargebackCount * CHARGEBACK_PENALTY_CENTS;

// The fan's conversation as the query cache holds it: the messages loaded (oldest first, older pages added as
// the fan scrolls back), whether older ones remain, the oldest page loaded and the pay-per-message terms. Pure:
// how a read of page 1, an older page, a frame or an action changes it (each returns the same object when
// nothing changed, so nothing re-renders).
import type { ChatMessagePage, ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { withReadReceipt } from '../../../domain/chat/views';
import { mergeMessages, pageOverlaps } from './chatRules';

export const CONVERSATION_KEY = ['chat', 'conversation'] as const;

export interface Conversation {
  /** Every message loaded, oldest first (including the ones a fan does not see; filter with visibleToFan). */
  messages: ChatMessageView[];
  hasMore: boolean;
  /** The oldest page loaded so far. */
  page: number;
  payPerMessage: PayPerMessageStatus | null;
}

/**
 * Page 1 read again: merged into what is shown, or the conversation starts over from it (`restart`: a screen that
 * opens; or too much came in since, so the newest page no longer meets what is shown).
 */
export function withNewest(shown: Conversation | undefined, answer: ChatMessagePage, restart: boolean): Conversation {
  const page = answer.messages ?? [];
  const fresh = restart || !shown || !pageOverlaps(shown.messages, page);
  return {
    messages: mergeMessages(fresh ? [] : shown.messages, page),
    hasMore: fresh ? answer.has_more : shown.hasMore,
    page: fresh ? 1 : shown.page,
    payPerMessage: answer.pay_per_message ?? shown?.payPerMessage ?? null,
  };
}

/** An older page came in. */
export const withOlder = (c: Conversation, pageNum: number, answer: ChatMessagePage): Conversation => ({
  ...c,
  page: pageNum,
  messages: mergeMessages(c.messages, answer.messages ?? []),
  hasMore: answer.has_more,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A message as the server has it now (a frame, an unlock, a send's answer); `onlyNew`: kept as shown if already there. */
export function withMessage(c: Conversation, m: ChatMessageView, onlyNew = false): Conversation {
  const shown = c.messages.find((x) => x._id === m._id);
  if (shown && (onlyNew || same(shown, m))) return c;
  return { ...c, messages: mergeMessages(c.messages, [m]) };
}

/** One shown message read again: replaced when it changed (a message no longer shown stays out). */
export const withReread = (c: Conversation, m: ChatMessageView): Conversation => (c.messages.some((x) => x._id === m._id) ? withMessage(c, m) : c);

/** Staff deleted a message (by id, or every copy of a mass message by udid). */
export function without(c: Conversation, { _id, udid }: { _id?: string; udid?: string }): Conversation {
  const messages = c.messages.filter((m) => m._id !== _id && !(udid && m.udid === udid));
  return messages.length === c.messages.length ? c : { ...c, messages };
}

/** A read receipt: the messages shown up to then are marked read where they are. */
export function withReceipt(c: Conversation, readBy: 'user' | 'staff', readAt: string): Conversation {
  const messages = withReadReceipt(c.messages, readBy, readAt);
  return messages === c.messages ? c : { ...c, messages };
}

export function withTerms(c: Conversation, terms: PayPerMessageStatus | null): Conversation {
  return terms === c.payPerMessage || same(terms, c.payPerMessage) ? c : { ...c, payPerMessage: terms };
}

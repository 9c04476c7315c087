// The chat screen's rules that need no React: the input bar's validation, the pay-per-message alert
// texts, how a send failure reads, and how pages of messages merge into one conversation.
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { CHAT_TEXT_MAX, chatTextProblem, couldNotSend, MESSAGE_EMPTY, MESSAGE_TOO_LONG } from '../../../domain/chat/chat-message';
import { payPerMessageAlert as alertText } from '../../../domain/chat/conversation';
import { LOW_BALANCE_FOR_MESSAGE } from '../../../domain/wallet/wallet';
import { ApiError } from '../api';
import { relativeTime } from '../format';

export { CHAT_TEXT_MAX, MESSAGE_TOO_LONG };
export const EMPTY_MESSAGE = MESSAGE_EMPTY;
export const LOAD_FAILED = 'There was a problem loading messages.';
export const CASCADE_SEND_MESSAGE = couldNotSend('Problem in card authorization please re-enter your card details or add new card.');
export const LOW_WALLET_MESSAGE = LOW_BALANCE_FOR_MESSAGE;
/** The tip button starts at $20 in chat. */
export const CHAT_DEFAULT_TIP = 20;

/** The input bar's check: null when the text may be sent. */
export const textError = (text: string): string | null => chatTextProblem(text);

/** The alert before a pay-per-message send, or null when sending is free of any notice. */
export function payPerMessageAlert(status: PayPerMessageStatus | null | undefined): string | null {
  if (!status?.isPayPerMessageEnabled) return null;
  return alertText(status.payPerMessageCredit, status.payPerMessageAmountCents);
}

/**
 * PAY_PER_MESSAGE_STATUS as pushed: the answer to IS_ENABLE_PAY_PER_MESSAGE carries every term, a credit grant or use
 * only the credits. Known terms replace what is shown; nothing changes for a frame that says nothing new.
 */
export function applyPushedTerms(shown: PayPerMessageStatus | null, pushed: Record<string, unknown>): PayPerMessageStatus | null {
  const next: Partial<PayPerMessageStatus> = { ...(shown ?? {}) };
  if (typeof pushed.isPayPerMessageEnabled === 'boolean') next.isPayPerMessageEnabled = pushed.isPayPerMessageEnabled;
  if (typeof pushed.payPerMessageAmount === 'number') next.payPerMessageAmount = pushed.payPerMessageAmount;
  if (typeof pushed.payPerMessageAmountCents === 'number') next.payPerMessageAmountCents = pushed.payPerMessageAmountCents;
  if (typeof pushed.payPerMessageCredit === 'number') next.payPerMessageCredit = pushed.payPerMessageCredit;
  if (typeof pushed.canChat === 'boolean') next.canChat = pushed.canChat;
  const whole = typeof next.isPayPerMessageEnabled === 'boolean' && typeof next.payPerMessageAmountCents === 'number' && typeof next.payPerMessageCredit === 'number'
    && typeof next.payPerMessageAmount === 'number' && typeof next.canChat === 'boolean';
  if (!whole) return shown;
  return shown && JSON.stringify(shown) === JSON.stringify({ ...shown, ...next }) ? shown : (next as PayPerMessageStatus);
}

/** 'Could not send Message: {reason}' (the server's message already says so on a payment failure). */
export function sendFailureText(reason: string): string {
  const r = reason.trim();
  if (/^could not send message/i.test(r)) return r;
  return couldNotSend(r || 'Something went wrong');
}

/** SEND_MESSAGE_RES {success: false}: a send failed after the fact (its pay-per-message charge did not go through;
 *  the frame carries only the gateway's code, and the send's own answer, if it still comes, says more). */
export const SEND_FAILED_LATER = couldNotSend('The payment did not go through.');

/** Which optimistic message a SEND_MESSAGE_RES is about: the frame names the server's id, which the page learns only
 *  from a successful answer, so it can only be the one send still waiting for its answer (none when several are). */
export function failedPendingOf<P extends { uniqueId: string; status: string }>(pending: readonly P[]): P | null {
  const sending = pending.filter((p) => p.status === 'sending');
  return sending.length === 1 ? sending[0]! : null;
}

export interface SendFailure {
  /** not_accepted: pay-per-message is on (or its price changed) and the fan has not accepted this charge yet. */
  kind: 'insufficient_funds' | 'cascade' | 'not_accepted' | 'failed';
  text: string;
  /** The server kept the payment of this message (a retry delivers it free). */
  paymentDone: boolean;
  /** Worth retrying as is (no answer, or a server fault). */
  retriable: boolean;
  shortfallCents: number;
  /** For not_accepted: the current terms to ask about. */
  terms?: PayPerMessageStatus;
}

function errorsOf(data: unknown): Record<string, unknown> | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const errors = d.errors && typeof d.errors === 'object' ? (d.errors as Record<string, unknown>) : null;
  return errors ?? d;
}

/** What a failed POST /api/chat/send_message means for the fan. */
export function interpretSendError(err: unknown): SendFailure {
  const apiErr = err instanceof ApiError ? err : null;
  const errors = errorsOf(apiErr?.data);
  const cascadeNested = errors?.cascade && typeof errors.cascade === 'object' ? (errors.cascade as Record<string, unknown>).allow_cascade : undefined;
  const cascade = errors?.allow_cascade === true || cascadeNested === true;
  const paymentDone = errors?.isPaymentDoneForPayPerMessage === true;
  if (apiErr?.status === 402 && apiErr.code === 'INSUFFICIENT_FUNDS') {
    const d = (apiErr.data ?? {}) as { shortfall_cents?: number };
    return { kind: 'insufficient_funds', text: apiErr.message || LOW_WALLET_MESSAGE, paymentDone, retriable: false, shortfallCents: d.shortfall_cents ?? 0 };
  }
  if (apiErr?.status === 409 && apiErr.code === 'PAY_PER_MESSAGE_NOT_ACCEPTED') {
    const terms = apiErr.data && typeof apiErr.data === 'object' && 'isPayPerMessageEnabled' in apiErr.data ? (apiErr.data as PayPerMessageStatus) : undefined;
    return { kind: 'not_accepted', text: apiErr.message, paymentDone: false, retriable: false, shortfallCents: 0, terms };
  }
  if (cascade) return { kind: 'cascade', text: CASCADE_SEND_MESSAGE, paymentDone, retriable: false, shortfallCents: 0 };
  const message = err instanceof Error && err.message ? err.message : 'Something went wrong';
  return { kind: 'failed', text: sendFailureText(message), paymentDone, retriable: !!apiErr?.retriable || !apiErr, shortfallCents: 0 };
}

/** Oldest first; equal times keep a stable order by id. */
export function byTime(a: ChatMessageView, b: ChatMessageView): number {
  const ta = Date.parse(a.created);
  const tb = Date.parse(b.created);
  if (ta !== tb) return ta - tb;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** Merges a page into what is shown: the newer copy of a message wins (an unlock, a read flag), order by time. */
export function mergeMessages(current: ChatMessageView[], incoming: ChatMessageView[]): ChatMessageView[] {
  const map = new Map(current.map((m) => [m._id, m]));
  for (const m of incoming) map.set(m._id, m);
  return [...map.values()].sort(byTime);
}

/** The newest page overlaps what is shown (or nothing is shown): merge it; otherwise too much came in, start over. */
export function pageOverlaps(current: ChatMessageView[], newest: ChatMessageView[]): boolean {
  if (!current.length || !newest.length) return true;
  const ids = new Set(current.map((m) => m._id));
  if (newest.some((m) => ids.has(m._id))) return true;
  // No overlap: fine only when the newest page starts before the last shown message (nothing is missing between).
  return byTime(newest[0]!, current[current.length - 1]!) <= 0;
}

/** What a fan sees: the creator's messages still rendering and system notices are the staff's;
 *  the fan's own photo or video shows while it renders, marked as under process. */
export function visibleToFan(m: ChatMessageView): boolean {
  return (!m.processing || !m.fromAdmin) && m.type !== 'system';
}

/** The notice on a message whose media are still rendering. */
export const UNDER_PROCESS_NOTE = 'This message is under process. It will be visible to you when processing is completed.';

/** Messages from the creator the fan has not read yet. */
export const hasUnread = (messages: ChatMessageView[]) => messages.some((m) => m.fromAdmin && !m.isRead);

/** Relative time for chat: a message is never in the future (the server's clock may run ahead of the browser's). */
export function chatTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  return relativeTime(iso, Number.isNaN(t) ? now : Math.max(now, t));
}

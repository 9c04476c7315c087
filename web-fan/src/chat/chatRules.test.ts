// The chat screen's pure rules: input validation, the pay-per-message alert texts, how a send
// failure reads, and how pages merge into one conversation.
import { describe, expect, it } from 'vitest';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { ApiError } from '../api';
import {
  applyPushedTerms, CASCADE_SEND_MESSAGE, EMPTY_MESSAGE, chatTime, failedPendingOf, MESSAGE_TOO_LONG, interpretSendError, mergeMessages, pageOverlaps, payPerMessageAlert,
  SEND_FAILED_LATER, sendFailureText, textError, visibleToFan,
} from './chatRules';
import { movesUnread } from './unread';

const msg = (id: string, created: string, over: Partial<ChatMessageView> = {}): ChatMessageView => ({
  _id: id, uniqueId: null, type: 'text', message: id, tipMessage: null, fromAdmin: true, senderId: 's', userId: 'f', name: 'C', isLocked: 'free',
  amount: 0, amount_cents: 0, isRead: false, media: [], media_preview: null, contentCount: { photo: 0, video: 0 }, processing: false,
  is_pay_per_message: false, paid_cents: 0, is_anonymous: false, created, ...over,
});

const status = (over: Partial<PayPerMessageStatus>): PayPerMessageStatus => ({
  isPayPerMessageEnabled: true, payPerMessageAmount: 2, payPerMessageAmountCents: 200, payPerMessageCredit: 0, canChat: true, ...over,
});

describe('chat rules', () => {
  it('validates the input bar: not empty, at most 20,000 characters', () => {
    expect(textError('')).toBe(EMPTY_MESSAGE);
    expect(textError('  \n ')).toBe("Message can't be empty");
    expect(textError('x'.repeat(20_000))).toBeNull();
    expect(textError('x'.repeat(20_001))).toBe(MESSAGE_TOO_LONG);
  });

  it('words the pay-per-message alert by credit', () => {
    expect(payPerMessageAlert(null)).toBeNull();
    expect(payPerMessageAlert(status({ isPayPerMessageEnabled: false }))).toBeNull();
    expect(payPerMessageAlert(status({}))).toBe('Sending this message will charge $2.00. Do you want to continue?');
    expect(payPerMessageAlert(status({ payPerMessageCredit: 1 }))).toBe('You have 1 Message credit. This message is sent free.');
  });

  it('reads send failures: short wallet, card authorization, terms not accepted, anything else', () => {
    const low = interpretSendError(new ApiError('Your wallet balance is low. Please add funds to send message.', 402, 'INSUFFICIENT_FUNDS', undefined, { shortfall_cents: 100 }));
    expect(low).toMatchObject({ kind: 'insufficient_funds', shortfallCents: 100 });
    const cascade = interpretSendError(new ApiError('Could not send Message: Problem in card authorization …', 402, 'authorization', undefined, { errors: { allow_cascade: true } }));
    expect(cascade).toMatchObject({ kind: 'cascade', text: CASCADE_SEND_MESSAGE });
    const terms = interpretSendError(new ApiError('Sending this message will charge $3.00. Do you want to continue?', 409, 'PAY_PER_MESSAGE_NOT_ACCEPTED', undefined, status({ payPerMessageAmount: 3 })));
    expect(terms).toMatchObject({ kind: 'not_accepted', terms: { payPerMessageAmount: 3 } });
    expect(interpretSendError(new ApiError('Payment failed.', 402, 'declined'))).toMatchObject({ kind: 'failed', text: 'Could not send Message: Payment failed.', retriable: false });
    expect(interpretSendError(new ApiError('Something went wrong', 0, 'NETWORK')).retriable).toBe(true);
    expect(sendFailureText('Could not send Message: Payment failed.')).toBe('Could not send Message: Payment failed.');
  });

  it('merges pages oldest first, the newer copy of a message winning', () => {
    const a = msg('a', '2026-01-01T10:00:00.000Z');
    const b = msg('b', '2026-01-01T10:01:00.000Z');
    const c = msg('c', '2026-01-01T10:02:00.000Z');
    const merged = mergeMessages([b, c], [a, { ...b, isLocked: 'unlocked' }]);
    expect(merged.map((m) => m._id)).toEqual(['a', 'b', 'c']);
    expect(merged[1]!.isLocked).toBe('unlocked');
    expect(pageOverlaps([a, b], [b, c])).toBe(true);
    expect(pageOverlaps([a], [msg('x', '2026-01-02T00:00:00.000Z')])).toBe(false);
  });

  it('hides what a fan does not see: messages under process and system notices', () => {
    expect(visibleToFan(msg('a', '2026-01-01T00:00:00.000Z'))).toBe(true);
    expect(visibleToFan(msg('a', '2026-01-01T00:00:00.000Z', { processing: true }))).toBe(false);
    // The fan's own photo or video shows while it renders (marked under process).
    expect(visibleToFan(msg('a', '2026-01-01T00:00:00.000Z', { processing: true, fromAdmin: false }))).toBe(true);
    expect(visibleToFan(msg('a', '2026-01-01T00:00:00.000Z', { type: 'system' }))).toBe(false);
  });

  it('never shows a message as in the future', () => {
    const now = Date.parse('2026-01-01T10:00:00.000Z');
    expect(chatTime('2026-01-01T10:00:03.000Z', now)).toBe('just now');
    expect(chatTime('2026-01-01T09:55:00.000Z', now)).toBe('5 min ago');
  });
});

describe('live frames in the fan chat (issue 13)', () => {
  it('a SEND_MESSAGE_RES failure is the one send still waiting for its answer, none when several or none wait', () => {
    const p = (uniqueId: string, status: string) => ({ uniqueId, status });
    expect(failedPendingOf([p('a', 'failed'), p('b', 'sending')])).toEqual(p('b', 'sending'));
    expect(failedPendingOf([p('a', 'sending'), p('b', 'sending')])).toBeNull();
    expect(failedPendingOf([p('a', 'awaiting_funds')])).toBeNull();
    expect(failedPendingOf([])).toBeNull();
    expect(SEND_FAILED_LATER).toMatch(/^Could not send Message: /);
  });

  it('pushed pay-per-message terms: a full answer replaces what is shown, a credit change only the credits, an empty frame nothing', () => {
    const shown = status({ isPayPerMessageEnabled: false, payPerMessageCredit: 0 });
    const answer = { isPayPerMessageEnabled: true, payPerMessageAmount: 3, payPerMessageAmountCents: 300, payPerMessageCredit: 2, canChat: true };
    expect(applyPushedTerms(shown, answer)).toEqual(answer);
    expect(applyPushedTerms(null, answer)).toEqual(answer);
    expect(applyPushedTerms(shown, { payPerMessageCredit: 4 })).toEqual({ ...shown, payPerMessageCredit: 4 });
    // Only credits and nothing shown yet: not enough to show terms.
    expect(applyPushedTerms(null, { payPerMessageCredit: 4 })).toBeNull();
    expect(applyPushedTerms(shown, {})).toBe(shown);
    expect(applyPushedTerms(shown, { payPerMessageCredit: 0 })).toBe(shown);
    expect(applyPushedTerms(shown, { payPerMessageCredit: 'x', isPayPerMessageEnabled: 1 })).toBe(shown);
    // The alert follows at once.
    expect(payPerMessageAlert(applyPushedTerms(shown, answer))).toBe('You have 2 Message credits. This message is sent free.');
  });

  it('the unread badge moves on a message from the creator and on the creator reading the chat, not on the fan\'s own', () => {
    expect(movesUnread('MESSAGE_RECEIVE', { fromAdmin: true })).toBe(true);
    expect(movesUnread('MESSAGE_RECEIVE', { fromAdmin: false })).toBe(false);
    expect(movesUnread('UPDATE_MESSAGE', { isRead: true })).toBe(true);
    expect(movesUnread('UPDATE_MESSAGE', { isLocked: false })).toBe(false);
    expect(movesUnread('PAY_PER_MESSAGE_STATUS', { fromAdmin: true })).toBe(false);
  });
});

// The cached conversation's updates: a re-read of page 1 merges (or starts over), older pages append, frames and
// actions write one message, and an update that changes nothing keeps the same object (nothing re-renders).
import { describe, expect, it } from 'vitest';
import type { ChatMessagePage, ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { type Conversation, withMessage, withNewest, withOlder, without, withReceipt, withReread, withTerms } from './chatConversation';

const msg = (id: string, minute: number, over: Partial<ChatMessageView> = {}): ChatMessageView => ({
  _id: id, uniqueId: null, type: 'text', message: id, tipMessage: null, fromAdmin: true, senderId: 's', userId: 'f', name: 'C', isLocked: 'free',
  amount: 0, amount_cents: 0, isRead: false, media: [], media_preview: null, contentCount: { photo: 0, video: 0 }, processing: false,
  is_pay_per_message: false, paid_cents: 0, is_anonymous: false, created: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(), ...over,
});
const terms: PayPerMessageStatus = { isPayPerMessageEnabled: true, payPerMessageAmount: 2, payPerMessageAmountCents: 200, payPerMessageCredit: 0, canChat: true };
const page = (messages: ChatMessageView[], hasMore = false): ChatMessagePage => ({
  messages, page_num: 1, total_pages: 1, has_more: hasMore, promotionDetails: null, should_hide_in_chat: false, pay_per_message: terms,
});
const ids = (c: Conversation) => c.messages.map((m) => m._id);

describe('the cached conversation', () => {
  const shown: Conversation = { messages: [msg('a', 1), msg('b', 2)], hasMore: true, page: 2, payPerMessage: null };

  it('merges a re-read page 1 that meets what is shown, keeping the older pages', () => {
    const next = withNewest(shown, page([msg('b', 2, { isRead: true }), msg('c', 3)]), false);
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(next.messages[1]!.isRead).toBe(true);
    expect(next).toMatchObject({ page: 2, hasMore: true, payPerMessage: terms });
  });

  it('starts over from page 1 when the screen opens, and when page 1 no longer meets what is shown', () => {
    expect(withNewest(shown, page([msg('b', 2), msg('c', 3)]), true)).toMatchObject({ page: 1, hasMore: false });
    expect(ids(withNewest(shown, page([msg('x', 9)], true), false))).toEqual(['x']);
    expect(withNewest(undefined, page([msg('x', 9)], true), false)).toMatchObject({ page: 1, hasMore: true });
  });

  it('adds an older page before what is shown', () => {
    const next = withOlder(shown, 3, page([msg('z', 0)]));
    expect(ids(next)).toEqual(['z', 'a', 'b']);
    expect(next).toMatchObject({ page: 3, hasMore: false });
  });

  it('writes one message, and keeps the same object when nothing changed', () => {
    expect(withMessage(shown, msg('a', 1))).toBe(shown);
    expect(withMessage(shown, msg('a', 1, { isLocked: 'unlocked' })).messages[0]!.isLocked).toBe('unlocked');
    expect(withMessage(shown, msg('a', 1, { isLocked: 'unlocked' }), true)).toBe(shown);
    expect(ids(withMessage(shown, msg('c', 3), true))).toEqual(['a', 'b', 'c']);
    expect(withReread(shown, msg('gone', 5))).toBe(shown);
  });

  it('drops a deleted message by id or by its mass message udid', () => {
    expect(ids(without(shown, { _id: 'a' }))).toEqual(['b']);
    expect(ids(without({ ...shown, messages: [msg('a', 1, { udid: 'u' }), msg('b', 2)] }, { _id: 'x', udid: 'u' }))).toEqual(['b']);
    expect(without(shown, { _id: 'x' })).toBe(shown);
  });

  it('marks messages read on a receipt and follows the terms', () => {
    expect(withReceipt(shown, 'user', new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString()).messages.map((m) => m.isRead)).toEqual([true, false]);
    expect(withReceipt(shown, 'staff', new Date(Date.UTC(2026, 0, 1, 1)).toISOString())).toBe(shown);
    const priced = withTerms(shown, terms);
    expect(priced.payPerMessage).toBe(terms);
    expect(withTerms(priced, { ...terms })).toBe(priced);
  });
});

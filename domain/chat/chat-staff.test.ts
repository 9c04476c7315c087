// Decider and role rules of the staff chat actions: deleting a message, Mark As
// Unread, the row menu per role and feature switch, amounts spent and sorts under hide_earnings / the expiry sort.
import { describe, expect, it } from 'vitest';
import { chatMessageDecider, type ChatMessageEvent, type ChatMessageState } from './chat-message';
import { conversationDecider } from './conversation';
import { chatRowActions, chatSortsFor, seesChatEarnings, seesChatStatusFilter, type ChatRowFeatures } from './roles';

const at = '2026-11-25T10:00:00.000Z';
const sent = (over: Partial<{ priceCents: number; fromStaff: boolean }> = {}): ChatMessageEvent => ({
  type: 'ChatMessageSent',
  data: {
    messageId: 'm1', fanId: 'f1', senderId: 's1', fromStaff: over.fromStaff ?? true, type: 'photo', text: '', media: [{ mediaId: 'x', kind: 'photo' }],
    previewMediaId: null, priceCents: over.priceCents ?? 700, uniqueId: 'u1', payPerMessage: null, sentAt: at,
  },
});
const stateOf = (events: ChatMessageEvent[]): ChatMessageState => events.reduce(chatMessageDecider.evolve, chatMessageDecider.initialState());
const del = (scope: 'fan' | 'all') => ({ type: 'DeleteMessage' as const, scope, staffId: 's2', at });

describe('deleting a chat message', () => {
  it('records who deleted it, the scope and the udid; again is a no-op; "from all" after "from subscriber" widens it', () => {
    const [e] = chatMessageDecider.decide(del('fan'), stateOf([sent()]));
    expect(e).toMatchObject({ type: 'ChatMessageDeleted', data: { scope: 'fan', udid: 'm1', deletedBy: 's2', wasDeletedForFan: false, fromStaff: true } });
    const hidden = stateOf([sent(), e]);
    expect(chatMessageDecider.decide(del('fan'), hidden)).toEqual([]);
    const [all] = chatMessageDecider.decide(del('all'), hidden);
    expect(all).toMatchObject({ data: { scope: 'all', wasDeletedForFan: true } });
    expect(chatMessageDecider.decide(del('fan'), stateOf([sent(), e, all]))).toEqual([]);
  });

  it('a deleted message cannot be bought or unlocked for the subscriber; nothing that was not sent can be deleted', () => {
    const [e] = chatMessageDecider.decide(del('fan'), stateOf([sent()]));
    const s = stateOf([sent(), e]);
    const buy = { type: 'RequestChatUnlock' as const, fanId: 'f1', paymentId: 'p1', confirmedAmountCents: 700, viewer: { isStaff: false, isSubscriber: true }, at };
    expect(() => chatMessageDecider.decide(buy, s)).toThrow('Message not found.');
    expect(() => chatMessageDecider.decide({ type: 'UnlockForSubscriber', staffId: 's2', at }, s)).toThrow('Message not found.');
    expect(() => chatMessageDecider.decide(del('all'), chatMessageDecider.initialState())).toThrow('Message not found.');
  });

  it('refuses while a purchase of the message is under way (it would take money for something gone)', () => {
    const s = stateOf([sent(), { type: 'ChatMessageUnlockRequested', data: { messageId: 'm1', fanId: 'f1', paymentId: 'p1', amountCents: 700, requestedAt: at } }]);
    expect(() => chatMessageDecider.decide(del('all'), s)).toThrow('A purchase of this message is under way.');
  });

});

describe('Mark As Unread', () => {
  it('gives one unread message, only on a chat with none', () => {
    const mark = (unreadNow: number) => conversationDecider.decide({ type: 'MarkUnreadByStaff', fanId: 'f1', staffId: 'm', unreadNow, at }, conversationDecider.initialState());
    expect(mark(0)).toEqual([{ type: 'ChatMarkedUnreadByStaff', data: { fanId: 'f1', staffId: 'm', unread: 1, markedAt: at } }]);
    expect(() => mark(2)).toThrow('This chat already has unread messages.');
  });
});

describe('row menu and earnings by role (spec 3 §6)', () => {
  const on: ChatRowFeatures = { blockEnabled: true, muteEnabled: true, markUnreadEnabled: true, hideEarnings: false, modelExpirySort: false };
  const read = { unreadcount: 0 };
  it('Block for admins and the model, Mute for all but the content manager, Mark As Unread for the content manager and the model', () => {
    expect(chatRowActions('admin', on, read)).toEqual(['view_purchased', 'update_nickname', 'block', 'mute']);
    expect(chatRowActions('sub_admin', on, read)).toEqual(['view_purchased', 'update_nickname', 'mute']);
    expect(chatRowActions('model', on, read)).toEqual(['view_purchased', 'update_nickname', 'block', 'mute', 'mark_unread']);
    expect(chatRowActions('content_manager', on, read)).toEqual(['view_purchased', 'update_nickname', 'mark_unread']);
    expect(chatRowActions('live_stream_manager', on, read)).toEqual([]);
    expect(chatRowActions('support', on, read)).toEqual([]);
  });
  it('each only while its feature is on; Mark As Unread only with nothing unread; View Purchased hidden with the earnings', () => {
    expect(chatRowActions('model', { ...on, blockEnabled: false, muteEnabled: false, markUnreadEnabled: false }, read)).toEqual(['view_purchased', 'update_nickname']);
    expect(chatRowActions('model', on, { unreadcount: 3 })).not.toContain('mark_unread');
    expect(chatRowActions('content_manager', { ...on, hideEarnings: true }, read)).toEqual(['update_nickname', 'mark_unread']);
    expect(chatRowActions('admin', { ...on, hideEarnings: true }, read)).toContain('view_purchased');
  });
  it('amounts spent: the content manager and the model unless hide_earnings; never the live-stream manager (XX-14)', () => {
    expect(seesChatEarnings('content_manager', { hideEarnings: false })).toBe(true);
    expect(seesChatEarnings('content_manager', { hideEarnings: true })).toBe(false);
    expect(seesChatEarnings('model', true)).toBe(false);
    expect(seesChatEarnings('live_stream_manager', false)).toBe(false);
    expect(seesChatEarnings('support', true)).toBe(true);
  });
  it('the model\'s sorts and status filter follow hide_earnings and the expiry-sort setting (XX-15)', () => {
    expect(chatSortsFor('model', { hideEarnings: true })).toHaveLength(3);
    expect(chatSortsFor('model', { hideEarnings: true, modelExpirySort: true })).toHaveLength(5);
    expect(seesChatStatusFilter('model', { modelExpirySort: false })).toBe(false);
    expect(seesChatStatusFilter('model', { modelExpirySort: true })).toBe(true);
    expect(chatSortsFor('content_manager', { modelExpirySort: true })).toHaveLength(3);
  });
});

describe('a media operation on a chat message', () => {
  const note = { type: 'NoteMediaChange' as const, change: 'rotate' as const, staffId: 's2', at };
  it('is announced with the message and fan ids, and changes nothing else', () => {
    const state = stateOf([sent()]);
    const [e] = chatMessageDecider.decide(note, state);
    expect(e).toEqual({ type: 'ChatMessageMediaChanged', data: { messageId: 'm1', fanId: 'f1', change: 'rotate', by: 's2', changedAt: at } });
    expect(chatMessageDecider.evolve(state, e)).toEqual(state);
  });

  it('nothing to announce for a message not sent or deleted for everyone', () => {
    expect(chatMessageDecider.decide(note, chatMessageDecider.initialState())).toEqual([]);
    const [gone] = chatMessageDecider.decide(del('all'), stateOf([sent()]));
    expect(chatMessageDecider.decide(note, stateOf([sent(), gone]))).toEqual([]);
  });
});

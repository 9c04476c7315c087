import { describe, expect, it } from 'vitest';
import type { ChatMessagePage, ChatMessageView, ChatUserListEntry, ChatUserListPage } from '../../../domain/chat/wire';
import type { Pages } from '../query';
import { editMessages, holds, messagesOf, patchUser, usersOf, withFirstMessages, withFirstUsers, withMessages, withoutMessage, withoutUser } from './pages';

const user = (id: string, last = ''): ChatUserListEntry => ({ _id: id, name: id, last_message: last, unreadcount: 0 }) as unknown as ChatUserListEntry;
const userPage = (ids: string[], has_more = true): ChatUserListPage => ({ users: ids.map(id => user(id)), page_num: 1, total: 99, has_more }) as unknown as ChatUserListPage;
const users = (held: Pages<ChatUserListPage>) => usersOf(held).map(u => u._id);

const message = (id: string, minute: number, extra: Partial<ChatMessageView> = {}): ChatMessageView =>
  ({ _id: id, uniqueId: null, created: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`, message: id, fromAdmin: false, isRead: false, ...extra }) as ChatMessageView;
const messagePage = (messages: ChatMessageView[], page_num = 1): ChatMessagePage =>
  ({ messages, page_num, has_more: true, pay_per_message: null }) as unknown as ChatMessagePage;
const ids = (held: Pages<ChatMessagePage>) => messagesOf(held).map(m => m._id);
const twice = <T>(change: (x: T) => T, x: T) => change(change(x));

describe('the chat user list pages', () => {
  it('keeps a row that moved between two pages once, where the newer first page put it', () => {
    const held = { pages: [userPage(['a', 'b']), userPage(['b', 'c'])], pageParams: [1, 2] };
    expect(users(held)).toEqual(['a', 'b', 'c']);
  });

  it('page 1 read again replaces page 1; the rows it no longer has stay until their page is read again', () => {
    const held = { pages: [userPage(['a', 'b']), userPage(['c', 'd'])], pageParams: [1, 2] };
    const next = withFirstUsers(userPage(['x', 'a']))(held);
    expect(users(next)).toEqual(['x', 'a', 'b', 'c', 'd']);
    expect(twice(withFirstUsers(userPage(['x', 'a'])), held)).toEqual(next);
  });

  it('with one page held, page 1 read again is the list (a row that left page 1 leaves it)', () => {
    const held = { pages: [userPage(['a', 'b'])], pageParams: [1] };
    expect(users(withFirstUsers(userPage(['x', 'a'], false))(held))).toEqual(['x', 'a']);
  });

  it('patches and removes one row wherever it is, and leaves the pages alone otherwise', () => {
    const held = { pages: [userPage(['a']), userPage(['b'])], pageParams: [1, 2] };
    const patched = patchUser('b', { unreadcount: 0, last_message: 'hi' })(held);
    expect(usersOf(patched)[1].last_message).toBe('hi');
    expect(patched.pages[0]).toBe(held.pages[0]);
    expect(patchUser('zz', { last_message: 'hi' })(held)).toBe(held);
    expect(users(withoutUser('a')(held))).toEqual(['b']);
  });
});

describe('a conversation\'s pages', () => {
  it('holds the messages oldest first, each once, the newer page\'s copy winning', () => {
    const held = { pages: [messagePage([message('m3', 3), message('m4', 4, { isRead: true })]), messagePage([message('m1', 1), message('m4', 4)], 2)], pageParams: [1, 2] };
    expect(ids(held)).toEqual(['m1', 'm3', 'm4']);
    expect(messagesOf(held).find(m => m._id === 'm4')?.isRead).toBe(true);
  });

  it('puts a message in place of its held copy, else in page 1, and the same twice', () => {
    const held = { pages: [messagePage([message('m3', 3)]), messagePage([message('m1', 1)], 2)], pageParams: [1, 2] };
    const change = withMessages([message('m1', 1, { message: 'rotated' }), message('m5', 5)]);
    const next = change(held);
    expect(next.pages[1].messages.map(m => m.message)).toEqual(['rotated']);
    expect(next.pages[0].messages.map(m => m._id)).toEqual(['m3', 'm5']);
    expect(twice(change, held)).toEqual(next);
  });

  it('page 1 read again merges its messages in (none dropped) and takes its pay-per-message status', () => {
    const held = { pages: [messagePage([message('m2', 2), message('m3', 3)])], pageParams: [1] };
    const fresh = { ...messagePage([message('m3', 3), message('m4', 4)]), pay_per_message: { enabled: true } } as unknown as ChatMessagePage;
    const next = withFirstMessages(fresh)(held);
    expect(ids(next)).toEqual(['m2', 'm3', 'm4']);
    expect(next.pages[0].pay_per_message).toEqual({ enabled: true });
  });

  it('removes a message from all and edits messages in place', () => {
    const held = { pages: [messagePage([message('m2', 2)]), messagePage([message('m1', 1)], 2)], pageParams: [1, 2] };
    expect(ids(withoutMessage('m1')(held))).toEqual(['m2']);
    expect(withoutMessage('zz')(held)).toBe(held);
    expect(holds(held, 'm1')).toBe(true);
    const read = editMessages(ms => ms.map(m => ({ ...m, isRead: true })))(held);
    expect(messagesOf(read).every(m => m.isRead)).toBe(true);
    expect(editMessages(ms => ms)(held)).toBe(held);
  });
});

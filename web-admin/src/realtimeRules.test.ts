// What the console keeps from presence frames: the online fans and who is in which chat.
import { describe, expect, it } from 'vitest';
import { alsoInChat, applyPresence, applyViewer, staffInChat, type Presence, type Viewers } from './realtimeRules';

const none: Presence = { online: new Set(), count: 0 };
const frame = (type: string, data: Record<string, unknown>) => ({ type, data });

describe('online fans', () => {
  it('the list replaces what was known; USER_ONLINE / USER_OFFLINE add and remove one fan', () => {
    let p = applyPresence(none, frame('ONLINE_USER_LIST', { users: ['a', 'b'] }));
    expect([...p.online]).toEqual(['a', 'b']);
    expect(p.count).toBe(2);
    p = applyPresence(p, frame('USER_ONLINE', { userId: 'c' }));
    expect(p.online.has('c')).toBe(true);
    expect(p.count).toBe(3);
    p = applyPresence(p, frame('USER_OFFLINE', { userId: 'a' }));
    expect([...p.online].sort()).toEqual(['b', 'c']);
    expect(p.count).toBe(2);
    p = applyPresence(p, frame('ONLINE_USER_LIST', { users: ['z'] }));
    expect([...p.online]).toEqual(['z']);
  });

  it('ALL_USERS_COUNT sets the count; a frame that changes nothing keeps the same object', () => {
    const p = applyPresence(none, frame('ONLINE_USER_LIST', { users: ['a'] }));
    expect(applyPresence(p, frame('ALL_USERS_COUNT', { count: 4 })).count).toBe(4);
    expect(applyPresence(p, frame('USER_ONLINE', { userId: 'a' }))).toBe(p);
    expect(applyPresence(p, frame('USER_OFFLINE', { userId: 'nobody' }))).toBe(p);
    expect(applyPresence(p, frame('ALL_USERS_COUNT', { count: 1 }))).toBe(p);
    expect(applyPresence(p, frame('MESSAGE_RECEIVE', { fanId: 'a' }))).toBe(p);
    expect(applyPresence(p, frame('USER_ONLINE', { userId: 7 }))).toBe(p);
  });
});

describe('staff in a chat', () => {
  const seen = (v: Viewers, type: string, data: Record<string, unknown>) => applyViewer(v, frame(type, data));

  it('a staff member is in one chat at a time; null leaves it', () => {
    let v: Viewers = new Map();
    v = seen(v, 'ADMIN_IN_USER_CHAT', { adminId: 's1', adminName: 'Sam', userId: 'fanA' });
    v = seen(v, 'ADMIN_IN_USER_CHAT', { adminId: 's2', adminName: 'Ann', userId: 'fanA' });
    expect(staffInChat(v, 'fanA')).toBe('Ann and Sam');
    expect(alsoInChat(staffInChat(v, 'fanA'))).toBe('Ann and Sam are also in this chat');
    v = seen(v, 'ADMIN_IN_USER_CHAT', { adminId: 's1', adminName: 'Sam', userId: 'fanB' });
    expect(staffInChat(v, 'fanA')).toBe('Ann');
    expect(alsoInChat(staffInChat(v, 'fanB'))).toBe('Sam is also in this chat');
    v = seen(v, 'ADMIN_IN_USER_CHAT', { adminId: 's1', adminName: 'Sam', userId: null });
    expect(staffInChat(v, 'fanB')).toBe('');
    expect(v.has('fanB')).toBe(false);
  });

  it('other frames and frames without a staff id change nothing', () => {
    const v: Viewers = new Map([['fanA', new Map([['s1', 'Sam']])]]);
    expect(seen(v, 'USER_ONLINE', { userId: 'fanA' })).toBe(v);
    expect(seen(v, 'ADMIN_IN_USER_CHAT', { userId: 'fanA' })).toBe(v);
    expect(staffInChat(seen(v, 'ADMIN_IN_USER_CHAT', { adminId: 's2', userId: 'fanA' }), 'fanA')).toBe('Another staff member and Sam');
  });
});

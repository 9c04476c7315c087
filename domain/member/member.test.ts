import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { memberDecider, SUPER_ADMIN_BLOCKED, SUPER_ADMIN_DELETED, type MemberEvent } from './member';

const evolveAll = (events: MemberEvent[]) => events.reduce(memberDecider.evolve, memberDecider.initialState());

describe('member standing', () => {
  it('blocks and unblocks, writing nothing when the state already matches', () => {
    const blocked = memberDecider.decide({ type: 'SetBlocked', userId: 'u', blocked: true, actorId: 'a' }, memberDecider.initialState());
    expect(blocked).toEqual([{ type: 'MemberBlocked', data: { userId: 'u' } }]);
    const state = evolveAll(blocked);
    expect(memberDecider.decide({ type: 'SetBlocked', userId: 'u', blocked: true, actorId: 'a' }, state)).toEqual([]);
    expect(memberDecider.decide({ type: 'SetBlocked', userId: 'u', blocked: false, actorId: 'a' }, state)).toEqual([{ type: 'MemberUnblocked', data: { userId: 'u' } }]);
  });

  it('refuses to block or delete yourself, and acts on nobody deleted', () => {
    expect(() => memberDecider.decide({ type: 'SetBlocked', userId: 'a', blocked: true, actorId: 'a' }, memberDecider.initialState())).toThrow('There was a problem in Block user.');
    expect(() => memberDecider.decide({ type: 'Delete', userId: 'a', actorId: 'a', at: 't' }, memberDecider.initialState())).toThrow('There was a problem in delete user.');
    const deleted = evolveAll([{ type: 'MemberDeleted', data: { userId: 'u', deletedAt: 't' } }]);
    expect(() => memberDecider.decide({ type: 'SetNickname', userId: 'u', nickname: 'x' }, deleted)).toThrow('Invalid User Id');
  });

  it('validates nicknames (16 characters, trimmed, blank clears)', () => {
    expect(() => memberDecider.decide({ type: 'SetNickname', userId: 'u', nickname: 'x'.repeat(17) }, memberDecider.initialState())).toThrow('Nickname can be max 16 characters long');
    expect(memberDecider.decide({ type: 'SetNickname', userId: 'u', nickname: '  Star  ' }, memberDecider.initialState())).toEqual([{ type: 'NicknameSet', data: { userId: 'u', nickname: 'Star' } }]);
    const named = evolveAll([{ type: 'NicknameSet', data: { userId: 'u', nickname: 'Star' } }]);
    expect(memberDecider.decide({ type: 'SetNickname', userId: 'u', nickname: ' ' }, named)).toEqual([{ type: 'NicknameSet', data: { userId: 'u', nickname: null } }]);
  });

  it('changes roles only to known roles and never your own', () => {
    expect(memberDecider.decide({ type: 'ChangeRole', userId: 'u', role: 'support', actorId: 'a' }, memberDecider.initialState())).toEqual([{ type: 'MemberRoleChanged', data: { userId: 'u', role: 'support' } }]);
    expect(() => memberDecider.decide({ type: 'ChangeRole', userId: 'u', role: 'proxy_user', actorId: 'a' }, memberDecider.initialState())).toThrow('Invalid Request');
    expect(() => memberDecider.decide({ type: 'ChangeRole', userId: 'a', role: 'user', actorId: 'a' }, memberDecider.initialState())).toThrow('You cannot change your own role.');
  });

  it('opens proxy sessions only onto fans, and ends only known ones', () => {
    const start = { type: 'StartProxySession' as const, userId: 'u', adminId: 'a', sessionId: 's', tokenHash: 'h', expiresAt: 't' };
    expect(() => memberDecider.decide({ ...start, targetRole: 'model' }, memberDecider.initialState())).toThrow('Only fans can be viewed through a proxy login.');
    const events = memberDecider.decide({ ...start, targetRole: 'user' }, memberDecider.initialState());
    expect(events[0].type).toBe('ProxySessionStarted');
    const state = evolveAll(events);
    expect(memberDecider.decide({ type: 'EndProxySession', userId: 'u', sessionId: 'other' }, state)).toEqual([]);
    expect(memberDecider.decide({ type: 'EndProxySession', userId: 'u', sessionId: 's' }, state)).toEqual([{ type: 'ProxySessionEnded', data: { userId: 'u', sessionId: 's' } }]);
  });

  describe('the site operator makes an account super_admin (the server console)', () => {
    const appoint = { type: 'AppointSuperAdmin' as const, userId: 'u', registeredRole: 'admin' as const, operator: 'root@fanclub-host' };
    it('gives the highest role, naming the operator in the event', () => {
      given(memberDecider).when(appoint).then([{ type: 'MemberRoleChanged', data: { userId: 'u', role: 'super_admin', operator: 'root@fanclub-host' } }]);
      given(memberDecider, [{ type: 'MemberRoleChanged', data: { userId: 'u', role: 'support' } }]).when({ ...appoint, registeredRole: 'user' })
        .then([{ type: 'MemberRoleChanged', data: { userId: 'u', role: 'super_admin', operator: 'root@fanclub-host' } }]);
    });
    it('writes nothing when the account is super_admin already (given by the console, or registered so)', () => {
      given(memberDecider, [{ type: 'MemberRoleChanged', data: { userId: 'u', role: 'super_admin', operator: 'x' } }]).when(appoint).then([]);
      given(memberDecider).when({ ...appoint, registeredRole: 'super_admin' }).then([]);
    });
    it('refuses a blocked or deleted account, and an unnamed operator', () => {
      given(memberDecider, [{ type: 'MemberBlocked', data: { userId: 'u' } }]).when(appoint).thenThrows(SUPER_ADMIN_BLOCKED, { code: 'USER_BLOCKED', status: 409 });
      given(memberDecider, [{ type: 'MemberDeleted', data: { userId: 'u', deletedAt: 't' } }]).when(appoint).thenThrows(SUPER_ADMIN_DELETED, { code: 'USER_DELETED', status: 404 });
      given(memberDecider).when({ ...appoint, operator: '  ' }).thenThrows('Name the operator who gives the role.', { status: 400 });
    });
  });
});

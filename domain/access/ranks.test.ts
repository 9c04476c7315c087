import { describe, expect, it } from 'vitest';
import type { Role } from '../shared/wire';
import { HIGHER_RANK, LAST_ADMIN, ROLE_ABOVE_OWN, outranks, rankOf, staffActionRefusal } from './ranks';

const ORDER: Role[][] = [['super_admin'], ['admin'], ['sub_admin'], ['model'], ['content_manager', 'live_stream_manager', 'support'], ['user', 'proxy_user']];

describe('staff ranks', () => {
  it('super_admin > admin > sub_admin > model > other staff > fans; the site itself above all', () => {
    ORDER.forEach((tier, i) => {
      for (const role of tier) {
        for (const [j, other] of ORDER.entries()) for (const o of other) expect(outranks(role, o), `${role} over ${o}`).toBe(i < j);
        expect(outranks('system', role)).toBe(true);
      }
    });
    expect(rankOf('emperor')).toBeLessThan(rankOf('user'));
    expect(outranks(null, 'user')).toBe(false);
  });

  it('refuses any action on an account of higher or equal rank, with the same message', () => {
    for (const action of ['block', 'unblock', 'delete', 'change_role', 'edit', 'proxy'] as const) {
      const higher = staffActionRefusal({ action, actor: 'model', target: 'admin', newRole: 'admin', otherActiveAdmins: 3 });
      expect(higher?.message).toBe(HIGHER_RANK);
      expect(higher).toMatchObject({ code: 'HIGHER_RANK', status: 403 });
      expect(staffActionRefusal({ action, actor: 'admin', target: 'admin', newRole: 'admin', otherActiveAdmins: 3 })?.message).toBe(HIGHER_RANK);
      expect(staffActionRefusal({ action, actor: 'admin', target: 'super_admin', newRole: 'super_admin', otherActiveAdmins: 3 })?.message).toBe(HIGHER_RANK);
    }
    expect(HIGHER_RANK).toBe('You cannot change an account of a higher or equal rank.');
  });

  it('allows actions on lower ranks', () => {
    expect(staffActionRefusal({ action: 'block', actor: 'model', target: 'user' })).toBeNull();
    expect(staffActionRefusal({ action: 'edit', actor: 'content_manager', target: 'user' })).toBeNull();
    expect(staffActionRefusal({ action: 'change_role', actor: 'admin', target: 'sub_admin', newRole: 'support' })).toBeNull();
    expect(staffActionRefusal({ action: 'block', actor: 'super_admin', target: 'admin', targetActive: true, otherActiveAdmins: 1 })).toBeNull();
  });

  it('gives roles up to your own, never above', () => {
    expect(staffActionRefusal({ action: 'create', actor: 'admin', newRole: 'admin' })).toBeNull();
    expect(staffActionRefusal({ action: 'create', actor: 'admin', newRole: 'super_admin' })).toMatchObject({ message: ROLE_ABOVE_OWN, details: { field: 'role' } });
    expect(staffActionRefusal({ action: 'change_role', actor: 'admin', target: 'user', newRole: 'super_admin' })?.message).toBe(ROLE_ABOVE_OWN);
    expect(staffActionRefusal({ action: 'change_role', actor: 'admin', target: 'user', newRole: 'admin' })).toBeNull();
  });

  it('never locks out the last active admin: no block, delete or demotion of it', () => {
    const last = { actor: 'system', target: 'admin' as Role, targetActive: true, otherActiveAdmins: 0 };
    for (const action of ['block', 'delete'] as const) expect(staffActionRefusal({ ...last, action })?.message).toBe(LAST_ADMIN);
    expect(staffActionRefusal({ ...last, action: 'change_role', newRole: 'user' })?.message).toBe(LAST_ADMIN);
    expect(staffActionRefusal({ ...last, target: 'super_admin', action: 'change_role', newRole: 'model' })?.message).toBe(LAST_ADMIN);
    // Admin to super_admin keeps the site run; unblocking or editing takes nothing away; another admin makes it safe.
    expect(staffActionRefusal({ ...last, action: 'change_role', newRole: 'super_admin' })).toBeNull();
    expect(staffActionRefusal({ ...last, action: 'unblock' })).toBeNull();
    expect(staffActionRefusal({ ...last, action: 'edit' })).toBeNull();
    expect(staffActionRefusal({ ...last, action: 'block', otherActiveAdmins: 1 })).toBeNull();
    // An admin already blocked is not the one keeping the site run: deleting it locks nobody out.
    expect(staffActionRefusal({ ...last, action: 'delete', targetActive: false })).toBeNull();
    expect(LAST_ADMIN).toBe('The last admin cannot be blocked, deleted or demoted.');
  });
});

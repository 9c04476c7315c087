import { describe, expect, it } from 'vitest';
import { nextMiscPopUp, showsMiscPopUp, type MiscPopUp } from './shell';

const on: MiscPopUp = { enabled: true, title: 'Holiday break', html: '<p>Back on the 3rd.</p>', audience: 'everyone', revision: 2 };
const fan = { role: 'user' as const, member: false, dismissedRevision: null };

describe('miscellaneous popup (SH-39)', () => {
  it('shows to its audience, never to staff, not once closed at this revision', () => {
    expect(showsMiscPopUp(on, { role: null, member: false, dismissedRevision: null })).toBe(true);
    expect(showsMiscPopUp(on, fan)).toBe(true);
    expect(showsMiscPopUp(on, { ...fan, role: 'proxy_user' })).toBe(true);
    expect(showsMiscPopUp(on, { ...fan, role: 'admin' })).toBe(false);
    expect(showsMiscPopUp(on, { ...fan, dismissedRevision: 2 })).toBe(false);
    expect(showsMiscPopUp(on, { ...fan, dismissedRevision: 1 })).toBe(true);
    expect(showsMiscPopUp({ ...on, enabled: false }, fan)).toBe(false);
    expect(showsMiscPopUp({ ...on, title: ' ', html: '<p> </p>' }, fan)).toBe(false);
  });
  it('audiences: guests, fans, members, non-members', () => {
    expect(showsMiscPopUp({ ...on, audience: 'guests' }, fan)).toBe(false);
    expect(showsMiscPopUp({ ...on, audience: 'guests' }, { role: null, member: false, dismissedRevision: null })).toBe(true);
    expect(showsMiscPopUp({ ...on, audience: 'fans' }, { role: null, member: false, dismissedRevision: null })).toBe(false);
    expect(showsMiscPopUp({ ...on, audience: 'members' }, fan)).toBe(false);
    expect(showsMiscPopUp({ ...on, audience: 'members' }, { ...fan, member: true })).toBe(true);
    expect(showsMiscPopUp({ ...on, audience: 'non_members' }, { ...fan, member: true })).toBe(false);
    expect(showsMiscPopUp({ ...on, audience: 'non_members' }, { role: null, member: false, dismissedRevision: null })).toBe(true);
  });
  it('the revision moves when what visitors see changes, not on a plain re-save or switching off', () => {
    const { revision: _r, ...edit } = on;
    expect(nextMiscPopUp(on, edit).revision).toBe(2);
    expect(nextMiscPopUp(on, { ...edit, title: 'New' }).revision).toBe(3);
    expect(nextMiscPopUp(on, { ...edit, enabled: false }).revision).toBe(2);
    expect(nextMiscPopUp({ ...on, enabled: false }, edit).revision).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { membershipStartedAt, pushPreferencesView, webPushSettingsView } from './views';

describe('web push views', () => {
  it("the console's settings: the switch, the VAPID key and the counts", () => {
    expect(webPushSettingsView(false, 'KEY', { devices: 2, pending: 1, sentLastDay: 7 })).toEqual({
      web_push_notification_enabled: false, provider: 'vapid', vapid_public_key: 'KEY', devices: 2, pending: 1, sentLastDay: 7,
    });
  });

  it('a membership counts from its start while it has not ended (no end: it runs)', () => {
    const now = '2026-03-01T00:00:00.000Z';
    expect(membershipStartedAt(undefined, now)).toBeNull();
    expect(membershipStartedAt({ started_at: '2026-01-01T00:00:00Z', expires_at: '2026-04-01T00:00:00Z' }, now)).toBe('2026-01-01T00:00:00.000Z');
    expect(membershipStartedAt({ started_at: new Date('2026-01-01T00:00:00Z'), expires_at: null }, now)).toBe('2026-01-01T00:00:00.000Z');
    expect(membershipStartedAt({ started_at: '2026-01-01T00:00:00Z', expires_at: '2026-02-01T00:00:00Z' }, now)).toBeNull();
  });

  const base = {
    saved: { allow: null, tags: null }, devices: [], siteEnabled: true, membership: undefined, role: 'user' as const, publicKey: 'KEY', now: '2026-03-01T00:00:00.000Z',
  };

  it('never saved: every category on, the switch on only once a device is registered', () => {
    const none = pushPreferencesView(base);
    expect(none).toMatchObject({ is_allow_web_notification: false, tags: ['A', 'B', 'C', 'D', 'E'], prompt: 'user', devices: [], vapid_public_key: 'KEY', feed_refresh_seconds: 900 });
    const one = pushPreferencesView({ ...base, devices: [{ id: 'd1', userAgent: 'UA', registeredAt: '2026-02-01T00:00:00.000Z' }] });
    expect(one.is_allow_web_notification).toBe(true);
    expect(one.devices).toEqual([{ id: 'd1', user_agent: 'UA', registered_at: '2026-02-01T00:00:00.000Z' }]);
  });

  it('saved: the switch and the letters as saved; no prompt while the site is off or for staff who are not offered it', () => {
    const v = pushPreferencesView({ ...base, saved: { allow: false, tags: 'AD' } });
    expect(v.web_notification_preferences).toEqual({ content: true, offers: false, live_stream: false, messages: true, mass_messages: false });
    expect(v.tags).toEqual(['A', 'D']);
    expect(pushPreferencesView({ ...base, siteEnabled: false }).prompt).toBeNull();
    expect(pushPreferencesView({ ...base, role: 'support' }).prompt).toBeNull();
    expect(pushPreferencesView({ ...base, role: 'admin' }).prompt).toBe('admin');
  });

  it('the help popup: a fan five days into a current membership without web notifications', () => {
    const member = { ...base, membership: { started_at: '2026-02-01T00:00:00Z', expires_at: '2026-04-01T00:00:00Z' } };
    expect(pushPreferencesView(member).show_notification_help_popup).toBe(true);
    expect(pushPreferencesView({ ...member, role: 'admin' }).show_notification_help_popup).toBe(false);
    expect(pushPreferencesView({ ...member, devices: [{ id: 'd', userAgent: '', registeredAt: '' }] }).show_notification_help_popup).toBe(false);
    expect(pushPreferencesView({ ...member, membership: { ...member.membership, expires_at: '2026-02-20T00:00:00Z' } }).show_notification_help_popup).toBe(false);
  });
});

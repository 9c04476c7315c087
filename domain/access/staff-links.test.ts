import { describe, expect, it } from 'vitest';
import { hasReducedNavbar, staffNavLinks } from './staff-links';

const off = { hide_earnings: false, live_stream_report_enabled: false };
const keys = (role: Parameters<typeof staffNavLinks>[0], s = off) => staffNavLinks(role, s).map((l) => l.key);

describe('staff links in the fan navbar (spec 1 §6)', () => {
  it('admins see settings, subscribers, transactions and can go live', () => {
    expect(keys('admin')).toEqual(['settings', 'subscribers', 'transactions', 'go-live']);
    expect(keys('super_admin')).toEqual(['settings', 'subscribers', 'transactions', 'go-live']);
    // The sub-admin may not go live (not a publisher in the console's table).
    expect(keys('sub_admin')).toEqual(['settings', 'subscribers', 'transactions']);
    expect(staffNavLinks('admin', off)[0]).toEqual({ key: 'settings', label: 'Settings', href: '/admin/settings' });
  });
  it('the content manager: content manager, subscribers unless earnings are hidden, reports when the report is on', () => {
    expect(keys('content_manager')).toEqual(['content-manager', 'subscribers']);
    expect(keys('content_manager', { hide_earnings: true, live_stream_report_enabled: false })).toEqual(['content-manager']);
    expect(keys('content_manager', { hide_earnings: false, live_stream_report_enabled: true })).toEqual(['content-manager', 'subscribers', 'reports']);
  });
  it('support sees transactions only, with a reduced navbar; the live-stream manager, fans and proxy views none', () => {
    expect(keys('support')).toEqual(['transactions']);
    expect(hasReducedNavbar('support')).toBe(true);
    expect(hasReducedNavbar('admin')).toBe(false);
    expect(keys('live_stream_manager')).toEqual([]);
    expect(keys('user')).toEqual([]);
    expect(keys('proxy_user')).toEqual([]);
    expect(keys(null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Role } from '../shared/wire';
import { ADMIN_PAGES, FAN_PAGES, mayOpen } from './pages';
import { decideAccess } from './routes';

const ROLES: Role[] = ['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user'];

describe('page access', () => {
  it('public fan pages open for guests; protected ones ask to log in; unknown pages are denied', () => {
    expect(mayOpen(FAN_PAGES, '/', null)).toBe('allow');
    expect(mayOpen(FAN_PAGES, '/forgot-password', null)).toBe('allow');
    expect(mayOpen(FAN_PAGES, '/profile', null)).toBe('login');
    expect(mayOpen(FAN_PAGES, '/not-a-page', 'admin')).toBe('denied');
    expect(mayOpen(FAN_PAGES, 'toString', 'admin')).toBe('denied');
  });

  it('fan-only pages (wallet, payment method, cancel) are for fans and proxy sessions, not staff', () => {
    for (const page of ['/profile/wallet', '/profile/payment-method', '/profile/cancel-subscription']) {
      expect(mayOpen(FAN_PAGES, page, 'user')).toBe('allow');
      expect(mayOpen(FAN_PAGES, page, 'proxy_user')).toBe('allow');
      expect(mayOpen(FAN_PAGES, page, 'admin')).toBe('denied');
    }
  });

  it('support opens transactions (and the Sticky.io payments among them), the chat (read only) and the contact inbox only; admins open everything in the console; fans open none of it', () => {
    // The dashboard and My profile (the own password) are every staff member's.
    const open = (role: Role) => Object.keys(ADMIN_PAGES).filter((p) => p !== '/admin' && p !== '/admin/profile' && mayOpen(ADMIN_PAGES, p, role) === 'allow');
    expect(open('support')).toEqual(['/admin/transactions', '/admin/settings/set-chat-availability/booking-list', '/admin/private-chat', '/admin/purchased-contents/:userId', '/admin/contact-messages', '/admin/user-card-list', '/admin/sticky-io-transactions']);
    expect(open('admin')).toEqual(Object.keys(ADMIN_PAGES).filter((p) => p !== '/admin' && p !== '/admin/profile'));
    expect(mayOpen(ADMIN_PAGES, '/admin/profile', 'support')).toBe('allow');
    expect(mayOpen(ADMIN_PAGES, '/admin/profile', 'user')).toBe('denied');
    expect(open('user')).toEqual([]);
    expect(open('proxy_user')).toEqual([]);
  });

  it('every console page a role may open is backed by an API route that role may call', () => {
    const backing: Record<string, string> = {
      '/admin/posts': 'GET /admin-api/posts',
      '/admin/subscribers': 'GET /admin-api/subscribers',
      '/admin/transactions': 'GET /admin-api/transactions',
      '/admin/users': 'GET /admin-api/users',
      '/admin/settings': 'GET /admin-api/settings/:id',
      '/admin/settings/:page': 'PUT /admin-api/settings/:id',
      '/admin/audit': 'GET /admin-api/audit',
      '/admin/events': 'GET /admin-api/events',
      '/admin/outbox': 'GET /admin-api/outbox',
      '/admin/private-chat': 'GET /api/chat/get_user_list',
      '/admin/purchased-contents/:userId': 'GET /api/users/purchased-contents',
      '/admin/profile': 'POST /api/users/change_old_password',
      '/admin/super-admin-tools/lookup': 'POST /api/users/get_users_list_from_email',
      '/admin/generate-subscription-url': 'POST /api/generate_subscription_url/generate_subscription_url',
      '/admin/user-card-list': 'GET /admin-api/user-cards',
      '/admin/health-info': 'GET /admin-api/health',
      '/admin/list-redirect-url': 'GET /admin-api/redirect-urls',
      '/admin/redirect-url/:route?': 'POST /admin-api/redirect-urls',
      '/admin/logs': 'GET /admin-api/audit',
      '/admin/locked-exclusive-content': 'GET /admin-api/posts',
      '/admin/settings/chat-booking-settings': 'PUT /admin-api/chat-booking/availability',
      '/admin/settings/set-chat-availability/weekly-hours': 'PUT /admin-api/chat-booking/availability',
      '/admin/settings/set-chat-availability/booking-list': 'GET /admin-api/chat-booking/bookings',
    };
    for (const [page, route] of Object.entries(backing))
      for (const role of ROLES) if (mayOpen(ADMIN_PAGES, page, role) === 'allow') expect(decideAccess(route, role), `${role} on ${page}`).toBe('allow');
  });

  it('chat booking: the settings roles set the rules and hours and manage bookings; support only reads the bookings; others are denied', () => {
    const settings = '/admin/settings/chat-booking-settings';
    const hours = '/admin/settings/set-chat-availability/weekly-hours';
    const list = '/admin/settings/set-chat-availability/booking-list';
    for (const role of ['admin', 'super_admin', 'sub_admin', 'model'] as Role[]) {
      for (const page of [settings, hours, list]) expect(mayOpen(ADMIN_PAGES, page, role), `${role} ${page}`).toBe('allow');
      expect(decideAccess('POST /admin-api/chat-booking/bookings/:id/cancel', role)).toBe('allow');
    }
    expect(mayOpen(ADMIN_PAGES, list, 'support')).toBe('allow');
    expect(mayOpen(ADMIN_PAGES, hours, 'support')).toBe('denied');
    expect(mayOpen(ADMIN_PAGES, settings, 'support')).toBe('denied');
    expect(decideAccess('POST /admin-api/chat-booking/bookings/:id/cancel', 'support')).not.toBe('allow');
    for (const role of ['content_manager', 'live_stream_manager', 'user', 'proxy_user'] as Role[])
      for (const page of [settings, hours, list]) expect(mayOpen(ADMIN_PAGES, page, role), `${role} ${page}`).toBe('denied');
    expect(mayOpen(ADMIN_PAGES, list, null)).toBe('login');
  });
});

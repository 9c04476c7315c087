import { describe, expect, it } from 'vitest';
import type { Role } from '../shared/wire';
import { API_ACCESS, allowedAdminResources, decideAccess } from './routes';

const ALL_ROLES: Role[] = ['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user'];

describe('decideAccess', () => {
  it.each(['POST /api/users/register', 'POST /api/users/login', 'GET /api/blogs', 'GET /api/app_settings/get', 'GET /media/*'])(
    'public route %s allows guests and every role',
    (route) => {
      expect(decideAccess(route, null)).toBe('allow');
      for (const role of ALL_ROLES) expect(decideAccess(route, role)).toBe('allow');
    },
  );

  it.each(['POST /api/v2/purchase/blog-content-purchase', 'POST /api/v2/purchase/subscription', 'POST /api/v2/purchase/add-new-card'])(
    'payment route %s: every signed-in role but a proxy session (an admin never spends a fan\'s money)',
    (route) => {
      expect(decideAccess(route, null)).toBe('unauthenticated');
      for (const role of ALL_ROLES) expect(decideAccess(route, role)).toBe(role === 'proxy_user' ? 'forbidden' : 'allow');
    },
  );

  it.each(['GET /api/users/me', 'POST /api/users/logout'])(
    'authenticated route %s: guests are unauthenticated, every role allowed',
    (route) => {
      expect(decideAccess(route, null)).toBe('unauthenticated');
      for (const role of ALL_ROLES) expect(decideAccess(route, role)).toBe('allow');
    },
  );

  it('role-listed route: listed roles allowed, others forbidden, guests unauthenticated', () => {
    const route = 'POST /api/blogs';
    expect(decideAccess(route, null)).toBe('unauthenticated');
    for (const role of ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'] as Role[]) expect(decideAccess(route, role)).toBe('allow');
    for (const role of ['user', 'proxy_user', 'support', 'live_stream_manager'] as Role[]) expect(decideAccess(route, role)).toBe('forbidden');
  });

  it('the event log is for admins only', () => {
    expect(decideAccess('GET /admin-api/events', 'admin')).toBe('allow');
    expect(decideAccess('GET /admin-api/events', 'super_admin')).toBe('allow');
    for (const role of ['sub_admin', 'model', 'content_manager', 'support', 'user'] as Role[]) expect(decideAccess('GET /admin-api/events', role)).toBe('forbidden');
  });

  it('deleting posts is for managers, not content managers', () => {
    expect(decideAccess('DELETE /admin-api/posts/:id', 'model')).toBe('allow');
    expect(decideAccess('DELETE /admin-api/posts/:id', 'content_manager')).toBe('forbidden');
  });

  it.each([
    ['GET /api/unknown', 'admin'],
    ['GET /api/unknown', null],
    ['DELETE /api/users/me', 'super_admin'],
    ['get /api/blogs', null],
    ['GET /api/blogs/', null],
    ['', 'admin'],
  ] as [string, Role | null][])('unknown route %j is forbidden (role %s)', (route, role) => {
    expect(decideAccess(route, role)).toBe('forbidden');
  });

  it('every rule is public, authenticated or a non-empty list of known roles', () => {
    for (const [route, rule] of Object.entries(API_ACCESS)) {
      expect(route).toMatch(/^(GET|POST|PUT|DELETE|PATCH) \//);
      if (rule === 'public' || rule === 'authenticated') continue;
      expect(rule.length, route).toBeGreaterThan(0);
      for (const r of rule) expect(ALL_ROLES).toContain(r);
      // A list either names staff only, or is the 'payers' list: every signed-in role except a proxy session
      // (paying, liking, commenting are the fan's own acts).
      if (rule.includes('user')) expect([...rule].sort(), route).toEqual(ALL_ROLES.filter((r) => r !== 'proxy_user').sort());
      expect(rule, route).not.toContain('proxy_user');
    }
  });
});

describe('allowedAdminResources', () => {
  it('support sees transactions only', () => {
    expect(allowedAdminResources('support')).toEqual(['transactions']);
  });

  it.each(['admin', 'super_admin'] as Role[])('%s sees everything', (role) => {
    expect(allowedAdminResources(role)).toEqual(['posts', 'media', 'users', 'subscribers', 'transactions', 'events']);
  });

  it('sub_admin and model see all but the event log', () => {
    expect(allowedAdminResources('sub_admin')).toEqual(['posts', 'media', 'users', 'subscribers', 'transactions']);
    expect(allowedAdminResources('model')).toEqual(['posts', 'media', 'users', 'subscribers', 'transactions']);
  });

  it('content_manager sees content and subscribers', () => {
    expect(allowedAdminResources('content_manager')).toEqual(['posts', 'media', 'subscribers']);
  });

  it.each(['live_stream_manager', 'user', 'proxy_user'] as Role[])('%s sees nothing in the console', (role) => {
    expect(allowedAdminResources(role)).toEqual([]);
  });
});

describe('prototype keys are not routes', () => {
  it('denies toString and constructor like any unknown route', () => {
    expect(decideAccess('toString', null)).toBe('forbidden');
    expect(decideAccess('constructor', 'admin')).toBe('forbidden');
  });
});

// Which browser paths the server counts as pages of the two apps (domain/access/app-paths.ts), and that every
// route the apps' routers declare is one of them: a route added to a router but not to the server's tables would
// be answered with status 404 though the app draws it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSOLE_RESOURCE_NAMES, fanPathKind, isConsolePath, matchesPattern } from '../../domain/access/app-paths';
import { CONSOLE_RESOURCES } from '../../web-admin/src/access';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every `<Route … path="…">` literal in the app's source files. */
function routerPaths(dir: string): string[] {
  const found: string[] = [];
  for (const file of fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx$/.test(file) || /\.test\.tsx$/.test(file)) continue;
    const text = fs.readFileSync(path.join(ROOT, dir, file), 'utf8');
    for (const m of text.matchAll(/<Route\b[^>]*?\spath="([^"]+)"/g)) found.push(m[1]);
  }
  return found;
}

/** Concrete paths a router pattern matches: each parameter (and a splat) filled in, optional ones also left out. */
function samples(pattern: string): string[] {
  const filled = pattern.replace(/:\w+\??/g, 'x1').replace(/\*$/, 'x1');
  const bare = pattern.replace(/\/:\w+\?/g, '').replace(/\/\*$/, '').replace(/:\w+/g, 'x1');
  return [...new Set([filled, bare || '/'])];
}

describe('react-router patterns', () => {
  it('match segment by segment, with optional last parameters and no trailing-slash difference', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/feed/:blog_id/:from_notification?', '/feed/abc')).toBe(true);
    expect(matchesPattern('/feed/:blog_id/:from_notification?', '/feed/abc/1')).toBe(true);
    expect(matchesPattern('/feed/:blog_id/:from_notification?', '/feed/abc/1/2')).toBe(false);
    expect(matchesPattern('/feed/:blog_id/:from_notification?', '/feed')).toBe(false);
    expect(matchesPattern('/profile', '/profile/')).toBe(true);
    expect(matchesPattern('/profile', '/profiles')).toBe(false);
  });
});

describe('fan-site paths', () => {
  it.each(['/', '/profile', '/profile/', '/profile/payments/7', '/feed/abc', '/feed/abc/1', '/home', '/private-chat', '/private-chat/u1', '/help/faq/3', '/terms-of-service', '/landing'])(
    '%s is a page',
    (p) => expect(fanPathKind(p)).toBe('page'),
  );
  it.each(['/my-custom-page', '/feed', '/summer-2027'])('%s can only be a custom page or a redirect', (p) => expect(fanPathKind(p)).toBe('slug'));
  it.each(['/no/such/page', '/profile/nothing', '/feed/a/b/c', '/Upper-Case', '/assets/missing.js', '/favicon.ico', '/404'])(
    '%s is unknown',
    (p) => expect(fanPathKind(p)).toBe('unknown'),
  );

  it('every route of the fan site’s router is a page (or the catch-all for custom pages)', () => {
    const routes = routerPaths('web-fan/src').filter((p) => p !== '*' && p !== '/404');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      for (const sample of samples(route)) {
        expect([route, sample, fanPathKind(sample)]).toEqual([route, sample, route === '/:path' ? 'slug' : 'page']);
      }
    }
  });
});

describe('console paths', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/users', '/admin/users/create', '/admin/users/u1', '/admin/users/u1/show', '/admin/users/u1/show/actions', '/admin/settings/seo-setting', '/admin/private-chat', '/admin/private-chat/u1', '/admin/live-stream-sessions', '/admin/go-live'])(
    '%s is a page',
    (p) => expect(isConsolePath(p)).toBe(true),
  );
  it.each(['/admin/nothing-here', '/admin/users/u1/show/actions/more', '/admin/go-live/create', '/admin/private-chat/u1/x'])('%s is unknown', (p) => expect(isConsolePath(p)).toBe(false));

  it('the resources are the console’s own, and every route of its router is a page', () => {
    expect([...CONSOLE_RESOURCE_NAMES].sort()).toEqual([...CONSOLE_RESOURCES].sort());
    const routes = routerPaths('web-admin/src');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const sample of samples(route)) expect([route, isConsolePath(`/admin${sample}`)]).toEqual([route, true]);
    }
  });
});

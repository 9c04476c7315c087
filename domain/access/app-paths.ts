// Which browser paths are pages of the two apps, so the server can answer an unknown one with status 404 while
// still sending the app (which draws its not-found page). The pages are the role tables' keys (pages.ts) plus the
// few client routes that have no role entry of their own; react-router's pattern syntax: `:name` is one segment,
// `:name?` an optional last one.
import { ADMIN_PAGES, FAN_PAGES } from './pages';

/** Fan-site routes with no entry of their own in FAN_PAGES: '/home' sends to '/', and one conversation of the chat. */
const FAN_CLIENT_ROUTES = ['/home', '/private-chat/:id'] as const;

/** The pattern of a custom page or redirect: a single segment that is a page only if the creator made it. */
const SLUG_PATTERN = '/:path';

/** The fan site's route that draws its not-found page (whatever pages the creator made). */
const FAN_NOT_FOUND_ROUTE = '/404';

/** What the fan site's catch-all accepts as a custom page's or redirect's address. */
export const FAN_SLUG = /^[a-z0-9-]{1,60}$/;

/** The console's react-admin resources: each has its list at /admin/<name> and record pages below it. */
export const CONSOLE_RESOURCE_NAMES = ['posts', 'feed-tags', 'transactions', 'crypto-payments', 'subscribers', 'users', 'settings', 'audit', 'events', 'outbox'] as const;

/** A resource's pages below its list: create, edit (/:id), show and the show page's tabs. */
const RESOURCE_VIEWS = ['/create', '/:id', '/:id/show', '/:id/show/:tab'] as const;

/** Console routes with no entry of their own in ADMIN_PAGES: react-admin's login page, one conversation of the chat. */
const CONSOLE_CLIENT_ROUTES = ['/admin/login', '/admin/private-chat/:userId'] as const;

/** The path's segments, without a trailing slash (react-router treats '/profile/' as '/profile'). */
const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

/** Whether `path` matches a react-router pattern. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  const required = want.filter((s) => !s.endsWith('?')).length;
  if (got.length < required || got.length > want.length) return false;
  return got.every((segment, i) => (want[i].startsWith(':') ? segment.length > 0 : want[i] === segment));
}

const FAN_ROUTES = [...Object.keys(FAN_PAGES).filter((p) => p !== SLUG_PATTERN), ...FAN_CLIENT_ROUTES];

/**
 * A fan-site path: `page` when a route of the app draws it; `slug` when it can only be a custom page or a
 * redirect the creator made (the caller looks those up); `unknown` otherwise (the not-found page).
 */
export function fanPathKind(path: string): 'page' | 'slug' | 'unknown' {
  if (FAN_ROUTES.some((pattern) => matchesPattern(pattern, path))) return 'page';
  if (matchesPattern(FAN_NOT_FOUND_ROUTE, path)) return 'unknown';
  const segments = segmentsOf(path);
  return segments.length === 1 && FAN_SLUG.test(segments[0]) ? 'slug' : 'unknown';
}

const CONSOLE_ROUTES = [
  ...Object.keys(ADMIN_PAGES),
  ...CONSOLE_CLIENT_ROUTES,
  ...CONSOLE_RESOURCE_NAMES.flatMap((name) => RESOURCE_VIEWS.map((view) => `/admin/${name}${view}`)),
];

/** Whether a path under /admin is a page of the console. */
export const isConsolePath = (path: string): boolean => CONSOLE_ROUTES.some((pattern) => matchesPattern(pattern, path));

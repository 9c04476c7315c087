// Redirect URLs (console pages /admin/redirect-url/:route? and /admin/list-redirect-url): the creator
// names a short path of the fan site (`/:path`, e.g. /insta) and where it leads. One stream per path
// (`redirect-url-<path>`), so a path can have only one redirect without a read model deciding it.
// Open-redirect safe by construction: a target is a path on this site only ("/membership", "/feed/<id>?x=1"),
// never another origin — no scheme, no "//host", no backslashes or control characters. A creator who wants to send
// fans elsewhere uses the Links page (its outside links are shown as links, not followed automatically).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const redirectUrlStream = (path: string) => `redirect-url-${path}`;

export const REDIRECT_PATH_MAX = 60;
export const REDIRECT_TARGET_MAX = 500;

/**
 * First segments the fan site routes itself (web-fan/src/App.tsx, domain/access/pages.ts): a redirect there
 * would never be reached, or would hide a real page.
 */
export const RESERVED_PATHS: readonly string[] = [
  'api', 'admin', 'admin-api', 'media', 'ws', 'app-icons', 'assets', 'landing', 'login', 'register', 'forgot-password',
  'change-password', 'feed', 'opt-in-email-verification', 'change-email-verification', 'membership', 'join', 'subscribe',
  'profile', 'upload-photo-id', 'tips', 'tips-list', 'private-chat', 'purchased-contents', 'group-live-stream',
  'live-stream', 'terms-of-service', 'privacy-policy', 'dmca', '2257', 'content-removal', 'faq', 'contact-us',
  'like-the-website', 'notification', 'purchase-notification', 'user-notification', 'help', 'user-help', 'links',
  'more-links', 'subscription-video', 'service-stopped', 'chat', 'manifest.webmanifest', 'sw.js', 'robots.txt', 'sitemap.xml',
  'favicon.ico', 'user',
];

export const PATH_RULE = 'The path may use lowercase letters, digits and dashes (1 to 60), like insta-offer.';
export const TARGET_RULE = 'The destination must be a path on this site starting with /, like /membership.';

export interface RedirectUrl {
  path: string;
  target: string;
}

export type RedirectUrlEvent =
  | DomainEvent<'RedirectUrlSaved', { path: string; target: string; savedAt: string }>
  | DomainEvent<'RedirectUrlDeleted', { path: string; deletedAt: string }>;

export type RedirectUrlCommand =
  | { type: 'Save'; path: string; target: string; at: string; creating: boolean }
  | { type: 'Delete'; path: string; at: string };

export interface RedirectUrlState {
  target: string | null;
}

/** A path as typed (with or without the leading slash) → the stored one, or a ValidationError on `path`. */
export function normalisePath(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim().replace(/^\/+/, '').toLowerCase() : '';
  if (!/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/.test(text)) throw new ValidationError('path', PATH_RULE);
  if (RESERVED_PATHS.includes(text)) throw new ValidationError('path', `/${text} is a page of the site already. Please choose another path.`);
  return text;
}

/** Whether a destination is a same-site path: what both the server (on save) and the fan site (on follow) check. */
export function isSameSitePath(target: string): boolean {
  if (target.length === 0 || target.length > REDIRECT_TARGET_MAX) return false;
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  // Backslashes ("/\evil.com" is "//evil.com" to browsers), whitespace and controls, and "/." tricks are refused.
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return false;
  return /^\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/?#]*$/.test(target) && !/^\/\.\.?(\/|$)/.test(target);
}

export function normaliseTarget(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!isSameSitePath(text)) throw new ValidationError('target', TARGET_RULE);
  return text;
}

export const REDIRECT_EXISTS = 'A redirect for this path exists already.';
export const REDIRECT_NOT_FOUND = 'Redirect not found.';

export const redirectUrlDecider: Decider<RedirectUrlCommand, RedirectUrlEvent, RedirectUrlState> = {
  initialState: () => ({ target: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'RedirectUrlSaved':
        return { target: event.data.target };
      case 'RedirectUrlDeleted':
        return { target: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Save': {
        const path = normalisePath(command.path);
        const target = normaliseTarget(command.target);
        if (command.creating && state.target !== null) throw new ValidationError('path', REDIRECT_EXISTS);
        if (!command.creating && state.target === null) throw new DomainError(REDIRECT_NOT_FOUND, 'NOT_FOUND', 404);
        if (target === `/${path}` || target.startsWith(`/${path}?`) || target.startsWith(`/${path}#`)) throw new ValidationError('target', 'A redirect cannot lead to itself.');
        return state.target === target ? [] : [{ type: 'RedirectUrlSaved', data: { path, target, savedAt: command.at } }];
      }
      case 'Delete':
        if (state.target === null) throw new DomainError(REDIRECT_NOT_FOUND, 'NOT_FOUND', 404);
        return [{ type: 'RedirectUrlDeleted', data: { path: command.path, deletedAt: command.at } }];
    }
  },
};

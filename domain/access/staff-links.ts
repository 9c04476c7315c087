// Staff links in the fan site's navbar: "Admins see settings, subscribers and
// transactions links and can go live. A content manager sees the content manager link, can export users if enabled,
// and sees subscribers and reports depending on the earnings and reporting settings. A live stream manager sees chat
// only. Support sees the transactions link only." Every link is also checked against the console's page table, so a
// link never leads to the access-denied page.
import type { Role } from '../shared/wire';
import { ADMIN_PAGES, mayOpen } from './pages';

export interface StaffLink {
  key: 'settings' | 'subscribers' | 'transactions' | 'go-live' | 'content-manager' | 'reports';
  label: string;
  /** A console path (the console is its own app: a full page load). */
  href: string;
}

const LINKS: Record<StaffLink['key'], { label: string; href: string; page: string }> = {
  settings: { label: 'Settings', href: '/admin/settings', page: '/admin/settings' },
  subscribers: { label: 'Subscribers', href: '/admin/subscribers', page: '/admin/subscribers' },
  transactions: { label: 'Transactions', href: '/admin/transactions', page: '/admin/transactions' },
  'go-live': { label: 'Go Live', href: '/admin/go-live', page: '/admin/go-live' },
  'content-manager': { label: 'Content Manager', href: '/admin/content-manager', page: '/admin/content-manager' },
  reports: { label: 'Reports', href: '/admin/live-stream-sessions', page: '/admin/live-stream-sessions/:id?' },
};

const SETTINGS_ROLES: readonly Role[] = ['model', 'admin', 'super_admin', 'sub_admin'];

/** The switches that decide the content manager's links: hide_earnings (subscribers) and the live-session report. */
export interface StaffLinkSettings { hide_earnings: boolean; live_stream_report_enabled: boolean }

export function staffNavLinks(role: Role | null, s: StaffLinkSettings): StaffLink[] {
  let keys: StaffLink['key'][] = [];
  if (role && SETTINGS_ROLES.includes(role)) keys = ['settings', 'subscribers', 'transactions', 'go-live'];
  else if (role === 'content_manager') {
    keys = ['content-manager'];
    if (!s.hide_earnings) keys.push('subscribers');
    if (s.live_stream_report_enabled) keys.push('reports');
  } else if (role === 'support') keys = ['transactions'];
  // live_stream_manager: chat only (the navbar's chat icon); fans and proxy views: none.
  return keys
    .filter((k) => mayOpen(ADMIN_PAGES, LINKS[k].page, role) === 'allow')
    .map((k) => ({ key: k, label: LINKS[k].label, href: LINKS[k].href }));
}

/** Support's navbar is reduced to its transactions link: no feed, membership, tips, custom menus, chat or wallet. */
export const hasReducedNavbar = (role: Role | null | undefined): boolean => role === 'support';

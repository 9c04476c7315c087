// Who may use what in the staff console. There is no role table here: every answer comes from the two
// shared tables the server enforces —
//   ADMIN_PAGES (domain/access/pages.ts): which role may open which console page, and
//   API_ACCESS  (domain/access/routes.ts, via decideAccess): which role may call which API route.
// A console resource is usable when its page may be opened AND the route behind each action may be called,
// so menus, registered resources, authProvider.canAccess and action buttons follow the server's own rules.
import { ADMIN_PAGES, mayOpen } from '../../domain/access/pages';
import { decideAccess } from '../../domain/access/routes';
import { type Role, STAFF_ROLES } from '../../domain/shared/wire';

export type ConsoleResource =
  | 'posts'
  | 'feed-tags'
  | 'transactions'
  | 'crypto-payments'
  | 'subscribers'
  | 'users'
  | 'events'
  | 'audit'
  | 'outbox'
  | 'settings';

export const CONSOLE_RESOURCES: readonly ConsoleResource[] = [
  'posts',
  'feed-tags',
  'transactions',
  'crypto-payments',
  'subscribers',
  'users',
  'settings',
  'audit',
  'events',
  'outbox',
];

/**
 * Each console action → the API route it calls (a key of API_ACCESS). An action not listed is never
 * offered. `export` is the server's CSV (GET /admin-api/<resource>/export: the list's roles, audited).
 */
export const RESOURCE_ROUTES: Record<ConsoleResource, Readonly<Partial<Record<string, string>>>> = {
  posts: { list: 'GET /admin-api/posts', show: 'GET /admin-api/posts/:id', create: 'POST /api/blogs' },
  'feed-tags': {
    list: 'POST /api/feed-tags/',
    create: 'POST /api/feed-tags/add-or-update',
    edit: 'POST /api/feed-tags/add-or-update',
    delete: 'DELETE /api/feed-tags/delete/:id',
  },
  transactions: { list: 'GET /admin-api/transactions', export: 'GET /admin-api/transactions/export' },
  'crypto-payments': { list: 'GET /admin-api/crypto-payments', show: 'GET /admin-api/crypto-payments/:id' },
  subscribers: { list: 'GET /admin-api/subscribers', export: 'GET /admin-api/subscribers/export' },
  users: {
    list: 'GET /admin-api/users',
    show: 'GET /admin-api/users/:id',
    create: 'POST /admin-api/users',
    edit: 'PUT /admin-api/users/:id',
    export: 'GET /admin-api/users/export',
  },
  events: { list: 'GET /admin-api/events', show: 'GET /admin-api/events/:id' },
  audit: { list: 'GET /admin-api/audit' },
  outbox: { list: 'GET /admin-api/outbox', show: 'GET /admin-api/outbox/:id' },
  settings: { list: 'GET /admin-api/settings/:id', edit: 'PUT /admin-api/settings/:id' },
};

/**
 * Data sources of console pages that are not menu resources: the page whose roles may use them and the route
 * each action calls. react-admin's lists, forms and buttons ask canAccess about them like about a resource.
 */
const PAGE_RESOURCES: Readonly<Record<string, { page: string; routes: Readonly<Partial<Record<string, string>>> }>> = {
  'membership-tiers': {
    page: '/admin/membership-tiers',
    routes: { list: 'GET /admin-api/membership-tiers', create: 'POST /admin-api/membership-tiers', edit: 'PUT /admin-api/membership-tiers/:id', delete: 'DELETE /admin-api/membership-tiers/:id' },
  },
  'subscription-bundles': { page: '/admin/membership-tiers', routes: { edit: 'PUT /admin-api/subscription-bundles/:id' } },
  'shop/products': {
    page: '/admin/shop/product-list',
    routes: { list: 'GET /admin-api/shop/products', show: 'GET /admin-api/shop/products/:id', create: 'POST /admin-api/shop/products', edit: 'PUT /admin-api/shop/products/:id', delete: 'DELETE /admin-api/shop/products/:id' },
  },
  'shop/orders': { page: '/admin/shop/order-list', routes: { list: 'GET /admin-api/shop/orders', show: 'GET /admin-api/shop/orders/:id' } },
};

/** Resources whose page is not `/admin/<resource>` (none today; kept for pages that group several resources). */
const RESOURCE_PAGES: Partial<Record<ConsoleResource, string>> = {};

/** The user-management calls of the user page, each guarded by its own API_ACCESS entry. */
export const USER_ACTIONS = {
  block: 'POST /api/admin/update_user_block_status',
  delete: 'GET /api/admin/delete_user',
  photoId: 'POST /api/admin/update_is_photo_id_accepted_status',
  hideFromChat: 'POST /api/admin/update_hide_from_chat_status',
  muteMass: 'POST /api/admin/mute_message_for_user',
  nickname: 'POST /api/users/add_nick_name',
  emailPreferences: 'POST /api/users/save_email_preferences',
  complimentary: 'POST /api/admin/give_complimentary_subscription',
  proxyLogin: 'POST /api/users/login-as-proxy-user',
} as const;

export type UserAction = keyof typeof USER_ACTIONS;

/**
 * The menu, grouped by area as the UI direction asks; groups with nothing the role may use are hidden. A
 * `collapsed` group (the operator's tools: audit, event log, health, projections, sandbox forms) starts folded.
 */
export const MENU_GROUPS: readonly { label: string; resources: readonly ConsoleResource[]; collapsed?: boolean }[] = [
  { label: 'Content', resources: ['posts', 'feed-tags'] },
  { label: 'Money', resources: ['transactions', 'crypto-payments', 'subscribers'] },
  { label: 'Shop', resources: [] },
  { label: 'Fans', resources: ['users'] },
  { label: 'Messages', resources: ['outbox'] },
  { label: 'Live', resources: [] },
  { label: 'Settings', resources: ['settings'] },
  { label: 'Advanced', resources: ['audit', 'events'], collapsed: true },
];

/**
 * Sub-groups of a long group, in the order staff look for them, each naming its entries by console path (a
 * resource's is '/<name>'); an entry no sub-group names comes last, so nothing drops out of the menu.
 */
export const MENU_SECTIONS: Readonly<Partial<Record<string, readonly { label: string; paths: readonly string[] }[]>>> = {
  Money: [
    { label: 'Payments & wallet', paths: ['/transactions', '/sticky-io-transactions', '/crypto-payments', '/voids-refund-and-chargeback', '/user-card-list'] },
    { label: 'Memberships', paths: ['/subscribers', '/membership-tiers', '/cancellation', '/generate-subscription-url'] },
    { label: 'Reports', paths: ['/reporting', '/user-report', '/user-purchase-history', '/unlocked-content-user-list'] },
    { label: 'Promotions & coupons', paths: ['/promotions', '/promotion-reports', '/coupon-reports'] },
  ],
};

export const isStaffRole = (role: unknown): role is Role =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);

/** May this role call this API route (a key of API_ACCESS)? Only staff roles use the console at all. */
export const mayCall = (role: unknown, routeKey: string): boolean =>
  isStaffRole(role) && decideAccess(routeKey, role) === 'allow';

/** May this role open this console page (a key of ADMIN_PAGES, e.g. '/admin/users')? */
export const mayOpenPage = (role: unknown, page: string): boolean =>
  isStaffRole(role) && mayOpen(ADMIN_PAGES, page, role) === 'allow';

export const mayDo = (role: unknown, action: UserAction): boolean => mayCall(role, USER_ACTIONS[action]);

export function canUse(role: unknown, resource: string, action = 'list'): boolean {
  const pageResource = PAGE_RESOURCES[resource];
  if (pageResource) {
    const route = pageResource.routes[action];
    return mayOpenPage(role, pageResource.page) && route !== undefined && mayCall(role, route);
  }
  if (!(CONSOLE_RESOURCES as readonly string[]).includes(resource)) return false;
  const name = resource as ConsoleResource;
  if (!mayOpenPage(role, RESOURCE_PAGES[name] ?? `/admin/${name}`)) return false;
  const route = RESOURCE_ROUTES[name][action];
  return route !== undefined && mayCall(role, route);
}

/** Resources the role may open (their list page), in menu order. */
export function resourcesFor(role: unknown): readonly ConsoleResource[] {
  return CONSOLE_RESOURCES.filter(name => canUse(role, name, 'list'));
}

/** The money dashboard (earnings, subscribers) for roles that may read it; others get a welcome page. */
export const seesDashboard = (role: unknown): boolean =>
  mayOpenPage(role, '/admin') && mayCall(role, 'GET /admin-api/dashboard');

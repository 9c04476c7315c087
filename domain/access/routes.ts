// Who may call which API route: ONE table, enforced by the server on every request (a route missing from
// it is denied) and read by both apps for their guards and menus.
import type { Role } from '../shared/wire';

export type Access = 'public' | 'authenticated' | readonly Role[];

const ADMINS: readonly Role[] = ['admin', 'super_admin'];
/** Settings pages and most console areas: model, admin, sub_admin (spec 3 §6). */
const MANAGERS: readonly Role[] = [...ADMINS, 'sub_admin', 'model'];
const CONTENT: readonly Role[] = [...MANAGERS, 'content_manager'];
/** Support pages: support, admin, sub_admin (spec 3 §6); the model sees money too. */
const MONEY: readonly Role[] = [...MANAGERS, 'support'];

export const API_ACCESS: Record<string, Access> = {
  // Accounts
  'POST /api/users/register': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/logout': 'authenticated',
  'GET /api/users/me': 'authenticated',
  'POST /api/users/change_old_password': 'authenticated',
  'GET /api/users/get_model_details': 'public',
  'GET /api/app_settings/get': 'public',
  // Feed
  'GET /api/blogs': 'public',
  'GET /api/blogs/all': CONTENT,
  'GET /api/blog/get-blog-data-by-id': 'public',
  'POST /api/blogs': CONTENT,
  'POST /api/blogs/delete': MANAGERS,
  // Payments
  'GET /api/ccbill/get-payment-card': 'authenticated',
  'GET /api/v2/get-payment-card': 'authenticated',
  'POST /api/v2/purchase/add-new-card': 'authenticated',
  'POST /api/ccbill/set-primary-card': 'authenticated',
  'POST /api/ccbill/remove-card': 'authenticated',
  'POST /api/v2/purchase/subscription': 'authenticated',
  'POST /api/v2/purchase/blog-content-purchase': 'authenticated',
  // Uploads and media
  'POST /api/upload/generate_presigned_url': CONTENT,
  'PUT /api/upload/put/*': 'public', // authorised by the URL's signature, sent without the Authorization header
  'POST /api/media': CONTENT,
  'GET /media/*': 'public', // authorised by the URL's signature (issued after an entitlement check)
  // Staff console (react-admin REST)
  'GET /admin-api/dashboard': MANAGERS,
  'GET /admin-api/posts': CONTENT,
  'GET /admin-api/posts/:id': CONTENT,
  'POST /admin-api/posts': CONTENT,
  'DELETE /admin-api/posts/:id': MANAGERS,
  'GET /admin-api/media': CONTENT,
  'GET /admin-api/media/:id': CONTENT,
  'GET /admin-api/users': MANAGERS,
  'GET /admin-api/users/:id': MANAGERS,
  'GET /admin-api/subscribers': [...MANAGERS, 'content_manager'],
  'GET /admin-api/subscribers/:id': [...MANAGERS, 'content_manager'],
  'GET /admin-api/transactions': MONEY,
  'GET /admin-api/transactions/:id': MONEY,
  'GET /admin-api/events': ADMINS,
  'GET /admin-api/events/:id': ADMINS,
};

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** Deny by default: an unknown route is forbidden; a role must be listed for the route. */
export function decideAccess(routeKey: string, role: Role | null): AccessDecision {
  if (!Object.hasOwn(API_ACCESS, routeKey)) return 'forbidden';
  const rule = API_ACCESS[routeKey];
  if (rule === 'public') return 'allow';
  if (!role) return 'unauthenticated';
  if (rule === 'authenticated') return 'allow';
  return rule.includes(role) ? 'allow' : 'forbidden';
}

/** Console resources each role may open (the console's menu and guards). */
export function allowedAdminResources(role: Role): string[] {
  return ['posts', 'media', 'users', 'subscribers', 'transactions', 'events'].filter(
    (r) => decideAccess(`GET /admin-api/${r}`, role) === 'allow',
  );
}

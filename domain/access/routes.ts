// Who may call which API route: ONE table, enforced by the server on every request (a route missing from
// it is denied) and read by both apps for their guards and menus.
import { STAFF_ROLES, type Role } from '../shared/wire';

export type Access = 'public' | 'authenticated' | readonly Role[];

const ADMINS: readonly Role[] = ['admin', 'super_admin'];
/** Settings pages and most console areas: model, admin, sub_admin (spec 3 §6). */
const MANAGERS: readonly Role[] = [...ADMINS, 'sub_admin', 'model'];
const CONTENT: readonly Role[] = [...MANAGERS, 'content_manager'];
/** Support pages: support, admin, sub_admin (spec 3 §6); the model sees money too. */
const MONEY: readonly Role[] = [...MANAGERS, 'support'];
/** Everyone signed in except an admin viewing the site as a fan: a proxy session never spends the fan's money. */
const PAYERS: readonly Role[] = ['user', ...STAFF_ROLES];

export const API_ACCESS: Record<string, Access> = {
  // Accounts
  'POST /api/users/register': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/logout': 'authenticated',
  'GET /api/users/me': 'authenticated',
  'POST /api/users/change_old_password': 'authenticated',
  // Account self-service (issue 3)
  'POST /api/users/forgot_password': 'public',
  'POST /api/users/check_token/:token': 'public',
  'POST /api/users/reset_password': 'public',
  'POST /api/users/change_profile_details': 'authenticated',
  'POST /api/users/upload_photo_id': 'authenticated',
  'POST /api/change-email-settings/user-change-email-verification': 'public', // the emailed token is the permission
  'POST /api/change-email-settings/resend-change-email-request': 'authenticated',
  'POST /api/change-email-settings/dismiss-change-email-request': 'authenticated',
  'POST /api/opt-in-email-settings/update-user-opt-in-status': 'authenticated',
  'POST /api/opt-in-email-settings/user-opt-in-email-verification': 'public', // the emailed token is the permission
  'GET /api/update-opt-in-email-popup-display-status': 'authenticated',
  'GET /api/pages/get_html': 'public',
  // Staff: proxy login and user management (spec 2 §7 admin user management)
  'POST /api/users/login-as-proxy-user': ADMINS,
  'POST /api/users/get_users_list': MANAGERS,
  'POST /api/admin/update_user_block_status': [...ADMINS, 'model'],
  'GET /api/admin/delete_user': ADMINS,
  'POST /api/admin/update_is_photo_id_accepted_status': MANAGERS,
  'POST /api/admin/update_hide_from_chat_status': MANAGERS,
  'POST /api/admin/mute_message_for_user': [...MANAGERS, 'content_manager'],
  'POST /api/users/add_nick_name': [...MANAGERS, 'content_manager'],
  'POST /api/users/save_email_preferences': MANAGERS,
  'POST /api/admin/give_complimentary_subscription': ADMINS,
  'POST /admin-api/users': ADMINS, // create a staff account
  'PUT /admin-api/users/:id': ADMINS, // change a role
  'GET /admin-api/users/export': [...MANAGERS, 'content_manager'],
  'GET /admin-api/outbox': ADMINS,
  'GET /admin-api/outbox/:id': ADMINS,
  'GET /admin-api/audit': ADMINS,
  'GET /admin-api/audit/:id': ADMINS,
  'GET /admin-api/settings/:id': MANAGERS,
  'PUT /admin-api/settings/:id': MANAGERS,
  'GET /api/users/get_model_details': 'public',
  'GET /api/app_settings/get': 'public',
  // Feed
  'GET /api/blogs': 'public',
  'GET /api/blogs/all': CONTENT,
  'GET /api/blog/get-blog-data-by-id': 'public',
  'POST /api/blogs': CONTENT,
  'POST /api/blogs/delete': MANAGERS,
  // Post engagement (spec 2 §7): likes and comments; a proxy session neither likes nor comments for the fan
  'POST /api/blog/get-blog-info': 'public',
  'POST /api/blog/get-blog-comment': 'public',
  'POST /api/blog/save-blog-comment': PAYERS,
  'POST /api/blog/remove-blog-comment': PAYERS,
  'POST /api/blog/hide-blog-comment': CONTENT,
  'POST /api/blog/like-dislike': PAYERS,
  'POST /api/blog/block-user-from-commenting': MANAGERS,
  // Feed tags (spec 2 §7)
  'POST /api/feed-tags/': 'authenticated',
  'POST /api/feed-tags/add-or-update': CONTENT,
  'DELETE /api/feed-tags/delete/:id': CONTENT,
  'POST /api/feed-tags/add-or-remove-tag': CONTENT,
  // Payments
  'GET /api/ccbill/get-payment-card': 'authenticated',
  'GET /api/v2/get-payment-card': 'authenticated',
  'POST /api/v2/purchase/add-new-card': PAYERS,
  'POST /api/ccbill/set-primary-card': PAYERS,
  'POST /api/ccbill/remove-card': PAYERS,
  'POST /api/v2/purchase/subscription': PAYERS,
  'POST /api/v2/purchase/blog-content-purchase': PAYERS,
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

// What the route table's routes answer besides their own data, for the API description (api/openapi.ts): who may
// call in words, the area a route belongs to, and which routes take money (402) or If-Match (412). Pure data
// beside the route table, so a new route's answers are decided where its access is.
import type { Access } from './routes';

/** The console edits that take If-Match (api/edit-version.ts ifMatchRevision): a stale one is 412. */
const CONSOLE_EDITS = new Set(['PUT /admin-api/users/:id', 'PUT /admin-api/settings/:id', 'POST /api/blogs/edit', 'POST /api/promotion-setting/save-promotion', 'POST /api/promotion-setting/end-promotion']);
/** Routes that take money: a declined card or a short wallet answers 402 (PAYMENT_FAILED, INSUFFICIENT_FUNDS). */
const PAYING = /\/(purchase|send_message|send-message|reactivate|retry-rebill|resubscribe|migrate-subscription-for-user|save-condition|add-fund-and-payment|purchase-from-wallet)\b|\/api\/v2\/purchase\/|^\/api\/shop\/checkout$/;

/** Areas for the page's sections, by path (first match). */
const AREAS: [RegExp, string][] = [
  [/^\/api\/webhooks\//, 'Payment provider notices'],
  [/^\/api\/shop\//, 'Shop'],
  [/^\/admin-api\//, 'Console'],
  [/^\/api\/(docs|openapi)/, 'API description'],
  [/^\/api\/(v2\/purchase\/(add-new-card)|ccbill|v2\/get-payment-card|places|users\/(get_all_countries|get_states_of_country|get_cities_of_state|set-default-payment-method)|user\/change-payment-method)/, 'Payment methods'],
  [/^\/api\/users\/payments/, 'My payments'],
  [/^\/api\/(v2\/purchase\/send-tip|chat\/get_tips_list)/, 'Tips'],
  [/^\/api\/(v2\/subscription|v2\/purchase\/(subscription|resubscribe)|cancel-subscription|crypto\/cancel-subscription|migrat|save-condition|users\/(cancel_complimentary|updateRebill))/, 'Subscriptions'],
  [/^\/api\/(v2\/purchase|crypto)\//, 'Purchases and wallet'],
  [/^\/api\/(chat|message)\//, 'Chat'],
  [/^\/api\/(promotion-setting|coupon|resubscribe-offer|offer)\//, 'Promotions and coupons'],
  [/^\/api\/feed-tags\//, 'Feed tags'],
  [/^\/api\/blog\/(get-blog-info|get-blog-comment|save-blog-comment|remove-blog-comment|hide-blog-comment|like-dislike|block-user)/, 'Likes and comments'],
  [/^\/api\/blogs?\b/, 'Feed'],
  [/^\/(api\/upload|api\/media|media)\b/, 'Media'],
  [/^\/api\/app_settings\//, 'Site settings and landing page'],
  [/^\/api\/stream\//, 'Live streaming'],
  [/^\/api\/(notifications|services\/send-device-info|user-help|help)\b/, 'Notifications and help'],
  [/^\/api\/(pages|custom-menu|contact-us|like-the-website|get-announcement-banner-settings|save-announcement-banner-settings)\b/, 'Pages, menus and banner'],
  [/^\/api\/(admin|users\/(login-as-proxy-user|get_users_list|add_nick_name|save_email_preferences))\b/, 'Staff'],
  [/^\/api\//, 'Accounts'],
];
export const areaOf = (url: string) => AREAS.find(([re]) => re.test(url))?.[1] ?? 'Other';

export function rolesOf(access: Access): string[] {
  return typeof access === 'string' ? [access] : [...access];
}

export const whoMayCall = (access: Access) =>
  access === 'public' ? 'Anyone (no sign-in).' : access === 'authenticated' ? 'Anyone signed in.' : `Signed in as one of: ${access.join(', ')}.`;

/** A stale If-Match on these console edits is answered 412 (api/edit-version.ts). */
export const takesIfMatch = (key: string) => CONSOLE_EDITS.has(key);
/** Routes that take money answer 402 when the card is declined or the wallet is short. */
export const takesMoney = (url: string) => PAYING.test(url) && !url.endsWith('/add-new-card');

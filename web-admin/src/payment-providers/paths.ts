// The payment providers' settings pages: domain/access/pages.ts says who opens them (admins, as the API allows).
export const CCBILL_SETTINGS_PAGE = '/admin/settings/ccbill-settings';
export const CCBILL_REST_API_SETTINGS_PAGE = '/admin/settings/ccbill-rest-api-settings';
export const STICKY_IO_SETTING_PAGE = '/admin/settings/sticky-io-setting';

/** The route a page's settings are read and saved at (api/routes/payment-provider-settings.ts). */
export const providerPath = (provider: string) => `/api/settings/payment-providers/${provider}`;

/** The providers' console pages: the Sticky.io lookup (an admin tool), its payments, its catalogue, the CCBill test form. */
// The lookup is one of the admin tools (its card sits on the tools page), so its path lives with theirs.
export { STICKY_IO_LOOKUP_PAGE } from '../tools/paths';
export const STICKY_IO_TRANSACTIONS_PAGE = '/admin/sticky-io-transactions';
export const STICKY_IO_PRODUCTS_PAGE = '/admin/sticky-io-subscription-products';
export const CCBILL_TEST_FLEX_FORM_PAGE = '/admin/ccbill-test-flex-form';

/** The lookup of one order or payment: `key` is order_id, payment_id or email. */
export const stickyLookupPath = (key: 'order_id' | 'payment_id' | 'email', value: string) => `/super-admin-tools/sticky-io-lookup?${new URLSearchParams({ [key]: value })}`;

// The payment providers' settings pages: domain/access/pages.ts says who opens them (admins, as the API allows).
export const CCBILL_SETTINGS_PAGE = '/admin/settings/ccbill-settings';
export const CCBILL_REST_API_SETTINGS_PAGE = '/admin/settings/ccbill-rest-api-settings';
export const STICKY_IO_SETTING_PAGE = '/admin/settings/sticky-io-setting';

/** The route a page's settings are read and saved at (api/routes/payment-provider-settings.ts). */
export const providerPath = (provider: string) => `/api/settings/payment-providers/${provider}`;

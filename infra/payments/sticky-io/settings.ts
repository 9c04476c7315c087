// What the adapter needs to talk to one Sticky.io account. Secrets (the API password, the postback secret) arrive
// already unsealed from the settings getter and never leave the adapter: not in errors, logs or answers.
export interface StickyIoSettings {
  /** The account's instance: the API lives at https://{appKey}.sticky.io/api/v1/. */
  appKey: string;
  apiUsername: string;
  apiPassword: string;
  campaignId: string;
  shippingId: string;
  offerId: string;
  productId: string;
  billingModelId: string;
  /** The long random secret the postback URL profiles carry (query parameter `token`). */
  postbackSecret: string;
}

const REQUIRED: (keyof StickyIoSettings)[] = ['appKey', 'apiUsername', 'apiPassword', 'campaignId', 'shippingId', 'offerId', 'productId', 'billingModelId', 'postbackSecret'];

/** The settings, checked: a missing or malformed field is named (never its value, which may be a secret). */
export function checkStickyIoSettings(settings: StickyIoSettings | null): StickyIoSettings {
  if (!settings) throw new Error('Sticky.io is not configured: save its settings first.');
  for (const field of REQUIRED) {
    if (typeof settings[field] !== 'string' || settings[field].trim() === '') throw new Error(`Sticky.io settings: ${field} is required.`);
  }
  // The app key becomes a host name: letters, digits and hyphens only.
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/i.test(settings.appKey)) throw new Error('Sticky.io settings: appKey must be the account name of {app_key}.sticky.io (letters, digits, hyphens).');
  if (settings.postbackSecret.length < 24) throw new Error('Sticky.io settings: postbackSecret must be at least 24 characters.');
  return settings;
}

/** The account's v1 API base: the real host unless the factory was given another (tests point it at the simulator). */
export const stickyIoBaseUrl = (settings: StickyIoSettings, override?: string) => (override ?? `https://${settings.appKey}.sticky.io`).replace(/\/+$/, '');

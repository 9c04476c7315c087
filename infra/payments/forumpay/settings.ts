// What the ForumPay adapter needs from the console's payment settings (the secret arrives already unsealed).

export interface ForumPaySettings {
  /** API user from the dashboard's API Settings. */
  apiUser: string;
  /** API secret: both parts (the one shown and the one e-mailed), concatenated. */
  apiSecret: string;
  /** Our point of sale at ForumPay (letters, digits, '.', '_' and '-'). */
  posId: string;
  /** Live money when true; ForumPay's sandbox otherwise. */
  liveMode: boolean;
}

/** ForumPay's API bases, live and sandbox (each call is base + `{Action}/`). */
export const FORUMPAY_API_BASES = {
  live: 'https://api.forumpay.com/pay/v2/',
  sandbox: 'https://sandbox.api.forumpay.com/pay/v2/',
} as const;

export const apiBaseFor = (settings: Pick<ForumPaySettings, 'liveMode'>) => (settings.liveMode ? FORUMPAY_API_BASES.live : FORUMPAY_API_BASES.sandbox);

const POS_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The settings' own faults, each naming its field; empty when they can be used. */
export function settingsProblems(settings: ForumPaySettings): string[] {
  const problems: string[] = [];
  if (!settings.apiUser?.trim()) problems.push('apiUser: the ForumPay API user is missing.');
  if (!settings.apiSecret) problems.push('apiSecret: the ForumPay API secret is missing.');
  if (!POS_ID.test(settings.posId ?? '')) problems.push('posId: the ForumPay point of sale id is missing or has characters other than letters, digits, ".", "_" and "-".');
  return problems;
}

/** The console's saved ForumPay settings in the adapter's words. */
export const forumPayAdapterSettings = (saved: { apiUser: string; apiSecret: string; posId: string; enable_forumpay_payment_live_mode: boolean } | null): ForumPaySettings | null =>
  saved && { apiUser: saved.apiUser, apiSecret: saved.apiSecret, posId: saved.posId, liveMode: saved.enable_forumpay_payment_live_mode };

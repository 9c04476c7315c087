// What the CCBill adapter needs from the console settings. Secrets arrive already unsealed and never leave the
// adapter (no log, no error message, no event carries them).
export interface CcbillSettings {
  /** The 6-digit main account, e.g. "900100". */
  clientAccnum: string;
  /** The 4-digit subaccount; leading zeros are part of it ("0000"). */
  clientSubacc: string;
  /** The FlexForm's id (a UUID) the hosted checkout sends the fan to. */
  flexId: string;
  /** The subaccount's encryption key: signs the form price and checks the webhook's sale digest. */
  salt: string;
  /** REST Transaction API application id and secret (OAuth client credentials). */
  restAppId: string;
  restSecret: string;
  /** DataLink (Subscription Management API) user, distinct from the admin login. */
  datalinkUsername: string;
  datalinkPassword: string;
  /** Live hosts when true; the test REST host otherwise (FlexForms and DataLink have one host each). */
  liveMode: boolean;
  /** CIDR ranges webhooks may come from; CCBill's four published ranges when absent. */
  webhookSourceRanges?: string[];
}

/** The hosts CCBill sends webhooks from. */
export const CCBILL_WEBHOOK_RANGES = ['64.38.212.0/24', '64.38.215.0/24', '64.38.240.0/24', '64.38.241.0/24'];

export interface CcbillEndpoints {
  /** FlexForms base, e.g. https://api.ccbill.com/wap-frontflex/flexforms (the flexId is appended). */
  flexForms: string;
  /** REST Transaction API base (OAuth and payment tokens). */
  rest: string;
  /** DataLink subscriptionManagement.cgi, the full URL without query string. */
  datalink: string;
}

export function defaultEndpoints(liveMode: boolean): CcbillEndpoints {
  return {
    flexForms: 'https://api.ccbill.com/wap-frontflex/flexforms',
    // The test REST host is CCBill's listed development server; whether merchants may use it is unconfirmed.
    rest: liveMode ? 'https://api.ccbill.com' : 'https://api.dev.ccbill.com',
    datalink: 'https://datalink.ccbill.com/utils/subscriptionManagement.cgi',
  };
}

/** CCBill's three saved settings records as one: none until the account and its REST API are saved (DataLink may follow). */
export function combinedCcbillSettings(
  account: Pick<CcbillSettings, 'clientAccnum' | 'clientSubacc' | 'flexId' | 'salt' | 'liveMode'> | null,
  rest: Pick<CcbillSettings, 'restAppId' | 'restSecret'> | null,
  datalink: Pick<CcbillSettings, 'datalinkUsername' | 'datalinkPassword'> | null,
  /** FANCLUB_CCBILL_WEBHOOK_SOURCES: comma-separated CIDR ranges. */
  sources?: string,
): CcbillSettings | null {
  if (!account || !rest) return null;
  const ranges = sources?.split(',').map((r) => r.trim()).filter(Boolean);
  return { ...account, ...rest, datalinkUsername: datalink?.datalinkUsername ?? '', datalinkPassword: datalink?.datalinkPassword ?? '', ...(ranges?.length ? { webhookSourceRanges: ranges } : {}) };
}

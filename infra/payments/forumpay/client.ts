// One call to ForumPay's payment gateway API: base + `{Action}/`, HTTP Basic with the API user and secret, reads as
// GET with query parameters, StartPayment as a POST form. Answers are JSON; a refusal carries `err` (and maybe
// `err_code`) on any HTTP status. Errors say which call failed and what ForumPay said, never the credentials.
import { DomainError } from '../../../domain/shared/decider';
import { apiBaseFor, settingsProblems, type ForumPaySettings } from './settings';

export type ForumPayAction = 'Ping' | 'GetCurrencyList' | 'GetRate' | 'StartPayment' | 'CheckPayment' | 'CancelPayment' | 'GetTransactions';

export interface ForumPayClientOptions {
  settings: () => Promise<ForumPaySettings | null>;
  /** Overrides the API base that liveMode picks (tests point it at the simulator). */
  endpoints?: { api?: string };
  timeoutMs?: number;
}

/** ForumPay could not be asked, or did not answer in time: whether the call took effect is not known. */
export class ForumPayUnreachable extends DomainError {
  constructor(action: ForumPayAction, why: string) {
    super(`ForumPay did not answer ${action} (${why}); please try again.`, 'FORUMPAY_UNREACHABLE', 503, { provider: 'forumpay', action });
  }
}

/** ForumPay answered with a refusal (`err`), e.g. an unknown payment or a payer who needs KYC. */
export class ForumPayRefused extends DomainError {
  constructor(
    readonly action: ForumPayAction,
    readonly httpStatus: number,
    readonly err: string,
    readonly errCode: string | null,
  ) {
    super(`ForumPay refused ${action}: ${err}${errCode ? ` (${errCode})` : ''}.`, errCode?.startsWith('payer') ? 'FORUMPAY_PAYER_ACTION' : 'FORUMPAY_REFUSED', errCode?.startsWith('payer') ? 400 : 502, {
      provider: 'forumpay',
      action,
      httpStatus,
      ...(errCode ? { errCode } : {}),
    });
  }
}

export const notConfigured = () => new DomainError('ForumPay is not configured: set its API user, API secret and point of sale id.', 'FORUMPAY_NOT_CONFIGURED', 503, { provider: 'forumpay' });

const authRefused = (action: ForumPayAction, status: number) =>
  new DomainError(
    status === 401 ? `ForumPay refused the API user or secret on ${action} (HTTP 401): check the credentials in API Settings.` : `ForumPay's API is not reachable with these credentials on ${action} (HTTP 403): check the API user, secret and point of sale id.`,
    'FORUMPAY_AUTH',
    502,
    { provider: 'forumpay', action, httpStatus: status },
  );

export interface ForumPayClient {
  call<T = Record<string, unknown>>(action: ForumPayAction, params: Record<string, string | undefined>): Promise<T>;
  settings(): Promise<ForumPaySettings>;
}

export function forumPayClient(options: ForumPayClientOptions): ForumPayClient {
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function settings(): Promise<ForumPaySettings> {
    const s = await options.settings();
    if (!s) throw notConfigured();
    const problems = settingsProblems(s);
    if (problems.length) throw new DomainError(`ForumPay settings: ${problems.join(' ')}`, 'FORUMPAY_NOT_CONFIGURED', 503, { provider: 'forumpay' });
    return s;
  }

  return {
    settings,
    async call<T>(action: ForumPayAction, params: Record<string, string | undefined>): Promise<T> {
      const s = await settings();
      const base = options.endpoints?.api ?? apiBaseFor(s);
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries({ pos_id: s.posId, ...params })) if (v !== undefined) form.set(k, v);
      const post = action === 'StartPayment';
      const url = `${base.replace(/\/?$/, '/')}${action}/${post ? '' : `?${form}`}`;
      const headers: Record<string, string> = {
        authorization: `Basic ${Buffer.from(`${s.apiUser}:${s.apiSecret}`).toString('base64')}`,
        accept: 'application/json',
      };
      if (post) headers['content-type'] = 'application/x-www-form-urlencoded';
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, { method: post ? 'POST' : 'GET', headers, body: post ? form.toString() : undefined, signal: AbortSignal.timeout(timeoutMs) });
        text = await res.text();
      } catch (e) {
        const name = (e as Error).name;
        throw new ForumPayUnreachable(action, name === 'TimeoutError' || name === 'AbortError' ? `no answer in ${timeoutMs} ms` : 'connection failed');
      }
      if (res.status === 401 || res.status === 403) throw authRefused(action, res.status);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw res.status >= 500 ? new ForumPayUnreachable(action, `HTTP ${res.status}`) : new ForumPayRefused(action, res.status, `an answer that is not JSON (HTTP ${res.status})`, null);
      }
      const err = body && typeof body === 'object' && !Array.isArray(body) ? (body as { err?: unknown; err_code?: unknown }) : null;
      if (res.status >= 500) throw new ForumPayUnreachable(action, `HTTP ${res.status}${typeof err?.err === 'string' ? `: ${err.err}` : ''}`);
      if (err && err.err !== undefined && err.err !== null && err.err !== '') throw new ForumPayRefused(action, res.status, String(err.err), typeof err.err_code === 'string' ? err.err_code : null);
      if (!res.ok) throw new ForumPayRefused(action, res.status, `HTTP ${res.status}`, null);
      return body as T;
    },
  };
}

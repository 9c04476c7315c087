// One call of Sticky.io's v1 API: POST {base}/api/v1/{method}, HTTP Basic, JSON body (never credentials or card
// data in the query string: the provider refuses those), JSON answer. Errors name the method, never the URL,
// the user or the password.
import type { StickyIoSettings } from './settings';
import type { StickyAnswer } from './wire';

/**
 * The call may or may not have been carried out: no answer in time, the connection dropped, or HTTP 5xx.
 * For a charge this means "outcome unknown"; for a read, "try again".
 */
export class StickyNoAnswer extends Error {
  constructor(
    readonly method: string,
    readonly reason: 'timeout' | 'connection' | 'server_error',
    detail: string,
  ) {
    super(`Sticky.io ${method}: ${detail}`);
    this.name = 'StickyNoAnswer';
  }
}

export interface StickyClient {
  call(method: string, body: Record<string, unknown>): Promise<StickyAnswer>;
}

export function stickyClient(baseUrl: string, settings: StickyIoSettings, timeoutMs: number): StickyClient {
  const authorization = `Basic ${Buffer.from(`${settings.apiUsername}:${settings.apiPassword}`).toString('base64')}`;
  return {
    async call(method, body) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/api/v1/${method}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new StickyNoAnswer(method, timedOut ? 'timeout' : 'connection', timedOut ? `no answer within ${timeoutMs} ms` : 'the connection failed before an answer');
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        throw new StickyNoAnswer(method, 'connection', 'the connection dropped during the answer');
      }
      if (res.status >= 500) throw new StickyNoAnswer(method, 'server_error', `HTTP ${res.status}`);
      if (res.status !== 200) {
        // The insecure-request refusal answers 400 with URL-encoded fields.
        const params = new URLSearchParams(text);
        const code = params.get('responseCode');
        const reason = params.get('declineReason');
        throw new Error(`Sticky.io ${method}: HTTP ${res.status}${code ? ` response code ${code}` : ''}${reason ? ` (${reason})` : ''}.`);
      }
      // A 200 that is not a JSON object (a proxy's page, a cut answer) says nothing about whether the call was carried out.
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new StickyNoAnswer(method, 'server_error', 'the answer is not a JSON object');
      return parsed as StickyAnswer;
    },
  };
}

// The fan site's side of the bot check: before register, login, subscription and add card, ask for a
// challenge; when the check is on, solve it in a Web Worker (no inline script, no third-party service) and send
// "<challenge>:<nonce>" as the X-Bot-Check header. The server refuses unsolved, expired or reused checks.
import { BOT_CHECK_ROUTES, type BotCheckAction } from '../../../domain/site-config/bot-check';
import { solveChallenge } from './solve';

type Challenge = { enabled: false } | { enabled: true; challenge: string; difficulty: number; expires_at: string };

/** The action a call is protected by, or null (most calls). */
export function botCheckActionOf(method: string, path: string): BotCheckAction | null {
  return BOT_CHECK_ROUTES[`${method} ${path.split('?')[0]}`] ?? null;
}

function solveInWorker(challenge: string, difficulty: number): Promise<string> {
  if (typeof Worker === 'undefined') return solveChallenge(challenge, difficulty);
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    } catch {
      // No worker (e.g. a browser policy): the async loop on the page, in batches.
      solveChallenge(challenge, difficulty).then(resolve, reject);
      return;
    }
    worker.onmessage = (e: MessageEvent<{ nonce?: string; error?: string }>) => {
      worker.terminate();
      if (e.data.nonce) resolve(e.data.nonce);
      else reject(new Error(e.data.error ?? 'The bot check could not be solved.'));
    };
    worker.onerror = () => {
      worker.terminate();
      solveChallenge(challenge, difficulty).then(resolve, reject);
    };
    worker.postMessage({ challenge, difficulty });
  });
}

/** The X-Bot-Check header for a protected call (empty when the check is off). */
export async function botCheckHeaders(action: BotCheckAction): Promise<Record<string, string>> {
  const response = await fetch(`/api/bot-check/challenge?action=${action}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { success?: number; data?: Challenge } | null;
  const c = body?.data;
  // No answer: send the call without a check; if the check is on, the server says so in its own words.
  if (!response.ok || !c || !c.enabled) return {};
  const nonce = await solveInWorker(c.challenge, c.difficulty);
  return { 'X-Bot-Check': `${c.challenge}:${nonce}` };
}

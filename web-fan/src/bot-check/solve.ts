// The proof of work of the bot check (domain/site-config/bot-check.ts): find a nonce such that
// SHA-256("<challenge>:<nonce>") has `difficulty` leading zero bits. Web Crypto hashes in batches, so the page (or
// the worker) stays responsive; the same code runs in the worker and, where workers are missing, on the page.
import { leadingZeroBits } from '../../../domain/site-config/bot-check';

const BATCH = 256;

export async function solveChallenge(challenge: string, difficulty: number, signal?: { aborted: boolean }): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw new Error('aborted');
    const nonces = Array.from({ length: BATCH }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(nonces.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${n}`))));
    const found = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= difficulty);
    if (found >= 0) return nonces[found];
  }
}

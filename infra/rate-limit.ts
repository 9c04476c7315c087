// Fixed-window request counting per key (an account, an IP). In-process: with several API processes each
// counts its own share, which still bounds guessing; a shared store can sit behind the same shape.
export interface RateLimiter {
  /** Counts one attempt; `allowed` is false once `max` attempts were made in the current window. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
  reset(key: string): void;
  /** Takes back one counted attempt (it turned out not to be one worth counting, e.g. a successful login). */
  forgive(key: string): void;
}

export function createRateLimiter(options: { windowMs: number; max: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
        if (windows.size > 50_000) for (const [k, v] of windows) if (t - v.start >= options.windowMs) windows.delete(k);
      }
      w.count++;
      return { allowed: w.count <= options.max, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000)) };
    },
    reset(key) {
      windows.delete(key);
    },
    forgive(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count--;
    },
  };
}

export const TOO_MANY_REQUESTS = 'You sent too many requests. Please wait a while then try again';

// The bot check (`is_recaptcha_enabled`; it guards register, login, subscription and add_card, and is skipped
// when disabled). Instead of reCAPTCHA, a proof-of-work challenge the site
// issues and checks itself, so no third-party service sees the site's visitors:
//   the server signs a challenge {id, action, difficulty, expiry}; the browser finds a nonce such that
//   SHA-256("<challenge>:<nonce>") starts with `difficulty` zero bits (2^difficulty tries on average) and sends
//   "<challenge>:<nonce>" in the X-Bot-Check header; the server checks the signature, action, expiry and work, and
//   spends the challenge's id (single use).
// A person pays a fraction of a second once per form; a bot registering thousands of accounts pays it thousands of
// times. This file holds the pure rules; signing, hashing and spending are api/bot-check.ts.

export const BOT_CHECK_ACTIONS = ['register', 'login', 'subscription', 'add_card'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

/** The calls each action protects (route-table keys). */
export const BOT_CHECK_ROUTES: Record<string, BotCheckAction> = {
  'POST /api/users/register': 'register',
  // A guest purchase may make an account: checked like registering.
  'POST /api/ccbill/pay-guest': 'register',
  'POST /api/users/login': 'login',
  'POST /api/v2/purchase/subscription': 'subscription',
  'POST /api/ccbill/subscribe_user': 'subscription',
  'POST /api/v2/purchase/subscription-with-card': 'subscription',
  'POST /api/v2/purchase/resubscribe-with-card': 'subscription',
  'POST /api/v2/purchase/migrate-subscription': 'subscription',
  'POST /api/migrate-subscription-for-user': 'subscription',
  'POST /api/ccbill/subscribe-with-card': 'subscription',
  'POST /api/ccbill/resubscribe-with-card': 'subscription',
  'POST /api/sticky-io/subscribe': 'subscription',
  'POST /api/sticky-io/resubscribe': 'subscription',
  'POST /api/v2/purchase/add-new-card': 'add_card',
};

export const BOT_CHECK_HEADER = 'x-bot-check';
/** A challenge is good for this long after it is issued. */
export const BOT_CHECK_TTL_SECONDS = 300;
export const BOT_CHECK_DIFFICULTY = { min: 8, max: 24, default: 16 } as const;

export const BOT_CHECK_MESSAGES = {
  missing: 'Please complete the bot check and try again.',
  invalid: 'The bot check is not valid. Please try again.',
  expired: 'The bot check expired. Please try again.',
  used: 'This bot check was already used. Please try again.',
  unsolved: 'The bot check was not solved. Please try again.',
  action: 'action must be one of register, login, subscription, add_card.',
} as const;

export interface ChallengePayload {
  id: string;
  action: BotCheckAction;
  difficulty: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export const isBotCheckAction = (v: unknown): v is BotCheckAction => typeof v === 'string' && (BOT_CHECK_ACTIONS as readonly string[]).includes(v);

/** A decoded payload's shape, or null (a forged or damaged token). */
export function challengePayload(v: unknown): ChallengePayload | null {
  if (!v || typeof v !== 'object') return null;
  const p = v as Record<string, unknown>;
  if (typeof p.id !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(p.id)) return null;
  if (!isBotCheckAction(p.action)) return null;
  if (typeof p.difficulty !== 'number' || !Number.isInteger(p.difficulty) || p.difficulty < BOT_CHECK_DIFFICULTY.min || p.difficulty > BOT_CHECK_DIFFICULTY.max) return null;
  if (typeof p.exp !== 'number' || !Number.isInteger(p.exp)) return null;
  return { id: p.id, action: p.action, difficulty: p.difficulty, exp: p.exp };
}

/** How many leading zero bits a digest has. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The header's value split into the signed challenge and the nonce the browser found (a nonce is 1-32 characters). */
export function splitSolution(header: string): { challenge: string; nonce: string } | null {
  const i = header.lastIndexOf(':');
  if (i <= 0) return null;
  const nonce = header.slice(i + 1);
  if (!/^[A-Za-z0-9]{1,32}$/.test(nonce)) return null;
  return { challenge: header.slice(0, i), nonce };
}

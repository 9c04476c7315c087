// The bot check's server side (rules in domain/site-config/bot-check.ts): challenges signed with a
// key derived from the site's secret, checked before the protected calls run, and spent once. Spent ids are kept
// in app.bot_check_spent until they expire (like rate limits, this is abuse bookkeeping, not business state, so it
// is not an event); several nodes share the table, so a solution is accepted once across all of them.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/shared/decider';
import {
  BOT_CHECK_DIFFICULTY, BOT_CHECK_HEADER, BOT_CHECK_MESSAGES, BOT_CHECK_ROUTES, BOT_CHECK_TTL_SECONDS, challengePayload, leadingZeroBits, splitSolution,
  type BotCheckAction,
} from '../domain/site-config/bot-check';
import { isoTimestamp, type Timestamp } from '../infra/db/database';
import { currentSettings } from '../projections/settings';
import { signingSecret } from './media-storage';
import type { Services } from './services';

const refuse = (message: string, code: string) => new DomainError(message, code, 403, { field: 'X-Bot-Check' });

export function botCheck(services: Services) {
  const key = createHmac('sha256', signingSecret(services.config)).update('bot-check-challenges').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  let table: Promise<unknown> | null = null;
  const ready = () =>
    (table ??= services.database.exec(`
      CREATE SCHEMA IF NOT EXISTS app;
      CREATE TABLE IF NOT EXISTS app.bot_check_spent (id text PRIMARY KEY, expires_at timestamptz NOT NULL);
    `));
  const nowSeconds = () => Math.floor(services.clock().getTime() / 1000);
  const settings = () => currentSettings(services.database.db);
  /** The spent challenge ids (schema app): each solved challenge is good for one call. */
  const spentIds = () => services.database.db.withTables<{ bot_check_spent: { id: string; expires_at: Timestamp } }>().withSchema('app');

  return {
    /** A new challenge for the action, or { enabled: false } when the check is off. */
    async challenge(action: BotCheckAction) {
      const s = await settings();
      if (!s.is_recaptcha_enabled) return { enabled: false as const };
      const difficulty = Math.min(BOT_CHECK_DIFFICULTY.max, Math.max(BOT_CHECK_DIFFICULTY.min, s.bot_check_difficulty));
      const exp = nowSeconds() + BOT_CHECK_TTL_SECONDS;
      const body = Buffer.from(JSON.stringify({ id: randomBytes(16).toString('base64url'), action, difficulty, exp })).toString('base64url');
      return { enabled: true as const, challenge: `${body}.${sign(body)}`, difficulty, expires_at: new Date(exp * 1000).toISOString() };
    },

    /** Throws a 403 naming X-Bot-Check unless the header holds a solved, signed, unexpired, unspent challenge for the action. */
    async verify(action: BotCheckAction, header: unknown) {
      if (typeof header !== 'string' || header === '') throw refuse(BOT_CHECK_MESSAGES.missing, 'BOT_CHECK_REQUIRED');
      const solution = splitSolution(header);
      const [body, mac] = solution ? solution.challenge.split('.') : [];
      if (!solution || !body || !mac) throw refuse(BOT_CHECK_MESSAGES.invalid, 'BOT_CHECK_INVALID');
      const expected = Buffer.from(sign(body));
      if (expected.length !== Buffer.byteLength(mac) || !timingSafeEqual(expected, Buffer.from(mac))) throw refuse(BOT_CHECK_MESSAGES.invalid, 'BOT_CHECK_INVALID');
      let payload: ReturnType<typeof challengePayload>;
      try {
        payload = challengePayload(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        payload = null;
      }
      if (!payload || payload.action !== action) throw refuse(BOT_CHECK_MESSAGES.invalid, 'BOT_CHECK_INVALID');
      if (payload.exp < nowSeconds()) throw refuse(BOT_CHECK_MESSAGES.expired, 'BOT_CHECK_EXPIRED');
      const digest = createHash('sha256').update(`${solution.challenge}:${solution.nonce}`).digest();
      if (leadingZeroBits(digest) < payload.difficulty) throw refuse(BOT_CHECK_MESSAGES.unsolved, 'BOT_CHECK_UNSOLVED');
      await ready();
      const now = services.clock().toISOString();
      // Spent ids past their expiry are of no use any more (an expired challenge is refused before this).
      await spentIds().deleteFrom('bot_check_spent').where('expires_at', '<', isoTimestamp(now)).execute();
      const spent = await spentIds()
        .insertInto('bot_check_spent')
        .values({ id: payload.id, expires_at: new Date(payload.exp * 1000).toISOString() })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(spent.numInsertedOrUpdatedRows ?? 0) !== 1) throw refuse(BOT_CHECK_MESSAGES.used, 'BOT_CHECK_USED');
    },
  };
}

export type BotCheck = ReturnType<typeof botCheck>;

/**
 * Checks the protected calls (register, login, subscription, add card) while `is_recaptcha_enabled` is on. Registered
 * after sign-in and the route table (a guest's subscription is still 401) and before Idempotency-Key, so a refused
 * check is never stored as the answer to a purchase's key: the retry with a solved check runs.
 */
export function registerBotCheck(app: FastifyInstance, services: Services) {
  const check = botCheck(services);
  const verify = async (action: BotCheckAction, token: unknown) => {
    if ((await currentSettings(services.database.db)).is_recaptcha_enabled) await check.verify(action, token);
  };
  // Every other route passes without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const action = url ? BOT_CHECK_ROUTES[`${request.method} ${url}`] : undefined;
    if (!action) return done();
    verify(action, request.headers[BOT_CHECK_HEADER]).then(() => done(), done);
  });
}

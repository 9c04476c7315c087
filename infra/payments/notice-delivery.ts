// How the sandbox providers deliver their notices (webhooks) like real ones: each notice is kept in the
// provider's own `notices` table, posted signed to the app, and retried with backoff (2 s, 4 s, ... up to 10
// minutes) until the app answers 2xx. Tests post them by hand instead (order, repeats) with `deliver`.
import { sql, type Kysely } from 'kysely';
import { isoTimestamp, type Defaulted, type DefaultedTimestamp, type NullableTimestamp, type Tables } from '../db/database';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature';

/** A sandbox provider's notices table (the columns delivery reads and writes; each provider may add its own). */
export type NoticesTable = {
  id: string;
  seq: Defaulted<number>;
  type: string;
  body: string;
  attempts: Defaulted<number>;
  next_attempt_at: DefaultedTimestamp;
  delivered_at: NullableTimestamp;
  last_status: number | null;
};

export interface NoticeWebhook {
  /** The app's endpoint (null while the app is not listening yet). */
  url: () => string | null;
  secret: string;
}

export interface NoticeDelivery {
  /** Posts pending notices now: in the order given (default: as written), each `times` times; each HTTP status. */
  deliver(options?: { ids?: string[]; times?: number }): Promise<{ id: string; status: number }[]>;
  /** Delivers due notices in the background until stopped. */
  startDelivery(options?: { intervalMs?: number }): { stop(): Promise<void> };
}

/** Delivery for the notices table of `schema` (columns id, seq, body, attempts, next_attempt_at, delivered_at, last_status). */
export function noticeDelivery(database: Kysely<Tables>, schema: string, webhook: NoticeWebhook | undefined): NoticeDelivery {
  const db = database.withTables<{ notices: NoticesTable }>();
  const notices = () => db.withSchema(schema).selectFrom('notices').select(['id', 'body']).where('delivered_at', 'is', null).orderBy('seq');

  /** One attempt; a failure (no answer or not 2xx) schedules the next one further away. */
  async function post(id: string, body: string): Promise<number> {
    const url = webhook?.url();
    let status = 0;
    if (url && webhook) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(webhook.secret, body) },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
    }
    const ok = status >= 200 && status < 300;
    await sql`UPDATE ${sql.id(schema, 'notices')} SET attempts = attempts + 1, last_status = ${status},
      delivered_at = CASE WHEN ${ok} THEN now() ELSE delivered_at END,
      next_attempt_at = now() + make_interval(secs => least(600, 2 * power(2, attempts)))
      WHERE id = ${id}`.execute(db);
    return status;
  }

  return {
    async deliver(opts = {}) {
      const pending = await notices().execute();
      const byId = new Map(pending.map((r) => [r.id, r.body]));
      const order = opts.ids ?? pending.map((r) => r.id);
      const results: { id: string; status: number }[] = [];
      for (const id of order) {
        const body = byId.get(id);
        if (!body) continue;
        for (let i = 0; i < (opts.times ?? 1); i++) results.push({ id, status: await post(id, body) });
      }
      return results;
    },
    startDelivery({ intervalMs = 1000 } = {}) {
      let stopped = false;
      let running: Promise<void> = Promise.resolve();
      const tick = async () => {
        const due = await notices().where('next_attempt_at', '<=', isoTimestamp(new Date().toISOString())).limit(50).execute();
        for (const n of due) if (!stopped) await post(n.id, n.body);
      };
      const timer = setInterval(() => {
        running = running.then(tick).catch(() => {});
      }, intervalMs);
      timer.unref();
      return {
        async stop() {
          stopped = true;
          clearInterval(timer);
          await running;
        },
      };
    },
  };
}

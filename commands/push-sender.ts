// Sending web push in the background: the push_jobs read model is the queue (one row per trigger
// event: a new post, a promotion, a live start, a chat message, mass-message copies). A pass takes the due jobs,
// finds the devices (first attempt: everyone in the audience whose preferences include the category; later: the
// devices waiting for a retry), sends each an encrypted notification through the port, and records what every push
// service answered as ONE event on the job's stream (PushNotificationAttempted, with the attempt count the pass
// started from as its guard: two nodes passing at once record one result; the loser's sends may repeat a
// notification, which the Topic header collapses on the device). The loser's append meets the winner's as a
// conflict: it is decided again on the reloaded stream, where the attempt is already recorded, so it adds nothing
// and is not an error. A job whose result could not be recorded at all (the database away, the process killed
// between sending and recording) stays due and is sent again by a later pass, on any node: a job ends only
// recorded as sent, failed per device, or dropped with its reason. 404/410 drop the device (PushSubscriptionRemoved);
// 429, 5xx and no answer retry with backoff (domain/push/push.ts); jobs more than a day past their due time are dropped unsent. Nothing
// here runs inside a request: routes only append events.
import { startPeriodicPass } from './periodic-pass';
import { classifyPushAnswer, pushBackoffMs, pushJobDecider, pushJobStream, PUSH_JOB_TTL_MS, type PushAttemptResult, type PushAudience, type PushCategory, type PushPayload } from '../domain/push/push';
import type { EventStore } from '../infra/eventstore/port';
import { commandContext, handle, loadStream } from './handle';
import { expirePushDevice } from './push';

export interface PushJob {
  id: string;
  category: PushCategory;
  tagLetter: string;
  audience: PushAudience;
  payload: PushPayload;
  createdAt: string;
  dueAt: string;
  attempts: number;
}
export interface PushDevice {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushReads {
  jobsDue(nowIso: string, limit: number): Promise<PushJob[]>;
  targets(job: PushJob): Promise<PushDevice[]>;
  retriesDue(jobId: string, nowIso: string): Promise<Array<PushDevice & { attempt: number }>>;
  enabled(): Promise<boolean>;
  /** Fills the payload's placeholders ({creator}, {fan}) from the read models. */
  render(job: PushJob): Promise<PushPayload>;
}

/** The push-service port (infra/push/web-push.ts): status null when no answer came. */
export type PushSend = (device: PushDevice, payload: string, options: { ttlSeconds: number; topic: string; urgency: 'normal' | 'high' }) => Promise<{ status: number | null; error?: string }>;

export interface PushSender {
  tick(): Promise<number>;
  kick(): void;
  stop(): Promise<void>;
}

/** RFC 8030 Topic: at most 32 URL-safe characters. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32) || 'fanclub';

export function startPushSender(options: {
  store: EventStore;
  reads: PushReads;
  send: PushSend;
  now: () => Date;
  intervalMs?: number;
  log?: (m: string) => void;
  timer?: boolean;
  /** How many devices are sent to at once. */
  concurrency?: number;
}): PushSender {
  const log = options.log ?? (() => {});
  const pass = async (): Promise<number> => {
    await new Promise((r) => setImmediate(r));
    const nowIso = options.now().toISOString();
    const jobs = await options.reads.jobsDue(nowIso, 20);
    if (!jobs.length) return 0;
    const enabled = await options.reads.enabled();
    let sent = 0;
    for (const job of jobs) {
      if (periodic.stopped) break;
      const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `push-${job.id}-${job.attempts}` }, options.now);
      const record = (results: PushAttemptResult[], reason: 'sent' | 'disabled' | 'expired') =>
        handle(ctx, pushJobStream(job.id), pushJobDecider, { type: 'Record', jobId: job.id, results, reason, at: ctx.now(), expectedAttempts: job.attempts }).catch((e) => {
          log(`push job ${job.id}: not recorded, a later pass sends it again (${(e as Error).message})`);
          return null;
        });
      try {
        // The read model may lag behind the job's stream (a pass recorded moments ago): the stream decides.
        const current = (await loadStream(options.store, pushJobStream(job.id), pushJobDecider)).state;
        if (current.finished || current.attempts !== job.attempts) continue;
        if (!enabled) {
          await record([], 'disabled');
          continue;
        }
        if (Date.parse(nowIso) - Date.parse(job.dueAt) > PUSH_JOB_TTL_MS) {
          await record([], 'expired');
          continue;
        }
        const devices = job.attempts === 0 ? (await options.reads.targets(job)).map((d) => ({ ...d, attempt: 1 })) : (await options.reads.retriesDue(job.id, nowIso)).map((d) => ({ ...d, attempt: d.attempt + 1 }));
        const payload = JSON.stringify(await options.reads.render(job));
        const topic = topicOf(job.payload.tag);
        const urgency = job.category === 'live_stream' || job.category === 'messages' ? 'high' : 'normal';
        const results: PushAttemptResult[] = [];
        const limit = options.concurrency ?? 8;
        for (let i = 0; i < devices.length; i += limit) {
          await Promise.all(devices.slice(i, i + limit).map(async (d) => {
            const answer = await options.send(d, payload, { ttlSeconds: 24 * 3600, topic, urgency }).catch((e) => ({ status: null, error: (e as Error).message }));
            const outcome = classifyPushAnswer(answer.status, d.attempt);
            if (outcome === 'retry' || outcome === 'failed') log(`push to device ${d.id} (job ${job.id}, attempt ${d.attempt}): ${answer.status ?? answer.error ?? 'no answer'}`);
            results.push({ subscriptionId: d.id, outcome, attempt: d.attempt, status: answer.status, nextAt: outcome === 'retry' ? new Date(Date.parse(nowIso) + pushBackoffMs(d.attempt)).toISOString() : null });
          }));
        }
        results.sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId));
        await record(results, 'sent');
        for (const r of results) if (r.outcome === 'gone') await expirePushDevice(ctx, r.subscriptionId, r.status).catch((e) => log(`device ${r.subscriptionId} not removed: ${(e as Error).message}`));
        sent += results.filter((r) => r.outcome === 'sent').length;
      } catch (e) {
        log(`push job ${job.id} failed: ${(e as Error).message}`);
      }
    }
    return sent;
  };
  const periodic = startPeriodicPass({ name: 'push', pass, intervalMs: options.intervalMs ?? 3_000, log, timer: options.timer });
  return periodic;
}

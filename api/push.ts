// Web push wiring: the VAPID keys, the sender's reads over the read models, and the background sender
// (commands/push-sender.ts) with the push-service adapter (infra/push/web-push.ts).
import type { Config } from '../infra/config';
import type { EventStore } from '../infra/eventstore/port';
import { createWebPushSender, vapidKeysFromSecret, type VapidKeys } from '../infra/push/web-push';
import { startPushSender, type PushJob, type PushReads, type PushSender } from '../commands/push-sender';
import { pushJobsDue, pushRetriesDue, pushTargets, webPushEnabled } from '../projections/push';
import { currentSettings } from '../projections/settings';
import type { ReadDb } from '../projections/schema';
import { signingSecret } from './media-storage';

export interface WebPush {
  /** The VAPID public key (base64url) the browsers subscribe with. */
  publicKey: string;
  sender: PushSender;
  /**
   * Accept http:// endpoints on this machine (a local push service in the tests). Off in a running site: a
   * browser's push service is always https, and a device must not make the server call its own machine.
   */
  allowHttpLocal: boolean;
}

export const vapidKeys = (cfg: Config): VapidKeys => vapidKeysFromSecret(signingSecret(cfg), `mailto:${cfg.FANCLUB_ADMIN_EMAIL}`);

export function pushReads(db: ReadDb): PushReads {
  return {
    jobsDue: (nowIso, limit) => pushJobsDue(db, nowIso, limit),
    targets: (job: PushJob) => pushTargets(db, job),
    retriesDue: (jobId, nowIso) => pushRetriesDue(db, jobId, nowIso),
    enabled: () => webPushEnabled(db),
    async render(job) {
      const p = job.payload;
      let title = p.title;
      if (title.includes('{creator}')) title = title.replace('{creator}', (await currentSettings(db)).model_name || 'the creator');
      if (title.includes('{fan}')) {
        const fanId = p.url.split('/').pop() ?? '';
        const u = await db.withSchema('rm').selectFrom('users').select('name').where('id', '=', fanId).executeTakeFirst();
        title = title.replace('{fan}', u?.name || 'a fan');
      }
      return { ...p, title };
    },
  };
}

export function startWebPush(options: { cfg: Config; store: EventStore; db: ReadDb; now: () => Date; timer: boolean; intervalMs?: number; log: (m: string) => void }): WebPush {
  const keys = vapidKeys(options.cfg);
  const sender = startPushSender({
    store: options.store, reads: pushReads(options.db), send: createWebPushSender(keys), now: options.now, timer: options.timer,
    intervalMs: options.intervalMs ?? 3_000, log: options.log,
  });
  return { publicKey: keys.publicKey, sender, allowHttpLocal: false };
}

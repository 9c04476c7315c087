// Read models of web push (domain/push/push.ts): the devices (push subscriptions), each person's preferences, the
// site's switch, device reports, and the QUEUE of notifications to send — one push_jobs row per trigger event (a new
// post, a promotion, a live start, a chat message, a batch of mass-message copies) and the outcome of every attempt
// per device (push_attempts). commands/push-sender.ts reads the queue; its results come back as events, so a
// restart, another node or a rebuild lands on the same state (a rebuild replays the outcomes too and sends nothing
// twice; jobs older than a day are dropped, never sent late).
import { sql } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { pushTables, timestamptz, type ReadDb, type ReadModelRows, type StoreRow } from './schema';
import type { DomainEvent } from '../domain/shared/decider';
import {
  pushForBookingReminder, pushForChatMessage, pushForLiveStart, pushForMassCopies, pushForNewPost, pushForPromotion, tagOf, PUSH_JOB_TTL_MS,
  type PushAudience, type PushCategory, type PushEvent, type PushPayload, type PushTrigger,
} from '../domain/push/push';

const pushDb = (db: ReadDb) => db.withSchema('rm');

/** The live session's start, read by name (domain/live is another team's; only these fields are used). */
type LiveStarted = DomainEvent<'LiveSessionStarted', { sessionId: string; isGroup: boolean; fanId: string | null; publisherName: string; startedAt: string }>;

/** The events that queue a notification (a worker wakes its sender on them: api/worker.ts). */
export const PUSH_TRIGGER_TYPES: ReadonlySet<string> = new Set(['PostCreated', 'PromotionCreated', 'LiveSessionStarted', 'ChatMessageSent', 'MassMessageCopiesDelivered', 'ChatBookingReminded']);

const job = (id: string, t: PushTrigger, createdAt: string) => ({
  id, category: t.category, tag_letter: tagOf(t.category), audience: t.audience, payload: t.payload, created_at: createdAt, due_at: t.dueAt,
  status: 'pending', attempts: 0, next_at: t.dueAt, reason: null, sent: 0, removed: 0,
});

export const pushProjection = defineProjection<AnyDomainEvent | PushEvent | LiveStarted, ReadModelRows>()({
  name: 'push',
  tables: pushTables,
  handles: [
    'PushSubscriptionRegistered', 'PushSubscriptionRemoved', 'PushPreferencesSaved', 'WebPushSettingsSaved', 'PushNotificationAttempted', 'DeviceInfoReported',
    'PostCreated', 'PostDeleted', 'PromotionCreated', 'LiveSessionStarted', 'ChatMessageSent', 'MassMessageCopiesDelivered', 'ChatBookingReminded',
  ],
  async apply(event, store) {
    const at = event.recordedAt.toISOString();
    switch (event.type) {
      case 'PushSubscriptionRegistered': {
        const d = event.data;
        store.put('push_subscriptions', { id: d.subscriptionId, user_id: d.userId, role: d.role, endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth, user_agent: d.userAgent, registered_at: d.registeredAt });
        return;
      }
      case 'PushSubscriptionRemoved':
        store.delete('push_subscriptions', { id: event.data.subscriptionId });
        return;
      case 'PushPreferencesSaved':
        store.put('push_preferences', { user_id: event.data.userId, allow: event.data.allow, tags: event.data.tags, saved_at: event.data.savedAt });
        return;
      case 'WebPushSettingsSaved':
        store.put('push_settings', { id: 'site', enabled: event.data.enabled, saved_at: event.data.savedAt, saved_by: event.data.by });
        return;
      case 'DeviceInfoReported':
        store.put('device_info', { user_id: event.data.userId, device_id: event.data.deviceId, info: event.data.info, reported_at: event.data.reportedAt });
        return;
      case 'PushNotificationAttempted': {
        const d = event.data;
        const row = await store.get<StoreRow<'push_jobs'>>('push_jobs', { id: d.jobId });
        if (!row) return;
        for (const r of d.results) store.put('push_attempts', { job_id: d.jobId, subscription_id: r.subscriptionId, outcome: r.outcome, attempt: r.attempt, status: r.status, next_at: r.nextAt });
        const retries = d.results.filter((r) => r.outcome === 'retry' && r.nextAt).map((r) => r.nextAt!).sort();
        store.put('push_jobs', {
          ...row, attempts: (row.attempts ?? 0) + 1, status: d.finished ? 'done' : 'pending', reason: d.reason,
          next_at: d.finished ? null : retries[0] ?? d.at,
          sent: (row.sent ?? 0) + d.results.filter((r) => r.outcome === 'sent').length,
          removed: (row.removed ?? 0) + d.results.filter((r) => r.outcome === 'gone').length,
        });
        return;
      }
      // ---- triggers ----
      case 'PostCreated': {
        const d = event.data;
        const t = pushForNewPost({ postId: d.postId, caption: d.caption, creatorName: '{creator}', publishAt: d.publishAt, isDemo: !!d.isDemo || !!d.reuseOf });
        if (t) store.put('push_jobs', job(`post-${d.postId}`, t, at));
        return;
      }
      case 'PostDeleted': {
        // A scheduled post deleted before it went out: its notification is not sent.
        const row = await store.get<StoreRow<'push_jobs'>>('push_jobs', { id: `post-${event.data.postId}` });
        if (row && row.status === 'pending' && (row.attempts ?? 0) === 0) store.put('push_jobs', { ...row, status: 'done', reason: 'cancelled', next_at: null });
        return;
      }
      case 'PromotionCreated': {
        const d = event.data;
        store.put('push_jobs', job(`offer-${d.promotionId}`, pushForPromotion({ promotionId: d.promotionId, ribbonText: d.ribbonText, creatorName: '{creator}', at: d.createdAt }), at));
        return;
      }
      case 'LiveSessionStarted': {
        const d = event.data;
        store.put('push_jobs', job(`live-${d.sessionId}`, pushForLiveStart({ sessionId: d.sessionId, isGroup: d.isGroup, fanId: d.fanId, publisherName: d.publisherName, at: d.startedAt }), at));
        return;
      }
      case 'ChatMessageSent': {
        const d = event.data;
        const t = pushForChatMessage({ messageId: d.messageId, fanId: d.fanId, fromStaff: d.fromStaff, text: d.text, priceCents: d.priceCents, senderName: '{creator}', fanName: '{fan}', at: d.sentAt });
        store.put('push_jobs', job(`chat-${d.messageId}`, t, at));
        return;
      }
      case 'MassMessageCopiesDelivered': {
        const d = event.data;
        const t = pushForMassCopies({ massId: d.massId, fanIds: d.copies.map((c) => c.fanId), text: d.content.text, priceCents: d.content.priceCents, creatorName: '{creator}', at: d.deliveredAt });
        if (t) store.put('push_jobs', job(`mass-${event.id}`, t, at));
        return;
      }
      case 'ChatBookingReminded': {
        const d = event.data;
        const [fan, staff] = pushForBookingReminder({ bookingId: d.bookingId, fanId: d.fanId, start: d.start, minutesBefore: d.minutesBefore, creatorName: '{creator}', at: d.remindedAt });
        store.put('push_jobs', job(`booking-reminder-${event.id}`, fan, at));
        store.put('push_jobs', job(`booking-reminder-staff-${event.id}`, staff, at));
        return;
      }
    }
  },
});

// ---- queries -------------------------------------------------------------------------------------------------------

export interface PushJobRow {
  id: string;
  category: PushCategory;
  tagLetter: string;
  audience: PushAudience;
  payload: PushPayload;
  createdAt: string;
  /** When it was due to go out (a scheduled post: its publish time); a day later it is dropped unsent. */
  dueAt: string;
  attempts: number;
}
export interface PushTarget {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const iso = (v: Date | null) => (v == null ? null : v.toISOString());

/** Jobs with work left at `nowIso` (due, not waiting for a retry), oldest first. */
export async function pushJobsDue(db: ReadDb, nowIso: string, limit: number): Promise<PushJobRow[]> {
  const rows = await pushDb(db).selectFrom('push_jobs').selectAll().where('status', '=', 'pending').where('next_at', '<=', timestamptz(nowIso))
    .orderBy('next_at').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id, category: r.category as PushCategory, tagLetter: r.tag_letter!, audience: r.audience as PushAudience, payload: r.payload as PushPayload,
    createdAt: iso(r.created_at)!, dueAt: iso(r.due_at) ?? iso(r.created_at)!, attempts: r.attempts ?? 0,
  }));
}

export const STAFF_PUSH_ROLES = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'];

/**
 * The devices a job goes to on its first attempt: registered for someone in its audience, whose switch is on (no
 * saved choice: on — subscribing a device is the consent) and whose preferences include the job's category.
 */
export async function pushTargets(db: ReadDb, j: PushJobRow): Promise<PushTarget[]> {
  let q = pushDb(db).selectFrom('push_subscriptions as s')
    .leftJoin('push_preferences as p', 'p.user_id', 's.user_id')
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth'])
    .where((eb) => eb.or([eb('p.user_id', 'is', null), eb.and([eb('p.allow', '=', true), sql<boolean>`position(${j.tagLetter} in ${sql.ref('p.tags')}) > 0`])]));
  const a = j.audience;
  if (a.kind === 'fans') q = q.where('s.role', '=', 'user');
  else if (a.kind === 'staff') q = q.where('s.role', 'in', STAFF_PUSH_ROLES);
  else {
    if (!a.ids.length) return [];
    q = q.where('s.user_id', 'in', a.ids);
  }
  const rows = await q.orderBy('s.id').execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id!, endpoint: r.endpoint!, p256dh: r.p256dh!, auth: r.auth! }));
}

/** Devices of a job waiting for a retry that is due (and still registered). */
export async function pushRetriesDue(db: ReadDb, jobId: string, nowIso: string): Promise<Array<PushTarget & { attempt: number }>> {
  const rows = await pushDb(db).selectFrom('push_attempts as a').innerJoin('push_subscriptions as s', 's.id', 'a.subscription_id')
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 'a.attempt'])
    .where('a.job_id', '=', jobId).where('a.outcome', '=', 'retry').where('a.next_at', '<=', timestamptz(nowIso)).execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id!, endpoint: r.endpoint!, p256dh: r.p256dh!, auth: r.auth!, attempt: r.attempt ?? 1 }));
}

/** Retries still waiting (not yet due) for a job. */
export async function pushRetriesWaiting(db: ReadDb, jobId: string): Promise<number> {
  const r = await pushDb(db).selectFrom('push_attempts').select((eb) => eb.fn.countAll().as('n')).where('job_id', '=', jobId).where('outcome', '=', 'retry').executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function webPushEnabled(db: ReadDb): Promise<boolean> {
  const r = await pushDb(db).selectFrom('push_settings').select('enabled').where('id', '=', 'site').executeTakeFirst();
  return r?.enabled ?? true;
}

export async function pushPreferencesOf(db: ReadDb, userId: string): Promise<{ allow: boolean | null; tags: string | null }> {
  const r = await pushDb(db).selectFrom('push_preferences').select(['allow', 'tags']).where('user_id', '=', userId).executeTakeFirst();
  return { allow: r?.allow ?? null, tags: r?.tags ?? null };
}

export async function pushDevicesOf(db: ReadDb, userId: string) {
  const rows = await pushDb(db).selectFrom('push_subscriptions').select(['id', 'user_agent', 'registered_at', 'endpoint']).where('user_id', '=', userId).orderBy('registered_at', 'desc').execute();
  return rows.map((r) => ({ id: r.id, userAgent: r.user_agent ?? '', registeredAt: iso(r.registered_at)!, endpoint: r.endpoint! }));
}

export async function pushSubscriptionById(db: ReadDb, id: string) {
  return pushDb(db).selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The console's counts: devices registered, notifications waiting, sent in the last day. */
export async function pushStats(db: ReadDb, nowIso: string) {
  const p = pushDb(db);
  const since = new Date(Date.parse(nowIso) - PUSH_JOB_TTL_MS).toISOString();
  const [devices, pending, sent] = await Promise.all([
    p.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    p.selectFrom('push_jobs').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirst(),
    p.selectFrom('push_jobs').select((eb) => eb.fn.sum<number>('sent').as('n')).where('created_at', '>=', timestamptz(since)).executeTakeFirst(),
  ]);
  const n = (r: { n: number | string | bigint | null } | undefined) => Number(r?.n ?? 0);
  return { devices: n(devices), pending: n(pending), sentLastDay: n(sent) };
}

export async function deviceInfoOf(db: ReadDb, userId: string) {
  return pushDb(db).selectFrom('device_info').selectAll().where('user_id', '=', userId).execute();
}

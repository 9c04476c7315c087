// Read model: the notification centre (domain/notification/notification.ts). Entries come from events that already
// exist (a post unlocked, a subscription, a comment, a like, a new post, a promotion, a live start, a staff reply);
// read marks and the staff settings are this aggregate's own events. A rebuild replays them into the same rows.
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { notificationTables, timestamptz, type ReadDb, type ReadModelRows, type StoreRow } from './schema';
import type { DomainEvent } from '../domain/shared/decider';
import {
  entryForComment, entryForLike, entryForTip, entryForLiveStart, entryForPost, entryForPromotion, entryForReply, entryForSubscription, entryForUnlock,
  PURCHASE_NOTIFICATION_DEFAULTS, describe, kindsFor, liveEntryId, notificationReaderOf,
  type NotificationEntry, type NotificationEvent, type NotificationKind, type PurchaseNotificationSettings,
} from '../domain/notification/notification';
import { STAFF_ROLES, type Role } from '../domain/shared/wire';

const ndb = (db: ReadDb) => db.withSchema('rm');

/** Read by name (domain/live is another team's): only these fields are used. */
type LiveStarted = DomainEvent<'LiveSessionStarted', { sessionId: string; isGroup: boolean; fanId: string | null; publisherName: string; startedAt: string }>;
type LiveStopped = DomainEvent<'LiveSessionStopped', { sessionId: string }>;

const row = (e: NotificationEntry) => ({
  id: e.id, kind: e.kind, audience: e.audience.kind, user_id: e.audience.kind === 'user' ? e.audience.userId : null, action: e.action,
  actor_id: e.actorId, post_id: e.postId, promotion_id: e.promotionId, amount_cents: e.amountCents, text: e.text, at: e.at, removed: false,
});

export const notificationsProjection = defineProjection<AnyDomainEvent | NotificationEvent | LiveStarted | LiveStopped, ReadModelRows>()({
  name: 'notifications',
  tables: notificationTables,
  handles: [
    'NotificationsRead', 'NotificationOpened', 'PurchaseNotificationSettingsSaved', 'UserRegistered', 'MemberRoleChanged',
    'PostUnlocked', 'SubscriptionStarted', 'FreeSubscriptionStarted', 'PostCommentAdded', 'PostCommentRemoved', 'PostLiked',
    'PostCreated', 'PostDeleted', 'PromotionCreated', 'LiveSessionStarted', 'LiveSessionStopped', 'TipSent', 'TipReversed',
  ],
  async apply(event, store) {
    switch (event.type) {
      case 'NotificationsRead':
        store.put('notification_reads', { user_id: event.data.userId, kind: event.data.kind, up_to: event.data.upTo });
        return;
      case 'NotificationOpened':
        store.put('notification_opened', { user_id: event.data.userId, entry_id: event.data.entryId, opened_at: event.data.at });
        return;
      case 'PurchaseNotificationSettingsSaved': {
        const d = event.data;
        store.put('notification_settings', { id: 'site', purchased: d.purchased, subscription: d.subscription, comments: d.comments, likes: d.likes, saved_at: d.savedAt, saved_by: d.by });
        return;
      }
      case 'UserRegistered':
        if (STAFF_ROLES.includes(event.data.role)) store.put('notification_staff', { user_id: event.data.userId });
        return;
      case 'MemberRoleChanged':
        if (STAFF_ROLES.includes(event.data.role)) store.put('notification_staff', { user_id: event.data.userId });
        else store.delete('notification_staff', { user_id: event.data.userId });
        return;
      case 'PostUnlocked':
        store.put('notification_entries', row(entryForUnlock(event.data)));
        return;
      case 'SubscriptionStarted':
      case 'FreeSubscriptionStarted':
        store.put('notification_entries', row(entryForSubscription(event.data)));
        return;
      case 'PostCommentAdded': {
        const d = event.data;
        const isStaff = !!(await store.get('notification_staff', { user_id: d.userId }));
        const commenters = await store.get<StoreRow<'notification_commenters'>>('notification_commenters', { post_id: d.postId });
        const fanIds: string[] = (commenters?.fan_ids as string[] | undefined) ?? [];
        if (isStaff) {
          // A staff comment under a post is a reply to every fan who commented there.
          for (const fanId of fanIds) store.put('notification_entries', row(entryForReply(d, fanId)));
          return;
        }
        store.put('notification_entries', row(entryForComment(d)));
        if (!fanIds.includes(d.userId)) store.put('notification_commenters', { post_id: d.postId, fan_ids: [...fanIds, d.userId] });
        return;
      }
      case 'PostCommentRemoved': {
        const r = await store.get<StoreRow<'notification_entries'>>('notification_entries', { id: `comment-${event.data.commentId}` });
        if (r) store.put('notification_entries', { ...r, removed: true });
        return;
      }
      case 'PostLiked':
        if (!(await store.get('notification_entries', { id: `like-${event.data.postId}-${event.data.userId}` }))) store.put('notification_entries', row(entryForLike(event.data)));
        return;
      case 'PostCreated': {
        const e = entryForPost(event.data);
        if (e) store.put('notification_entries', row(e));
        return;
      }
      case 'PostDeleted': {
        const r = await store.get<StoreRow<'notification_entries'>>('notification_entries', { id: `post-${event.data.postId}` });
        if (r) store.put('notification_entries', { ...r, removed: true });
        return;
      }
      case 'TipSent':
        store.put('notification_entries', row(entryForTip(event.data)));
        return;
      case 'TipReversed': {
        const r = await store.get<StoreRow<'notification_entries'>>('notification_entries', { id: `tip-${event.data.tipId}` });
        if (r) store.put('notification_entries', { ...r, removed: true });
        return;
      }
      case 'PromotionCreated':
        store.put('notification_entries', row(entryForPromotion(event.data)));
        return;
      case 'LiveSessionStarted': {
        const e = entryForLiveStart(event.data);
        if (e) store.put('notification_entries', row(e));
        return;
      }
      case 'LiveSessionStopped': {
        // The stream is over: its "… is live" entry says so (kept where it was, read or not).
        const r = await store.get<StoreRow<'notification_entries'>>('notification_entries', { id: liveEntryId(event.data.sessionId) });
        if (r) store.put('notification_entries', { ...r, action: 'live_ended' });
        return;
      }
    }
  },
});

// ---- queries -------------------------------------------------------------------------------------------------------

export interface Reader {
  userId: string;
  role: Role;
}
const isStaffRole = (r: Role) => STAFF_ROLES.includes(r);
const iso = (v: Date | null) => (v == null ? null : v.toISOString());

export async function purchaseNotificationSettings(db: ReadDb): Promise<PurchaseNotificationSettings & { saved_at: string | null }> {
  const r = await ndb(db).selectFrom('notification_settings').selectAll().where('id', '=', 'site').executeTakeFirst();
  if (!r) return { ...PURCHASE_NOTIFICATION_DEFAULTS, saved_at: null };
  return { purchased: !!r.purchased, subscription: !!r.subscription, comments: !!r.comments, likes: !!r.likes, saved_at: iso(r.saved_at) };
}

/** The kinds this reader has (staff: those the settings keep on, and "notification"). */
async function kindsOf(db: ReadDb, reader: Reader): Promise<NotificationKind[]> {
  const who = notificationReaderOf(reader.role);
  if (who === null) return [];
  if (who === 'fan') return [...kindsFor(false)];
  const s = await purchaseNotificationSettings(db);
  return kindsFor(true).filter((k) => k === 'notification' || s[k as keyof PurchaseNotificationSettings]);
}

/** Entries a reader sees: staff the staff entries, a fan (or an admin viewing as one) the fans' and its own. */
function visible(db: ReadDb, reader: Reader, nowIso: string, since: string | null) {
  let q = ndb(db).selectFrom('notification_entries as e').where('e.removed', '=', false).where('e.at', '<=', timestamptz(nowIso));
  if (isStaffRole(reader.role)) q = q.where('e.audience', '=', 'staff');
  else q = q.where((eb) => eb.or([eb('e.audience', '=', 'fans'), eb.and([eb('e.audience', '=', 'user'), eb('e.user_id', '=', reader.userId)])]));
  // A fan's centre starts when the fan joined: years of old posts are not "unread".
  if (since) q = q.where('e.at', '>=', timestamptz(since));
  return q;
}

async function joinedAt(db: ReadDb, reader: Reader): Promise<string | null> {
  if (isStaffRole(reader.role)) return null;
  const u = await ndb(db).selectFrom('users').select('registered_at').where('id', '=', reader.userId).executeTakeFirst();
  return u ? iso(u.registered_at) : null;
}

/** Unread per kind (numbers; the API adds the capped labels); `only`: these kinds instead of the bell's. */
export async function unreadNotificationCounts(db: ReadDb, reader: Reader, nowIso: string, only?: NotificationKind[]): Promise<Partial<Record<NotificationKind, number>>> {
  const kinds = only ?? (await kindsOf(db, reader));
  const since = await joinedAt(db, reader);
  const rows = await visible(db, reader, nowIso, since)
    .where('e.kind', 'in', kinds)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('notification_reads as r').select('r.user_id').where('r.user_id', '=', reader.userId).whereRef('r.kind', '=', 'e.kind').whereRef('r.up_to', '>=', 'e.at'))),
        eb.not(eb.exists(eb.selectFrom('notification_opened as o').select('o.user_id').where('o.user_id', '=', reader.userId).whereRef('o.entry_id', '=', 'e.id'))),
      ]),
    )
    .select(['e.kind', (eb) => eb.fn.countAll().as('n')])
    .groupBy('e.kind')
    .execute();
  const out: Partial<Record<NotificationKind, number>> = {};
  for (const k of kinds) out[k] = 0;
  for (const r of rows) out[r.kind as NotificationKind] = Number(r.n);
  return out;
}

export interface NotificationView {
  _id: string;
  kind: NotificationKind;
  action: string;
  message: string;
  actor_id: string | null;
  actor_name: string | null;
  post_id: string | null;
  promotion_id: string | null;
  amount_cents: number;
  amount: number;
  created: string;
  is_read: boolean;
  link: string | null;
}

const linkOf = (r: { action: string | null; post_id: string | null; promotion_id: string | null }) =>
  r.post_id ? `/feed/${r.post_id}/1` : r.action === 'promotion' ? '/membership' : r.action === 'live' ? '/live-stream' : null;

/** One page of a kind, newest first; `promotionId` narrows to one promotion's entries (the spec's :promotionId?). */
export async function listNotifications(db: ReadDb, reader: Reader, kind: NotificationKind, p: { page: number; size: number; nowIso: string; promotionId?: string | null }) {
  const since = await joinedAt(db, reader);
  let q = visible(db, reader, p.nowIso, since).where('e.kind', '=', kind);
  if (p.promotionId) q = q.where('e.promotion_id', '=', p.promotionId);
  const [rows, count, reads] = await Promise.all([
    q.leftJoin('users as u', 'u.id', 'e.actor_id')
      .leftJoin('notification_opened as o', (j) => j.onRef('o.entry_id', '=', 'e.id').on('o.user_id', '=', reader.userId))
      .select(['e.id', 'e.kind', 'e.action', 'e.actor_id', 'e.post_id', 'e.promotion_id', 'e.amount_cents', 'e.text', 'e.at', 'o.entry_id as opened', 'u.name as actor_name'])
      .orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(p.size).offset((p.page - 1) * p.size).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ndb(db).selectFrom('notification_reads').select('up_to').where('user_id', '=', reader.userId).where('kind', '=', kind).executeTakeFirst(),
  ]);
  const upTo = reads ? iso(reads.up_to) : null;
  const total = Number(count?.n ?? 0);
  return {
    total,
    rows: rows.map((r): NotificationView => {
      const at = iso(r.at)!;
      const amount = Number(r.amount_cents ?? 0);
      return {
        _id: r.id, kind: r.kind as NotificationKind, action: r.action!, actor_id: r.actor_id, actor_name: r.actor_name, post_id: r.post_id, promotion_id: r.promotion_id,
        amount_cents: amount, amount: amount / 100, created: at, is_read: !!r.opened || (upTo !== null && upTo >= at),
        message: describe({ action: r.action as NotificationEntry['action'], actorName: r.actor_name, text: r.text ?? '', amountCents: amount }),
        link: linkOf(r),
      };
    }),
  };
}

/** The newest entry of a kind a reader sees (what "mark this page read" reads up to). */
export async function newestNotificationAt(db: ReadDb, reader: Reader, kind: NotificationKind, nowIso: string): Promise<string | null> {
  const r = await visible(db, reader, nowIso, null).where('e.kind', '=', kind).select((eb) => eb.fn.max('e.at').as('m')).executeTakeFirst();
  return iso(r?.m ?? null);
}

/** The entries about a post a reader sees and has not opened (the feed's ?from_notification marks them read). */
export async function unopenedEntriesForPost(db: ReadDb, reader: Reader, postId: string, nowIso: string): Promise<string[]> {
  const rows = await visible(db, reader, nowIso, null).where('e.post_id', '=', postId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('notification_opened as o').select('o.user_id').where('o.user_id', '=', reader.userId).whereRef('o.entry_id', '=', 'e.id'))))
    .select('e.id').execute();
  return rows.map((r) => r.id);
}

// The notification centre: entries derived from events that already exist
// (nothing new is recorded when a fan buys, subscribes, comments or likes), per recipient, and each person's read
// marks (the only events this aggregate adds). Staff share the entries about the creator's content (purchases,
// subscriptions, comments, likes); fans get new posts, promotions, live starts and staff replies under their comments.
import type { Decider, DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/decider';

/** The bell's dropdown, in the spec's order: Purchased, Subscription, Comments, Likes, Notification. */
export const NOTIFICATION_KINDS = ['purchased', 'subscription', 'comments', 'likes', 'notification', 'tips'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  purchased: 'Purchased', subscription: 'Subscription', comments: 'Comments', likes: 'Likes', notification: 'Notification', tips: 'Tips',
};
/** Staff kinds (the console's /notification/:page); a fan has only "notification" (/user-notification/notification). */
export const STAFF_KINDS: readonly NotificationKind[] = ['purchased', 'subscription', 'comments', 'likes', 'notification'];
export const FAN_KINDS: readonly NotificationKind[] = ['notification'];
export const isNotificationKind = (v: string): v is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(v);

/** Badges show at most 99 and then "99+". */
export const capCount = (n: number): string => (n > 99 ? '99+' : String(Math.max(0, Math.floor(n))));

/** Who an entry is for: every staff member, every fan, or one fan. */
export type NotificationAudience = { kind: 'staff' } | { kind: 'fans' } | { kind: 'user'; userId: string };

export interface NotificationEntry {
  id: string;
  kind: NotificationKind;
  audience: NotificationAudience;
  /** What happened, for the list ('unlocked your post', 'New post', …). */
  action: 'unlock' | 'subscribe' | 'comment' | 'like' | 'post' | 'promotion' | 'live' | 'live_ended' | 'reply' | 'tip';
  actorId: string | null;
  postId: string | null;
  promotionId: string | null;
  amountCents: number;
  text: string;
  /** When it shows (a scheduled post: its publish time). */
  at: string;
}

export const excerpt = (t: string, max = 120) => {
  const s = t.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** The staff settings page /admin/settings/purchase-notification-settings: which kinds the staff bell records. */
export interface PurchaseNotificationSettings {
  purchased: boolean;
  subscription: boolean;
  comments: boolean;
  likes: boolean;
}
export const PURCHASE_NOTIFICATION_DEFAULTS: PurchaseNotificationSettings = { purchased: true, subscription: true, comments: true, likes: true };

export type NotificationEvent =
  | DomainEvent<'NotificationsRead', { userId: string; kind: NotificationKind; upTo: string; at: string }>
  | DomainEvent<'NotificationOpened', { userId: string; entryId: string; at: string }>
  | DomainEvent<'PurchaseNotificationSettingsSaved', PurchaseNotificationSettings & { by: string; savedAt: string }>;

export const notificationReadsStream = (userId: string) => `notification-reads-${userId}`;
export const PURCHASE_NOTIFICATION_SETTINGS_STREAM = 'purchase-notification-settings';

export const NOTIFICATION_MESSAGES = {
  notYours: 'This notification page is not available to you.',
  settingsSaved: 'Notification settings saved.',
} as const;

/** Who has a notification centre: the content roles (the staff pages) and fans, also an admin viewing as a fan
 *  (user, proxy_user); support and the live-stream manager have none. */
export const NOTIFIED_STAFF_ROLES = ['content_manager', 'model', 'admin', 'super_admin', 'sub_admin'] as const;
export function notificationReaderOf(role: string): 'staff' | 'fan' | null {
  if (role === 'user' || role === 'proxy_user') return 'fan';
  return (NOTIFIED_STAFF_ROLES as readonly string[]).includes(role) ? 'staff' : null;
}
/** Which kinds a role reads in the bell: staff all five, fans (and an admin viewing as a fan) only "notification". */
export const kindsFor = (staff: boolean): readonly NotificationKind[] => (staff ? STAFF_KINDS : FAN_KINDS);
/** Kinds a reader may list and mark read: staff also "tips" (the Tips tab's unread-tips badge, modelUnreadTips). */
export const readableKinds = (staff: boolean): readonly NotificationKind[] => (staff ? [...STAFF_KINDS, 'tips'] : FAN_KINDS);

/**
 * Read marks are the person's own: staff viewing the fan site as a fan (a proxy session) see the fan's unread
 * entries and help items as the fan does, but opening them records nothing, so the fan still finds them unread.
 */
export const recordsReadMarks = (caller: { proxyAdminId?: string | null }): boolean => !caller.proxyAdminId;

export type NotificationReadsCommand =
  | { type: 'ReadKind'; userId: string; kind: NotificationKind; staff: boolean; upTo: string; at: string }
  | { type: 'Open'; userId: string; entryId: string; at: string };

export interface NotificationReadsState {
  upTo: Partial<Record<NotificationKind, string>>;
  opened: ReadonlySet<string>;
}

export const notificationReadsDecider: Decider<NotificationReadsCommand, NotificationEvent, NotificationReadsState> = {
  initialState: () => ({ upTo: {}, opened: new Set() }),
  evolve(s, e) {
    if (e.type === 'NotificationsRead') return { ...s, upTo: { ...s.upTo, [e.data.kind]: e.data.upTo } };
    if (e.type === 'NotificationOpened') return { ...s, opened: new Set([...s.opened, e.data.entryId]) };
    return s;
  },
  decide(c, s) {
    if (c.type === 'ReadKind') {
      if (!readableKinds(c.staff).includes(c.kind)) throw new DomainError(NOTIFICATION_MESSAGES.notYours, 'NOT_FOUND', 404);
      // Opening the page again with nothing newer: nothing to record.
      const prev = s.upTo[c.kind];
      if (prev && prev >= c.upTo) return [];
      return [{ type: 'NotificationsRead', data: { userId: c.userId, kind: c.kind, upTo: c.upTo, at: c.at } }];
    }
    if (s.opened.has(c.entryId)) return [];
    return [{ type: 'NotificationOpened', data: { userId: c.userId, entryId: c.entryId, at: c.at } }];
  },
};

export const purchaseNotificationSettingsDecider: Decider<{ type: 'Save'; settings: PurchaseNotificationSettings; by: string; at: string }, NotificationEvent, PurchaseNotificationSettings> = {
  initialState: () => ({ ...PURCHASE_NOTIFICATION_DEFAULTS }),
  evolve: (s, e) => (e.type === 'PurchaseNotificationSettingsSaved' ? { purchased: e.data.purchased, subscription: e.data.subscription, comments: e.data.comments, likes: e.data.likes } : s),
  decide(c, s) {
    const n = c.settings;
    if (n.purchased === s.purchased && n.subscription === s.subscription && n.comments === s.comments && n.likes === s.likes) return [];
    return [{ type: 'PurchaseNotificationSettingsSaved', data: { ...n, by: c.by, savedAt: c.at } }];
  },
};

// ---- from existing events to entries (pure; projections/notifications.ts applies them) ---------------------------

const staff: NotificationAudience = { kind: 'staff' };
const fans: NotificationAudience = { kind: 'fans' };
const base = { actorId: null, postId: null, promotionId: null, amountCents: 0, text: '' };

export const entryForUnlock = (d: { postId: string; userId: string; paymentId: string; amountCents: number; unlockedAt: string }): NotificationEntry => ({
  ...base, id: `unlock-${d.paymentId}`, kind: 'purchased', audience: staff, action: 'unlock', actorId: d.userId, postId: d.postId, amountCents: d.amountCents, at: d.unlockedAt,
});
/** `promotionId`: the offer it was bought under (the staff page's /notification/subscription/:promotionId). */
export const entryForSubscription = (d: { userId: string; paymentId: string | null; amountCents: number; startedAt: string; promotionId?: string | null }): NotificationEntry => ({
  ...base, id: `subscription-${d.userId}-${d.startedAt}`, kind: 'subscription', audience: staff, action: 'subscribe', actorId: d.userId, amountCents: d.amountCents, promotionId: d.promotionId ?? null, at: d.startedAt,
});
export const entryForComment = (d: { postId: string; commentId: string; userId: string; comment: string; createdAt: string }): NotificationEntry => ({
  ...base, id: `comment-${d.commentId}`, kind: 'comments', audience: staff, action: 'comment', actorId: d.userId, postId: d.postId, text: excerpt(d.comment), at: d.createdAt,
});
export const entryForReply = (d: { postId: string; commentId: string; userId: string; comment: string; createdAt: string }, fanId: string): NotificationEntry => ({
  ...base, id: `reply-${d.commentId}-${fanId}`, kind: 'notification', audience: { kind: 'user', userId: fanId }, action: 'reply', actorId: d.userId, postId: d.postId, text: excerpt(d.comment), at: d.createdAt,
});
/** One entry per fan and post: liking, unliking and liking again does not ring twice. */
export const entryForLike = (d: { postId: string; userId: string; likedAt: string }): NotificationEntry => ({
  ...base, id: `like-${d.postId}-${d.userId}`, kind: 'likes', audience: staff, action: 'like', actorId: d.userId, postId: d.postId, at: d.likedAt,
});
/** A tip received (any source: tips page, chat, live): the staff Tips badge. */
export const entryForTip = (d: { tipId: string; userId: string; amountCents: number; sentAt: string }): NotificationEntry => ({
  ...base, id: `tip-${d.tipId}`, kind: 'tips', audience: staff, action: 'tip', actorId: d.userId, amountCents: d.amountCents, at: d.sentAt,
});
/** Demo posts and new versions of a reused post are not news. */
export const entryForPost = (d: { postId: string; authorId: string; caption: string; publishAt: string; isDemo?: boolean; reuseOf?: string }): NotificationEntry | null =>
  d.isDemo || d.reuseOf ? null : { ...base, id: `post-${d.postId}`, kind: 'notification', audience: fans, action: 'post', actorId: d.authorId, postId: d.postId, text: excerpt(d.caption) || 'New post', at: d.publishAt };
export const entryForPromotion = (d: { promotionId: string; ribbonText: string; createdAt: string }): NotificationEntry => ({
  ...base, id: `promotion-${d.promotionId}`, kind: 'notification', audience: fans, action: 'promotion', promotionId: d.promotionId, text: excerpt(d.ribbonText), at: d.createdAt,
});
/** A group live goes to every fan; a one-to-one call only to its fan. The text is who went live. */
export const entryForLiveStart = (d: { sessionId: string; isGroup: boolean; fanId: string | null; publisherName: string; startedAt: string }): NotificationEntry | null =>
  !d.isGroup && !d.fanId
    ? null
    : { ...base, id: `live-${d.sessionId}`, kind: 'notification', audience: d.isGroup ? fans : { kind: 'user', userId: d.fanId! }, action: 'live', text: d.publisherName, at: d.startedAt };
/** The id of a live start's entry, which the session's end turns into "… was live · ended". */
export const liveEntryId = (sessionId: string) => `live-${sessionId}`;

/** A sentence for the list (no HTML; the client shows it as text). */
export function describe(e: { action: NotificationEntry['action']; actorName: string | null; text: string; amountCents: number }): string {
  const who = e.actorName || 'Someone';
  const money = `$${(e.amountCents / 100).toFixed(2)}`;
  switch (e.action) {
    case 'unlock': return `${who} unlocked your post for ${money}`;
    case 'subscribe': return e.amountCents > 0 ? `${who} subscribed for ${money}` : `${who} subscribed`;
    case 'comment': return `${who} commented: ${e.text}`;
    case 'like': return `${who} liked your post`;
    case 'reply': return `${who} replied: ${e.text}`;
    case 'post': return `New post: ${e.text}`;
    case 'promotion': return `New offer: ${e.text}`;
    case 'live': return `${e.text || 'The creator'} is live`;
    case 'live_ended': return `${e.text || 'The creator'} was live · ended`;
    case 'tip': return `${who} sent a tip of ${money}`;
  }
}

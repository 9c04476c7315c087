// Web push, self-hosted. The spec's provider is a hosted service;
// here it is the open standard: VAPID (RFC 8292) and encrypted payloads (RFC 8291, aes128gcm) to each browser's own
// push service (RFC 8030). Pure rules and the deciders of four small streams:
//   push-subscription-<id>   one browser (device) subscribed for a signed-in person: registered, removed
//   push-preferences-<user>  the person's switch and the five categories (tags A–E)
//   web-push-settings        the site's switch (the console's /admin/settings/web-push-notification)
//   push-job-<id>            one notification to send (a trigger event): what each attempt got from the push services
//   device-info-<user>       what the app reported about a device (send-device-info)
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { Role } from '../shared/wire';

export const PUSH_MESSAGES = {
  settingsError: 'Error while save web notification settings.',
  saved: 'Web push notification settings saved successfully.',
  preferencesSaved: 'Notification preferences saved successfully.',
  subscribed: 'This device will receive notifications.',
  unsubscribed: 'This device will no longer receive notifications.',
  notOffered: 'Notifications are not offered to this account.',
  disabled: 'Web push notifications are turned off for this site.',
  endpointInvalid: 'endpoint must be the https address the browser gave for its push service.',
  keysInvalid: 'keys.p256dh and keys.auth must be the browser\'s subscription keys (base64url).',
  tagsInvalid: 'tags must be letters A to E (content, offers, live stream, messages, mass messages).',
} as const;

/** The five categories, in the spec's positional order: A content, B offers, C live stream, D messages, E mass messages. */
export const PUSH_CATEGORIES = ['content', 'offers', 'live_stream', 'messages', 'mass_messages'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];
export const PUSH_TAGS = ['A', 'B', 'C', 'D', 'E'] as const;
export type PushTag = (typeof PUSH_TAGS)[number];
export const tagOf = (c: PushCategory): PushTag => PUSH_TAGS[PUSH_CATEGORIES.indexOf(c)];

export type WebNotificationPreferences = Record<PushCategory, boolean>;
export const ALL_ON: WebNotificationPreferences = { content: true, offers: true, live_stream: true, messages: true, mass_messages: true };

/** 'ABD' → content, offers and messages on. Anything but A–E (case-insensitive, once each) is refused. */
export function preferencesFromTags(tags: readonly string[] | string): WebNotificationPreferences {
  const list = typeof tags === 'string' ? tags.split('') : tags;
  const upper = list.map((t) => String(t).trim().toUpperCase()).filter(Boolean);
  if (upper.some((t) => !(PUSH_TAGS as readonly string[]).includes(t)) || new Set(upper).size !== upper.length) throw new ValidationError('tags', PUSH_MESSAGES.tagsInvalid);
  return Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, upper.includes(tagOf(c))])) as WebNotificationPreferences;
}

/** The positional letters of the categories that are on, e.g. 'ACE'. */
export const tagsOf = (p: WebNotificationPreferences): string => PUSH_CATEGORIES.filter((c) => p[c]).map(tagOf).join('');

/**
 * Which prompt a person gets: admins and users get different ones; never offered to a proxy session,
 * support or live_stream_manager.
 */
export function pushPromptFor(role: Role): 'admin' | 'user' | null {
  if (role === 'proxy_user' || role === 'support' || role === 'live_stream_manager') return null;
  return role === 'user' ? 'user' : 'admin';
}
/** Saving preferences or registering a device is refused to those never offered the prompt. */
export function requirePushOffered(role: Role): void {
  if (pushPromptFor(role) === null) throw new DomainError(PUSH_MESSAGES.notOffered, 'PUSH_NOT_OFFERED', 403);
}
/** A device is not registered while the site's switch is off. */
export function requirePushEnabled(siteEnabled: boolean): void {
  if (!siteEnabled) throw new DomainError(PUSH_MESSAGES.disabled, 'PUSH_DISABLED', 409);
}

/** Five days after subscribing without web notifications, a help popup about (email) notifications shows. */
export const EMAIL_HELP_AFTER_MS = 5 * 24 * 3600 * 1000;
export function showNotificationHelp(p: { subscribedAt: string | null; webNotificationsOn: boolean; dismissed: boolean; now: string }): boolean {
  if (!p.subscribedAt || p.webNotificationsOn || p.dismissed) return false;
  return Date.parse(p.now) - Date.parse(p.subscribedAt) >= EMAIL_HELP_AFTER_MS;
}

/** Progressive-web-app feed refresh after 900 seconds. */
export const PWA_FEED_REFRESH_SECONDS = 900;
/** The push registration happens 3 seconds after live-stream setup. */
export const LIVE_PUSH_REGISTRATION_DELAY_MS = 3000;

/**
 * The install-as-app popup: a stored counter, moved on once per app start and by one more when the
 * popup is closed; it shows at 3, 12, 21 and 30; past 50 ('50' and above) it goes back to 12; 'never' stops it.
 */
export const INSTALL_POPUP_AT = [3, 12, 21, 30] as const;
export const POPUP_COUNTER_CAP = 50;
export type InstallCounter = number | 'never';
export const installPopupShows = (c: InstallCounter): boolean => c !== 'never' && (INSTALL_POPUP_AT as readonly number[]).includes(c);
/** Checkout and payment pages (subscribe, membership, tips, wallet and add funds, payment methods and history): no popup over them. */
const PAYMENT_PAGE = /^\/(subscribe|membership|join|tips|subscription-video|profile\/(wallet|payments|payment-method|add-new-payment-method|cancel-subscription))(\/|$)/;
export const isPaymentPage = (pathname: string): boolean => PAYMENT_PAGE.test(pathname);
export function nextInstallCounter(c: InstallCounter, action: 'visit' | 'close' | 'never'): InstallCounter {
  if (c === 'never' || action === 'never') return 'never';
  const next = c + 1;
  return next >= POPUP_COUNTER_CAP ? 12 : next;
}

/** Retries: 30 s, 2 min, 8 min, 32 min; after the fifth attempt the notification is given up for that device. */
export const MAX_PUSH_ATTEMPTS = 5;
export const pushBackoffMs = (attempt: number) => 30_000 * 4 ** (Math.max(1, attempt) - 1);
/** A notification not sent within a day is no news any more: it is dropped rather than sent late. */
export const PUSH_JOB_TTL_MS = 24 * 3600 * 1000;

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';
/** What a push service's answer means (RFC 8030 §5): 404/410 the subscription is gone; 429 and 5xx, try later. */
export function classifyPushAnswer(status: number | null, attempt: number): PushOutcome {
  if (status !== null && status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  const transient = status === null || status === 429 || status >= 500 || status === 408;
  if (!transient) return 'failed';
  return attempt >= MAX_PUSH_ATTEMPTS ? 'failed' : 'retry';
}

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Loopback, private, link-local and unique-local addresses, and names that mean this machine. */
export function privateHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal') || !h.includes('.') && !h.includes(':')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  if (h.includes(':')) return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
  return false;
}
/**
 * A browser's subscription: an https endpoint (http only to this machine, for a local push service), a P-256 public
 * key (65 bytes uncompressed) and a 16-byte auth secret, base64url.
 */
export function checkPushSubscription(input: PushSubscriptionInput, allowHttpLocal: boolean): PushSubscriptionInput {
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    throw new ValidationError('endpoint', PUSH_MESSAGES.endpointInvalid);
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!(url.protocol === 'https:' || (allowHttpLocal && local && url.protocol === 'http:')) || input.endpoint.length > 1000) {
    throw new ValidationError('endpoint', PUSH_MESSAGES.endpointInvalid);
  }
  // A push service is on the internet: an address on this machine or a private network is refused (the server
  // would otherwise be made to call it), except the local test service when allowed.
  if (!allowHttpLocal && privateHost(url.hostname)) {
    throw new ValidationError('endpoint', PUSH_MESSAGES.endpointInvalid);
  }
  const len = (s: string) => (B64URL.test(s) ? Math.floor((s.replace(/=+$/, '').length * 3) / 4) : -1);
  if (len(input.p256dh) !== 65 || len(input.auth) !== 16) throw new ValidationError('keys', PUSH_MESSAGES.keysInvalid);
  return { endpoint: input.endpoint, p256dh: input.p256dh.replace(/=+$/, ''), auth: input.auth.replace(/=+$/, '') };
}

/** What a notification shows and opens (the service worker reads this JSON). */
export interface PushPayload {
  title: string;
  body: string;
  /** The fan site's (or console's) path the click opens. */
  url: string;
  /** Notifications with one tag replace each other on the device. */
  tag: string;
  category: PushCategory;
}

export const excerpt = (text: string, max = 120) => {
  const t = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

// ---- events -------------------------------------------------------------------------------------------------

export interface PushAttemptResult {
  subscriptionId: string;
  outcome: PushOutcome;
  attempt: number;
  /** The push service's HTTP status (null: no answer). */
  status: number | null;
  nextAt: string | null;
}

export type PushEvent =
  | DomainEvent<'PushSubscriptionRegistered', { subscriptionId: string; userId: string; role: Role; endpoint: string; p256dh: string; auth: string; userAgent: string; registeredAt: string }>
  | DomainEvent<'PushSubscriptionRemoved', { subscriptionId: string; userId: string; reason: 'unregistered' | 'gone'; status: number | null; removedAt: string }>
  | DomainEvent<'PushPreferencesSaved', { userId: string; allow: boolean; tags: string; savedAt: string }>
  | DomainEvent<'WebPushSettingsSaved', { enabled: boolean; by: string; savedAt: string }>
  | DomainEvent<'PushNotificationAttempted', { jobId: string; results: PushAttemptResult[]; finished: boolean; reason: 'sent' | 'disabled' | 'expired' | null; at: string }>
  | DomainEvent<'DeviceInfoReported', { userId: string; deviceId: string; info: DeviceInfo; reportedAt: string }>;

export interface DeviceInfo {
  platform: string;
  userAgent: string;
  language: string;
  standalone: boolean;
  screen: string;
  timezone: string;
}

export const pushSubscriptionStream = (id: string) => `push-subscription-${id}`;
export const pushPreferencesStream = (userId: string) => `push-preferences-${userId}`;
export const WEB_PUSH_SETTINGS_STREAM = 'web-push-settings';
export const pushJobStream = (jobId: string) => `push-job-${jobId}`;
export const deviceInfoStream = (userId: string) => `device-info-${userId}`;

// ---- one subscription (device) ---------------------------------------------------------------------------------

export interface PushSubscriptionState {
  userId: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  active: boolean;
}
export type PushSubscriptionCommand =
  | { type: 'Register'; subscriptionId: string; userId: string; role: Role; input: PushSubscriptionInput; userAgent: string; at: string }
  | { type: 'Unregister'; subscriptionId: string; userId: string; at: string }
  | { type: 'Expire'; subscriptionId: string; status: number | null; at: string };

export const pushSubscriptionDecider: Decider<PushSubscriptionCommand, PushEvent, PushSubscriptionState> = {
  initialState: () => ({ userId: null, endpoint: null, p256dh: null, auth: null, active: false }),
  evolve(s, e) {
    if (e.type === 'PushSubscriptionRegistered') return { userId: e.data.userId, endpoint: e.data.endpoint, p256dh: e.data.p256dh, auth: e.data.auth, active: true };
    if (e.type === 'PushSubscriptionRemoved') return { ...s, active: false };
    return s;
  },
  decide(c, s) {
    switch (c.type) {
      case 'Register': {
        if (pushPromptFor(c.role) === null) throw new DomainError(PUSH_MESSAGES.notOffered, 'PUSH_NOT_OFFERED', 403);
        // The same browser again, for the same person and with the same keys: nothing new.
        if (s.active && s.userId === c.userId && s.p256dh === c.input.p256dh && s.auth === c.input.auth) return [];
        return [{ type: 'PushSubscriptionRegistered', data: { subscriptionId: c.subscriptionId, userId: c.userId, role: c.role, ...c.input, userAgent: c.userAgent.slice(0, 300), registeredAt: c.at } }];
      }
      case 'Unregister':
        // Only the person the device is registered for may remove it (someone else's device: nothing happens).
        if (!s.active || s.userId !== c.userId) return [];
        return [{ type: 'PushSubscriptionRemoved', data: { subscriptionId: c.subscriptionId, userId: c.userId, reason: 'unregistered', status: null, removedAt: c.at } }];
      case 'Expire':
        if (!s.active) return [];
        return [{ type: 'PushSubscriptionRemoved', data: { subscriptionId: c.subscriptionId, userId: s.userId!, reason: 'gone', status: c.status, removedAt: c.at } }];
    }
  },
};

// ---- preferences, site switch, device info ---------------------------------------------------------------------

export const pushPreferencesDecider: Decider<{ type: 'Save'; userId: string; allow: boolean; preferences: WebNotificationPreferences; at: string }, PushEvent, { allow: boolean | null; tags: string | null }> = {
  initialState: () => ({ allow: null, tags: null }),
  evolve: (s, e) => (e.type === 'PushPreferencesSaved' ? { allow: e.data.allow, tags: e.data.tags } : s),
  decide(c, s) {
    const tags = tagsOf(c.preferences);
    if (s.allow === c.allow && s.tags === tags) return [];
    return [{ type: 'PushPreferencesSaved', data: { userId: c.userId, allow: c.allow, tags, savedAt: c.at } }];
  },
};

export const webPushSettingsDecider: Decider<{ type: 'Save'; enabled: boolean; by: string; at: string }, PushEvent, { enabled: boolean }> = {
  initialState: () => ({ enabled: true }),
  evolve: (s, e) => (e.type === 'WebPushSettingsSaved' ? { enabled: e.data.enabled } : s),
  decide: (c, s) => (s.enabled === c.enabled ? [] : [{ type: 'WebPushSettingsSaved', data: { enabled: c.enabled, by: c.by, savedAt: c.at } }]),
};

/** Key order is not kept by a jsonb store: compare reports by their sorted entries. */
const sameInfo = (i: DeviceInfo) => JSON.stringify(Object.entries(i).sort(([a], [b]) => a.localeCompare(b)));

export const deviceInfoDecider: Decider<{ type: 'Report'; userId: string; deviceId: string; info: DeviceInfo; at: string }, PushEvent, { last: Record<string, string> }> = {
  initialState: () => ({ last: {} }),
  evolve: (s, e) => (e.type === 'DeviceInfoReported' ? { last: { ...s.last, [e.data.deviceId]: sameInfo(e.data.info) } } : s),
  // The same device telling the same again is not news.
  decide: (c, s) => (s.last[c.deviceId] === sameInfo(c.info) ? [] : [{ type: 'DeviceInfoReported', data: { userId: c.userId, deviceId: c.deviceId, info: c.info, reportedAt: c.at } }]),
};

// ---- one notification to send ------------------------------------------------------------------------------------

export interface PushJobState {
  finished: boolean;
  attempts: number;
}
export const pushJobDecider: Decider<{ type: 'Record'; jobId: string; results: PushAttemptResult[]; reason: 'sent' | 'disabled' | 'expired' | null; at: string; expectedAttempts: number }, PushEvent, PushJobState> = {
  initialState: () => ({ finished: false, attempts: 0 }),
  evolve: (s, e) => (e.type === 'PushNotificationAttempted' ? { finished: e.data.finished, attempts: s.attempts + 1 } : s),
  decide(c, s) {
    // Another node recorded this pass first (or the job is over): nothing to add.
    if (s.finished || s.attempts !== c.expectedAttempts) return [];
    const finished = c.reason !== 'sent' || !c.results.some((r) => r.outcome === 'retry');
    return [{ type: 'PushNotificationAttempted', data: { jobId: c.jobId, results: c.results, finished, reason: c.reason, at: c.at } }];
  },
};

// ---- triggers: one per category ------------------------------------------------------------------------------------

/** Who a notification goes to: every fan, the staff who take chat, or named people. */
export type PushAudience = { kind: 'fans' } | { kind: 'staff' } | { kind: 'users'; ids: string[] };

export interface PushTrigger {
  category: PushCategory;
  audience: PushAudience;
  payload: PushPayload;
  /** When it may go out (a scheduled post: its publish time). */
  dueAt: string;
}

export const pushForNewPost = (p: { postId: string; caption: string; creatorName: string; publishAt: string; isDemo: boolean }): PushTrigger | null =>
  p.isDemo
    ? null
    : {
        category: 'content', audience: { kind: 'fans' }, dueAt: p.publishAt,
        payload: { title: `New post from ${p.creatorName}`, body: excerpt(p.caption) || 'See what was just posted.', url: `/feed/${p.postId}/1`, tag: `post-${p.postId}`, category: 'content' },
      };

export const pushForPromotion = (p: { promotionId: string; ribbonText: string; creatorName: string; at: string }): PushTrigger => ({
  category: 'offers', audience: { kind: 'fans' }, dueAt: p.at,
  payload: { title: `A new offer from ${p.creatorName}`, body: excerpt(p.ribbonText) || 'A limited-time offer is waiting for you.', url: '/membership', tag: `offer-${p.promotionId}`, category: 'offers' },
});

export const pushForLiveStart = (p: { sessionId: string; isGroup: boolean; fanId: string | null; publisherName: string; at: string }): PushTrigger => ({
  category: 'live_stream', audience: p.isGroup || !p.fanId ? { kind: 'fans' } : { kind: 'users', ids: [p.fanId] }, dueAt: p.at,
  payload: {
    title: `${p.publisherName} is live now`, body: p.isGroup ? 'Join the live stream.' : 'Your one-to-one live stream is starting.',
    url: p.isGroup ? '/group-live-stream' : '/live-stream', tag: `live-${p.sessionId}`, category: 'live_stream',
  },
});

export const pushForChatMessage = (p: { messageId: string; fanId: string; fromStaff: boolean; text: string; priceCents: number; senderName: string; fanName: string; at: string }): PushTrigger =>
  p.fromStaff
    ? {
        category: 'messages', audience: { kind: 'users', ids: [p.fanId] }, dueAt: p.at,
        payload: {
          title: `New message from ${p.senderName}`, body: p.priceCents > 0 ? 'Sent you a locked message.' : excerpt(p.text) || 'Sent you a message.',
          url: '/private-chat', tag: `chat-${p.fanId}`, category: 'messages',
        },
      }
    : {
        category: 'messages', audience: { kind: 'staff' }, dueAt: p.at,
        payload: { title: `New message from ${p.fanName}`, body: excerpt(p.text) || 'Sent a message.', url: `/admin/private-chat/${p.fanId}`, tag: `chat-${p.fanId}`, category: 'messages' },
      };

export const pushForMassCopies = (p: { massId: string; fanIds: string[]; text: string; priceCents: number; creatorName: string; at: string }): PushTrigger | null =>
  p.fanIds.length
    ? {
        category: 'mass_messages', audience: { kind: 'users', ids: p.fanIds }, dueAt: p.at,
        payload: {
          title: `New message from ${p.creatorName}`, body: p.priceCents > 0 ? 'Sent you a locked message.' : excerpt(p.text) || 'Sent you a message.',
          url: '/private-chat', tag: `mass-${p.massId}`, category: 'mass_messages',
        },
      }
    : null;

/** A booked chat about to start: the fan (and the staff who take chat) are reminded. */
export const pushForBookingReminder = (p: { bookingId: string; fanId: string; start: string; minutesBefore: number; creatorName: string; at: string }): PushTrigger[] => {
  const soon = p.minutesBefore % 60 === 0 ? `${p.minutesBefore / 60} ${p.minutesBefore === 60 ? 'hour' : 'hours'}` : `${p.minutesBefore} minutes`;
  return [
    {
      category: 'messages', audience: { kind: 'users', ids: [p.fanId] }, dueAt: p.at,
      payload: { title: `Your chat with ${p.creatorName} starts in ${soon}`, body: 'Open the chat when your booked time begins.', url: '/book-slot/booking-list', tag: `booking-${p.bookingId}`, category: 'messages' },
    },
    {
      category: 'messages', audience: { kind: 'staff' }, dueAt: p.at,
      payload: { title: `A booked chat starts in ${soon}`, body: 'A fan booked this one-to-one chat.', url: '/admin/settings/set-chat-availability/booking-list', tag: `booking-${p.bookingId}`, category: 'messages' },
    },
  ];
};

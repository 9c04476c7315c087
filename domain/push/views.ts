// What the web push pages show: the console's switch with its counts, and a person's preferences
// (fan site: /profile/notification-preference). Pure: the read models' facts, the VAPID key and the time come in.
import type { Role } from '../shared/wire';
import {
  ALL_ON, INSTALL_POPUP_AT, POPUP_COUNTER_CAP, preferencesFromTags, PUSH_CATEGORIES, pushPromptFor, PWA_FEED_REFRESH_SECONDS, showNotificationHelp, tagsOf,
} from './push';

/** The console's /admin/settings/web-push-notification: the site is its own sender, identified by its VAPID key. */
export const webPushSettingsView = (enabled: boolean, publicKey: string, stats: { devices: number; pending: number; sentLastDay: number }) => ({
  web_push_notification_enabled: enabled,
  provider: 'vapid' as const,
  vapid_public_key: publicKey,
  ...stats,
});
export type WebPushSettingsView = ReturnType<typeof webPushSettingsView>;

/** A read model's timestamp: a Date from Postgres, text from elsewhere. */
type Stamp = string | Date | null;

/** When the person's current membership started; null when they never subscribed or it has ended. */
export function membershipStartedAt(row: { started_at: Stamp; expires_at: Stamp } | undefined, now: string): string | null {
  if (!row) return null;
  const current = !row.expires_at || new Date(row.expires_at) > new Date(now);
  return current ? new Date(row.started_at as string).toISOString() : null;
}

export interface PushPreferencesFacts {
  /** The saved switch and tags (null: never saved). */
  saved: { allow: boolean | null; tags: string | null };
  devices: ReadonlyArray<{ id: string; userAgent: string; registeredAt: string }>;
  siteEnabled: boolean;
  /** From the subscribers read model (undefined: never subscribed). */
  membership: { started_at: Stamp; expires_at: Stamp } | undefined;
  role: Role;
  publicKey: string;
  now: string;
}

/** Never saved: the switch is on once a device is registered, and every category is on. */
export function pushPreferencesView(f: PushPreferencesFacts) {
  const allow = f.saved.allow ?? f.devices.length > 0;
  const prefs = f.saved.tags === null ? ALL_ON : preferencesFromTags(f.saved.tags);
  const subscribedAt = membershipStartedAt(f.membership, f.now);
  return {
    web_push_notification_enabled: f.siteEnabled,
    vapid_public_key: f.publicKey,
    is_allow_web_notification: allow,
    web_notification_preferences: prefs,
    tags: tagsOf(prefs).split(''),
    categories: PUSH_CATEGORIES,
    prompt: f.siteEnabled ? pushPromptFor(f.role) : null,
    devices: f.devices.map((d) => ({ id: d.id, user_agent: d.userAgent, registered_at: d.registeredAt })),
    show_notification_help_popup: f.role === 'user' && showNotificationHelp({ subscribedAt, webNotificationsOn: allow && f.devices.length > 0, dismissed: false, now: f.now }),
    install_popup_at: INSTALL_POPUP_AT,
    popup_counter_cap: POPUP_COUNTER_CAP,
    feed_refresh_seconds: PWA_FEED_REFRESH_SECONDS,
  };
}
export type PushPreferencesView = ReturnType<typeof pushPreferencesView>;

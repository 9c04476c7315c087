// Web push reads: the console's switch with its counts, a person's preferences (from the push read models
// and their membership), the subscription mail switches, and the web-app manifest from the site settings.
import type { Role } from '../../domain/shared/wire';
import { pushPreferencesView, webPushSettingsView, type PushPreferencesView, type WebPushSettingsView } from '../../domain/push/views';
import { webAppManifest } from '../../domain/push/app-manifest';
import { pushDevicesOf, pushPreferencesOf, pushStats, webPushEnabled } from '../../projections/push';
import { currentSettings } from '../../projections/settings';
import { membershipDates } from '../../projections/subscribers';
import type { Services } from '../services';
import { vapidKeys } from '../push';

export function pushQueries(services: Services) {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  const publicKey = () => services.push?.publicKey ?? vapidKeys(services.config).publicKey;

  return {
    enabled: () => webPushEnabled(db()),

    async siteSettings(): Promise<WebPushSettingsView> {
      return webPushSettingsView(await webPushEnabled(db()), publicKey(), await pushStats(db(), nowIso()));
    },

    async preferences(caller: { userId: string; role: Role }): Promise<PushPreferencesView> {
      const [saved, devices, siteEnabled, membership] = await Promise.all([
        pushPreferencesOf(db(), caller.userId),
        pushDevicesOf(db(), caller.userId),
        webPushEnabled(db()),
        membershipDates(db(), caller.userId),
      ]);
      return pushPreferencesView({ saved, devices, siteEnabled, membership, role: caller.role, publicKey: publicKey(), now: nowIso() });
    },

    /** The saved switches, as the commands merge changes into them. */
    savedSubscriptionEmails: async () => (await currentSettings(db())).subscription_email_notification,
    /** The switches and the address staff mails go to when none is set. */
    async subscriptionEmails() {
      return { ...(await currentSettings(db())).subscription_email_notification, admin_email: services.config.FANCLUB_ADMIN_EMAIL };
    },

    manifest: async () => webAppManifest(await currentSettings(db())),
  };
}

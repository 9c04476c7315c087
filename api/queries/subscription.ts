// Subscription reads: the membership page (from the fan's subscription stream, authoritative for what they may
// do next, and the read model for what they paid), the migration popup, and the console's settings record.
import type { Role } from '../../domain/shared/wire';
import { membershipDetails, migrationSettingsView, migrationView, subscriptionSettingsRecord } from '../../domain/subscription/views';
import type { MembershipDetailsView, MigrationDataView } from '../../domain/subscription/wire';
import { loadSubscription, migrationDue, migrationFlagged, resubscribeOfferFor } from '../../commands/subscriptions';
import { loadSettings } from '../../commands/settings';
import { findSubscriber } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { readPlans } from '../../projections/membership-plans';
import type { Services } from '../services';

export function subscriptionQueries(services: Services) {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();

  return {
    async details(caller: { userId: string; role: Role }): Promise<MembershipDetailsView> {
      const now = nowIso();
      const [{ state }, settings, row, offer, flagged, plans] = await Promise.all([
        loadSubscription(services.store, caller.userId),
        loadSettings(services.store),
        findSubscriber(db(), caller.userId),
        resubscribeOfferFor(services.store, now, caller.userId, caller.role),
        migrationFlagged(services.store, caller.userId),
        readPlans(db()),
      ]);
      return membershipDetails({ state, settings, row, offer, migrationDue: migrationDue(state, settings, now, flagged), now, plans });
    },

    async migrationData(userId: string): Promise<MigrationDataView> {
      const [{ state }, settings, flagged] = await Promise.all([loadSubscription(services.store, userId), loadSettings(services.store), migrationFlagged(services.store, userId)]);
      const view = migrationView(settings, !!state.migrationConditionsAcceptedAt);
      return migrationDue(state, settings, nowIso(), flagged) ? view : { ...view, show_popup: false };
    },

    migrationSettings: async () => migrationSettingsView(await currentSettings(db())),
    settingsRecord: async () => subscriptionSettingsRecord(await currentSettings(db())),
  };
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { subscriptionDecider } from './subscription';
import { cancelReasons, membershipDetails, migrationSettingsChanges, migrationView, subscriptionSettingsRecord } from './views';

const now = '2026-05-01T12:00:00.000Z';

describe('subscription views', () => {
  it('shows a fan who never subscribed as inactive, with the cancel popup settings and no migration', () => {
    const d = membershipDetails({ state: subscriptionDecider.initialState(), settings: DEFAULT_SETTINGS, row: undefined, offer: null, migrationDue: false, now });
    expect([d.active, d.renews, d.cancelled, d.is_rebill_failed, d.started_at, d.price_cents, d.migration, d.server_time]).toEqual([false, false, false, false, null, 0, null, now]);
    expect(d.cancel.reasons).toEqual(DEFAULT_SETTINGS.cancel_subscription_reasons);
  });

  it('shows the migration popup when it is due', () => {
    const d = membershipDetails({ state: subscriptionDecider.initialState(), settings: DEFAULT_SETTINGS, row: undefined, offer: null, migrationDue: true, now });
    expect(d.migration).toEqual(migrationView(DEFAULT_SETTINGS, false));
    expect(d.migration?.price).toBe(d.migration!.price_cents / 100);
  });

  it('changes only the migration settings sent', () => {
    expect(migrationSettingsChanges({ title: 'Move' })).toEqual({ subscription_migration_title: 'Move' });
    expect(migrationSettingsChanges({})).toEqual({});
  });

  it('saves cancel reasons once each, without Other', () => {
    expect(cancelReasons(['Too expensive', 'Other', 'Too expensive', 'Bored'])).toEqual(['Too expensive', 'Bored']);
  });

  it('names the settings record site', () => {
    expect(subscriptionSettingsRecord(DEFAULT_SETTINGS).id).toBe('site');
  });
});

// What the membership page and the console show of a membership and its settings.
// Pure: the subscription state, the site settings and the read model's facts come in.
import { dollarsFromCents } from '../shared/money';
import { migrationPriceCents } from '../pricing/pricing';
import type { SiteSettings } from '../settings/settings';
import { isActive, isRebillFailed, isRenewing, nextChargeAt, rebillPopupDue, subscriptionStatus, type SubscriptionState } from './subscription';
import type { PlansState } from '../membership-plan/plan';
import { memberTierView } from './tier-options';
import type { MembershipDetailsView, MigrationDataView, MigrationSettingsView, SubscriptionSettingsRecord } from './wire';

/** The migration popup's text and price; `show_popup` is the caller's to set. */
export function migrationView(settings: SiteSettings, accepted: boolean): MigrationDataView {
  const price = migrationPriceCents(settings);
  return { show_popup: true, title: settings.subscription_migration_title, description: settings.subscription_migration_description, price_cents: price, price: dollarsFromCents(price), conditions_accepted: accepted };
}

export interface MembershipFacts {
  state: SubscriptionState;
  settings: SiteSettings;
  /** From the subscribers read model (undefined: never subscribed). */
  row: { started_at: string; price_cents: number; payment_method: string } | undefined;
  offer: MembershipDetailsView['offer'];
  migrationDue: boolean;
  now: string;
  /** The tiers and bundles (absent: the member's tier is not shown). */
  plans?: PlansState;
}

export function membershipDetails({ state, settings, row, offer, migrationDue, now, plans }: MembershipFacts): MembershipDetailsView {
  const failing = isRebillFailed(state);
  return {
    status: subscriptionStatus(state, now),
    active: isActive(state, now),
    renews: isRenewing(state),
    cancelled: !!state.cancelledAt && !isRenewing(state) && isActive(state, now),
    complimentary: state.complimentary && isActive(state, now) && !isRenewing(state),
    is_rebill_failed: failing,
    rebill_popup: rebillPopupDue({ isRebillFailed: failing, rebillFailedAt: state.rebillFailure?.failedAt ?? null, rebillNotifiedAt: state.rebillNotifiedAt }, now),
    rebill_failure_code: failing ? state.rebillFailure?.failureCode ?? null : null,
    rebill_retry_at: failing ? state.rebillFailure?.nextRetryAt ?? null : null,
    expiration_date: state.expiresAt,
    next_billing_date: isRenewing(state) ? nextChargeAt(state) : null,
    started_at: row?.started_at || null,
    price_cents: row?.price_cents ?? 0,
    recurring_cents: state.recurringCents,
    payment_method: row?.payment_method ?? null,
    cancel: { reasons_enabled: settings.is_cancel_subscription_reason_enabled, reasons: settings.cancel_subscription_reasons, title: settings.reason_for_cancellation_popup_title },
    offer,
    migration: migrationDue ? migrationView(settings, !!state.migrationConditionsAcceptedAt) : null,
    tier: plans ? memberTierView(state, plans, settings.recurring_membership_price_cents, now) : null,
    server_time: now,
  };
}

export function migrationSettingsView(s: SiteSettings): MigrationSettingsView {
  return { enabled: s.enable_subscription_migration, title: s.subscription_migration_title, description: s.subscription_migration_description, price_cents: migrationPriceCents(s), payment_api_version: s.payment_api_version };
}

/** The migration popup's settings as the staff form sends them → the site settings they change. */
export function migrationSettingsChanges(b: { enabled?: boolean; title?: string; description?: string }): Partial<SiteSettings> {
  const changes: Partial<SiteSettings> = {};
  if (b.enabled !== undefined) changes.enable_subscription_migration = b.enabled;
  if (b.title !== undefined) changes.subscription_migration_title = b.title;
  if (b.description !== undefined) changes.subscription_migration_description = b.description;
  return changes;
}

/** Cancel reasons as saved: 'Other' is always offered by the popup itself, and a reason is listed once. */
export const cancelReasons = (reasons: string[]): string[] => [...new Set(reasons.filter((r) => r !== 'Other'))];

export function subscriptionSettingsRecord(s: SiteSettings): SubscriptionSettingsRecord {
  return {
    id: 'site',
    membership_price_cents: s.membership_price_cents,
    recurring_membership_price_cents: s.recurring_membership_price_cents,
    returning_membership_price_cents: s.returning_membership_price_cents,
    returning_recurring_membership_price_cents: s.returning_recurring_membership_price_cents,
    is_cancel_subscription_reason_enabled: s.is_cancel_subscription_reason_enabled,
    cancel_subscription_reasons: s.cancel_subscription_reasons,
    reason_for_cancellation_popup_title: s.reason_for_cancellation_popup_title,
    enable_subscription_migration: s.enable_subscription_migration,
    subscription_migration_title: s.subscription_migration_title,
    subscription_migration_description: s.subscription_migration_description,
    payment_api_version: s.payment_api_version,
    enable_ccbill_rest_api: s.enable_ccbill_rest_api,
    is_sticky_io_enabled: s.is_sticky_io_enabled,
    card_form_billing_address: s.card_form_billing_address,
    new_register_page_url: s.new_register_page_url,
  };
}

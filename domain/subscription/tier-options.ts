// A member's tier as the membership page shows it, with the changes they may ask for and what each costs now:
// an upgrade is charged the prorated difference at once, a downgrade starts at the next renewal (nothing now),
// and choosing the current tier again while a downgrade waits keeps it. Same rules as the decider's ChangeTier.
import { activeTiers, bundlePriceCents, tierById, tierRank, type PlansState, type Tier } from '../membership-plan/plan';
import { isActive, isRenewing, upgradeChargeCents, type BundleTerms, type SubscriptionState } from './subscription';
import type { MemberTierView } from './wire';

/** The renewal price on a tier at today's price: monthly, or the member's bundle (same months and discount). */
export const tierRecurringCents = (to: Tier, siteMonthlyCents: number, bundle: BundleTerms | null): number => {
  const monthly = to.priceCents ?? siteMonthlyCents;
  return bundle ? bundlePriceCents(monthly, bundle.months, bundle.discountPercent) : monthly;
};

/** Only a running, renewing membership we bill ourselves, and not a free one, changes tier. */
export const canChangeTier = (s: SubscriptionState, now: string): boolean =>
  isActive(s, now) && isRenewing(s) && !s.billedBy && !(s.paidBy === null && s.recurringCents === 0) && s.pending === null;

export function memberTierView(s: SubscriptionState, plans: PlansState, siteMonthlyCents: number, now: string): MemberTierView | null {
  if (!isActive(s, now)) return null;
  const nameOf = (id: string) => tierById(plans, id)?.name ?? id;
  const fromRank = tierRank(plans, s.tierId);
  const open = canChangeTier(s, now);
  const changes = open
    ? activeTiers(plans)
        .filter((t) => t.tierId !== s.tierId || s.scheduledChange !== null)
        .filter((t) => t.tierId !== s.scheduledChange?.tierId)
        .map((t) => {
          const recurring = t.tierId === s.tierId ? s.recurringCents : tierRecurringCents(t, siteMonthlyCents, s.bundle);
          const kind: 'upgrade' | 'downgrade' | 'keep' = t.tierId === s.tierId ? 'keep' : t.rank > fromRank ? 'upgrade' : 'downgrade';
          const charge = kind === 'upgrade' ? upgradeChargeCents({ fromCents: s.recurringCents, toCents: recurring, periodDays: s.renewalPeriodDays, expiresAt: s.expiresAt!, at: now }) : 0;
          return {
            tier_id: t.tierId, name: t.name, description: t.description, benefits: t.benefits, rank: t.rank, kind,
            recurring_cents: recurring, charge_now_cents: charge, starts_at: kind === 'upgrade' ? now : s.expiresAt!,
          };
        })
    : [];
  return {
    tier_id: s.tierId,
    name: nameOf(s.tierId),
    benefits: tierById(plans, s.tierId)?.benefits ?? [],
    bundle_months: s.bundle?.months ?? null,
    renewal_period_days: s.renewalPeriodDays,
    scheduled: s.scheduledChange ? { tier_id: s.scheduledChange.tierId, name: nameOf(s.scheduledChange.tierId), recurring_cents: s.scheduledChange.recurringCents, starts_at: s.expiresAt! } : null,
    can_change: open && changes.length > 0,
    changes,
  };
}

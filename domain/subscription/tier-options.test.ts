import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { plansDecider, type PlansEvent } from '../membership-plan/plan';
import { subscriptionDecider, type SubscriptionState } from './subscription';
import { memberTierView } from './tier-options';

const now = '2026-05-01T00:00:00.000Z';
const at = '2026-04-01T00:00:00.000Z';
const saved = (tierId: string, name: string, priceCents: number, rank: number): PlansEvent => ({
  type: 'MembershipTierSaved', data: { tierId, name, description: '', benefits: [`${name} posts`], priceCents, rank, savedAt: at },
});
const plans = given(plansDecider, [saved('vip', 'VIP', 2999, 10), saved('gold', 'Gold', 1999, 5)]).state;
const member = (over: Partial<SubscriptionState>): SubscriptionState => ({
  ...subscriptionDecider.initialState(), userId: 'u1', paidBy: 'p1', recurringCents: 1999, tierId: 'gold',
  expiresAt: '2026-05-16T00:00:00.000Z', nextBillingAt: '2026-05-15T00:00:00.000Z', ...over,
});

describe('a member’s tier and the changes on offer', () => {
  it('given a Gold member half-way through the month, an upgrade to VIP costs half the difference now; base waits for the renewal', () => {
    const v = memberTierView(member({}), plans, 999, now)!;
    expect(v).toMatchObject({ tier_id: 'gold', name: 'Gold', benefits: ['Gold posts'], can_change: true, scheduled: null });
    expect(v.changes.map((c) => [c.tier_id, c.kind, c.recurring_cents, c.charge_now_cents])).toEqual([
      ['base', 'downgrade', 999, 0],
      ['vip', 'upgrade', 2999, 500],
    ]);
    expect(v.changes[0]!.starts_at).toBe('2026-05-16T00:00:00.000Z');
  });

  it('given a bundle member, the other tiers are priced at the same bundle', () => {
    const v = memberTierView(member({ bundle: { months: 3, discountPercent: 20 }, renewalPeriodDays: 90, recurringCents: 4798 }), plans, 999, now)!;
    expect(v.changes.find((c) => c.tier_id === 'vip')!.recurring_cents).toBe(7198); // 2999 × 3 × 0.8
  });

  it('given a downgrade waiting, it is shown and keeping the current tier is offered', () => {
    const v = memberTierView(member({ scheduledChange: { tierId: 'base', recurringCents: 999 } }), plans, 999, now)!;
    expect(v.scheduled).toMatchObject({ tier_id: 'base', name: 'Member' });
    expect(v.changes.map((c) => [c.tier_id, c.kind])).toEqual([['gold', 'keep'], ['vip', 'upgrade']]);
  });

  it('given a cancelled or lapsed membership, no change is offered (and no tier without access)', () => {
    expect(memberTierView(member({ nextBillingAt: null }), plans, 999, now)).toMatchObject({ can_change: false, changes: [] });
    expect(memberTierView(member({ expiresAt: '2026-04-30T00:00:00.000Z' }), plans, 999, now)).toBeNull();
  });
});

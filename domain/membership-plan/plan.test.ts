import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { BASE_TIER, bundleOffers, bundlePriceCents, chosenBundle, monthlyEquivalentCents, plansDecider, tierRank, type PlansEvent } from './plan';

const at = '2026-01-01T00:00:00.000Z';
const vip = { tierId: 'vip', name: 'VIP', description: 'Closer', benefits: ['Every VIP post'], priceCents: 2499, rank: 10 };
const vipSaved: PlansEvent = { type: 'MembershipTierSaved', data: { ...vip, savedAt: at } };

describe('membership plans', () => {
  it('starts with the base tier only and no bundles', () => {
    const s = given(plansDecider).state;
    expect(s.tiers).toEqual([BASE_TIER]);
    expect(bundleOffers(s.bundles, 999)).toEqual([]);
  });

  it('saves a tier with its own price and rank', () => {
    const s = given(plansDecider).when({ type: 'SaveTier', tier: vip, at }).then([vipSaved]);
    expect(tierRank(s, 'vip')).toBe(10);
    expect(tierRank(s, 'base')).toBe(0);
  });

  it('refuses a taken name or rank, a bad price and rank, naming the field', () => {
    given(plansDecider, [vipSaved]).when({ type: 'SaveTier', tier: { ...vip, tierId: 'x', name: 'vip', rank: 11 }, at }).thenThrows('Another tier already has this name.', { details: { field: 'name' } });
    given(plansDecider, [vipSaved]).when({ type: 'SaveTier', tier: { ...vip, tierId: 'x', name: 'Gold', rank: 10 }, at }).thenThrows('Another tier already has this rank.', { details: { field: 'rank' } });
    given(plansDecider).when({ type: 'SaveTier', tier: { ...vip, priceCents: 99 }, at }).thenThrows('The monthly price must be between $1.00 and $1,000.00.', { details: { field: 'price_cents' } });
    given(plansDecider).when({ type: 'SaveTier', tier: { ...vip, rank: 0 }, at }).thenThrows('The rank must be a whole number from 1 to 99.', { details: { field: 'rank' } });
    given(plansDecider).when({ type: 'SaveTier', tier: { ...vip, name: '  ' }, at }).thenThrows('The tier name must be 1 to 40 characters.', { details: { field: 'name' } });
  });

  it("the base tier keeps the site's price and rank 0 whatever is sent; it cannot be removed", () => {
    given(plansDecider)
      .when({ type: 'SaveTier', tier: { tierId: 'base', name: 'Fan', description: '', benefits: [], priceCents: 5, rank: 7 }, at })
      .then([{ type: 'MembershipTierSaved', data: { tierId: 'base', name: 'Fan', description: '', benefits: [], priceCents: null, rank: 0, savedAt: at } }]);
    given(plansDecider).when({ type: 'ArchiveTier', tierId: 'base', at }).thenThrows('The base tier cannot be removed.', { status: 409 });
  });

  it('a removed tier is no longer offered but keeps its rank for its members', () => {
    const s = given(plansDecider, [vipSaved]).when({ type: 'ArchiveTier', tierId: 'vip', at }).then([{ type: 'MembershipTierArchived', data: { tierId: 'vip', archivedAt: at } }]);
    expect(tierRank(s, 'vip')).toBe(10);
    given(plansDecider, [vipSaved, { type: 'MembershipTierArchived', data: { tierId: 'vip', archivedAt: at } }]).when({ type: 'SaveTier', tier: vip, at }).thenThrows('Tier not found.', { status: 404 });
  });

  it('sets bundle discounts (0 = off) and refuses above 90 % naming the bundle', () => {
    const s = given(plansDecider).when({ type: 'SetBundles', discounts: { 3: 10, 12: 25 }, at }).then([{ type: 'SubscriptionBundlesSet', data: { discounts: { 3: 10, 6: 0, 12: 25 }, setAt: at } }]);
    expect(bundleOffers(s.bundles, 999).map((b) => b.months)).toEqual([3, 12]);
    given(plansDecider).when({ type: 'SetBundles', discounts: { 6: 91 }, at }).thenThrows('The 6-month discount must be a whole percent from 0 to 90.', { details: { field: 'discount_6' } });
    given(plansDecider).when({ type: 'SetBundles', discounts: { 3: 0 }, at }).then([]);
  });
});

describe('bundle prices', () => {
  it('monthly × months less the discount, rounded half up to the cent, with the monthly equivalent', () => {
    expect(bundlePriceCents(999, 3, 20)).toBe(2398); // 2397.6 → 2398
    expect(monthlyEquivalentCents(2398, 3)).toBe(799); // 799.33
    expect(bundlePriceCents(2499, 12, 25)).toBe(22491);
    expect(bundlePriceCents(999, 6, 15)).toBe(5095); // 5094.9
    expect(monthlyEquivalentCents(5095, 6)).toBe(849); // 849.17
    expect(bundlePriceCents(1001, 3, 50)).toBe(1502); // 1501.5 → half up
  });

  it('an unknown or switched-off bundle is refused naming bundle_months', () => {
    const bundles = { 3: 20, 6: 0, 12: 0 };
    expect(chosenBundle(bundles, 999, 3)).toEqual({ months: 3, discountPercent: 20, priceCents: 2398, monthlyCents: 799 });
    expect(() => chosenBundle(bundles, 999, 6)).toThrow('This bundle is not offered.');
  });
});

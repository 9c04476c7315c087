import { describe, expect, it } from 'vitest';
import { membershipTierOf, REPORT_SOURCES, type ReportSource } from './reporting';
import { earningsReport, reportViewer, tierEarningsLines, userReportView } from './views';
import { earningsColumns, movementColumns } from './exports';
import type { EarningsTotals } from './wire';

const sources = (v: number) => Object.fromEntries(REPORT_SOURCES.map((s) => [s, v])) as Record<ReportSource, number>;
const totals = (cents: number, count: number): EarningsTotals<number> => ({
  total_cents: cents, by_source: { ...sources(0), tips: cents }, count, count_by_source: { ...sources(0), tips: count }, refunded_cents: 0, voided_cents: 0, charged_back_cents: 0,
});
const figures = (cents: number, count: number) => ({ buckets: [{ period: '2026-03-01', total_cents: cents, by_source: { ...sources(0), tips: cents }, count }], totals: totals(cents, count) });
const range = { from: '2026-03-01', to: '2026-03-01' };
const previous = { from: '2026-02-28', to: '2026-02-28' };

describe('report answers', () => {
  it('the earnings page is closed to a content manager until reporting is on; money follows hide_earnings', () => {
    expect(() => reportViewer('content_manager', {}, true)).toThrow('Reports are turned off for your role.');
    expect(reportViewer('content_manager', { content_manager_reporting_enabled: true }, true)).toEqual({ money: true, defaultGroup: 'day' });
    expect(reportViewer('model', { hide_earnings: true, reporting_default_group: 'week' })).toEqual({ money: false, defaultGroup: 'week' });
  });
  it('earnings compare money with money, and counts with counts when money is hidden', () => {
    const shown = earningsReport(true, 'day', { range, previous, now: figures(300, 1), before: figures(200, 2) });
    expect(shown).toMatchObject({ from: '2026-03-01', earnings_hidden: false, change_percent: 50, totals: { total_cents: 300, count: 1 }, previous: { ...previous, totals: { total_cents: 200 } } });
    expect(shown.change_by_source.tips).toBe(50);
    const hidden = earningsReport(false, 'day', { range, previous, now: figures(300, 1), before: figures(200, 2) });
    expect(hidden).toMatchObject({ earnings_hidden: true, change_percent: -50, totals: { total_cents: null, count: 1, refunded_cents: null }, buckets: [{ total_cents: null, count: 1 }] });
    expect(hidden.totals.by_source.tips).toBeNull();
    expect(hidden.totals.count_by_source.tips).toBe(1);
  });
  it('memberships by tier: every tier on offer by rank, a removed one while it had money or members; net hidden with the money', () => {
    const tiers = [
      { tierId: 'vip', name: 'VIP', rank: 10, archived: false },
      { tierId: 'base', name: 'Member', rank: 0, archived: false },
      { tierId: 'old', name: 'Old', rank: 5, archived: true },
      { tierId: 'gone', name: 'Gone', rank: 7, archived: true },
    ];
    const paid = new Map([['vip', { sales: 2, net_cents: 4998 }], ['old', { sales: 1, net_cents: 0 }], ['lost', { sales: 1, net_cents: 500 }]]);
    const lines = tierEarningsLines(tiers, paid, new Map([['base', 3], ['vip', 1], ['gone', 0]]));
    expect(lines).toEqual([
      { tier_id: 'base', name: 'Member', sales: 0, net_cents: 0, members: 3 },
      { tier_id: 'old', name: 'Old', sales: 1, net_cents: 0, members: 0 },
      { tier_id: 'vip', name: 'VIP', sales: 2, net_cents: 4998, members: 1 },
      // A tier the plans do not know: listed under its id, last.
      { tier_id: 'lost', name: 'lost', sales: 1, net_cents: 500, members: 0 },
    ]);
    expect(earningsReport(true, 'day', { range, previous, now: figures(300, 1), before: figures(200, 2) }, lines).tiers[2]).toMatchObject({ net_cents: 4998, sales: 2 });
    expect(earningsReport(false, 'day', { range, previous, now: figures(300, 1), before: figures(200, 2) }, lines).tiers[2]).toEqual({ tier_id: 'vip', name: 'VIP', sales: 2, net_cents: null, members: 1 });
    // A membership payment's tier: the one it names, else the base tier; other purchases have none.
    expect([membershipTierOf({ kind: 'subscription', period: 1, tierId: 'vip' }), membershipTierOf({ kind: 'subscription', period: 2 }), membershipTierOf({ kind: 'tip' })]).toEqual(['vip', 'base', null]);
    const columns = earningsColumns(true, new Map([['vip', 'VIP']]));
    const tierCell = columns.find((c) => c.header === 'tier')!;
    expect([tierCell.value({ day: 'd', source: 'subscriptions', tier_id: 'vip', captures: 1, reversals: 0, net_cents: 1 }), tierCell.value({ day: 'd', source: 'tips', tier_id: null, captures: 1, reversals: 0, net_cents: 1 })]).toEqual(['VIP', '']);
  });
  it('lists hide money but keep counts, and the CSV drops its money columns', () => {
    const row = { user_id: 'u', email: 'a@b.c', name: 'A', registered_at: 'x', net_cents: 500, by_source: sources(5), purchases: 2, reversals: 0, first_purchase_at: null, last_purchase_at: null };
    expect(userReportView(false, { rows: [row], total: 1, net: 500 }, { page: 1, per_page: 25 })).toMatchObject({ rows: [{ net_cents: null, purchases: 2, by_source: { tips: null } }], net_cents: null, earnings_hidden: true });
    expect(movementColumns(true).map((c) => c.header)).toContain('amount');
    expect(movementColumns(false).map((c) => c.header)).not.toContain('amount');
  });
});

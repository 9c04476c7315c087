import { describe, expect, it } from 'vitest';
import { REPORT_SOURCES, type ReportSource } from './reporting';
import { earningsReport, reportViewer, userReportView } from './views';
import { movementColumns } from './exports';
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
  it('lists hide money but keep counts, and the CSV drops its money columns', () => {
    const row = { user_id: 'u', email: 'a@b.c', name: 'A', registered_at: 'x', net_cents: 500, by_source: sources(5), purchases: 2, reversals: 0, first_purchase_at: null, last_purchase_at: null };
    expect(userReportView(false, { rows: [row], total: 1, net: 500 }, { page: 1, per_page: 25 })).toMatchObject({ rows: [{ net_cents: null, purchases: 2, by_source: { tips: null } }], net_cents: null, earnings_hidden: true });
    expect(movementColumns(true).map((c) => c.header)).toContain('amount');
    expect(movementColumns(false).map((c) => c.header)).not.toContain('amount');
  });
});

// The reports as their calls answer them: the read queries' rows (projections/report-queries.ts, every
// money figure in cents) with the money hidden for a role that may not see earnings, and the earnings compared
// with the previous period. Pure: the route reads, these shape.
import { DomainError } from '../shared/decider';
import type { Role } from '../shared/wire';
import { REPORT_SOURCES, changePercent, mayOpenReports, seesReportMoney, type DayRange, type ReportGrouping, type ReportSettings, type ReportSource, type ReversalKind } from './reporting';
import type {
  Cents, EarningsBucket, EarningsReport, EarningsTotals, MovementRow, PostBuyersReport, PurchaseHistory, ReportingPageSettings, ReversalsReport, TierEarningsLine,
  UnlockRow, UnlocksReport, UserReport, UserReportRow,
} from './wire';

/** The settings the report answers read (site settings). */
export interface ReportPageSettings extends ReportSettings {
  reporting_default_group?: ReportGrouping;
}

/** Who is asking, as the reports see them: whether money shows, and the earnings page's default grouping. */
export interface ReportViewer {
  money: boolean;
  defaultGroup: ReportGrouping;
}

/**
 * The caller as a report viewer (the route table already let the role in). `reportsPage`: the reporting page's own
 * switch applies too (the content manager only while content_manager_reporting_enabled is on).
 */
export function reportViewer(role: Role | null | undefined, s: ReportPageSettings, reportsPage = false): ReportViewer {
  if (reportsPage && !mayOpenReports(role, s)) throw new DomainError('Reports are turned off for your role.', 'REPORTS_OFF', 403);
  return { money: seesReportMoney(role, s), defaultGroup: s.reporting_default_group ?? 'day' };
}

export const reportingPageSettings = (s: ReportPageSettings): ReportingPageSettings => ({
  content_manager_reporting_enabled: !!s.content_manager_reporting_enabled,
  reporting_default_group: s.reporting_default_group ?? 'day',
  hide_earnings: !!s.hide_earnings,
});

// ---- money hidden or shown -------------------------------------------------------------------------------

const shown = (money: boolean, cents: number): Cents => (money ? cents : null);
const shownSources = (money: boolean, by: Record<ReportSource, number>) => Object.fromEntries(REPORT_SOURCES.map((s) => [s, money ? by[s] : null])) as Record<ReportSource, Cents>;
const shownAmounts = <T extends { amount_cents: number }>(money: boolean, rows: readonly T[]) => rows.map((r) => ({ ...r, amount_cents: shown(money, r.amount_cents) }));

/** The page a list answer names (the one asked for, also when an export read every row). */
export interface PageAsked {
  page: number;
  per_page: number;
}

// ---- earnings --------------------------------------------------------------------------------------------

/** What the earnings query reads over one range: buckets and totals with every figure. */
export interface EarningsFigures {
  buckets: EarningsBucket<number>[];
  totals: EarningsTotals<number>;
}

export const totalsView = (money: boolean, t: EarningsTotals<number>): EarningsTotals => ({
  total_cents: shown(money, t.total_cents), by_source: shownSources(money, t.by_source), count: t.count, count_by_source: t.count_by_source,
  refunded_cents: shown(money, t.refunded_cents), voided_cents: shown(money, t.voided_cents), charged_back_cents: shown(money, t.charged_back_cents),
});

/** The earnings report: the range against the previous period (without money, the comparison is of sales counts). */
/** A tier as the earnings report names and orders it. */
export interface ReportTier {
  tierId: string;
  name: string;
  rank: number;
  archived: boolean;
}

/**
 * The earnings report's lines per tier: every tier on offer, and a removed one while it had payments in the range or
 * still has members; lowest rank first. A payment for a tier the plans no longer know is listed under its id.
 */
export function tierEarningsLines(
  tiers: ReportTier[],
  paid: Map<string, { sales: number; net_cents: number }>,
  members: Map<string, number>,
): TierEarningsLine<number>[] {
  const known = new Map(tiers.map((t) => [t.tierId, t]));
  const ids = new Set([...tiers.filter((t) => !t.archived).map((t) => t.tierId), ...paid.keys(), ...[...members].filter(([, n]) => n > 0).map(([id]) => id)]);
  return [...ids]
    .map((id) => ({ id, tier: known.get(id) }))
    .sort((a, b) => (a.tier?.rank ?? Number.MAX_SAFE_INTEGER) - (b.tier?.rank ?? Number.MAX_SAFE_INTEGER) || a.id.localeCompare(b.id))
    .map(({ id, tier }) => ({ tier_id: id, name: tier?.name || id, sales: paid.get(id)?.sales ?? 0, net_cents: paid.get(id)?.net_cents ?? 0, members: members.get(id) ?? 0 }));
}

export function earningsReport(
  money: boolean,
  group: ReportGrouping,
  e: { range: DayRange; previous: DayRange; now: EarningsFigures; before: EarningsFigures },
  tiers: TierEarningsLine<number>[] = [],
): EarningsReport {
  const { now, before } = e;
  return {
    tiers: tiers.map((t) => ({ ...t, net_cents: shown(money, t.net_cents) })),
    from: e.range.from, to: e.range.to, group, earnings_hidden: !money,
    buckets: now.buckets.map((b) => ({ period: b.period, total_cents: shown(money, b.total_cents), by_source: shownSources(money, b.by_source), count: b.count })),
    totals: totalsView(money, now.totals),
    previous: { ...e.previous, totals: totalsView(money, before.totals) },
    change_percent: money ? changePercent(now.totals.total_cents, before.totals.total_cents) : changePercent(now.totals.count, before.totals.count),
    change_by_source: Object.fromEntries(
      REPORT_SOURCES.map((s) => [s, money ? changePercent(now.totals.by_source[s], before.totals.by_source[s]) : changePercent(now.totals.count_by_source[s], before.totals.count_by_source[s])]),
    ) as Record<ReportSource, number | null>,
  };
}

// ---- the lists --------------------------------------------------------------------------------------------

export function reversalsView(
  money: boolean,
  r: { rows: MovementRow<number>[]; total: number; totals: Record<ReversalKind, { count: number; cents: number }> },
  p: PageAsked,
): ReversalsReport {
  return {
    rows: shownAmounts(money, r.rows), total: r.total, page: p.page, per_page: p.per_page, earnings_hidden: !money,
    totals: Object.fromEntries(Object.entries(r.totals).map(([k, t]) => [k, { count: t.count, cents: shown(money, t.cents) }])) as ReversalsReport['totals'],
  };
}

export function userReportView(money: boolean, r: { rows: UserReportRow<number>[]; total: number; net: number }, p: PageAsked): UserReport {
  return {
    rows: r.rows.map((u) => ({ ...u, net_cents: shown(money, u.net_cents), by_source: shownSources(money, u.by_source) })),
    total: r.total, page: p.page, per_page: p.per_page, earnings_hidden: !money, net_cents: shown(money, r.net),
  };
}

export function purchaseHistoryView(money: boolean, r: { user: PurchaseHistory['user']; rows: MovementRow<number>[]; total: number; net: number }, p: PageAsked): PurchaseHistory {
  return { user: r.user, rows: shownAmounts(money, r.rows), total: r.total, page: p.page, per_page: p.per_page, earnings_hidden: !money, net_cents: shown(money, r.net) };
}

export function unlocksView(money: boolean, r: { rows: UnlockRow<number>[]; total: number; net: number }, p: PageAsked): UnlocksReport {
  return { rows: shownAmounts(money, r.rows), total: r.total, page: p.page, per_page: p.per_page, earnings_hidden: !money, net_cents: shown(money, r.net) };
}

/** Who bought a locked post (its reuse group), at a promotion's price when one is named. */
export function postBuyersView(
  money: boolean,
  post: PostBuyersReport['post'],
  promotionId: string | null,
  r: { rows: UnlockRow<number>[]; total: number; net: number; buyers: number },
  p: PageAsked,
): PostBuyersReport {
  return { post, promotion_id: promotionId, buyers: r.buyers, ...unlocksView(money, r, p) };
}

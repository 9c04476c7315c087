// The creator's reports (issue 17; gaps CO-03, CO-13, CO-31, CO-32, CO-34, CO-36, CO-37, CO-37b/c/e):
//   GET|PUT /api/reporting-page                              the reporting page's settings (CO-03)
//   GET /admin-api/reports/earnings[/export]                 earnings by day/week/month and source, vs the previous period
//   GET /admin-api/reports/reversals[/export]                refunds, voids and chargebacks
//   GET /admin-api/reports/users[/export]                    per fan: what they paid, by source
//   GET /admin-api/reports/purchase-history                  one fan's purchases (by id or email)
//   GET /admin-api/reports/unlocks[/export]                  unlocked content and who unlocked it
//   GET /admin-api/reports/posts/:postId/buyers              who bought a locked post (its reuse group; a promotion's price)
//   GET /admin-api/reports/opt-in                            fans by email opt-in status
//   GET /admin-api/reports/utm[/export]                      UTM values fans registered with
//   GET /admin-api/reports/influencer-activity               what the model and the staff below admin did
// Every money figure comes from report_payments, which the reports test holds against the auditor's ledger.
// Money is null for a role that may not see earnings (hide_earnings: domain/reporting seesReportMoney).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { REPORT_GROUPINGS, REPORT_SOURCES, changePercent, mayOpenReports, parseRange, previousRange, seesReportMoney, type ReportGrouping, type ReportSource } from '../../domain/reporting/reporting';
import type { EarningsReport, EarningsTotals, ReportingPageSettings } from '../../domain/reporting/wire';
import { currentSettings } from '../../projections/settings';
import {
  earningsOver, earningsRows, influencerActivity, optInReport, OPT_IN_STATUSES, postGroup, purchaseHistory, reversalsOver, unlocksOver, USER_REPORT_SORTS,
  userIdByEmail, userReport, utmReport, INFLUENCER_ROLES, type RawTotals,
} from '../../projections/report-queries';
import { updateSiteSettings } from '../../commands/settings';
import { centsToDecimal, EXPORT_RANGE, sendExport, type CsvColumn } from '../csv';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import type { Services } from '../services';

const day = (field: string) => z.string({ error: `${field} must be a date as YYYY-MM-DD.` }).max(10, { error: `${field} must be a date as YYYY-MM-DD.` }).optional();
const page = z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000, { error: 'page is invalid.' }).optional().default(1);
const perPage = z.coerce.number({ error: 'per_page is invalid.' }).int({ error: 'per_page is invalid.' }).min(1, { error: 'per_page must be between 1 and 200.' }).max(200, { error: 'per_page must be between 1 and 200.' }).optional().default(25);
const search = z.string({ error: 'q is invalid.' }).trim().max(200, { error: 'q is too long.' }).optional();
const id = (field: string) => z.string({ error: `${field} is invalid.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: `${field} is invalid.` });

const earningsQuery = z.object({
  from: day('from'),
  to: day('to'),
  group: z.enum(REPORT_GROUPINGS as [ReportGrouping, ...ReportGrouping[]], { error: 'group must be day, week or month.' }).optional(),
});
const reversalsQuery = z.object({
  from: day('from'), to: day('to'), q: search, page, per_page: perPage,
  kind: z.enum(['refund', 'void', 'chargeback'], { error: 'kind must be refund, void or chargeback.' }).optional(),
});
const usersQuery = z.object({
  from: day('from'), to: day('to'), q: search, page, per_page: perPage,
  sort: z.enum(USER_REPORT_SORTS, { error: `sort must be one of ${USER_REPORT_SORTS.join(', ')}.` }).optional().default('net_cents'),
});
const historyQuery = z.object({
  user_id: id('user_id').optional(),
  email: z.string({ error: 'email is invalid.' }).trim().max(254, { error: 'email is invalid.' }).optional(),
  page, per_page: perPage,
});
const unlocksQuery = z.object({ q: search, post_id: id('post_id').optional(), page, per_page: perPage });
const buyersQuery = z.object({ promotion_id: id('promotion_id').optional(), page, per_page: perPage });
const optInQuery = z.object({ status: z.enum(OPT_IN_STATUSES, { error: `status must be one of ${OPT_IN_STATUSES.join(', ')}.` }).optional(), q: search, page, per_page: perPage });
const utmQuery = z.object({ from: day('from'), to: day('to'), q: search, source: z.string({ error: 'source is invalid.' }).trim().max(200, { error: 'source is too long.' }).optional(), page, per_page: perPage });
const activityQuery = z.object({
  from: day('from'), to: day('to'), page, per_page: perPage,
  role: z.enum(INFLUENCER_ROLES, { error: `role must be one of ${INFLUENCER_ROLES.join(', ')}.` }).optional(),
});
const reportingPageBody = z.object({
  content_manager_reporting_enabled: z.boolean({ error: 'content_manager_reporting_enabled must be true or false.' }).optional(),
  reporting_default_group: z.enum(REPORT_GROUPINGS as [ReportGrouping, ...ReportGrouping[]], { error: 'reporting_default_group must be day, week or month.' }).optional(),
});

const EXPORT_ROWS = EXPORT_RANGE[1] + 1;

export const reportRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const today = () => services.clock().toISOString().slice(0, 10);
  const settings = async () => (await currentSettings(db())) as unknown as { hide_earnings?: boolean; content_manager_reporting_enabled?: boolean; reporting_default_group?: ReportGrouping };

  /** Who is asking and whether they see money (the route table already let the role in). */
  const viewer = async (request: FastifyRequest, reportsPage = false) => {
    const caller = requireCaller(request);
    const s = await settings();
    if (reportsPage && !mayOpenReports(caller.role, s)) throw new DomainError('Reports are turned off for your role.', 'REPORTS_OFF', 403);
    return { caller, money: seesReportMoney(caller.role, s), settings: s };
  };
  const hide = <T extends number | null>(money: boolean, cents: T) => (money ? cents : null);
  const sources = (money: boolean, by: Record<ReportSource, number>) => Object.fromEntries(REPORT_SOURCES.map((s) => [s, money ? by[s] : null])) as Record<ReportSource, number | null>;
  const totalsView = (money: boolean, t: RawTotals): EarningsTotals => ({
    total_cents: hide(money, t.net), by_source: sources(money, t.bySource), count: t.count, count_by_source: t.countBySource,
    refunded_cents: hide(money, t.refunded), voided_cents: hide(money, t.voided), charged_back_cents: hide(money, t.chargedBack),
  });
  const rangeOf = (q: { from?: string; to?: string }, defaultDays = 30) => parseRange(q.from, q.to, today(), defaultDays);
  const optionalRange = (q: { from?: string; to?: string }) => (q.from || q.to ? rangeOf(q) : null);

  const pageSettings = async (): Promise<ReportingPageSettings> => {
    const s = await settings();
    return { content_manager_reporting_enabled: !!s.content_manager_reporting_enabled, reporting_default_group: s.reporting_default_group ?? 'day', hide_earnings: !!s.hide_earnings };
  };
  app.get('/api/reporting-page', async (request, reply) => {
    requireCaller(request);
    return ok(reply, await pageSettings());
  });
  app.put('/api/reporting-page', { schema: { body: reportingPageBody } }, async (request, reply) => {
    requireCaller(request);
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, request.body as Record<string, unknown>);
    await settle(services, ctx);
    return ok(reply, await pageSettings(), { message: 'Settings saved.', position: ctx.lastPosition });
  });

  const earnings = async (request: FastifyRequest, q: z.infer<typeof earningsQuery>): Promise<EarningsReport> => {
    const v = await viewer(request, true);
    const group = q.group ?? v.settings.reporting_default_group ?? 'day';
    const range = rangeOf(q);
    const prev = previousRange(range);
    const [now, before] = await Promise.all([earningsOver(db(), range, group), earningsOver(db(), prev, group)]);
    return {
      from: range.from, to: range.to, group, earnings_hidden: !v.money,
      buckets: now.buckets.map((b) => ({ period: b.period, total_cents: hide(v.money, b.net), by_source: sources(v.money, b.bySource), count: b.count })),
      totals: totalsView(v.money, now.totals),
      previous: { ...prev, totals: totalsView(v.money, before.totals) },
      // Without money the comparison is of sales counts.
      change_percent: v.money ? changePercent(now.totals.net, before.totals.net) : changePercent(now.totals.count, before.totals.count),
      change_by_source: Object.fromEntries(
        REPORT_SOURCES.map((s) => [s, v.money ? changePercent(now.totals.bySource[s], before.totals.bySource[s]) : changePercent(now.totals.countBySource[s], before.totals.countBySource[s])]),
      ) as Record<ReportSource, number | null>,
    };
  };
  app.get('/admin-api/reports/earnings', { schema: { querystring: earningsQuery } }, async (request, reply) => ok(reply, await earnings(request, request.query)));
  app.get('/admin-api/reports/earnings/export', { schema: { querystring: earningsQuery } }, async (request, reply) => {
    const v = await viewer(request, true);
    const range = rangeOf(request.query);
    const rows = await earningsRows(db(), range);
    const columns: CsvColumn<(typeof rows)[number]>[] = [
      { header: 'day', value: (r) => r.day },
      { header: 'source', value: (r) => r.source },
      { header: 'sales', value: (r) => r.captures },
      { header: 'refunds_voids_chargebacks', value: (r) => r.reversals },
      ...(v.money ? [{ header: 'net', value: (r: (typeof rows)[number]) => centsToDecimal(r.net_cents) }] : []),
    ];
    return sendExport(request, reply, services, 'earnings', { from: range.from, to: range.to }, rows, columns);
  });

  const reversals = async (request: FastifyRequest, q: z.infer<typeof reversalsQuery>, exporting = false) => {
    const v = await viewer(request);
    const range = rangeOf(q, 365);
    const r = await reversalsOver(db(), { range, kind: q.kind ?? null, q: q.q || null, page: exporting ? 1 : q.page, perPage: exporting ? EXPORT_ROWS : q.per_page });
    return {
      v, range,
      data: {
        rows: r.rows.map((m) => ({ ...m, amount_cents: hide(v.money, m.amount_cents) })), total: r.total, page: q.page, per_page: q.per_page, earnings_hidden: !v.money,
        totals: Object.fromEntries(Object.entries(r.totals).map(([k, t]) => [k, { count: t.count, cents: hide(v.money, t.cents) }])),
      },
    };
  };
  app.get('/admin-api/reports/reversals', { schema: { querystring: reversalsQuery } }, async (request, reply) => ok(reply, (await reversals(request, request.query)).data));
  app.get('/admin-api/reports/reversals/export', { schema: { querystring: reversalsQuery } }, async (request, reply) => {
    const { data, range, v } = await reversals(request, request.query, true);
    const filter = { from: range.from, to: range.to, ...(request.query.kind ? { kind: request.query.kind } : {}), ...(request.query.q ? { q: request.query.q } : {}) };
    return sendExport(request, reply, services, 'reversals', filter, data.rows, movementColumns(v.money));
  });

  const users = async (request: FastifyRequest, q: z.infer<typeof usersQuery>, exporting = false) => {
    const v = await viewer(request);
    const range = optionalRange(q);
    const r = await userReport(db(), { range, q: q.q || null, sort: v.money ? q.sort : q.sort === 'net_cents' ? 'purchases' : q.sort, page: exporting ? 1 : q.page, perPage: exporting ? EXPORT_ROWS : q.per_page });
    return {
      v, range,
      data: {
        rows: r.rows.map((u) => ({ ...u, net_cents: hide(v.money, u.net_cents), by_source: sources(v.money, u.by_source) })),
        total: r.total, page: q.page, per_page: q.per_page, earnings_hidden: !v.money, net_cents: hide(v.money, r.net),
      },
    };
  };
  app.get('/admin-api/reports/users', { schema: { querystring: usersQuery } }, async (request, reply) => ok(reply, (await users(request, request.query)).data));
  app.get('/admin-api/reports/users/export', { schema: { querystring: usersQuery } }, async (request, reply) => {
    const { data, range, v } = await users(request, request.query, true);
    type Row = (typeof data.rows)[number];
    const columns: CsvColumn<Row>[] = [
      { header: 'email', value: (r) => r.email }, { header: 'name', value: (r) => r.name }, { header: 'registered_at', value: (r) => r.registered_at },
      { header: 'purchases', value: (r) => r.purchases }, { header: 'reversals', value: (r) => r.reversals },
      { header: 'first_purchase_at', value: (r) => r.first_purchase_at }, { header: 'last_purchase_at', value: (r) => r.last_purchase_at },
      ...(v.money ? [{ header: 'net', value: (r: Row) => centsToDecimal(r.net_cents) }, ...REPORT_SOURCES.map((s) => ({ header: s, value: (r: Row) => centsToDecimal(r.by_source[s]) }))] : []),
    ];
    return sendExport(request, reply, services, 'user-report', { ...(range ?? {}), ...(request.query.q ? { q: request.query.q } : {}) }, data.rows, columns);
  });

  app.get('/admin-api/reports/purchase-history', { schema: { querystring: historyQuery } }, async (request, reply) => {
    const v = await viewer(request);
    const q = request.query;
    const userId = q.user_id ?? (q.email ? await userIdByEmail(db(), q.email) : null);
    if (!q.user_id && !q.email) throw new DomainError('Enter the fan\'s email.', 'VALIDATION', 400, { field: 'email' });
    if (!userId) throw new DomainError('No fan has this email.', 'NOT_FOUND', 404);
    const r = await purchaseHistory(db(), userId, { page: q.page, perPage: q.per_page });
    if (!r.user) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return ok(reply, {
      user: r.user, rows: r.rows.map((m) => ({ ...m, amount_cents: hide(v.money, m.amount_cents) })), total: r.total, page: q.page, per_page: q.per_page,
      earnings_hidden: !v.money, net_cents: hide(v.money, r.net),
    });
  });

  const unlocks = async (request: FastifyRequest, q: z.infer<typeof unlocksQuery>, exporting = false) => {
    const v = await viewer(request);
    const group = q.post_id ? await postGroup(db(), q.post_id) : null;
    if (q.post_id && !group) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const r = await unlocksOver(db(), { q: q.q || null, postIds: group?.versions ?? null, promotionId: null, page: exporting ? 1 : q.page, perPage: exporting ? EXPORT_ROWS : q.per_page });
    return { v, data: { rows: r.rows.map((u) => ({ ...u, amount_cents: hide(v.money, u.amount_cents) })), total: r.total, page: q.page, per_page: q.per_page, earnings_hidden: !v.money, net_cents: hide(v.money, r.net) } };
  };
  app.get('/admin-api/reports/unlocks', { schema: { querystring: unlocksQuery } }, async (request, reply) => ok(reply, (await unlocks(request, request.query)).data));
  app.get('/admin-api/reports/unlocks/export', { schema: { querystring: unlocksQuery } }, async (request, reply) => {
    const { data, v } = await unlocks(request, request.query, true);
    type Row = (typeof data.rows)[number];
    const columns: CsvColumn<Row>[] = [
      { header: 'unlocked_at', value: (r) => r.unlocked_at }, { header: 'post_id', value: (r) => r.post_id }, { header: 'root_post_id', value: (r) => r.root_post_id },
      { header: 'caption', value: (r) => r.caption }, { header: 'email', value: (r) => r.email }, { header: 'name', value: (r) => r.name },
      ...(v.money ? [{ header: 'amount', value: (r: Row) => centsToDecimal(r.amount_cents) }] : []),
      { header: 'promotion_id', value: (r) => r.promotion_id }, { header: 'reversed', value: (r) => r.reversed },
    ];
    const filter = { ...(request.query.q ? { q: request.query.q } : {}), ...(request.query.post_id ? { post_id: request.query.post_id } : {}) };
    return sendExport(request, reply, services, 'unlocks', filter, data.rows, columns);
  });

  app.get('/admin-api/reports/posts/:postId/buyers', { schema: { params: z.object({ postId: id('postId') }), querystring: buyersQuery } }, async (request, reply) => {
    const v = await viewer(request);
    const q = request.query;
    const group = await postGroup(db(), request.params.postId);
    if (!group) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const r = await unlocksOver(db(), { q: null, postIds: group.versions, promotionId: q.promotion_id ?? null, page: q.page, perPage: q.per_page });
    return ok(reply, {
      post: group, promotion_id: q.promotion_id ?? null, buyers: r.buyers,
      rows: r.rows.map((u) => ({ ...u, amount_cents: hide(v.money, u.amount_cents) })), total: r.total, page: q.page, per_page: q.per_page, earnings_hidden: !v.money, net_cents: hide(v.money, r.net),
    });
  });

  app.get('/admin-api/reports/opt-in', { schema: { querystring: optInQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await optInReport(db(), { status: q.status ?? null, q: q.q || null, page: q.page, perPage: q.per_page });
    return ok(reply, { ...r, page: q.page, per_page: q.per_page });
  });

  const utm = async (q: z.infer<typeof utmQuery>, exporting = false) =>
    utmReport(db(), { q: q.q || null, source: q.source || null, range: optionalRange(q), page: exporting ? 1 : q.page, perPage: exporting ? EXPORT_ROWS : q.per_page });
  app.get('/admin-api/reports/utm', { schema: { querystring: utmQuery } }, async (request, reply) => {
    const r = await utm(request.query);
    return ok(reply, { ...r, page: request.query.page, per_page: request.query.per_page });
  });
  app.get('/admin-api/reports/utm/export', { schema: { querystring: utmQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await utm(q, true);
    const columns: CsvColumn<(typeof r.rows)[number]>[] = ['registered_at', 'email', 'name', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'].map((f) => ({
      header: f, value: (row) => (row as Record<string, unknown>)[f] ?? '',
    }));
    const filter = Object.fromEntries(Object.entries({ from: q.from, to: q.to, q: q.q, source: q.source }).filter(([, x]) => x));
    return sendExport(request, reply, services, 'utm', filter, r.rows, columns);
  });

  app.get('/admin-api/reports/influencer-activity', { schema: { querystring: activityQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await influencerActivity(db(), { role: q.role ?? null, range: optionalRange(q), page: q.page, perPage: q.per_page });
    return ok(reply, { ...r, page: q.page, per_page: q.per_page });
  });
};

/** The columns of a money-movement CSV (reversals); the amount only for roles that see money. */
function movementColumns(money: boolean) {
  type Row = { at: string; email: string | null; name: string | null; kind: string; source: string; amount_cents: number | null; method: string; payment_id: string; reference_id: string | null };
  const columns: CsvColumn<Row>[] = [
    { header: 'date', value: (r) => r.at }, { header: 'email', value: (r) => r.email }, { header: 'name', value: (r) => r.name },
    { header: 'kind', value: (r) => r.kind }, { header: 'source', value: (r) => r.source },
    ...(money ? [{ header: 'amount', value: (r: Row) => centsToDecimal(r.amount_cents) }] : []),
    { header: 'method', value: (r) => r.method }, { header: 'payment_id', value: (r) => r.payment_id }, { header: 'reference_id', value: (r) => r.reference_id },
  ];
  return columns;
}

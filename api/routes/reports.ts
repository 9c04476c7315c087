// The creator's reports:
//   GET|PUT /api/reporting-page                              the reporting page's settings
//   GET /admin-api/reports/earnings[/export]                 earnings by day/week/month and source, vs the previous period; memberships by tier
//   GET /admin-api/reports/reversals[/export]                refunds, voids and chargebacks
//   GET /admin-api/reports/users[/export]                    per fan: what they paid, by source
//   GET /admin-api/reports/purchase-history                  one fan's purchases (by id or email)
//   GET /admin-api/reports/unlocks[/export]                  unlocked content and who unlocked it
//   GET /admin-api/reports/posts/:postId/buyers              who bought a locked post (its reuse group; a promotion's price)
//   GET /admin-api/reports/opt-in                            fans by email opt-in status
//   GET /admin-api/reports/utm[/export]                      UTM values fans registered with
//   GET /admin-api/reports/influencer-activity               what the model and the staff below admin did
// Every money figure comes from report_payments, which the reports test holds against the auditor's ledger.
// Money is null for a role that may not see earnings (hide_earnings): domain/reporting/views.ts shapes the answers.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { REPORT_GROUPINGS, USER_REPORT_SORTS, parseOptionalRange, parseRange, userReportSortFor, type ReportGrouping } from '../../domain/reporting/reporting';
import { earningsReport, postBuyersView, purchaseHistoryView, reportingPageSettings, reportViewer, reversalsView, tierEarningsLines, unlocksView, userReportView } from '../../domain/reporting/views';
import { earningsColumns, givenFilter, movementColumns, unlockColumns, userReportColumns, utmColumns } from '../../domain/reporting/exports';
import { currentSettings } from '../../projections/settings';
import {
  earningsCompared, earningsRows, influencerActivity, optInReport, OPT_IN_STATUSES, postGroup, purchaseHistory, reversalsOver, tierEarningsOver, unlocksOver, userIdByEmail, userReport,
  utmReport, INFLUENCER_ROLES,
} from '../../projections/report-queries';
import { readPlans } from '../../projections/membership-plans';
import { membersPerTier } from '../../projections/subscribers';
import { updateSiteSettings } from '../../commands/settings';
import { EXPORT_RANGE, sendExport } from '../csv';
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
/** The rows a list reads: the page asked for, or every row for its export. */
const rowsOf = (q: { page: number; per_page: number }, exporting: boolean) => (exporting ? { page: 1, perPage: EXPORT_ROWS } : { page: q.page, perPage: q.per_page });

export const reportRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const today = () => services.clock().toISOString().slice(0, 10);
  /** Who is asking and whether they see money (domain/reporting/views.ts reportViewer). */
  const viewer = async (request: FastifyRequest, reportsPage = false) => reportViewer(requireCaller(request).role, await currentSettings(db()), reportsPage);
  const rangeOf = (q: { from?: string; to?: string }, defaultDays = 30) => parseRange(q.from, q.to, today(), defaultDays);
  const optionalRange = (q: { from?: string; to?: string }) => parseOptionalRange(q.from, q.to, today());

  app.get('/api/reporting-page', async (request, reply) => {
    requireCaller(request);
    return ok(reply, reportingPageSettings(await currentSettings(db())));
  });
  app.put('/api/reporting-page', { schema: { body: reportingPageBody } }, async (request, reply) => {
    requireCaller(request);
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, request.body as Record<string, unknown>);
    await settle(services, ctx);
    return ok(reply, reportingPageSettings(await currentSettings(db())), { message: 'Settings saved.', position: ctx.lastPosition });
  });

  app.get('/admin-api/reports/earnings', { schema: { querystring: earningsQuery } }, async (request, reply) => {
    const v = await viewer(request, true);
    const group = request.query.group ?? v.defaultGroup;
    const range = rangeOf(request.query);
    const [earnings, plans, paid, members] = await Promise.all([
      earningsCompared(db(), range, group), readPlans(db()), tierEarningsOver(db(), range), membersPerTier(db(), services.clock().toISOString()),
    ]);
    return ok(reply, earningsReport(v.money, group, earnings, tierEarningsLines(plans.tiers, paid, members)));
  });
  app.get('/admin-api/reports/earnings/export', { schema: { querystring: earningsQuery } }, async (request, reply) => {
    const v = await viewer(request, true);
    const range = rangeOf(request.query);
    const [rows, plans] = await Promise.all([earningsRows(db(), range), readPlans(db())]);
    return sendExport(request, reply, services, 'earnings', { from: range.from, to: range.to }, rows, earningsColumns(v.money, new Map(plans.tiers.map((t) => [t.tierId, t.name]))));
  });

  const reversals = async (request: FastifyRequest, q: z.infer<typeof reversalsQuery>, exporting = false) => {
    const v = await viewer(request);
    const range = rangeOf(q, 365);
    const r = await reversalsOver(db(), { range, kind: q.kind ?? null, q: q.q || null, ...rowsOf(q, exporting) });
    return { v, data: reversalsView(v.money, r, q), filter: givenFilter({ from: range.from, to: range.to, kind: q.kind, q: q.q }) };
  };
  app.get('/admin-api/reports/reversals', { schema: { querystring: reversalsQuery } }, async (request, reply) => ok(reply, (await reversals(request, request.query)).data));
  app.get('/admin-api/reports/reversals/export', { schema: { querystring: reversalsQuery } }, async (request, reply) => {
    const { data, filter, v } = await reversals(request, request.query, true);
    return sendExport(request, reply, services, 'reversals', filter, data.rows, movementColumns(v.money));
  });

  const users = async (request: FastifyRequest, q: z.infer<typeof usersQuery>, exporting = false) => {
    const v = await viewer(request);
    const range = optionalRange(q);
    const r = await userReport(db(), { range, q: q.q || null, sort: userReportSortFor(v.money, q.sort), ...rowsOf(q, exporting) });
    return { v, data: userReportView(v.money, r, q), filter: givenFilter({ from: range?.from, to: range?.to, q: q.q }) };
  };
  app.get('/admin-api/reports/users', { schema: { querystring: usersQuery } }, async (request, reply) => ok(reply, (await users(request, request.query)).data));
  app.get('/admin-api/reports/users/export', { schema: { querystring: usersQuery } }, async (request, reply) => {
    const { data, filter, v } = await users(request, request.query, true);
    return sendExport(request, reply, services, 'user-report', filter, data.rows, userReportColumns(v.money));
  });

  app.get('/admin-api/reports/purchase-history', { schema: { querystring: historyQuery } }, async (request, reply) => {
    const v = await viewer(request);
    const q = request.query;
    const userId = q.user_id ?? (q.email ? await userIdByEmail(db(), q.email) : null);
    if (!q.user_id && !q.email) throw new DomainError('Enter the fan\'s email.', 'VALIDATION', 400, { field: 'email' });
    if (!userId) throw new DomainError('No fan has this email.', 'NOT_FOUND', 404);
    const r = await purchaseHistory(db(), userId, { page: q.page, perPage: q.per_page });
    if (!r.user) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return ok(reply, purchaseHistoryView(v.money, r, q));
  });

  const unlocks = async (request: FastifyRequest, q: z.infer<typeof unlocksQuery>, exporting = false) => {
    const v = await viewer(request);
    const group = q.post_id ? await postGroup(db(), q.post_id) : null;
    if (q.post_id && !group) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const r = await unlocksOver(db(), { q: q.q || null, postIds: group?.versions ?? null, promotionId: null, ...rowsOf(q, exporting) });
    return { v, data: unlocksView(v.money, r, q) };
  };
  app.get('/admin-api/reports/unlocks', { schema: { querystring: unlocksQuery } }, async (request, reply) => ok(reply, (await unlocks(request, request.query)).data));
  app.get('/admin-api/reports/unlocks/export', { schema: { querystring: unlocksQuery } }, async (request, reply) => {
    const { data, v } = await unlocks(request, request.query, true);
    const filter = givenFilter({ q: request.query.q, post_id: request.query.post_id });
    return sendExport(request, reply, services, 'unlocks', filter, data.rows, unlockColumns(v.money));
  });

  app.get('/admin-api/reports/posts/:postId/buyers', { schema: { params: z.object({ postId: id('postId') }), querystring: buyersQuery } }, async (request, reply) => {
    const v = await viewer(request);
    const q = request.query;
    const group = await postGroup(db(), request.params.postId);
    if (!group) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const r = await unlocksOver(db(), { q: null, postIds: group.versions, promotionId: q.promotion_id ?? null, page: q.page, perPage: q.per_page });
    return ok(reply, postBuyersView(v.money, group, q.promotion_id ?? null, r, q));
  });

  app.get('/admin-api/reports/opt-in', { schema: { querystring: optInQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await optInReport(db(), { status: q.status ?? null, q: q.q || null, page: q.page, perPage: q.per_page });
    return ok(reply, { ...r, page: q.page, per_page: q.per_page });
  });

  const utm = async (q: z.infer<typeof utmQuery>, exporting = false) => utmReport(db(), { q: q.q || null, source: q.source || null, range: optionalRange(q), ...rowsOf(q, exporting) });
  app.get('/admin-api/reports/utm', { schema: { querystring: utmQuery } }, async (request, reply) => {
    const r = await utm(request.query);
    return ok(reply, { ...r, page: request.query.page, per_page: request.query.per_page });
  });
  app.get('/admin-api/reports/utm/export', { schema: { querystring: utmQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await utm(q, true);
    return sendExport(request, reply, services, 'utm', givenFilter({ from: q.from, to: q.to, q: q.q, source: q.source }), r.rows, utmColumns);
  });

  app.get('/admin-api/reports/influencer-activity', { schema: { querystring: activityQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await influencerActivity(db(), { role: q.role ?? null, range: optionalRange(q), page: q.page, perPage: q.per_page });
    return ok(reply, { ...r, page: q.page, per_page: q.per_page });
  });
};

// The console's admin tools and user-management extras over HTTP:
//   POST /api/users/get_users_data_from_email            {email}                → data.user (LookupUser), 404 when none
//   POST /api/users/get_users_list_from_email?page_num   {email}                → data {users, currentPage, totalPages}
//   POST /api/generate_subscription_url/generate_subscription_url {price, recurring_price?, expires_in_days, note?} → SubscriptionLinkView
//   GET  /admin-api/subscription-links                                          → the links generated (react-admin list)
//   GET  /api/subscription-link/check?offer=                                    → SubscriptionLinkOffer (the join page; public)
//   GET  /admin-api/user-cards                                                  → fans' saved cards (react-admin list)
//   GET  /admin-api/health                                                      → HealthView
//   GET|POST /admin-api/redirect-urls, GET|PUT|DELETE /admin-api/redirect-urls/:id → redirect URLs (id = the path)
//   GET  /api/redirect-url?path=                                                → data.target (null: none; the fan site's /:path)
//   POST /api/admin/add_is_photo_id_accepted_status      {user_id}              → grants the photo-ID override
//   GET  /api/admin/get_transactions_details?user_id&page_num                   → UserTransactionsView
//   POST /api/admin/update_user_migration_subscription   {user_id, migration_subscription} → message
// Who may call each: domain/access/routes.ts. Staff see and change only accounts of a lower rank.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { dollarsFromCents } from '../../domain/shared/money';
import { linkToken, type LinkTerms } from '../../domain/subscription-link/subscription-link';
import { normalisePath } from '../../domain/redirect-url/redirect-url';
import type { RedirectUrlRecord, SubscriptionLinkOffer, SubscriptionLinkView } from '../../domain/console/admin-tools-wire';
import { checkSubscriptionLink, deleteRedirectUrl, generateSubscriptionLink, saveRedirectUrl, setMigrationSubscription } from '../../commands/admin-tools';
import { setPhotoIdOverride } from '../../commands/staff';
import { findUser } from '../../projections/users';
import { HIGHER_RANK, rankOf } from '../../domain/access/ranks';
import { listRedirectUrls, listSubscriptionLinks, redirectFor, type RedirectUrlRow, type SubscriptionLinkRow } from '../../projections/admin-tools';
import { healthReport, listUserCards, lookupUsers, userTransactions, PAGE_SIZE } from '../queries/admin-tools';
import { contextFor, requireCaller } from '../auth';
import { ok } from '../http';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { linkSigner } from '../subscription-links';
import type { Services } from '../services';

const userId = z.string({ error: 'user_id is required.' }).uuid({ error: 'user_id is invalid.' });
const emailText = z.string({ error: 'Please enter an email.' }).trim().min(1, { error: 'Please enter an email.' }).max(254, { error: 'Please enter a valid email.' });
const pageNum = z.coerce.number({ error: 'page_num must be a number.' }).int({ error: 'page_num must be a whole number.' }).min(1, { error: 'page_num must be 1 or more.' }).max(100_000).default(1);

export const adminToolsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  const signer = () => linkSigner(services.config);
  /** The fan site's address for a link: the configured public URL, else the address the console was opened on. */
  const siteUrl = (request: FastifyRequest) => (services.config.FANCLUB_PUBLIC_URL ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`).replace(/\/+$/, '');
  const linkView = (request: FastifyRequest, t: LinkTerms, extra: { note: string; uses: number; generated_at: string }): SubscriptionLinkView => ({
    link_id: t.linkId,
    url: `${siteUrl(request)}/join?offer=${encodeURIComponent(linkToken(t, signer().sign))}`,
    initial_cents: t.initialCents, recurring_cents: t.recurringCents, initial_price: dollarsFromCents(t.initialCents), recurring_price: dollarsFromCents(t.recurringCents),
    expires_at: t.expiresAt, expired: Date.parse(t.expiresAt) <= Date.parse(nowIso()), ...extra,
  });

  // ---- super-admin tools: lookup by email -------------------------------------------------------------------

  app.post('/api/users/get_users_data_from_email', { schema: { body: z.object({ email: emailText }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const r = await lookupUsers(db(), caller.role, request.body.email, true, 1, nowIso());
    // An account of the caller's rank or above answers as if it did not exist: the lookup shows only lower ranks.
    if (!r.rows[0]) throw new DomainError('No user found with this email.', 'USER_NOT_FOUND', 404, { field: 'email' });
    return ok(reply, { user: r.rows[0] });
  });

  app.post('/api/users/get_users_list_from_email', { schema: { querystring: z.object({ page_num: pageNum }), body: z.object({ email: emailText.min(2, { error: 'Please enter at least 2 characters of the email.' }) }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const r = await lookupUsers(db(), caller.role, request.body.email, false, request.query.page_num, nowIso());
    return ok(reply, { users: r.rows, currentPage: request.query.page_num, totalPages: Math.max(1, Math.ceil(r.total / PAGE_SIZE)), total: r.total });
  });

  // ---- subscription links ----------------------------------------------------------------------------------

  const linkBody = z.object({
    price: z.union([z.string(), z.number()], { error: 'Please enter a valid price.' }),
    recurring_price: z.union([z.string(), z.number()]).optional().nullable(),
    expires_in_days: z.union([z.string(), z.number()], { error: 'The link must expire in 1 to 365 days.' }),
    note: z.string().max(200).optional(),
  });
  app.post('/api/generate_subscription_url/generate_subscription_url', { schema: { body: linkBody } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    const r = await generateSubscriptionLink(ctx, signer(), request.body);
    await settle(services, ctx);
    return ok(reply, linkView(request, r.terms, { note: r.note, uses: 0, generated_at: ctx.now() }), { message: 'Subscription link generated.', position: ctx.lastPosition });
  });

  app.get('/admin-api/subscription-links', async (request, reply) => {
    const rows = await listSubscriptionLinks(db(), 100);
    const records = rows.map((l: SubscriptionLinkRow) => ({
      id: l.link_id,
      ...linkView(request, { linkId: l.link_id, initialCents: l.initial_cents, recurringCents: l.recurring_cents, expiresAt: l.expires_at }, { note: l.note, uses: l.uses, generated_at: l.generated_at }),
    }));
    return reply.header('content-range', `subscription-links 0-${Math.max(0, records.length - 1)}/${records.length}`).header('access-control-expose-headers', 'Content-Range').send(records);
  });

  app.get('/api/subscription-link/check', { schema: { querystring: z.object({ offer: z.string({ error: 'offer is required.' }).max(300, { error: 'offer is invalid.' }) }) } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    const t = await checkSubscriptionLink(ctx, signer(), request.query.offer, request.caller?.userId ?? null);
    const offer: SubscriptionLinkOffer = { initial_cents: t.initialCents, recurring_cents: t.recurringCents, initial_price: dollarsFromCents(t.initialCents), recurring_price: dollarsFromCents(t.recurringCents), expires_at: t.expiresAt };
    return ok(reply, offer);
  });

  // ---- fans' saved cards -----------------------------------------------------------------------------------

  app.get('/admin-api/user-cards', async (request, reply) => {
    const p = listParams(request, 'added_at');
    const r = await listUserCards(db(), p, services.clock());
    return sendList(reply, 'user-cards', p, r, r.rows);
  });

  // ---- health ----------------------------------------------------------------------------------------------

  app.get('/admin-api/health', async (_request, reply) => reply.send(await healthReport(services)));

  // ---- redirect URLs ---------------------------------------------------------------------------------------

  const redirectRecord = (r: RedirectUrlRow): RedirectUrlRecord => ({ id: r.path, path: r.path, target: r.target, saved_at: r.saved_at });
  const pathParam = z.object({ id: z.string().max(100) });
  const oneRedirect = async (path: string) => {
    const row = (await listRedirectUrls(db())).find((r) => r.path === path);
    if (!row) throw new DomainError('Redirect not found.', 'NOT_FOUND', 404);
    return redirectRecord(row);
  };

  app.get('/admin-api/redirect-urls', async (request, reply) => {
    const p = listParams(request, 'path');
    const q = typeof p.filter.q === 'string' ? p.filter.q.toLowerCase() : '';
    const all = (await listRedirectUrls(db())).map(redirectRecord).filter((r) => !q || r.path.includes(q) || r.target.toLowerCase().includes(q));
    const rows = all.slice(p.range[0], p.range[1] + 1);
    return sendList(reply, 'redirect-urls', p, { rows, total: all.length }, rows);
  });
  app.get('/admin-api/redirect-urls/:id', { schema: { params: pathParam } }, async (request, reply) => reply.send(await oneRedirect(normalisePath(request.params.id))));
  app.post('/admin-api/redirect-urls', { schema: { body: z.object({ path: z.string({ error: 'Please enter a path.' }).max(100), target: z.string({ error: 'Please enter a destination.' }).max(600) }) } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await saveRedirectUrl(ctx, { path: request.body.path, target: request.body.target });
    await settle(services, ctx);
    return reply.code(201).header('x-message', 'Redirect saved.').send(await oneRedirect(normalisePath(request.body.path)));
  });
  app.put('/admin-api/redirect-urls/:id', { schema: { params: pathParam, body: z.object({ target: z.string({ error: 'Please enter a destination.' }).max(600) }).passthrough() } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await saveRedirectUrl(ctx, { path: request.params.id, target: request.body.target, existing: request.params.id });
    await settle(services, ctx);
    return reply.header('x-message', 'Redirect saved.').send(await oneRedirect(normalisePath(request.params.id)));
  });
  app.delete('/admin-api/redirect-urls/:id', { schema: { params: pathParam } }, async (request, reply) => {
    const before = await oneRedirect(normalisePath(request.params.id));
    const ctx = contextFor(request, services);
    await deleteRedirectUrl(ctx, request.params.id);
    await settle(services, ctx);
    return reply.send(before);
  });

  // The fan site's catch-all asks where a path leads (public, like the pages it would otherwise show). No redirect
  // is an answer too (target null), not a 404: the fan site asks on every custom page and would log each 404.
  app.get('/api/redirect-url', { schema: { querystring: z.object({ path: z.string({ error: 'path is required.' }).max(100) }) } }, async (request, reply) => {
    let path: string;
    try {
      path = normalisePath(request.query.path);
    } catch {
      return ok(reply, { path: request.query.path, target: null });
    }
    return ok(reply, { path, target: await redirectFor(db(), path) });
  });

  // ---- user management extras ------------------------------------------------------------------------------

  /** Runs a member command for the caller and answers the message (rank rules are the command's). */
  const act = async (request: FastifyRequest, run: (ctx: ReturnType<typeof contextFor>) => Promise<unknown>) => {
    const ctx = contextFor(request, services);
    await run(ctx);
    await settle(services, ctx);
    return ctx;
  };

  // Listed next to update_is_photo_id_accepted_status: "add" grants the override (accepts the fan's photo ID
  // limit), the update call sets it either way.
  app.post('/api/admin/add_is_photo_id_accepted_status', { schema: { body: z.object({ user_id: userId }) } }, async (request, reply) => {
    const ctx = await act(request, (c) => setPhotoIdOverride(c, request.body.user_id, true));
    return ok(reply, null, { message: 'Override limit access granted.', position: ctx.lastPosition });
  });

  app.get('/api/admin/get_transactions_details', { schema: { querystring: z.object({ user_id: userId, page_num: pageNum }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    // Rank rule: a staff member reads the money of lower ranks only (fans, for most).
    const target = await findUser(db(), request.query.user_id);
    if (!target) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404, { field: 'user_id' });
    const member = await db().withSchema('rm').selectFrom('members').select('role').where('user_id', '=', target.id).executeTakeFirst();
    if (rankOf(member?.role ?? target.role) >= rankOf(caller.role)) throw new DomainError(HIGHER_RANK, 'HIGHER_RANK', 403);
    return ok(reply, await userTransactions(db(), request.query.user_id, request.query.page_num));
  });

  app.post('/api/admin/update_user_migration_subscription', {
    schema: { body: z.object({ user_id: userId, migration_subscription: z.boolean({ error: 'migration_subscription must be true or false.' }) }) },
  }, async (request, reply) => {
    const b = request.body;
    const ctx = await act(request, (c) => setMigrationSubscription(c, b.user_id, b.migration_subscription));
    return ok(reply, null, { message: b.migration_subscription ? 'Migration subscription turned on.' : 'Migration subscription turned off.', position: ctx.lastPosition });
  });
};

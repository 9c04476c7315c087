// Tiers and bundles (domain/membership-plan), for the console (who may call each: domain/access/routes.ts):
//   GET    /admin-api/membership-tiers[/:id]    the tiers, lowest rank first, with their members now (react-admin)
//   POST   /admin-api/membership-tiers          {name, description, benefits, price_cents, rank}
//   PUT    /admin-api/membership-tiers/:id      the same (the base tier: name, description and benefits)
//   DELETE /admin-api/membership-tiers/:id      no longer offered (its members keep it until they leave)
//   GET    /admin-api/subscription-bundles/site, PUT {discount_3, discount_6, discount_12} (percent, 0 = off)
// And for the fan site (anyone):
//   GET    /api/membership/plans                 MembershipPlansView: the tiers still offered and the bundles on
// Reads come from the read model (projections/membership-plans.ts); the commands decide on the stream.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { BASE_TIER_ID, tierById, type Tier } from '../../domain/membership-plan/plan';
import { archiveTier, saveTier, setBundles } from '../../commands/membership-plans';
import { readPlans } from '../../projections/membership-plans';
import { membershipPlansView } from '../../domain/membership-plan/views';
import { membersPerTier } from '../../projections/subscribers';
import { tierEarnings } from '../../projections/tier-earnings';
import { currentSettings } from '../../projections/settings';
import { ok, parse } from '../http';
import { contextFor } from '../auth';
import { settle } from '../views';
import { adminBundlesRecord, adminTierRecord, bundleFields, bundlesBody, tierBody, tierFields, tierRecord, tierRecords } from '../schemas/membership-plans';
import type { Services } from '../services';

const idParams = z.object({ id: z.string().max(100) });

export const membershipPlansRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock().toISOString();
  const context = async () => {
    const [plans, settings, counts, earnings] = await Promise.all([readPlans(db()), currentSettings(db()), membersPerTier(db(), now()), tierEarnings(db())]);
    return { plans, monthly: settings.recurring_membership_price_cents, counts, earnings };
  };
  const recordOf = async (tierId: string) => {
    const c = await context();
    const t = tierById(c.plans, tierId);
    if (!t || t.archived) throw new DomainError('Tier not found.', 'NOT_FOUND', 404);
    return tierRecord(t, c.monthly, c.counts.get(t.tierId) ?? 0, c.earnings.get(t.tierId));
  };
  const fieldsOf = (body: z.infer<typeof tierBody>, existing: Tier | null): Omit<Tier, 'tierId' | 'archived'> => ({
    name: body.name, description: body.description, benefits: body.benefits,
    priceCents: existing?.tierId === BASE_TIER_ID ? null : body.price_cents ?? existing?.priceCents ?? null,
    rank: body.rank ?? existing?.rank ?? 0,
  });

  app.get('/admin-api/membership-tiers', { schema: { response: { 200: z.array(adminTierRecord) } } }, async (_request, reply) => {
    const c = await context();
    const rows = tierRecords(c.plans, c.monthly, c.counts, c.earnings);
    return reply.header('content-range', `membership-tiers 0-${Math.max(0, rows.length - 1)}/${rows.length}`).header('access-control-expose-headers', 'Content-Range').send(rows);
  });
  app.get('/admin-api/membership-tiers/:id', { schema: { params: idParams, response: { 200: adminTierRecord } } }, async (request, reply) => reply.send(await recordOf(request.params.id)));
  app.post('/admin-api/membership-tiers', { schema: { response: { 200: adminTierRecord } } }, async (request, reply) => {
    const body = parse(tierBody, tierFields(request.body));
    if (body.price_cents == null) throw new DomainError('Please enter the monthly price.', 'INVALID_TIER', 400, { field: 'price_cents' });
    const ctx = contextFor(request, services);
    const tierId = await saveTier(ctx, { tierId: null, fields: fieldsOf(body, null) });
    await settle(services, ctx);
    return reply.header('x-message', 'Tier saved.').send(await recordOf(tierId));
  });
  app.put('/admin-api/membership-tiers/:id', { schema: { params: idParams, response: { 200: adminTierRecord } } }, async (request, reply) => {
    const existing = tierById(await readPlans(db()), request.params.id);
    if (!existing || existing.archived) throw new DomainError('Tier not found.', 'NOT_FOUND', 404);
    const body = parse(tierBody, tierFields(request.body));
    const ctx = contextFor(request, services);
    await saveTier(ctx, { tierId: existing.tierId, fields: fieldsOf(body, existing) });
    await settle(services, ctx);
    return reply.header('x-message', 'Tier saved.').send(await recordOf(existing.tierId));
  });
  app.delete('/admin-api/membership-tiers/:id', { schema: { params: idParams, response: { 200: z.object({ id: z.string() }) } } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await archiveTier(ctx, request.params.id);
    await settle(services, ctx);
    return reply.send({ id: request.params.id });
  });

  const bundlesRecord = async () => {
    const { bundles } = await readPlans(db());
    return { id: 'site' as const, discount_3: bundles[3], discount_6: bundles[6], discount_12: bundles[12] };
  };
  app.get('/admin-api/subscription-bundles/:id', { schema: { params: idParams, response: { 200: adminBundlesRecord } } }, async (request, reply) => {
    if (request.params.id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(await bundlesRecord());
  });
  app.put('/admin-api/subscription-bundles/:id', { schema: { params: idParams, response: { 200: adminBundlesRecord } } }, async (request, reply) => {
    if (request.params.id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const body = parse(bundlesBody, bundleFields(request.body));
    const ctx = contextFor(request, services);
    await setBundles(ctx, { 3: body.discount_3, 6: body.discount_6, 12: body.discount_12 });
    await settle(services, ctx);
    return reply.header('x-message', 'update settings successfully.').send(await bundlesRecord());
  });

  app.get('/api/membership/plans', async (_request, reply) => {
    const [plans, settings] = await Promise.all([readPlans(db()), currentSettings(db())]);
    return ok(reply, membershipPlansView(plans, settings.recurring_membership_price_cents));
  });
};

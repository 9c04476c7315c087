// The migration to the v2 payment API and the console's subscription settings and cancellations
// (who may call each: domain/access/routes.ts):
//   GET  /api/migration-data                                                                → MigrationDataView
//   POST /api/save-condition                                                                → message
//   POST /api/migrate-subscription-for-user        {card form | card_id}                    → MigrationResult
//   GET  /api/migrate-subscription, POST /api/migrate-subscription (staff: the migration popup's settings)
//   GET  /admin-api/cancellations[/:id], /admin-api/cancellations/export   the cancellations report (react-admin)
//   GET  /admin-api/subscription-settings/:id, PUT (staff: prices, returning prices, cancel reasons, migration)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/decider';
import type { SiteSettings } from '../../domain/settings/settings';
import { cancelReasons, migrationSettingsChanges } from '../../domain/subscription/views';
import { acceptMigrationConditions } from '../../commands/subscriptions';
import { updateSiteSettings } from '../../commands/settings';
import { listCancellations } from '../../projections/subscribers';
import { ok, parse } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { EXPORT_RANGE, sendExport } from '../csv';
import { CANCELLATION_EXPORT_COLUMNS, cardChoice, knownSettings, migrationSettingsBody, settingsBody } from '../schemas/subscription';
import { subscriptionQueries } from '../queries/subscription';
import { cardPayments } from '../card-payments';
import type { Services } from '../services';

export const subscriptionSettingsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const memberships = subscriptionQueries(services);
  const payments = cardPayments(services);

  // ---- migration -----------------------------------------------------------------------------------

  app.get('/api/migration-data', async (request, reply) => ok(reply, await memberships.migrationData(requireCaller(request).userId)));

  app.post('/api/save-condition', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await acceptMigrationConditions(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, null, { message: 'Conditions accepted.', position: ctx.lastPosition });
  });

  app.post('/api/migrate-subscription-for-user', { schema: { body: cardChoice } }, (request, reply) => payments.migrate(request, reply, request.body));

  app.get('/api/migrate-subscription', async (_request, reply) => ok(reply, { data: await memberships.migrationSettings() }));
  app.post('/api/migrate-subscription', { schema: { body: migrationSettingsBody } }, async (request, reply) => {
    const changes = migrationSettingsChanges(request.body);
    const ctx = contextFor(request, services);
    if (Object.keys(changes).length) await updateSiteSettings(ctx, services.sanitizeHtml, changes);
    await settle(services, ctx);
    return ok(reply, { data: await memberships.migrationSettings() }, { message: 'update settings successfully.' });
  });

  // ---- console -------------------------------------------------------------------------------------

  app.get('/admin-api/cancellations', async (request, reply) => {
    const p = listParams(request, 'cancelled_at');
    const r = await listCancellations(db(), p);
    return sendList(reply, 'cancellations', p, r, r.rows);
  });
  app.get('/admin-api/cancellations/export', async (request, reply) => {
    const p = listParams(request, 'cancelled_at');
    const r = await listCancellations(db(), { ...p, range: EXPORT_RANGE });
    return sendExport(request, reply, services, 'cancellations', p.filter, r.rows, CANCELLATION_EXPORT_COLUMNS);
  });
  app.get('/admin-api/cancellations/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const r = await listCancellations(db(), { range: [0, 0], filter: { id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });

  app.get('/admin-api/subscription-settings/:id', async (request, reply) => {
    if ((request.params as { id: string }).id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(await memberships.settingsRecord());
  });
  app.put('/admin-api/subscription-settings/:id', async (request, reply) => {
    if ((request.params as { id: string }).id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    // Checked here, not as the route's schema: an edit of anything but 'site' is 404 whatever its body.
    const changes = parse(settingsBody, knownSettings(request.body)) as Partial<SiteSettings>;
    if (changes.cancel_subscription_reasons) changes.cancel_subscription_reasons = cancelReasons(changes.cancel_subscription_reasons);
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, changes);
    await settle(services, ctx);
    return reply.header('x-message', 'update settings successfully.').send(await memberships.settingsRecord());
  });
};

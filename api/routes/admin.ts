// The staff console's REST surface (/admin-api) in ra-data-simple-rest's conventions (api/schemas/console-list.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { adminEventRecord, adminUserRecord } from '../../domain/console/views';
import { DomainError } from '../../domain/shared/decider';
import { listAuditLog, listMedia, listPosts, listSubscribers, listTransactions, listUsers, type AuditLogListRow } from '../../projections/console-lists';
import { mediaByIds } from '../../projections/media';
import { findPost, type PostRow } from '../../projections/posts';
import { adminDashboard } from '../../projections/dashboard';
import { adminHome } from '../queries/home';
import { completeConsoleSetup, dismissConsoleSetup } from '../../commands/console-setup';
import { setupDismissBody } from '../schemas/console-setup';
import { createPostFromComposer, deletePost } from '../../commands/content';
import { currentSettings } from '../../projections/settings';
import { EXPORT_RANGE, sendExport } from '../csv';
import { SUBSCRIBER_EXPORT_COLUMNS, TRANSACTION_EXPORT_COLUMNS } from '../schemas/console-exports';
import { editVersion, versioned } from '../edit-version';
import { memberStream } from '../../domain/member/member';
import { postStream } from '../../domain/post/post';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { adminMedia, adminPostRecords } from '../queries/admin-views';
import { createPostBody } from '../schemas/post';
import { listParams, sendList } from '../schemas/console-list';
import type { Services } from '../services';

const EXPORT_OFF = 'Exporting users is not enabled for content managers.';

const eventRecord = (e: AuditLogListRow) => adminEventRecord({ ...e, recorded_at: e.recorded_at.toISOString() });

export const adminRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock();

  const postRecords = (rows: PostRow[]) => adminPostRecords(services, rows);

  app.get('/admin-api/posts', async (request, reply) => {
    const p = listParams(request, 'publish_at');
    const r = await listPosts(db(), p, now().toISOString());
    return sendList(reply, 'posts', p, r, await postRecords(r.rows));
  });
  app.get('/admin-api/posts/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const version = await editVersion(services, postStream(id)); // first: it waits for the read models
    const row = await findPost(db(), id);
    if (!row) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(versioned(reply, version, (await postRecords([row]))[0]));
  });
  app.post('/admin-api/posts', { schema: { body: createPostBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const { postId } = await createPostFromComposer(ctx, await currentSettings(db()), caller.userId, body);
    await settle(services, ctx);
    const row = await findPost(db(), postId);
    return reply.code(201).send(row ? (await postRecords([row]))[0] : { id: postId });
  });
  app.delete('/admin-api/posts/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const row = await findPost(db(), id);
    if (!row) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const ctx = contextFor(request, services);
    await deletePost(ctx, id);
    await settle(services, ctx);
    return reply.send((await postRecords([row]))[0]);
  });

  app.get('/admin-api/media', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listMedia(db(), p);
    return sendList(reply, 'media', p, r, r.rows.map((m) => adminMedia(m, services.storage)));
  });
  app.get('/admin-api/media/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const m = (await mediaByIds(db(), [id])).get(id);
    if (!m) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(adminMedia(m, services.storage));
  });

  app.get('/admin-api/users', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listUsers(db(), p, now().toISOString());
    return sendList(reply, 'users', p, r, r.rows.map(adminUserRecord));
  });
  app.get('/admin-api/users/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    // The version first (it waits for the read models to reach it): the record read next is never older.
    const version = await editVersion(services, memberStream(id));
    const r = await listUsers(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, now().toISOString());
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(versioned(reply, version, adminUserRecord(r.rows[0])));
  });

  app.get('/admin-api/subscribers', async (request, reply) => {
    const p = listParams(request, 'started_at');
    const r = await listSubscribers(db(), p, now().toISOString());
    return sendList(reply, 'subscribers', p, r, r.rows);
  });
  app.get('/admin-api/subscribers/export', async (request, reply) => {
    // The content manager exports users only when the creator enabled it (a setting, so audited).
    if (request.caller?.role === 'content_manager' && !(await currentSettings(db())).content_manager_can_export_users)
      throw new DomainError(EXPORT_OFF, 'EXPORT_NOT_ENABLED', 403);
    const p = listParams(request, 'started_at');
    const r = await listSubscribers(db(), { ...p, range: EXPORT_RANGE }, now().toISOString());
    return sendExport(request, reply, services, 'subscribers', p.filter, r.rows, SUBSCRIBER_EXPORT_COLUMNS);
  });
  app.get('/admin-api/subscribers/:id', async (request, reply) => {
    const r = await listSubscribers(db(), { sort: ['started_at', 'DESC'], range: [0, 0], filter: { id: (request.params as { id: string }).id } }, now().toISOString());
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });

  app.get('/admin-api/transactions', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listTransactions(db(), p);
    return sendList(reply, 'transactions', p, r, r.rows);
  });
  app.get('/admin-api/transactions/export', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listTransactions(db(), { ...p, range: EXPORT_RANGE });
    return sendExport(request, reply, services, 'transactions', p.filter, r.rows, TRANSACTION_EXPORT_COLUMNS);
  });
  app.get('/admin-api/transactions/:id', async (request, reply) => {
    const r = await listTransactions(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id: (request.params as { id: string }).id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });

  app.get('/admin-api/events', async (request, reply) => {
    const p = listParams(request, 'position');
    const r = await listAuditLog(db(), p);
    return sendList(reply, 'events', p, r, r.rows.map(eventRecord));
  });
  app.get('/admin-api/events/:id', async (request, reply) => {
    const r = await listAuditLog(db(), { sort: ['position', 'DESC'], range: [0, 0], filter: { id: (request.params as { id: string }).id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(eventRecord(r.rows[0]));
  });

  app.get('/admin-api/dashboard', async (_request, reply) => reply.send(await adminDashboard(db(), now().toISOString())));
  app.get('/admin-api/home', async (request, reply) => reply.send(await adminHome(services, now(), request.caller?.role ?? null)));

  // The setup wizard's outcome; the settings it edits are saved through their own routes.
  const setupAnswer = async (request: FastifyRequest) => (await adminHome(services, now(), requireCaller(request).role)).setup;
  app.post('/admin-api/setup/complete', async (request, reply) => {
    const ctx = contextFor(request, services);
    await completeConsoleSetup(ctx, requireCaller(request).userId);
    await settle(services, ctx);
    return reply.send(await setupAnswer(request));
  });
  app.post('/admin-api/setup/dismiss', { schema: { body: setupDismissBody } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await dismissConsoleSetup(ctx, requireCaller(request).userId, request.body.step);
    await settle(services, ctx);
    return reply.send(await setupAnswer(request));
  });
};

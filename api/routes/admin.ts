// The staff console's REST surface (/admin-api) in ra-data-simple-rest's conventions (api/schemas/console-list.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDashboard, AdminTransactionRecord } from '../../domain/payment/wire';
import type { AdminEventRecord } from '../../domain/console/wire';
import type { AdminSubscriberRecord } from '../../domain/subscription/wire';
import { DomainError } from '../../domain/shared/decider';
import {
  countPosts, listAuditLog, listMedia, listPosts, listSubscribers, listTransactions, listUsers, subscriberCounts,
} from '../../projections/console-lists';
import { mediaByIds } from '../../projections/media';
import { findPost, groupTotals, type PostRow } from '../../projections/posts';
import { earningsLastDays, earningsBySource } from '../../projections/earnings';
import { createPostFromComposer, deletePost } from '../../commands/content';
import { currentSettings } from '../../projections/settings';
import { parse } from '../http';
import { centsToDecimal, EXPORT_RANGE, sendExport, type CsvColumn } from '../csv';
import { editVersion, versioned } from '../edit-version';
import { memberStream } from '../../domain/member/member';
import { postStream } from '../../domain/post/post';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { adminMedia, adminPost } from '../queries/admin-views';
import { createPostBody } from '../schemas/post';
import { listParams, sendList } from '../schemas/console-list';
import type { Services } from '../services';

const num = (v: unknown) => Number(v);

/** The transactions export (GET /admin-api/transactions/export): amounts in dollars, as spreadsheets read them. */
const TRANSACTION_EXPORT_COLUMNS: CsvColumn<AdminTransactionRecord>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'date', value: (r) => r.created_at },
  { header: 'user_email', value: (r) => r.user_email },
  { header: 'type', value: (r) => r.type },
  { header: 'amount', value: (r) => centsToDecimal(r.amount_cents) },
  { header: 'currency', value: (r) => r.currency },
  { header: 'method', value: (r) => r.method },
  { header: 'card', value: (r) => r.card },
  { header: 'status', value: (r) => r.status },
  { header: 'failure_code', value: (r) => r.failure_code },
  { header: 'reference_id', value: (r) => r.reference_id },
  { header: 'gateway_transaction_id', value: (r) => r.gateway_transaction_id },
];

/** The subscribers export (GET /admin-api/subscribers/export). */
const SUBSCRIBER_EXPORT_COLUMNS: CsvColumn<AdminSubscriberRecord>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'status', value: (r) => r.status },
  { header: 'price', value: (r) => centsToDecimal(r.price_cents) },
  { header: 'recurring_price', value: (r) => centsToDecimal(r.recurring_price_cents) },
  { header: 'payment_method', value: (r) => r.payment_method },
  { header: 'started_at', value: (r) => r.started_at },
  { header: 'expires_at', value: (r) => r.expires_at },
  { header: 'next_billing_at', value: (r) => r.next_billing_at },
  { header: 'cancelled_at', value: (r) => r.cancelled_at },
  { header: 'cancel_reason', value: (r) => r.cancel_reason },
  { header: 'rebill_failed_at', value: (r) => r.rebill_failed_at },
];

export const adminRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock();

  const postRecords = async (rows: PostRow[]) => {
    const [media, groups] = await Promise.all([
      mediaByIds(db(), [...new Set(rows.flatMap((r) => r.media.map((m) => m.mediaId)))]),
      groupTotals(db(), rows.map((r) => r.root_post_id)),
    ]);
    return rows.map((r) => adminPost(r, media, services.storage, now().getTime(), groups.get(r.root_post_id)));
  };

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
  app.post('/admin-api/posts', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(createPostBody, request.body);
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

  const userRecord = (u: any) => ({ ...u, total_spent_cents: num(u.total_spent_cents) });
  app.get('/admin-api/users', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listUsers(db(), p, now().toISOString());
    return sendList(reply, 'users', p, r, r.rows.map(userRecord));
  });
  app.get('/admin-api/users/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    // The version first (it waits for the read models to reach it): the record read next is never older.
    const version = await editVersion(services, memberStream(id));
    const r = await listUsers(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, now().toISOString());
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(versioned(reply, version, userRecord(r.rows[0])));
  });

  app.get('/admin-api/subscribers', async (request, reply) => {
    const p = listParams(request, 'started_at');
    const r = await listSubscribers(db(), p, now().toISOString());
    return sendList(reply, 'subscribers', p, r, r.rows);
  });
  app.get('/admin-api/subscribers/export', async (request, reply) => {
    const p = listParams(request, 'started_at');
    const r = await listSubscribers(db(), { ...p, range: EXPORT_RANGE }, now().toISOString());
    return sendExport(request, reply, services, 'subscribers', p.filter, r.rows as AdminSubscriberRecord[], SUBSCRIBER_EXPORT_COLUMNS);
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
    return sendExport(request, reply, services, 'transactions', p.filter, r.rows as AdminTransactionRecord[], TRANSACTION_EXPORT_COLUMNS);
  });
  app.get('/admin-api/transactions/:id', async (request, reply) => {
    const r = await listTransactions(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id: (request.params as { id: string }).id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });

  const eventRecord = (e: any): AdminEventRecord => ({
    id: e.id, position: e.position, stream_id: e.stream_id, revision: e.revision, type: e.type, data: e.data, metadata: e.metadata, recorded_at: e.recorded_at,
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

  app.get('/admin-api/dashboard', async (_request, reply) => {
    const nowIso = now().toISOString();
    const todayIso = `${nowIso.slice(0, 10)}T00:00:00.000Z`;
    const [days, subs, posts] = await Promise.all([earningsLastDays(db(), nowIso), subscriberCounts(db(), nowIso, todayIso), countPosts(db())]);
    const bySource = await earningsBySource(db(), days[0]?.day ?? nowIso.slice(0, 10));
    const data: AdminDashboard = {
      today_earnings_cents: days[days.length - 1]?.cents ?? 0,
      new_subscribers_today: subs.newToday,
      active_subscribers: subs.active,
      total_posts: posts,
      earnings_30d: days,
      earnings_by_source_30d: bySource,
    };
    return reply.send(data);
  });
};

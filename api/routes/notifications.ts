// Notification centre. The spec shows no API for it; these paths are ours:
//   GET  /api/notifications/unread-counts                 the bell: unread per type (numbers and labels capped "99+")
//   GET  /api/notifications/list/:type?page=&promotionId= a page of one type, newest first (20 a page)
//   POST /api/notifications/read {type}                   the type's page was opened: all of it up to now is read
//   POST /api/notifications/opened {blog_id}              a post opened from a notification: its entries are read
//   GET|POST /api/settings/purchase-notification-settings which types the staff bell keeps (body not shown)
// Staff read purchased/subscription/comments/likes/notification; fans (and an admin viewing as a fan) "notification".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capCount, notificationReaderOf, readableKinds, recordsReadMarks, NOTIFICATION_LABELS, NOTIFICATION_MESSAGES, type NotificationKind } from '../../domain/notification/notification';
import { DomainError } from '../../domain/shared/decider';
import { STAFF_ROLES, type Role } from '../../domain/shared/wire';
import { markNotificationsOpened, markNotificationsRead, savePurchaseNotificationSettings } from '../../commands/notifications';
import { listNotifications, newestNotificationAt, purchaseNotificationSettings, unopenedEntriesForPost, unreadNotificationCounts, type Reader } from '../../projections/notifications';
import { ok } from '../http';
import { withThumbnails } from '../queries/notification-thumbnails';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { notificationListParams, notificationListQuery, notificationOpenedBody, notificationReadBody, purchaseNotificationSettingsBody } from '../schemas/notifications';
import type { Services } from '../services';

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock().toISOString();
  const readerOf = (c: Reader): Reader => ({ userId: c.userId, role: c.role });
  const isStaff = (role: Role) => STAFF_ROLES.includes(role);

  const countsView = async (reader: Reader) => {
    // Support and the live-stream manager have no bell: nothing to count (the shell asks every signed-in role).
    if (notificationReaderOf(reader.role) === null) return { types: [], counts: {}, total: 0, total_badge: capCount(0), modelUnreadTips: null, model_unread_tips_badge: null };
    const counts = await unreadNotificationCounts(db(), reader, now());
    const kinds = Object.keys(counts) as NotificationKind[];
    const total = kinds.reduce((s, k) => s + (counts[k] ?? 0), 0);
    // The Tips tab's badge for staff (modelUnreadTips): tips received since they last opened the tips list.
    const tips = notificationReaderOf(reader.role) === 'staff' ? (await unreadNotificationCounts(db(), reader, now(), ['tips'])).tips ?? 0 : null;
    return {
      types: kinds.map((k) => ({ type: k, label: NOTIFICATION_LABELS[k], unread: counts[k] ?? 0, badge: capCount(counts[k] ?? 0) })),
      counts, total, total_badge: capCount(total),
      modelUnreadTips: tips, model_unread_tips_badge: tips === null ? null : capCount(tips),
    };
  };
  const allowedKind = (role: Role, kind: NotificationKind) => {
    // The route table lets every signed-in role in; only fans and the content roles have a notification centre.
    if (notificationReaderOf(role) === null) throw new DomainError(NOTIFICATION_MESSAGES.notYours, 'FORBIDDEN', 403);
    if (!readableKinds(isStaff(role)).includes(kind)) throw new DomainError(NOTIFICATION_MESSAGES.notYours, 'NOT_FOUND', 404);
  };

  app.get('/api/notifications/unread-counts', async (request, reply) => ok(reply, await countsView(readerOf(requireCaller(request)))));

  app.get('/api/notifications/list/:type', { schema: { params: notificationListParams, querystring: notificationListQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    const kind = request.params.type;
    allowedKind(caller.role, kind);
    const page = request.query.page ?? 1;
    const r = await listNotifications(db(), readerOf(caller), kind, { page, size: NOTIFICATION_PAGE_SIZE, nowIso: now(), promotionId: request.query.promotionId ?? null });
    return ok(reply, { rows: await withThumbnails(services, request, r.rows), total: r.total, currentPage: page, totalPages: Math.max(1, Math.ceil(r.total / NOTIFICATION_PAGE_SIZE)), type: kind, label: NOTIFICATION_LABELS[kind] });
  });

  app.post('/api/notifications/read', { schema: { body: notificationReadBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const kind = request.body.type;
    allowedKind(caller.role, kind);
    const ctx = contextFor(request, services);
    const upTo = await newestNotificationAt(db(), readerOf(caller), kind, now());
    // A proxy view (staff as the fan) leaves the fan's read state alone.
    if (upTo && recordsReadMarks(caller)) await markNotificationsRead(ctx, caller.userId, isStaff(caller.role), kind, upTo);
    await settle(services, ctx);
    return ok(reply, await countsView(readerOf(caller)), { position: ctx.lastPosition });
  });

  app.post('/api/notifications/opened', { schema: { body: notificationOpenedBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    if (notificationReaderOf(caller.role) === null) throw new DomainError(NOTIFICATION_MESSAGES.notYours, 'FORBIDDEN', 403);
    const ids = recordsReadMarks(caller) ? await unopenedEntriesForPost(db(), readerOf(caller), request.body.blog_id, now()) : [];
    if (ids.length) await markNotificationsOpened(ctx, caller.userId, ids);
    await settle(services, ctx);
    return ok(reply, { ...(await countsView(readerOf(caller))), opened: ids.length }, { position: ctx.lastPosition });
  });

  app.get('/api/settings/purchase-notification-settings', async (_request, reply) => ok(reply, await purchaseNotificationSettings(db())));
  app.post('/api/settings/purchase-notification-settings', { schema: { body: purchaseNotificationSettingsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await savePurchaseNotificationSettings(ctx, request.body, caller.userId);
    await settle(services, ctx);
    return ok(reply, await purchaseNotificationSettings(db()), { message: NOTIFICATION_MESSAGES.settingsSaved, position: ctx.lastPosition });
  });
};

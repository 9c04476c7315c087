// Help centre. The spec's fan paths lack /api (the SPA answered them); they live under
// /api here, and the staff ("influencer") paths mirror them under /api/help:
//   GET  /api/user-help/popup-with-notification-count   unread popups (oldest first) and the unread count (Account badge)
//   GET  /api/user-help/read/:id                         mark one item read (a popup closed, an item opened)
//   POST /api/user-help/list {pageNum, tag?}             currentPage, totalPages, helpTagsData, rows
//   GET  /api/user-help/details/:id                      one item (its HTML was cleaned when saved)
//   POST /api/user-help/list/notifications {pageNum}     unread items; isChangeUnreadToAll when none is left
//   … the same five under /api/help/* for staff; GET|POST /api/settings/help-settings {influencer_help_enabled}
//   /admin-api/help-items[/:id]                          the console's editor (react-admin resource help-items)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { HELP_MESSAGES } from '../../domain/help/help';
import { recordsReadMarks } from '../../domain/notification/notification';
import { STAFF_ROLES } from '../../domain/shared/wire';
import { deleteHelpItem, markHelpRead, saveHelpItem, saveHelpSettings } from '../../commands/notifications';
import { helpDetails, helpItemForConsole, helpItemsForConsole, helpUnreadCount, influencerHelpEnabled, listHelp, unreadHelpPopups } from '../../projections/help';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { helpIdParams, helpItemBody, helpListBody, helpSettingsBody } from '../schemas/notifications';
import type { Services } from '../services';

export const helpRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;

  for (const base of ['/api/user-help', '/api/help'] as const) {
    const staff = base === '/api/help';
    const reader = async (request: FastifyRequest) => {
      const caller = requireCaller(request);
      // Fans' help is for fans and proxy views only; the route table lets every signed-in role in.
      if (!staff && caller.role !== 'user' && caller.role !== 'proxy_user') throw new DomainError('Help for fans is not available to you.', 'FANS_ONLY', 403);
      if (staff && !(await influencerHelpEnabled(db()))) throw new DomainError(HELP_MESSAGES.staffHelpOff, 'HELP_OFF', 403);
      return { userId: caller.userId, staff: STAFF_ROLES.includes(caller.role), marks: recordsReadMarks(caller) };
    };
    app.get(`${base}/popup-with-notification-count`, async (request, reply) => {
      const r = await reader(request);
      const [popups, unread] = await Promise.all([unreadHelpPopups(db(), r), helpUnreadCount(db(), r)]);
      return ok(reply, { popups, unread_count: unread });
    });
    app.get(`${base}/read/:id`, { schema: { params: helpIdParams } }, async (request, reply) => {
      const r = await reader(request);
      const item = await helpDetails(db(), r, request.params.id);
      if (!item) throw new DomainError(HELP_MESSAGES.notFound, 'NOT_FOUND', 404);
      const ctx = contextFor(request, services);
      // A proxy view (staff as the fan) leaves the fan's read marks alone.
      if (r.marks) await markHelpRead(ctx, r.userId, request.params.id);
      await settle(services, ctx);
      return ok(reply, { _id: request.params.id, is_read: r.marks || !!item.is_read, unread_count: await helpUnreadCount(db(), r) }, { position: ctx.lastPosition });
    });
    app.post(`${base}/list`, { schema: { body: helpListBody } }, async (request, reply) => {
      const r = await reader(request);
      return ok(reply, await listHelp(db(), r, { page: request.body.pageNum ?? 1, tag: request.body.tag?.trim() || null }));
    });
    app.get(`${base}/details/:id`, { schema: { params: helpIdParams } }, async (request, reply) => {
      const r = await reader(request);
      const item = await helpDetails(db(), r, request.params.id);
      if (!item) throw new DomainError(HELP_MESSAGES.notFound, 'NOT_FOUND', 404);
      return ok(reply, item);
    });
    app.post(`${base}/list/notifications`, { schema: { body: helpListBody } }, async (request, reply) => {
      const r = await reader(request);
      const list = await listHelp(db(), r, { page: request.body.pageNum ?? 1, unreadOnly: true });
      return ok(reply, { ...list, isChangeUnreadToAll: list.total === 0 });
    });
  }

  app.get('/api/settings/help-settings', async (_request, reply) => ok(reply, { influencer_help_enabled: await influencerHelpEnabled(db()) }));
  app.post('/api/settings/help-settings', { schema: { body: helpSettingsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await saveHelpSettings(ctx, request.body.influencer_help_enabled, caller.userId);
    await settle(services, ctx);
    return ok(reply, { influencer_help_enabled: await influencerHelpEnabled(db()) }, { message: HELP_MESSAGES.settingsSaved, position: ctx.lastPosition });
  });

  // ---- the console's editor (/admin/settings/help-setting) -------------------------------------------------
  app.get('/admin-api/help-items', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await helpItemsForConsole(db(), { range: p.range, q: typeof p.filter.q === 'string' ? p.filter.q : undefined });
    return sendList(reply, 'help-items', p, r, r.rows);
  });
  app.get('/admin-api/help-items/:id', { schema: { params: helpIdParams } }, async (request, reply) => {
    const item = await helpItemForConsole(db(), request.params.id);
    if (!item) throw new DomainError(HELP_MESSAGES.notFound, 'NOT_FOUND', 404);
    return reply.send(item);
  });
  const save = async (request: FastifyRequest, id: string | null, body: z.infer<typeof helpItemBody>) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await saveHelpItem(ctx, services.sanitizeHtml, id, { title: body.title, html: body.html, tags: body.tags, audience: body.audience, isPopup: body.is_popup, published: body.published }, caller.userId);
    await settle(services, ctx);
    return helpItemForConsole(db(), r.helpId);
  };
  app.post('/admin-api/help-items', { schema: { body: helpItemBody } }, async (request, reply) => reply.send(await save(request, null, request.body)));
  app.put('/admin-api/help-items/:id', { schema: { params: helpIdParams, body: helpItemBody } }, async (request, reply) => reply.send(await save(request, request.params.id, request.body)));
  app.delete('/admin-api/help-items/:id', { schema: { params: helpIdParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await deleteHelpItem(ctx, request.params.id, caller.userId);
    await settle(services, ctx);
    return reply.send({ id: request.params.id });
  });
};

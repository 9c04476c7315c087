// Live streaming's settings (get_settings / save_settings, with the media server's status) and the sessions
// report (get_live_stream_reports, and one session by id for /admin/live-stream-sessions/:id). The session calls:
// routes/stream.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/validation';
import { isStaffRole } from '../../domain/shared/wire';
import { centsFromDollars } from '../../domain/shared/money';
import { updateSiteSettings } from '../../commands/settings';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { id, reportsBody, saveSettingsBody } from '../schemas/live';
import { liveQueries } from '../queries/live';
import type { Services } from '../services';

export const liveReportRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const live = liveQueries(services);

  // Every signed-in reader gets what a viewer needs; whether the content manager sees the sessions report is a
  // setting for staff only.
  app.get('/api/stream/get_settings', async (request, reply) => {
    const caller = requireCaller(request);
    const { live_stream_report_enabled, ...forViewers } = await live.settings();
    return ok(reply, isStaffRole(caller.role) ? { ...forViewers, live_stream_report_enabled } : forViewers);
  });

  app.post('/api/stream/save_settings', { schema: { body: saveSettingsBody } }, async (request, reply) => {
    requireCaller(request);
    const b = request.body;
    const changes: Record<string, unknown> = {};
    if (b.enable_live_streaming !== undefined) changes.enable_live_streaming = b.enable_live_streaming;
    if (b.live_streaming_server_url !== undefined) changes.live_streaming_server_url = b.live_streaming_server_url;
    if (b.live_stream_report_enabled !== undefined) changes.live_stream_report_enabled = b.live_stream_report_enabled;
    if (b.price_per_minute !== undefined) {
      const cents = b.price_per_minute === '' ? 0 : centsFromDollars(b.price_per_minute);
      if (cents === null || cents < 0 || cents > 100_000) throw new ValidationError('price_per_minute', 'Enter a price per minute between 0 and 1000.');
      changes.live_price_per_minute_cents = cents;
    }
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, changes);
    await settle(services, ctx);
    return ok(reply, await live.settings(), { message: 'Settings saved.', position: ctx.lastPosition });
  });

  app.post('/api/stream/get_live_stream_reports', { schema: { body: reportsBody } }, async (request, reply) => {
    const { userId, pageNum } = request.body;
    return ok(reply, await live.reports(requireCaller(request), { userId: userId ?? null, pageNum }));
  });

  app.get('/api/stream/sessions/:id', { schema: { params: z.object({ id: id('id') }) } }, async (request, reply) => {
    return ok(reply, await live.session(requireCaller(request), request.params.id));
  });
};

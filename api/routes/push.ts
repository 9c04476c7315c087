// Web push and the installable app. Self-hosted: VAPID keys and each
// browser's own push service instead of the spec's hosted provider; the spec's paths are kept.
//   GET  /api/notifications/create-one-signal-account          (settings roles) the provider's "account": here the VAPID public key
//   GET  /api/notifications/web-push-notification-settings      (settings roles) switch, public key, devices, queue
//   POST /api/notifications/save-web-push-notification-settings {web_push_notification_enabled}
//   GET  /api/notifications/user-notification-preferences       the caller's switch, categories (A–E), prompt, help popup
//   POST /api/notifications/save-user-notification-preferences {is_allow_web_notification, tags}
//   POST /api/notifications/register-device                     {endpoint, keys: {p256dh, auth}} (PushSubscription.toJSON())
//   POST /api/notifications/unregister-device                   {endpoint}
//   POST /api/services/send-device-info                         {device_id, platform, user_agent, language, standalone, screen, timezone}
//   GET  /manifest.webmanifest, GET /app-icons/:file            the web-app manifest and its icons (from the creator's avatar)
//   GET  /favicon.ico                                            the site's icon (192 px PNG) for browsers that ask for it
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/decider';
import { PUSH_MESSAGES } from '../../domain/push/push';
import { appIconOf } from '../../domain/push/app-manifest';
import { registerPushDevice, reportDeviceInfo, savePushPreferences, saveWebPushSettings, unregisterPushDevice } from '../../commands/push';
import { saveSubscriptionEmailSettings } from '../../commands/settings';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { deviceInfoBody, registerDeviceBody, subscriptionEmailSettingsBody, unregisterDeviceBody, userNotificationPreferencesBody, webPushSettingsBody } from '../schemas/push';
import { pushQueries } from '../queries/push';
import { appIcons } from '../app-icons';
import type { Services } from '../services';

export const pushRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const push = pushQueries(services);

  // ---- the site's switch (console: /admin/settings/web-push-notification) ------------------------------------
  app.get('/api/notifications/create-one-signal-account', async (_request, reply) => {
    // Nothing to create with a hosted service: the site is its own push sender, identified by its VAPID key.
    return ok(reply, await push.siteSettings(), { message: 'Web push is ready: this site sends notifications itself (VAPID).' });
  });
  app.get('/api/notifications/web-push-notification-settings', async (_request, reply) => ok(reply, await push.siteSettings()));
  app.post('/api/notifications/save-web-push-notification-settings', { schema: { body: webPushSettingsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await saveWebPushSettings(ctx, request.body.web_push_notification_enabled, caller.userId);
    await settle(services, ctx);
    return ok(reply, await push.siteSettings(), { message: PUSH_MESSAGES.saved, position: ctx.lastPosition });
  });

  // ---- subscription mails (the subscription-email-notification call and settings page) ---------------------
  app.get('/api/settings/subscription-email-notification', async (_request, reply) => ok(reply, await push.subscriptionEmails()));
  app.post('/api/settings/subscription-email-notification', { schema: { body: subscriptionEmailSettingsBody } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await saveSubscriptionEmailSettings(ctx, services.sanitizeHtml, push.savedSubscriptionEmails, request.body);
    await settle(services, ctx);
    return ok(reply, await push.subscriptionEmails(), { message: 'Subscription email settings saved.', position: ctx.lastPosition });
  });

  // ---- a person's preferences (fan site: /profile/notification-preference) ---------------------------------
  app.get('/api/notifications/user-notification-preferences', async (request, reply) => ok(reply, await push.preferences(requireCaller(request))));
  app.post('/api/notifications/save-user-notification-preferences', { schema: { body: userNotificationPreferencesBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await savePushPreferences(ctx, caller, request.body.is_allow_web_notification, request.body.tags);
    await settle(services, ctx);
    return ok(reply, await push.preferences(caller), { message: PUSH_MESSAGES.preferencesSaved, position: ctx.lastPosition });
  });

  // ---- devices -------------------------------------------------------------------------------------------------
  app.post('/api/notifications/register-device', { schema: { body: registerDeviceBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const { endpoint, keys } = request.body;
    const userAgent = String(request.headers['user-agent'] ?? '');
    const r = await registerPushDevice(ctx, caller, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, userAgent, !!services.push?.allowHttpLocal, push.enabled);
    await settle(services, ctx);
    return ok(reply, { device_id: r.subscriptionId }, { message: PUSH_MESSAGES.subscribed, position: ctx.lastPosition });
  });
  app.post('/api/notifications/unregister-device', { schema: { body: unregisterDeviceBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await unregisterPushDevice(ctx, caller.userId, request.body.endpoint);
    await settle(services, ctx);
    return ok(reply, { device_id: r.subscriptionId, removed: r.removed }, { message: PUSH_MESSAGES.unsubscribed, position: ctx.lastPosition });
  });

  app.post('/api/services/send-device-info', { schema: { body: deviceInfoBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const ctx = contextFor(request, services);
    await reportDeviceInfo(ctx, caller.userId, b.device_id, { platform: b.platform, userAgent: b.user_agent, language: b.language, standalone: b.standalone, screen: b.screen, timezone: b.timezone });
    return ok(reply, { device_id: b.device_id }, { position: ctx.lastPosition });
  });

  // ---- the installable app ------------------------------------------------------------------------------------
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const manifest = await push.manifest();
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
    return manifest;
  });
  const iconPng = appIcons(app, services);
  app.get('/app-icons/:file', async (request, reply) => {
    const icon = appIconOf((request.params as { file: string }).file);
    if (!icon) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const png = await iconPng(icon);
    reply.header('cache-control', 'public, max-age=86400').type('image/png');
    return reply.send(png);
  });
  // Browsers ask for /favicon.ico on their own: the site's own icon, not a 404.
  app.get('/favicon.ico', async (_request, reply) => {
    const png = await iconPng({ purpose: 'icon', size: 192 });
    reply.header('cache-control', 'public, max-age=3600').type('image/png');
    return reply.send(png);
  });
};

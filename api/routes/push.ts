// Web push and the installable app (issue 16; gaps WP-01 … WP-07, WP-19, WP-22). Self-hosted: VAPID keys and each
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DomainError } from '../../domain/shared/decider';
import {
  ALL_ON, preferencesFromTags, PUSH_CATEGORIES, PUSH_MESSAGES, pushPromptFor, PWA_FEED_REFRESH_SECONDS, showNotificationHelp, tagsOf, INSTALL_POPUP_AT, POPUP_COUNTER_CAP,
} from '../../domain/push/push';
import { registerPushDevice, reportDeviceInfo, savePushPreferences, saveWebPushSettings, unregisterPushDevice } from '../../commands/push';
import { pushDevicesOf, pushPreferencesOf, pushStats, webPushEnabled } from '../../projections/push';
import { currentSettings } from '../../projections/settings';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { deviceInfoBody, registerDeviceBody, subscriptionEmailSettingsBody, unregisterDeviceBody, userNotificationPreferencesBody, webPushSettingsBody } from '../schemas/push';
import { updateSiteSettings } from '../../commands/settings';
import type { Services } from '../services';
import { vapidKeys } from '../push';

const ICON_SIZES = [192, 512] as const;

export const pushRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const publicKey = () => services.push?.publicKey ?? vapidKeys(services.config).publicKey;

  // ---- the site's switch (console: /admin/settings/web-push-notification) ------------------------------------
  const siteSettings = async () => ({
    web_push_notification_enabled: await webPushEnabled(db()),
    provider: 'vapid',
    vapid_public_key: publicKey(),
    ...(await pushStats(db(), services.clock().toISOString())),
  });
  app.get('/api/notifications/create-one-signal-account', async (_request, reply) => {
    // Nothing to create with a hosted service: the site is its own push sender, identified by its VAPID key.
    return ok(reply, await siteSettings(), { message: 'Web push is ready: this site sends notifications itself (VAPID).' });
  });
  app.get('/api/notifications/web-push-notification-settings', async (_request, reply) => ok(reply, await siteSettings()));
  app.post('/api/notifications/save-web-push-notification-settings', { schema: { body: webPushSettingsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await saveWebPushSettings(ctx, request.body.web_push_notification_enabled, caller.userId);
    await settle(services, ctx);
    return ok(reply, await siteSettings(), { message: PUSH_MESSAGES.saved, position: ctx.lastPosition });
  });

  // ---- subscription mails (gaps WP-08: the spec's subscription-email-notification call and settings page) --------
  app.get('/api/settings/subscription-email-notification', async (_request, reply) =>
    ok(reply, { ...(await currentSettings(db())).subscription_email_notification, admin_email: services.config.FANCLUB_ADMIN_EMAIL }));
  app.post('/api/settings/subscription-email-notification', { schema: { body: subscriptionEmailSettingsBody } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    const before = (await currentSettings(db())).subscription_email_notification;
    await updateSiteSettings(ctx, services.sanitizeHtml, { subscription_email_notification: { ...before, ...request.body } });
    await settle(services, ctx);
    return ok(reply, { ...(await currentSettings(db())).subscription_email_notification, admin_email: services.config.FANCLUB_ADMIN_EMAIL }, { message: 'Subscription email settings saved.', position: ctx.lastPosition });
  });

  // ---- a person's preferences (fan site: /profile/notification-preference) ---------------------------------
  const preferencesView = async (userId: string, role: Parameters<typeof pushPromptFor>[0]) => {
    const [p, devices, enabled, sub] = await Promise.all([
      pushPreferencesOf(db(), userId),
      pushDevicesOf(db(), userId),
      webPushEnabled(db()),
      db().withSchema('rm').selectFrom('subscribers').select(['started_at', 'expires_at']).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    const allow = p.allow ?? devices.length > 0;
    const prefs = p.tags === null ? ALL_ON : preferencesFromTags(p.tags);
    const now = services.clock().toISOString();
    const subscribedAt = sub && (!sub.expires_at || new Date(sub.expires_at as unknown as string) > new Date(now)) ? new Date(sub.started_at as unknown as string).toISOString() : null;
    return {
      web_push_notification_enabled: enabled,
      vapid_public_key: publicKey(),
      is_allow_web_notification: allow,
      web_notification_preferences: prefs,
      tags: tagsOf(prefs).split(''),
      categories: PUSH_CATEGORIES,
      prompt: enabled ? pushPromptFor(role) : null,
      devices: devices.map((d) => ({ id: d.id, user_agent: d.userAgent, registered_at: d.registeredAt })),
      show_notification_help_popup: role === 'user' && showNotificationHelp({ subscribedAt, webNotificationsOn: allow && devices.length > 0, dismissed: false, now }),
      install_popup_at: INSTALL_POPUP_AT,
      popup_counter_cap: POPUP_COUNTER_CAP,
      feed_refresh_seconds: PWA_FEED_REFRESH_SECONDS,
    };
  };
  const offered = (role: Parameters<typeof pushPromptFor>[0]) => {
    if (pushPromptFor(role) === null) throw new DomainError(PUSH_MESSAGES.notOffered, 'PUSH_NOT_OFFERED', 403);
  };
  app.get('/api/notifications/user-notification-preferences', async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, await preferencesView(caller.userId, caller.role));
  });
  app.post('/api/notifications/save-user-notification-preferences', { schema: { body: userNotificationPreferencesBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    offered(caller.role);
    const prefs = preferencesFromTags(request.body.tags);
    const ctx = contextFor(request, services);
    await savePushPreferences(ctx, caller.userId, request.body.is_allow_web_notification, prefs);
    await settle(services, ctx);
    return ok(reply, await preferencesView(caller.userId, caller.role), { message: PUSH_MESSAGES.preferencesSaved, position: ctx.lastPosition });
  });

  // ---- devices -------------------------------------------------------------------------------------------------
  app.post('/api/notifications/register-device', { schema: { body: registerDeviceBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    offered(caller.role);
    if (!(await webPushEnabled(db()))) throw new DomainError(PUSH_MESSAGES.disabled, 'PUSH_DISABLED', 409);
    const ctx = contextFor(request, services);
    const b = request.body;
    const r = await registerPushDevice(ctx, { userId: caller.userId, role: caller.role }, { endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth }, String(request.headers['user-agent'] ?? ''), !!services.push?.allowHttpLocal);
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
    const s = await currentSettings(db());
    const name = s.model_name || 'Fanclub';
    const sig = iconSignature(s.model_avatar_url, name, s.theme_color);
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
    return {
      id: '/',
      name,
      short_name: name.length > 12 ? name.slice(0, 12) : name,
      description: `${name} — the official fan site`,
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#121212',
      theme_color: s.theme_color,
      icons: ICON_SIZES.flatMap((size) => [
        { src: `/app-icons/icon-${size}.png?v=${sig}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
        { src: `/app-icons/maskable-${size}.png?v=${sig}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
      ]),
    };
  });
  const icons = new Map<string, Buffer>();
  app.get('/app-icons/:file', async (request, reply) => {
    const m = /^(icon|maskable)-(192|512)\.png$/.exec((request.params as { file: string }).file);
    if (!m) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const s = await currentSettings(db());
    const name = s.model_name || 'Fanclub';
    const key = `${m[1]}-${m[2]}-${iconSignature(s.model_avatar_url, name, s.theme_color)}`;
    let png = icons.get(key);
    if (!png) {
      png = await renderIcon(app, s.model_avatar_url, name, s.theme_color, Number(m[2]), m[1] === 'maskable');
      if (icons.size > 50) icons.clear();
      icons.set(key, png);
    }
    reply.header('cache-control', 'public, max-age=86400').type('image/png');
    return reply.send(png);
  });
};

const iconSignature = (avatar: string | null, name: string, colour: string) => {
  // The avatar's path without its short-lived signature, so the icon's address stays put while the avatar does.
  const stable = (avatar ?? '').split('?')[0];
  let h = 0;
  for (const c of `${stable}|${name}|${colour}`) h = (h * 31 + c.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
};

/** The creator's avatar, cropped square (a maskable icon keeps a safe margin); without one, their initial on the theme colour. */
async function renderIcon(app: FastifyInstance, avatar: string | null, name: string, colour: string, size: number, maskable: boolean): Promise<Buffer> {
  const bg = /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#e91e63';
  let source: Buffer | null = null;
  if (avatar && avatar.startsWith('/')) {
    // Our own media (a signed /media/ link): read through the app itself, so storage and signatures stay its business.
    const res = await app.inject({ method: 'GET', url: avatar }).catch(() => null);
    if (res && res.statusCode === 200) source = res.rawPayload;
  }
  const inner = maskable ? Math.round(size * 0.8) : size;
  if (source) {
    try {
      const img = await sharp(source).resize(inner, inner, { fit: 'cover' }).png().toBuffer();
      return await sharp({ create: { width: size, height: size, channels: 4, background: bg } }).composite([{ input: img, gravity: 'center' }]).png().toBuffer();
    } catch {
      /* not an image sharp reads: the monogram below */
    }
  }
  const letter = (name.trim()[0] ?? 'F').toUpperCase().replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${bg}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(inner * 0.55)}" fill="#ffffff">${letter}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

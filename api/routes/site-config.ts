// Site configuration pages of the console, admin and
// super_admin only (domain/access/routes.ts):
//   GET|POST|DELETE /api/settings/email-configuration   SMTP from the console (password sealed; answered 'set' / 'not set')
//   POST /api/settings/email-configuration/test         "Send test mail" through the configured server
//   GET  /api/settings/aws-settings, /api/settings/redis-cache-setting   read-only: they come from the environment
//   GET|POST /api/settings/platform-settings            canonical address and language of the site
//   GET|POST /api/settings/seo-setting                  title, description, social image, discourage indexing
//   GET|POST /api/settings/recaptcha-setting            the bot check switch and its difficulty
//   GET  /api/settings/csv-download                     every server CSV the caller may download, and recent exports
//   GET  /admin-api/contact-messages/export             the Contact inbox's CSV (was made in the browser)
// Public: GET /api/bot-check/challenge, GET /sitemap.xml, GET /robots.txt (the fan index.html's head tags:
// api/site-head.ts). What each page shows is domain/site-config/views.ts; the bodies are api/schemas/site-config.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { emailConfigView, EMAIL_CONFIG_MESSAGES } from '../../domain/site-config/email-config';
import { robotsTxt, sitemapXml } from '../../domain/site-config/seo';
import {
  botCheckSettingsView, cacheSettingsView, csvExportsFor, platformSettingsView, seoSettingsView, sitemapEntries, storageSettingsView,
} from '../../domain/site-config/views';
import type { SiteSettings } from '../../domain/settings/settings';
import { clearEmailConfig, loadEmailConfig, saveEmailConfig, sendTestMail } from '../../commands/site-config';
import { updateSiteSettings } from '../../commands/settings';
import { currentSettings } from '../../projections/settings';
import { recentExports } from '../../projections/audit-log';
import { contactMessagesToExport } from '../../projections/contact-messages';
import { sitemapPosts } from '../../projections/posts';
import { settingsBox } from '../email-config';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { EXPORT_RANGE, sendExport } from '../csv';
import { listParams } from '../schemas/console-list';
import { CONTACT_EXPORT_COLUMNS } from '../schemas/console-exports';
import { challengeQuery, emailConfigBody, platformBody, recaptchaBody, seoBody, testMailBody } from '../schemas/site-config';
import { botCheck } from '../bot-check';
import { siteUrlOf } from '../site-head';
import type { Services } from '../services';

const SAVED = 'update settings successfully.';

export const siteConfigRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const box = () => settingsBox(services);
  const checks = botCheck(services);

  const saveSettings = async (request: FastifyRequest, changes: Partial<SiteSettings>) => {
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, changes);
    await settle(services, ctx);
    return ctx;
  };

  // ---- email configuration ------------------------------------------------------------------------------------
  const emailView = async () => emailConfigView((await loadEmailConfig(services.store)).state, { smtpUrlSet: !!services.config.SMTP_URL });
  app.get('/api/settings/email-configuration', async (_request, reply) => ok(reply, await emailView()));
  app.post('/api/settings/email-configuration', { schema: { body: emailConfigBody } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await saveEmailConfig(ctx, (p) => box().seal(p), request.body);
    await settle(services, ctx);
    return ok(reply, await emailView(), { message: EMAIL_CONFIG_MESSAGES.saved, position: ctx.lastPosition });
  });
  app.delete('/api/settings/email-configuration', async (request, reply) => {
    const ctx = contextFor(request, services);
    await clearEmailConfig(ctx);
    await settle(services, ctx);
    return ok(reply, await emailView(), { message: EMAIL_CONFIG_MESSAGES.cleared, position: ctx.lastPosition });
  });
  app.post('/api/settings/email-configuration/test', { schema: { body: testMailBody } }, async (request, reply) => {
    requireCaller(request);
    const view = await emailView();
    const s = await currentSettings(db());
    const sent = await sendTestMail((mail) => services.mailer.send(mail), request.body.to, s.model_name, view);
    return ok(reply, { status: sent.status, outbox_id: sent.id }, { message: `Test mail sent to ${request.body.to}.` });
  });

  // ---- storage and cache, from the environment -------------------------------------------------------------------
  app.get('/api/settings/aws-settings', async (_request, reply) => ok(reply, storageSettingsView(services.config.s3, services.config.FANCLUB_MAX_UPLOAD_MB)));
  app.get('/api/settings/redis-cache-setting', async (_request, reply) => ok(reply, cacheSettingsView(services.config.FANCLUB_READ_CACHE, !!services.bus)));

  // ---- platform, SEO and bot-check settings -------------------------------------------------------------------
  const platformView = async (request: FastifyRequest) => {
    const s = await currentSettings(db());
    const env = { publicUrl: services.config.FANCLUB_PUBLIC_URL, postgres: !!services.config.DATABASE_URL, eventStore: services.store.kind };
    return platformSettingsView(s, { ...env, effectiveSiteUrl: siteUrlOf(services, s, request) });
  };
  app.get('/api/settings/platform-settings', async (request, reply) => ok(reply, await platformView(request)));
  app.post('/api/settings/platform-settings', { schema: { body: platformBody } }, async (request, reply) => {
    const ctx = await saveSettings(request, request.body);
    return ok(reply, await platformView(request), { message: SAVED, position: ctx.lastPosition });
  });
  app.get('/api/settings/seo-setting', async (_request, reply) => ok(reply, seoSettingsView(await currentSettings(db()))));
  app.post('/api/settings/seo-setting', { schema: { body: seoBody } }, async (request, reply) => {
    const ctx = await saveSettings(request, request.body as Partial<SiteSettings>);
    return ok(reply, seoSettingsView(await currentSettings(db())), { message: SAVED, position: ctx.lastPosition });
  });
  app.get('/api/settings/recaptcha-setting', async (_request, reply) => ok(reply, botCheckSettingsView(await currentSettings(db()))));
  app.post('/api/settings/recaptcha-setting', { schema: { body: recaptchaBody } }, async (request, reply) => {
    const ctx = await saveSettings(request, request.body);
    return ok(reply, botCheckSettingsView(await currentSettings(db())), { message: SAVED, position: ctx.lastPosition });
  });

  app.get('/api/bot-check/challenge', { schema: { querystring: challengeQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(reply, await checks.challenge(request.query.action));
  });

  // ---- sitemap and robots ------------------------------------------------------------------------------------
  // Addresses may come from the request's host (no site_url, no FANCLUB_PUBLIC_URL): caches keep one copy per host.
  app.get('/robots.txt', async (request, reply) => {
    const s = await currentSettings(db());
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').header('vary', 'Host').send(robotsTxt(siteUrlOf(services, s, request), s.seo_discourage_indexing));
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const s = await currentSettings(db());
    // Public posts only while public posts are on.
    const posts = s.enable_public_post ? await sitemapPosts(db(), services.clock().toISOString()) : [];
    const xml = sitemapXml(siteUrlOf(services, s, request), sitemapEntries(s, posts));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').header('vary', 'Host').send(xml);
  });

  // ---- CSV downloads -----------------------------------------------------------------------------------------
  app.get('/api/settings/csv-download', async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, { exports: csvExportsFor(caller.role), recent: await recentExports(db()) });
  });
  app.get('/admin-api/contact-messages/export', async (request, reply) => {
    const { filter } = listParams(request, 'received_at');
    return sendExport(request, reply, services, 'contact-messages', filter, await contactMessagesToExport(db(), filter, EXPORT_RANGE[1]), CONTACT_EXPORT_COLUMNS);
  });
};

// Site configuration pages of the console (issue 17; gaps CO-04 … CO-07, CO-18, CO-19, CO-24), admin and
// super_admin only (domain/access/routes.ts):
//   GET|POST|DELETE /api/settings/email-configuration   SMTP from the console (password sealed; answered 'set' / 'not set')
//   POST /api/settings/email-configuration/test         "Send test mail" through the configured server
//   GET  /api/settings/aws-settings, /api/settings/redis-cache-setting   read-only: they come from the environment
//   GET|POST /api/settings/platform-settings            canonical address and language of the site
//   GET|POST /api/settings/seo-setting                  title, description, social image, discourage indexing
//   GET|POST /api/settings/recaptcha-setting            the bot check switch and its difficulty
//   GET  /api/settings/csv-download                     every server CSV the caller may download, and recent exports
//   GET  /admin-api/contact-messages/export             the Contact inbox's CSV (was made in the browser)
// Public: GET /api/bot-check/challenge, GET /sitemap.xml, GET /robots.txt (and the fan index.html's head tags:
// fanIndexHead below, used by api/web.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailConfigView, EMAIL_CONFIG_MESSAGES, SMTP_SECURITY } from '../../domain/site-config/email-config';
import { BOT_CHECK_ACTIONS, BOT_CHECK_DIFFICULTY, BOT_CHECK_MESSAGES } from '../../domain/site-config/bot-check';
import { LANGUAGE_TAG, robotsTxt, SITEMAP_PAGES, SITEMAP_SKIPPED_PAGES, sitemapXml, withHead, type SitemapEntry } from '../../domain/site-config/seo';
import { allPages } from '../../domain/settings/content-pages';
import { THEME_IMAGE_URL } from '../../domain/settings/landing';
import { isValidEmail } from '../../domain/shared/validation';
import type { SiteSettings } from '../../domain/settings/settings';
import { API_ACCESS, decideAccess } from '../../domain/access/routes';
import { clearEmailConfig, loadEmailConfig, saveEmailConfig } from '../../commands/site-config';
import { updateSiteSettings } from '../../commands/settings';
import { currentSettings } from '../../projections/settings';
import { listAudit } from '../../projections/console-lists';
import { listContactMessages } from '../../projections/contact-messages';
import { settingsBox } from '../email-config';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { EXPORT_RANGE, fieldColumns, sendExport } from '../csv';
import { listParams } from '../schemas/console-list';
import { botCheck } from '../bot-check';
import type { Services } from '../services';

const text = (field: string, max: number) => z.string({ error: `${field} is invalid.` }).trim().max(max, { error: `${field} cannot be more than ${max} characters.` });

export const emailConfigBody = z.object({
  host: text('host', 253).min(1, { error: EMAIL_CONFIG_MESSAGES.host }),
  port: z.number({ error: EMAIL_CONFIG_MESSAGES.port }).int({ error: EMAIL_CONFIG_MESSAGES.port }),
  security: z.enum(SMTP_SECURITY, { error: 'security must be starttls, tls or none.' }),
  username: text('username', 254).default(''),
  /** Omitted: keep the stored password; '': remove it. Never answered back. */
  password: z.string({ error: 'password is invalid.' }).max(1000, { error: 'password cannot be more than 1000 characters.' }).optional(),
  from_email: text('from_email', 254).min(1, { error: EMAIL_CONFIG_MESSAGES.from }),
  from_name: text('from_name', 100).default(''),
});
const testMailBody = z.object({ to: text('to', 254).refine(isValidEmail, { error: 'Please enter a valid email.' }) });

const SEO_TITLE_MAX = 70;
const SEO_DESCRIPTION_MAX = 300;
export const seoBody = z.object({
  seo_title: text('seo_title', SEO_TITLE_MAX),
  seo_description: text('seo_description', SEO_DESCRIPTION_MAX),
  seo_image_url: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().regex(THEME_IMAGE_URL, { error: 'seo_image_url must be an image uploaded here.' }).nullable(),
  ),
  seo_discourage_indexing: z.boolean({ error: 'seo_discourage_indexing must be true or false.' }),
});
export const platformBody = z.object({
  site_url: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\/+$/, '') : v),
    z.string({ error: 'site_url is invalid.' }).max(200).regex(/^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[\w./-]*)?)?$/, { error: 'site_url must be an address like https://fans.example.com (or empty).' }),
  ),
  site_language: z.string({ error: 'site_language is invalid.' }).trim().regex(LANGUAGE_TAG, { error: 'site_language must be a language code like en, de or pt-BR.' }),
});
export const recaptchaBody = z.object({
  is_recaptcha_enabled: z.boolean({ error: 'is_recaptcha_enabled must be true or false.' }),
  bot_check_difficulty: z
    .number({ error: 'bot_check_difficulty must be a number.' })
    .int({ error: 'bot_check_difficulty must be a whole number.' })
    .min(BOT_CHECK_DIFFICULTY.min, { error: `bot_check_difficulty must be from ${BOT_CHECK_DIFFICULTY.min} to ${BOT_CHECK_DIFFICULTY.max}.` })
    .max(BOT_CHECK_DIFFICULTY.max, { error: `bot_check_difficulty must be from ${BOT_CHECK_DIFFICULTY.min} to ${BOT_CHECK_DIFFICULTY.max}.` }),
});

const pick = <K extends keyof SiteSettings>(s: SiteSettings, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<SiteSettings, K>;
const SEO_KEYS = ['seo_title', 'seo_description', 'seo_image_url', 'seo_discourage_indexing'] as const;
const PLATFORM_KEYS = ['site_url', 'site_language'] as const;
const RECAPTCHA_KEYS = ['is_recaptcha_enabled', 'bot_check_difficulty'] as const;

/** The site's public address: the platform setting, else FANCLUB_PUBLIC_URL, else the address the request came to. */
export function siteBaseUrl(services: Services, s: Pick<SiteSettings, 'site_url'>, request: FastifyRequest): string {
  if (s.site_url) return s.site_url;
  if (services.config.FANCLUB_PUBLIC_URL) return services.config.FANCLUB_PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The fan site's index.html with the SEO tags (api/web.ts serves it for every fan page). */
export function fanIndexHead(services: Services) {
  return async (html: string, request: FastifyRequest) => {
    const s = await currentSettings(services.database.db);
    return withHead(html, {
      title: s.seo_title || s.model_name,
      description: s.seo_description,
      image: s.seo_image_url ?? s.model_cover_url ?? s.model_avatar_url,
      noindex: s.seo_discourage_indexing,
      language: s.site_language,
      baseUrl: siteBaseUrl(services, s, request),
      path: request.url.split('?')[0],
    });
  };
}

/** The exports the CSV page offers: each list's server CSV (GET /admin-api/<resource>/export). */
const EXPORTS = [
  { resource: 'users', label: 'Users', list: '/users' },
  { resource: 'subscribers', label: 'Subscribers', list: '/subscribers' },
  { resource: 'transactions', label: 'Transactions', list: '/transactions' },
  { resource: 'cancellations', label: 'Cancellations', list: '/cancellation' },
  { resource: 'promotions', label: 'Promotion reports', list: '/promotion-reports' },
  { resource: 'contact-messages', label: 'Contact inbox', list: '/contact-messages' },
] as const;

const CONTACT_EXPORT_COLUMNS = fieldColumns<any>(['id', 'received_at', 'kind', 'status', 'name', 'email', 'subject', 'message']);

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

  // ---- email configuration (CO-04) ----------------------------------------------------------------------------
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
    const sent = await services.mailer.send({
      to: request.body.to,
      subject: `Test mail from ${s.model_name}`,
      text: `This is a test mail from ${s.model_name}'s site. It was sent through ${view.source === 'console' ? `${view.host}:${view.port}` : 'the server set in SMTP_URL'}, so mail from the site can reach people.`,
    });
    if (sent.status === 'queued') return reply.code(409).send({ success: 0, code: 'NO_MAIL_SERVER', message: 'No mail server is set: the mail waits in the Outbox. Save a server above first.' });
    if (sent.status === 'failed') return reply.code(502).send({ success: 0, code: 'MAIL_FAILED', message: `The mail server refused the test mail: ${sent.error ?? 'unknown error'}` });
    return ok(reply, { status: sent.status, outbox_id: sent.id }, { message: `Test mail sent to ${request.body.to}.` });
  });

  // ---- storage and cache, from the environment (CO-05, CO-24) ----------------------------------------------------
  app.get('/api/settings/aws-settings', async (_request, reply) => {
    const s3 = services.config.s3;
    return ok(reply, {
      source: 'environment' as const,
      storage: s3 ? ('s3' as const) : ('local' as const),
      bucket: s3?.bucket ?? null,
      endpoint: s3?.endpoint ?? null,
      region: s3?.region ?? null,
      force_path_style: s3?.forcePathStyle ?? null,
      // Whether credentials are given, never what they are (nor any part of them).
      credentials: s3 ? (s3.accessKeyId ? ('set' as const) : ('default chain' as const)) : null,
      max_upload_mb: services.config.FANCLUB_MAX_UPLOAD_MB,
    });
  });
  app.get('/api/settings/redis-cache-setting', async (_request, reply) =>
    ok(reply, { source: 'environment' as const, kind: 'in-process' as const, enabled: services.config.FANCLUB_READ_CACHE, variable: 'FANCLUB_READ_CACHE', nodes: services.bus ? 'several (Kafka)' : 'one' }),
  );

  // ---- platform, SEO and bot-check settings (CO-06, CO-07, CO-19) ---------------------------------------------
  const platformView = async (request: FastifyRequest) => {
    const s = await currentSettings(db());
    return {
      ...pick(s, PLATFORM_KEYS),
      effective_site_url: siteBaseUrl(services, s, request),
      public_url_env: services.config.FANCLUB_PUBLIC_URL ?? null,
      database: services.config.DATABASE_URL ? ('postgres' as const) : ('pglite' as const),
      event_store: services.store.kind,
    };
  };
  app.get('/api/settings/platform-settings', async (request, reply) => ok(reply, await platformView(request)));
  app.post('/api/settings/platform-settings', { schema: { body: platformBody } }, async (request, reply) => {
    const ctx = await saveSettings(request, request.body);
    return ok(reply, await platformView(request), { message: 'update settings successfully.', position: ctx.lastPosition });
  });
  app.get('/api/settings/seo-setting', async (_request, reply) => ok(reply, pick(await currentSettings(db()), SEO_KEYS)));
  app.post('/api/settings/seo-setting', { schema: { body: seoBody } }, async (request, reply) => {
    const ctx = await saveSettings(request, request.body as Partial<SiteSettings>);
    return ok(reply, pick(await currentSettings(db()), SEO_KEYS), { message: 'update settings successfully.', position: ctx.lastPosition });
  });
  app.get('/api/settings/recaptcha-setting', async (_request, reply) => ok(reply, { ...pick(await currentSettings(db()), RECAPTCHA_KEYS), kind: 'proof-of-work' as const, actions: BOT_CHECK_ACTIONS }));
  app.post('/api/settings/recaptcha-setting', { schema: { body: recaptchaBody } }, async (request, reply) => {
    const ctx = await saveSettings(request, request.body);
    return ok(reply, { ...pick(await currentSettings(db()), RECAPTCHA_KEYS), kind: 'proof-of-work' as const, actions: BOT_CHECK_ACTIONS }, { message: 'update settings successfully.', position: ctx.lastPosition });
  });

  const challengeQuery = z.object({ action: z.enum(BOT_CHECK_ACTIONS, { error: BOT_CHECK_MESSAGES.action }) });
  app.get('/api/bot-check/challenge', { schema: { querystring: challengeQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(reply, await checks.challenge(request.query.action));
  });

  // ---- sitemap and robots (CO-07) ----------------------------------------------------------------------------
  app.get('/robots.txt', async (request, reply) => {
    const s = await currentSettings(db());
    // Addresses may come from the request's host (no site_url, no FANCLUB_PUBLIC_URL): caches keep one copy per host.
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').header('vary', 'Host').send(robotsTxt(siteBaseUrl(services, s, request), s.seo_discourage_indexing));
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const s = await currentSettings(db());
    const nowIso = services.clock().toISOString();
    const pages: SitemapEntry[] = [
      ...SITEMAP_PAGES.map((p) => ({ path: p })),
      ...allPages(s).filter((p) => p.published && !SITEMAP_SKIPPED_PAGES.has(p.slug)).map((p) => ({ path: `/${p.slug}`, lastmod: p.updated_at || null })),
    ];
    // Public posts that fans can see now (published, nothing processing), newest first; none when public posts are off.
    const posts = s.enable_public_post
      ? await db()
          .withSchema('rm')
          .selectFrom('posts')
          .select(['id', 'publish_at'])
          .where('visibility', '=', 'public')
          .where('fan_visible', '=', true)
          .where('deleted', '=', false)
          .where('publish_at', '<=', nowIso as never)
          .orderBy('publish_at', 'desc')
          .limit(45_000)
          .execute()
      : [];
    const entries = [...pages, ...posts.map((p) => ({ path: `/feed/${p.id}`, lastmod: new Date(p.publish_at as unknown as string).toISOString() }))];
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').header('vary', 'Host').send(sitemapXml(siteBaseUrl(services, s, request), entries));
  });

  // ---- CSV downloads (CO-18) ---------------------------------------------------------------------------------
  app.get('/api/settings/csv-download', async (request, reply) => {
    const caller = requireCaller(request);
    const available = EXPORTS.filter((e) => decideAccess(`GET /admin-api/${e.resource}/export`, caller.role) === 'allow' && Object.hasOwn(API_ACCESS, `GET /admin-api/${e.resource}/export`));
    const recent = await listAudit(db(), { sort: ['recorded_at', 'DESC'], range: [0, 19], filter: { action: 'DataExported' } });
    return ok(reply, {
      exports: available,
      recent: recent.rows.map((r: any) => ({ id: r.id, recorded_at: r.recorded_at, actor_email: r.actor_email, resource: r.data?.resource, rows: r.data?.rows })),
    });
  });
  app.get('/admin-api/contact-messages/export', async (request, reply) => {
    const { filter } = listParams(request, 'received_at');
    // The read model answers at most 500 rows a page: an export reads them all, page after page.
    const rows: unknown[] = [];
    for (let from = 0; from < EXPORT_RANGE[1]; from += 500) {
      const r = await listContactMessages(db(), { sort: ['received_at', 'ASC'], range: [from, from + 499], filter: Array.isArray(filter.id) ? { ...filter, id: undefined } : filter });
      rows.push(...r.rows);
      if (r.rows.length < 500) break;
    }
    const ids = Array.isArray(filter.id) ? new Set(filter.id.map(String)) : null;
    const chosen = ids ? rows.filter((r: any) => ids.has(r.id)) : rows;
    return sendExport(request, reply, services, 'contact-messages', filter, chosen, CONTACT_EXPORT_COLUMNS);
  });
};

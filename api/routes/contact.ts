// The contact form (/contact-us) and the "like the website" form (/like-the-website), their settings page and the
// console's Contact inbox. A message is recorded as an event first, then mailed to
// the creator (outbox; SMTP when set). Rate-limited per IP and per sender address.
//   POST /api/contact-us, POST /api/like-the-website                      {name, email, subject?, message}
//   GET/POST /api/settings/contact-us-settings                            (the settings roles)
//   GET /admin-api/contact-messages[/:id], PUT /admin-api/contact-messages/:id {status}
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import type { SiteSettings } from '../../domain/settings/settings';
import { checkContact, CONTACT_MESSAGES, type ContactKind } from '../../domain/contact/contact-message';
import { normaliseEmail } from '../../domain/shared/validation';
import { receiveContactMessage, setContactStatus } from '../../commands/contact';
import { updateSiteSettings } from '../../commands/settings';
import { createRateLimiter, TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { currentSettings } from '../../projections/settings';
import { listContactMessages, unreadContactCount } from '../../projections/contact-messages';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { editVersion, ifMatchRevision, setEtag } from '../edit-version';
import { listParams, sendList } from '../schemas/console-list';
import { contactBody, contactSettingsBody, contactStatusBody } from '../schemas/shell';
import { SETTINGS_STREAM } from '../../domain/settings/settings';
import type { Services } from '../services';

/** Messages per IP and per sender address in a 10-minute window; beyond them 429. */
export const CONTACT_LIMITS = { perIp: { windowMs: 10 * 60_000, max: 5 }, perEmail: { windowMs: 10 * 60_000, max: 3 } };

export const contactRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock().getTime();
  const perIp = createRateLimiter({ ...CONTACT_LIMITS.perIp, now });
  const perEmail = createRateLimiter({ ...CONTACT_LIMITS.perEmail, now });

  const receive = async (request: FastifyRequest, kind: ContactKind, body: z.infer<typeof contactBody>) => {
    const s = await currentSettings(db());
    if (kind === 'contact' && !s.contact_us_form_enabled) throw new DomainError(CONTACT_MESSAGES.formOff, 'FORM_DISABLED', 403);
    if (kind === 'feedback' && !s.show_like_the_website_form) throw new DomainError(CONTACT_MESSAGES.feedbackOff, 'FORM_DISABLED', 403);
    // Checked before counting: a form sent back with a field to fix is not another message.
    const input = checkContact({ kind, ...body });
    if (!perIp.hit(request.ip).allowed || !perEmail.hit(normaliseEmail(input.email)).allowed) throw new DomainError(TOO_MANY_REQUESTS, 'TOO_MANY_REQUESTS', 429);
    const ctx = contextFor(request, services);
    const to = s.contact_us_email || services.config.FANCLUB_ADMIN_EMAIL;
    const r = await receiveContactMessage(ctx, { send: (m) => services.mailer.send(m), to, siteName: s.model_name }, input, request.caller?.userId ?? null);
    await settle(services, ctx);
    return { ...r, position: ctx.lastPosition };
  };

  app.post('/api/contact-us', { schema: { body: contactBody } }, async (request, reply) => {
    const r = await receive(request, 'contact', request.body);
    return ok(reply, { _id: r.messageId }, { message: CONTACT_MESSAGES.sent, position: r.position });
  });
  app.post('/api/like-the-website', { schema: { body: contactBody } }, async (request, reply) => {
    const r = await receive(request, 'feedback', request.body);
    return ok(reply, { _id: r.messageId }, { message: CONTACT_MESSAGES.feedbackSent, position: r.position });
  });

  const contactSettings = (s: SiteSettings) => ({ contact_us_form_enabled: s.contact_us_form_enabled, show_like_the_website_form: s.show_like_the_website_form, contact_us_email: s.contact_us_email });
  app.get('/api/settings/contact-us-settings', async (_request, reply) => {
    setEtag(reply, await editVersion(services, SETTINGS_STREAM));
    return ok(reply, contactSettings(await currentSettings(db())));
  });
  app.post('/api/settings/contact-us-settings', { schema: { body: contactSettingsBody } }, async (request, reply) => {
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, request.body as Partial<SiteSettings>, ifMatchRevision(request));
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, SETTINGS_STREAM));
    return ok(reply, contactSettings(await currentSettings(db())), { message: 'update settings successfully.', position: ctx.lastPosition });
  });

  // ---- the console's inbox (react-admin resource contact-messages) ----------------------------------------

  app.get('/admin-api/contact-messages', async (request, reply) => {
    const p = listParams(request, 'received_at');
    const r = await listContactMessages(db(), p);
    reply.header('x-unread-count', String(await unreadContactCount(db())));
    return sendList(reply, 'contact-messages', p, r, r.rows);
  });
  app.get('/admin-api/contact-messages/:id', { schema: { params: z.object({ id: z.string().uuid({ error: 'id is invalid.' }) }) } }, async (request, reply) => {
    const r = await listContactMessages(db(), { sort: ['received_at', 'DESC'], range: [0, 0], filter: { id: request.params.id } });
    if (!r.rows[0]) throw new DomainError(CONTACT_MESSAGES.notFound, 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });
  app.put('/admin-api/contact-messages/:id', { schema: { params: z.object({ id: z.string().uuid({ error: 'id is invalid.' }) }), body: contactStatusBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await setContactStatus(ctx, request.params.id, request.body.status, caller.userId);
    await settle(services, ctx);
    const r = await listContactMessages(db(), { sort: ['received_at', 'DESC'], range: [0, 0], filter: { id: request.params.id } });
    return reply.send(r.rows[0]);
  });
};

// /api/users/*: registration, login, logout, the current user; /api/app_settings/get.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthResult } from '../../domain/user/wire';
import { registerUser, logIn, logOut, startSession, changePassword, PASSWORD_UPDATED } from '../../commands/accounts';
import { findUser } from '../../projections/users';
import { findSubscriber } from '../../projections/subscribers';
import { findMember } from '../../projections/members';
import { currentSettings } from '../../projections/settings';
import { savedCards } from '../../projections/cards';
import { findWallet } from '../../projections/wallet';
import { findAccountStatus } from '../../projections/account-status';
import { ok } from '../http';
import { answer } from '../openapi';
import { authResult } from '../schemas/accounts';
import { createRateLimiter, TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { endProxySession } from '../../commands/staff';
import { normaliseEmail } from '../../domain/shared/validation';
import { cardFormFields } from '../../domain/card/card-form';
import { DomainError } from '../../domain/shared/decider';
import { clearSessionCookie, contextFor, requireCaller, setSessionCookie } from '../auth';
import { meView, publicSettings, settle } from '../views';
import { settingsViewerOf } from '../queries/account';
import { staffNavLinks } from '../../domain/access/staff-links';
import type { Services } from '../services';
import { UTM_COOKIE, utmFromCookie } from '../../domain/reporting/reporting';

const registerBody = z.object({
  name: z.string({ error: 'Please enter a name.' }),
  email: z.string({ error: 'Please enter an email.' }),
  password: z.string({ error: 'Please enter a password.' }),
});

const loginBody = z.object({
  email: z.string({ error: 'Please enter an email.' }).min(1, { error: 'Please enter an email.' }),
  password: z.string({ error: 'Please enter a password.' }).min(1, { error: 'Please enter a password.' }),
});

const logoutBody = z.object({ everywhere: z.boolean({ error: 'everywhere must be true or false.' }).default(false) });

const changePasswordBody = z.object({
  old_password: z.string({ error: 'Please enter your current password.' }).min(1, { error: 'Please enter your current password.' }),
  new_password: z.string({ error: 'Please enter a new password.' }),
});

/**
 * Login guessing is bounded per account (every attempt; a success starts afresh) and per IP (failures only: a
 * household or venue behind one NAT address logs in all day); over the bound: 429 'You sent too many requests...'.
 */
export const LOGIN_LIMITS = { perAccount: { windowMs: 15 * 60_000, max: 10 }, perIp: { windowMs: 15 * 60_000, max: 50 } };

export const accountRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const now = () => services.clock().toISOString();
  const clockMs = () => services.clock().getTime();
  const loginPerAccount = createRateLimiter({ ...LOGIN_LIMITS.perAccount, now: clockMs });
  const loginPerIp = createRateLimiter({ ...LOGIN_LIMITS.perIp, now: clockMs });

  // mail_delivery: without SMTP_URL mail only waits in the console's Outbox, and the fan site says so. The answer is
  // the reader's: what is meant for members or staff reaches only them (api/views.ts publicSettings).
  app.get('/api/app_settings/get', async (request, reply) => {
    const [settings, viewer, provider, hostedMissing] = await Promise.all([
      currentSettings(db()), settingsViewerOf(services, request.caller), services.cardRouter.current(), services.hostedPayments.ccbill.missing(),
    ]);
    const cardFields = [...cardFormFields(provider, settings.card_form_billing_address)];
    return ok(reply, { ...publicSettings(settings, provider === 'sandbox', viewer, hostedMissing === null), card_form_fields: cardFields, mail_delivery: services.config.SMTP_URL ? 'smtp' : 'outbox' });
  });

  app.get('/api/users/get_model_details', async (_request, reply) => {
    const s = await currentSettings(db());
    return ok(reply, { name: s.model_name, avatarUrl: s.model_avatar_url, coverUrl: s.model_cover_url, bio: s.model_bio });
  });

  app.post('/api/users/register', { schema: { body: registerBody, response: { 201: answer(authResult) } } }, async (request, reply) => {
    const body = request.body;
    const ctx = contextFor(request, services);
    // The UTM values the fan site kept in its one-year cookie go with the registration.
    const { userId } = await registerUser(ctx, services.secrets, { ...body, utm: utmFromCookie(request.cookies?.[UTM_COOKIE]) });
    // The login that follows registration is the new user's own act.
    const userCtx = { ...ctx, metadata: { ...ctx.metadata, userId, role: 'user' } };
    const session = await startSession(userCtx, services.secrets, userId);
    await settle(services, userCtx);
    const settings = await currentSettings(db());
    const data: AuthResult = {
      token: session.token,
      userId,
      url: publicSettings(settings, true, { role: 'user', member: false }).after_register_route,
      showMergePopup: false,
      showForgotPasswordPopup: false,
      showOldUserMergePopup: false,
    };
    setSessionCookie(request, reply, services, session.token);
    return reply.code(201).send({ success: 1, message: 'Registration successful.', data });
  });

  app.post('/api/users/login', { schema: { body: loginBody, response: { 200: answer(authResult) } } }, async (request, reply) => {
    const body = request.body;
    const account = loginPerAccount.hit(normaliseEmail(body.email));
    // Counted before the check so that parallel guesses are bounded too; taken back below when it succeeds.
    const ip = loginPerIp.hit(request.ip);
    if (!account.allowed || !ip.allowed) {
      reply.header('retry-after', String(Math.max(account.retryAfterSeconds, ip.retryAfterSeconds)));
      throw new DomainError(TOO_MANY_REQUESTS, 'TOO_MANY_REQUESTS', 429);
    }
    const ctx = contextFor(request, services);
    const { userId, token } = await logIn(ctx, services.secrets, body.email, body.password);
    loginPerAccount.reset(normaliseEmail(body.email));
    loginPerIp.forgive(request.ip);
    await settle(services, ctx);
    const sub = await findSubscriber(db(), userId);
    const data: AuthResult = { token, userId, url: sub ? '/' : '/subscribe', showMergePopup: false, showForgotPasswordPopup: false, showOldUserMergePopup: false };
    setSessionCookie(request, reply, services, token);
    return ok(reply, data);
  });

  app.post('/api/users/logout', { schema: { body: logoutBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    // A proxy session ends on its own; the admin's session (held by the console) carries on.
    const { everywhere } = request.body;
    if (caller.proxyAdminId) await endProxySession(ctx, caller.userId, caller.sessionId);
    else await logOut(ctx, caller.userId, caller.sessionId, everywhere);
    await settle(services, ctx);
    clearSessionCookie(request, reply, services);
    return ok(reply, null, { message: everywhere ? 'Logged out on every device.' : 'Logged out.' });
  });

  app.post('/api/users/change_old_password', { schema: { body: changePasswordBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    await changePassword(ctx, services.secrets, caller.userId, caller.sessionId, body.old_password, body.new_password);
    await settle(services, ctx);
    return ok(reply, { action: 'password_changed', token: null }, { message: PASSWORD_UPDATED });
  });

  app.get('/api/users/me', async (request, reply) => {
    const caller = requireCaller(request);
    const [user, sub, cards, status, member, wallet, settings] = await Promise.all([
      findUser(db(), caller.userId),
      findSubscriber(db(), caller.userId),
      savedCards(db(), caller.userId),
      findAccountStatus(db(), caller.userId),
      findMember(db(), caller.userId),
      findWallet(db(), caller.userId),
      currentSettings(db()),
    ]);
    if (!user) return reply.code(401).send({ success: 0, message: 'Invalid User Id', code: 'UNAUTHENTICATED' });
    const view = meView(user, sub, cards.find((c) => c.is_primary)?._id ?? null, now(), status, wallet);
    // The effective role and the staff's photo-ID override apply; a proxy session shows as proxy_user.
    return ok(reply, {
      ...view,
      role: caller.role,
      isAdmin: caller.role === 'admin' || caller.role === 'super_admin',
      isPhotoIdAccepted: view.isPhotoIdAccepted || member.photo_id_override,
      proxyAdminId: caller.proxyAdminId,
      staff_links: staffNavLinks(caller.role, { hide_earnings: !!settings.hide_earnings, live_stream_report_enabled: !!settings.live_stream_report_enabled }),
    });
  });
};


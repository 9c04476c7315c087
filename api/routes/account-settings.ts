// Account self-service: password reset, email change and opt-in verification, profile details, photo ID.
// Opt-in statuses (a verification mail may be sent again after 2 minutes), photo ID, the Account and Email settings
// pages, and their messages.
// Emailed links carry a random token; only its SHA-256 hash is stored, and no answer says whether an
// email has an account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError, isValidEmail, normaliseEmail } from '../../domain/shared/validation';
import { PHOTO_ID_MAX_BYTES, PHOTO_ID_UPLOADED } from '../../domain/user/user';
import { PASSWORD_UPDATED } from '../../commands/accounts';
import {
  changeProfileDetails,
  confirmEmailChange,
  dismissEmailChange,
  invalidToken,
  isResetTokenLive,
  looksLikeToken,
  markOptInPromptShown,
  requestPasswordReset,
  resendEmailChange,
  resetPassword,
  updateOptInStatus,
  uploadPhotoId,
  verifyOptInEmail,
} from '../../commands/account-self-service';
import type { CommandContext } from '../../commands/handle';
import { createRateLimiter, TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { findAccountStatus, findTokenOwner, type AccountTokenKind } from '../../projections/account-status';
import { ok } from '../http';
import { contextFor, requireCaller, setSessionCookie } from '../auth';
import { settle } from '../views';
import { forgotBody, optInBody, photoIdOf, profileBody, resetBody, tokenBody } from '../schemas/account-settings';
import { accountMailer } from '../account-mails';
import { meOf } from '../queries/account';
import type { Services } from '../services';

export const MESSAGES = {
  forgotSent: 'A password reset link was just emailed to you.',
  profileUpdated: 'Profile Details Updated Successfully.',
  changeEmailVerified: 'Change Email Verified Successfully',
  changeEmailResent: 'Resend change Email Request Successfully',
  changeEmailDismissed: 'Your change email request has been cancelled, if you want to change email then please request again.',
  optInMailSent: 'Resend email successfully',
  optInStatusUpdated: 'Email preference updated successfully.',
  optInVerified: 'Email verified successfully.',
} as const;

/** Reset mails per account and per IP (an hour's window); beyond them 429 TOO_MANY_REQUESTS. */
export const FORGOT_PASSWORD_LIMITS = { perAccount: { windowMs: 60 * 60_000, max: 5 }, perIp: { windowMs: 60 * 60_000, max: 30 } };

export const accountSettingsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  // Multipart only for this plugin's routes (the photo ID); the file size limit is the spec's 10 MB.
  await app.register(multipart, { limits: { fileSize: PHOTO_ID_MAX_BYTES, files: 1, fields: 10, parts: 20 } });

  const db = () => services.database.db;
  const clockMs = () => services.clock().getTime();
  const forgotPerAccount = createRateLimiter({ ...FORGOT_PASSWORD_LIMITS.perAccount, now: clockMs });
  const forgotPerIp = createRateLimiter({ ...FORGOT_PASSWORD_LIMITS.perIp, now: clockMs });

  const mail = accountMailer(services);

  const tokenOwner = async (token: unknown, kind: AccountTokenKind): Promise<string | null> =>
    looksLikeToken(token) ? findTokenOwner(db(), services.secrets.hashToken(token), kind) : null;

  const me = (userId: string) => meOf(services, userId);

  const done = async (ctx: CommandContext) => {
    await settle(services, ctx);
    return ctx.lastPosition;
  };

  // ---- forgotten password ----------------------------------------------------------------------------

  app.post('/api/users/forgot_password', { schema: { body: forgotBody } }, async (request, reply) => {
    const body = request.body;
    const email = normaliseEmail(body.email ?? '');
    if (email === '') throw new ValidationError('email', 'Please enter an email.');
    if (!isValidEmail(email)) throw new ValidationError('email', 'Please enter a valid email.');
    // Counted whether or not the email has an account, so the limit itself tells nothing.
    const account = forgotPerAccount.hit(email);
    const ip = forgotPerIp.hit(request.ip);
    if (!account.allowed || !ip.allowed) {
      reply.header('retry-after', String(Math.max(account.allowed ? 0 : account.retryAfterSeconds, ip.allowed ? 0 : ip.retryAfterSeconds)));
      throw new DomainError(TOO_MANY_REQUESTS, 'TOO_MANY_REQUESTS', 429);
    }
    const ctx = contextFor(request, services);
    const reset = await requestPasswordReset(ctx, services.secrets, email);
    // Not awaited: a slow SMTP server must not make a known address answer slower than an unknown one.
    if (reset) void mail(request, 'password_reset', reset.email, reset.name, reset.token).catch(() => {});
    await settle(services, ctx);
    return ok(reply, null, { message: MESSAGES.forgotSent });
  });

  // The token is in the path: keep these requests out of the info-level request log.
  app.post('/api/users/check_token/:token', { logLevel: 'warn' }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const ctx = contextFor(request, services);
    if (!(await isResetTokenLive(ctx, services.secrets, await tokenOwner(token, 'password_reset'), token))) throw invalidToken();
    return ok(reply, { valid: true });
  });

  app.post('/api/users/reset_password', { schema: { body: resetBody } }, async (request, reply) => {
    const body = request.body;
    if (!body.password) throw new ValidationError('password', 'Please enter a password.');
    const ctx = contextFor(request, services);
    const { userId, token } = await resetPassword(ctx, services.secrets, await tokenOwner(body.token, 'password_reset'), body.token, body.password);
    const position = await done(ctx);
    const user = await me(userId);
    setSessionCookie(request, reply, services, token);
    return ok(reply, { token, user, newUser: false, userUniversalAccountCount: 1 }, { message: PASSWORD_UPDATED, position });
  });

  // ---- profile details and change of email ------------------------------------------------------------

  app.post('/api/users/change_profile_details', { schema: { body: profileBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const { emailChange, name } = await changeProfileDetails(ctx, services.secrets, caller.userId, body);
    if (emailChange) await mail(request, 'email_change', emailChange.newEmail, name, emailChange.token);
    const position = await done(ctx);
    return ok(reply, await me(caller.userId), { message: MESSAGES.profileUpdated, position });
  });

  app.post('/api/change-email-settings/user-change-email-verification', { schema: { body: tokenBody } }, async (request, reply) => {
    const body = request.body;
    const ctx = contextFor(request, services);
    await confirmEmailChange(ctx, services.secrets, await tokenOwner(body.token, 'email_change'), body.token);
    const position = await done(ctx);
    return ok(reply, null, { message: MESSAGES.changeEmailVerified, position });
  });

  app.post('/api/change-email-settings/resend-change-email-request', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const sent = await resendEmailChange(ctx, services.secrets, caller.userId);
    await mail(request, 'email_change', sent.newEmail, sent.name, sent.token);
    const position = await done(ctx);
    return ok(reply, null, { message: MESSAGES.changeEmailResent, position });
  });

  app.post('/api/change-email-settings/dismiss-change-email-request', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await dismissEmailChange(ctx, caller.userId);
    const position = await done(ctx);
    return ok(reply, null, { message: MESSAGES.changeEmailDismissed, position });
  });

  // ---- email opt-in -------------------------------------------------------------------------------------

  app.post('/api/opt-in-email-settings/update-user-opt-in-status', { schema: { body: optInBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const { mail: optIn } = await updateOptInStatus(ctx, services.secrets, caller.userId, body.opt_in_status);
    if (optIn) await mail(request, 'opt_in', optIn.to, optIn.name, optIn.token);
    const position = await done(ctx);
    const status = await findAccountStatus(db(), caller.userId);
    return ok(reply, { emailOptInStatus: status?.email_opt_in_status ?? 'pending' }, { message: optIn ? MESSAGES.optInMailSent : MESSAGES.optInStatusUpdated, position });
  });

  app.post('/api/opt-in-email-settings/user-opt-in-email-verification', { schema: { body: tokenBody } }, async (request, reply) => {
    const body = request.body;
    const ctx = contextFor(request, services);
    await verifyOptInEmail(ctx, services.secrets, await tokenOwner(body.token, 'opt_in'), body.token);
    const position = await done(ctx);
    return ok(reply, null, { message: MESSAGES.optInVerified, position });
  });

  app.get('/api/update-opt-in-email-popup-display-status', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await markOptInPromptShown(ctx, caller.userId);
    const position = await done(ctx);
    return ok(reply, { displayed: true }, { position });
  });

  // ---- photo ID -------------------------------------------------------------------------------------------

  app.post('/api/users/upload_photo_id', async (request, reply) => {
    const caller = requireCaller(request);
    const file = await photoIdOf(request);
    const ctx = contextFor(request, services);
    await uploadPhotoId(ctx, services.storage, caller.userId, file);
    const position = await done(ctx);
    return ok(reply, { photoIdStatus: 'uploaded' as const }, { message: PHOTO_ID_UPLOADED, position });
  });
};

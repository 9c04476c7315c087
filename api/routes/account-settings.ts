// Account self-service: password reset, email change and opt-in verification, profile details, photo ID.
// Spec 1 §4 (opt-in statuses, 2-minute resend wait), §5 (photo ID), §7 (Account, Email settings), §8 (messages).
// Emailed links carry a random token; only its SHA-256 hash is stored, and no answer says whether an
// email has an account.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { MeView } from '../../domain/user/wire';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError, isValidEmail, normaliseEmail } from '../../domain/shared/validation';
import { FAN_OPT_IN_CHOICES, PHOTO_ID_MAX_BYTES, PHOTO_ID_REQUIRED, PHOTO_ID_TOO_LARGE, PHOTO_ID_UPLOADED } from '../../domain/user/user';
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
import { hashToken } from '../../infra/auth/secrets';
import { createRateLimiter, TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { findAccountStatus, findTokenOwner, type AccountTokenKind } from '../../projections/account-status';
import { findUser } from '../../projections/users';
import { findSubscriber } from '../../projections/subscribers';
import { savedCards } from '../../projections/cards';
import { findWallet } from '../../projections/wallet';
import { ok, parse } from '../http';
import { contextFor, requireCaller, setSessionCookie } from '../auth';
import { meView, settle } from '../views';
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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const accountSettingsRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  // Multipart only for this plugin's routes (the photo ID); the file size limit is the spec's 10 MB.
  await app.register(multipart, { limits: { fileSize: PHOTO_ID_MAX_BYTES, files: 1, fields: 10, parts: 20 } });

  const db = () => services.database.db;
  const clockMs = () => services.clock().getTime();
  const forgotPerAccount = createRateLimiter({ ...FORGOT_PASSWORD_LIMITS.perAccount, now: clockMs });
  const forgotPerIp = createRateLimiter({ ...FORGOT_PASSWORD_LIMITS.perIp, now: clockMs });

  /** Links point at FANCLUB_PUBLIC_URL, else localhost on the port the request came in on (never a Host we were told). */
  const publicUrl = (request: FastifyRequest): string => {
    const configured = services.config.FANCLUB_PUBLIC_URL;
    if (configured) return configured.replace(/\/+$/, '');
    const port = /:(\d{1,5})$/.exec(request.headers.host ?? '')?.[1];
    return `http://localhost${port ? `:${port}` : ''}`;
  };

  const mailLink = (to: string, name: string, subject: string, lead: string, link: string, tail: string) =>
    services.mailer.send({
      to,
      subject,
      text: `Hello${name ? ` ${name}` : ''},\n\n${lead}\n\n${link}\n\n${tail}\n`,
      html: `<p>Hello${name ? ` ${escapeHtml(name)}` : ''},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(tail)}</p>`,
    });

  const tokenOwner = async (token: unknown, kind: AccountTokenKind): Promise<string | null> =>
    looksLikeToken(token) ? findTokenOwner(db(), hashToken(token), kind) : null;

  /** The MeView of a user, as GET /api/users/me answers it. */
  const me = async (userId: string): Promise<MeView | null> => {
    const [user, sub, cards, status, wallet] = await Promise.all([findUser(db(), userId), findSubscriber(db(), userId), savedCards(db(), userId), findAccountStatus(db(), userId), findWallet(db(), userId)]);
    return user ? meView(user, sub, cards.find((c) => c.is_primary)?._id ?? null, services.clock().toISOString(), status, wallet) : null;
  };

  const done = async (ctx: CommandContext) => {
    await settle(services, ctx);
    return ctx.lastPosition;
  };

  // ---- forgotten password ----------------------------------------------------------------------------

  app.post('/api/users/forgot_password', async (request, reply) => {
    const body = parse(z.object({ email: z.string({ error: 'Please enter a valid email.' }).optional() }), request.body);
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
    const reset = await requestPasswordReset(ctx, email);
    if (reset) {
      const link = `${publicUrl(request)}/change-password/${reset.token}`;
      // Not awaited: a slow SMTP server must not make a known address answer slower than an unknown one.
      void mailLink(
        reset.email,
        reset.name,
        'Reset your password',
        'We received a request to reset your password. Open this link within 1 hour to choose a new one:',
        link,
        'If you did not ask for this, you can ignore this email; your password stays as it is.',
      ).catch(() => {});
    }
    await settle(services, ctx);
    return ok(reply, null, { message: MESSAGES.forgotSent });
  });

  // The token is in the path: keep these requests out of the info-level request log.
  app.post('/api/users/check_token/:token', { logLevel: 'warn' }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const ctx = contextFor(request, services);
    if (!(await isResetTokenLive(ctx, await tokenOwner(token, 'password_reset'), token))) throw invalidToken();
    return ok(reply, { valid: true });
  });

  app.post('/api/users/reset_password', async (request, reply) => {
    const body = parse(
      z.object({
        token: z.string({ error: 'Invalid token.' }).min(1, { error: 'Invalid token.' }),
        password: z.string({ error: 'Please enter a password.' }).optional(),
      }),
      request.body,
    );
    if (!body.password) throw new ValidationError('password', 'Please enter a password.');
    const ctx = contextFor(request, services);
    const { userId, token } = await resetPassword(ctx, await tokenOwner(body.token, 'password_reset'), body.token, body.password);
    const position = await done(ctx);
    const user = await me(userId);
    setSessionCookie(request, reply, services, token);
    return ok(reply, { token, user, newUser: false, userUniversalAccountCount: 1 }, { message: PASSWORD_UPDATED, position });
  });

  // ---- profile details and change of email ------------------------------------------------------------

  app.post('/api/users/change_profile_details', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(
      z.object({ name: z.string({ error: 'Please enter a name.' }).optional(), email: z.string({ error: 'Please enter an email.' }).optional() }),
      request.body,
    );
    const ctx = contextFor(request, services);
    const { emailChange, name } = await changeProfileDetails(ctx, caller.userId, body);
    if (emailChange) {
      await mailLink(
        emailChange.newEmail,
        name,
        'Confirm your new email address',
        'Please confirm that this is your new email address. Open this link within 24 hours:',
        `${publicUrl(request)}/change-email-verification/${emailChange.token}`,
        'Until you do, we keep using your current address. If you did not ask for this, ignore this email.',
      );
    }
    const position = await done(ctx);
    return ok(reply, await me(caller.userId), { message: MESSAGES.profileUpdated, position });
  });

  app.post('/api/change-email-settings/user-change-email-verification', async (request, reply) => {
    const body = parse(z.object({ token: z.string({ error: 'Invalid token.' }).min(1, { error: 'Invalid token.' }) }), request.body);
    const ctx = contextFor(request, services);
    await confirmEmailChange(ctx, await tokenOwner(body.token, 'email_change'), body.token);
    const position = await done(ctx);
    return ok(reply, null, { message: MESSAGES.changeEmailVerified, position });
  });

  app.post('/api/change-email-settings/resend-change-email-request', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const sent = await resendEmailChange(ctx, caller.userId);
    await mailLink(
      sent.newEmail,
      sent.name,
      'Confirm your new email address',
      'Please confirm that this is your new email address. Open this link within 24 hours:',
      `${publicUrl(request)}/change-email-verification/${sent.token}`,
      'Until you do, we keep using your current address. If you did not ask for this, ignore this email.',
    );
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

  app.post('/api/opt-in-email-settings/update-user-opt-in-status', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(
      z.object({ opt_in_status: z.enum(FAN_OPT_IN_CHOICES, { error: `opt_in_status must be one of ${FAN_OPT_IN_CHOICES.join(', ')}.` }) }),
      request.body,
    );
    const ctx = contextFor(request, services);
    const { mail } = await updateOptInStatus(ctx, caller.userId, body.opt_in_status);
    if (mail) {
      await mailLink(
        mail.to,
        mail.name,
        'Confirm your email address',
        'Please confirm your email address to receive email notifications. Open this link within 24 hours:',
        `${publicUrl(request)}/opt-in-email-verification/${mail.token}`,
        'If you did not ask for this, ignore this email.',
      );
    }
    const position = await done(ctx);
    const status = await findAccountStatus(db(), caller.userId);
    return ok(reply, { emailOptInStatus: status?.email_opt_in_status ?? 'pending' }, { message: mail ? MESSAGES.optInMailSent : MESSAGES.optInStatusUpdated, position });
  });

  app.post('/api/opt-in-email-settings/user-opt-in-email-verification', async (request, reply) => {
    const body = parse(z.object({ token: z.string({ error: 'Invalid token.' }).min(1, { error: 'Invalid token.' }) }), request.body);
    const ctx = contextFor(request, services);
    await verifyOptInEmail(ctx, await tokenOwner(body.token, 'opt_in'), body.token);
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
    if (!request.isMultipart()) throw new ValidationError('photoId', PHOTO_ID_REQUIRED);
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (part.fieldname === 'photoId' && !file) file = data;
      }
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError('photoId', PHOTO_ID_TOO_LARGE);
      // Anything else while reading the parts is a malformed body (no boundary, cut off, too many parts): no file came.
      throw new ValidationError('photoId', PHOTO_ID_REQUIRED);
    }
    const ctx = contextFor(request, services);
    await uploadPhotoId(ctx, services.storage, caller.userId, file);
    const position = await done(ctx);
    return ok(reply, { photoIdStatus: 'uploaded' as const }, { message: PHOTO_ID_UPLOADED, position });
  });
};

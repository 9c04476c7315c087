// Payments on CCBill's own page (FlexForms), for the fan site:
//   GET  /api/ccbill/set_payment_method        → { action: 'redirect', url }: where the card CCBill bills is changed
//   POST /api/ccbill/subscribe_user            { promotion_id?, coupon_code? } → { action: 'redirect', url, payment_id }
//   GET  /api/ccbill/hosted-payment/:id        → the payment's status, for the return page (the caller's own only)
//   GET  /api/ccbill/guest-payment/:id         → a guest purchase's status, for the return page without sign-in
//   POST /api/ccbill/pay-guest                 { email, blogId, amount, promotion_id?, is_promotion_applied? }
//                                              → { action: 'redirect', url, payment_id }: a locked post bought without an
//                                              account (public; the same answer whether or not the email has one)
// The redirect back from CCBill proves nothing: only CCBill's verified notice captures (POST /api/webhooks/ccbill).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { paymentDecider, paymentStream } from '../../domain/payment/payment';
import { isActive, subscriptionStatus } from '../../domain/subscription/subscription';
import { loadStream } from '../../commands/handle';
import { loadSubscription } from '../../commands/subscriptions';
import { subscribeOnProviderPage } from '../../commands/hosted-purchases';
import { startGuestPurchase } from '../../commands/guest-purchases';
import { guestPurchaseDecider, guestPurchaseStream } from '../../domain/guest-purchase/guest-purchase';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { createRateLimiter, TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { answer } from '../openapi';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { findUserEmail } from '../../projections/users';
import type { Services } from '../services';

const redirect = z.object({ action: z.literal('redirect'), url: z.string().describe('Where the fan site sends the fan next.') });
const subscribeBody = z.object({
  promotion_id: z.string().max(100, { error: 'promotion_id is invalid.' }).nullable().optional(),
  coupon_code: z.string().max(100, { error: 'coupon_code is invalid.' }).nullable().optional(),
});
const started = redirect.extend({ payment_id: z.string().describe('The payment the return page follows.') });
/** 409: CCBill is not configured (naming what is missing), or the membership is not billed by CCBill. */
const notAvailable = z
  .object({ success: z.literal(0), message: z.string(), code: z.enum(['PROVIDER_NOT_CONFIGURED', 'NOT_PROVIDER_BILLED']) })
  .describe('PROVIDER_NOT_CONFIGURED: what CCBill still needs, by name; NOT_PROVIDER_BILLED: the membership is not billed by CCBill.');
const guestBody = z.object({
  email: z.string({ error: 'Please enter an email.' }).max(254, { error: 'Please enter a valid email.' }),
  blogId: z.string({ error: 'blogId is required.' }).uuid({ error: 'blogId is invalid.' }),
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
  promotion_id: z.string().max(100, { error: 'promotion_id is invalid.' }).nullable().optional(),
  is_promotion_applied: z.boolean({ error: 'is_promotion_applied must be true or false.' }).optional(),
});
/** Guest purchases per email and per IP (an hour's window); beyond them 429 TOO_MANY_REQUESTS. */
export const GUEST_PURCHASE_LIMITS = { perEmail: { windowMs: 60 * 60_000, max: 10 }, perIp: { windowMs: 60 * 60_000, max: 30 } };
const idParam = z.object({ id: z.string().uuid({ error: 'id is invalid.' }) });
const paymentStatus = z.object({
  payment_id: z.string(),
  status: z.enum(['requested', 'captured', 'failed', 'reversed']).describe('requested: waiting for CCBill\'s confirmation.'),
  purpose: z.string().describe('subscription, unlock, …'),
  message: z.string().nullable().describe('Why the payment failed, when it did.'),
  ccbill_subscription_status: z.enum(['0', '1', '2']).nullable().describe('For a membership: its status now.'),
  membership_active: z.boolean().nullable(),
});

/** What a guest's return page may know: the status alone (no email, account or post). */
const guestStatus = z.object({
  payment_id: z.string(),
  status: z.enum(['requested', 'captured', 'failed']).describe("requested: waiting for CCBill's confirmation; captured: unlocked for the email's account."),
  message: z.string().nullable().describe('Why nothing was bought, when nothing was.'),
});
const GUEST_RELEASED: Record<string, string> = {
  declined: 'The payment did not go through.',
  abandoned: 'The payment page had been given up; the payment was refunded.',
  refused: 'The purchase could not be completed; the payment was refunded.',
};

export const ccbillHostedRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const hosted = services.hostedPayments.ccbill;
  const clockMs = () => services.clock().getTime();
  const guestPerEmail = createRateLimiter({ ...GUEST_PURCHASE_LIMITS.perEmail, now: clockMs });
  const guestPerIp = createRateLimiter({ ...GUEST_PURCHASE_LIMITS.perIp, now: clockMs });

  app.get('/api/ccbill/set_payment_method', { schema: { response: { 200: answer(redirect), 409: notAvailable } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const missing = await hosted.missing();
    if (missing) throw new DomainError(missing, 'PROVIDER_NOT_CONFIGURED', 409);
    const { state } = await loadSubscription(services.store, caller.userId);
    // CCBill has no zero-amount form: the card of a membership it bills is changed at its own support site.
    if (state.billedBy?.provider !== 'ccbill') throw new DomainError('Your membership is not billed by CCBill: add a card under Payment method.', 'NOT_PROVIDER_BILLED', 409);
    return ok(reply, { action: 'redirect' as const, url: hosted.cardUpdateUrl() });
  });

  app.post('/api/ccbill/subscribe_user', { schema: { body: subscribeBody, response: { 200: answer(started) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const email = await findUserEmail(services.database.db, caller.userId);
    if (!email) throw new DomainError('Please log in to continue.', 'UNAUTHENTICATED', 401);
    const ctx = contextFor(request, services);
    const start = await subscribeOnProviderPage(ctx, services.purchases, hosted, {
      userId: caller.userId, role: caller.role, email, promotionId: body.promotion_id || null, couponCode: body.coupon_code || null,
    });
    await settle(services, ctx);
    return ok(reply, { action: 'redirect' as const, url: start.url, payment_id: start.paymentId }, { position: ctx.lastPosition });
  });

  app.get('/api/ccbill/hosted-payment/:id', { schema: { params: idParam, response: { 200: answer(paymentStatus) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { state } = await loadStream(services.store, paymentStream(request.params.id), paymentDecider);
    const r = state.request;
    if (!r || r.userId !== caller.userId || state.status === 'none') throw new DomainError('Invalid Request', 'PAYMENT_NOT_FOUND', 404);
    const now = services.clock().toISOString();
    const membership = r.purpose.kind === 'subscription' ? (await loadSubscription(services.store, caller.userId)).state : null;
    return ok(reply, {
      payment_id: r.paymentId,
      status: state.status,
      purpose: r.purpose.kind,
      message: state.failure?.message ?? null,
      ccbill_subscription_status: membership ? subscriptionStatus(membership, now) : null,
      membership_active: membership ? isActive(membership, now) : null,
    });
  });

  app.get('/api/ccbill/guest-payment/:id', { schema: { params: idParam, response: { 200: answer(guestStatus) } } }, async (request, reply) => {
    const paymentId = request.params.id;
    const guest = (await loadStream(services.store, guestPurchaseStream(paymentId), guestPurchaseDecider)).state;
    if (guest.status === 'none') throw new DomainError('Invalid Request', 'PAYMENT_NOT_FOUND', 404);
    const payment = guest.status === 'matched' ? (await loadStream(services.store, paymentStream(paymentId), paymentDecider)).state : null;
    const status = guest.status === 'released' || payment?.status === 'failed' || payment?.status === 'reversed' ? 'failed' : payment?.status === 'captured' ? 'captured' : 'requested';
    const message = status !== 'failed' ? null : guest.status === 'released' ? (GUEST_RELEASED[guest.released ?? 'declined'] ?? GUEST_RELEASED.declined) : (payment?.failure?.message ?? 'The payment did not go through.');
    return ok(reply, { payment_id: paymentId, status, message });
  });

  app.post('/api/ccbill/pay-guest', { schema: { body: guestBody, response: { 200: answer(started) } } }, async (request, reply) => {
    const body = request.body;
    const amountCents = centsFromDollars(body.amount);
    if (amountCents === null) throw new ValidationError('amount', 'Please enter a valid amount');
    // Counted whether or not the email has an account, so the limit itself tells nothing.
    const email = guestPerEmail.hit(body.email.trim().toLowerCase());
    const ip = guestPerIp.hit(request.ip);
    if (!email.allowed || !ip.allowed) {
      reply.header('retry-after', String(Math.max(email.allowed ? 0 : email.retryAfterSeconds, ip.allowed ? 0 : ip.retryAfterSeconds)));
      throw new DomainError(TOO_MANY_REQUESTS, 'TOO_MANY_REQUESTS', 429);
    }
    const ctx = contextFor(request, services);
    const start = await startGuestPurchase(ctx, hosted, {
      email: body.email, postId: body.blogId, confirmedAmountCents: amountCents, applyPromotion: !!body.promotion_id || !!body.is_promotion_applied,
    });
    await settle(services, ctx);
    return ok(reply, { action: 'redirect' as const, url: start.url, payment_id: start.paymentId }, { position: ctx.lastPosition });
  });
};

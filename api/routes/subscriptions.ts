// The subscription lifecycle over HTTP (commands/subscriptions.ts):
//   POST /api/v2/subscription/quote                {promotion_id?, coupon_code?}            → SubscriptionQuoteView
//   POST /api/v2/purchase/subscription             {card form | card_id | payment_method: 'crypto_currency', promotion_id?, coupon_code?}
//                                                                                          → 200 accepted / 402 declined, SubscriptionPaymentResult
//   GET  /api/v2/subscription/details                                                       → MembershipDetailsView
//   POST /api/v2/subscription/cancel-subscription  {cancellation_reason, other_reason?, request_from?} → CancelSubscriptionAnswer
//   POST /api/cancel-subscription                  (the same, v1 / subscription-billing-provider flow)
//   POST /api/crypto/cancel-subscription           (the same, crypto flow)
//   POST /api/v2/subscription/reactivate                                                    → MembershipDetailsView
//   POST /api/users/cancel_complimentary_subscription                                       → message
//   POST /api/users/updateRebillNotificationDate                                            → success, message
//   POST /api/v2/subscription/retry-rebill         {card form | card_id}                    → 200 / 402, SubscriptionPaymentResult
//   POST /api/v2/purchase/resubscribe-with-card    {card form | card_id | payment_method: 'crypto_currency'} → 200 / 402
// The migration to the v2 payment API and the console's settings and cancellations: routes/subscription-settings.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPLIMENTARY_CANCELLED, SUBSCRIPTION_REACTIVATED } from '../../domain/subscription/subscription';
import type { CancelSubscriptionAnswer } from '../../domain/subscription/wire';
import { cancelComplimentary, quoteSubscription, reactivateMembership, retryRebillWithCard, updateRebillNotificationDate } from '../../commands/subscriptions';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { choiceOf } from '../schemas/payment';
import { cancelBody, cardChoice, changeTierBody, quoteBody, quoteView, sendPayment, subscribeBody } from '../schemas/subscription';
import { subscriptionQueries } from '../queries/subscription';
import { checkSubscriptionLink } from '../../commands/admin-tools';
import { linkSigner } from '../subscription-links';
import { cardPayments } from '../card-payments';
import type { Services } from '../services';

export const subscriptionRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const deps = () => (services.purchases);
  const memberships = subscriptionQueries(services);
  const payments = cardPayments(services);

  // ---- price and subscribe -------------------------------------------------------------------------

  app.post('/api/v2/subscription/quote', { schema: { body: quoteBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    // A subscription link's price (verified: signature, expiry, generated, not used by this fan) replaces the rest.
    const link = body.subscription_link ? await checkSubscriptionLink(ctx, linkSigner(services.config), body.subscription_link, caller.userId) : null;
    const q = await quoteSubscription(ctx, { userId: caller.userId, role: caller.role, promotionId: body.promotion_id, couponCode: body.coupon_code || null, offerPromotion: !link, link,
      tierId: body.tier_id || null, bundleMonths: body.bundle_months ?? null,
    });
    return ok(reply, quoteView(q, ctx.now()));
  });

  app.post('/api/v2/purchase/subscription', { schema: { body: subscribeBody } }, (request, reply) => payments.subscribe(request, reply, request.body));

  app.post('/api/v2/subscription/change-tier', { schema: { body: changeTierBody } }, (request, reply) => payments.changeTier(request, reply, request.body));

  // ---- the membership page -------------------------------------------------------------------------

  app.get('/api/v2/subscription/details', async (request, reply) => ok(reply, await memberships.details(requireCaller(request))));

  // ---- cancel / reactivate -------------------------------------------------------------------------

  // One cancellation under the paths of the three flows (v2, v1 / subscription-billing provider, crypto).
  const cancelPaths = { v2: '/api/v2/subscription/cancel-subscription', v1: '/api/cancel-subscription', crypto: '/api/crypto/cancel-subscription' };
  for (const [flow, path] of Object.entries(cancelPaths))
    app.post(path, { schema: { body: cancelBody } }, (request, reply) => payments.cancel(request, reply, request.body, flow));

  app.post('/api/v2/subscription/reactivate', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await reactivateMembership(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, await memberships.details(caller), { message: SUBSCRIPTION_REACTIVATED, position: ctx.lastPosition });
  });

  app.post('/api/users/cancel_complimentary_subscription', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await cancelComplimentary(ctx, caller.userId);
    await settle(services, ctx);
    const data: CancelSubscriptionAnswer = { cancelled: true, ccbill_subscription_status: r.status, expiration_date: r.state.expiresAt };
    return ok(reply, data, { message: COMPLIMENTARY_CANCELLED, position: ctx.lastPosition });
  });

  app.post('/api/users/updateRebillNotificationDate', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await updateRebillNotificationDate(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, { rebill_notification_date: ctx.now() }, { message: 'Rebill notification date updated.', position: ctx.lastPosition });
  });

  // ---- a failed rebill: new card, charged at once --------------------------------------------------

  app.post('/api/v2/subscription/retry-rebill', { schema: { body: cardChoice } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const outcome = await retryRebillWithCard(ctx, deps(), caller.userId, choiceOf(body));
    await settle(services, ctx);
    return sendPayment(reply, outcome);
  });

  // ---- resubscribe offer ---------------------------------------------------------------------------

  app.post('/api/v2/purchase/resubscribe-with-card', { schema: { body: cardChoice } }, (request, reply) => payments.resubscribe(request, reply, request.body));
};

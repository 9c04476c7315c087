// The CCBill path set (the v1 payment API's card calls), each the same purchase as its v2 twin through the same
// handler (api/card-payments.ts). Served while CCBill may charge the cards (api/provider-path-guard.ts):
//   POST /api/ccbill/subscribe-with-card       {card form entity, promotion_id?, coupon_code?}   = /api/v2/purchase/subscription
//   POST /api/ccbill/resubscribe-with-card     {card form entity}                               = /api/v2/purchase/resubscribe-with-card
//   POST /api/ccbill/pay                       {blogId, amount, card form, promotion_id?, …}     = /api/v2/purchase/blog-content-purchase
//                                              {…, hosted: true} (no card fields): paid on CCBill's page instead,
//                                              → { action: 'redirect', url, payment_id } (the unlock waits for the sale notice)
//   POST /api/ccbill/blog_charge_by_previous   {blogId, amount, card_id?, promotion_id?, …}      the same, charging a saved card (else the primary)
//   POST /api/ccbill/charge_by_previous        {action: 'tips', amount, tipMessage?, isAnonymousTip?, tipFrom?, card_id?}
//                                              | {action: 'chat', messageId, amount, card_id?}  = send-tip / chat-content-purchase on a saved card
// The hosted-form calls (set_payment_method, subscribe_user, pay-guest) are in routes/ccbill-hosted.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardPayments } from '../card-payments';
import { providerPathGuard } from '../provider-path-guard';
import { blogByPreviousBody, blogPurchaseOrHostedBody, chargeByPreviousBody, resubscribeWithCardBody, subscribeWithCardBody } from '../schemas/card-purchases';
import { unlockAnswers, unlockOrHostedAnswers } from '../schemas/answers/card-purchases';
import { centsFromDollars } from '../../domain/shared/money';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { unlockOnProviderPage } from '../../commands/hosted-purchases';
import { contextFor, requireCaller } from '../auth';
import { ok } from '../http';
import { settle } from '../views';
import { findUserEmail } from '../../projections/users';
import type { Services } from '../services';

export const ccbillCardRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const payments = cardPayments(services);
  const preHandler = providerPathGuard(services, 'ccbill');

  app.post('/api/ccbill/subscribe-with-card', { preHandler, schema: { body: subscribeWithCardBody } }, (request, reply) => payments.subscribe(request, reply, request.body));
  app.post('/api/ccbill/resubscribe-with-card', { preHandler, schema: { body: resubscribeWithCardBody } }, (request, reply) => payments.resubscribe(request, reply, request.body));
  app.post('/api/ccbill/pay', { preHandler, schema: { body: blogPurchaseOrHostedBody, response: unlockOrHostedAnswers } }, async (request, reply) => {
    const body = request.body;
    if (!body.hosted) return payments.unlockPost(request, reply, body);
    const caller = requireCaller(request);
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', 'Please enter a valid amount');
    const email = await findUserEmail(services.database.db, caller.userId);
    if (!email) throw new DomainError('Please log in to continue.', 'UNAUTHENTICATED', 401);
    const ctx = contextFor(request, services);
    const start = await unlockOnProviderPage(ctx, services.purchases, services.hostedPayments.ccbill, {
      userId: caller.userId, role: caller.role, email, postId: body.blogId, confirmedAmountCents: cents,
      applyPromotion: body.is_promotion_applied ?? !!body.promotion_id, promotionId: body.promotion_id ?? null,
    });
    await settle(services, ctx);
    return ok(reply, { action: 'redirect' as const, url: start.url, payment_id: start.paymentId }, { position: ctx.lastPosition });
  });
  app.post('/api/ccbill/blog_charge_by_previous', { preHandler, schema: { body: blogByPreviousBody, response: unlockAnswers } }, (request, reply) => payments.unlockPost(request, reply, request.body));
  app.post('/api/ccbill/charge_by_previous', { preHandler, schema: { body: chargeByPreviousBody } }, (request, reply) => {
    const body = request.body;
    return body.action === 'tips' ? payments.sendTip(request, reply, body) : payments.unlockChatMessage(request, reply, body);
  });
};

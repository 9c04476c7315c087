// The CCBill path set (the v1 payment API's card calls), each the same purchase as its v2 twin through the same
// handler (api/card-payments.ts). Served while CCBill may charge the cards (api/provider-path-guard.ts):
//   POST /api/ccbill/subscribe-with-card       {card form entity, promotion_id?, coupon_code?}   = /api/v2/purchase/subscription
//   POST /api/ccbill/resubscribe-with-card     {card form entity}                               = /api/v2/purchase/resubscribe-with-card
//   POST /api/ccbill/pay                       {blogId, amount, card form, promotion_id?, …}     = /api/v2/purchase/blog-content-purchase
//   POST /api/ccbill/blog_charge_by_previous   {blogId, amount, card_id?, promotion_id?, …}      the same, charging a saved card (else the primary)
//   POST /api/ccbill/charge_by_previous        {action: 'tips', amount, tipMessage?, isAnonymousTip?, tipFrom?, card_id?}
//                                              | {action: 'chat', messageId, amount, card_id?}  = send-tip / chat-content-purchase on a saved card
// The hosted-form calls (set_payment_method, subscribe_user, pay-guest) are in routes/ccbill-hosted.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardPayments } from '../card-payments';
import { providerPathGuard } from '../provider-path-guard';
import { blogByPreviousBody, blogPurchaseBody, chargeByPreviousBody, resubscribeWithCardBody, subscribeWithCardBody } from '../schemas/card-purchases';
import { unlockAnswers } from '../schemas/answers/card-purchases';
import type { Services } from '../services';

export const ccbillCardRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const payments = cardPayments(services);
  const preHandler = providerPathGuard(services, 'ccbill');

  app.post('/api/ccbill/subscribe-with-card', { preHandler, schema: { body: subscribeWithCardBody } }, (request, reply) => payments.subscribe(request, reply, request.body));
  app.post('/api/ccbill/resubscribe-with-card', { preHandler, schema: { body: resubscribeWithCardBody } }, (request, reply) => payments.resubscribe(request, reply, request.body));
  app.post('/api/ccbill/pay', { preHandler, schema: { body: blogPurchaseBody, response: unlockAnswers } }, (request, reply) => payments.unlockPost(request, reply, request.body));
  app.post('/api/ccbill/blog_charge_by_previous', { preHandler, schema: { body: blogByPreviousBody, response: unlockAnswers } }, (request, reply) => payments.unlockPost(request, reply, request.body));
  app.post('/api/ccbill/charge_by_previous', { preHandler, schema: { body: chargeByPreviousBody } }, (request, reply) => {
    const body = request.body;
    return body.action === 'tips' ? payments.sendTip(request, reply, body) : payments.unlockChatMessage(request, reply, body);
  });
};

// The Sticky.io path set (the subscription-billing provider's calls), each the same purchase as its v2 twin through
// the same handler (api/card-payments.ts). Served while Sticky.io bills the cards (api/provider-path-guard.ts):
//   POST /api/sticky-io/blog-content-purchase  {blogId, amount, card form | card_id, promotion_id?, …}  = /api/v2/purchase/blog-content-purchase
//   POST /api/sticky-io/send-tip               {amount, tipMessage?, isAnonymousTip?, tipFrom?, card form | card_id} = /api/v2/purchase/send-tip
//   POST /api/sticky-io/send-tip-from-chat     the same; the tip is recorded as sent from the chat
//   POST /api/sticky-io/subscribe              {card form | card_id | payment_method, promotion_id?, coupon_code?} = /api/v2/purchase/subscription
//   POST /api/sticky-io/resubscribe            {card form | card_id | payment_method}              = /api/v2/purchase/resubscribe-with-card
//   POST /api/sticky-io/cancel-subscription    {cancellation_reason?, other_reason?}                = /api/v2/subscription/cancel-subscription
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardPayments } from '../card-payments';
import { providerPathGuard } from '../provider-path-guard';
import { blogPurchaseBody, sendTipBody } from '../schemas/card-purchases';
import { cancelBody, cardChoice, subscribeBody } from '../schemas/subscription';
import { tipAnswers, unlockAnswers } from '../schemas/answers/card-purchases';
import type { Services } from '../services';

export const stickyIoRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const payments = cardPayments(services);
  const preHandler = providerPathGuard(services, 'sticky-io');

  app.post('/api/sticky-io/blog-content-purchase', { preHandler, schema: { body: blogPurchaseBody, response: unlockAnswers } }, (request, reply) => payments.unlockPost(request, reply, request.body));
  app.post('/api/sticky-io/send-tip', { preHandler, schema: { body: sendTipBody, response: tipAnswers } }, (request, reply) => payments.sendTip(request, reply, request.body));
  app.post('/api/sticky-io/send-tip-from-chat', { preHandler, schema: { body: sendTipBody, response: tipAnswers } }, (request, reply) => payments.sendTip(request, reply, request.body, 'chat'));
  app.post('/api/sticky-io/subscribe', { preHandler, schema: { body: subscribeBody } }, (request, reply) => payments.subscribe(request, reply, request.body));
  app.post('/api/sticky-io/resubscribe', { preHandler, schema: { body: cardChoice } }, (request, reply) => payments.resubscribe(request, reply, request.body));
  app.post('/api/sticky-io/cancel-subscription', { preHandler, schema: { body: cancelBody } }, (request, reply) => payments.cancel(request, reply, request.body, 'sticky-io'));
};

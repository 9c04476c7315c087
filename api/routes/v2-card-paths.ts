// Two v2 calls over the same handlers as their twins (api/card-payments.ts):
//   POST /api/v2/purchase/subscription-with-card  {card form entity, promotion_id?, coupon_code?}  subscribing with a typed card
//   POST /api/v2/purchase/migrate-subscription    {card form | card_id}  = /api/migrate-subscription-for-user (the migration,
//                                                 charged returning_recurring_membership_price)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardPayments } from '../card-payments';
import { subscribeWithCardBody } from '../schemas/card-purchases';
import { cardChoice } from '../schemas/subscription';
import type { Services } from '../services';

export const v2CardPathRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const payments = cardPayments(services);
  app.post('/api/v2/purchase/subscription-with-card', { schema: { body: subscribeWithCardBody } }, (request, reply) => payments.subscribe(request, reply, request.body));
  app.post('/api/v2/purchase/migrate-subscription', { schema: { body: cardChoice } }, (request, reply) => payments.migrate(request, reply, request.body));
};

// Subscribing and unlocking posts by card. Saved cards: routes/payment-methods.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../openapi';
import { declined } from '../schemas/purchase-answers';
import { cardPayments } from '../card-payments';
import { blogPurchaseBody, unlockedPost as unlocked } from '../schemas/card-purchases';
import type { Services } from '../services';

export const purchaseRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const payments = cardPayments(services);

  // POST /api/v2/purchase/subscription lives in ./subscriptions.ts (the subscription lifecycle).

  app.post('/api/v2/purchase/blog-content-purchase', { schema: { body: blogPurchaseBody, response: { 200: answer(unlocked), 402: declined(unlocked) } } }, (request, reply) =>
    payments.unlockPost(request, reply, request.body));
};

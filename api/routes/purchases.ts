// Subscribing and unlocking posts by card. Saved cards: routes/payment-methods.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { unlockPost } from '../../commands/purchases';
import { answer } from '../openapi';
import { declined, paymentResultShape } from '../schemas/purchase-answers';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { postViewFor } from '../queries/post-views';
import { cardChoice, choiceOf, paymentResult } from '../schemas/payment';
import type { Services } from '../services';

const blogPurchaseBody = cardChoice.extend({
  blogId: z.string({ error: 'blogId is required.' }).uuid({ error: 'blogId is invalid.' }),
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
  // A locked-content promotion: the amount is then its price; a promotion gone by now is 'Sorry promotion expired.'
  promotion_id: z.string().max(100).nullable().optional(),
  is_promotion_applied: z.boolean({ error: 'is_promotion_applied must be true or false.' }).optional(),
  ribbon_text: z.string().max(1000).optional(),
});

const unlocked = paymentResultShape.extend({ blogData: z.object({}).loose().optional().describe('The post as the feed shows it, unlocked when accepted.') });

export const purchaseRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const deps = services.purchases;

  // POST /api/v2/purchase/subscription lives in ./subscriptions.ts (the subscription lifecycle).

  app.post('/api/v2/purchase/blog-content-purchase', { schema: { body: blogPurchaseBody, response: { 200: answer(unlocked), 402: declined(unlocked) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', 'Please enter a valid amount');
    const ctx = contextFor(request, services);
    const outcome = await unlockPost(ctx, deps, {
      userId: caller.userId, role: caller.role, postId: body.blogId, confirmedAmountCents: cents, card: choiceOf(body),
      applyPromotion: body.is_promotion_applied ?? !!body.promotion_id, promotionId: body.promotion_id ?? null,
    });
    await settle(services, ctx);
    const blogData = await postViewFor(services, request.caller, body.blogId);
    const data = { ...paymentResult(outcome), blogData };
    if (outcome.accepted) return reply.send({ success: 1, message: outcome.message, data });
    return reply.code(402).send({ success: 0, message: outcome.message, data, code: 'PAYMENT_FAILED' });
  });
};

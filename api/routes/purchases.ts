// Saved cards, subscribing and unlocking posts by card (spec 1 §7 payment methods, spec 2 §7 unlock purchases).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PaymentResult } from '../../domain/shared/wire';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { addCard, removeCard, setPrimaryCard, type CardChoice } from '../../commands/cards';
import { subscribe, unlockPost, type PurchaseOutcome } from '../../commands/purchases';
import { savedCards } from '../../projections/cards';
import { currentSettings } from '../../projections/settings';
import { findPost } from '../../projections/posts';
import { ok, parse } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { postViews, viewerOf } from './feed';
import type { Services } from '../services';

const str = z.string().max(200).optional().default('');
const cardForm = z.object({
  email: str, address: str, country: str, state: str, city: str, pincode: str, firstName: str, lastName: str,
  cardNumber: z.string().max(40).optional().default(''), cvv: z.string().max(8).optional().default(''),
  month: z.string().max(4).optional().default(''), year: z.string().max(6).optional().default(''),
});
const cardChoice = cardForm.partial().extend({ card_id: z.string().uuid({ error: 'card_id is invalid.' }).optional() });

function choiceOf(body: z.infer<typeof cardChoice>): CardChoice {
  if (body.card_id) return { cardId: body.card_id };
  if (body.cardNumber) return { form: parse(cardForm, body) };
  return { primary: true };
}

const blogPurchaseBody = cardChoice.extend({
  blogId: z.string({ error: 'blogId is required.' }).uuid({ error: 'blogId is invalid.' }),
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
});

function paymentResult(o: PurchaseOutcome): PaymentResult {
  return {
    accepted: o.accepted,
    transactionId: o.transactionId,
    ...(o.failureCode ? { failureCode: o.failureCode } : {}),
    ...(o.allowCascade ? { errors: { allow_cascade: true, error_from: 'card', transactionId: o.paymentId } } : {}),
  };
}

export const purchaseRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;
  const deps = { gateway: services.gateway };

  const listCards = async (request: FastifyRequest) => savedCards(db(), requireCaller(request).userId);
  app.get('/api/ccbill/get-payment-card', async (request, reply) => ok(reply, await listCards(request)));
  app.get('/api/v2/get-payment-card', async (request, reply) => ok(reply, await listCards(request)));

  app.post('/api/v2/purchase/add-new-card', async (request, reply) => {
    const caller = requireCaller(request);
    const form = parse(cardForm, request.body);
    const ctx = contextFor(request, services);
    const card = await addCard(ctx, services.gateway, caller.userId, form, true);
    await settle(services, ctx);
    const view = (await savedCards(db(), caller.userId)).find((c) => c._id === card.cardId);
    return ok(reply, view, { message: 'Card added successfully.', position: ctx.lastPosition });
  });

  app.post('/api/ccbill/set-primary-card', async (request, reply) => {
    const caller = requireCaller(request);
    const { card_id } = parse(z.object({ card_id: z.string({ error: 'card_id is required.' }).uuid({ error: 'card_id is invalid.' }) }), request.body);
    const ctx = contextFor(request, services);
    await setPrimaryCard(ctx, caller.userId, card_id);
    await settle(services, ctx);
    return ok(reply, await savedCards(db(), caller.userId), { position: ctx.lastPosition });
  });

  app.post('/api/ccbill/remove-card', async (request, reply) => {
    const caller = requireCaller(request);
    const { card_id } = parse(z.object({ card_id: z.string({ error: 'card_id is required.' }).uuid({ error: 'card_id is invalid.' }) }), request.body);
    const ctx = contextFor(request, services);
    await removeCard(ctx, caller.userId, card_id);
    await settle(services, ctx);
    return ok(reply, await savedCards(db(), caller.userId), { position: ctx.lastPosition });
  });

  app.post('/api/v2/purchase/subscription', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(cardChoice, request.body);
    const ctx = contextFor(request, services);
    const s = await currentSettings(db());
    const outcome = await subscribe(ctx, deps, {
      userId: caller.userId,
      prices: { initialCents: s.membership_price_cents, recurringCents: s.recurring_membership_price_cents },
      card: choiceOf(body),
    });
    await settle(services, ctx);
    return reply.code(outcome.accepted ? 200 : 402).send({ success: outcome.accepted ? 1 : 0, message: outcome.message, data: paymentResult(outcome), code: outcome.accepted ? undefined : 'PAYMENT_FAILED' });
  });

  app.post('/api/v2/purchase/blog-content-purchase', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(blogPurchaseBody, request.body);
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', 'Please enter a valid amount');
    const ctx = contextFor(request, services);
    const outcome = await unlockPost(ctx, deps, { userId: caller.userId, role: caller.role, postId: body.blogId, confirmedAmountCents: cents, card: choiceOf(body) });
    await settle(services, ctx);
    const row = await findPost(db(), body.blogId);
    const [blogData] = row ? await postViews(services, await viewerOf(services, request), [row]) : [];
    return reply.code(outcome.accepted ? 200 : 402).send({
      success: outcome.accepted ? 1 : 0,
      message: outcome.message,
      data: { ...paymentResult(outcome), blogData },
      code: outcome.accepted ? undefined : 'PAYMENT_FAILED',
    });
  });
};

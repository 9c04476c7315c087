// Paying from the wallet (unlock purchases, tips, chat, subscriptions):
//   POST /api/crypto/purchase-from-wallet   {payment_for: 'blog', content_id, promotion_id?, amount?}  → WalletPurchaseResult with blogData
//                                           {payment_for: 'tips', amount, tipMessage?, tip_from?, is_anonymous_tip?} → WalletPurchaseResult
//                                           {payment_for: 'chat', content_id: messageId, amount?}     → WalletPurchaseResult with chatMessage
//   A wallet short of the price: 402 INSUFFICIENT_FUNDS with InsufficientFundsData (open Add Funds, then retry).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { centsFromDollars, dollarsFromCents } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { walletPurchaseMessage } from '../../domain/wallet/wallet';
import { VALID_AMOUNT } from '../../domain/pricing/pricing';
import type { ChatWalletPurchaseResult } from '../../domain/chat/wire';
import type { WalletPurchaseResult } from '../../domain/wallet/wire';
import { purchasePostFromWallet } from '../../commands/purchases';
import { tipFromWallet } from '../../commands/tips';
import { purchaseChatMessageFromWallet } from '../../commands/chat';
import { ok, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { settle } from '../views';
import type { CommandContext } from '../../commands/handle';
import { optionalCents, walletPurchaseBody, type purchaseBody, type walletTipBody } from '../schemas/wallet';
import { promotionNotForChat, type walletChatBody } from '../schemas/chat';
import { postViewFor } from '../queries/post-views';
import { chatQueries } from '../queries/chat';
import { massMessageQueries } from '../queries/mass-messages';
import type { Services } from '../services';

/** The amounts every wallet purchase answers with. */
const paid = (paymentId: string, cents: number, balanceCents: number) => ({
  transaction_id: paymentId,
  transaction_amount: dollarsFromCents(cents),
  transaction_amount_cents: cents,
  wallet_balance: dollarsFromCents(balanceCents),
  wallet_balance_cents: balanceCents,
});

export const walletPurchaseRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const deps = services.purchases;
  const chat = chatQueries(services);
  const massCopies = massMessageQueries(services);

  /** Runs a wallet purchase; a short wallet is 402 with what is missing (after the read models caught up). */
  const purchase = async (request: FastifyRequest, reply: FastifyReply, run: (ctx: CommandContext) => Promise<unknown>) => {
    const ctx = contextFor(request, services);
    try {
      return await run(ctx);
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      throw e;
    }
  };

  const post = (request: FastifyRequest, reply: FastifyReply, caller: Caller, body: z.infer<typeof purchaseBody>) => {
    const confirmed = optionalCents(body.amount);
    return purchase(request, reply, async (ctx) => {
      // promotion_id: bought at the running locked-content promotion's price ('Sorry promotion expired.' once it ended).
      const outcome = await purchasePostFromWallet(ctx, deps, {
        userId: caller.userId, role: caller.role, postId: body.content_id, confirmedAmountCents: confirmed, promotionId: body.promotion_id ?? null,
      });
      await settle(services, ctx);
      const blogData = await postViewFor(services, request.caller, body.content_id);
      const data: WalletPurchaseResult = { ...paid(outcome.paymentId, outcome.amountCents, outcome.balanceCents), blogData };
      return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
    });
  };

  const tip = (request: FastifyRequest, reply: FastifyReply, caller: Caller, body: z.infer<typeof walletTipBody>) => {
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
    return purchase(request, reply, async (ctx) => {
      const outcome = await tipFromWallet(ctx, deps, {
        userId: caller.userId, role: caller.role, amountCents: cents, message: body.tipMessage, tipFrom: body.tip_from, isAnonymous: body.is_anonymous_tip,
      });
      await settle(services, ctx);
      const data: WalletPurchaseResult = paid(outcome.paymentId, outcome.amountCents, outcome.balanceCents);
      return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
    });
  };

  const chatMessage = (request: FastifyRequest, reply: FastifyReply, caller: Caller, body: z.infer<typeof walletChatBody>) => {
    const confirmed = optionalCents(body.amount);
    return purchase(request, reply, async (ctx) => {
      // Locked-content promotions cover mass messages' copies only.
      const massMessageId = await massCopies.copyOf(body.content_id);
      const applyPromotion = !!body.promotion_id || !!body.is_promotion_applied;
      if (applyPromotion && !massMessageId) throw promotionNotForChat();
      const outcome = await purchaseChatMessageFromWallet(ctx, deps, {
        fanId: caller.userId, role: caller.role, messageId: body.content_id, confirmedAmountCents: confirmed, massMessageId, applyPromotion, promotionId: body.promotion_id ?? null,
      });
      await settle(services, ctx);
      const data: ChatWalletPurchaseResult = {
        ...paid(outcome.paymentId, outcome.amountCents, outcome.balanceCents),
        chatMessage: await chat.messageView({ userId: caller.userId, isStaff: false }, body.content_id),
      };
      return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
    });
  };

  app.post('/api/crypto/purchase-from-wallet', { schema: { body: walletPurchaseBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    if (body.payment_for === 'tips') return tip(request, reply, caller, body);
    if (body.payment_for === 'chat') return chatMessage(request, reply, caller, body);
    return post(request, reply, caller, body);
  });
};

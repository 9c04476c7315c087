// The card purchases' handlers, shared by every path set that serves them (domain/payment/provider-paths.ts):
// the v2 routes and the CCBill and Sticky.io ones call the same function with their parsed body, so one purchase
// gives the same answer, the same error texts and the same idempotency whichever path it came by.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { centsFromDollars } from '../domain/shared/money';
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { TIP_SENT, type TipFrom } from '../domain/tip/tip';
import type { ChatPurchaseResult } from '../domain/chat/wire';
import { CANCEL_PROBLEM, MIGRATION_UNKNOWN_ERROR, SUBSCRIPTION_CANCELLED } from '../domain/subscription/subscription';
import type { CancelSubscriptionAnswer } from '../domain/subscription/wire';
import { BASE_TIER_ID, BUNDLE_NOT_COMBINED } from '../domain/membership-plan/plan';
import { unlockPost } from '../commands/purchases';
import { sendTipByCard } from '../commands/tips';
import { purchaseChatMessage } from '../commands/chat';
import { purchaseOutcome } from '../commands/payment/outcome';
import { acceptOffer, cancelMembership, changeTier, migrateMembership, subscribeMember, type SubscriptionOutcome } from '../commands/subscriptions';
import { subscribeWithLink } from '../commands/admin-tools';
import { formatPosition } from '../infra/eventstore/port';
import { contextFor, requireCaller } from './auth';
import { ok } from './http';
import { settle } from './views';
import { linkSigner } from './subscription-links';
import { postViewFor } from './queries/post-views';
import { chatQueries } from './queries/chat';
import { massMessageQueries } from './queries/mass-messages';
import { choiceOf, paymentResult, type cardChoice } from './schemas/payment';
import { centsOf, promotionNotForChat } from './schemas/chat';
import { cancelBody, isWalletRefusal, migrationResult, payWithOf, sendPayment, walletRefusal } from './schemas/subscription';
import type { Services } from './services';

type CardFields = z.output<typeof cardChoice>;
type Reply = FastifyReply;
type Req = FastifyRequest;

const positionOf = (ctx: ReturnType<typeof contextFor>) => (ctx.lastPosition ? { position: formatPosition(ctx.lastPosition) } : {});
const dollarsToCents = (amount: number | string) => {
  const cents = centsFromDollars(amount);
  if (cents === null) throw new ValidationError('amount', 'Please enter a valid amount');
  return cents;
};

export function cardPayments(services: Services) {
  const deps = () => services.purchases;
  const chat = chatQueries(services);
  const massCopies = massMessageQueries(services);

  /** A membership payment that may be refused for a short wallet: 402 with the shortfall (after the read models caught up). */
  const payMembership = async (request: Req, reply: Reply, run: (ctx: ReturnType<typeof contextFor>) => Promise<SubscriptionOutcome>) => {
    const ctx = contextFor(request, services);
    try {
      const outcome = await run(ctx);
      await settle(services, ctx);
      return sendPayment(reply, outcome);
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (isWalletRefusal(e)) return walletRefusal(reply, e);
      throw e;
    }
  };

  return {
    /** A locked post, by card: 200 with the unlocked post, 402 with the decline. */
    async unlockPost(request: Req, reply: Reply, body: CardFields & { blogId: string; amount: number | string; promotion_id?: string | null; is_promotion_applied?: boolean }) {
      const caller = requireCaller(request);
      const cents = dollarsToCents(body.amount);
      const ctx = contextFor(request, services);
      const outcome = await unlockPost(ctx, deps(), {
        userId: caller.userId, role: caller.role, postId: body.blogId, confirmedAmountCents: cents, card: choiceOf(body),
        applyPromotion: body.is_promotion_applied ?? !!body.promotion_id, promotionId: body.promotion_id ?? null,
      });
      await settle(services, ctx);
      const blogData = await postViewFor(services, request.caller, body.blogId);
      const data = { ...paymentResult(outcome), blogData };
      if (outcome.accepted) return reply.send({ success: 1, message: outcome.message, data });
      return reply.code(402).send({ success: 0, message: outcome.message, data, code: 'PAYMENT_FAILED' });
    },

    /** A tip by card; `from` overrides the body's tipFrom (the chat's own tip call). */
    async sendTip(request: Req, reply: Reply, body: CardFields & { amount: number | string; tipMessage: string; isAnonymousTip: boolean; tipFrom: TipFrom }, from?: TipFrom) {
      const caller = requireCaller(request);
      const cents = dollarsToCents(body.amount);
      const ctx = contextFor(request, services);
      const { tipId, payment } = await sendTipByCard(ctx, deps(), {
        userId: caller.userId, role: caller.role, amountCents: cents, message: body.tipMessage, tipFrom: from ?? body.tipFrom, isAnonymous: body.isAnonymousTip, card: choiceOf(body),
      });
      await settle(services, ctx);
      const outcome = await purchaseOutcome(ctx, { paymentId: tipId, payment }, TIP_SENT);
      const data = { ...paymentResult(outcome), tip_id: tipId, amount_cents: cents };
      if (outcome.accepted) return reply.send({ success: 1, message: outcome.message, data, ...positionOf(ctx) });
      return reply.code(402).send({ success: 0, message: outcome.message, data, code: 'PAYMENT_FAILED', ...positionOf(ctx) });
    },

    /** A locked chat message, by card. */
    async unlockChatMessage(request: Req, reply: Reply, body: CardFields & { messageId: string; amount: number | string; promotion_id?: string | null; is_promotion_applied?: boolean }) {
      const caller = requireCaller(request);
      const cents = centsOf(body.amount);
      // Locked-content promotions cover mass messages' copies only (domain/promotion subtypeCovers).
      const massMessageId = await massCopies.copyOf(body.messageId);
      const applyPromotion = !!body.promotion_id || !!body.is_promotion_applied;
      if (applyPromotion && !massMessageId) throw promotionNotForChat();
      const ctx = contextFor(request, services);
      const outcome = await purchaseChatMessage(ctx, deps(), {
        fanId: caller.userId, role: caller.role, messageId: body.messageId, confirmedAmountCents: cents, method: 'card', card: choiceOf(body),
        massMessageId, applyPromotion, promotionId: body.promotion_id ?? null,
      });
      await settle(services, ctx);
      const paid = await purchaseOutcome(ctx, outcome, 'Content unlocked successfully.');
      const data: ChatPurchaseResult = {
        ...paymentResult(paid),
        chatMessage: await chat.oneMessage({ userId: caller.userId, isStaff: false }, body.messageId).catch(() => undefined),
      };
      return reply.code(paid.accepted ? 200 : 402).send({
        success: paid.accepted ? 1 : 0, message: paid.message, data, code: paid.accepted ? undefined : 'PAYMENT_FAILED', ...positionOf(ctx),
      });
    },

    /** Subscribing: a subscription link's price, else the quote (promotion, coupon, returning prices). */
    async subscribe(
      request: Req, reply: Reply,
      body: CardFields & { payment_method?: string; promotion_id?: string | null; coupon_code?: string | null; subscription_link?: string | null; tier_id?: string | null; bundle_months?: number | null },
    ) {
      const caller = requireCaller(request);
      const card = choiceOf(body);
      const payWith = payWithOf(body);
      const token = body.subscription_link;
      if (token && body.bundle_months) throw new DomainError(BUNDLE_NOT_COMBINED, 'BUNDLE_NOT_COMBINED', 400, { field: 'bundle_months' });
      if (token && body.tier_id && body.tier_id !== BASE_TIER_ID) throw new DomainError('A subscription link is for the base membership.', 'LINK_NOT_FOR_TIER', 400, { field: 'tier_id' });
      if (token) return payMembership(request, reply, (ctx) => subscribeWithLink(ctx, deps(), linkSigner(services.config), { userId: caller.userId, role: caller.role, token, card, payWith }));
      return payMembership(request, reply, (ctx) => subscribeMember(ctx, deps(), {
        userId: caller.userId, role: caller.role, promotionId: body.promotion_id || null, couponCode: body.coupon_code || null, card, payWith,
        tierId: body.tier_id || null, bundleMonths: body.bundle_months ?? null,
      }));
    },

    /** A member moves to another tier: an upgrade is charged the prorated difference now, a downgrade waits for the renewal. */
    async changeTier(request: Req, reply: Reply, body: CardFields & { payment_method?: string; tier_id: string }) {
      const caller = requireCaller(request);
      const payWith = payWithOf(body);
      return payMembership(request, reply, (ctx) => changeTier(ctx, deps(), { userId: caller.userId, role: caller.role, tierId: body.tier_id, payWith, card: payWith === 'card' ? choiceOf(body) : null }));
    },

    /** The resubscribe offer, by card or from the wallet. */
    async resubscribe(request: Req, reply: Reply, body: CardFields & { payment_method?: string }) {
      const caller = requireCaller(request);
      const payWith = payWithOf(body);
      return payMembership(request, reply, (ctx) => acceptOffer(ctx, deps(), { userId: caller.userId, role: caller.role, payWith, card: payWith === 'card' ? choiceOf(body) : null }));
    },

    /** The migration to the v2 payment API: charged the returning members' recurring price. */
    async migrate(request: Req, reply: Reply, body: CardFields) {
      const caller = requireCaller(request);
      const ctx = contextFor(request, services);
      try {
        const o = await migrateMembership(ctx, deps(), { userId: caller.userId, card: choiceOf(body) });
        await settle(services, ctx);
        return reply.code(o.accepted ? 200 : 402).send({ success: o.accepted ? 1 : 0, message: o.message, data: migrationResult(o), ...(o.accepted ? {} : { code: 'MIGRATION_FAILED' }) });
      } catch (e) {
        await settle(services, ctx).catch(() => {});
        if (e instanceof DomainError) throw e;
        request.log.error({ err: e }, 'migration failed');
        return reply.code(500).send({ success: 0, message: MIGRATION_UNKNOWN_ERROR, code: 'MIGRATION_FAILED' });
      }
    },

    /** Cancelling the membership; `flow` is recorded as where the request came from unless the body names it. */
    async cancel(request: Req, reply: Reply, body: z.output<typeof cancelBody>, flow: string) {
      const caller = requireCaller(request);
      const ctx = contextFor(request, services);
      try {
        const r = await cancelMembership(ctx, {
          userId: caller.userId, reason: body.cancellation_reason, otherReason: body.other_reason,
          requestFrom: (body.request_from || flow).slice(0, 60), by: caller.proxyAdminId ? 'staff' : 'fan',
          // A membership the provider bills itself is cancelled there first.
        }, (provider, salePaymentId) => services.cardProviders[provider === 'ccbill' ? 'ccbill' : 'sticky-io'].cancelRecurring({ idempotencyKey: salePaymentId }));
        await settle(services, ctx);
        const data: CancelSubscriptionAnswer = { cancelled: true, ccbill_subscription_status: r.status, expiration_date: r.state.expiresAt };
        return ok(reply, data, { message: SUBSCRIPTION_CANCELLED, position: ctx.lastPosition });
      } catch (e) {
        if (e instanceof DomainError) throw e;
        request.log.error({ err: e }, 'cancel subscription failed');
        return reply.code(500).send({ success: 0, message: CANCEL_PROBLEM, code: 'CANCEL_FAILED', data: { cancelled: false } });
      }
    },
  };
}

export type CardPayments = ReturnType<typeof cardPayments>;

// Chat requests (domain/chat/wire.ts lists the calls) and the answers a refused send gives.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { VALID_AMOUNT } from '../../domain/pricing/pricing';
import type { PayPerMessageStatus } from '../../domain/chat/wire';
import { sendInsufficientFunds } from '../http';
import { cardChoice } from './payment';
import { minTierId } from './post';

export const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
export const pageNum = z.coerce.number().int().min(1).max(100_000).optional().default(1);
const amountField = z.union([z.number(), z.string()], { error: 'amount is invalid.' });

export const sendBody = z.object({
  message: z.string({ error: 'message is invalid.' }).optional().default(''),
  receiver: z.string().max(100).optional(),
  type: z.enum(['text', 'photo', 'video', 'gallery'], { error: 'type is invalid.' }).optional(),
  media: z.array(z.string().uuid({ error: 'media is invalid.' }), { error: 'media is invalid.' }).max(1000).optional().default([]),
  media_preview: z.string().uuid({ error: 'media_preview is invalid.' }).nullable().optional(),
  isLocked: z.boolean({ error: 'isLocked must be true or false.' }).optional().default(false),
  amount: amountField.optional(),
  /** Staff: a locked message for members of this tier and above. */
  min_tier_id: minTierId,
  uniqueId: z.string().trim().min(1).max(100).optional(),
  /** A fan: the pay-per-message terms they were shown and accepted (isPayPerMessageEnabled). */
  isPayPerMessageEnabled: z.boolean({ error: 'isPayPerMessageEnabled must be true or false.' }).optional(),
  payPerMessageAmount: amountField.optional(),
});
export type SendBody = z.infer<typeof sendBody>;

export const chatPurchaseBody = cardChoice.extend({
  messageId: uuid('messageId'),
  amount: amountField,
  promotion_id: z.string().max(100).nullable().optional(),
  is_promotion_applied: z.boolean().optional(),
});

export const walletChatBody = z.object({
  payment_for: z.literal('chat'),
  content_id: uuid('content_id'),
  amount: amountField.optional(),
  promotion_id: z.string().max(100).nullable().optional(),
  is_promotion_applied: z.boolean().optional(),
});

export const userListQuery = z.object({
  page_num: pageNum,
  user_name: z.string().max(100).optional().default(''),
  sort_by: z.string().max(40).optional().default('latest_message'),
  sort_by_subscribers: z.enum(['', 'all', '1', '2'], { error: 'sort_by_subscribers is invalid.' }).optional().default(''),
  list_id: z.enum(['', 'all', 'blocked', 'muted', 'allowed', 'live'], { error: 'list_id is invalid.' }).optional().default(''),
});

export const grantCreditsBody = z.object({ user_id: uuid('user_id'), credits: z.number({ error: 'credits is invalid.' }) });

/** Dollars the sender typed → cents, or the spec's 'Please enter a valid amount'. */
export function centsOf(amount: number | string | undefined): number {
  const cents = amount === undefined ? null : centsFromDollars(amount);
  if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
  return cents;
}

/** Staff's message: a locked one needs a valid price; the receiver is required. */
export function staffMessageOf(body: SendBody) {
  if (!body.receiver) throw new ValidationError('receiver', 'receiver is required.');
  return {
    fanId: body.receiver, text: body.message, mediaIds: body.media, previewMediaId: body.media_preview ?? null,
    locked: body.isLocked, priceCents: body.isLocked ? centsOf(body.amount) : 0, uniqueId: body.uniqueId ?? null, minTierId: body.min_tier_id ?? null,
  };
}

/** The pay-per-message charge the fan accepted, in cents (null: none accepted). */
export const acceptedChargeOf = (body: SendBody): number | null =>
  body.isPayPerMessageEnabled && body.payPerMessageAmount !== undefined ? centsFromDollars(body.payPerMessageAmount) : null;

/** Locked-content promotions never cover chat messages. */
export const promotionNotForChat = () =>
  new DomainError('Sorry promotion expired.', 'PROMOTION_EXPIRED', 409, { reason: 'Locked-content promotions do not cover direct chat messages.' });

/** A refused send: a low wallet, terms the fan did not accept (with the current ones), or a declined card. */
export async function sendRefusal(reply: FastifyReply, e: unknown, currentTerms: () => Promise<PayPerMessageStatus>) {
  if (!(e instanceof DomainError)) return undefined;
  if (e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
  if (e.code === 'PAY_PER_MESSAGE_NOT_ACCEPTED') return reply.code(409).send({ success: 0, message: e.message, code: e.code, data: await currentTerms() });
  if (e.status === 402) {
    const allowCascade = !!e.details.allowCascade;
    return reply.code(402).send({
      success: 0, message: e.message, code: e.code,
      data: { errors: { allow_cascade: allowCascade, error_from: 'card', transactionId: e.details.paymentId ?? null, isPaymentDoneForPayPerMessage: false } },
    });
  }
  return undefined;
}

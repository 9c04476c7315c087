// Private chat: staff send text and media (free, or locked at a price) to a
// subscriber; the fan writes back (free, or paid under pay-per-message) and buys locked messages by card or
// from the wallet. Money follows the payment process (commands/payment/process.ts): the purchase or the paid
// message is recorded before any money moves, so a crash is finished by the recovery and nothing is charged
// twice; a resend with the same uniqueId is the same message.
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import type { Role } from '../domain/shared/wire';
import { isActive, subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import { mediaDecider, mediaStream } from '../domain/media/media';
import { walletShortfallError } from '../domain/wallet/wallet';
import { payPerMessageCharge } from '../domain/pricing/pricing';
import type { PaymentState } from '../domain/payment/payment';
import {
  CHAT_MEDIA_MAX, CHAT_NOT_ALLOWED, chatMessageDecider, ONLY_ONE_MEDIA, chatMessageStream, couldNotSend,
  tooManyMedia, validateFanMessage, type ChatMediaRef, type ChatMessageState,
} from '../domain/chat/chat-message';
import { conversationDecider, conversationStream, NO_CREDIT, payPerMessageAlert, payPerMessageCents } from '../domain/chat/conversation';
import { fanUploaderOf } from './media-owner';
import { derivedId, handle, loadStream, observedEarlierAttempt, type CommandContext } from './handle';
import type { PurchaseDeps } from './payment/process';
import { pay, type PayWith } from './payment/pay';
import { payPerMessagePurchase } from './payment/kinds/pay-per-message';
import { chatUnlockPurchase } from './payment/kinds/chat-unlock';
import type { CardChoice } from './cards';
import { loadSettings } from './settings';
import { fanChatRefusalNow } from './chat-booking';
import { fromWallet, purchaseOutcome } from './payment/outcome';
import { walletBalance } from './payment/wallet-stream';
import { recordMassCopy } from './mass-messages';
import { offeredTierIds } from './membership-plans';

/** Staff who write in chat; support reads only. */
export const CHAT_WRITERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager'];
/** "Unlock for this Subscriber" is not for the model or content manager. */
export const CHAT_UNLOCKERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];

/** A message's id from its sender and their uniqueId, so the same send repeated is the same message. */
export function chatMessageId(ctx: CommandContext, senderId: string, uniqueId: string | null): string {
  return uniqueId ? derivedId('chat', senderId, uniqueId) : ctx.idFor('message');
}

const isSubscriberNow = async (ctx: CommandContext, userId: string) =>
  isActive((await loadStream(ctx.store, subscriptionStream(userId), subscriptionDecider)).state, ctx.now());

/**
 * The media of a message, checked to exist. A fan's upload (domain/chat/fan-media.ts) is private to that fan and
 * staff: a fan attaches only their own (`fanId`), and staff never pass one on (to another fan or anywhere else).
 */
async function mediaRefs(ctx: CommandContext, ids: string[], fanId: string | null = null): Promise<ChatMediaRef[]> {
  const states = await Promise.all(ids.map((id) => loadStream(ctx.store, mediaStream(id), mediaDecider)));
  return states.map(({ state, events }, i) => {
    if (!state.kind || state.status === 'none' || state.removed) throw new ValidationError('media', 'Media not found.');
    const uploader = fanUploaderOf(events);
    if (fanId ? uploader !== fanId : uploader !== null) throw new ValidationError('media', 'Media not found.');
    return { mediaId: ids[i], kind: state.kind };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Staff → fan

export interface StaffMessageInput {
  staffId: string;
  role: Role;
  fanId: string;
  text: string;
  mediaIds: string[];
  previewMediaId: string | null;
  locked: boolean;
  priceCents: number;
  uniqueId: string | null;
  /** A locked message for members of this tier and above (null: every subscriber). */
  minTierId?: string | null;
}

export async function sendStaffMessage(ctx: CommandContext, input: StaffMessageInput): Promise<string> {
  if (!CHAT_WRITERS.includes(input.role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
  if (input.fanId === input.staffId) throw new ValidationError('receiver', 'receiver is invalid.');
  // The count rule on what was chosen, before anything is looked up.
  if (input.mediaIds.length > CHAT_MEDIA_MAX) throw new ValidationError('media', tooManyMedia(input.mediaIds.length));
  const ids = [...new Set(input.mediaIds)];
  const [settings, receiverIsSubscriber, media, preview, tierIds] = await Promise.all([
    loadSettings(ctx.store),
    isSubscriberNow(ctx, input.fanId),
    mediaRefs(ctx, ids),
    input.previewMediaId ? mediaRefs(ctx, [input.previewMediaId]) : Promise.resolve([]),
    offeredTierIds(ctx.store, input.minTierId),
  ]);
  const messageId = chatMessageId(ctx, input.staffId, input.uniqueId);
  await handle(ctx, chatMessageStream(messageId), chatMessageDecider, {
    type: 'SendStaffMessage', messageId, fanId: input.fanId, senderId: input.staffId, text: input.text, media, previewMediaId: preview[0]?.mediaId ?? null,
    locked: input.locked, priceCents: input.priceCents,
    bounds: { minDollars: settings.content_unlock_minimum_amount, maxDollars: settings.content_unlock_maximum_amount },
    receiverIsSubscriber, uniqueId: input.uniqueId, minTierId: input.minTierId ?? null, tierIds, at: ctx.now(),
  });
  return messageId;
}

// ---------------------------------------------------------------------------------------------------------
// Fan → creator (pay-per-message)

export interface FanMessageInput {
  fanId: string;
  role: Role;
  text: string;
  /** The fan's own upload (POST /api/chat/upload_media): one at most. */
  mediaIds?: string[];
  uniqueId: string | null;
  /** How a paid message is paid: the wallet when the fan's default is crypto_currency, else the primary card. */
  payWith: 'wallet' | 'card';
  /**
   * The price the fan was shown and accepted (isPayPerMessageEnabled with its amount), in cents; null: they were
   * shown none. A charge they did not accept is refused (409) with the current terms, never taken.
   */
  acceptedChargeCents: number | null;
}

export interface FanMessageOutcome {
  messageId: string;
  /** The pay-per-message payment, when one was taken. */
  paymentId: string | null;
  paidCents: number;
  creditUsed: boolean;
  /** The message had already been paid for by an earlier attempt (errors.isPaymentDoneForPayPerMessage). */
  alreadyPaid: boolean;
}

export async function sendFanMessage(ctx: CommandContext, deps: PurchaseDeps, input: FanMessageInput): Promise<FanMessageOutcome> {
  if (input.role !== 'user') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
  const mediaIds = [...new Set(input.mediaIds ?? [])];
  if (mediaIds.length > 1) throw new ValidationError('media', ONLY_ONE_MEDIA);
  const messageId = chatMessageId(ctx, input.fanId, input.uniqueId);
  const stream = chatMessageStream(messageId);
  const existing = await loadStream(ctx.store, stream, chatMessageDecider);
  // The same message again (its uniqueId, or the request's Idempotency-Key): delivered already, or paid and
  // waiting — finish it and answer with its payment, never charge again.
  const { sendPaymentId, pending } = existing.state;
  if ((existing.state.status === 'pending' || existing.state.status === 'sent') && sendPaymentId) {
    // Stopped after the message was recorded as waiting for its payment but before the payment was asked for:
    // the payment starts now, for the price recorded with the message.
    const { payment } = await pay(ctx, deps, payPerMessagePurchase, {
      userId: input.fanId, role: input.role, messageId, amountCents: pending?.amountCents ?? 0, message: { recordedPaymentId: sendPaymentId },
    }, payWithOf(input));
    await observedEarlierAttempt(ctx);
    return finishPaidSend(ctx, messageId, payment, input, true);
  }
  if (existing.state.status === 'sent') {
    await observedEarlierAttempt(ctx);
    return { messageId, paymentId: null, paidCents: 0, creditUsed: false, alreadyPaid: true };
  }

  const [settings, isSubscriber] = await Promise.all([loadSettings(ctx.store), isSubscriberNow(ctx, input.fanId)]);
  if (!isSubscriber) throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
  // Normal chat off (chat_settings.disabled_normal_chat): only fans staff allowed, or inside their booked slot,
  // may write; staff still can.
  const refusal = await fanChatRefusalNow(ctx, input.fanId, settings);
  if (refusal) throw new DomainError(refusal, 'NORMAL_CHAT_DISABLED', 403);
  const media = await mediaRefs(ctx, mediaIds, input.fanId);
  validateFanMessage(input.text, media);
  const base = { type: 'SendFanMessage' as const, messageId, fanId: input.fanId, text: input.text, media, isSubscriber, uniqueId: input.uniqueId, at: ctx.now() };
  if (!settings.is_pay_per_message_enabled) {
    await handle(ctx, stream, chatMessageDecider, { ...base, charge: null, creditUsed: false });
    return { messageId, paymentId: null, paidCents: 0, creditUsed: false, alreadyPaid: false };
  }

  const conversation = await loadStream(ctx.store, conversationStream(input.fanId), conversationDecider);
  const priceCents = payPerMessageCents(settings);
  const { usesCredit } = payPerMessageCharge(conversation.state.credits, priceCents);
  // A credit already spent on this very message (an earlier attempt stopped before delivering it) pays for it.
  if (usesCredit || conversation.state.creditedMessages.has(messageId)) {
    try {
      // The credit is spent for this message id once; a resend after a crash here spends nothing more.
      await handle(ctx, conversationStream(input.fanId), conversationDecider, { type: 'UseCredit', fanId: input.fanId, messageId, at: ctx.now() });
      await handle(ctx, stream, chatMessageDecider, { ...base, charge: null, creditUsed: true });
      return { messageId, paymentId: null, paidCents: 0, creditUsed: true, alreadyPaid: false };
    } catch (e) {
      // The last credit went to a message sent at the same moment: this one is charged.
      if (!(e instanceof DomainError && e.code === NO_CREDIT)) throw e;
    }
  }
  // No credit (or the last one went to a message sent at the same moment): the message costs its price.
  const amountCents = priceCents;
  if (input.acceptedChargeCents !== amountCents)
    throw new DomainError(payPerMessageAlert(0, amountCents), 'PAY_PER_MESSAGE_NOT_ACCEPTED', 409, { payPerMessageAmountCents: amountCents });
  // Refused before anything is written: a short wallet (the fan adds funds and resends), or no card.
  const { payment } = await pay(ctx, deps, payPerMessagePurchase, { userId: input.fanId, role: input.role, messageId, amountCents, message: base }, payWithOf(input));
  return finishPaidSend(ctx, messageId, payment, input, false);
}

/** A paid message is paid from the wallet when the fan's default is crypto_currency, else by the primary card. */
const payWithOf = (input: FanMessageInput): PayWith => (input.payWith === 'wallet' ? { method: 'wallet' } : { method: 'card', card: { primary: true } });

async function finishPaidSend(ctx: CommandContext, messageId: string, payment: PaymentState, input: FanMessageInput, alreadyPaid: boolean): Promise<FanMessageOutcome> {
  const paymentId = payment.request?.paymentId ?? null;
  const amountCents = payment.request?.amountCents ?? 0;
  if (payment.status === 'captured' || payment.status === 'reversed') return { messageId, paymentId, paidCents: amountCents, creditUsed: false, alreadyPaid };
  if (payment.failure?.failureCode === 'INSUFFICIENT_FUNDS')
    throw walletShortfallError({ kind: 'pay_per_message', messageId }, amountCents, await walletBalance(ctx, input.fanId));
  const reason = payment.failure?.message || 'Payment failed.';
  throw new DomainError(couldNotSend(reason), payment.failure?.failureCode ?? 'PAYMENT_FAILED', 402, {
    allowCascade: payment.failure?.allowCascade ?? false, paymentId,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Unlocking a locked message

export interface ChatPurchaseInput {
  fanId: string;
  role: Role;
  messageId: string;
  /** The price the fan confirmed; null (the wallet call may carry none): the message's price. */
  confirmedAmountCents: number | null;
  method: 'card' | 'wallet';
  card?: CardChoice;
  /** The mass message the read models say this is a copy of (checked against its stream), or null. */
  massMessageId?: string | null;
  /** is_promotion_applied with promotion_id: a mass message's copy at the running promotion's price. */
  applyPromotion?: boolean;
  promotionId?: string | null;
}

export interface ChatPurchaseOutcome {
  paymentId: string;
  payment: PaymentState;
  amountCents: number;
}

export async function purchaseChatMessage(ctx: CommandContext, deps: PurchaseDeps, input: ChatPurchaseInput): Promise<ChatPurchaseOutcome> {
  const { paymentId, payment } = await pay(ctx, deps, chatUnlockPurchase, {
    userId: input.fanId, role: input.role, messageId: input.messageId, confirmedAmountCents: input.confirmedAmountCents,
    massMessageId: input.massMessageId, applyPromotion: input.applyPromotion, promotionId: input.promotionId,
  }, input.method === 'card' ? { method: 'card', card: input.card ?? { primary: true } } : { method: 'wallet' });
  return { paymentId, payment, amountCents: payment.request?.amountCents ?? 0 };
}

/** The wallet variant's answer: the balance after, or the spec's refusals (402 with the shortfall). */
export async function purchaseChatMessageFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: Omit<ChatPurchaseInput, 'method' | 'card'>) {
  const outcome = await purchaseChatMessage(ctx, deps, { ...input, method: 'wallet' });
  return { ...outcome, ...fromWallet(await purchaseOutcome(ctx, outcome, 'Content unlocked successfully.')) };
}

/** "Unlock for this Subscriber": staff open a locked message for its fan, free of charge. */
export async function unlockForSubscriber(ctx: CommandContext, staffId: string, role: Role, messageId: string, massMessageId: string | null = null): Promise<ChatMessageState> {
  if (!CHAT_UNLOCKERS.includes(role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
  await recordMassCopy(ctx, messageId, massMessageId);
  const { state } = await handle(ctx, chatMessageStream(messageId), chatMessageDecider, { type: 'UnlockForSubscriber', staffId, at: ctx.now() });
  return state;
}

export const loadChatMessage = (ctx: CommandContext, messageId: string) => loadStream(ctx.store, chatMessageStream(messageId), chatMessageDecider);

// ---------------------------------------------------------------------------------------------------------
// Conversation: credits and read marks

export async function grantMessageCredits(ctx: CommandContext, staffId: string, fanId: string, credits: number): Promise<number> {
  const { state } = await handle(ctx, conversationStream(fanId), conversationDecider, { type: 'GrantCredits', fanId, credits, grantedBy: staffId, at: ctx.now() });
  return state.credits;
}

export const messageCredits = async (ctx: CommandContext, fanId: string) => (await loadStream(ctx.store, conversationStream(fanId), conversationDecider)).state.credits;

export async function markConversationRead(ctx: CommandContext, fanId: string, reader: { by: 'fan' } | { by: 'staff'; staffId: string }): Promise<void> {
  await handle(ctx, conversationStream(fanId), conversationDecider,
    reader.by === 'fan' ? { type: 'MarkReadByFan', fanId, at: ctx.now() } : { type: 'MarkReadByStaff', fanId, staffId: reader.staffId, at: ctx.now() });
}

// Private chat (spec 3 §2.1, §4, §7.1, §7.3): messages, the staff chat list and header, sending (with
// pay-per-message), unlocking locked messages by card or wallet, read marks and credits. The wire shapes and
// the list of calls are in domain/chat/wire.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { centsFromDollars, dollarsFromCents } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { VALID_AMOUNT } from '../../domain/pricing/pricing';
import { isStaffRole } from '../../domain/user/user';
import { walletPurchaseMessage } from '../../domain/wallet/wallet';
import { CHAT_NOT_ALLOWED, lockStateOf } from '../../domain/chat/chat-message';
import { chatDeductionCents, payPerMessageCents } from '../../domain/chat/conversation';
import {
  CHAT_PAGE_SIZE, type ChatMessagePage, type ChatWalletPurchaseResult, type ChatMessageView, type ChatPurchaseResult, type ChatSendResult, type ChatUserDetails, type ChatUserListPage,
  type ChatUserSort, type PayPerMessageStatus, type UnreadCounts,
} from '../../domain/chat/wire';
import type { Role } from '../../domain/shared/wire';
import {
  CHAT_WRITERS, grantMessageCredits, markConversationRead, purchaseChatMessage, purchaseChatMessageFromWallet, sendFanMessage, sendStaffMessage,
  unlockForSubscriber,
} from '../../commands/chat';
import { conversationPage, findChatMessage, type ChatMessageRow } from '../../projections/chat-messages';
import { findConversation, staffUnreadTotal, type ConversationRow } from '../../projections/chat-conversations';
import { chatUserList, fanReversals } from '../../projections/chat-queries';
import { mediaByIds } from '../../projections/media';
import { currentSettings } from '../../projections/settings';
import type { SiteSettings } from '../../domain/settings/settings';
import { findSubscriber, subscriptionMeFields } from '../../projections/subscribers';
import { findUser } from '../../projections/users';
import { findWallet } from '../../projections/wallet';
import { findMember } from '../../projections/members';
import { chatSortsFor, seesChatEarnings, seesChatWallets } from '../../domain/chat/roles';
import { ok, parse, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { mediaView, settle } from '../views';
import { choiceOf, cardChoice, paymentResult } from './purchases';
import type { Services } from '../services';
import { formatPosition } from '../../infra/eventstore/port';

const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
const pageNum = z.coerce.number().int().min(1).max(100_000).optional().default(1);
const amountField = z.union([z.number(), z.string()], { error: 'amount is invalid.' });

const sendBody = z.object({
  message: z.string({ error: 'message is invalid.' }).optional().default(''),
  receiver: z.string().max(100).optional(),
  type: z.enum(['text', 'photo', 'video', 'gallery'], { error: 'type is invalid.' }).optional(),
  media: z.array(z.string().uuid({ error: 'media is invalid.' }), { error: 'media is invalid.' }).max(1000).optional().default([]),
  media_preview: z.string().uuid({ error: 'media_preview is invalid.' }).nullable().optional(),
  isLocked: z.boolean({ error: 'isLocked must be true or false.' }).optional().default(false),
  amount: amountField.optional(),
  uniqueId: z.string().trim().min(1).max(100).optional(),
  /** A fan: the pay-per-message terms they were shown and accepted (spec 3 §7.1 isPayPerMessageEnabled). */
  isPayPerMessageEnabled: z.boolean({ error: 'isPayPerMessageEnabled must be true or false.' }).optional(),
  payPerMessageAmount: amountField.optional(),
});

const chatPurchaseBody = cardChoice.extend({
  messageId: uuid('messageId'),
  amount: amountField,
  promotion_id: z.string().max(100).nullable().optional(),
  is_promotion_applied: z.boolean().optional(),
});

const walletChatBody = z.object({
  payment_for: z.literal('chat'),
  content_id: uuid('content_id'),
  amount: amountField.optional(),
  promotion_id: z.string().max(100).nullable().optional(),
});

const SORTS: Record<string, ChatUserSort> = {
  latest_message: 'latest_message', latest: 'latest_message', users_last_message: 'users_last_message', amount_spent: 'amount_spent',
  unread_messages: 'unread_messages', unread: 'unread_messages', expiration_date: 'expiration_date',
};

const promotionNotForChat = () =>
  new DomainError('Sorry promotion expired.', 'PROMOTION_EXPIRED', 409, { reason: 'Locked-content promotions do not cover direct chat messages.' });

interface ChatViewer {
  userId: string;
  isStaff: boolean;
}

/** Rows → what this viewer sees: originals only when free, bought by this fan, or to staff; processing hidden from fans. */
/** What the views of one conversation's messages need besides the rows (read once per request). */
interface ConversationFacts {
  conversation: ConversationRow | undefined;
  settings: SiteSettings;
  /** The fan's name: every message not from staff is theirs. */
  fanName: string;
}

async function conversationFacts(services: Services, fanId: string): Promise<ConversationFacts> {
  const db = services.database.db;
  const [conversation, settings, fan] = await Promise.all([findConversation(db, fanId), currentSettings(db), findUser(db, fanId)]);
  return { conversation, settings, fanName: fan?.name ?? '' };
}

async function messageViews(services: Services, viewer: ChatViewer, rows: ChatMessageRow[], facts: ConversationFacts): Promise<ChatMessageView[]> {
  const ids = [...new Set(rows.flatMap((r) => [...r.media.map((m) => m.mediaId), ...(r.preview_media_id ? [r.preview_media_id] : [])]))];
  const media = ids.length ? await mediaByIds(services.database.db, ids) : new Map();
  const { conversation, settings } = facts;
  const readBy = (r: ChatMessageRow) => (r.from_staff ? conversation?.fan_read_at : conversation?.staff_read_at);
  return rows.flatMap((r): ChatMessageView[] => {
    const items = r.media.map((m) => media.get(m.mediaId)).filter((m) => !!m);
    const processing = items.some((m) => m!.status === 'processing');
    if (processing && !viewer.isStaff) return [];
    const open = viewer.isStaff || r.price_cents <= 0 || r.unlocked;
    const preview = r.preview_media_id ? media.get(r.preview_media_id) : undefined;
    const read = readBy(r);
    return [{
      _id: r.id,
      uniqueId: r.unique_id,
      type: r.type as ChatMessageView['type'],
      message: r.text,
      tipMessage: r.tip_message,
      fromAdmin: r.from_staff,
      senderId: r.sender_id,
      userId: r.fan_id,
      name: r.from_staff ? settings.model_name : facts.fanName,
      isLocked: lockStateOf(r.price_cents, r.unlocked),
      amount: dollarsFromCents(r.type === 'tips' ? r.paid_cents : r.price_cents),
      amount_cents: r.type === 'tips' ? r.paid_cents : r.price_cents,
      isRead: !!read && Date.parse(read) >= Date.parse(r.created_at),
      media: items.map((m) => mediaView(m!, open, services.storage)),
      media_preview: preview ? mediaView(preview, true, services.storage) : null,
      contentCount: { photo: r.media.filter((m) => m.kind === 'photo').length, video: r.media.filter((m) => m.kind === 'video').length },
      processing,
      is_pay_per_message: r.is_pay_per_message,
      paid_cents: r.paid_cents,
      is_anonymous: r.is_anonymous,
      created: r.created_at,
    }];
  });
}

export const chatRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  const deps = { gateway: services.gateway };

  /** A fan may chat while subscribed ('1' or '2'); a proxy session reads the fan's chat but never writes. */
  const requireChatFan = async (caller: Caller) => {
    if (caller.role !== 'user' && caller.role !== 'proxy_user') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
    const status = subscriptionMeFields(await findSubscriber(db(), caller.userId), nowIso()).ccbillSubscriptionStatus;
    if (status === '0') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
  };
  const requireStaff = (caller: Caller) => {
    if (!isStaffRole(caller.role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
  };

  const payPerMessageStatus = async (fanId: string | null, canChat: boolean, known?: ConversationFacts): Promise<PayPerMessageStatus> => {
    const [settings, conversation] = known
      ? [known.settings, known.conversation]
      : await Promise.all([currentSettings(db()), fanId ? findConversation(db(), fanId) : undefined]);
    return {
      isPayPerMessageEnabled: settings.is_pay_per_message_enabled,
      payPerMessageAmount: settings.pay_per_message_amount,
      payPerMessageAmountCents: payPerMessageCents(settings),
      payPerMessageCredit: conversation?.credits ?? 0,
      canChat,
    };
  };

  const page = async (viewer: ChatViewer, fanId: string, pageNumber: number): Promise<ChatMessagePage> => {
    const [rows, facts, member] = await Promise.all([
      conversationPage(db(), fanId, pageNumber, CHAT_PAGE_SIZE),
      conversationFacts(services, fanId),
      findMember(db(), fanId),
    ]);
    const totalPages = Math.max(1, Math.ceil((facts.conversation?.message_count ?? 0) / CHAT_PAGE_SIZE));
    return {
      messages: await messageViews(services, viewer, rows, facts),
      page_num: pageNumber,
      total_pages: totalPages,
      has_more: pageNumber < totalPages,
      promotionDetails: null,
      should_hide_in_chat: !!member.hidden_from_chat,
      pay_per_message: await payPerMessageStatus(fanId, !viewer.isStaff, facts),
    };
  };

  const oneMessage = async (viewer: ChatViewer, id: string): Promise<ChatMessageView> => {
    const row = await findChatMessage(db(), id);
    if (!row || row.status !== 'sent' || (!viewer.isStaff && row.fan_id !== viewer.userId)) throw new DomainError('Message not found.', 'MESSAGE_NOT_FOUND', 404);
    const [view] = await messageViews(services, viewer, [row], await conversationFacts(services, row.fan_id));
    if (!view) throw new DomainError('This message is under process. It will be visible to you when processing is completed.', 'MESSAGE_PROCESSING', 409);
    return view;
  };

  // ---- reading -----------------------------------------------------------------------------------------

  app.get('/api/chat/get_messages', async (request, reply) => {
    const caller = requireCaller(request);
    const q = parse(z.object({ page_num: pageNum }), request.query);
    await requireChatFan(caller);
    return ok(reply, await page({ userId: caller.userId, isStaff: false }, caller.userId, q.page_num));
  });

  app.get('/api/chat/get_messages_admin', async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const q = parse(z.object({ selected_user_id: uuid('selected_user_id'), page_num: pageNum }), request.query);
    return ok(reply, await page({ userId: caller.userId, isStaff: true }, q.selected_user_id, q.page_num));
  });

  app.get('/api/chat/get_chat_message', async (request, reply) => {
    const caller = requireCaller(request);
    const q = parse(z.object({ id: uuid('id') }), request.query);
    const isStaff = isStaffRole(caller.role);
    if (!isStaff) await requireChatFan(caller);
    return ok(reply, await oneMessage({ userId: caller.userId, isStaff }, q.id));
  });

  app.post('/api/chat/get_user_send_message_status', async (request, reply) => {
    const caller = requireCaller(request);
    if (isStaffRole(caller.role)) return ok(reply, await payPerMessageStatus(null, CHAT_WRITERS.includes(caller.role)));
    const status = subscriptionMeFields(await findSubscriber(db(), caller.userId), nowIso()).ccbillSubscriptionStatus;
    return ok(reply, await payPerMessageStatus(caller.userId, caller.role === 'user' && status !== '0'));
  });

  app.get('/api/users/get_unread_count', async (request, reply) => {
    const caller = requireCaller(request);
    const n = isStaffRole(caller.role) ? await staffUnreadTotal(db()) : ((await findConversation(db(), caller.userId))?.fan_unread ?? 0);
    const data: UnreadCounts = { userUnreadMessage: n };
    return ok(reply, data);
  });

  app.get('/api/chat/get_user_list', async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const q = parse(
      z.object({
        page_num: pageNum,
        user_name: z.string().max(100).optional().default(''),
        sort_by: z.string().max(40).optional().default('latest_message'),
        sort_by_subscribers: z.enum(['', 'all', '1', '2'], { error: 'sort_by_subscribers is invalid.' }).optional().default(''),
      }),
      request.query,
    );
    const sort = Object.hasOwn(SORTS, q.sort_by) ? SORTS[q.sort_by] : undefined; // never an inherited member
    if (!sort || !chatSortsFor(caller.role).includes(sort)) throw new ValidationError('sort_by', 'sort_by is invalid.');
    // Sorting by expiry lists the cancelled-but-paid fans whose access runs out (spec 3 §4 sort rules).
    const status = sort === 'expiration_date' ? '2' : q.sort_by_subscribers === '1' || q.sort_by_subscribers === '2' ? q.sort_by_subscribers : null;
    const pageSize = 30;
    const { rows, total } = await chatUserList(db(), { page: q.page_num, pageSize, search: q.user_name, sort, status, nowIso: nowIso() });
    const wallets = seesChatWallets(caller.role);
    const earnings = seesChatEarnings(caller.role);
    const data: ChatUserListPage = {
      users: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        nick_name: r.nickname,
        avatarUrl: null,
        wallet_amount: wallets ? dollarsFromCents(r.wallet_cents) : null,
        wallet_amount_cents: wallets ? r.wallet_cents : null,
        total_amount_spent: earnings ? dollarsFromCents(r.spent_cents) : null,
        total_amount_spent_cents: earnings ? r.spent_cents : null,
        has_complimentary_subscription: caller.role === 'admin' || caller.role === 'super_admin' ? !!r.complimentary : false,
        ccbill_subscription_status: r.status,
        expiration_date: r.expires_at,
        last_message: r.last_message,
        last_message_time: r.last_message_at,
        unreadcount: r.staff_unread,
        mute_mass_message: !!r.mass_messages_muted,
      })),
      page_num: q.page_num,
      total,
      has_more: q.page_num * pageSize < total,
    };
    return ok(reply, data);
  });

  app.get('/api/chat/get_user_details', async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const q = parse(z.object({ user_id: uuid('user_id') }), request.query);
    const [user, member, wallet, sub, reversals, conversation] = await Promise.all([
      findUser(db(), q.user_id), findMember(db(), q.user_id), findWallet(db(), q.user_id), findSubscriber(db(), q.user_id), fanReversals(db(), q.user_id),
      findConversation(db(), q.user_id),
    ]);
    if (!user) throw new DomainError('Error occurred while getting user detail', 'USER_NOT_FOUND', 404);
    const wallets = seesChatWallets(caller.role);
    const earnings = seesChatEarnings(caller.role);
    const deduction = chatDeductionCents(reversals);
    const spent = Number(user.total_spent_cents ?? 0);
    const data: ChatUserDetails = {
      _id: user.id,
      name: user.name,
      nick_name: member.nickname ?? null,
      profile: null,
      lastSeen: conversation?.last_fan_message_at ?? null,
      totalAmountSpent: earnings ? dollarsFromCents(spent) : null,
      totalAmountSpentCents: earnings ? spent : null,
      totalVoidAmount: dollarsFromCents(reversals.voidCents),
      totalRefundAmount: dollarsFromCents(reversals.refundCents),
      totalChargeBackAmount: dollarsFromCents(reversals.chargebackCents),
      totalChargeBackCount: reversals.chargebackCount,
      totalDeductionAmount: dollarsFromCents(deduction),
      totalDeductionCents: deduction,
      wallet_amount: wallets ? dollarsFromCents(Number(wallet?.balance_cents ?? 0)) : null,
      wallet_amount_cents: wallets ? Number(wallet?.balance_cents ?? 0) : null,
      payPerMessageCredit: conversation?.credits ?? 0,
      ccbill_subscription_status: subscriptionMeFields(sub, nowIso()).ccbillSubscriptionStatus,
      isLiveStreamAvailable: false,
    };
    return ok(reply, data);
  });

  // ---- writing -----------------------------------------------------------------------------------------

  app.post('/api/chat/send_message', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(sendBody, request.body);
    const ctx = contextFor(request, services);
    const staff = isStaffRole(caller.role);
    let messageId: string;
    let paid = { paymentId: null as string | null, cents: 0 };
    try {
      if (staff) {
        if (!body.receiver) throw new ValidationError('receiver', 'receiver is required.');
        let priceCents = 0;
        if (body.isLocked) {
          const cents = body.amount === undefined ? null : centsFromDollars(body.amount);
          if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
          priceCents = cents;
        }
        messageId = await sendStaffMessage(ctx, {
          staffId: caller.userId, role: caller.role, fanId: body.receiver, text: body.message, mediaIds: body.media, previewMediaId: body.media_preview ?? null,
          locked: body.isLocked, priceCents, uniqueId: body.uniqueId ?? null,
        });
      } else {
        const wallet = await findWallet(db(), caller.userId);
        const outcome = await sendFanMessage(ctx, deps, {
          fanId: caller.userId, role: caller.role, text: body.message, mediaCount: body.media.length, uniqueId: body.uniqueId ?? null,
          payWith: wallet?.default_method === 'crypto_currency' ? 'wallet' : 'card',
          acceptedChargeCents: body.isPayPerMessageEnabled && body.payPerMessageAmount !== undefined ? centsFromDollars(body.payPerMessageAmount) : null,
        });
        messageId = outcome.messageId;
        paid = { paymentId: outcome.paymentId, cents: outcome.paidCents };
      }
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      if (e instanceof DomainError && e.code === 'PAY_PER_MESSAGE_NOT_ACCEPTED')
        return reply.code(409).send({ success: 0, message: e.message, code: e.code, data: await payPerMessageStatus(caller.userId, true) });
      if (e instanceof DomainError && e.status === 402) {
        const allowCascade = !!e.details.allowCascade;
        return reply.code(402).send({
          success: 0, message: e.message, code: e.code,
          data: { errors: { allow_cascade: allowCascade, error_from: 'card', transactionId: e.details.paymentId ?? null, isPaymentDoneForPayPerMessage: false } },
        });
      }
      throw e;
    }
    await settle(services, ctx);
    const viewer = { userId: caller.userId, isStaff: staff };
    const row = await findChatMessage(db(), messageId);
    const view = row ? (await messageViews(services, viewer, [row], await conversationFacts(services, row.fan_id)))[0] : undefined;
    if (!view) throw new DomainError('There was an error while uploading the image.', 'MESSAGE_NOT_READY', 500);
    const [wallet, conversation] = await Promise.all([findWallet(db(), caller.userId), staff ? undefined : findConversation(db(), caller.userId)]);
    const balance = Number(wallet?.balance_cents ?? 0);
    const data: ChatSendResult = {
      message: view,
      is_pay_per_message: view.is_pay_per_message,
      transactionId: paid.paymentId,
      amount: dollarsFromCents(paid.cents),
      amount_cents: paid.cents,
      wallet_balance: dollarsFromCents(balance),
      wallet_balance_cents: balance,
      payPerMessageCredit: conversation?.credits ?? 0,
    };
    return ok(reply, data, { position: ctx.lastPosition });
  });

  app.post('/api/v2/purchase/chat-content-purchase', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(chatPurchaseBody, request.body);
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
    if (body.promotion_id || body.is_promotion_applied) throw promotionNotForChat();
    const ctx = contextFor(request, services);
    const outcome = await purchaseChatMessage(ctx, deps, {
      fanId: caller.userId, role: caller.role, messageId: body.messageId, confirmedAmountCents: cents, method: 'card', card: choiceOf(body),
    });
    await settle(services, ctx);
    const accepted = outcome.payment.status === 'captured';
    const f = outcome.payment.failure;
    const data: ChatPurchaseResult = {
      ...paymentResult({
        accepted, paymentId: outcome.paymentId, transactionId: outcome.payment.gatewayTransactionId, message: '',
        failureCode: accepted ? undefined : f?.failureCode, allowCascade: accepted ? false : (f?.allowCascade ?? false),
      }),
      chatMessage: await oneMessage({ userId: caller.userId, isStaff: false }, body.messageId).catch(() => undefined),
    };
    return reply.code(accepted ? 200 : 402).send({
      success: accepted ? 1 : 0,
      message: accepted ? 'Content unlocked successfully.' : (f?.message ?? 'Payment failed.'),
      data,
      code: accepted ? undefined : 'PAYMENT_FAILED',
      ...(ctx.lastPosition ? { position: formatPosition(ctx.lastPosition) } : {}),
    });
  });

  app.post('/api/chat/unlock_message_from_user', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(z.object({ message_id: uuid('message_id') }), request.body);
    const ctx = contextFor(request, services);
    await unlockForSubscriber(ctx, caller.userId, caller.role, body.message_id);
    await settle(services, ctx);
    return ok(reply, await oneMessage({ userId: caller.userId, isStaff: true }, body.message_id), { message: 'Content unlocked for the subscriber.', position: ctx.lastPosition });
  });

  app.post('/api/chat/grant_message_credits', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(z.object({ user_id: uuid('user_id'), credits: z.number({ error: 'credits is invalid.' }) }), request.body);
    const user = await findUser(db(), body.user_id);
    if (!user || user.role !== 'user') throw new ValidationError('user_id', 'user_id is invalid.');
    const ctx = contextFor(request, services);
    const credits = await grantMessageCredits(ctx, caller.userId, body.user_id, body.credits);
    await settle(services, ctx);
    return ok(reply, { payPerMessageCredit: credits }, { message: `${body.credits} message credit${body.credits === 1 ? '' : 's'} granted.`, position: ctx.lastPosition });
  });

  // Read marks: written only when something is unread, so polling clients do not fill the log.
  app.post('/api/chat/read_message_user', async (request, reply) => {
    const caller = requireCaller(request);
    if (caller.role !== 'user') return ok(reply, { unread: 0 });
    const conversation = await findConversation(db(), caller.userId);
    const ctx = contextFor(request, services);
    if (conversation && conversation.fan_unread > 0) {
      await markConversationRead(ctx, caller.userId, { by: 'fan' });
      await settle(services, ctx);
    }
    return ok(reply, { unread: 0 }, { position: ctx.lastPosition });
  });

  app.post('/api/chat/read_message_model', async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const body = parse(z.object({ userId: uuid('userId') }), request.body);
    const conversation = await findConversation(db(), body.userId);
    const ctx = contextFor(request, services);
    if (conversation && conversation.staff_unread > 0) {
      await markConversationRead(ctx, body.userId, { by: 'staff', staffId: caller.userId });
      await settle(services, ctx);
    }
    return ok(reply, { unread: 0 }, { position: ctx.lastPosition });
  });
};

/** POST /api/crypto/purchase-from-wallet with payment_for 'chat' (dispatched from routes/wallet.ts). */
export async function chatPurchaseFromWallet(services: Services, request: FastifyRequest, reply: FastifyReply, caller: Caller) {
  const body = parse(walletChatBody, request.body);
  let confirmed: number | null = null;
  if (body.amount !== undefined) {
    confirmed = centsFromDollars(body.amount);
    if (confirmed === null) throw new ValidationError('amount', VALID_AMOUNT);
  }
  if (body.promotion_id) throw promotionNotForChat();
  const ctx = contextFor(request, services);
  try {
    const outcome = await purchaseChatMessageFromWallet(ctx, { gateway: services.gateway }, {
      fanId: caller.userId, role: caller.role, messageId: body.content_id, confirmedAmountCents: confirmed,
    });
    await settle(services, ctx);
    const row = await findChatMessage(services.database.db, body.content_id);
    const [chatMessage] = row ? await messageViews(services, { userId: caller.userId, isStaff: false }, [row], await conversationFacts(services, row.fan_id)) : [];
    const data: ChatWalletPurchaseResult = {
      transaction_id: outcome.paymentId,
      transaction_amount: dollarsFromCents(outcome.amountCents),
      transaction_amount_cents: outcome.amountCents,
      wallet_balance: dollarsFromCents(outcome.balanceCents),
      wallet_balance_cents: outcome.balanceCents,
      chatMessage,
    };
    return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
  } catch (e) {
    await settle(services, ctx).catch(() => {});
    if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
    throw e;
  }
}

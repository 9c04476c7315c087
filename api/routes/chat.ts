// Private chat: messages, the staff chat list and header, sending (with
// pay-per-message), unlocking locked messages by card. Read marks and credits: routes/chat-marks.ts. The wire shapes and the list of
// calls are in domain/chat/wire.ts; the reads in api/queries/chat.ts. Unlocking from the wallet: routes/wallet-purchases.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { dollarsFromCents } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { isStaffRole } from '../../domain/shared/wire';
import { chatSortsFor, chatViewSettings, mayOpenChatList } from '../../domain/chat/roles';
import { currentSettings } from '../../projections/settings';
import { chatSortOf } from '../../domain/chat/views';
import type { ChatSendResult, UnreadCounts } from '../../domain/chat/wire';
import { sendFanMessage, sendStaffMessage, unlockForSubscriber } from '../../commands/chat';
import { ok } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { settle } from '../views';
import { acceptedChargeOf, chatPurchaseBody, pageNum, sendBody, sendRefusal, staffMessageOf, userListQuery, uuid } from '../schemas/chat';
import { chatQueries } from '../queries/chat';
import { massMessageQueries } from '../queries/mass-messages';
import { cardPayments } from '../card-payments';
import type { Services } from '../services';

export const chatRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const chat = chatQueries(services);
  const massCopies = massMessageQueries(services);
  const deps = services.purchases;
  const payments = cardPayments(services);
  const requireStaff = (caller: Caller) => {
    if (!isStaffRole(caller.role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
  };

  // ---- reading -----------------------------------------------------------------------------------------

  // The session is read in the page's statement when it is not kept in memory (api/auth.ts PendingSession).
  app.get('/api/chat/get_messages', { schema: { querystring: z.object({ page_num: pageNum }) }, config: { readsSessionWithPage: true } }, async (request, reply) => {
    return ok(reply, await chat.ownPage(request, request.query.page_num));
  });

  app.get('/api/chat/get_messages_admin', { schema: { querystring: z.object({ selected_user_id: uuid('selected_user_id'), page_num: pageNum }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const q = request.query;
    return ok(reply, await chat.page({ userId: caller.userId, isStaff: true }, q.selected_user_id, q.page_num));
  });

  app.get('/api/chat/get_chat_message', { schema: { querystring: z.object({ id: uuid('id') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const q = request.query;
    const isStaff = isStaffRole(caller.role);
    if (!isStaff) await chat.requireChatFan(caller);
    return ok(reply, await chat.oneMessage({ userId: caller.userId, isStaff }, q.id));
  });

  app.post('/api/chat/get_user_send_message_status', async (request, reply) => {
    return ok(reply, await chat.sendStatusFor(requireCaller(request)));
  });

  app.get('/api/users/get_unread_count', async (request, reply) => {
    const caller = requireCaller(request);
    const data: UnreadCounts = { userUnreadMessage: await chat.unreadCount(caller.userId, isStaffRole(caller.role)) };
    return ok(reply, data);
  });

  app.get('/api/chat/get_user_list', { schema: { querystring: userListQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const q = request.query;
    const sort = chatSortOf(q.sort_by);
    if (!sort || !chatSortsFor(caller.role, chatViewSettings(await currentSettings(services.database.db))).includes(sort)) throw new ValidationError('sort_by', 'sort_by is invalid.');
    // list_id: another list instead of the chat list (projections/chat-queries.ts); who may open which: domain/chat/roles.ts.
    const list = q.list_id === '' || q.list_id === 'all' ? null : q.list_id;
    if (list && !mayOpenChatList(caller.role, list)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
    return ok(reply, await chat.userList(caller.role, { page: q.page_num, search: q.user_name, sort, bySubscribers: q.sort_by_subscribers, list }));
  });

  app.get('/api/chat/get_user_details', { schema: { querystring: z.object({ user_id: uuid('user_id') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    requireStaff(caller);
    const q = request.query;
    return ok(reply, await chat.userDetails(caller.role, q.user_id));
  });

  // ---- writing -----------------------------------------------------------------------------------------

  // POST /api/message/send-message: the same send under the universal-chat name; domain and email are ignored (one site).
  for (const path of ['/api/chat/send_message', '/api/message/send-message']) app.post(path, { schema: { body: sendBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const staff = isStaffRole(caller.role);
    let messageId: string;
    let paid = { paymentId: null as string | null, cents: 0, creditUsed: false };
    try {
      if (staff) {
        messageId = await sendStaffMessage(ctx, { staffId: caller.userId, role: caller.role, ...staffMessageOf(body) });
      } else {
        const outcome = await sendFanMessage(ctx, deps, {
          fanId: caller.userId, role: caller.role, text: body.message, mediaIds: body.media, uniqueId: body.uniqueId ?? null,
          payWith: await chat.paysWith(caller.userId), acceptedChargeCents: acceptedChargeOf(body),
        });
        messageId = outcome.messageId;
        paid = { paymentId: outcome.paymentId, cents: outcome.paidCents, creditUsed: outcome.creditUsed };
      }
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      const refused = await sendRefusal(reply, e, () => chat.sendStatus(caller.userId, true));
      if (refused) return refused;
      throw e;
    }
    // The message is stored: the answer is a success with its id whatever the read models say. While they lag
    // behind (a long batch, a peer node restarting) its view is not there yet: message is null and the message
    // reaches the sender's open chats as MESSAGE_RECEIVE once the read models have it.
    await settle(services, ctx);
    const view = (await chat.messageView({ userId: caller.userId, isStaff: staff }, messageId)) ?? null;
    const { walletCents, credits } = await chat.balances(caller.userId, staff);
    const data: ChatSendResult = {
      messageId,
      message: view,
      is_pay_per_message: view ? view.is_pay_per_message : paid.cents > 0 || paid.creditUsed,
      transactionId: paid.paymentId,
      amount: dollarsFromCents(paid.cents),
      amount_cents: paid.cents,
      wallet_balance: dollarsFromCents(walletCents),
      wallet_balance_cents: walletCents,
      payPerMessageCredit: credits,
    };
    return ok(reply, data, { position: ctx.lastPosition });
  });

  app.post('/api/v2/purchase/chat-content-purchase', { schema: { body: chatPurchaseBody } }, (request, reply) => payments.unlockChatMessage(request, reply, request.body));

  app.post('/api/chat/unlock_message_from_user', { schema: { body: z.object({ message_id: uuid('message_id') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    await unlockForSubscriber(ctx, caller.userId, caller.role, body.message_id, await massCopies.copyOf(body.message_id));
    await settle(services, ctx);
    return ok(reply, await chat.oneMessage({ userId: caller.userId, isStaff: true }, body.message_id), { message: 'Content unlocked for the subscriber.', position: ctx.lastPosition });
  });
};

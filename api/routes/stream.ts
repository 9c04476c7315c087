// Live streaming calls (all under /api/stream/; domain/live). Thin: zod, the route table's roles,
// one command or query, the answer. Request/answer shapes for the apps: the OpenAPI page (/api/docs).
//   POST start_stream        {userId?, isGroupLiveStream, tabToken?} → {sessionId, room, pin, streamToken, tabToken, isGroup, userId, resumed}
//   POST set_stream_data     {room, pubId, pubPvtId}
//   POST stop_stream         {} → {sessionId, stopped}
//   POST add_token           {userId?, price_per_minute_cents?} → {status:'success', streamToken, room, pin, sessionId, isGroup}
//                            (a billed one-to-one: the fan's confirmed price, else 409 PRICE_NOT_CONFIRMED)
//   POST remove_token        {streamToken?, userId?} (userId: the publisher/admin puts a viewer out)
//   POST send_message        {message, type?, fromAdmin?, senderId?, message_from_admin?}
//   POST send_tips           {amount, is_anonymous?, payment_method 'card'|'wallet', tipMessage?, card fields | card_id}
//   POST get_messages        {pageNum?} → the session's comments (older pages first-loaded newest)
//   GET  current             → the session on air the caller may see (or null)
//   GET  viewers             → {count, userList:[{_id, name, avatarUrl, count}]}
// The settings and the sessions report: routes/live-reports.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { centsFromDollars } from '../../domain/shared/money';
import { LIVE_PUBLISHER_ROLES } from '../../domain/live/live-session';
import { TIP_SENT } from '../../domain/tip/tip';
import { STAFF_ROLES, type Role } from '../../domain/shared/wire';
import {
  addViewerToken, postLiveComment, revokeViewer, sendLiveTip, setStreamData, startLive, stopLive,
} from '../../commands/live';
import { LiveMediaUnavailableError } from '../../infra/live/port';
import { ok, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { choiceOf } from '../schemas/payment';
import { addTokenBody, messagesBody, removeTokenBody, sendMessageBody, sendTipsBody, startBody, streamDataBody } from '../schemas/live';
import { liveQueries } from '../queries/live';
import { liveCaller, liveDeps, viewerFacts } from '../live';
import type { Services } from '../services';

const isStaff = (role: Role) => STAFF_ROLES.includes(role);
const ADMINS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];

/** The media server said no (not installed, not answering): 503 with its reason, never a 500. */
async function media<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof LiveMediaUnavailableError) throw new DomainError(e.message, 'LIVE_UNAVAILABLE', 503);
    throw e;
  }
}

export const streamRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const live = liveQueries(services);
  const deps = () => liveDeps(services);

  app.post('/api/stream/start_stream', { schema: { body: startBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    if (!b.isGroupLiveStream) {
      if (!b.userId) throw new ValidationError('userId', 'userId is required for a one-to-one live stream.');
      if (!(await live.isFan(b.userId))) throw new DomainError('User not found.', 'NOT_FOUND', 404, { field: 'userId' });
    }
    const ctx = contextFor(request, services);
    const started = await media(() => startLive(ctx, deps(), liveCaller(caller), { isGroup: b.isGroupLiveStream, fanId: b.userId ?? null, tabToken: b.tabToken }));
    await settle(services, ctx);
    return ok(reply, {
      sessionId: started.sessionId, isGroup: started.isGroup, userId: started.fanId, room: started.room, pin: started.pin, streamToken: started.streamToken,
      tabToken: started.tabToken, startedAt: started.startedAt, resumed: started.resumed, isLiveStreamStarted: true,
    }, { position: ctx.lastPosition });
  });

  app.post('/api/stream/set_stream_data', { schema: { body: streamDataBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await setStreamData(ctx, liveCaller(caller), request.body);
    await settle(services, ctx);
    return ok(reply, { sessionId: r.sessionId, ...request.body }, { position: ctx.lastPosition });
  });

  app.post('/api/stream/stop_stream', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await stopLive(ctx, deps(), { userId: caller.userId, role: caller.role }, 'publisher');
    // The recording goes to the library in the background (janus-pp-rec and ffmpeg take a while): the stop answers now.
    void r.recording;
    await settle(services, ctx);
    return ok(reply, { sessionId: r.sessionId, stopped: r.stopped }, { position: ctx.lastPosition });
  });

  app.post('/api/stream/add_token', { schema: { body: addTokenBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    // A token is personal: nobody asks one for someone else.
    if (request.body.userId && request.body.userId !== caller.userId && !isStaff(caller.role)) throw new DomainError('You cannot join for another user.', 'NOT_YOURSELF', 403);
    const ctx = contextFor(request, services);
    try {
      const facts = await viewerFacts(services, ctx, caller);
      const t = await media(() => addViewerToken(ctx, deps(), facts, request.body.price_per_minute_cents ?? null));
      await settle(services, ctx);
      return ok(reply, { status: 'success', streamToken: t.streamToken, room: t.room, pin: t.pin, sessionId: t.sessionId, isGroup: t.isGroup, pubId: t.pubId }, { position: ctx.lastPosition });
    } catch (e) {
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      throw e;
    }
  });

  app.post('/api/stream/remove_token', { schema: { body: removeTokenBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const ctx = contextFor(request, services);
    let userId = caller.userId;
    let reason: 'left' | 'removed' = 'left';
    if (b.userId && b.userId !== caller.userId) {
      // Putting a viewer out: the publisher's roles and the admins.
      if (!LIVE_PUBLISHER_ROLES.includes(caller.role) && !ADMINS.includes(caller.role)) throw new DomainError('Only the publisher or an admin can remove a viewer.', 'NOT_THE_PUBLISHER', 403);
      userId = b.userId;
      reason = 'removed';
    }
    const r = await media(() => revokeViewer(ctx, deps(), userId, reason === 'left' ? b.streamToken ?? null : null, reason));
    await settle(services, ctx);
    return ok(reply, { status: 'success', removed: r.revoked.length }, { position: ctx.lastPosition });
  });

  app.post('/api/stream/send_message', { schema: { body: sendMessageBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await postLiveComment(ctx, liveCaller(caller), request.body.message);
    await settle(services, ctx);
    return ok(reply, { _id: r.commentId, sessionId: r.sessionId }, { position: ctx.lastPosition });
  });

  app.post('/api/stream/send_tips', { schema: { body: sendTipsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    const cents = centsFromDollars(b.amount);
    if (cents === null) throw new ValidationError('amount', 'Please enter a valid amount');
    const ctx = contextFor(request, services);
    const common = { amountCents: cents, isAnonymous: b.is_anonymous, message: b.tipMessage };
    try {
      const r = await sendLiveTip(ctx, deps(), liveCaller(caller), b.payment_method === 'wallet' ? { ...common, method: 'wallet' } : { ...common, method: 'card', card: choiceOf(b) });
      await settle(services, ctx);
      const data = {
        accepted: r.accepted, tip_id: r.tipId, sessionId: r.sessionId, amount_cents: cents, transactionId: r.payment.gatewayTransactionId ?? null,
        ...(r.balanceCents !== undefined ? { wallet_balance: r.balanceCents / 100, wallet_balance_cents: r.balanceCents } : {}),
      };
      if (r.accepted) return ok(reply, data, { message: TIP_SENT, position: ctx.lastPosition });
      return reply.code(402).send({ success: 0, message: r.payment.failure?.message ?? 'Payment failed.', code: 'PAYMENT_FAILED', data });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      throw e;
    }
  });

  app.post('/api/stream/get_messages', { schema: { body: messagesBody } }, async (request, reply) => {
    return ok(reply, await live.comments(requireCaller(request), request.body.pageNum));
  });

  app.get('/api/stream/current', async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, { session: await live.current(caller), media: services.liveMedia.status().available });
  });

  app.get('/api/stream/viewers', async (request, reply) => {
    return ok(reply, await live.viewers(requireCaller(request)));
  });
};

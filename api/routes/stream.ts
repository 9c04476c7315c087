// Live streaming calls (D3 §7.4, all under /api/stream/; issue 15; domain/live). Thin: zod, the route table's roles,
// one command or query, the answer. Request/answer shapes for the apps: /work/notes/live-api.md and the OpenAPI page.
//   GET  get_settings        → {enable_live_streaming, live_streaming_server_url, price_per_minute(_cents), live_stream_report_enabled, media}
//   POST save_settings       {enable_live_streaming?, live_streaming_server_url?, price_per_minute?, live_stream_report_enabled?}
//   POST start_stream        {userId?, isGroupLiveStream, tabToken?} → {sessionId, room, pin, streamToken, tabToken, isGroup, userId, resumed}
//   POST set_stream_data     {room, pubId, pubPvtId}
//   POST stop_stream         {} → {sessionId, stopped}
//   POST add_token           {userId?} → {status:'success', streamToken, room, pin, sessionId, isGroup}
//   POST remove_token        {streamToken?, userId?} (userId: the publisher/admin puts a viewer out)
//   POST send_message        {message, type?, fromAdmin?, senderId?, message_from_admin?}
//   POST send_tips           {amount, is_anonymous?, payment_method 'card'|'wallet', tipMessage?, card fields | card_id}
//   POST get_live_stream_reports {userId?, pageNum?}
//   POST get_messages        {pageNum?} → the session's comments (older pages first-loaded newest)
//   GET  current             → the session on air the caller may see (or null)
//   GET  viewers             → {count, userList:[{_id, name, avatarUrl, count}]}
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { centsFromDollars } from '../../domain/shared/money';
import { seesChatEarnings } from '../../domain/chat/roles';
import { LIVE_PUBLISHER_ROLES, LIVE_STAFF_VIEWER_ROLES, NO_LIVE_STREAM, SEES_LIVE_TIP_TOTAL, TAB_TOKEN } from '../../domain/live/live-session';
import { TIP_SENT } from '../../domain/tip/tip';
import { STAFF_ROLES, type Role } from '../../domain/shared/wire';
import {
  addViewerToken, postLiveComment, revokeViewer, sendLiveTip, setStreamData, startLive, stopLive,
} from '../../commands/live';
import { updateSiteSettings } from '../../commands/settings';
import { currentSettings } from '../../projections/settings';
import { findLiveSession, liveComments, liveSessionOnAir, liveViewersNow, listLiveSessions, type LiveSessionRow } from '../../projections/live-sessions';
import { LiveMediaUnavailableError } from '../../infra/live/port';
import { ok, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { settle } from '../views';
import { cardChoice, choiceOf } from '../schemas/payment';
import { liveCaller, liveDeps, viewerFacts } from '../live';
import type { Services } from '../services';

const REPORT_PAGE_SIZE = 20;
const COMMENTS_PAGE_SIZE = 50;

const bool = (field: string) => z.boolean({ error: `${field} must be true or false.` });
const id = (field: string) => z.string({ error: `${field} is invalid.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: `${field} is invalid.` });

const saveSettingsBody = z.object({
  enable_live_streaming: bool('enable_live_streaming').optional(),
  live_streaming_server_url: z.string({ error: 'live_streaming_server_url is invalid.' }).trim().max(300, { error: 'live_streaming_server_url is too long.' })
    .refine((v) => v === '' || /^(https?|wss?):\/\/[^\s]+$/.test(v), { error: 'live_streaming_server_url must be an http(s) or ws(s) address.' }).optional(),
  price_per_minute: z.union([z.number(), z.string()], { error: 'price_per_minute is invalid.' }).optional(),
  live_stream_report_enabled: bool('live_stream_report_enabled').optional(),
});
const startBody = z.object({
  userId: id('userId').optional(),
  isGroupLiveStream: bool('isGroupLiveStream').optional().default(false),
  tabToken: z.string({ error: 'tabToken is invalid.' }).regex(TAB_TOKEN, { error: 'tabToken must be 12 hexadecimal characters.' }).optional(),
});
const streamDataBody = z.object({
  room: z.coerce.number({ error: 'room is invalid.' }).int({ error: 'room is invalid.' }).min(1, { error: 'room is invalid.' }),
  pubId: z.union([z.string(), z.number()], { error: 'pubId is required.' }).transform(String).pipe(z.string().min(1, { error: 'pubId is required.' }).max(40, { error: 'pubId is invalid.' })),
  pubPvtId: z.union([z.string(), z.number()], { error: 'pubPvtId is required.' }).transform(String).pipe(z.string().min(1, { error: 'pubPvtId is required.' }).max(40, { error: 'pubPvtId is invalid.' })),
});
const addTokenBody = z.object({ userId: id('userId').optional() });
const removeTokenBody = z.object({ streamToken: z.string({ error: 'streamToken is invalid.' }).max(100, { error: 'streamToken is invalid.' }).optional(), userId: id('userId').optional() });
const sendMessageBody = z.object({
  // Length and blankness are the session's rule (500 group / 1000 one-to-one, the spec's texts); this only bounds the body.
  message: z.string({ error: 'Please type message.' }).max(5000, { error: 'Maximum 1000 characters allowed.' }),
  type: z.string().max(20).optional(),
  fromAdmin: z.boolean().optional(),
  senderId: z.string().max(64).optional(),
  message_from_admin: z.boolean().optional(),
});
const sendTipsBody = cardChoice.extend({
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
  is_anonymous: bool('is_anonymous').optional().default(false),
  payment_method: z.enum(['card', 'wallet'], { error: "payment_method must be 'card' or 'wallet'." }).optional().default('card'),
  tipMessage: z.string({ error: 'Message is too long.' }).max(20_000, { error: 'Message is too long.' }).optional().default(''),
});
const reportsBody = z.object({
  userId: id('userId').optional(),
  pageNum: z.coerce.number({ error: 'pageNum is invalid.' }).int().min(1).max(100_000).optional().default(1),
});
const messagesBody = z.object({ pageNum: z.coerce.number({ error: 'pageNum is invalid.' }).int().min(1).max(100_000).optional().default(1) });

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

/** May this caller see that this session is on air: a group session everyone signed in; a one-to-one its fan and staff. */
const maySee = (s: LiveSessionRow, c: Caller) => s.is_group || isStaff(c.role) || s.fan_id === c.userId;

export const streamRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const deps = () => liveDeps(services);

  const settingsView = async () => {
    const s = await currentSettings(db());
    return {
      enable_live_streaming: s.enable_live_streaming,
      live_streaming_server_url: s.live_streaming_server_url,
      price_per_minute: s.live_price_per_minute_cents / 100,
      price_per_minute_cents: s.live_price_per_minute_cents,
      live_stream_report_enabled: s.live_stream_report_enabled,
      media: services.liveMedia.status(),
    };
  };

  /** The session on air as the caller may see it (null: none, or not theirs to see). */
  const currentView = async (c: Caller) => {
    const s = await liveSessionOnAir(db());
    if (!s || !maySee(s, c)) return null;
    const viewers = await liveViewersNow(db(), s.id);
    return {
      sessionId: s.id, isGroup: s.is_group, userId: s.fan_id, publisherId: s.publisher_id, publisherName: s.publisher_name, startedAt: s.started_at, pubId: s.pub_id ?? null,
      viewers: viewers.length, isJoined: viewers.some((v) => v.user_id === c.userId), isPublisher: s.publisher_id === c.userId,
      pricePerMinuteCents: s.price_per_minute_cents ?? 0,
      ...(SEES_LIVE_TIP_TOTAL.includes(c.role) ? { tipTotalCents: s.tips_cents } : {}),
    };
  };
  app.get('/api/stream/get_settings', async (request, reply) => {
    requireCaller(request);
    return ok(reply, await settingsView());
  });

  app.post('/api/stream/save_settings', { schema: { body: saveSettingsBody } }, async (request, reply) => {
    requireCaller(request);
    const b = request.body;
    const changes: Record<string, unknown> = {};
    if (b.enable_live_streaming !== undefined) changes.enable_live_streaming = b.enable_live_streaming;
    if (b.live_streaming_server_url !== undefined) changes.live_streaming_server_url = b.live_streaming_server_url;
    if (b.live_stream_report_enabled !== undefined) changes.live_stream_report_enabled = b.live_stream_report_enabled;
    if (b.price_per_minute !== undefined) {
      const cents = b.price_per_minute === '' ? 0 : centsFromDollars(b.price_per_minute);
      if (cents === null || cents < 0 || cents > 100_000) throw new ValidationError('price_per_minute', 'Enter a price per minute between 0 and 1000.');
      changes.live_price_per_minute_cents = cents;
    }
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, changes);
    await settle(services, ctx);
    return ok(reply, await settingsView(), { message: 'Settings saved.', position: ctx.lastPosition });
  });

  app.post('/api/stream/start_stream', { schema: { body: startBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    if (!b.isGroupLiveStream) {
      if (!b.userId) throw new ValidationError('userId', 'userId is required for a one-to-one live stream.');
      const fan = await db().withSchema('rm').selectFrom('users').select(['id', 'role']).where('id', '=', b.userId).executeTakeFirst();
      if (!fan || fan.role !== 'user') throw new DomainError('User not found.', 'NOT_FOUND', 404, { field: 'userId' });
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
      const t = await media(() => addViewerToken(ctx, deps(), facts));
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

  app.post('/api/stream/get_live_stream_reports', { schema: { body: reportsBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const settings = await currentSettings(db());
    if (caller.role === 'content_manager' && !settings.live_stream_report_enabled) throw new DomainError('Live stream reports are turned off.', 'LIVE_REPORTS_OFF', 403);
    const money = seesChatEarnings(caller.role, !!settings.hide_earnings);
    const { userId, pageNum } = request.body;
    const r = await listLiveSessions(db(), { userId: userId ?? null, page: pageNum, pageSize: REPORT_PAGE_SIZE });
    const names = new Map<string, string>();
    const fanIds = [...new Set(r.rows.map((s) => s.fan_id).filter((x): x is string => !!x))];
    if (fanIds.length) for (const u of await db().withSchema('rm').selectFrom('users').select(['id', 'name']).where('id', 'in', fanIds).execute()) names.set(u.id, u.name ?? '');
    return ok(reply, {
      sessions: r.rows.map((s) => ({
        _id: s.id, isGroup: s.is_group, userId: s.fan_id, userName: s.fan_id ? names.get(s.fan_id) ?? '' : null, publisherId: s.publisher_id, publisherName: s.publisher_name,
        status: s.status, startedAt: s.started_at, endedAt: s.stopped_at, durationSeconds: s.duration_seconds, stopReason: s.stop_reason,
        viewers: s.viewers_total ?? 0, peakViewers: s.peak_viewers ?? 0, comments: s.comments ?? 0,
        tipsCount: money ? s.tips_count ?? 0 : null, tipsCents: money ? s.tips_cents : null, minutesCharged: s.minutes_charged ?? 0,
        chargedCents: money ? s.charged_cents : null, earningsCents: money ? (s.tips_cents ?? 0) + (s.charged_cents ?? 0) : null,
        recording: { status: s.recording_status, mediaId: s.recording_media_id, bytes: s.recording_bytes, durationSeconds: s.recording_seconds },
      })),
      total: r.total,
      currentPage: pageNum,
      totalPages: Math.max(1, Math.ceil(r.total / REPORT_PAGE_SIZE)),
    });
  });

  app.post('/api/stream/get_messages', { schema: { body: messagesBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const s = await liveSessionOnAir(db());
    if (!s || !maySee(s, caller)) throw new DomainError(NO_LIVE_STREAM, 'NO_LIVE_STREAM', 404);
    // Inside the session: its viewers, its publisher and the staff who may watch.
    const watching = (await liveViewersNow(db(), s.id)).some((v) => v.user_id === caller.userId);
    if (!watching && s.publisher_id !== caller.userId && !LIVE_STAFF_VIEWER_ROLES.includes(caller.role)) throw new DomainError('Join the live stream first.', 'NOT_IN_STREAM', 403);
    const rows = await liveComments(db(), s.id, request.body.pageNum, COMMENTS_PAGE_SIZE);
    return ok(reply, {
      sessionId: s.id,
      messages: rows.map((m) => ({ _id: m.id, type: 'text', message: m.message, sender_id: m.user_id, name: m.name, from_admin: m.from_admin, amount: 0, is_anonymous: false, created: m.posted_at })),
    });
  });

  app.get('/api/stream/current', async (request, reply) => {
    const caller = requireCaller(request);
    return ok(reply, { session: await currentView(caller), media: services.liveMedia.status().available });
  });

  app.get('/api/stream/viewers', async (request, reply) => {
    const caller = requireCaller(request);
    const s = await liveSessionOnAir(db());
    if (!s || !maySee(s, caller)) throw new DomainError(NO_LIVE_STREAM, 'NO_LIVE_STREAM', 404);
    const viewers = await liveViewersNow(db(), s.id);
    const watching = viewers.some((v) => v.user_id === caller.userId);
    // D3 §6: viewers (not the proxy view) and the publisher's side ask for the list.
    if (!watching && !LIVE_STAFF_VIEWER_ROLES.includes(caller.role)) throw new DomainError('Join the live stream first.', 'NOT_IN_STREAM', 403);
    return ok(reply, { sessionId: s.id, count: viewers.length, userList: viewers.map((v) => ({ _id: v.user_id, name: v.name, avatarUrl: v.avatar_url, count: v.connections })) });
  });

  // A stopped or unknown session id: the reports page opens a session by id.
  app.get('/api/stream/sessions/:id', { schema: { params: z.object({ id: id('id') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const s = await findLiveSession(db(), request.params.id);
    if (!s) throw new DomainError('Session not found.', 'NOT_FOUND', 404);
    const money = seesChatEarnings(caller.role, !!(await currentSettings(db())).hide_earnings);
    return ok(reply, { ...s, tips_cents: money ? s.tips_cents : null, charged_cents: money ? s.charged_cents : null });
  });
};


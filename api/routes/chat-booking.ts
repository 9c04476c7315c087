// Chat booking: paid one-to-one chat slots.
//   POST /api/chat/get_next_meeting_time        {isAdmin} → the countdown (to the start, or to the end of the one on
//                                                now) and the count of live chat users; a fan's own, staff anyone's
//   POST /api/chat/update_allow_user_to_chat     {user_id, is_allowed} (staff): who may chat while normal chat is off
//   GET  /api/chat-booking/slots?time_zone       open slots shown in the fan's time zone
//   POST /api/chat-booking/bookings              {payment_method card|wallet, start, end, card fields} with an
//                                                Idempotency-Key; 409 'This slot is no longer available.'
//   GET  /api/chat-booking/bookings?page         the fan's own bookings
//   POST /api/chat-booking/bookings/:id/cancel   {reason?}: the fan's, until the deadline (refunded)
//   POST /api/chat-booking/bookings/:id/reschedule {start, end}: the fan's, until the deadline, to an open slot
//   GET/PUT /admin-api/chat-booking/availability (staff)
//   GET  /admin-api/chat-booking/bookings        (staff; ra-data-simple-rest list: filter status, upcoming)
//   POST /admin-api/chat-booking/bookings/:id/cancel, …/reschedule (staff, any time; a cancellation is refunded)
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { isStaffRole } from '../../domain/shared/wire';
import { inZone, openSlots } from '../../domain/chat-booking/availability';
import { isTimeZone } from '../../domain/chat-booking/time-zone';
import { BOOKING_NOT_FOUND } from '../../domain/chat-booking/booking';
import { availabilityFromWire, availabilityToWire, bookingView, countdownOf } from '../../domain/chat-booking/views';
import { walletPurchaseMessage } from '../../domain/wallet/wallet';
import { bookByCard, bookFromWallet, cancelBooking, rescheduleBooking, setAllowedToChat, setAvailability } from '../../commands/chat-booking';
import { currentAvailability, fanChatClosed, findBooking, listBookings, liveBookings, nextBooking, takenSlots } from '../../projections/chat-bookings';
import { findUser } from '../../projections/users';
import { currentSettings } from '../../projections/settings';
import { answer } from '../openapi';
import { ok, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { choiceOf, paymentResult } from '../schemas/payment';
import { declined } from '../schemas/purchase-answers';
import { listParams, sendList } from '../schemas/console-list';
import {
  allowAnswer, allowBody, availabilityAnswer, availabilityBody, bookAnswer, bookBody, bookConflict, bookingIdParams, bookingList, bookingsQuery, bookingView as bookingViewSchema,
  cancelBody, nextMeetingAnswer, nextMeetingBody, rescheduleBody, slotsAnswer, slotsQuery, staffBookingView,
} from '../schemas/chat-booking';
import type { Services } from '../services';

const PAGE_SIZE = 20;
const CONFLICTS = new Set(['SLOT_TAKEN', 'TOO_MANY_BOOKINGS', 'CANCEL_DEADLINE_PASSED', 'BOOKING_NOT_CHANGEABLE']);

export const chatBookingRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const deps = () => services.purchases;
  const now = () => services.clock().toISOString();

  /** A booking's rules refused the change: 409 with its message, nothing charged or held. */
  const sendConflict = (reply: FastifyReply, e: unknown) => {
    if (e instanceof DomainError && CONFLICTS.has(e.code)) return reply.code(409).send({ success: 0, message: e.message, code: e.code });
    throw e;
  };

  // ---- the countdown and the allowed list ----


  app.post('/api/chat/get_next_meeting_time', { schema: { body: nextMeetingBody, response: { 200: answer(nextMeetingAnswer) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const at = now();
    // isAdmin asks for the creator's next meeting with anyone: staff only; a fan always gets their own.
    const anyone = request.body.isAdmin && isStaffRole(caller.role);
    const [next, live, chatClosed] = await Promise.all([nextBooking(db(), at, anyone ? null : caller.userId), liveBookings(db(), at), anyone ? null : currentSettings(db()).then((st) => fanChatClosed(db(), st, caller.userId, at))]);
    return ok(reply, { ...countdownOf(next, at), live_chat_users: new Set(live.map((b) => b.user_id)).size, booking: next ? bookingView(next, at) : null, server_time: at, chat_closed: chatClosed });
  });

  app.post('/api/chat/update_allow_user_to_chat', { schema: { body: allowBody, response: { 200: answer(allowAnswer) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    if (!(await findUser(db(), request.body.user_id))) throw new DomainError('User not found.', 'USER_NOT_FOUND', 404);
    await setAllowedToChat(ctx, caller.userId, request.body.user_id, request.body.is_allowed);
    await settle(services, ctx);
    return ok(reply, { user_id: request.body.user_id, is_allowed: request.body.is_allowed }, { message: request.body.is_allowed ? 'The fan may chat.' : 'The fan may no longer chat.', position: ctx.lastPosition });
  });

  // ---- slots and booking (fans) ----

  app.get('/api/chat-booking/slots', { schema: { querystring: slotsQuery, response: { 200: answer(slotsAnswer) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const zoneAsked = request.query.time_zone;
    if (zoneAsked !== undefined && !isTimeZone(zoneAsked)) throw new ValidationError('time_zone', 'time_zone must be a time zone like Europe/Berlin.');
    const at = now();
    const [settings, a, taken] = await Promise.all([currentSettings(db()), currentAvailability(db()), takenSlots(db(), at)]);
    const enabled = !!settings.chat_booking_enabled;
    const zone = zoneAsked ?? a.timeZone;
    // Staff see the slots while booking is off, to check the availability before opening it.
    const shown = enabled || isStaffRole(caller.role) ? openSlots(a, at, taken) : [];
    const slots = shown.map((s) => {
      const l = inZone(s, zone);
      return { start: l.start, end: l.end, date: l.date, start_time: l.startTime, end_time: l.endTime, utc_offset: l.utcOffset };
    });
    return ok(reply, { enabled, time_zone: zone, creator_time_zone: a.timeZone, price_cents: a.priceCents, slot_minutes: a.slotMinutes, cancel_deadline_hours: a.cancelDeadlineHours, slots });
  });

  app.post('/api/chat-booking/bookings', { schema: { body: bookBody, response: { 200: answer(bookAnswer), 402: declined(bookAnswer), 409: bookConflict } } }, async (request, reply) => {
    const caller = requireCaller(request);
    // The booking id is derived from the key, so a retry (a lost answer, a double click) is the same booking.
    if (typeof request.headers['idempotency-key'] !== 'string') throw new ValidationError('Idempotency-Key', 'Idempotency-Key is required.');
    const body = request.body;
    const input = { userId: caller.userId, role: caller.role, slot: { start: body.start, end: body.end } };
    const ctx = contextFor(request, services);
    const bookingAnswer = async (id: string) => {
      await settle(services, ctx);
      const b = await findBooking(db(), id);
      return b && b.user_id === caller.userId ? bookingView(b, now()) : null;
    };
    try {
      if (body.payment_method === 'wallet') {
        const outcome = await bookFromWallet(ctx, deps(), input);
        const data = { ...paymentResult(outcome), booking_id: outcome.paymentId, amount_cents: outcome.amountCents, wallet_balance_cents: outcome.balanceCents, booking: await bookingAnswer(outcome.paymentId) };
        return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
      }
      const outcome = await bookByCard(ctx, deps(), { ...input, card: choiceOf(body) });
      const data = { ...paymentResult(outcome), booking_id: outcome.paymentId, amount_cents: outcome.amountCents, booking: await bookingAnswer(outcome.paymentId) };
      if (outcome.accepted) return ok(reply, data, { message: outcome.message, position: ctx.lastPosition });
      return reply.code(402).send({ success: 0, message: outcome.message, data, code: 'PAYMENT_FAILED' });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      return sendConflict(reply, e);
    }
  });

  app.get('/api/chat-booking/bookings', { schema: { querystring: bookingsQuery, response: { 200: answer(bookingList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { page } = request.query;
    const r = await listBookings(db(), { userId: caller.userId, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    const at = now();
    return ok(reply, { bookings: r.rows.map((b) => bookingView(b, at)), total: r.total, page, totalPages: Math.max(1, Math.ceil(r.total / PAGE_SIZE)) });
  });

  const changed = async (ctx: ReturnType<typeof contextFor>, id: string) => {
    await settle(services, ctx);
    const b = await findBooking(db(), id);
    if (!b) throw new DomainError(BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND', 404);
    return bookingView(b, now());
  };

  app.post('/api/chat-booking/bookings/:id/cancel', { schema: { params: bookingIdParams, body: cancelBody, response: { 200: answer(bookingViewSchema), 409: bookConflict } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    try {
      await cancelBooking(ctx, deps(), request.params.id, { by: 'fan', fanId: caller.userId }, request.body.reason);
    } catch (e) {
      return sendConflict(reply, e);
    }
    return ok(reply, await changed(ctx, request.params.id), { message: 'Your booking is cancelled and refunded.', position: ctx.lastPosition });
  });

  app.post('/api/chat-booking/bookings/:id/reschedule', { schema: { params: bookingIdParams, body: rescheduleBody, response: { 200: answer(bookingViewSchema), 409: bookConflict } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    try {
      await rescheduleBooking(ctx, request.params.id, { by: 'fan', fanId: caller.userId }, { start: request.body.start, end: request.body.end });
    } catch (e) {
      return sendConflict(reply, e);
    }
    return ok(reply, await changed(ctx, request.params.id), { message: 'Your booking is moved.', position: ctx.lastPosition });
  });

  // ---- staff ----

  const availabilityOf = async () => {
    const [settings, a] = await Promise.all([currentSettings(db()), currentAvailability(db())]);
    return { ...availabilityToWire(a), chat_booking_enabled: !!settings.chat_booking_enabled };
  };

  app.get('/admin-api/chat-booking/availability', { schema: { response: { 200: availabilityAnswer } } }, async (_request, reply) => reply.send(await availabilityOf()));

  app.put('/admin-api/chat-booking/availability', { schema: { body: availabilityBody, response: { 200: availabilityAnswer } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const { chat_booking_enabled, ...rules } = request.body;
    await setAvailability(ctx, services.sanitizeHtml, caller.userId, availabilityFromWire(rules), chat_booking_enabled);
    await settle(services, ctx);
    return reply.send(await availabilityOf());
  });

  const staffRecord = async (id: string) => {
    const b = await findBooking(db(), id);
    if (!b) throw new DomainError(BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND', 404);
    const u = await findUser(db(), b.user_id);
    return { ...bookingView(b, now()), user_name: u?.name ?? null, user_email: u?.email ?? null };
  };

  app.get('/admin-api/chat-booking/bookings', { schema: { response: { 200: z.array(staffBookingView) } } }, async (request, reply) => {
    const p = listParams(request, 'start_at');
    const status = typeof p.filter.status === 'string' && p.filter.status ? [p.filter.status as never] : undefined;
    const upcoming = p.filter.upcoming === true || p.filter.upcoming === 'true';
    const r = await listBookings(db(), { status, from: upcoming ? now() : undefined, offset: p.range[0], limit: Math.min(500, p.range[1] - p.range[0] + 1) });
    const records = await Promise.all(r.rows.map((b) => staffRecord(b.id)));
    return sendList(reply, 'chat-booking/bookings', p, { rows: records, total: r.total }, records);
  });

  app.post('/admin-api/chat-booking/bookings/:id/cancel', { schema: { params: bookingIdParams, body: cancelBody, response: { 200: staffBookingView, 409: bookConflict } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    try {
      await cancelBooking(ctx, deps(), request.params.id, { by: 'creator', staffId: caller.userId }, request.body.reason);
    } catch (e) {
      return sendConflict(reply, e);
    }
    await settle(services, ctx);
    return reply.send(await staffRecord(request.params.id));
  });

  app.post('/admin-api/chat-booking/bookings/:id/reschedule', { schema: { params: bookingIdParams, body: rescheduleBody, response: { 200: staffBookingView, 409: bookConflict } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    try {
      await rescheduleBooking(ctx, request.params.id, { by: 'creator', staffId: caller.userId }, { start: request.body.start, end: request.body.end });
    } catch (e) {
      return sendConflict(reply, e);
    }
    await settle(services, ctx);
    return reply.send(await staffRecord(request.params.id));
  });
};

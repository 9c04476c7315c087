// Chat booking's requests and answers (api/routes/chat-booking.ts). Money is integer cents, times are ISO
// instants; the availability's own rules (time zone, hours, limits) are the domain's, each naming its field.
import { z } from 'zod';
import { cardChoice } from './payment';
import { paymentResultShape } from './purchase-answers';

const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
const whole = (field: string) => z.number({ error: `${field} must be a whole number.` }).int({ error: `${field} must be a whole number.` });
const hhmm = (field: string) => z.string({ error: `${field} must be a time like 09:00.` });
const instant = (field: string) => z.string({ error: `${field} is required.` }).datetime({ offset: true, error: `${field} must be a date and time like 2026-12-01T18:00:00Z.` })
  .transform((s) => new Date(s).toISOString());
const page = z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000).optional().default(1);

export const bookingIdParams = z.object({ id: uuid('id') });

// ---- availability (staff) --------------------------------------------------------------------------------------

const hours = z.object({ start: hhmm('start'), end: hhmm('end') });
export const availabilityShape = z.object({
  time_zone: z.string({ error: 'time_zone is required.' }).max(64),
  weekly: z.array(hours.extend({ day: whole('day') }), { error: 'weekly must be a list.' }).max(100),
  exceptions: z.array(z.object({ date: z.string({ error: 'date is required.' }), hours: z.array(hours).max(24) }), { error: 'exceptions must be a list.' }).max(400),
  slot_minutes: whole('slot_minutes'),
  buffer_minutes: whole('buffer_minutes'),
  price_cents: whole('price_cents'),
  book_ahead_days: whole('book_ahead_days'),
  min_notice_minutes: whole('min_notice_minutes'),
  max_bookings_per_fan: whole('max_bookings_per_fan'),
  cancel_deadline_hours: whole('cancel_deadline_hours'),
  no_show_policy: z.enum(['keep_payment', 'refund'], { error: "no_show_policy must be 'keep_payment' or 'refund'." }),
  reminder_minutes_before: whole('reminder_minutes_before').optional().describe('Minutes before a booking the fan is reminded by mail and web push (0: never; default 60); left out, the value set before stays.'),
});
export const availabilityBody = availabilityShape.extend({ chat_booking_enabled: z.boolean({ error: 'chat_booking_enabled must be true or false.' }).optional() });
export const availabilityAnswer = availabilityShape.extend({ reminder_minutes_before: z.number().int(), chat_booking_enabled: z.boolean() });

// ---- slots and booking (fans) ----------------------------------------------------------------------------------

export const slotsQuery = z.object({ time_zone: z.string({ error: 'time_zone is required.' }).max(64).optional() });
const localSlot = z.object({
  start: z.string(), end: z.string(), date: z.string().describe("The slot's date in the asked time zone."), start_time: z.string(), end_time: z.string(), utc_offset: z.string(),
});
export const slotsAnswer = z.object({
  enabled: z.boolean(),
  time_zone: z.string().describe('The zone the slots are shown in (the asked one, else the creator\'s).'),
  creator_time_zone: z.string(),
  price_cents: z.number().int(),
  slot_minutes: z.number().int(),
  cancel_deadline_hours: z.number().int(),
  slots: z.array(localSlot),
});

export const bookBody = cardChoice.extend({
  payment_method: z.enum(['card', 'wallet'], { error: "payment_method must be 'card' or 'wallet'." }),
  start: instant('start'),
  end: instant('end'),
});

export const bookingView = z.object({
  id: z.string(), user_id: z.string(),
  status: z.enum(['requested', 'booked', 'started', 'completed', 'no_show', 'cancelled', 'failed']),
  start: z.string(), end: z.string(), price_cents: z.number().int(), attended: z.boolean(), cancelled_by: z.string().nullable(), cancel_reason: z.string().nullable(),
  refunded: z.boolean(), fan_can_change_until: z.string().nullable(),
});
export const staffBookingView = bookingView.extend({ user_name: z.string().nullable(), user_email: z.string().nullable() });

export const bookAnswer = paymentResultShape.extend({
  booking_id: z.string(),
  amount_cents: z.number().int(),
  wallet_balance_cents: z.number().int().optional().describe('From the wallet: what is left.'),
  booking: bookingView.nullable(),
});

export const bookConflict = z.object({
  success: z.literal(0),
  message: z.string(),
  code: z.string().describe('SLOT_TAKEN, TOO_MANY_BOOKINGS, CANCEL_DEADLINE_PASSED, BOOKING_NOT_CHANGEABLE; or CONCURRENT_UPDATE, IDEMPOTENCY_IN_PROGRESS.'),
}).describe("'This slot is no longer available.' (SLOT_TAKEN): nothing was charged or held.");

export const bookingsQuery = z.object({ page });
export const bookingList = z.object({ bookings: z.array(bookingView), total: z.number().int(), page: z.number().int(), totalPages: z.number().int() });

export const cancelBody = z.object({ reason: z.string({ error: 'reason must be text.' }).max(500, { error: 'reason is too long.' }).optional().default('') });
export const rescheduleBody = z.object({ start: instant('start'), end: instant('end') });

// ---- staff -------------------------------------------------------------------------------------------------------

export const staffBookingsQuery = z.object({
  page,
  status: z.enum(['requested', 'booked', 'started', 'completed', 'no_show', 'cancelled', 'failed'], { error: 'status is invalid.' }).optional(),
  upcoming: z.enum(['true', 'false'], { error: "upcoming must be 'true' or 'false'." }).optional(),
});
export const staffBookingList = z.object({ bookings: z.array(staffBookingView), total: z.number().int(), page: z.number().int(), totalPages: z.number().int() });

export const allowBody = z.object({
  user_id: uuid('user_id'),
  is_allowed: z.boolean({ error: 'is_allowed must be true or false.' }),
});
export const allowAnswer = z.object({ user_id: z.string(), is_allowed: z.boolean() });

// ---- the countdown ---------------------------------------------------------------------------------------------

export const nextMeetingBody = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false.' }).optional().default(false) });
export const nextMeetingAnswer = z.object({
  status: z.enum(['upcoming', 'live']).nullable().describe('upcoming: counting down to the start; live: counting down to the end; null: no meeting.'),
  remaining_seconds: z.number().int(),
  live_chat_users: z.number().int().describe('Fans whose booked slot is on now.'),
  booking: bookingView.nullable(),
  server_time: z.string(),
  chat_closed: z.string().nullable().describe("Why the fan may not write in the chat now (null: they may; always null with isAdmin)."),
});

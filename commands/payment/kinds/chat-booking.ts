// A booked one-to-one chat slot (commands/chat-booking.ts), by card or from the wallet. Its start checks that
// booking is on and the slot is one the creator offers now, and prices it; recording it holds the slot in the
// calendar under the booking id — a slot someone else holds refuses the booking before any money moves — then
// records the booking. On capture the hold becomes the fan's booking — or, when the hold ran out and the slot went
// to someone else meanwhile (or the booking was cancelled before its money came in), the booking is cancelled as
// paid and the process refunds the payment at once; on a failure the slot is given back; when the money comes
// back a booking still on is ended and its slot given back. The booking id is the payment id.
import { DomainError } from '../../../domain/shared/decider';
import { availabilityDecider, availabilityStream, isOffered, type Slot } from '../../../domain/chat-booking/availability';
import { bookingDecider, chatBookingStream, type BookingState } from '../../../domain/chat-booking/booking';
import { calendarDecider, calendarStream, SLOT_TAKEN } from '../../../domain/chat-booking/calendar';
import { handle, loadStream, type CommandContext } from '../../handle';
import { loadSettings } from '../../settings';
import type { Buyer, NotDelivered, PurchaseKind } from '../kind';

export interface ChatBookingInput extends Buyer {
  slot: Slot;
}

export const ONLY_FANS_BOOK = 'Only fans can book chat time.';
export const BOOKING_CLOSED = 'Chat booking is not available.';
/** Why a booking paid for after its slot went to someone else was refunded at once. */
export const SLOT_LOST_REFUNDED = 'This slot was taken before your payment came in. Your payment was refunded.';
const BOOKING_ENDED_REFUNDED = 'This booking was cancelled before your payment came in. Your payment was refunded.';

export async function loadBooking(ctx: CommandContext, bookingId: string): Promise<BookingState> {
  return (await loadStream(ctx.store, chatBookingStream(bookingId), bookingDecider)).state;
}

const slotTaken = () => new DomainError(SLOT_TAKEN, 'SLOT_TAKEN', 409);

/** Holds the slot in the calendar, then records the booking; a refusal of the booking gives the slot back. */
async function holdAndRecord(ctx: CommandContext, input: ChatBookingInput, bookingId: string, terms: { priceCents: number; cancelDeadlineHours: number; noShowPolicy: 'keep_payment' | 'refund'; maxPerFan: number }) {
  await handle(ctx, calendarStream(), calendarDecider, { type: 'HoldSlot', bookingId, fanId: input.userId, slot: input.slot, maxPerFan: terms.maxPerFan, at: ctx.now() });
  try {
    await handle(ctx, chatBookingStream(bookingId), bookingDecider, {
      type: 'RequestBooking', bookingId, fanId: input.userId, slot: input.slot, priceCents: terms.priceCents, cancelDeadlineHours: terms.cancelDeadlineHours, noShowPolicy: terms.noShowPolicy, at: ctx.now(),
    });
  } catch (e) {
    await handle(ctx, calendarStream(), calendarDecider, { type: 'ReleaseSlot', bookingId, reason: 'payment_failed', at: ctx.now() });
    throw e;
  }
}

/** The booking's own run-out hold, if still listed, is given back; the payment is to be refunded. */
async function slotLost(ctx: CommandContext, bookingId: string, reason: string): Promise<NotDelivered> {
  await handle(ctx, calendarStream(), calendarDecider, { type: 'ReleaseSlot', bookingId, reason: 'expired', at: ctx.now() });
  return { notDelivered: reason };
}

export const chatBookingPurchase: PurchaseKind<'chat_booking', ChatBookingInput> = {
  kind: 'chat_booking',
  paymentIdOf: (ctx) => ({ paymentId: ctx.idFor('chat-booking'), retry: !!ctx.requestKey }),
  async start(ctx, input, bookingId) {
    if (input.role !== 'user') throw new DomainError(ONLY_FANS_BOOK, 'BOOKING_NOT_ALLOWED', 403);
    const [settings, availability, earlier] = await Promise.all([
      loadSettings(ctx.store),
      loadStream(ctx.store, availabilityStream(), availabilityDecider),
      loadBooking(ctx, bookingId),
    ]);
    if (!settings.chat_booking_enabled) throw new DomainError(BOOKING_CLOSED, 'BOOKING_CLOSED', 403);
    const a = availability.state;
    const terms = { priceCents: a.priceCents, cancelDeadlineHours: a.cancelDeadlineHours, noShowPolicy: a.noShowPolicy, maxPerFan: a.maxBookingsPerFan };
    // A retry of a booking that was recorded but whose payment never started: the booking as recorded.
    if (earlier.status !== null) {
      if (earlier.fanId !== input.userId) throw new DomainError('Invalid request.', 'BOOKING_ID_TAKEN', 409);
      return {
        purpose: { kind: 'chat_booking', bookingId },
        amountCents: earlier.priceCents,
        async record() {
          await holdAndRecord(ctx, { ...input, slot: earlier.slot! }, bookingId, { ...terms, priceCents: earlier.priceCents });
          return { paymentId: bookingId, amountCents: earlier.priceCents };
        },
      };
    }
    if (!isOffered(a, ctx.now(), input.slot)) throw slotTaken();
    return {
      purpose: { kind: 'chat_booking', bookingId },
      amountCents: a.priceCents,
      async record() {
        await holdAndRecord(ctx, input, bookingId, terms);
        return { paymentId: bookingId, amountCents: a.priceCents };
      },
    };
  },
  async grant(ctx, r) {
    const bookingId = r.purpose.bookingId;
    const booking = await loadBooking(ctx, bookingId);
    if (booking.status === null) throw new Error(`Chat booking ${bookingId} paid but never recorded.`);
    // Ended before its money came in (cancelled, or the slot lost on an earlier run of this step): refunded.
    if (booking.status === 'cancelled' || booking.status === 'failed') return slotLost(ctx, bookingId, booking.cancelReason === SLOT_LOST_REFUNDED ? SLOT_LOST_REFUNDED : BOOKING_ENDED_REFUNDED);
    if (booking.status !== 'requested') return; // granted already
    try {
      await handle(ctx, calendarStream(), calendarDecider, { type: 'BookSlot', bookingId, fanId: booking.fanId!, slot: booking.slot!, at: ctx.now() });
    } catch (e) {
      // The hold ran out and the slot went to someone else before this payment came in (never a slot sold twice):
      // the booking is cancelled as paid, in one event, and the payment refunded.
      if (!(e instanceof DomainError && e.code === 'SLOT_TAKEN')) throw e;
      await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'CancelBooking', bookingId, by: 'system', staffId: null, reason: SLOT_LOST_REFUNDED, captured: true, at: ctx.now() });
      return slotLost(ctx, bookingId, SLOT_LOST_REFUNDED);
    }
    await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'ConfirmBooking', bookingId, at: ctx.now() });
  },
  async release(ctx, r, failureCode) {
    const bookingId = r.purpose.bookingId;
    const booking = await loadBooking(ctx, bookingId);
    if (booking.status === null) return;
    await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'FailBookingPayment', bookingId, failureCode, at: ctx.now() });
    await handle(ctx, calendarStream(), calendarDecider, { type: 'ReleaseSlot', bookingId, reason: 'payment_failed', at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    const bookingId = r.purpose.bookingId;
    const booking = await loadBooking(ctx, bookingId);
    if (booking.status === null) return;
    await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'ReverseBooking', bookingId, kind: reversal, at: ctx.now() });
    await handle(ctx, calendarStream(), calendarDecider, { type: 'ReleaseSlot', bookingId, reason: 'refunded', at: ctx.now() });
  },
};

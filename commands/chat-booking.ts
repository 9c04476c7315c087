// Chat booking: staff set when the creator can be booked and which fans may chat while normal chat is off; fans
// book a slot through the one purchase start (payment/pay.ts) with the chat-booking kind, by card or from the
// wallet, and cancel or move it until the deadline; staff cancel or move any booking. A cancellation of a paid
// booking is refunded through the payment process. A pass moves bookings along as their slots begin and end
// (started, completed or no-show; a no-show refunded when the creator's setting says so), and reminds the fan
// before a booking starts.
import { DomainError } from '../domain/shared/decider';
import { availabilityDecider, availabilityStream, isOffered, type Availability, type AvailabilityCommand, type Slot } from '../domain/chat-booking/availability';
import { BOOKING_NOT_FOUND, bookingDecider, chatBookingStream } from '../domain/chat-booking/booking';
import { bookingOnAt, calendarDecider, calendarStream } from '../domain/chat-booking/calendar';
import { allowedUsersDecider, allowedUsersStream, fanChatRefusal } from '../domain/chat-booking/chat-access';
import type { SiteSettings } from '../domain/settings/settings';
import type { CardChoice } from './cards';
import { commandContext, handle, loadStream, type CommandContext } from './handle';
import { startPeriodicPass, type PeriodicPass } from './periodic-pass';
import type { EventStore } from '../infra/eventstore/port';
import { pay } from './payment/pay';
import { fromWallet, purchaseOutcome, type PurchaseOutcome, type WalletPurchaseOutcome } from './payment/outcome';
import { refundPayment, type PurchaseDeps } from './payment/process';
import { chatBookingPurchase, loadBooking, type ChatBookingInput } from './payment/kinds/chat-booking';
import { updateSiteSettings } from './settings';
import type { HtmlSanitizer } from '../infra/html/port';

export type { ChatBookingInput };
export const SLOT_BOOKED = 'Your chat slot is booked.';

// ---- availability and the allowed list (staff) ----------------------------------------------------------------

export async function setAvailability(ctx: CommandContext, clean: HtmlSanitizer, staffId: string, availability: AvailabilityCommand['availability'], enabled: boolean | undefined) {
  await handle(ctx, availabilityStream(), availabilityDecider, { type: 'SetAvailability', availability, userId: staffId, at: ctx.now() });
  if (enabled !== undefined) await updateSiteSettings(ctx, clean, { chat_booking_enabled: enabled });
}

export const loadAvailability = async (ctx: CommandContext): Promise<Availability> => (await loadStream(ctx.store, availabilityStream(), availabilityDecider)).state;

export const setAllowedToChat = (ctx: CommandContext, staffId: string, userId: string, allow: boolean) =>
  handle(ctx, allowedUsersStream(), allowedUsersDecider, { type: 'SetAllowedToChat', userId, allow, staffId, at: ctx.now() });

// ---- booking (fan) --------------------------------------------------------------------------------------------

export async function bookByCard(ctx: CommandContext, deps: PurchaseDeps, input: ChatBookingInput & { card: CardChoice }): Promise<PurchaseOutcome> {
  return purchaseOutcome(ctx, await pay(ctx, deps, chatBookingPurchase, input, { method: 'card', card: input.card }), SLOT_BOOKED);
}

/** From the wallet: a balance short of the price is refused with the shortfall (402, nothing held or written). */
export async function bookFromWallet(ctx: CommandContext, deps: PurchaseDeps, input: ChatBookingInput): Promise<WalletPurchaseOutcome> {
  return fromWallet(await purchaseOutcome(ctx, await pay(ctx, deps, chatBookingPurchase, input, { method: 'wallet' }), SLOT_BOOKED));
}

/** Who changes a booking: the fan who holds it, or staff. */
export type BookingActor = { by: 'fan'; fanId: string } | { by: 'creator'; staffId: string };

async function ownBooking(ctx: CommandContext, bookingId: string, actor: BookingActor) {
  const booking = await loadBooking(ctx, bookingId);
  // Another fan's booking is answered as if it did not exist.
  if (booking.status === null || (actor.by === 'fan' && booking.fanId !== actor.fanId)) throw new DomainError(BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND', 404);
  return booking;
}

const staffOf = (actor: BookingActor) => (actor.by === 'creator' ? actor.staffId : null);

/** Cancels a booking: its slot is given back, and a paid one is refunded in full. */
export async function cancelBooking(ctx: CommandContext, deps: PurchaseDeps, bookingId: string, actor: BookingActor, reason: string) {
  await ownBooking(ctx, bookingId, actor);
  const result = await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'CancelBooking', bookingId, by: actor.by, staffId: staffOf(actor), reason, at: ctx.now() });
  await handle(ctx, calendarStream(), calendarDecider, { type: 'ReleaseSlot', bookingId, reason: 'cancelled', at: ctx.now() });
  const cancelled = result.events.find((e) => e.type === 'ChatBookingCancelled');
  if (cancelled?.type === 'ChatBookingCancelled' && cancelled.data.refund) {
    const source = actor.by === 'fan' ? `fan:${actor.fanId}` : `staff:${actor.staffId}`;
    await refundPayment(ctx, deps, bookingId, { kind: 'refund', source, reason: reason || 'Chat booking cancelled' });
  }
  return result.state;
}

/**
 * Moves a booking to another slot: a fan to a slot the creator offers, before the deadline; staff to any span
 * nobody holds. The calendar takes the new span first, so a slot is never given to two bookings.
 */
export async function rescheduleBooking(ctx: CommandContext, bookingId: string, actor: BookingActor, slot: Slot) {
  const booking = await ownBooking(ctx, bookingId, actor);
  const command = { type: 'RescheduleBooking' as const, bookingId, by: actor.by, staffId: staffOf(actor), slot, at: ctx.now() };
  // The booking's own rules first (its state, the fan's deadline), so a refused move holds nothing.
  bookingDecider.decide(command, booking);
  if (actor.by === 'fan' && !isOffered(await loadAvailability(ctx), ctx.now(), slot)) throw new DomainError('This slot is no longer available.', 'SLOT_TAKEN', 409);
  if (Date.parse(slot.end) <= Date.parse(slot.start) || slot.start < ctx.now()) throw new DomainError('Choose a slot in the future.', 'VALIDATION', 400, { field: 'start' });
  const from = booking.slot!;
  await handle(ctx, calendarStream(), calendarDecider, { type: 'MoveSlot', bookingId, slot, at: ctx.now() });
  try {
    return (await handle(ctx, chatBookingStream(bookingId), bookingDecider, command)).state;
  } catch (e) {
    await handle(ctx, calendarStream(), calendarDecider, { type: 'MoveSlot', bookingId, slot: from, at: ctx.now() });
    throw e;
  }
}

// ---- the chat while normal chat is off ------------------------------------------------------------------------

/**
 * Why the fan may not write now (null: they may). A fan writing during their booked slot is recorded as having
 * come (it decides completed against no-show).
 */
export async function fanChatRefusalNow(ctx: CommandContext, fanId: string, settings: Pick<SiteSettings, 'chat_settings' | 'chat_booking_enabled'>): Promise<string | null> {
  if (!settings.chat_settings?.disabled_normal_chat) return null;
  const [allowed, calendar] = await Promise.all([
    loadStream(ctx.store, allowedUsersStream(), allowedUsersDecider),
    loadStream(ctx.store, calendarStream(), calendarDecider),
  ]);
  const now = ctx.now();
  const bookingId = bookingOnAt(calendar.state, fanId, now);
  if (bookingId) await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'MarkAttended', bookingId, at: now });
  const hadBooking = !bookingId && calendar.events.some((e) => e.type === 'ChatSlotReleased' && (e.data as { fanId: string; reason: string }).fanId === fanId && (e.data as { reason: string }).reason === 'ended');
  return fanChatRefusal({ normalChatDisabled: true, bookingEnabled: !!settings.chat_booking_enabled, allowed: !!allowed.state.allowed[fanId], bookingOn: !!bookingId, hadBooking });
}

// ---- the pass: slots beginning and ending ---------------------------------------------------------------------

/**
 * Reminds the fans whose booking starts within the reminder time (once per start: the mails and web push follow
 * from the recorded reminder), starts the bookings whose slot began and ends those whose slot is over (completed,
 * or a no-show — refunded when the booking's no-show setting says so), giving the slot back. Answers how many
 * bookings were reminded or moved.
 */
export async function advanceBookings(ctx: CommandContext, deps: PurchaseDeps): Promise<number> {
  const [{ state }, availability] = await Promise.all([loadStream(ctx.store, calendarStream(), calendarDecider), loadAvailability(ctx)]);
  const now = ctx.now();
  const remindFrom = new Date(Date.parse(now) + availability.reminderMinutesBefore * 60_000).toISOString();
  let moved = 0;
  for (const [bookingId, entry] of Object.entries(state.entries)) {
    if (entry.status !== 'booked') continue;
    if (entry.start > now) {
      // Inside the reminder window: the booking's stream decides whether this start was reminded of already.
      if (entry.start <= remindFrom) {
        const r = await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'RemindBooking', bookingId, minutesBefore: availability.reminderMinutesBefore, at: now });
        moved += r.events.length ? 1 : 0;
      }
      continue;
    }
    if (entry.end > now) {
      const r = await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'StartBooking', bookingId, at: now });
      moved += r.events.length ? 1 : 0;
      continue;
    }
    const r = await handle(ctx, chatBookingStream(bookingId), bookingDecider, { type: 'EndBooking', bookingId, at: now });
    // The slot is given back last, so a pass stopped half-way finishes the booking on its next run.
    if (r.state.status === 'no_show' && r.state.noShowPolicy === 'refund' && !r.state.reversed) {
      await refundPayment(ctx, deps, bookingId, { kind: 'refund', source: 'system:no_show', reason: 'No-show refund' }).catch((e) => {
        if (!(e instanceof DomainError && e.code === 'ALREADY_REVERSED')) throw e;
      });
    }
    await handle(ctx, calendarStream(), calendarDecider, { type: 'ReleaseSlot', bookingId, reason: 'ended', at: now });
    moved += 1;
  }
  return moved;
}

/** The pass on a timer: every node may run it, each booking's stream decides what happens once. */
export function startBookingPass(options: { store: EventStore; deps: PurchaseDeps; now: () => Date; intervalMs?: number; timer?: boolean; log?: (m: string) => void }): PeriodicPass {
  const pass = () => advanceBookings(commandContext(options.store, { userId: null, role: 'system', correlationId: `chat-booking-pass-${options.now().toISOString()}` }, options.now), options.deps);
  return startPeriodicPass({ name: 'chat booking', pass, intervalMs: options.intervalMs ?? 30_000, timer: options.timer, log: options.log });
}

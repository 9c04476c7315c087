// The read-model side of the background mailers (commands/chat-emails.ts ChatEmailReads, commands/
// subscription-emails.ts SubscriptionEmailReads): what is due, and the settings and addresses a mail needs, answered
// from the projections so commands/ never import projections/.
import type { Kysely } from 'kysely';
import type { ChatEmailReads } from '../commands/chat-emails';
import type { SubscriptionEmailReads } from '../commands/subscription-emails';
import type { ShopEmailReads } from '../commands/shop-emails';
import type { ChatBookingEmailReads } from '../commands/chat-booking-emails';
import type { ReadModels } from '../projections/schema';
import { chatEmailsDue } from '../projections/chat-conversations';
import { subscriptionEmailsDue } from '../projections/subscription-emails';
import { shopEmailsDue } from '../projections/shop-emails';
import { chatBookingEmailsDue } from '../projections/chat-booking-emails';
import { currentAvailability, findBooking } from '../projections/chat-bookings';
import { findOrder } from '../projections/shop-orders';
import { currentSettings } from '../projections/settings';
import { findUser } from '../projections/users';

/** What chat emails read: the conversation read model's queue and the creator's name from the settings. */
export const chatEmailReads = (db: Kysely<ReadModels>): ChatEmailReads => ({
  due: (cutoffIso: string, limit: number) => chatEmailsDue(db, cutoffIso, limit),
  creatorName: async () => (await currentSettings(db)).model_name,
});

/** What subscription mails read: the queue, the settings' switches and the creator's name, the staff address, a fan's address. */
export const subscriptionEmailReads = (db: Kysely<ReadModels>, adminEmail: string): SubscriptionEmailReads => ({
  due: (since, limit) => subscriptionEmailsDue(db, since, limit),
  settings: async () => {
    const s = await currentSettings(db);
    return { mails: s.subscription_email_notification, creatorName: s.model_name, adminEmail };
  },
  user: async (userId) => {
    const u = await findUser(db, userId);
    return u ? { email: u.email, name: u.name } : null;
  },
});

/** What shop mails read: the queue, the creator's name, the staff address (as subscription mails use it), a fan's address, the order. */
export const shopEmailReads = (db: Kysely<ReadModels>, adminEmail: string): ShopEmailReads => ({
  due: (since, limit) => shopEmailsDue(db, since, limit),
  settings: async () => {
    const s = await currentSettings(db);
    return { creatorName: s.model_name, staffEmail: s.subscription_email_notification.staff_email.trim() || adminEmail || null };
  },
  user: async (userId) => {
    const u = await findUser(db, userId);
    return u ? { email: u.email, name: u.name } : null;
  },
  order: async (orderId) => {
    const o = await findOrder(db, orderId);
    return o ? {
      id: o.id, lines: o.lines, subtotalCents: o.subtotal_cents, shippingCents: o.shipping_cents, totalCents: o.total_cents,
      address: o.address, carrier: o.carrier, trackingNumber: o.tracking_number,
    } : null;
  },
});

/** What chat booking mails read: the queue, the creator's name and time zone, the staff address (as the shop's), a fan's address, the booking. */
export const chatBookingEmailReads = (db: Kysely<ReadModels>, adminEmail: string): ChatBookingEmailReads => ({
  due: (since, limit) => chatBookingEmailsDue(db, since, limit),
  settings: async () => {
    const [s, a] = await Promise.all([currentSettings(db), currentAvailability(db)]);
    return { creatorName: s.model_name, timeZone: a.timeZone, staffEmail: s.subscription_email_notification.staff_email.trim() || adminEmail || null };
  },
  user: async (userId) => {
    const u = await findUser(db, userId);
    return u ? { email: u.email, name: u.name } : null;
  },
  booking: async (bookingId) => {
    const b = await findBooking(db, bookingId);
    return b ? { id: b.id, status: b.status, start: new Date(b.start_at).toISOString(), end: new Date(b.end_at).toISOString(), priceCents: b.price_cents } : null;
  },
});

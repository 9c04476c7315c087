// The background work of one process (api/server.ts): uploads rendered, unfinished payments and crypto top-ups
// resumed, mass and welcome messages delivered, web push sent, the bus relay, rebills charged, chat and
// subscription mails sent, shop and chat booking mails sent, chat bookings reminded, started and ended, live
// streaming supervised, the sandbox providers' notices delivered. Each is handed to `stops` (./stops.ts) as it starts.
import { startBookingPass } from '../commands/chat-booking';
import { BOOKING_EMAIL_SOURCE_TYPES } from '../domain/chat-booking/booking-email';
import { SHOP_EMAIL_SOURCE_TYPES } from '../domain/shop-email/shop-email';
import { watermarkOf } from '../domain/media/watermark';
import { resumeUnfinishedPayments } from '../commands/recovery';
import { resumeCryptoTopUps } from '../commands/wallet';
import { startRebillScheduler } from '../commands/subscriptions';
import { forwardMediaNudges, startMediaWorker } from '../commands/media-jobs';
import { startMessageDelivery, type MessageDelivery } from '../commands/message-delivery';
import { startChatEmails } from '../commands/chat-emails';
import { startSubscriptionEmails } from '../commands/subscription-emails';
import { startShopEmails } from '../commands/shop-emails';
import { startChatBookingEmails } from '../commands/chat-booking-emails';
import { cryptoPaymentsToResume } from '../projections/wallet';
import { currentSettings } from '../projections/settings';
import { startRelay } from '../infra/bus/relay';
import { paymentMethodFromReadModel, rebillReads, recoveryReads } from './payment-reads';
import { deliveryReads } from './delivery-reads';
import { chatBookingEmailReads, chatEmailReads, shopEmailReads, subscriptionEmailReads } from './mail-reads';
import { mediaWorkerReads } from './media-reads';
import { announceChatMediaProcessed } from './chat-media-ready';
import { startLiveSupervisor } from './live';
import { startWebPush } from './push';
import type { ProcessAdapters } from './process-adapters';
import type { Stops } from './stops';
import type { Services } from './services';

type Log = (m: string) => void;

/** The events that make a fan a subscriber (a first subscription, a free or complimentary one). */
const SUBSCRIBER_STARTS = new Set(['SubscriptionStarted', 'FreeSubscriptionStarted', 'ComplimentarySubscriptionGiven']);

/** The intervals of the background work (tests set them; 0: no timer, the test calls tick()). */
export interface BackgroundOptions {
  /** deliverNotices: false leaves the sandbox provider's notices for a test to deliver by hand (order, repeats). */
  deliverNotices?: boolean;
  rebillIntervalMs?: number;
  deliveryIntervalMs?: number;
  /** The web push sender's interval (0: no timer; tests call services.push.sender.tick()). */
  pushIntervalMs?: number;
  /** Chat emails' pass interval (0: no timer; tests call chatEmails.tick()). */
  chatEmailIntervalMs?: number;
  /** Subscription mails' pass interval (0: no timer; tests call subscriptionEmails.tick()); follows chatEmailIntervalMs when unset. */
  subscriptionEmailIntervalMs?: number;
  /** Shop mails' pass interval (0: no timer and no pass on a paid or shipped order; tests call shopEmails.tick()); follows chatEmailIntervalMs when unset. */
  shopEmailIntervalMs?: number;
  /** Chat booking mails' pass interval (0: no timer and no pass on a booking event; tests call chatBookingEmails.tick()); follows chatEmailIntervalMs when unset. */
  chatBookingEmailIntervalMs?: number;
  /** The chat booking pass's interval (reminders, starts and ends; 0: no timer, tests call bookingPass.tick()). */
  bookingPassIntervalMs?: number;
  /** The live supervisor's interval (0: no timer; tests call liveSupervisor.tick()). */
  liveIntervalMs?: number;
}

/**
 * Renders uploads in the background (videos always; photos whose inline attempt failed) and resumes, on start-up,
 * whatever a previous process left 'processing'. The watermark follows the settings (read model) at the time each
 * item is rendered. Several nodes: uploads are announced on the bus too, so `npm run worker` processes start on
 * them at once (they also scan the read model, so nothing is lost if an announcement is).
 */
export function startMediaWork(services: Services, stops: Stops, log: Log) {
  const { store, database, clock } = services;
  if (services.config.FANCLUB_MEDIA_WORKER === 'on') {
    const worker = startMediaWorker({
      store, reads: mediaWorkerReads(database.db), storage: services.storage, renderer: services.renderer, now: clock, log: (m) => log(`[media] ${m}`),
      watermark: async () => watermarkOf(await currentSettings(database.db)),
      onProcessed: announceChatMediaProcessed(store, database.db, (m) => log(`[media] ${m}`)),
    });
    stops.add('mediaWorker', () => worker.stop());
  }
  const bus = services.bus?.kafka;
  if (bus) {
    stops.add('mediaNudges', forwardMediaNudges((mediaId) => {
      if (mediaId) void bus.publish(bus.topics.mediaJobs, [{ key: mediaId, value: mediaId }]).catch((e) => log(`[media] not announced on the bus: ${(e as Error).message}`));
    }));
  }
}

/** Payments a crash left unfinished (all at once on start-up, later the stale ones), and crypto top-ups, every minute. */
export async function startRecovery(services: Services, stops: Stops, log: Log) {
  const { store, database, clock } = services;
  const resume = () =>
    resumeUnfinishedPayments(recoveryReads(database.db), store, services.purchases, { olderThanMs: 30_000, now: clock, log: (m) => log(`[payments] ${m}`) }).catch((e) =>
      console.error('[payments] recovery failed:', e),
    );
  // The sweep reads the read models: let them reach what the last process wrote before it died.
  const head = await store.headPosition();
  if (head) await services.runner.waitFor(head, 30_000);
  await resumeUnfinishedPayments(recoveryReads(database.db), store, services.purchases, { olderThanMs: 0, now: clock, log: (m) => log(`[payments] ${m}`) });
  const payments = setInterval(resume, 60_000).unref();
  stops.add('timers', () => clearInterval(payments));
  // Crypto top-ups: paid but not credited (a crash), or open past their 15 minutes (the provider is asked once more).
  const resumeCrypto = () =>
    cryptoPaymentsToResume(database.db, clock().toISOString())
      .then((ids) => resumeCryptoTopUps(store, services.cryptoGateway, services.purchases, ids, { now: clock, log: (m) => log(`[wallet] ${m}`) }))
      .catch((e) => console.error('[wallet] recovery failed:', e));
  await resumeCrypto();
  const crypto = setInterval(() => void resumeCrypto(), 60_000).unref();
  stops.add('timers', () => clearInterval(crypto));
}

/**
 * Mass and welcome messages go out in the background: the read models are the queue (due schedules, messages
 * waiting for media or part-way sent, later subscribers' copies), a pass runs every few seconds and when a route
 * records a message; a restart resumes from the log (commands/message-delivery.ts). Any node may run passes: the
 * mass message's stream decides, so two nodes never deliver a copy twice. FANCLUB_DELIVERY_WORKER=off: this node
 * runs no passes of its own (no timer, no kick; tests may still call tick()) and leaves them to workers.
 * Web push likewise: notifications queued by the push projection are sent in the background.
 */
export function startDelivery(services: Services, options: BackgroundOptions, stops: Stops, log: Log): MessageDelivery {
  const { config: cfg, store, database } = services;
  const delivers = cfg.FANCLUB_DELIVERY_WORKER === 'on';
  const local = startMessageDelivery({
    store, reads: deliveryReads(database.db), now: () => services.clock(), intervalMs: options.deliveryIntervalMs ?? 5_000, log: (m) => log(`[delivery] ${m}`),
    timer: delivers,
  });
  stops.add('delivery', () => local.stop());
  // Several nodes: a recorded message is also announced on the bus, so `npm run worker` processes start a pass
  // at once (they also pass on a timer, so nothing waits long if an announcement is lost).
  const bus = services.bus;
  services.delivery = bus
    ? {
        ...local,
        kick: () => {
          if (delivers) local.kick();
          void bus.kafka.publish(bus.kafka.topics.messageDelivery, [{ key: 'delivery', value: bus.nodeId }]).catch((e) => log(`[delivery] not announced on the bus: ${(e as Error).message}`));
        },
      }
    : delivers ? local : { ...local, kick: () => {} };
  // A new subscriber gets the welcome message (and IMMEDIATELY mass messages) at once: a pass as soon as the read
  // models have the subscription, instead of the next timer beat. The mass message's stream keeps it one copy per fan.
  stops.add('delivery', services.runner.onApplied((events) => {
    if (events.some((e) => SUBSCRIBER_STARTS.has(e.type))) services.delivery?.kick();
  }));
  services.push = startWebPush({ cfg, store, db: database.db, now: () => services.clock(), timer: delivers && options.pushIntervalMs !== 0, intervalMs: options.pushIntervalMs, log: (m) => log(`[push] ${m}`) });
  const sender = services.push.sender;
  stops.add('push', () => sender.stop());
  return local;
}

/** The work that starts once the app serves (so no pass runs while the process is still starting up). */
export function startSchedulers(
  services: Services,
  run: { port: number; delivery: MessageDelivery; adapters: ProcessAdapters },
  options: BackgroundOptions,
  stops: Stops,
  log: Log,
) {
  const { config: cfg, store, database } = services;
  const siteUrl = () => (cfg.FANCLUB_PUBLIC_URL ?? `http://localhost:${run.port}`).replace(/\/+$/, '');
  // Every node runs a relay; the one holding the lease publishes `$all` to the bus, the others stand by.
  const kafka = services.bus?.kafka;
  if (kafka && cfg.DATABASE_URL) {
    const relay = startRelay({ connectionString: cfg.DATABASE_URL, store, bus: kafka, log: (m) => log(`[relay] ${m}`) });
    stops.add('relay', () => relay.stop());
  }
  // Rebills: the due memberships are read from the subscribers read model (the durable queue) every minute and
  // charged through the payment process manager; the services clock is read on every pass.
  const rebillScheduler = startRebillScheduler({
    store, reads: rebillReads(database.db), deps: { ...services.purchases, paymentMethodOf: paymentMethodFromReadModel(database.db) },
    now: () => services.clock(), intervalMs: options.rebillIntervalMs ?? 60_000, log: (m) => log(`[rebill] ${m}`),
  });
  stops.add('rebill', () => rebillScheduler.stop());
  // Fans who left staff messages unread are emailed once per unread streak; every node may pass, the
  // conversation stream decides who sends.
  const chatEmails = startChatEmails({
    store, reads: chatEmailReads(database.db), send: (mail) => services.mailer.send(mail), siteUrl,
    now: () => services.clock(), intervalMs: options.chatEmailIntervalMs || 60_000, timer: options.chatEmailIntervalMs !== 0, log: (m) => log(`[chat-email] ${m}`),
  });
  stops.add('chatEmails', () => chatEmails.stop());
  // Subscription mails: the queue read model, the settings' switches; every node may pass, the mail's
  // own stream decides who sends.
  const subscriptionEmailMs = options.subscriptionEmailIntervalMs ?? options.chatEmailIntervalMs;
  const subscriptionEmails = startSubscriptionEmails({
    store, reads: subscriptionEmailReads(database.db, cfg.FANCLUB_ADMIN_EMAIL), send: (mail) => services.mailer.send(mail), siteUrl,
    now: () => services.clock(), intervalMs: subscriptionEmailMs || 30_000, timer: subscriptionEmailMs !== 0, log: (m) => log(`[subscription-email] ${m}`),
  });
  stops.add('subscriptionEmails', () => subscriptionEmails.stop());
  // Shop mails: a pass as soon as the read models have a paid or shipped order (or a sold-out refund), and on a timer for what a
  // restart left; every node may pass, the mail's own stream decides who sends.
  const shopEmailMs = options.shopEmailIntervalMs ?? options.chatEmailIntervalMs;
  const shopEmails = startShopEmails({
    store, reads: shopEmailReads(database.db, cfg.FANCLUB_ADMIN_EMAIL), send: (mail) => services.mailer.send(mail), siteUrl,
    now: () => services.clock(), intervalMs: shopEmailMs || 30_000, timer: shopEmailMs !== 0, log: (m) => log(`[shop-email] ${m}`),
  });
  stops.add('shopEmails', () => shopEmails.stop());
  if (shopEmailMs !== 0) stops.add('shopEmails', services.runner.onApplied((events) => {
    if (events.some((e) => (SHOP_EMAIL_SOURCE_TYPES as readonly string[]).includes(e.type))) shopEmails.kick();
  }));
  // Chat bookings: slots that began start, slots that ended complete (or are no-shows) — the countdown's frames.
  const bookingPass = startBookingPass({
    store, deps: services.purchases, now: () => services.clock(), intervalMs: options.bookingPassIntervalMs || 30_000, timer: options.bookingPassIntervalMs !== 0, log: (m) => log(`[chat-booking] ${m}`),
  });
  stops.add('timers', () => bookingPass.stop());
  // Chat booking mails (paid, reminder, cancelled, moved, no-show, a lost slot's refund): a pass as soon as the read models have such
  // an event, and on a timer; every node may pass, the mail's own stream decides who sends.
  const bookingEmailMs = options.chatBookingEmailIntervalMs ?? options.chatEmailIntervalMs;
  const chatBookingEmails = startChatBookingEmails({
    store, reads: chatBookingEmailReads(database.db, cfg.FANCLUB_ADMIN_EMAIL), send: (mail) => services.mailer.send(mail), siteUrl,
    now: () => services.clock(), intervalMs: bookingEmailMs || 30_000, timer: bookingEmailMs !== 0, log: (m) => log(`[chat-booking-email] ${m}`),
  });
  stops.add('chatBookingEmails', () => chatBookingEmails.stop());
  if (bookingEmailMs !== 0) stops.add('chatBookingEmails', services.runner.onApplied((events) => {
    if (events.some((e) => (BOOKING_EMAIL_SOURCE_TYPES as readonly string[]).includes(e.type))) chatBookingEmails.kick();
  }));
  // Live streaming: a pass every 10 s revokes viewers whose subscription ended and bills one-to-one
  // minutes (and follows blocks and logouts at once).
  const liveSupervisor = startLiveSupervisor(services, { intervalMs: options.liveIntervalMs ?? 10_000 });
  stops.add('liveSupervisor', () => liveSupervisor.stop());
  // Whatever fell due while no process ran is charged now, not a minute from now.
  void rebillScheduler.tick().catch((e) => console.error('[rebill] first pass failed:', e));
  // A delivery a crash or restart interrupted goes on now.
  if (cfg.FANCLUB_DELIVERY_WORKER === 'on') run.delivery.kick();
  if (options.deliverNotices !== false) {
    const notices = run.adapters.gateway.startDelivery({ intervalMs: 1000 });
    stops.add('notices', () => notices.stop());
    const cryptoNotices = run.adapters.cryptoProviders.sandbox.startDelivery({ intervalMs: 1000 });
    stops.add('notices', () => cryptoNotices.stop());
  }
  return { rebillScheduler, chatEmails, subscriptionEmails, shopEmails, chatBookingEmails, bookingPass, liveSupervisor };
}

// Wires one Fanclub process: database + event store, projections, adapters (./process-adapters.ts), the HTTP app,
// background work (./background.ts); everything stops in the order ./stops.ts keeps.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../infra/config';
import { openEventStoreFromConfig } from '../infra/eventstore/open';
import { createProjectionRunner } from '../projections/runner';
import { allProjections } from '../projections';
import { bootstrap, type BootstrapResult } from '../commands/bootstrap';
import type { RebillScheduler } from '../commands/subscriptions';
import type { MessageDelivery } from '../commands/message-delivery';
import type { ChatEmails } from '../commands/chat-emails';
import type { SubscriptionEmails } from '../commands/subscription-emails';
import type { ShopEmails } from '../commands/shop-emails';
import type { PeriodicPass } from '../commands/periodic-pass';
import { buildApp } from './app';
import type { Services } from './services';
import type { LiveMediaServer } from '../infra/live/port';
import { liveJoinPolicy, livePresence, type LiveSupervisor } from './live';
import { builtInAdapters } from './adapters';
import { openProcessAdapters } from './process-adapters';
import { startDelivery, startMediaWork, startRecovery, startSchedulers, type BackgroundOptions } from './background';
import { createStops } from './stops';
import { createMetrics, observeAppend } from './metrics/registry';
import { countPaymentOutcomes } from './metrics/payments';
import { timeAppends } from '../infra/eventstore/timed';
import { purchaseKinds } from '../commands/payment/kinds';
import { cardFormFields } from '../domain/card/card-form';
import { currentSettings } from '../projections/settings';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  firstStart: BootstrapResult;
  close(): Promise<void>;
  /** The durable rebill scheduler (commands/subscriptions.ts); tests call tick() after moving the clock. */
  rebillScheduler: RebillScheduler;
  /** Mass and welcome message delivery (commands/message-delivery.ts); tests call tick() after moving the clock. */
  delivery: MessageDelivery;
  /** Live streaming's supervisor (api/live.ts): revokes lapsed viewers, bills one-to-one minutes; tests call tick(). */
  liveSupervisor: LiveSupervisor;
  /** Emails about unread chat messages (commands/chat-emails.ts); tests call tick() after moving the clock. */
  chatEmails: ChatEmails;
  subscriptionEmails: SubscriptionEmails;
  /** Order receipts, shipping notices and staff new-order mails (commands/shop-emails.ts); tests call tick(). */
  shopEmails: ShopEmails;
  /** Chat booking mails (commands/chat-booking-emails.ts); tests call tick(). */
  chatBookingEmails: PeriodicPass;
  /** The chat booking pass (commands/chat-booking.ts: reminders, starts, ends); tests call tick() after moving the clock. */
  bookingPass: PeriodicPass;
}

/** Where the two built apps are served from: `appsDir`'s web-fan/ and web-admin/, or each app's own dist/. */
function appRoots(appsDir: string | undefined): { fan: string; admin: string } {
  if (appsDir) return { fan: path.join(appsDir, 'web-fan'), admin: path.join(appsDir, 'web-admin') };
  return { fan: path.join(ROOT, 'web-fan/dist'), admin: path.join(ROOT, 'web-admin/dist') };
}

export async function startServer(
  cfg: Config,
  /** The background work's intervals and notices: api/background.ts BackgroundOptions. */
  options: BackgroundOptions & {
    clock?: () => Date; serveApps?: boolean; log?: (m: string) => void;
    /** The folder holding the built apps (its web-fan/ and web-admin/); default: each app's dist/ in the repository. */
    appsDir?: string;
    /** A media server for live streaming the caller owns (tests share one Janus); default: opened from the config and closed with the server. */
    liveMedia?: LiveMediaServer;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? ((m: string) => console.log(m));
  const opened = await openEventStoreFromConfig(cfg);
  const { database } = opened;
  // One registry per server (tests run several in one process); every append through this server is timed.
  const metrics = createMetrics();
  const store = timeAppends(opened.store, observeAppend(metrics));
  const clock = options.clock ?? (() => new Date());
  const runner = createProjectionRunner({
    database,
    store,
    projections: allProjections,
    logger: { info: (m) => log(`[projections] ${m}`), error: (m, e) => console.error(`[projections] ${m}`, e ?? '') },
    onError: (e) => console.error('[projections] stopped:', e),
  });
  countPaymentOutcomes(runner, metrics);
  const stops = createStops();
  stops.add('runner', () => runner.stop());
  const close = async () => {
    await stops.run();
    await opened.close();
  };
  try {
    await runner.migrate();
    await runner.start();
    const adapters = await openProcessAdapters(cfg, database, store, { clock, log, liveMedia: options.liveMedia }, stops);
    const services: Services = {
      ...(adapters.kafka ? { bus: { kafka: adapters.kafka, nodeId: adapters.nodeId } } : {}),
      config: cfg,
      database,
      store,
      runner,
      gateway: adapters.gateway,
      cardRouter: adapters.cardRouter,
      cardNotices: adapters.cardNotices,
      cardProviders: adapters.cardProviders,
      hostedPayments: adapters.hostedPayments,
      purchases: {
        gateway: adapters.cardRouter,
        places: builtInAdapters.places,
        kinds: purchaseKinds,
        // What the card form asks, read at every purchase: the provider new cards go to and the site's setting.
        cardFormFields: async () => cardFormFields(await adapters.cardRouter.current(), (await currentSettings(database.db)).card_form_billing_address),
      },
      webhookSecret: adapters.webhookSecret,
      cryptoGateway: adapters.cryptoGateway,
      cryptoProviders: adapters.cryptoProviders,
      paymentProviderTests: adapters.paymentProviderTests,
      cryptoWebhookSecret: adapters.cryptoWebhookSecret,
      storage: adapters.storage,
      idempotency: adapters.idempotency,
      mailer: adapters.mailer,
      clock,
      metrics,
      ...builtInAdapters,
      liveMedia: adapters.liveMedia,
      staticRoots: options.serveApps === false ? undefined : appRoots(options.appsDir),
    };
    // Live streaming: who may join a room is the session's rule (the relay asks it before every join).
    services.liveJoinPolicy = liveJoinPolicy(services);
    // …and a lost viewer or publisher is noticed from the relay's connections (socket, heartbeat, the media server).
    services.livePresence = livePresence(services, stops);
    startMediaWork(services, stops, log);
    const firstStart = await bootstrap(store, services, { adminEmail: cfg.FANCLUB_ADMIN_EMAIL, adminPassword: cfg.FANCLUB_ADMIN_PASSWORD, demo: cfg.FANCLUB_DEMO });
    if (firstStart.ctx.lastPosition) await runner.waitFor(firstStart.ctx.lastPosition, 30_000);
    await startRecovery(services, stops, log);
    const delivery = startDelivery(services, options, stops, log);
    const app = await buildApp(services);
    stops.add('app', () => app.close());
    await app.listen({ port: cfg.PORT, host: cfg.HOST });
    const port = (app.server.address() as { port: number }).port;
    adapters.listening(port);
    const scheduled = startSchedulers(services, { port, delivery, adapters }, options, stops, log);
    return { app, services, url: cfg.FANCLUB_PUBLIC_URL ?? `http://localhost:${port}`, firstStart, close, ...scheduled, delivery };
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
}

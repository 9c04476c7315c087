// Wires one Fanclub process: database + event store, projections, adapters, the HTTP app, background work.
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../infra/config';
import { openEventStoreFromConfig } from '../infra/eventstore/open';
import { createProjectionRunner } from '../projections/runner';
import { allProjections } from '../projections';
import { createSandboxCardGateway } from '../infra/payments/sandbox-card-gateway';
import { createSandboxCryptoGateway } from '../infra/payments/sandbox-crypto-gateway';
import { resumeCryptoTopUps } from '../commands/wallet';
import { cryptoPaymentsToResume } from '../projections/wallet';
import { currentSettings } from '../projections/settings';
import type { Kysely } from 'kysely';
import type { ReadModels } from '../projections/schema';
import { watermarkOf } from '../domain/media/watermark';
import { createIdempotencyStore, type IdempotencyStore } from '../infra/idempotency/store';
import { createMailer } from '../infra/mail/mailer';
import { emailOverride, settingsBox } from './email-config';
import { bootstrap, type BootstrapResult } from '../commands/bootstrap';
import { resumeUnfinishedPayments } from '../commands/recovery';
import { startRebillScheduler, type RebillScheduler } from '../commands/subscriptions';
import { paymentMethodFromReadModel, rebillReads, recoveryReads } from './payment-reads';
import { forwardMediaNudges, startMediaWorker, type MediaWorker } from '../commands/media-jobs';
import { buildApp } from './app';
import { announceChatMediaProcessed } from './chat-media-ready';
import { startMessageDelivery, type MessageDelivery } from '../commands/message-delivery';
import { deliveryReads } from './delivery-reads';
import { startChatEmails, type ChatEmails } from '../commands/chat-emails';
import { chatEmailsDue } from '../projections/chat-conversations';
import { startSubscriptionEmails, type SubscriptionEmails } from '../commands/subscription-emails';
import { subscriptionEmailsDue } from '../projections/subscription-emails';
import { openAppStorage, signingSecret } from './media-storage';
import { createKafkaBus, type KafkaBus } from '../infra/bus/kafka';
import { startRelay, type Relay } from '../infra/bus/relay';
import type { Services } from './services';
import { openLiveMedia } from './live-media';
import type { LiveMediaServer } from '../infra/live/port';
import { liveJoinPolicy, startLiveSupervisor, type LiveSupervisor } from './live';
import { startWebPush } from './push';
import { builtInAdapters } from './adapters';
import { mediaWorkerReads } from './media-reads';

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
}

export async function startServer(
  cfg: Config,
  /** deliverNotices: false leaves the sandbox provider's notices for a test to deliver by hand (order, repeats). */
  options: {
    clock?: () => Date; serveApps?: boolean; log?: (m: string) => void; deliverNotices?: boolean; rebillIntervalMs?: number; deliveryIntervalMs?: number;
    /** The web push sender's interval (0: no timer; tests call services.push.sender.tick()). */
    pushIntervalMs?: number;
    /** Chat emails' pass interval (0: no timer; tests call chatEmails.tick()). */
    chatEmailIntervalMs?: number;
    /** Subscription mails' pass interval (0: no timer; tests call subscriptionEmails.tick()); follows chatEmailIntervalMs when unset. */
    subscriptionEmailIntervalMs?: number;
    /** The live supervisor's interval (0: no timer; tests call liveSupervisor.tick()). */
    liveIntervalMs?: number;
    /** A media server for live streaming the caller owns (tests share one Janus); default: opened from the config and closed with the server. */
    liveMedia?: LiveMediaServer;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? ((m: string) => console.log(m));
  const opened = await openEventStoreFromConfig(cfg);
  const { database, store } = opened;
  const clock = options.clock ?? (() => new Date());
  const runner = createProjectionRunner({
    database,
    store,
    projections: allProjections,
    logger: { info: (m) => log(`[projections] ${m}`), error: (m, e) => console.error(`[projections] ${m}`, e ?? '') },
    onError: (e) => console.error('[projections] stopped:', e),
  });
  const timers: NodeJS.Timeout[] = [];
  let app: FastifyInstance | null = null;
  let mediaWorker: MediaWorker | null = null;
  let closeStorage: (() => void) | null = null;
  let stopForwarding: (() => void) | null = null;
  let noticeDelivery: { stop(): Promise<void> } | null = null;
  let cryptoNoticeDelivery: { stop(): Promise<void> } | null = null;
  let rebillScheduler: RebillScheduler | null = null;
  let delivery: MessageDelivery | null = null;
  let chatEmails: ChatEmails | null = null;
  let subscriptionEmails: SubscriptionEmails | null = null;
  let pushSender: { stop(): Promise<void> } | null = null;
  let liveSupervisor: LiveSupervisor | null = null;
  let idempotency: IdempotencyStore | null = null;
  let kafka: KafkaBus | null = null;
  let relay: Relay | null = null;
  let ownLiveMedia: LiveMediaServer | null = null;
  const close = async () => {
    timers.forEach(clearInterval);
    await rebillScheduler?.stop().catch(() => {});
    await delivery?.stop().catch(() => {});
    await chatEmails?.stop().catch(() => {});
    await subscriptionEmails?.stop().catch(() => {});
    await pushSender?.stop().catch(() => {});
    await liveSupervisor?.stop().catch(() => {});
    await noticeDelivery?.stop().catch(() => {});
    await cryptoNoticeDelivery?.stop().catch(() => {});
    stopForwarding?.();
    await relay?.stop().catch(() => {});
    await app?.close().catch(() => {});
    await kafka?.close().catch(() => {});
    await idempotency?.close().catch(() => {});
    await mediaWorker?.stop().catch(() => {});
    await ownLiveMedia?.close().catch(() => {});
    await runner.stop().catch(() => {});
    closeStorage?.();
    await opened.close();
  };
  try {
    await runner.migrate();
    await runner.start();
    // Media bytes live on local disk or in an S3 bucket (api/media-storage.ts).
    const media = await openAppStorage(cfg);
    closeStorage = media.close;
    // The sandbox provider signs its notices with a secret derived from the app's; they go to this server once it listens.
    const webhookSecret = createHmac('sha256', signingSecret(cfg)).update('sandbox-card-webhooks').digest('hex');
    let webhookUrl: string | null = null;
    const gateway = await createSandboxCardGateway(database, { webhook: { url: () => webhookUrl, secret: webhookSecret } });
    // The sandbox crypto provider (wallet top-ups) does the same with its own secret and endpoint.
    const cryptoWebhookSecret = createHmac('sha256', signingSecret(cfg)).update('sandbox-crypto-webhooks').digest('hex');
    let cryptoWebhookUrl: string | null = null;
    const cryptoGateway = await createSandboxCryptoGateway(database, { webhook: { url: () => cryptoWebhookUrl, secret: cryptoWebhookSecret }, now: clock });
    // Several nodes: real time goes through Kafka (api/realtime, infra/bus); one node: all in-process.
    const nodeId = cfg.FANCLUB_INSTANCE_ID ?? randomBytes(6).toString('hex');
    if (cfg.KAFKA_BROKERS) {
      kafka = createKafkaBus({ brokers: cfg.KAFKA_BROKERS.split(','), clientId: `fanclub-${nodeId}`, prefix: cfg.KAFKA_TOPIC_PREFIX });
      await kafka.ensureTopics().catch((e) => {
        throw new Error(`Kafka (KAFKA_BROKERS=${cfg.KAFKA_BROKERS}) is not usable: ${(e as Error).message}`);
      });
    }
    // Live streaming's media server: a Janus this process starts, one at JANUS_URL, or none (with the reason).
    const liveMedia = options.liveMedia ?? (ownLiveMedia = await openLiveMedia(cfg, (m) => log(m)));
    const services: Services = {
      ...(kafka ? { bus: { kafka, nodeId } } : {}),
      config: cfg,
      database,
      store,
      runner,
      gateway,
      webhookSecret,
      cryptoGateway,
      cryptoWebhookSecret,
      storage: media.storage,
      idempotency: (idempotency = await createIdempotencyStore(database, { leaseSeconds: cfg.IDEMPOTENCY_LEASE_SECONDS, instanceId: cfg.FANCLUB_INSTANCE_ID })),
      // An SMTP server saved in the console (issue 17, CO-04) wins over SMTP_URL while it is set.
      mailer: await createMailer(database, { smtpUrl: cfg.SMTP_URL, from: cfg.MAIL_FROM, log: (m) => log(`[mail] ${m}`), override: emailOverride(store, () => settingsBox({ config: cfg })) }),
      clock,
      ...builtInAdapters,
      liveMedia,
      staticRoots: options.serveApps === false ? undefined : { fan: path.join(ROOT, 'web-fan/dist'), admin: path.join(ROOT, 'web-admin/dist') },
    };
    // Live streaming (issue 15): who may join a room is the session's rule (the relay asks it before every join).
    services.liveJoinPolicy = liveJoinPolicy(services);
    // Renders uploads in the background (videos always; photos whose inline attempt failed) and resumes, on
    // start-up, whatever a previous process left 'processing'.
    // The watermark follows the settings (read model) at the time each item is rendered.
    if (cfg.FANCLUB_MEDIA_WORKER === 'on') {
      mediaWorker = startMediaWorker({
        store, reads: mediaWorkerReads(database.db), storage: services.storage, renderer: services.renderer, now: clock, log: (m) => log(`[media] ${m}`),
        watermark: async () => watermarkOf(await currentSettings(database.db)),
        onProcessed: announceChatMediaProcessed(store, database.db, (m) => log(`[media] ${m}`)),
      });
    }
    // Several nodes: uploads are announced on the bus too, so `npm run worker` processes start on them at once
    // (they also scan the read model, so nothing is lost if an announcement is).
    if (kafka) {
      const bus = kafka;
      stopForwarding = forwardMediaNudges((mediaId) => {
        if (mediaId) void bus.publish(bus.topics.mediaJobs, [{ key: mediaId, value: mediaId }]).catch((e) => log(`[media] not announced on the bus: ${(e as Error).message}`));
      });
    }
    const firstStart = await bootstrap(store, services, { adminEmail: cfg.FANCLUB_ADMIN_EMAIL, adminPassword: cfg.FANCLUB_ADMIN_PASSWORD, demo: cfg.FANCLUB_DEMO });
    if (firstStart.ctx.lastPosition) await runner.waitFor(firstStart.ctx.lastPosition, 30_000);

    const resume = () =>
      resumeUnfinishedPayments(recoveryReads(database.db), store, services.gateway, { olderThanMs: 30_000, now: clock, log: (m) => log(`[payments] ${m}`) }).catch((e) =>
        console.error('[payments] recovery failed:', e),
      );
    // On start-up every unfinished payment is resumed at once (a crash left it); later only stale ones.
    await resumeUnfinishedPayments(recoveryReads(database.db), store, services.gateway, { olderThanMs: 0, now: clock, log: (m) => log(`[payments] ${m}`) });
    timers.push(setInterval(resume, 60_000).unref());
    // Crypto top-ups: paid but not credited (a crash), or open past their 15 minutes (the provider is asked once more).
    const resumeCrypto = () =>
      cryptoPaymentsToResume(database.db, clock().toISOString())
        .then((ids) => resumeCryptoTopUps(store, cryptoGateway, ids, { now: clock, log: (m) => log(`[wallet] ${m}`) }))
        .catch((e) => console.error('[wallet] recovery failed:', e));
    await resumeCrypto();
    timers.push(setInterval(() => void resumeCrypto(), 60_000).unref());
    // Mass and welcome messages go out in the background: the read models are the queue (due schedules, messages
    // waiting for media or part-way sent, later subscribers' copies), a pass runs every few seconds and when a route
    // records a message; a restart resumes from the log (commands/message-delivery.ts). Any node may run passes:
    // the mass message's stream decides, so two nodes never deliver a copy twice. FANCLUB_DELIVERY_WORKER=off: this
    // node runs no passes of its own (no timer, no kick; tests may still call tick()) and leaves them to workers.
    const delivers = cfg.FANCLUB_DELIVERY_WORKER === 'on';
    delivery = startMessageDelivery({
      store, reads: deliveryReads(database.db), now: () => services.clock(), intervalMs: options.deliveryIntervalMs ?? 5_000, log: (m) => log(`[delivery] ${m}`),
      timer: delivers,
    });
    // Several nodes: a recorded message is also announced on the bus, so `npm run worker` processes start a pass
    // at once (they also pass on a timer, so nothing waits long if an announcement is lost).
    const bus = kafka;
    const local = delivery;
    services.delivery = bus
      ? {
          ...local,
          kick: () => {
            if (delivers) local.kick();
            void bus.publish(bus.topics.messageDelivery, [{ key: 'delivery', value: nodeId }]).catch((e) => log(`[delivery] not announced on the bus: ${(e as Error).message}`));
          },
        }
      : delivers ? local : { ...local, kick: () => {} };
    // Web push (issue 16): notifications queued by the push projection are sent in the background (api/push.ts,
    // commands/push-sender.ts); FANCLUB_DELIVERY_WORKER=off leaves the sending to `npm run worker` processes.
    services.push = startWebPush({ cfg, store, db: database.db, now: () => services.clock(), timer: delivers && options.pushIntervalMs !== 0, intervalMs: options.pushIntervalMs, log: (m) => log(`[push] ${m}`) });
    pushSender = services.push.sender;
    app = await buildApp(services);
    const address = await app.listen({ port: cfg.PORT, host: cfg.HOST });
    const port = (app.server.address() as { port: number }).port;
    webhookUrl = `http://127.0.0.1:${port}/api/webhooks/sandbox-card`;
    cryptoWebhookUrl = `http://127.0.0.1:${port}/api/webhooks/sandbox-crypto`;
    // Every node runs a relay; the one holding the lease publishes `$all` to the bus, the others stand by.
    if (kafka && cfg.DATABASE_URL) relay = startRelay({ connectionString: cfg.DATABASE_URL, store, bus: kafka, log: (m) => log(`[relay] ${m}`) });
    // Rebills: the due memberships are read from the subscribers read model (the durable queue) every minute and
    // charged through the payment process manager; the services clock is read on every pass. Started once the
    // app serves, so no pass runs while the process is still starting up.
    rebillScheduler = startRebillScheduler({
      store, reads: rebillReads(database.db), deps: { gateway: services.gateway, paymentMethodOf: paymentMethodFromReadModel(database.db) },
      now: () => services.clock(), intervalMs: options.rebillIntervalMs ?? 60_000, log: (m) => log(`[rebill] ${m}`),
    });
    // Fans who left staff messages unread are emailed once per unread streak (CH-48); every node may pass, the
    // conversation stream decides who sends.
    chatEmails = startChatEmails({
      store, reads: chatEmailReads(database.db), send: (mail) => services.mailer.send(mail),
      siteUrl: () => (cfg.FANCLUB_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      now: () => services.clock(), intervalMs: options.chatEmailIntervalMs || 60_000, timer: options.chatEmailIntervalMs !== 0, log: (m) => log(`[chat-email] ${m}`),
    });
    // Subscription mails (WP-08): the queue read model, the settings' switches; every node may pass, the mail's
    // own stream decides who sends.
    const subscriptionEmailMs = options.subscriptionEmailIntervalMs ?? options.chatEmailIntervalMs;
    subscriptionEmails = startSubscriptionEmails({
      store,
      reads: {
        due: (since, limit) => subscriptionEmailsDue(database.db, since, limit),
        settings: async () => {
          const s = await currentSettings(database.db);
          return { mails: s.subscription_email_notification, creatorName: s.model_name, adminEmail: cfg.FANCLUB_ADMIN_EMAIL };
        },
        user: async (userId) => {
          const u = await database.db.withSchema('rm').selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
          return u ? { email: u.email, name: u.name } : null;
        },
      },
      send: (mail) => services.mailer.send(mail),
      siteUrl: () => (cfg.FANCLUB_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      now: () => services.clock(), intervalMs: subscriptionEmailMs || 30_000, timer: subscriptionEmailMs !== 0, log: (m) => log(`[subscription-email] ${m}`),
    });
    // Live streaming (issue 15): a pass every 10 s revokes viewers whose subscription ended and bills one-to-one
    // minutes (and follows blocks and logouts at once).
    liveSupervisor = startLiveSupervisor(services, { intervalMs: options.liveIntervalMs ?? 10_000 });
    // Whatever fell due while no process ran is charged now, not a minute from now.
    void rebillScheduler.tick().catch((e) => console.error('[rebill] first pass failed:', e));
    // A delivery a crash or restart interrupted goes on now.
    if (delivers) delivery.kick();
    if (options.deliverNotices !== false) {
      noticeDelivery = gateway.startDelivery({ intervalMs: 1000 });
      cryptoNoticeDelivery = cryptoGateway.startDelivery({ intervalMs: 1000 });
    }
    return { app, services, url: cfg.FANCLUB_PUBLIC_URL ?? `http://localhost:${port}`, firstStart, close, rebillScheduler, delivery, chatEmails, subscriptionEmails, liveSupervisor, ...(address ? {} : {}) };
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
}

/** What chat emails read: the conversation read model's queue and the creator's name from the settings. */
function chatEmailReads(db: Kysely<ReadModels>) {
  return {
    due: (cutoffIso: string, limit: number) => chatEmailsDue(db, cutoffIso, limit),
    creatorName: async () => (await currentSettings(db)).model_name,
  };
}

// `npm run worker`: a process that renders uploads (photos, videos, blurred previews) and nothing else, for
// running Fanclub on several machines. It shares the API's Postgres database (DATABASE_URL) and media bytes
// (S3_*), takes work from the read model (what is still 'processing') and, with KAFKA_BROKERS, starts at once
// on the uploads the API nodes announce on the bus. Give the API nodes FANCLUB_MEDIA_WORKER=off to leave all
// rendering to workers (FANCLUB_DELIVERY_WORKER=off: all message delivery). It also delivers mass and welcome messages (commands/message-delivery.ts): on a timer,
// and at once when an API node announces a recorded message on the bus.
import { randomBytes } from 'node:crypto';
import { loadConfig, ConfigError } from '../infra/config';
import { openEventStoreFromConfig } from '../infra/eventstore/open';
import { createKafkaBus } from '../infra/bus/kafka';
import { startMediaWorker } from '../commands/media-jobs';
import { currentSettings } from '../projections/settings';
import { watermarkOf } from '../domain/media/watermark';
import { openAppStorage } from './media-storage';
import { announceChatMediaProcessed } from './chat-media-ready';
import { startMessageDelivery } from '../commands/message-delivery';
import { deliveryReads } from './delivery-reads';
import { mediaWorkerReads } from './media-reads';
import { builtInAdapters } from './adapters';
import { startWebPush } from './push';
import { eventOfBusMessage } from '../infra/bus/relay';
import { PUSH_TRIGGER_TYPES } from '../projections/push';

async function main() {
  let cfg;
  try {
    cfg = loadConfig();
    // A worker on PGlite would open its own private database: it must share the API's.
    if (!cfg.DATABASE_URL) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required for `npm run worker` (the worker shares the API\'s Postgres database)');
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  const opened = await openEventStoreFromConfig(cfg);
  const { database, store } = opened;
  const media = await openAppStorage(cfg);
  const log = (m: string) => console.log(`[media] ${m}`);
  const worker = startMediaWorker({
    store, reads: mediaWorkerReads(database.db), storage: media.storage, renderer: builtInAdapters.renderer, now: () => new Date(), log,
    watermark: async () => watermarkOf(await currentSettings(database.db)),
    onProcessed: announceChatMediaProcessed(store, database.db, log),
  });
  // Mass and welcome messages: delivery passes here too (the mass message's stream decides, so API nodes and
  // workers passing at once never give a fan two copies).
  const delivery = startMessageDelivery({ store, reads: deliveryReads(database.db), now: () => new Date(), log: (m) => console.log(`[delivery] ${m}`) });
  delivery.kick();
  // Web push: the queued notifications (the push projection's jobs) go out from here too; the job's stream
  // decides, so nodes and workers passing at once record each attempt once.
  const push = startWebPush({ cfg, store, db: database.db, now: () => new Date(), timer: true, log: (m) => console.log(`[push] ${m}`) });
  const nodeId = cfg.FANCLUB_INSTANCE_ID ?? `worker-${randomBytes(4).toString('hex')}`;
  const kafka = cfg.KAFKA_BROKERS ? createKafkaBus({ brokers: cfg.KAFKA_BROKERS.split(','), clientId: `fanclub-${nodeId}`, prefix: cfg.KAFKA_TOPIC_PREFIX }) : null;
  if (kafka) {
    await kafka.ensureTopics();
    // One group for all workers: each announcement goes to one of them.
    await kafka.consume(kafka.topics.mediaJobs, 'fanclub-media-workers', Date.now() - 60_000, async (m) => {
      if (/^[\w-]{1,64}$/.test(m.value)) worker.nudge(m.value);
    });
    // One group for all workers: a recorded mass message starts a delivery pass on one of them at once.
    await kafka.consume(kafka.topics.messageDelivery, 'fanclub-delivery-workers', Date.now() - 60_000, async (m) => {
      console.log(`[delivery] pass announced by ${/^[\w.:-]{1,100}$/.test(m.value) ? m.value : 'another node'}`);
      delivery.kick();
      push.sender.kick();
    });
    // Web push: a trigger event on the events topic (published by the API nodes' relay) starts a sending pass on one
    // worker at once, and again a moment later for the read model that queues it (the timer catches anything else).
    await kafka.consume(kafka.topics.events, 'fanclub-push-workers', Date.now() - 60_000, async (m) => {
      const type = eventOfBusMessage(m.value)?.type;
      if (type && PUSH_TRIGGER_TYPES.has(type)) {
        push.sender.kick();
        setTimeout(() => push.sender.kick(), 1_000).unref();
      }
    });
  }
  console.log(`Fanclub worker is running: media rendering and message delivery${kafka ? ', taking announcements from Kafka' : ''} (${nodeId})`);
  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await worker.stop();
    await delivery.stop();
    await push.sender.stop();
    await kafka?.close();
    media.close();
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error('The Fanclub worker could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});

// The bus between API nodes when Fanclub runs on several (KAFKA_BROKERS set). Two topics:
//   <prefix>.events    every committed event, in `$all` order, published by exactly one relay (api/realtime/relay.ts)
//   <prefix>.presence  each node's snapshot of who is connected to it
//   <prefix>.media-jobs  "this upload needs rendering", for the media workers (`npm run worker`)
// Both have ONE partition: frames are delivered in `$all` order and a socket's cursor relies on it. One partition
// carries tens of thousands of small messages per second here, far more than a creator's site writes events.
import { Kafka, Partitioners, logLevel, type Consumer, type Producer, type IHeaders } from 'kafkajs';

export interface BusMessage {
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface ReceivedMessage {
  value: string;
  headers: Record<string, string>;
  /** Broker time (ms) the message was appended. */
  timestampMs: number;
}

export interface KafkaBus {
  /** messageDelivery: "a mass or welcome message was recorded": `npm run worker` processes start a delivery pass. */
  readonly topics: { events: string; presence: string; mediaJobs: string; messageDelivery: string };
  /** Creates the topics (one partition each) if they are missing. */
  ensureTopics(): Promise<void>;
  /** Publishes in order and resolves once the broker has acknowledged every message (idempotent producer). */
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  /**
   * Reads a topic with a group of its own (so every node gets every message), starting at messages from
   * `sinceMs` on (a short overlap; the caller drops what it already has). Messages arrive one at a time, in order.
   */
  consume(topic: string, groupId: string, sinceMs: number, onMessage: (m: ReceivedMessage) => Promise<void>): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

const headerText = (headers: IHeaders | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k] = Array.isArray(v) ? String(v[0]) : String(v);
  return out;
};

export function createKafkaBus(options: { brokers: string[]; clientId: string; prefix?: string }): KafkaBus {
  const prefix = options.prefix ?? 'fanclub';
  const topics = { events: `${prefix}.events`, presence: `${prefix}.presence`, mediaJobs: `${prefix}.media-jobs`, messageDelivery: `${prefix}.message-delivery` };
  // kafkajs logs a "group coordinator is not available" error on a fresh broker before it retries: warnings and
  // worse only, through our own line format.
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: () => ({ level, log }) => {
      if (level <= logLevel.ERROR && !/coordinator is not available|not host this topic-partition/i.test(log.message)) console.error(`[kafka] ${log.message}`);
    },
  });
  let producer: Producer | null = null;
  const consumers: Consumer[] = [];
  // One send at a time: concurrent sends may reorder messages within a partition.
  let sending: Promise<unknown> = Promise.resolve();

  async function ready(): Promise<Producer> {
    if (!producer) {
      const p = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
      await p.connect();
      producer = p;
    }
    return producer;
  }

  return {
    topics,
    async ensureTopics() {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const existing = new Set(await admin.listTopics());
        const missing = Object.values(topics).filter((t) => !existing.has(t));
        if (missing.length) await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: 1, replicationFactor: -1 })) });
      } finally {
        await admin.disconnect();
      }
    },
    async publish(topic, messages) {
      if (messages.length === 0) return;
      const p = await ready();
      const run = sending.then(() => p.send({ topic, acks: -1, messages: messages.map((m) => ({ key: m.key, value: m.value, headers: m.headers })) }));
      sending = run.catch(() => {});
      await run;
    },
    async consume(topic, groupId, sinceMs, onMessage) {
      const admin = kafka.admin();
      await admin.connect();
      const starts = await admin.fetchTopicOffsetsByTimestamp(topic, sinceMs).finally(() => admin.disconnect());
      const consumer = kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
      consumers.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: false });
      const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
      await consumer.run({
        eachMessage: async ({ message }) => {
          await onMessage({ value: message.value?.toString('utf8') ?? '', headers: headerText(message.headers), timestampMs: Number(message.timestamp) });
        },
      });
      await joined;
      // "-1" (no message at or after that time): start at the end.
      for (const s of starts) if (s.offset !== '-1') consumer.seek({ topic, partition: s.partition, offset: s.offset });
      return {
        async stop() {
          await consumer.disconnect().catch(() => {});
        },
      };
    },
    async close() {
      for (const c of consumers.splice(0)) await c.disconnect().catch(() => {});
      await producer?.disconnect().catch(() => {});
      producer = null;
    },
  };
}

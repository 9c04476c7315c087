// Configuration is environment variables, validated at start-up: a wrong value stops the process with a
// message that names the variable.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PGlite data folder (events, read models, uploaded media). */
  FANCLUB_DATA_DIR: z.string().min(1).default('./data'),
  /** Postgres server for events and read models; unset → embedded PGlite in FANCLUB_DATA_DIR. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  /** Where events are stored: the Postgres database (default) or EventStoreDB/KurrentDB. */
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  /** EventStoreDB connection string, e.g. esdb://127.0.0.1:2113?tls=false (required when EVENT_STORE=eventstoredb). */
  EVENTSTORE_URL: z.string().regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must start with esdb://').optional(),
  /** Seed demo content on the first start (posts clearly marked as demo). */
  FANCLUB_DEMO: bool.default(true),
  /** Open the console's setup wizard by itself for an admin until it is finished or put off (off: a site set up by script). */
  FANCLUB_SETUP_WIZARD: bool.default(true),
  /** Public base URL used in emails and signed links; defaults to http://localhost:PORT. */
  FANCLUB_PUBLIC_URL: z.string().url().optional(),
  /** ForumPay's API base instead of the live or sandbox one the console's live-mode switch picks (a staging proxy, or a simulator in tests). */
  FANCLUB_FORUMPAY_API_URL: z.string().url().optional(),
  /** CCBill's and Sticky.io's hosts instead of the real ones (a staging proxy, or the simulators in tests). */
  FANCLUB_CCBILL_REST_URL: z.string().url().optional(),
  FANCLUB_CCBILL_DATALINK_URL: z.string().url().optional(),
  FANCLUB_CCBILL_FLEXFORMS_URL: z.string().url().optional(),
  /** Comma-separated CIDR ranges CCBill's webhooks may come from, instead of CCBill's four published ones. */
  FANCLUB_CCBILL_WEBHOOK_SOURCES: z.string().optional(),
  FANCLUB_STICKY_IO_API_URL: z.string().url().optional(),
  /** How long a call to a payment provider may take before its outcome counts as unknown (then read back, never repeated blindly). */
  FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** Secret for signing media URLs and webhooks; generated and kept in the data folder when unset. */
  FANCLUB_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key (32 bytes: 64 hex characters or base64) that seals secrets saved in the console, e.g. the SMTP password; generated into the data folder when unset (infra/secrets/sealed-box.ts). */
  FANCLUB_SETTINGS_KEY: z.string().regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes as 64 hex characters or base64').optional(),
  /** Password for the creator's admin account on first start; random (printed once) when unset. */
  FANCLUB_ADMIN_EMAIL: z.string().email().default('admin@fanclub.local'),
  FANCLUB_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Outgoing mail, e.g. smtp://user:pass@mail.example.com:587; unset → mails go to the outbox staff read in the console. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Fanclub <no-reply@fanclub.local>'),
  /** Behind a reverse proxy that sets X-Forwarded-For: trust it for the client IP (rate limits, audit). Off by default: otherwise a client could choose its own IP. */
  TRUST_PROXY: bool.default(false),
  /** Seconds a request's Idempotency-Key is held while it runs without renewal (a killed process's keys free up after this, or sooner). */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A stable name for this API process (e.g. per container) so a restart frees its unfinished Idempotency-Keys at once; default random. */
  FANCLUB_INSTANCE_ID: z.string().regex(/^[\w.:-]{1,100}$/, 'must be letters, digits, . : _ or -').optional(),
  /** Kafka brokers (host:port, comma-separated): several API nodes share real time through them. Unset: one node, all in-process. */
  KAFKA_BROKERS: z.string().regex(/^[\w.-]+:\d{1,5}(,[\w.-]+:\d{1,5})*$/, 'must be host:port[,host:port…]').optional(),
  /** 'off': this API process renders no uploads; `npm run worker` processes (sharing the database and S3) do. */
  FANCLUB_MEDIA_WORKER: z.enum(['on', 'off']).default('on'),
  /** 'off': this API process delivers no mass/welcome messages (it records them and announces them on the bus); `npm run worker` processes deliver. */
  FANCLUB_DELIVERY_WORKER: z.enum(['on', 'off']).default('on'),
  /** Prefix of the Kafka topics (<prefix>.events, <prefix>.presence), so several sites can share one cluster. */
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[\w.-]{1,100}$/, 'must be letters, digits, . _ or -').default('fanclub'),
  /** Seconds between socket pings; a socket that missed the previous ping is dropped (dead connections). */
  WS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Seconds a new socket has to send its AUTH frame. */
  WS_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** How many events a reconnecting socket may catch up on; further back it is told to reload (RESYNC). */
  WS_RESUME_WINDOW_EVENTS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Lets a Prometheus scraper read GET /metrics with `Authorization: Bearer <this>`; unset: only signed-in admins read it (docs/metrics.md). */
  FANCLUB_METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** In-process caching of sessions and feed pages while the read models are unchanged (api/read-cache.ts); off: every read goes to the database. */
  FANCLUB_READ_CACHE: bool.default(true),
  /** Largest file an upload may be, in MB (1 MB = 1,048,576 bytes). */
  FANCLUB_MAX_UPLOAD_MB: z.coerce.number().positive('must be a positive number').max(1_000_000).default(500),
  /** Keep media in this S3 bucket instead of the data folder (any S3-protocol store: AWS, MinIO, R2, ...). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name').optional(),
  /** e.g. http://127.0.0.1:9000 for MinIO; unset for AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset (both): the AWS SDK's default credentials (AWS_* variables, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style requests (http://host/bucket/key); default: on when S3_ENDPOINT is set (self-hosted stores). */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Live streaming: 'off' starts no media server (live shows as unavailable). */
  FANCLUB_LIVE: z.enum(['on', 'off']).default('on'),
  /** A Janus running elsewhere (its WebSocket transport, e.g. ws://10.0.0.5:8188), or several, comma-separated (rooms are spread over them); unset: the API starts the local `janus` binary itself. */
  JANUS_URL: z.string().regex(/^wss?:\/\/[^\s,]+(,wss?:\/\/[^\s,]+){0,63}$/, 'must be ws:// or wss:// URLs, comma-separated').optional(),
  /** The VideoRoom admin_key of that Janus (required with JANUS_URL); for the Janus the API starts, default: derived from the app's secret. */
  FANCLUB_JANUS_ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The api_secret of the Janus at JANUS_URL, if it has one (the Janus the API starts always gets a random one). */
  FANCLUB_JANUS_API_SECRET: z.string().min(1).optional(),
  /** Ports of the Janus the API starts (bound to 127.0.0.1): its WebSocket API (unset: a free port, so several
   *  sites on one machine each get their own), and its HTTP API (0: off). */
  FANCLUB_JANUS_WS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  FANCLUB_JANUS_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** UDP ports the Janus the API starts uses for media (min-max); each viewer and publisher takes one. */
  FANCLUB_JANUS_RTP_PORTS: z.string().regex(/^\d{1,5}-\d{1,5}$/, 'must be min-max, e.g. 20000-20199').default('20000-20199'),
  /** Where Janus writes recordings (.mjr) and the API reads them; default <data dir>/live-recordings. With JANUS_URL, a folder both machines see at the same path. */
  FANCLUB_LIVE_RECORDINGS_DIR: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  /** FANCLUB_LIVE_RECORDINGS_DIR, absolute (default <data dir>/live-recordings). */
  liveRecordingsDir: string;
  /** FANCLUB_MAX_UPLOAD_MB in bytes. */
  maxUploadBytes: number;
  /** Present when S3_BUCKET is set: media live in that bucket. */
  s3: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean } | null;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.EVENT_STORE === 'eventstoredb' && !cfg.EVENTSTORE_URL) {
    throw new ConfigError('Invalid configuration:\n  EVENTSTORE_URL: required when EVENT_STORE=eventstoredb');
  }
  // Several nodes share one database: PGlite lives in one process's folder, so Kafka needs the Postgres server.
  if (cfg.KAFKA_BROKERS && !cfg.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required when KAFKA_BROKERS is set (several nodes share one Postgres database)');
  }
  if (!!cfg.S3_ACCESS_KEY_ID !== !!cfg.S3_SECRET_ACCESS_KEY) {
    const missing = cfg.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}`);
  }
  if (cfg.JANUS_URL && !cfg.FANCLUB_JANUS_ADMIN_KEY) {
    throw new ConfigError('Invalid configuration:\n  FANCLUB_JANUS_ADMIN_KEY: required when JANUS_URL is set (the admin_key of that Janus\'s VideoRoom plugin)');
  }
  const [rtpMin, rtpMax] = cfg.FANCLUB_JANUS_RTP_PORTS.split('-').map(Number);
  if (!(rtpMin >= 1024 && rtpMax <= 65535 && rtpMin < rtpMax)) {
    throw new ConfigError('Invalid configuration:\n  FANCLUB_JANUS_RTP_PORTS: must be min-max with 1024 <= min < max <= 65535');
  }
  if (!cfg.S3_BUCKET && (cfg.S3_ENDPOINT || cfg.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when other S3_* variables are set');
  }
  const s3 = cfg.S3_BUCKET
    ? {
        bucket: cfg.S3_BUCKET,
        endpoint: cfg.S3_ENDPOINT,
        region: cfg.S3_REGION,
        accessKeyId: cfg.S3_ACCESS_KEY_ID,
        secretAccessKey: cfg.S3_SECRET_ACCESS_KEY,
        forcePathStyle: cfg.S3_FORCE_PATH_STYLE ?? !!cfg.S3_ENDPOINT,
      }
    : null;
  const dataDir = path.resolve(cfg.FANCLUB_DATA_DIR);
  const liveRecordingsDir = path.resolve(cfg.FANCLUB_LIVE_RECORDINGS_DIR ?? path.join(dataDir, 'live-recordings'));
  return { ...cfg, dataDir, liveRecordingsDir, maxUploadBytes: Math.floor(cfg.FANCLUB_MAX_UPLOAD_MB * 1024 * 1024), s3 };
}

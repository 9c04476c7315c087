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
  /** Public base URL used in emails and signed links; defaults to http://localhost:PORT. */
  FANCLUB_PUBLIC_URL: z.string().url().optional(),
  /** Secret for signing media URLs and webhooks; generated and kept in the data folder when unset. */
  FANCLUB_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Password for the creator's admin account on first start; random (printed once) when unset. */
  FANCLUB_ADMIN_EMAIL: z.string().email().default('admin@fanclub.local'),
  FANCLUB_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Outgoing mail, e.g. smtp://user:pass@mail.example.com:587; unset → mails go to the outbox staff read in the console. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Fanclub <no-reply@fanclub.local>'),
  /** Behind a reverse proxy that sets X-Forwarded-For: trust it for the client IP (rate limits, audit). Off by default: otherwise a client could choose its own IP. */
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

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
  return { ...cfg, dataDir: path.resolve(cfg.FANCLUB_DATA_DIR) };
}

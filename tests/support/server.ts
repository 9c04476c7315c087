// Starts a real Fanclub server (PGlite in a temp folder, or a fresh database on the Postgres server) for a
// test file, and gives it a small typed HTTP client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { createTestDatabase } from './postgres';
import { builtAppsDir } from './apps';
import { copyPgliteTemplate, pgliteFolderOf } from './pglite-template';
import { startS3rver, type RunningS3rver } from './s3rver';
import { checkLedger } from '../../projections/ledger-check';
import { providerBooks } from '../../infra/payments/provider-books';
import type { LiveMediaServer } from '../../infra/live/port';
import { it } from 'vitest';

export type Backend = 'pglite' | 'postgres';

/**
 * The back end that runs a suite's tests whose outcome the database cannot change (validation and its messages,
 * who may call a route, a provider's answers, a rule of the domain): PGlite, which every machine has. Tests that
 * can differ between the two run on both: the read models' SQL (lists, filters, totals), concurrent writers and
 * the event store's locking, crash recovery, and rebuilding the read models.
 */
export const ONE_BACKEND: Backend = 'pglite';

/**
 * `it` for a test that does not depend on the back end: registered on ONE_BACKEND only, so the other back end's
 * file neither runs nor skips it (a skipped test fails CI). Such a test must not leave state a later test of the
 * suite needs.
 */
export function onOneBackend(backend: Backend): (name: string, fn: () => Promise<void> | void, timeoutMs?: number) => void {
  return backend === ONE_BACKEND ? (name, fn, timeoutMs) => it(name, fn, timeoutMs) : () => {};
}

export interface TestServer {
  server: RunningServer;
  base: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  call: (method: string, url: string, body?: unknown, opts?: { token?: string; headers?: Record<string, string>; raw?: BodyInit }) => Promise<{ status: number; body: any; headers: Headers }>;
  close: () => Promise<void>;
}

export async function startTestServer(backend: Backend, env: Record<string, string> = {}, options: {
    serveApps?: boolean; deliverNotices?: boolean; ledgerCheck?: boolean; s3?: boolean;
    /** A real media server for live streaming (tests/support/janus.ts: one Janus per test file, shared by its servers).
     *  Without it live streaming is off (FANCLUB_LIVE=off) and status() says so. */
    liveMedia?: LiveMediaServer;
    /** Run the web push sender and chat emails on their timers (off by default: see below). */
    backgroundSenders?: boolean;
    /** The message delivery timer (default 5 s); a long one leaves passes to kicks and tick(). */
    deliveryIntervalMs?: number;
  } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-test-'));
  const db = backend === 'postgres' ? await createTestDatabase() : null;
  // s3: media in a bucket of a real S3-protocol server (s3rver) started for this server, instead of on disk.
  const s3: RunningS3rver | null = options.s3 ? await startS3rver() : null;
  const adminPassword = 'admin-password-123';
  const cfg = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    FANCLUB_DATA_DIR: dataDir,
    FANCLUB_DEMO: 'false',
    FANCLUB_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'silent',
    FANCLUB_LIVE: 'off',
    // Test sites are set up by their tests: the console's setup wizard opens by itself only where a test asks.
    FANCLUB_SETUP_WIZARD: 'false',
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...(s3 ? { S3_BUCKET: 'fanclub-media', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey } : {}),
    ...env,
  });
  // PGlite starts from the run's migrated template (./pglite-template.ts) instead of an empty folder.
  if (!cfg.DATABASE_URL && !fs.existsSync(pgliteFolderOf(cfg.dataDir))) copyPgliteTemplate(cfg.dataDir);
  // The sandbox providers' notices are delivered only when a test asks for it (deliverNotices: true, or by hand
  // through the gateway's deliver()): a background delivery would write events while a test checks that a
  // refused request wrote nothing.
  // Background senders that write events on their own timers (web push passes, chat emails) are off unless a test
  // asks (backgroundSenders: true): they would move the log while a test checks that a refused request wrote
  // nothing. Tests that need them call their tick().
  const quiet = options.backgroundSenders ? {} : { pushIntervalMs: 0, chatEmailIntervalMs: 0 };
  const serveApps = options.serveApps ?? false;
  const server = await startServer(cfg, { serveApps, ...(serveApps ? { appsDir: builtAppsDir() } : {}), log: () => {}, deliverNotices: options.deliverNotices ?? false, liveMedia: options.liveMedia, ...quiet, ...(options.deliveryIntervalMs ? { deliveryIntervalMs: options.deliveryIntervalMs } : {}) });
  const port = (server.app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    server,
    base,
    dataDir,
    adminEmail: cfg.FANCLUB_ADMIN_EMAIL,
    adminPassword,
    async call(method, url, body, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.authorization = opts.token;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + url, { method, headers, body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      // The auditor's check after every test server: the event log, the money reports and the provider agree.
      const problems = options.ledgerCheck === false ? [] : await ledgerProblems(server);
      await server.close();
      await s3?.stop();
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (problems.length) throw new Error(`Ledger check failed:\n${problems.join('\n')}`);
    },
  };
}

/** The auditor's check a test server runs when it closes: what disagrees (empty when the books agree). */
export async function ledgerProblems(server: RunningServer): Promise<string[]> {
  const { store, runner, database } = server.services;
  const head = await store.headPosition();
  // 90 s: on a loaded 2-core CI machine a suite's last media renders and background passes may still be applying.
  if (head && !(await runner.waitFor(head, 90_000))) return ['the read models did not catch up with the event log within 90 s'];
  // The providers' books as `npm run ledger` reads them: the sandboxes', and each real provider's for the payments sent to it.
  const books = providerBooks({
    database,
    cardProvider: async (name) => (name === 'ccbill' || name === 'sticky-io' ? server.services.cardProviders[name] : null),
    forumpay: async () => server.services.cryptoProviders.forumpay,
  });
  const report = await checkLedger(store, database.db, books.cardNetCents, books.cryptoReceived);
  return [...report.problems, ...books.unreadable.map((u) => `${u.provider}'s books could not be read: ${u.reason}`)];
}

export const TEST_CARD_FORM = {
  email: 'fan@example.com',
  address: '1 Main Street',
  country: 'us',
  state: 'NY',
  city: 'New York',
  pincode: '10001',
  firstName: 'Fan',
  lastName: 'One',
  cvv: '123',
  month: '12',
  year: String(new Date().getFullYear() + 2),
};

// Wires one Fanclub process: database + event store, projections, adapters, the HTTP app, background work.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../infra/config';
import { openEventStoreFromConfig } from '../infra/eventstore/open';
import { createProjectionRunner } from '../projections/runner';
import { allProjections } from '../projections';
import { createSandboxCardGateway } from '../infra/payments/sandbox-card-gateway';
import { createLocalDiskStorage } from '../infra/storage/local-disk';
import { createIdempotencyStore } from '../infra/idempotency/store';
import { createMailer } from '../infra/mail/mailer';
import { bootstrap, type BootstrapResult } from '../commands/bootstrap';
import { resumeUnfinishedPayments } from '../commands/recovery';
import { startMediaWorker, type MediaWorker } from '../commands/media-jobs';
import { buildApp } from './app';
import type { Services } from './services';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The signing secret: from FANCLUB_SECRET, else generated once and kept in the data folder. */
function signingSecret(cfg: Config): string {
  if (cfg.FANCLUB_SECRET) return cfg.FANCLUB_SECRET;
  const file = path.join(cfg.dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(cfg.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  firstStart: BootstrapResult;
  close(): Promise<void>;
}

export async function startServer(cfg: Config, options: { clock?: () => Date; serveApps?: boolean; log?: (m: string) => void } = {}): Promise<RunningServer> {
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
  const close = async () => {
    timers.forEach(clearInterval);
    await app?.close().catch(() => {});
    await mediaWorker?.stop().catch(() => {});
    await runner.stop().catch(() => {});
    await opened.close();
  };
  try {
    await runner.migrate();
    await runner.start();
    const services: Services = {
      config: cfg,
      database,
      store,
      runner,
      gateway: await createSandboxCardGateway(database),
      storage: createLocalDiskStorage(path.join(cfg.dataDir, 'files'), signingSecret(cfg)),
      idempotency: await createIdempotencyStore(database),
      mailer: await createMailer(database, { smtpUrl: cfg.SMTP_URL, from: cfg.MAIL_FROM, log: (m) => log(`[mail] ${m}`) }),
      clock,
      staticRoots: options.serveApps === false ? undefined : { fan: path.join(ROOT, 'web-fan/dist'), admin: path.join(ROOT, 'web-admin/dist') },
    };
    // Renders uploads in the background (videos always; photos whose inline attempt failed) and resumes, on
    // start-up, whatever a previous process left 'processing'.
    mediaWorker = startMediaWorker({ store, db: database.db, storage: services.storage, now: clock, log: (m) => log(`[media] ${m}`) });
    const firstStart = await bootstrap(store, services.storage, { adminEmail: cfg.FANCLUB_ADMIN_EMAIL, adminPassword: cfg.FANCLUB_ADMIN_PASSWORD, demo: cfg.FANCLUB_DEMO });
    if (firstStart.ctx.lastPosition) await runner.waitFor(firstStart.ctx.lastPosition, 30_000);

    const resume = () =>
      resumeUnfinishedPayments(database.db, store, services.gateway, { olderThanMs: 30_000, now: clock, log: (m) => log(`[payments] ${m}`) }).catch((e) =>
        console.error('[payments] recovery failed:', e),
      );
    // On start-up every unfinished payment is resumed at once (a crash left it); later only stale ones.
    await resumeUnfinishedPayments(database.db, store, services.gateway, { olderThanMs: 0, now: clock, log: (m) => log(`[payments] ${m}`) });
    timers.push(setInterval(resume, 60_000).unref());

    app = await buildApp(services);
    const address = await app.listen({ port: cfg.PORT, host: cfg.HOST });
    const port = (app.server.address() as { port: number }).port;
    return { app, services, url: cfg.FANCLUB_PUBLIC_URL ?? `http://localhost:${port}`, firstStart, close, ...(address ? {} : {}) };
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
}

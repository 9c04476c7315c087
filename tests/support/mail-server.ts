// A whole Fanclub server that mails through a real SMTP server (./smtp.ts), for the suites of the background mails
// (the shop's, chat booking's): the site's public address and staff address set, PGlite from the run's template or a
// fresh database on the Postgres server, the admin signed in, background passes left to the test's ticks, and what
// those suites share — HTTP calls, waiting for the read models, the mails to one address, a restart on the same data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { startSmtpCapture, type ReceivedMail, type SmtpCapture } from './smtp';
import type { Backend } from './server';
import { copyPgliteTemplate, pgliteFolderOf } from './pglite-template';
import { createTestDatabase } from './postgres';

/** The site's public address the mails link to. */
export const MAIL_SITE = 'https://fans.example.test';
const ADMIN_PASSWORD = 'admin-password-123';

export const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? '';
/** The mail's text with plain line breaks. */
export const textOf = (m: ReceivedMail) => m.text.replace(/\r\n/g, '\n');

export interface MailTestServer {
  /** The server now running (a restart replaces it). */
  readonly server: RunningServer;
  smtp: SmtpCapture;
  admin: { token: string; id: string };
  call(method: string, url: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /** Waits until the read models have every event written so far. */
  settle(): Promise<void>;
  mailsTo(email: string): ReceivedMail[];
  /** Closes the server and starts another on the same data; answers it. */
  restart(): Promise<RunningServer>;
  close(): Promise<void>;
}

export async function startMailTestServer(backend: Backend, o: {
  /** The staff address (FANCLUB_ADMIN_EMAIL: the admin's login, and where staff mails go). */
  adminEmail: string;
  /** Names the data folder. */
  folder: string;
  /** Extra start options (e.g. a booking pass that runs only when ticked). */
  start?: Parameters<typeof startServer>[1];
}): Promise<MailTestServer> {
  const smtp = await startSmtpCapture();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${o.folder}-`));
  const db = backend === 'postgres' ? await createTestDatabase() : null;
  const env = {
    PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: dataDir, FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'silent',
    FANCLUB_LIVE: 'off', FANCLUB_SETUP_WIZARD: 'false', SMTP_URL: smtp.url, FANCLUB_PUBLIC_URL: `${MAIL_SITE}/`, MAIL_FROM: 'Fanclub <no-reply@fans.example.test>',
    FANCLUB_ADMIN_EMAIL: o.adminEmail, ...(db ? { DATABASE_URL: db.url } : {}),
  };
  const cfg = loadConfig(env);
  if (!cfg.DATABASE_URL && !fs.existsSync(pgliteFolderOf(cfg.dataDir))) copyPgliteTemplate(cfg.dataDir);
  // The mail passes (and web push) run only when a test ticks them.
  const start = () => startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false, pushIntervalMs: 0, chatEmailIntervalMs: 0, ...o.start });
  let server = await start();
  const base = () => `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const call: MailTestServer['call'] = async (method, url, body, token, headers = {}) => {
    const res = await fetch(base() + url, {
      method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() as any };
  };
  const login = await call('POST', '/api/users/login', { email: o.adminEmail, password: ADMIN_PASSWORD });
  const admin = { token: login.body.data.token as string, id: login.body.data.userId as string };
  return {
    get server() {
      return server;
    },
    smtp,
    admin,
    call,
    async settle() {
      const head = await server.services.store.headPosition();
      if (head && !(await server.services.runner.waitFor(head, 60_000))) throw new Error('the read models did not catch up within 60 s');
    },
    mailsTo: (email) => smtp.received.filter((m) => m.to.includes(email)),
    async restart() {
      await server.close();
      server = await start();
      return server;
    },
    async close() {
      await server.close();
      await smtp.close();
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

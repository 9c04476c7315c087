// What the money-under-stress files share (tests/payments/*-money.test.ts): a Fanclub process of its own on a PGlite
// folder (so it can be killed for real and started again on the same data), a stable webhook address in front of
// it (a provider's webhook URL outlives the process), the `npm run ledger` CLI on that folder, and the site a
// purchase needs (the admin, a fan with a complimentary membership, locked posts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { expect } from 'vitest';
import { startChildServer, type ChildServer } from './child-server';
import { copyPgliteTemplate, pgliteFolderOf } from './pglite-template';

const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'admin-password-123';

export type Answer = { status: number; body: any; headers: Headers };

export async function call(base: string, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A Fanclub process on one PGlite folder, started again on the same folder after it is killed. */
export interface KillableSite {
  dataDir: string;
  env: Record<string, string>;
  /** The running process (a new one after restart()). */
  child: ChildServer;
  /** Where the provider's webhooks go: forwards to whichever process runs now. */
  webhookBase: string;
  /** Starts the next process; `processEnv` (e.g. FANCLUB_FAILPOINT) applies to it alone. */
  start(processEnv?: Record<string, string>): Promise<ChildServer>;
  /** SIGKILL, as a power cut. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function startKillableSite(env: Record<string, string>, firstProcessEnv: Record<string, string> = {}): Promise<KillableSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-money-'));
  copyPgliteTemplate(dataDir);
  expect(fs.existsSync(pgliteFolderOf(dataDir))).toBe(true);
  const fullEnv = { PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: dataDir, FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'silent', FANCLUB_LIVE: 'off', ...env };
  let child: ChildServer | null = null;
  const relay = http.createServer((req, res) => {
    const target = child ? new URL(req.url ?? '/', child.child.exitCode === null && child.child.signalCode === null ? child.base : 'http://127.0.0.1:1') : null;
    if (!target) {
      res.writeHead(503).end();
      return;
    }
    const out = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const site: KillableSite = {
    dataDir,
    env: fullEnv,
    get child() {
      if (!child) throw new Error('the site is not running');
      return child;
    },
    webhookBase: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    async start(processEnv = {}) {
      child = await startChildServer(fullEnv, processEnv);
      return child;
    },
    async kill() {
      await child?.kill();
    },
    async close() {
      await child?.kill();
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await site.start(firstProcessEnv);
  return site;
}

/** Runs `npm run ledger` (tsx) with the given environment on top of this process's, minus any store settings. */
export function runLedger(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'FANCLUB_DATA_DIR', 'EVENT_STORE'].includes(k))) as Record<string, string>;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'projections/ledger-cli.ts'], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The admin's token, a fan with a complimentary membership (locked posts may be bought), and a locked post maker. */
export async function siteForPurchases(base: () => string, fanName: string) {
  const post = (url: string, body: unknown, token?: string) => call(base(), 'POST', url, body, token);
  const admin = (await post('/api/users/login', { email: 'admin@fanclub.local', password: ADMIN_PASSWORD })).body.data.token as string;
  const email = `${fanName.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const registered = await post('/api/users/register', { name: fanName, email, password: `${fanName} password 1` });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const fan = registered.body.data.token as string;
  expect((await post('/api/admin/give_complimentary_subscription', { user_id: registered.body.data.userId, months: 1 }, admin)).status).toBe(200);
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const presign = (await post('/api/upload/generate_presigned_url', { file_name: 'c.jpg', content_type: 'image/jpeg' }, admin)).body.data;
  expect((await fetch(base() + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
  const mediaId = (await post('/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id as string;
  let n = 0;
  const lockedPost = async (dollars: number) => {
    const created = await post('/api/blogs', { caption: `Locked ${++n}`, visibility: 'locked', amount: dollars, media_ids: [mediaId] }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data._id as string;
  };
  return { admin, fan, lockedPost };
}

// Two API nodes on one fresh Postgres database, for the races that must hold across processes: this test's process
// runs one whole server (its own projection runner), a child process the other (./child-server.ts). The admin is
// signed in on the child; `settle` waits for this node's read models, and `ledgerProblems` is the auditor's check
// against the sandbox gateways' books.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { checkLedger } from '../../projections/ledger-check';
import { sandboxNetCents } from '../../infra/payments/sandbox-card-gateway';
import { sandboxCryptoReceived } from '../../infra/payments/sandbox-crypto-gateway';
import { createTestDatabase } from './postgres';
import { startChildServer } from './child-server';

/** One HTTP call to a node's base address. */
export async function call(base: string, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() as any };
}

export interface TwoNodes {
  /** This process's node (its services: the store, the database, the runner). */
  server: RunningServer;
  /** The nodes' base addresses: this process's, then the child's. */
  nodes: [string, string];
  /** The admin's token, signed in on the child. */
  admin: string;
  /** Waits until this node's read models have every event written so far. */
  settle(): Promise<void>;
  /** The auditor's check against the sandbox gateways' books: what disagrees (empty when the books agree). */
  ledgerProblems(): Promise<string[]>;
  /** Stops both nodes, drops the database and the data folders. */
  close(): Promise<void>;
}

/** `name` names the temp folders and the instance secret. */
export async function startTwoNodes(name: string): Promise<TwoNodes> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `fanclub-${name}-nodes-`));
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const env = {
      PORT: '0', HOST: '127.0.0.1', FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent',
      FANCLUB_SETUP_WIZARD: 'false', FANCLUB_SECRET: `${name}-two-nodes-secret-0123456789abcdef`, DATABASE_URL: db.url,
    };
    const server = await startServer(loadConfig({ ...env, FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'a-')), FANCLUB_INSTANCE_ID: 'node-a' }), {
      serveApps: false, log: () => {}, deliverNotices: false, pushIntervalMs: 0, chatEmailIntervalMs: 0,
    });
    cleanups.push(() => server.close());
    const a = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const nodeB = await startChildServer({ ...env, FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'b-')), FANCLUB_INSTANCE_ID: 'node-b' });
    cleanups.push(nodeB.kill);
    const { store, database, runner } = server.services;
    const admin = (await call(nodeB.base, 'POST', '/api/users/login', { email: 'admin@fanclub.local', password: 'admin-password-123' })).body.data.token as string;
    return {
      server,
      nodes: [a, nodeB.base],
      admin,
      async settle() {
        const head = await store.headPosition();
        if (head && !(await runner.waitFor(head, 60_000))) throw new Error("this node's read models did not catch up within 60 s");
      },
      async ledgerProblems() {
        return (await checkLedger(store, database.db, () => sandboxNetCents(database), () => sandboxCryptoReceived(database))).problems;
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

// Starts a real Fanclub server (PGlite in a temp folder, or a fresh database on the Postgres server) for a
// test file, and gives it a small typed HTTP client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { createTestDatabase } from './postgres';

export type Backend = 'pglite' | 'postgres';

export interface TestServer {
  server: RunningServer;
  base: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  call: (method: string, url: string, body?: unknown, opts?: { token?: string; headers?: Record<string, string>; raw?: BodyInit }) => Promise<{ status: number; body: any; headers: Headers }>;
  close: () => Promise<void>;
}

export async function startTestServer(backend: Backend, env: Record<string, string> = {}, options: { serveApps?: boolean } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-test-'));
  const db = backend === 'postgres' ? await createTestDatabase() : null;
  const adminPassword = 'admin-password-123';
  const cfg = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    FANCLUB_DATA_DIR: dataDir,
    FANCLUB_DEMO: 'false',
    FANCLUB_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'silent',
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...env,
  });
  const server = await startServer(cfg, { serveApps: options.serveApps ?? false, log: () => {} });
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
      await server.close();
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_CARD_FORM = {
  email: 'fan@example.com',
  address: '1 Main Street',
  country: 'us',
  pincode: '10001',
  firstName: 'Fan',
  lastName: 'One',
  cvv: '123',
  month: '12',
  year: String(new Date().getFullYear() + 2),
};

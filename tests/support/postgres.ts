// Helpers for suites that need the Postgres server. Outside CI a missing server skips those suites; with
// CI=true it fails them, because a CI run that silently skipped the server would prove nothing.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export function postgresServerUrl(): string {
  return process.env.FANCLUB_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function isPostgresServerAvailable(url = postgresServerUrl()): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * true when the server answers; false (skip) when it does not and we are not in CI; throws when CI=true,
 * so that the suite fails instead of skipping.
 */
export async function requirePostgresServer(): Promise<boolean> {
  if (await isPostgresServerAvailable()) return true;
  const message = `The Postgres server at ${redactUrl(postgresServerUrl())} does not answer (set FANCLUB_TEST_PG_URL or start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start)`;
  if (process.env.CI === 'true') throw new Error(`${message}. CI=true: Postgres suites must run, not skip.`);
  console.warn(`${message}; skipping the Postgres server suites.`);
  return false;
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/** Creates a fresh database (fanclub_t_<random>) on the server; drop() removes it, even with open connections. */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const adminUrl = postgresServerUrl();
  const name = `fanclub_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

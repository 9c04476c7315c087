// `npm run worker` on another "machine": the API node renders nothing (FANCLUB_MEDIA_WORKER=off);
// a separate worker process sharing the Postgres database, the S3 bucket (a real S3-protocol server) and the
// Kafka broker renders the uploads: one waiting from before it started (found in the read model) and one
// announced on the bus afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requirePostgresServer } from '../support/postgres';
import { requireKafka } from '../support/kafka';
import { startTestServer, type TestServer } from '../support/server';
import { makeTestVideo, mediaRow, uploadOverHttp, waitForMediaStatus } from '../media/support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const brokers = (await requirePostgresServer()) ? await requireKafka() : null;

describe.skipIf(!brokers)('media rendering by a separate worker process', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestServer;
  let worker: ChildProcess | null = null;
  let admin: string;
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const env = () => ({ database: t.server.services.database, store: t.server.services.store, runner: t.server.services.runner });

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestServer('pglite', { DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix, FANCLUB_MEDIA_WORKER: 'off', FANCLUB_SECRET: randomBytes(24).toString('hex') }, { s3: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await t?.close();
    await db?.drop();
  });

  it('renders what waited before it started and what is announced after', async () => {
    const before = await uploadOverHttp(t.base, admin, 'before.mp4', 'video/mp4', await makeTestVideo({ seconds: 1, size: '320x240' }));
    // Nobody renders yet: the API node's own worker is off.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mediaRow(env(), before.id))?.status).toBe('processing');

    const c = t.server.services.config;
    worker = spawn(process.execPath, ['--import', 'tsx', 'api/worker.ts'], {
      cwd: root,
      env: {
        ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: brokers!, KAFKA_TOPIC_PREFIX: prefix, FANCLUB_INSTANCE_ID: 'worker-1', FANCLUB_SECRET: c.FANCLUB_SECRET,
        S3_BUCKET: c.S3_BUCKET, S3_ENDPOINT: c.S3_ENDPOINT, S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY, S3_REGION: c.S3_REGION,
      } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker did not start: ${output}`)), 60_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('Fanclub worker is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      worker!.stdout!.on('data', onData);
      worker!.stderr!.on('data', onData);
      worker!.on('exit', (code) => reject(new Error(`the worker exited (${code}): ${output}`)));
    });
    expect(output).toContain('taking announcements from Kafka');
    expect((await waitForMediaStatus(env(), before.id, 'ready', 120_000)).status).toBe('ready');

    const after = await uploadOverHttp(t.base, admin, 'after.mp4', 'video/mp4', await makeTestVideo({ seconds: 1, size: '320x240' }));
    expect((await waitForMediaStatus(env(), after.id, 'ready', 120_000)).status).toBe('ready');
  });
});

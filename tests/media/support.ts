// Shared pieces of the media suites: a real PGlite database with the media read model, temp local-disk storage,
// and small real files made with ffmpeg and sharp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { openPglite, type Database } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createLocalDiskStorage, type FileStorage } from '../../infra/storage/local-disk';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/runner';
import { mediaProjection, mediaByIds, type MediaRow } from '../../projections/media';
import { runFfmpeg } from '../../infra/media/video';
import { stagingKey } from '../../commands/content';

export interface MediaEnv {
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  close(): Promise<void>;
}

const silent = { info: () => {}, error: () => {} };

/** PGlite (in memory, or in `dataDir` to survive a "restart") with the media projection running. */
export async function openMediaEnv(dataDir?: string): Promise<MediaEnv> {
  const database = await openPglite(dataDir);
  const store = await createPostgresEventStore(database, { pollIntervalMs: 20 });
  const runner = createProjectionRunner({ database, store, projections: [mediaProjection], logger: silent, pollIntervalMs: 20 });
  await runner.migrate();
  await runner.start();
  return {
    database,
    store,
    runner,
    async close() {
      await runner.stop().catch(() => {});
      await store.close().catch(() => {});
      await database.close();
    },
  };
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `fanclub-${prefix}-`));

export const tempStorage = (root = tempDir('media-files')): FileStorage => createLocalDiskStorage(root, 'test-secret');

/** A real MP4 (H.264 test pattern + a sine tone) made with ffmpeg. */
export async function makeTestVideo(options: { seconds?: number; size?: string } = {}): Promise<Buffer> {
  const dir = tempDir('clip');
  const file = path.join(dir, 'clip.mp4');
  const seconds = options.seconds ?? 3;
  const r = await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${options.size ?? '640x360'}:rate=25`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  if (r.code !== 0) throw new Error(`ffmpeg could not make the test clip: ${r.stderr.slice(-500)}`);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

export const makeTestImage = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();

/** Puts `bytes` in staging the way a signed PUT does, and returns the staging key. */
export async function stage(storage: FileStorage, fileName: string, bytes: Buffer): Promise<string> {
  const key = stagingKey(randomUUID(), fileName);
  await storage.put(key, bytes);
  return key;
}

/** The media row once projections have caught up with everything written so far. */
export async function mediaRow(env: Pick<MediaEnv, 'database' | 'store' | 'runner'>, mediaId: string): Promise<MediaRow | undefined> {
  const head = await env.store.headPosition();
  if (head) await env.runner.waitFor(head, 10_000);
  return (await mediaByIds(env.database.db, [mediaId])).get(mediaId);
}

/** Uploads a file over HTTP as the console does: presigned URL, raw PUT, then POST /api/media. Returns the media id. */
export async function uploadOverHttp(base: string, token: string, fileName: string, contentType: string, bytes: Buffer): Promise<{ id: string; status: string; stagingKey: string }> {
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
  const presign = await json(
    await fetch(`${base}/api/upload/generate_presigned_url`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: fileName, content_type: contentType, media_type: 'blog', file_size: bytes.length }),
    }),
  );
  if (presign.status !== 200) throw new Error(`presign: ${presign.status} ${JSON.stringify(presign.body)}`);
  const put = await fetch(base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const saved = await json(
    await fetch(`${base}/api/media`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: presign.body.data.file_name, content_type: contentType }),
    }),
  );
  if (saved.status !== 201) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { id: saved.body.data.id, status: saved.body.data.status, stagingKey: presign.body.data.file_name };
}

/** Waits until the media row has `status` (the server's own media worker renders in the background). */
export async function waitForMediaStatus(env: Pick<MediaEnv, 'database' | 'store' | 'runner'>, mediaId: string, status: MediaRow['status'], timeoutMs = 90_000): Promise<MediaRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await mediaRow(env, mediaId);
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`media ${mediaId} is ${row?.status ?? 'missing'} (${row?.error ?? ''}), not ${status}, after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Mean absolute difference per channel value between the same region of two images (0: identical). */
export async function regionDifference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const raw = (img: Buffer) => sharp(img).extract(region).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

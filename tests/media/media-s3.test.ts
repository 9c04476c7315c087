// The real server with its media in S3 (a real s3rver started for the test, S3_* settings): an upload streams
// through the app's signed PUT into the bucket, is processed, and the original is served through the app's
// signed URL (entitlement stays in the app; the browser never talks to the bucket); a bad signature is 403.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server';
import { makeTestImage, mediaRow, uploadOverHttp } from './support';

describe('media in S3 (s3rver) behind the app', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { s3: true });
    token = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('upload → process → serve the original through a signed URL; a bad signature is 403', async () => {
    const upload = await makeTestImage(900, 600);
    const saved = await uploadOverHttp(t.base, token, 'beach.jpg', 'image/jpeg', upload);
    expect(saved.status).toBe('ready');
    const { storage } = t.server.services;
    // The upload went to the bucket, not to the data folder.
    expect((await storage.read(saved.stagingKey)).equals(upload)).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

    const media = await t.call('GET', `/admin-api/media/${saved.id}`, undefined, { token });
    expect(media.status).toBe(200);
    expect(media.body.url).toMatch(new RegExp(`^/media/originals/${saved.id}\\.jpg\\?exp=\\d+&sig=`));
    const res = await fetch(t.base + media.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await res.arrayBuffer());
    const row = (await mediaRow(t.server.services, saved.id))!;
    expect(served.equals(await storage.read(row.original_key!))).toBe(true);
    expect(await sharp(served).metadata()).toMatchObject({ width: 900, height: 600, format: 'jpeg' });

    const part = await fetch(t.base + media.body.url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(served.subarray(10, 20))).toBe(true);

    const bad = new URL(media.body.url, t.base);
    const sig = bad.searchParams.get('sig')!;
    bad.searchParams.set('sig', sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A'));
    const forged = await fetch(bad);
    expect(forged.status).toBe(403);
    expect((await forged.json()).message).toBe('You do not have access to this file.');
    expect((await fetch(`${t.base}/media/${row.original_key}`)).status).toBe(403);
    // The blurred preview is public.
    expect((await fetch(`${t.base}${media.body.blur_url}`)).status).toBe(200);
  });
});

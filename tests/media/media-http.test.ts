// Over HTTP with a real server (PGlite): a video upload answers at once with status 'processing'; a post made
// from it is 'processing' (hidden) until the media worker has rendered it, then shows with playable media.
// startTestServer does not start the worker (api/server.ts wires it), so the test starts one on the server's
// services.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaWorker, type MediaWorker } from '../../commands/media-jobs';
import { mediaWorkerReads } from '../../api/media-reads';
import { probeVideo } from '../../infra/media/video';
import { startTestServer, type TestServer } from '../support/server';
import { makeTestVideo, makeTestImage, tempDir } from './support';

describe('video upload and post over HTTP (pglite)', () => {
  let t: TestServer;
  let token: string;
  let worker: MediaWorker | null = null;

  const upload = async (fileName: string, contentType: string, bytes: Buffer) => {
    const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: fileName, content_type: contentType, media_type: 'blog' }, { token });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    const saved = await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: contentType }, { token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return saved.body.data as { id: string; status: string };
  };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    const login = await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword });
    token = login.body.data.token;
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('an image upload still answers ready at once (processed inline)', async () => {
    const saved = await upload('photo.jpg', 'image/jpeg', await makeTestImage(800, 600));
    expect(saved.status).toBe('ready');
  });

  it('a video post is processing until the worker is done, then visible with a playable MP4', async () => {
    const saved = await upload('clip.mp4', 'video/mp4', await makeTestVideo({ seconds: 3 }));
    expect(saved.status).toBe('processing');
    const created = await t.call('POST', '/api/blogs', { caption: 'New clip', visibility: 'public', media_ids: [saved.id] }, { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.data._id;

    const before = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ processing: true, isError: false, blogType: 'video' });
    expect(before.body.data.media[0]).toMatchObject({ content_type: 'video', url: null, blur_url: '' });

    const { services } = t.server;
    worker = startMediaWorker({ store: services.store, reads: mediaWorkerReads(services.database.db), storage: services.storage, renderer: services.renderer, intervalMs: 200 });
    expect(await worker.drain(60_000)).toBe(true);

    const after = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token });
    expect(after.body.data).toMatchObject({ processing: false, isError: false });
    const media = after.body.data.media[0];
    expect(media).toMatchObject({ content_type: 'video', width: 640, height: 360, video_duration: 3 });
    expect(media.url).toMatch(/^\/media\/originals\/[0-9a-f-]{36}\.mp4\?exp=\d+&sig=/);
    expect(media.blur_url).toMatch(/^\/media\/blur\/[0-9a-f-]{36}\.jpg$/);

    const res = await fetch(t.base + media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const file = path.join(tempDir('http-readback'), 'web.mp4');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const info = await probeVideo(file);
    expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 640, height: 360 });
    expect(info!.durationSeconds).toBeCloseTo(3, 0);
    expect((await fetch(t.base + media.blur_url)).status).toBe(200);
  });

  it('a corrupt video makes its post an error post, after the retries', async () => {
    const saved = await upload('broken.mov', 'video/quicktime', Buffer.from('not a movie '.repeat(100)));
    expect(saved.status).toBe('processing');
    const created = await t.call('POST', '/api/blogs', { caption: 'Broken clip', visibility: 'public', media_ids: [saved.id] }, { token });
    const postId = created.body.data._id;
    await worker?.stop();
    const { services } = t.server;
    worker = startMediaWorker({ store: services.store, reads: mediaWorkerReads(services.database.db), storage: services.storage, renderer: services.renderer, intervalMs: 100, retryBaseMs: 20 });
    expect(await worker.drain(60_000)).toBe(true);
    const after = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token });
    expect(after.body.data).toMatchObject({ processing: false, isError: true });
    const media = await t.call('GET', '/admin-api/media', undefined, { token });
    expect(media.body.find((m: any) => m.id === saved.id)).toMatchObject({ status: 'error' });
  });
});

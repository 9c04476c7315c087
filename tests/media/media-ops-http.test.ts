// Media operations over HTTP against a real server (PGlite, local disk, its own media worker, real sharp and
// ffmpeg): byte ranges on /media, the upload size limit, Rotate Image, Refresh Blur Image, Send Video Process
// Request (an errored video rendered again ends ready), and public theme images.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createPost } from '../../commands/content';
import { commandContext, handle } from '../../commands/handle';
import { mediaDecider, mediaStream } from '../../domain/media/media';
import { currentSettings } from '../../projections/settings';
import { startTestServer, type TestServer } from '../support/server';
import { makeTestVideo, mediaRow, uploadOverHttp, waitForMediaStatus } from './support';

/** Left half red, right half blue: a rotation shows in which half is where. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#0000ff' } }, left: width / 2, top: 0 }])
    .jpeg()
    .toBuffer();

/** The colour at (x, y): 'red', 'blue' or 'other'. */
async function colourAt(image: Buffer, x: number, y: number): Promise<string> {
  const px = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return px[0] > 200 && px[2] < 60 ? 'red' : px[2] > 200 && px[0] < 60 ? 'blue' : 'other';
}

describe('media operations over HTTP (pglite)', () => {
  let t: TestServer;
  let token: string;
  let adminId: string;
  let photoId: string;
  let videoId: string;
  let postId: string;
  const env = () => t.server.services;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(t.base + path, { headers });
  const post = (path: string, body: unknown) => t.call('POST', path, body, { token });
  const newPost = async (mediaIds: string[]) => {
    const ctx = commandContext(env().store, { userId: adminId, role: 'admin' });
    const { postId: id } = await createPost(ctx, await currentSettings(env().database.db), { authorId: adminId, caption: 'Ops', visibility: 'public', amountDollars: null, mediaIds });
    await env().runner.waitFor(ctx.lastPosition!);
    return id;
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', { FANCLUB_MAX_UPLOAD_MB: '1' });
    token = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    adminId = (await t.call('GET', '/api/users/me', undefined, { token })).body.data._id;
    photoId = (await uploadOverHttp(t.base, token, 'halves.jpg', 'image/jpeg', await halves(400, 300))).id;
    videoId = (await uploadOverHttp(t.base, token, 'clip.mp4', 'video/mp4', await makeTestVideo({ seconds: 1, size: '320x240' }))).id;
    await waitForMediaStatus(env(), photoId, 'ready');
    await waitForMediaStatus(env(), videoId, 'ready');
    postId = await newPost([photoId, videoId]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves byte ranges of a video (206 with Content-Range, 416 when unsatisfiable), so players can seek', async () => {
    const row = (await mediaRow(env(), videoId))!;
    const url = env().storage.signedGetUrl(row.original_key!, 300);
    const full = await get(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await full.arrayBuffer());
    const size = bytes.length;
    expect(Number(full.headers.get('content-length'))).toBe(size);

    for (const [header, start, end] of [['bytes=0-1', 0, 1], ['bytes=100-', 100, size - 1], ['bytes=-50', size - 50, size - 1], [`bytes=10-${size + 99}`, 10, size - 1]] as const) {
      const res = await get(url, { range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      const part = Buffer.from(await res.arrayBuffer());
      expect(part.length).toBe(end - start + 1);
      expect(part.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await get(url, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();
    const several = await get(url, { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(size);
    // A range does not get around the signature.
    // (Flip the signature's first character to a different one: replacing it with a fixed 'A' left it unchanged 1 time in 64.)
    const forged = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(url);
    expect((await get(forged, { range: 'bytes=0-1' })).status).toBe(403);
  });

  it('refuses a file over FANCLUB_MAX_UPLOAD_MB: when asking for the address, and on the PUT; nothing is stored', async () => {
    const presign = await post('/api/upload/generate_presigned_url', { file_name: 'big.mp4', content_type: 'video/mp4', file_size: 2 * 1024 * 1024 });
    expect(presign.status).toBe(400);
    expect(presign.body).toMatchObject({ message: 'File big.mp4 size is too large.', field: 'file_size' });

    const ok = await post('/api/upload/generate_presigned_url', { file_name: 'big.mp4', content_type: 'video/mp4' });
    expect(ok.body.data.max_upload_bytes).toBe(1024 * 1024);
    const key: string = ok.body.data.file_name;
    const tooBig = randomBytes(1024 * 1024 + 1);
    const put = await fetch(t.base + ok.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(tooBig) });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ message: 'File big.mp4 size is too large.', field: 'file_size' });
    expect(await env().storage.exists(key)).toBe(false);

    // Without a Content-Length (chunked), the body is cut off once it passes the limit.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 24; i++) controller.enqueue(new Uint8Array(randomBytes(64 * 1024)));
        controller.close();
      },
    });
    const put2 = await fetch(t.base + ok.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: chunked, duplex: 'half' } as RequestInit);
    expect(put2.status).toBe(400);
    expect(await put2.json()).toMatchObject({ message: 'File big.mp4 size is too large.', field: 'file_size' });
    expect(await env().storage.exists(key)).toBe(false);

    // The body is the file whatever the Content-Type says.
    const fits = await fetch(t.base + ok.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: new Uint8Array(randomBytes(1024 * 1024)) });
    expect(fits.status).toBe(200);
    expect(await env().storage.size(key)).toBe(1024 * 1024);
  });

  it('rotates a photo of a post right and left: new files under new keys, turned, and MediaRotated recorded', async () => {
    const before = (await mediaRow(env(), photoId))!;
    const right = await post('/api/upload/rotate_image', { id: postId, type: 'blog', rotate_angle: 90, imageIndex: 0, format: 'classic' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body).toMatchObject({ success: 1, message: 'Image rotated successfully.', data: { _id: photoId, width: 300, height: 400 } });
    expect(right.body.data.url).toMatch(new RegExp(`^/media/originals/${photoId}-v1\\.jpg\\?exp=\\d+&sig=`));
    expect(right.body.data.blur_url).toBe(`/media/blur/${photoId}-v1.jpg`);
    const turned = Buffer.from(await (await get(right.body.data.url)).arrayBuffer());
    expect(await sharp(turned).metadata()).toMatchObject({ width: 300, height: 400 });
    // Turned clockwise: the left (red) half is now on top.
    expect(await colourAt(turned, 150, 50)).toBe('red');
    expect(await colourAt(turned, 150, 350)).toBe('blue');
    const thumb = await get(right.body.data.thumbnail_url);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 400 });
    expect((await get(right.body.data.blur_url)).status).toBe(200);
    // The old files stay for links already handed out.
    expect(await env().storage.exists(before.original_key!)).toBe(true);
    expect((await mediaRow(env(), photoId))!).toMatchObject({ original_key: `originals/${photoId}-v1.jpg`, width: 300, height: 400, version: 1, rotation: 90 });

    const left = await post('/api/upload/rotate_modern_image', { id: postId, type: 'blog', rotate_angle: '-90', imageIndex: '0' });
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ width: 400, height: 300 });
    const back = Buffer.from(await (await get(left.body.data.url)).arrayBuffer());
    expect(await colourAt(back, 50, 150)).toBe('red');
    expect(await colourAt(back, 350, 150)).toBe('blue');

    const events = await env().store.readStream(mediaStream(photoId));
    expect(events.filter((e) => e.type === 'MediaRotated').map((e) => [e.data.angle, e.data.rotation, e.data.version])).toEqual([[90, 90, 1], [-90, 0, 2]]);
    expect(events.find((e) => e.type === 'MediaRotated')!.metadata.userId).toBe(adminId);
  });

  it('refuses a bad angle or index, and a video, with Invalid Request (nothing recorded); an unknown post is 404', async () => {
    const count = (await env().store.readStream(mediaStream(photoId))).length;
    for (const [body, field] of [
      [{ id: postId, type: 'blog', rotate_angle: 45, imageIndex: 0 }, 'rotate_angle'],
      [{ id: postId, type: 'blog', rotate_angle: 90, imageIndex: 7 }, 'imageIndex'],
      [{ id: postId, type: 'blog', rotate_angle: 90, imageIndex: -1 }, 'imageIndex'],
      [{ id: postId, type: 'blog', rotate_angle: 90, imageIndex: 1 }, 'imageIndex'], // the video
      // Chat messages are rotated too now: a post's id is not a message.
      [{ id: postId, type: 'message', rotate_angle: 90, imageIndex: 0 }, 'id'],
    ] as const) {
      const r = await post('/api/upload/rotate_image', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ message: 'Invalid Request', field });
    }
    expect((await post('/api/upload/rotate_image', {})).body).toMatchObject({ field: 'id' });
    const unknown = await post('/api/upload/rotate_image', { id: randomUUID(), type: 'blog', rotate_angle: 90, imageIndex: 0 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Invalid Request');
    expect((await env().store.readStream(mediaStream(photoId))).length).toBe(count);
  });

  it('refreshes the blur of every item of the post under new public keys', async () => {
    const r = await post('/api/upload/refresh_blur_picture', { id: postId, type: 'blog', format: 'classic' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Blur image refreshed.');
    expect(r.body.data.media.map((m: { _id: string }) => m._id).sort()).toEqual([photoId, videoId].sort());
    for (const m of r.body.data.media as { _id: string; blur_url: string }[]) {
      expect(m.blur_url).toMatch(new RegExp(`^/media/blur/${m._id}-v\\d+\\.jpg$`));
      const res = await get(m.blur_url); // public: no signature
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');
      expect((await mediaRow(env(), m._id))!.blur_key).toBe(m.blur_url.slice('/media/'.length));
    }
    const again = await post('/api/upload/refresh_blur_modern_picture', { id: postId, type: 'blog' });
    expect(again.status).toBe(200);
    expect((await env().store.readStream(mediaStream(videoId))).filter((e) => e.type === 'MediaBlurRefreshed')).toHaveLength(2);
  });

  it('sends an errored video back to processing; rendered again from the kept upload, it ends ready', async () => {
    const broken = await uploadOverHttp(t.base, token, 'broken.mp4', 'video/mp4', Buffer.from('not a movie at all '.repeat(50)));
    const errPost = await newPost([broken.id]);
    // Give up at once (the worker would retry for a while first).
    const ctx = commandContext(env().store, { userId: null, role: 'system' });
    await handle(ctx, mediaStream(broken.id), mediaDecider, { type: 'RecordProcessingFailure', reason: 'The file is not a readable video.' });
    await waitForMediaStatus(env(), broken.id, 'error');

    // isMassMessage names a mass message: a post's id is none.
    expect((await post('/api/admin/send_video_process_request', { id: errPost, videoFrom: 'blog', isMassMessage: true })).status).toBe(404);
    expect((await post('/api/admin/send_video_process_request', { id: errPost, videoFrom: 'blog', s3FilePath: 'originalVideos/other.mp4' })).body).toMatchObject({ message: 'Invalid Request', field: 's3FilePath' });

    // The kept upload is good again (say, a storage glitch is over).
    await env().storage.put(broken.stagingKey, await makeTestVideo({ seconds: 1, size: '320x240' }));
    const r = await post('/api/admin/send_video_process_request', { id: errPost, videoFrom: 'blog', s3FilePath: 'originalVideos/broken.mp4', shouldGenerateBlurImage: true, isMassMessage: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: 1, message: 'Video processing request sent.', data: { media_ids: [broken.id], processing: true } });
    expect((await mediaRow(env(), broken.id))!).toMatchObject({ status: 'processing', attempts: 0, error: null });

    const row = await waitForMediaStatus(env(), broken.id, 'ready');
    expect(row).toMatchObject({ original_key: `originals/${broken.id}-v1.mp4`, width: 320, height: 240, version: 1 });
    const types = (await env().store.readStream(mediaStream(broken.id))).map((e) => e.type);
    expect(types.slice(types.indexOf('MediaReprocessRequested'))).toEqual(['MediaReprocessRequested', 'MediaProcessed']);
    expect((await get(env().storage.signedGetUrl(row.original_key!, 60))).status).toBe(200);

    // A photo-only post has no video to send.
    const photoPost = await newPost([photoId]);
    expect((await post('/api/admin/send_video_process_request', { id: photoPost, videoFrom: 'blog' })).body).toMatchObject({ message: 'Invalid Request' });
  });

  it('serves theme images and blurred previews without a signature, anything else only with one', async () => {
    const theme = `theme/${randomUUID()}.jpg`;
    await env().storage.put(theme, await halves(40, 20));
    const res = await get(`/media/${theme}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await get(`/media/theme/${randomUUID()}.jpg`)).status).toBe(404);
    const row = (await mediaRow(env(), photoId))!;
    expect((await get(`/media/${row.original_key}`)).status).toBe(403);
    expect((await get(`/media/${row.blur_key}`)).status).toBe(200);
  });
});

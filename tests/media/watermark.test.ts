// The creator's watermark with real images and videos (sharp, ffmpeg): drawn in the chosen corner of photo
// originals and of the web video, never on the blurred preview; set in the console settings and read when the
// media is rendered (inline from the settings stream, by the worker from the settings read model).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { registerUpload } from '../../commands/content';
import { commandContext } from '../../commands/handle';
import { processMedia } from '../../commands/media-jobs';
import { watermarkOf, type Watermark } from '../../domain/media/watermark';
import { DEFAULT_SETTINGS } from '../../domain/settings/settings';
import { renderImage } from '../../infra/media/images';
import { renderVideo } from '../../infra/media/video';
import { mediaRenderer } from '../../infra/media/renderer';
import { startTestServer, type TestServer } from '../support/server';
import { makeTestVideo, mediaRow, openMediaEnv, regionDifference, stage, tempDir, tempStorage, uploadOverHttp, waitForMediaStatus, type MediaEnv } from './support';

const WM: Watermark = watermarkOf({ ...DEFAULT_SETTINGS, enable_watermark: true, watermark_text: 'FANCLUB', watermark_size: 8, watermark_color: '#ffffffcc' })!;

/** A photo with detail (a gradient), so regions differ only where something is drawn. */
const gradient = (width: number, height: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#204080"/><stop offset="1" stop-color="#308040"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`))
    .jpeg()
    .toBuffer();

describe('watermark rendering (sharp, ffmpeg)', () => {
  let env: MediaEnv;
  const storage = tempStorage();
  const admin = () => commandContext(env.store, { userId: 'admin-1', role: 'admin' });

  beforeAll(async () => {
    env = await openMediaEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a processed photo carries the watermark in its corner and nowhere else; the blur is the same as without', async () => {
    const photo = await gradient(1200, 800);
    const process = async (watermark: Watermark | null) => {
      const key = await stage(storage, 'photo.jpg', photo);
      const { mediaId } = await registerUpload(admin(), storage, { stagingKey: key, fileName: 'photo.jpg', contentType: 'image/jpeg', uploadedBy: 'admin-1' }, { processInline: false });
      expect(await processMedia({ store: env.store, storage, renderer: mediaRenderer, watermark: async () => watermark }, mediaId)).toBe('ready');
      return (await mediaRow(env, mediaId))!;
    };
    const plain = await process(null);
    const marked = await process(WM);
    const [a, b] = await Promise.all([storage.read(plain.original_key!), storage.read(marked.original_key!)]);
    expect(await sharp(b).metadata()).toMatchObject({ width: 1200, height: 800 });
    const corner = { left: 1200 - 500, top: 800 - 150, width: 500, height: 150 };
    expect(await regionDifference(a, b, corner)).toBeGreaterThan(10);
    expect(await regionDifference(a, b, { left: 0, top: 0, width: 500, height: 400 })).toBeLessThan(1);
    // The thumbnail is made from the marked original; the blur never is.
    expect(await regionDifference(await storage.read(plain.thumbnail_key!), await storage.read(marked.thumbnail_key!), { left: 720 - 300, top: 480 - 90, width: 300, height: 90 })).toBeGreaterThan(5);
    expect((await storage.read(plain.blur_key!)).equals(await storage.read(marked.blur_key!))).toBe(true);
  });

  it('goes where the position says', async () => {
    const photo = await gradient(600, 400);
    const plain = (await renderImage(photo)).original;
    const topLeft = (await renderImage(photo, { watermark: { ...WM, position: 'top_left' } })).original;
    expect(await regionDifference(plain, topLeft, { left: 0, top: 0, width: 250, height: 80 })).toBeGreaterThan(10);
    expect(await regionDifference(plain, topLeft, { left: 300, top: 250, width: 300, height: 150 })).toBeLessThan(1);
  });

  it('is overlaid on the web video (and so its poster), not on the blur', async () => {
    const dir = tempDir('wm-video');
    const clip = path.join(dir, 'clip.mp4');
    fs.writeFileSync(clip, await makeTestVideo({ seconds: 1, size: '320x240' }));
    const plain = await renderVideo(clip);
    const marked = await renderVideo(clip, { watermark: { ...WM, sizePercent: 10 } });
    expect(marked).toMatchObject({ width: 320, height: 240 });
    expect(await regionDifference(plain.poster, marked.poster, { left: 320 - 150, top: 240 - 50, width: 150, height: 50 })).toBeGreaterThan(10);
    expect(await regionDifference(plain.poster, marked.poster, { left: 0, top: 0, width: 150, height: 100 })).toBeLessThan(3);
    expect(await regionDifference(plain.blur, marked.blur, { left: 0, top: 0, width: 300, height: 200 })).toBeLessThan(3);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('watermark from the console settings (real server)', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer('pglite');
    token = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the settings accept the watermark keys, refuse bad values naming them, and uploads rendered afterwards carry it', async () => {
    const photo = await gradient(1000, 600);
    const before = await uploadOverHttp(t.base, token, 'a.jpg', 'image/jpeg', photo);

    for (const [key, value] of [['watermark_position', 'middle'], ['watermark_size', 30], ['watermark_color', 'white'], ['watermark_text', 'x'.repeat(61)]] as const) {
      const r = await t.call('PUT', '/admin-api/settings/site', { [key]: value }, { token });
      expect(r.status, key).toBe(400);
      expect(r.body.field).toBe(key);
    }
    const put = await t.call('PUT', '/admin-api/settings/site', { enable_watermark: true, watermark_text: 'FANCLUB', watermark_size: 8, watermark_color: '#ffffffcc', watermark_position: 'bottom_right' }, { token });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ enable_watermark: true, watermark_text: 'FANCLUB', watermark_size: 8, watermark_position: 'bottom_right' });

    // Inline (the upload request): the settings stream.
    const after = await uploadOverHttp(t.base, token, 'b.jpg', 'image/jpeg', photo);
    // The server's worker: the settings read model.
    const { services } = t.server;
    const key = await stage(services.storage, 'c.jpg', photo);
    const { mediaId: byWorker } = await registerUpload(commandContext(services.store, { userId: null, role: 'system' }), services.storage, { stagingKey: key, fileName: 'c.jpg', contentType: 'image/jpeg', uploadedBy: 'x' }, { processInline: false });
    await waitForMediaStatus(services, byWorker, 'ready');

    const original = async (id: string) => services.storage.read((await mediaRow(services, id))!.original_key!);
    const plain = await original(before.id);
    const corner = { left: 1000 - 400, top: 600 - 120, width: 400, height: 120 };
    expect(await regionDifference(plain, await original(after.id), corner)).toBeGreaterThan(10);
    expect(await regionDifference(plain, await original(byWorker), corner)).toBeGreaterThan(10);
  });
});

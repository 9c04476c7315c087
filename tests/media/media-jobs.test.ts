// The media worker against a real PGlite event store and read model, real ffmpeg and sharp, temp local disk:
// videos and images go upload → worker → ready; a corrupt file ends in error after the retries, with the
// reason; work left by a stopped process is done by the next one.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { registerUpload } from '../../commands/content';
import { commandContext } from '../../commands/handle';
import { processMedia, startMediaWorker, type MediaWorker } from '../../commands/media-jobs';
import { mediaWorkerReads } from '../../api/media-reads';
import { mediaRenderer } from '../../infra/media/renderer';
import { mediaStream } from '../../domain/media/media';
import { probeVideo } from '../../infra/media/video';
import type { FileStorage } from '../../infra/storage/local-disk';
import { makeTestImage, makeTestVideo, mediaRow, openMediaEnv, stage, tempDir, tempStorage, type MediaEnv } from './support';

const admin = (env: MediaEnv) => commandContext(env.store, { userId: 'admin-1', role: 'admin' });

/** Writes a stored object to a temp file so ffmpeg can read it back. */
async function toFile(storage: FileStorage, key: string): Promise<string> {
  const file = path.join(tempDir('readback'), path.basename(key));
  fs.writeFileSync(file, await storage.read(key));
  return file;
}

describe('media worker (PGlite, ffmpeg, sharp)', () => {
  let env: MediaEnv;
  let storage: FileStorage;
  let worker: MediaWorker;

  beforeAll(async () => {
    env = await openMediaEnv();
    storage = tempStorage();
    worker = startMediaWorker({ store: env.store, reads: mediaWorkerReads(env.database.db), renderer: mediaRenderer, storage, intervalMs: 100, retryBaseMs: 30 });
  });
  afterAll(async () => {
    await worker?.stop();
    await env?.close();
  });

  it('a video goes upload → processing → ready, with duration, size, poster, blur and a playable H.264/AAC MP4', async () => {
    const key = await stage(storage, 'clip.mp4', await makeTestVideo({ seconds: 3 }));
    const { mediaId } = await registerUpload(admin(env), storage, { stagingKey: key, fileName: 'clip.mp4', contentType: 'video/mp4', uploadedBy: 'admin-1' }, { renderer: mediaRenderer });
    // Recorded and returned at once: the rendering happens in the worker.
    const before = await env.store.readStream(mediaStream(mediaId));
    expect(before.map((e) => e.type)).toContain('MediaUploaded');
    expect(before[0].data).toMatchObject({ kind: 'video', stagingKey: key });

    expect(await worker.drain(60_000)).toBe(true);
    const row = (await mediaRow(env, mediaId))!;
    expect(row).toMatchObject({ kind: 'video', status: 'ready', error: null, width: 640, height: 360 });
    expect(row.duration_ms! / 1000).toBeCloseTo(3, 0);
    expect(row.original_key).toBe(`originals/${mediaId}.mp4`);
    expect(row.video_key).toBe(row.original_key);
    expect(row.poster_key).toBe(`posters/${mediaId}.jpg`);

    const events = await env.store.readStream(mediaStream(mediaId));
    const processed = events.find((e) => e.type === 'MediaProcessed')!;
    expect(processed.data).toMatchObject({ videoKey: row.original_key, posterKey: row.poster_key, thumbnailKey: `thumbs/${mediaId}.jpg`, blurKey: `blur/${mediaId}.jpg` });
    expect(processed.data.durationSeconds as number).toBeGreaterThan(2.9);
    expect(processed.data.durationSeconds as number).toBeLessThan(3.2);

    // The web MP4 reads back as H.264 + AAC of the same length.
    const info = (await probeVideo(await toFile(storage, row.original_key!)))!;
    expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 640, height: 360, hasAudio: true });
    expect(info.durationSeconds).toBeCloseTo(3, 0);
    // +faststart: the index (moov) comes before the media data (mdat).
    const mp4 = await storage.read(row.original_key!);
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    // Poster, thumbnail and blur are JPEGs; the blur is small and smooth.
    const poster = await sharp(await storage.read(row.poster_key!)).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect((await sharp(await storage.read(row.thumbnail_key!)).metadata()).format).toBe('jpeg');
    const blur = await storage.read(row.blur_key!);
    expect((await sharp(blur).metadata()).format).toBe('jpeg');
    expect(blur.length).toBeLessThan(20_000);
  });

  it('a wide video is scaled to at most 1280 px wide', async () => {
    const key = await stage(storage, 'wide.mov', await makeTestVideo({ seconds: 1, size: '1920x1080' }));
    const { mediaId } = await registerUpload(admin(env), storage, { stagingKey: key, fileName: 'wide.mov', contentType: 'video/quicktime', uploadedBy: 'admin-1' }, { renderer: mediaRenderer });
    expect(await worker.drain(60_000)).toBe(true);
    const row = (await mediaRow(env, mediaId))!;
    expect(row).toMatchObject({ status: 'ready', width: 1280, height: 720 });
    expect(await probeVideo(await toFile(storage, row.original_key!))).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264' });
  });

  it('a corrupt "video" ends in error after three attempts, with the reason', async () => {
    const key = await stage(storage, 'broken.mp4', Buffer.from('this is not a video at all '.repeat(200)));
    const { mediaId } = await registerUpload(admin(env), storage, { stagingKey: key, fileName: 'broken.mp4', contentType: 'video/mp4', uploadedBy: 'admin-1' }, { renderer: mediaRenderer });
    expect(await worker.drain(60_000)).toBe(true);
    const row = (await mediaRow(env, mediaId))!;
    expect(row).toMatchObject({ status: 'error', error: 'The file is not a readable video.', attempts: 3, next_attempt_at: null, original_key: null });
    const events = await env.store.readStream(mediaStream(mediaId));
    expect(events.map((e) => e.type)).toEqual([
      'MediaUploaded', 'MediaProcessingAttemptFailed', 'MediaProcessingAttemptFailed', 'MediaProcessingAttemptFailed', 'MediaProcessingFailed',
    ]);
    // Backoff: each retry waited longer than the one before.
    const attempts = events.filter((e) => e.type === 'MediaProcessingAttemptFailed').map((e) => e.data as { attempt: number; at: string; retryAt: string | null });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(Date.parse(attempts[1].at)).toBeGreaterThanOrEqual(Date.parse(attempts[0].retryAt!));
    expect(Date.parse(attempts[2].at)).toBeGreaterThanOrEqual(Date.parse(attempts[1].retryAt!));
    expect(attempts[2].retryAt).toBeNull();
    // Nothing more happens to it.
    expect(await processMedia({ store: env.store, storage, renderer: mediaRenderer }, mediaId)).toBe('skipped');
  });

  it('an image goes through the same worker when not processed inline', async () => {
    const key = await stage(storage, 'photo.JPG', await makeTestImage(3000, 2000));
    const { mediaId } = await registerUpload(admin(env), storage, { stagingKey: key, fileName: 'photo.JPG', contentType: 'image/jpeg', uploadedBy: 'admin-1' }, { processInline: false });
    expect((await mediaRow(env, mediaId))!.status).toBe('processing');
    expect(await worker.drain(30_000)).toBe(true);
    const row = (await mediaRow(env, mediaId))!;
    expect(row).toMatchObject({ kind: 'photo', status: 'ready', width: 2048, height: 1365, original_key: `originals/${mediaId}.jpg`, video_key: null, duration_ms: null });
    expect((await sharp(await storage.read(row.blur_key!)).metadata()).format).toBe('jpeg');
  });

  it('an image is processed inline when a renderer is given (POST /api/media answers ready)', async () => {
    const key = await stage(storage, 'inline.png', await sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } }).png().toBuffer());
    const { mediaId } = await registerUpload(admin(env), storage, { stagingKey: key, fileName: 'inline.png', contentType: 'image/png', uploadedBy: 'admin-1' }, { renderer: mediaRenderer });
    expect((await mediaRow(env, mediaId))!).toMatchObject({ status: 'ready', width: 400, height: 300 });
  });

  it('processing again is a no-op: renditions are not re-recorded', async () => {
    const key = await stage(storage, 'again.jpg', await makeTestImage(200, 100));
    const { mediaId } = await registerUpload(admin(env), storage, { stagingKey: key, fileName: 'again.jpg', contentType: 'image/jpeg', uploadedBy: 'admin-1' }, { renderer: mediaRenderer });
    const n = (await env.store.readStream(mediaStream(mediaId))).length;
    expect(await processMedia({ store: env.store, storage, renderer: mediaRenderer }, mediaId)).toBe('skipped');
    expect((await env.store.readStream(mediaStream(mediaId))).length).toBe(n);
  });

  it('refuses a file type the site does not accept', async () => {
    const key = await stage(storage, 'anim.gif', Buffer.from('GIF89a'));
    await expect(registerUpload(admin(env), storage, { stagingKey: key, fileName: 'anim.gif', contentType: 'image/gif', uploadedBy: 'admin-1' }, { renderer: mediaRenderer })).rejects.toThrow('Media format is not supported.');
  });
});

describe('media worker restart recovery (PGlite on disk)', () => {
  it('an upload left processing by a stopped process is processed by the next one', async () => {
    const dataDir = tempDir('media-restart');
    const storage = tempStorage(path.join(dataDir, 'files'));

    // First process: the upload is recorded, and a job got as far as writing a (broken) rendition before it
    // died; no worker records anything.
    const first = await openMediaEnv(path.join(dataDir, 'db'));
    const key = await stage(storage, 'clip.mp4', await makeTestVideo({ seconds: 2 }));
    const { mediaId } = await registerUpload(commandContext(first.store, { userId: 'admin-1', role: 'admin' }), storage, {
      stagingKey: key, fileName: 'clip.mp4', contentType: 'video/mp4', uploadedBy: 'admin-1',
    }, { renderer: mediaRenderer });
    await storage.put(`originals/${mediaId}.mp4`, Buffer.from('half-written'));
    expect((await mediaRow(first, mediaId))!.status).toBe('processing');
    await first.close();

    // Second process: a new worker finds it at start-up and finishes it.
    const second = await openMediaEnv(path.join(dataDir, 'db'));
    const worker = startMediaWorker({ store: second.store, reads: mediaWorkerReads(second.database.db), renderer: mediaRenderer, storage, intervalMs: 60_000 });
    try {
      expect(await worker.drain(60_000)).toBe(true);
      const row = (await mediaRow(second, mediaId))!;
      expect(row).toMatchObject({ status: 'ready', attempts: 0, width: 640, height: 360 });
      expect(await probeVideo(await toFile(storage, row.original_key!))).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
      const types = (await second.store.readStream(mediaStream(mediaId))).map((e) => e.type);
      expect(types).toEqual(['MediaUploaded', 'MediaProcessed']);
    } finally {
      await worker.stop();
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a worker stopped mid-render records nothing; the next worker renders the video', async () => {
    const env = await openMediaEnv();
    const storage = tempStorage();
    try {
      const key = await stage(storage, 'long.mp4', await makeTestVideo({ seconds: 10, size: '1280x720' }));
      const first = startMediaWorker({ store: env.store, reads: mediaWorkerReads(env.database.db), renderer: mediaRenderer, storage, intervalMs: 60_000 });
      const { mediaId } = await registerUpload(commandContext(env.store, { userId: 'admin-1', role: 'admin' }), storage, {
        stagingKey: key, fileName: 'long.mp4', contentType: 'video/mp4', uploadedBy: 'admin-1',
      }, { renderer: mediaRenderer });
      await new Promise((r) => setTimeout(r, 400)); // ffmpeg is converting (about 2 s of work on 2 cores)
      await first.stop();
      expect((await env.store.readStream(mediaStream(mediaId))).map((e) => e.type)).toEqual(['MediaUploaded']);
      expect((await mediaRow(env, mediaId))!).toMatchObject({ status: 'processing', attempts: 0 });

      const second = startMediaWorker({ store: env.store, reads: mediaWorkerReads(env.database.db), renderer: mediaRenderer, storage, intervalMs: 60_000 });
      try {
        expect(await second.drain(120_000)).toBe(true);
      } finally {
        await second.stop();
      }
      expect((await mediaRow(env, mediaId))!).toMatchObject({ status: 'ready', width: 1280, height: 720, attempts: 0 });
      expect((await env.store.readStream(mediaStream(mediaId))).map((e) => e.type)).toEqual(['MediaUploaded', 'MediaProcessed']);
    } finally {
      await env.close();
    }
  });
});

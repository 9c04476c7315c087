// Runs on one back end (PGlite, uploads.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Multipart uploads over real HTTP (POST /api/upload/upload_file, /upload_gallery_file) beside the presigned flow:
// real form data, real sharp renditions and an ffmpeg-rendered video, the files landing in the media library and on
// a post made through POST /api/blog/add-new-blog (the same call as POST /api/blogs); refused types, an oversize or
// empty file, too many files and wrong roles answer 400/401/403 naming the field, writing no event and keeping no file.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { commandContext } from '../../commands/handle';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { decideAccess } from '../../domain/access/routes';
import { makeTestVideo, waitForMediaStatus } from '../media/support';
import { onOneBackend, startTestServer, type Backend, type TestServer } from '../support/server';

const UPLOAD_FILE = '/api/upload/upload_file';
const UPLOAD_GALLERY = '/api/upload/upload_gallery_file';
const MB = 1024 * 1024;

type FilePart = { field?: string; name: string; type: string; bytes: Buffer | Uint8Array };

const photo = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

export function uploadsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`multipart uploads over HTTP (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let contentManager: string;
    let support: string;
    let fan: string;
    const oneBackend = onOneBackend(backend);

    /** Sends form data as a browser does (multipart/form-data with a boundary, each file with its name and type). */
    const send = async (url: string, files: FilePart[], token: string | undefined, fields: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
      const res = await fetch(t.base + url, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
      return { status: res.status, body: (await res.json()) as any };
    };
    const stagingDir = () => path.join(t.dataDir, 'files', 'staging');
    /** The staged files (staging/<upload id>/<name>) on the local disk. */
    const staged = () =>
      fs.existsSync(stagingDir())
        ? fs.readdirSync(stagingDir(), { recursive: true, encoding: 'utf8' }).filter((p) => fs.statSync(path.join(stagingDir(), p)).isFile()).sort()
        : [];
    /** Runs a refused request: no event is written and no staged file is left behind. */
    const refused = async (run: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const before = staged();
      const r = await run();
      expect(await t.server.services.store.headPosition()).toEqual(head);
      expect(staged()).toEqual(before);
      return r;
    };
    const libraryNames = async () => {
      const r = await t.call('POST', '/api/media/get', { page: 1 }, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.media.map((m: { file_name: string }) => m.file_name) as string[];
    };

    beforeAll(async () => {
      t = await startTestServer(backend, { FANCLUB_MAX_UPLOAD_MB: '1' });
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      await createStaffAccount(ctx, secrets, { name: 'Content', email: 'content@example.com', role: 'content_manager', password: 'content password 1' });
      await createStaffAccount(ctx, secrets, { name: 'Support', email: 'support@example.com', role: 'support', password: 'support password 1' });
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      contentManager = (await t.call('POST', '/api/users/login', { email: 'content@example.com', password: 'content password 1' })).body.data.token;
      support = (await t.call('POST', '/api/users/login', { email: 'support@example.com', password: 'support password 1' })).body.data.token;
      fan = (await t.call('POST', '/api/users/register', { name: 'Up Fan', email: 'up.fan@example.com', password: 'up fan password 1' })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('upload_file: a photo is rendered by sharp before the answer (Location, fileSize, blurLocation) and joins the media library', async () => {
      const bytes = await photo(640, 480, '#3366cc');
      const r = await send(UPLOAD_FILE, [{ name: 'Blue Sky.png', type: 'image/png', bytes }], contentManager);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        success: 1,
        message: 'Media uploaded successfully',
        data: { _id: expect.any(String), kind: 'photo', file_name: 'Blue Sky.png', fileSize: bytes.length, status: 'ready' },
      });
      const { _id: id, Location, blurLocation } = r.body.data;
      expect(Location).toMatch(new RegExp(`^/media/originals/${id}[^?]*\\.jpg\\?exp=\\d+&sig=`));
      expect(blurLocation).toMatch(new RegExp(`^/media/blur/${id}[^?]*\\.jpg$`));
      // The web original is a real JPEG of the same size; the blurred preview is public.
      const original = Buffer.from(await (await fetch(t.base + Location)).arrayBuffer());
      expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
      const blur = await fetch(t.base + blurLocation);
      expect(blur.status).toBe(200);
      expect((await sharp(Buffer.from(await blur.arrayBuffer())).metadata()).format).toBe('jpeg');
      // The same library as a presigned upload.
      expect(await libraryNames()).toContain('Blue Sky.png');
    });

    it('upload_gallery_file: photos and a video in the order sent; the video is rendered by the media worker; a post takes them through add-new-blog', async () => {
      const video = await makeTestVideo({ seconds: 1, size: '320x240' });
      const files: FilePart[] = [
        { field: 'files', name: 'one.jpg', type: 'image/jpeg', bytes: await sharp(await photo(300, 200, '#cc3333')).jpeg().toBuffer() },
        { field: 'files', name: 'clip.mp4', type: 'video/mp4', bytes: video },
        { field: 'files', name: 'two.png', type: 'image/png', bytes: await photo(200, 300, '#33cc33') },
      ];
      const r = await send(UPLOAD_GALLERY, files, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: 1, message: 'Media uploaded successfully', data: { uploaded: 3 } });
      const items = r.body.data.data as Array<{ _id: string; kind: string; file_name: string; fileSize: number; Location: string | null; blurLocation: string | null; status: string }>;
      expect(items.map((i) => [i.file_name, i.kind, i.fileSize])).toEqual(files.map((f) => [f.name, f.name.endsWith('.mp4') ? 'video' : 'photo', f.bytes.length]));
      expect(items[0]).toMatchObject({ status: 'ready', Location: expect.stringMatching(/^\/media\/originals\//), blurLocation: expect.stringMatching(/^\/media\/blur\//) });
      // A video's renditions come from the media worker: none yet in the answer.
      expect(items[1]).toMatchObject({ status: 'processing', Location: null, blurLocation: null });
      const rendered = await waitForMediaStatus(t.server.services, items[1]._id, 'ready');
      expect(rendered.duration_ms).toBeGreaterThan(500);
      expect(await libraryNames()).toEqual(expect.arrayContaining(['one.jpg', 'clip.mp4', 'two.png']));

      // The spec's other path for creating a post: the same call as POST /api/blogs.
      const post = await t.call('POST', '/api/blog/add-new-blog', { caption: 'From the gallery', visibility: 'public', media_ids: items.map((i) => i._id) }, { token: admin });
      expect(post.status, JSON.stringify(post.body)).toBe(201);
      expect(post.body).toMatchObject({ success: 1, data: { _id: expect.any(String) } });
      const shown = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${post.body.data._id}`, undefined, { token: admin });
      expect(shown.status).toBe(200);
      expect(JSON.stringify(shown.body.data)).toContain('From the gallery');
      // Same validation as POST /api/blogs, naming the field.
      const bad = await refused(() => t.call('POST', '/api/blog/add-new-blog', { caption: 'x', visibility: 'secret' }, { token: admin }));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: 0, message: 'visibility must be locked, private or public.', field: 'visibility' });
    });

    it('refuses files of other types, a name that does not match its type, an empty file and no file at all, naming the field', async () => {
      const png = await photo(40, 40, '#999999');
      const cases: Array<[string, FilePart[], string, string]> = [
        [UPLOAD_FILE, [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') }], 'Media format is not supported.', 'file'],
        [UPLOAD_FILE, [{ name: 'anim.gif', type: 'image/gif', bytes: Buffer.from('GIF89a') }], 'Media format is not supported.', 'file'],
        [UPLOAD_FILE, [{ name: 'photo.mp4', type: 'image/png', bytes: png }], 'Media format is not supported.', 'file'],
        [UPLOAD_FILE, [{ field: 'upload', name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }], 'Error occured while uploading media', 'upload'],
        [UPLOAD_FILE, [], 'Please Select Media', 'file'],
        [UPLOAD_GALLERY, [{ field: 'files', name: 'ok.png', type: 'image/png', bytes: png }, { field: 'files', name: 'script.js', type: 'text/javascript', bytes: Buffer.from('1') }], 'Media format is not supported.', 'files'],
      ];
      for (const [url, files, message, field] of cases) {
        const r = await refused(() => send(url, files, admin, files.length ? {} : { caption: 'no file here' }));
        expect([url, files.map((f) => f.name), r.status, r.body]).toEqual([url, files.map((f) => f.name), 400, expect.objectContaining({ success: 0, message, field })]);
      }
      // Not form data at all.
      const json = await refused(() => t.call('POST', UPLOAD_FILE, { file: 'x' }, { token: admin }));
      expect(json.status).toBe(400);
      expect(json.body).toMatchObject({ success: 0, message: 'Please Select Media', field: 'file' });
      // Malformed form data is the sender's mistake, answered at once: no boundary, garbage, a file cut off mid-way.
      const raw = (type: string, body: string | Buffer) => async () => {
        const res = await fetch(t.base + UPLOAD_GALLERY, { method: 'POST', headers: { authorization: admin, 'content-type': type }, body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]), signal: AbortSignal.timeout(30_000) });
        return { status: res.status, body: (await res.json()) as any };
      };
      const head = 'multipart/form-data; boundary=xyz';
      const cutOff = Buffer.concat([Buffer.from('--xyz\r\nContent-Disposition: form-data; name="files"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n'), png.subarray(0, 20)]);
      const malformed: Array<[string, string | Buffer, string, string]> = [
        ['multipart/form-data', '--x\r\n', 'Please Select Media', 'file'],
        [head, 'not multipart at all', 'Please Select Media', 'file'],
        [head, cutOff, 'Error occured while uploading media', 'files'],
      ];
      for (const [type, body, message, field] of malformed) {
        const r = await refused(raw(type, body));
        expect([type, r.status, r.body]).toEqual([type, 400, expect.objectContaining({ success: 0, message, field })]);
      }
    });

    it('refuses a file over FANCLUB_MAX_UPLOAD_MB with "File {name} size is too large.", keeping nothing; a file at the limit is taken', async () => {
      const tooBig = randomBytes(MB + 1);
      const one = await refused(() => send(UPLOAD_FILE, [{ name: 'big.mp4', type: 'video/mp4', bytes: tooBig }], admin));
      expect(one.status).toBe(400);
      expect(one.body).toMatchObject({ success: 0, message: 'File big.mp4 size is too large.', field: 'file' });
      // In a gallery, after a file that fits: the whole request is refused and the first file is not kept either.
      const gallery = await refused(() =>
        send(UPLOAD_GALLERY, [{ field: 'files', name: 'small.mp4', type: 'video/mp4', bytes: randomBytes(1000) }, { field: 'files', name: 'huge.mov', type: 'video/quicktime', bytes: tooBig }], admin),
      );
      expect(gallery.status).toBe(400);
      expect(gallery.body).toMatchObject({ success: 0, message: 'File huge.mov size is too large.', field: 'files' });
      // Exactly the limit fits: a photo of noise padded after its end to 1 MB, rendered like any other.
      const noise = await sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } }).png().toBuffer();
      const atLimit = await send(UPLOAD_FILE, [{ name: 'limit.png', type: 'image/png', bytes: Buffer.concat([noise, Buffer.alloc(MB - noise.length)]) }], admin);
      expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
      expect(atLimit.body.data).toMatchObject({ fileSize: MB, kind: 'photo', status: 'ready' });
    });

    it('takes one file on upload_file and at most 45 in a gallery, with the spec messages', async () => {
      const tiny = await photo(8, 8, '#000000');
      const two = await refused(() => send(UPLOAD_FILE, [{ name: 'a.png', type: 'image/png', bytes: tiny }, { name: 'b.png', type: 'image/png', bytes: tiny }], admin));
      expect(two.status).toBe(400);
      expect(two.body).toMatchObject({ success: 0, message: 'You can only select 1 content', field: 'file' });
      const many = Array.from({ length: 46 }, (_, i): FilePart => ({ field: 'files', name: `p${i}.png`, type: 'image/png', bytes: tiny }));
      const r = await refused(() => send(UPLOAD_GALLERY, many, admin));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: 0, message: 'You have selected 46 images, maximum 45 images allowed.', field: 'files' });
    });

    oneBackend('a connection dropped mid-file, on the presigned PUT and on multipart: the server keeps serving, nothing is kept and no error escapes', async () => {
      const escaped: unknown[] = [];
      const onEscape = (e: unknown) => escaped.push(e);
      process.on('uncaughtException', onEscape);
      process.on('unhandledRejection', onEscape);
      try {
        const url = new URL(t.base);
        /** Opens a request announcing `length` bytes, sends `sent` of them, then drops the connection. */
        const dropMidway = (method: string, pathAndQuery: string, headers: Record<string, string>, head: Buffer, length: number) =>
          new Promise<void>((resolve) => {
            const req = http.request({ host: url.hostname, port: url.port, method, path: pathAndQuery, headers: { ...headers, 'content-length': String(length) } });
            req.on('error', () => resolve()); // the drop is ours
            req.on('response', (res) => { res.resume(); resolve(); });
            req.write(head, () => setImmediate(() => req.destroy()));
          });
        const head = await t.server.services.store.headPosition();
        const before = staged();
        for (let i = 0; i < 3; i++) {
          const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: `drop${i}.mp4`, content_type: 'video/mp4', media_type: 'blog' }, { token: admin });
          expect(presign.status, JSON.stringify(presign.body)).toBe(200);
          const put = new URL(presign.body.data.presigned_url, t.base);
          await dropMidway('PUT', put.pathname + put.search, { 'content-type': 'video/mp4' }, randomBytes(64 * 1024), 512 * 1024);
          const boundary = 'dropBoundary' + i;
          const partHead = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="drop${i}.mp4"\r\ncontent-type: video/mp4\r\n\r\n`);
          await dropMidway('POST', UPLOAD_FILE, { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, Buffer.concat([partHead, randomBytes(64 * 1024)]), 512 * 1024);
        }
        // The server saw every drop through: it answers the next upload as usual and nothing from the drops is kept.
        const ok = await send(UPLOAD_FILE, [{ name: 'after.png', type: 'image/png', bytes: await photo(8, 8, '#123456') }], admin);
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
        await expect.poll(() => staged().filter((p) => p.includes('drop'))).toEqual([]);
        expect(staged().filter((p) => !before.includes(p) && !p.includes('after'))).toEqual([]);
        expect(await t.server.services.store.headPosition()).not.toEqual(head); // only the good upload wrote
        expect(escaped).toEqual([]);
      } finally {
        process.off('uncaughtException', onEscape);
        process.off('unhandledRejection', onEscape);
      }
    });

    it('lets only the content roles upload: a guest is asked to log in, a fan and support are refused, and nothing is written', async () => {
      const png = await photo(16, 16, '#ffffff');
      for (const url of [UPLOAD_FILE, UPLOAD_GALLERY]) {
        const guest = await refused(() => send(url, [{ name: 'g.png', type: 'image/png', bytes: png }], undefined));
        expect(guest.status).toBe(401);
        for (const token of [fan, support]) {
          const r = await refused(() => send(url, [{ name: 'f.png', type: 'image/png', bytes: png }], token));
          expect(r.status).toBe(403);
          expect(r.body).toMatchObject({ success: 0, code: 'FORBIDDEN' });
        }
      }
      expect((await refused(() => t.call('POST', '/api/blog/add-new-blog', { caption: 'x', visibility: 'public' }, { token: fan }))).status).toBe(403);
      // The table agrees with POST /api/media and POST /api/blogs, role by role.
      for (const role of ['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user'] as const) {
        expect(decideAccess('POST /api/upload/upload_file', role)).toBe(decideAccess('POST /api/media', role));
        expect(decideAccess('POST /api/upload/upload_gallery_file', role)).toBe(decideAccess('POST /api/media', role));
        expect(decideAccess('POST /api/blog/add-new-blog', role)).toBe(decideAccess('POST /api/blogs', role));
      }
    });
  });
}

// Runs on one back end (PGlite, console-edits.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Console edits carry the version the editor saw: GET answers an ETag (and the record's
// `version`), an edit with the current If-Match is written and answers the next ETag, an edit with an older one is
// refused 412 STALE_EDIT with nothing written, and an edit without If-Match (an API client) still works.
// Settings, users (role), posts (the console's edit dialog) and promotions (save a new one, end one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type Backend, type TestServer } from '../support/server';

const stale = (thing: string) => `Someone else changed this ${thing} while you were editing. Reload to see their changes, then edit again.`;

export function consoleEditsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`console edits: ETag and If-Match (${backend})`, () => {
    let t: TestServer;
    let admin: string;

    const call = (method: string, url: string, body?: unknown, ifMatch?: string) =>
      t.call(method, url, body, { token: admin, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
    const etagOf = (r: { headers: Headers }) => r.headers.get('etag');
    /** Runs an edit expected to be refused: 412 with the message, and the event store did not move. */
    const refusedAsStale = async (thing: string, edit: () => Promise<{ status: number; body: any }>) => {
      const head = await t.server.services.store.headPosition();
      const r = await edit();
      expect(r.status, JSON.stringify(r.body)).toBe(412);
      expect(r.body).toMatchObject({ success: 0, code: 'STALE_EDIT', message: stale(thing) });
      expect(await t.server.services.store.headPosition()).toEqual(head);
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      const login = await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword });
      admin = login.body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('settings: GET gives the ETag, a current If-Match saves, an old one is 412, none still saves', async () => {
      const got = await call('GET', '/admin-api/settings/site');
      expect(got.status).toBe(200);
      const etag = etagOf(got);
      expect(etag).toMatch(/^"\d+"$/);
      expect(got.body.version).toBe(Number(JSON.parse(etag!)));
      // The signed-in no-store policy leaves the ETag alone.
      expect(got.headers.get('cache-control')).toContain('no-store');

      const saved = await call('PUT', '/admin-api/settings/site', { model_name: 'First Editor' }, etag!);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ model_name: 'First Editor', version: got.body.version + 1 });
      expect(etagOf(saved)).toBe(`"${got.body.version + 1}"`);

      // A second editor who loaded the page before that save.
      await refusedAsStale('setting', () => call('PUT', '/admin-api/settings/site', { model_name: 'Second Editor' }, etag!));
      expect((await call('GET', '/admin-api/settings/site')).body.model_name).toBe('First Editor');

      // The weak form of the current ETag is accepted too.
      const weak = await call('PUT', '/admin-api/settings/site', { model_name: 'Weakly Matched' }, `W/${etagOf(saved)}`);
      expect(weak.status, JSON.stringify(weak.body)).toBe(200);

      const plain = await call('PUT', '/admin-api/settings/site', { model_name: 'API Client' });
      expect(plain.status).toBe(200);
      expect(plain.body.model_name).toBe('API Client');
      expect(etagOf(plain)).toBe(`"${got.body.version + 3}"`);
    });

    it('an If-Match that is not an ETag is a 400 naming it, and nothing is written', async () => {
      const head = await t.server.services.store.headPosition();
      const r = await call('PUT', '/admin-api/settings/site', { model_name: 'Nope' }, 'yesterday');
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: 0, field: 'If-Match' });
      expect(await t.server.services.store.headPosition()).toEqual(head);
    });

    it('users: the role editor saves on the current ETag and is refused on an old one', async () => {
      const created = await call('POST', '/admin-api/users', { name: 'Support Sam', email: 'support.sam@example.com', role: 'support' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const url = `/admin-api/users/${created.body.id}`;
      const got = await call('GET', url);
      expect(got.status).toBe(200);
      const etag = etagOf(got)!;
      expect(got.body.version).toBe(Number(JSON.parse(etag)));

      const saved = await call('PUT', url, { role: 'content_manager' }, etag);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ role: 'content_manager', version: got.body.version + 1 });
      expect(etagOf(saved)).toBe(`"${got.body.version + 1}"`);

      await refusedAsStale('user', () => call('PUT', url, { role: 'model' }, etag));
      expect((await call('GET', url)).body.role).toBe('content_manager');

      const plain = await call('PUT', url, { role: 'support' });
      expect(plain.status).toBe(200);
      expect(plain.body.role).toBe('support');
    });

    it('posts: the edit dialog saves on the current ETag and is refused on an old one', async () => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: 'edit.jpg', content_type: 'image/jpeg', media_type: 'blog' });
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      const media = await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' });
      const created = await call('POST', '/admin-api/posts', { caption: 'Before', visibility: 'public', media_ids: [media.body.data.id] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const postId = created.body.id;

      const got = await call('GET', `/admin-api/posts/${postId}`);
      const etag = etagOf(got)!;
      expect(etag).toMatch(/^"\d+"$/);
      expect(got.body.version).toBe(Number(JSON.parse(etag)));

      const edit = (description: string, ifMatch?: string) => call('POST', '/api/blogs/edit', { postId, description }, ifMatch);
      const saved = await edit('First edit', etag);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(etagOf(saved)).toBe(`"${got.body.version + 1}"`);

      await refusedAsStale('post', () => edit('Second edit', etag));
      expect((await call('GET', `/admin-api/posts/${postId}`)).body.caption).toBe('First edit');

      expect((await edit('API edit')).status).toBe(200);
      expect((await call('GET', `/admin-api/posts/${postId}`)).body.caption).toBe('API edit');
    });

    it('promotions: saving and ending are pinned to the version the editor saw', async () => {
      const body = { promotion_type: 'LOCKED_CONTENT', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Edit race sale' };
      const first = await call('POST', '/api/promotion-setting/save-promotion', body);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const id = first.body.data._id ?? first.body.data.id;
      const got = await call('GET', `/admin-api/promotions/${id}`);
      expect(got.status).toBe(200);
      const etag = etagOf(got)!;
      expect(got.body.version).toBe(Number(JSON.parse(etag)));
      // The console's promotion card reads its type's promotion with the same ETag.
      expect(etagOf(await call('POST', '/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' }))).toBe(etag);

      const ended = await call('POST', '/api/promotion-setting/end-promotion', { promotion_id: id }, etag);
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      expect(etagOf(ended)).toBe(`"${got.body.version + 1}"`);

      // A second editor, still on the page that showed the running promotion, saves a new one.
      await refusedAsStale('promotion', () => call('POST', '/api/promotion-setting/save-promotion', body, etag));

      const current = await call('POST', '/api/promotion-setting/save-promotion', body, etagOf(ended)!);
      expect(current.status, JSON.stringify(current.body)).toBe(200);
    });
  });
}

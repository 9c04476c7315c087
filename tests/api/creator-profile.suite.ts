// Runs on one back end (PGlite, creator-profile.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The creator's profile and the mail notice over real HTTP: the console saves the
// display name, an uploaded avatar and cover image and a bio as site settings, and the fan site's settings and
// the model details carry them (post authors and chat read the same settings); bad values are 400 naming the field with nothing written,
// a role that may not save settings gets 403. Without SMTP_URL the public settings say mail waits in the Outbox.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDeliveryNote } from '../../api/startup-notes';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { startTestServer, type Backend, type TestServer } from '../support/server';

export function creatorProfileSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`creator profile and mail notice (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let contentManager: string;
    const put = (changes: Record<string, unknown>, token = admin) => t.call('PUT', '/admin-api/settings/site', changes, { token });
    const publicSettings = async () => (await t.call('GET', '/api/app_settings/get')).body.data;
    const eventCount = async () => (await t.server.services.store.readAll({ after: null, maxCount: 1_000_000 })).length;
    const upload = async (name: string) => {
      const png = await sharp({ create: { width: 90, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
      const res = await fetch(`${t.base}/api/app_settings/upload-theme-image`, { method: 'POST', body: form, headers: { authorization: admin } });
      const body = (await res.json()) as any;
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.data.url as string;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      await createStaffAccount(ctx, secrets, { name: 'Cora', email: 'cora.content@example.com', role: 'content_manager', password: 'role password 1' });
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      contentManager = (await t.call('POST', '/api/users/login', { email: 'cora.content@example.com', password: 'role password 1' })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('without SMTP_URL mail waits in the Outbox, and the public settings and start-up output say so', async () => {
      expect((await publicSettings()).mail_delivery).toBe('outbox');
      expect(mailDeliveryNote(undefined, 'http://localhost:3000')).toContain('http://localhost:3000/admin/outbox');
      expect(mailDeliveryNote('smtp://mail.example.com:587', 'http://localhost:3000')).toBeNull();
    });

    it('saves the name, avatar, cover and bio; the public settings and the model details carry them', async () => {
      const avatar = await upload('avatar.png');
      const cover = await upload('cover.png');
      const r = await put({ model_name: 'Ava Stone', model_avatar_url: avatar, model_cover_url: cover, model_bio: '  Painter and climber.\nNew work every Friday.  ' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await publicSettings()).toMatchObject({ model_name: 'Ava Stone', model_avatar_url: avatar, model_cover_url: cover, model_bio: 'Painter and climber.\nNew work every Friday.' });
      expect((await t.call('GET', '/api/users/get_model_details')).body.data).toEqual({ name: 'Ava Stone', avatarUrl: avatar, coverUrl: cover, bio: 'Painter and climber.\nNew work every Friday.' });
      // The avatar is served to anyone (it is a theme image).
      expect((await fetch(t.base + avatar)).status).toBe(200);
      // Removing the cover clears it.
      expect((await put({ model_cover_url: null })).status).toBe(200);
      expect((await publicSettings()).model_cover_url).toBeNull();
    });

    it('bad values are 400 naming the field, and nothing is written; other roles get 403', async () => {
      const before = await eventCount();
      for (const [field, value] of [
        ['model_avatar_url', 'javascript:alert(1)'],
        ['model_cover_url', 'data:image/png;base64,AAAA'],
        ['model_cover_url', '/media/x" onerror="alert(1)'],
        ['model_bio', 'x'.repeat(1001)],
        ['model_bio', 42],
        ['model_name', ''],
      ] as const) {
        const r = await put({ [field]: value });
        expect(r.status, `${field}=${String(value).slice(0, 30)}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(JSON.stringify(r.body)).toContain(field === 'model_name' ? 'Model name' : field);
      }
      expect((await put({ model_bio: 'Mine now' }, contentManager)).status).toBe(403);
      expect(await eventCount()).toBe(before);
    });
  });
}

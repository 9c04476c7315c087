// Runs on one back end (PGlite, settings-pages.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// The settings pages' API over real HTTP: every new setting is saved
// through PUT /admin-api/settings/site and reaches the fan site's public settings; bad values are 400 naming the
// field with nothing written; the roles that may not save settings get 403; the background endpoints
// (upload_theme_background_image, update_use_background_image_key) upload, switch, replace and refuse.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { APPEARANCE_DEFAULTS } from '../../domain/settings/appearance';
import type { Role } from '../../domain/shared/wire';
import { startTestServer, type Backend, type TestServer } from '../support/server';

export function settingsPagesSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`settings pages (${backend})`, () => {
    let t: TestServer;
    let admin: string;
    let fan: string;
    const tokens = new Map<Role, string>();
    const put = (changes: Record<string, unknown>, token = admin) => t.call('PUT', '/admin-api/settings/site', changes, { token });
    const publicSettings = async () => (await t.call('GET', '/api/app_settings/get')).body.data;
    const head = () => t.server.services.store.headPosition();
    const png = async (colour = '#3366ff') => new Blob([new Uint8Array(await sharp({ create: { width: 120, height: 60, channels: 3, background: colour } }).png().toBuffer())], { type: 'image/png' });
    const uploadBackground = async (token: string, file: Blob | null, name = 'bg.png') => {
      const form = new FormData();
      if (file) form.append('image', file, name);
      else form.append('note', 'no file');
      const res = await fetch(`${t.base}/api/app_settings/upload_theme_background_image`, { method: 'POST', body: form, headers: { authorization: token } });
      return { status: res.status, body: (await res.json()) as any };
    };
    const useBackground = (body: unknown, token = admin) => t.call('POST', '/api/app_settings/update_use_background_image_key', body, { token });

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
      const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
      for (const role of ['model', 'sub_admin', 'content_manager', 'support', 'live_stream_manager'] as Role[])
        await createStaffAccount(ctx, secrets, { name: role, email: `${role.replace(/_/g, '.')}@example.com`, role, password: 'role password 1' });
      await t.server.services.runner.waitFor(ctx.lastPosition!);
      for (const role of ['model', 'sub_admin', 'content_manager', 'support', 'live_stream_manager'] as Role[])
        tokens.set(role, (await t.call('POST', '/api/users/login', { email: `${role.replace(/_/g, '.')}@example.com`, password: 'role password 1' })).body.data.token);
      fan = (await t.call('POST', '/api/users/register', { name: 'Fan', email: 'settings.fan@example.com', password: 'fan password 1' })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a fresh site answers every new setting with its default in the public settings', async () => {
      expect(await publicSettings()).toMatchObject({
        ...APPEARANCE_DEFAULTS,
        new_signup_design_title_font_size: '55px|65px|75px|85px',
        new_signup_design_description_font_size: '25px|25px|35px|35px',
        payment_form_border_radius: 0,
        payment_form_padding: 15,
        login_page_title: 'Login',
        signup_page_title: 'Sign Up',
      });
    });

    it('theme colours, payment form, sign-up design, titles, timestamps, media counts, GA4 and tips bounds are saved and public', async () => {
      const changes = {
        theme_color: '#0055aa', theme_font_color: '#ffffff', content_color: '#f4f1ea', content_font_color: '#1b1b1b', site_font_color: '#555555',
        card_background_color: '#ffffff', button_shadow_color: '#0055aa55', font_family: 'Georgia, serif',
        payment_form_bg_color: '#fafafa', payment_form_text_color: '#222222', payment_form_border_radius: 12, payment_form_btn_bg_color: '#00aa55',
        payment_form_btn_text_color: '#ffffff', payment_form_padding: 24,
        new_signup_design_title_font_size: '32px|40px|48px|56px', new_signup_design_description_font_size: '16px|18px|20px|22px',
        login_page_title: 'Welcome back', signup_page_title: 'Join the club',
        show_post_timestamp: false, show_message_timestamp: false, show_media_count_in_exclusive_content: false,
        google_analytics_4_measurement_id: ' g-ab12cd34ef ',
        tips_minimum_amount: 3, tips_maximum_amount: 250,
        theme2_enabled: true,
        is_feed_like_enabled: false, like_visibility: 'subscribers', comment_visibility: 'registered_and_subscribers',
        enable_like_count_for_private_locked_post: false, enable_comment_count_for_private_locked_post: false, feed_tags_enable: false,
        hide_earnings: true,
      };
      const r = await put(changes);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.headers.get('x-message')).toBe('update settings successfully.');
      const { like_visibility: _l, comment_visibility: _c, enable_like_count_for_private_locked_post: _a, enable_comment_count_for_private_locked_post: _b, hide_earnings: _h, ...publicOnes } = changes;
      expect(await publicSettings()).toMatchObject({ ...publicOnes, google_analytics_4_measurement_id: 'G-AB12CD34EF' });
      // hide_earnings is a staff switch: staff read it in the public settings, a guest does not.
      expect(await publicSettings()).not.toHaveProperty('hide_earnings');
      expect((await t.call('GET', '/api/app_settings/get', undefined, { token: admin })).body.data.hide_earnings).toBe(true);
      // The console's own read of the settings holds the ones the fan site does not get.
      expect((await t.call('GET', '/admin-api/settings/site', undefined, { token: admin })).body).toMatchObject({ like_visibility: 'subscribers', comment_visibility: 'registered_and_subscribers', enable_like_count_for_private_locked_post: false, hide_earnings: true });
      // Emptying the optional ones returns them to "the theme's" / "none".
      expect((await put({ payment_form_bg_color: '', google_analytics_4_measurement_id: '' })).status).toBe(200);
      expect(await publicSettings()).toMatchObject({ payment_form_bg_color: null, google_analytics_4_measurement_id: null });
    });

    it('bad values are 400 naming the field, and nothing is written', async () => {
      const before = await head();
      for (const [field, value] of [
        ['content_color', 'red'],
        ['card_background_color', '#12'],
        ['button_shadow_color', ''],
        ['font_family', 'Inter; } body { display:none'],
        ['payment_form_bg_color', 'url(javascript:alert(1))'],
        ['payment_form_border_radius', 41],
        ['payment_form_padding', 2.5],
        ['payment_form_padding', '15'],
        ['new_signup_design_title_font_size', '55px|65px|75px'],
        ['new_signup_design_description_font_size', '25px|25px|35px|35px;color:red'],
        ['login_page_title', ''],
        ['signup_page_title', 'x'.repeat(61)],
        ['show_post_timestamp', 'yes'],
        ['show_media_count_in_exclusive_content', 1],
        ['google_analytics_4_measurement_id', 'UA-12345-1'],
        ['theme2_banner_image_url', 'javascript:alert(1)'],
        ['background_image_url', '/media/x" onerror="alert(1)'],
        ['like_visibility', 'friends'],
        ['tips_minimum_amount', 0],
      ] as const) {
        const r = await put({ [field]: value });
        expect(r.status, `${field}=${String(value).slice(0, 30)}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(JSON.stringify(r.body), field).toContain(field);
      }
      // An inverted tips range is refused by the settings themselves.
      const inverted = await put({ tips_minimum_amount: 300, tips_maximum_amount: 100 });
      expect(inverted.status).toBe(400);
      expect(inverted.body).toMatchObject({ field: 'tips_minimum_amount', message: 'The minimum tip cannot be above the maximum.' });
      expect(await head()).toEqual(before);
    });

    it('the settings roles save (admin, super admin, sub admin, model); the others get 403 and write nothing', async () => {
      for (const role of ['model', 'sub_admin'] as Role[]) {
        const r = await put({ signup_page_title: `Saved by ${role}` }, tokens.get(role));
        expect(r.status, `${role}: ${JSON.stringify(r.body)}`).toBe(200);
      }
      const before = await head();
      for (const role of ['content_manager', 'support', 'live_stream_manager'] as Role[]) {
        expect((await put({ signup_page_title: 'Not allowed' }, tokens.get(role))).status, role).toBe(403);
        expect((await t.call('GET', '/admin-api/settings/site', undefined, { token: tokens.get(role) })).status, role).toBe(403);
      }
      expect((await put({ signup_page_title: 'Not allowed' }, fan)).status).toBe(403);
      expect((await t.call('PUT', '/admin-api/settings/site', { signup_page_title: 'Not allowed' })).status).toBe(401);
      expect(await head()).toEqual(before);
      expect((await publicSettings()).signup_page_title).toBe('Saved by sub_admin');
    });

    it('background settings: the key cannot go on before an image; upload sets it, the key shows it, a new upload replaces the old file', async () => {
      const refused = await useBackground({ use_background_image: true });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: 0, field: 'use_background_image', message: 'Please upload a background image first.' });

      const first = await uploadBackground(admin, await png('#112233'));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ success: 1, message: 'Image uploaded successfully.' });
      const url = first.body.data.url as string;
      expect(url).toMatch(/^\/media\/theme\/[0-9a-f-]{36}\.png$/);
      expect(await publicSettings()).toMatchObject({ background_image_url: url, use_background_image: false });

      const on = await useBackground({ use_background_image: true });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body).toMatchObject({ success: 1, message: 'update settings successfully.', data: { use_background_image: true } });
      expect((await publicSettings()).use_background_image).toBe(true);
      expect((await fetch(t.base + url)).status).toBe(200);

      const second = await uploadBackground(tokens.get('model')!, await png('#445566'), 'second.jpg.png');
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect((await publicSettings()).background_image_url).toBe(second.body.data.url);
      // The replaced image is gone from storage.
      await expect.poll(async () => (await fetch(t.base + url)).status).toBe(404);

      expect((await useBackground({ use_background_image: false })).status).toBe(200);
      expect((await publicSettings()).use_background_image).toBe(false);

      // Deleting the image (the theme-image call) clears the setting and turns the background off.
      expect((await useBackground({ use_background_image: true })).status).toBe(200);
      const deleted = await t.call('POST', '/api/app_settings/delete-theme-image', { url: second.body.data.url }, { token: admin });
      expect(deleted.body).toMatchObject({ success: 1, data: { cleared: expect.arrayContaining(['background_image_url', 'use_background_image']) } });
      expect(await publicSettings()).toMatchObject({ background_image_url: null, use_background_image: false });
    });

    it('background settings: bad bodies and files are 400 naming the field; other roles 403; nothing written', async () => {
      const before = await head();
      for (const body of [{}, { use_background_image: 'yes' }, { use_background_image: null }]) {
        const r = await useBackground(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(r.body)).toContain('use_background_image');
      }
      expect((await uploadBackground(admin, null)).body).toMatchObject({ success: 0, message: 'Please select an image.', field: 'image' });
      expect((await uploadBackground(admin, new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }), 'x.svg')).body).toMatchObject({ success: 0, message: 'Media format is not supported.' });
      for (const role of ['content_manager', 'support', 'live_stream_manager'] as Role[]) {
        expect((await uploadBackground(tokens.get(role)!, await png())).status, role).toBe(403);
        expect((await useBackground({ use_background_image: true }, tokens.get(role))).status, role).toBe(403);
      }
      expect((await uploadBackground(fan, await png())).status).toBe(403);
      expect((await t.call('POST', '/api/app_settings/update_use_background_image_key', { use_background_image: true })).status).toBe(401);
      expect(await head()).toEqual(before);
    });
  });
}

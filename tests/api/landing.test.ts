// Landing page (theme 3), hero banner, social and payment-icon settings and theme images over real HTTP
//: the public theme-3 call, the settings' validation and what the public settings expose,
// the image upload (PNG/JPG only, re-encoded without metadata, stored under theme/) and its deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_SETTINGS } from '../../domain/settings/settings';
import { startTestServer, type TestServer } from '../support/server';

const THEME_URL = /^\/media\/theme\/[0-9a-f-]{36}\.(jpg|png)$/;

describe('landing page and theme images', () => {
  let t: TestServer;
  let admin: string;
  let fan: string;

  const upload = async (file: Blob | null, name: string, token?: string, field = 'image') => {
    const form = new FormData();
    if (file) form.append(field, file, name);
    else form.append('note', 'no file here');
    const res = await fetch(`${t.base}/api/app_settings/upload-theme-image`, { method: 'POST', body: form, headers: token ? { authorization: token } : {} });
    return { status: res.status, body: (await res.json()) as any };
  };
  const png = async () => new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: '#ff0066' } }).png().toBuffer())], { type: 'image/png' });
  const theme3 = async () => (await t.call('GET', '/api/app_settings/get_all_theme_3_settings')).body.data.theme3Settings;
  const put = (changes: Record<string, unknown>) => t.call('PUT', '/admin-api/settings/site', changes, { token: admin });

  beforeAll(async () => {
    t = await startTestServer('pglite');
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    fan = (await t.call('POST', '/api/users/register', { name: 'Fan', email: 'landing.fan@example.com', password: 'fan password 1' })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the theme-3 settings to anyone, with sensible defaults', async () => {
    const r = await t.call('GET', '/api/app_settings/get_all_theme_3_settings');
    expect(r.status).toBe(200);
    const s = r.body.data.theme3Settings;
    expect(s).toMatchObject({
      landing_page_enabled: false,
      model_name: DEFAULT_SETTINGS.model_name,
      first_name: 'Fanclub',
      last_name: 'Creator',
      log_in_navbar_name: 'Log In',
      sign_up_navbar_name: 'Sign Up',
      background_color: DEFAULT_SETTINGS.content_color,
      accent_color: DEFAULT_SETTINGS.theme_color,
      top_banner: { enabled: false, video_url: null },
      main_banner: { enabled: true, type: 'image', image_url: null, show_social_icons: true },
      section1: { enabled: true, alignment: 'left', image_url: null },
      section2: { enabled: true },
      grid: { enabled: false, images: [] },
      section3: { enabled: true, alignment: 'center' },
      social_links: {},
      payment_icons: ['visa', 'mastercard', 'amex', 'discover'],
    });
    expect(s.section1.title).toBeTruthy();
    const pub = (await t.call('GET', '/api/app_settings/get')).body.data;
    expect(pub).toMatchObject({ landing_page_enabled: false, log_in_navbar_name: 'Log In', sign_up_navbar_name: 'Sign Up', social_links: {}, is_feed_like_enabled: true });
    expect(pub.hero_banner).toMatchObject({ enabled: true, type: 'image', images: [], height: ['240px', '300px', '340px', '380px'] });
  });

  it('staff save the landing, banner, social and payment-icon settings; the fan site sees them', async () => {
    const r = await put({
      landing_page_enabled: true,
      log_in_navbar_name: 'Sign in',
      sign_up_navbar_name: 'Join',
      banner_type: 'video',
      banner_video_url: 'https://cdn.example.com/hero.mp4',
      banner_mobile_video_url: '',
      banner_images: ['/media/theme/00000000-0000-4000-8000-000000000001.jpg', null],
      banner_height: '200px|260px|320px|400px',
      instagram_url: 'https://instagram.com/creator',
      tiktok_url: 'https://tiktok.com/@creator',
      twitter_url: '',
      payment_icons: ['mastercard', 'visa'],
      theme3_model_first_name: 'Ann',
      theme3_model_last_name: 'Marie',
      theme3_section1_alignment: 'right',
      theme3_grid_enabled: true,
      theme3_grid_images: [null, 'https://cdn.example.com/1.jpg'],
      theme3_background_color: '#101010',
      theme3_heading_font: 'Georgia, serif',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ landing_page_enabled: true, banner_mobile_video_url: null, twitter_url: null });

    const pub = (await t.call('GET', '/api/app_settings/get')).body.data;
    expect(pub).toMatchObject({ landing_page_enabled: true, log_in_navbar_name: 'Sign in', sign_up_navbar_name: 'Join' });
    expect(pub.hero_banner).toMatchObject({ type: 'video', video_url: 'https://cdn.example.com/hero.mp4', mobile_video_url: null, images: ['/media/theme/00000000-0000-4000-8000-000000000001.jpg'], height: ['200px', '260px', '320px', '400px'] });
    // Icons in a fixed order, only the networks filled in.
    expect(pub.social_links).toEqual({ instagram: 'https://instagram.com/creator', tiktok: 'https://tiktok.com/@creator' });
    expect(pub.payment_icons).toEqual(['visa', 'mastercard']);

    const s = await theme3();
    expect(s).toMatchObject({ landing_page_enabled: true, first_name: 'Ann', last_name: 'Marie', background_color: '#101010', heading_font: 'Georgia, serif', grid: { enabled: true, images: ['https://cdn.example.com/1.jpg'] } });
    expect(s.section1.alignment).toBe('right');

    // Icons off: no payment icons anywhere.
    await put({ show_payment_icons: false });
    expect((await t.call('GET', '/api/app_settings/get')).body.data.payment_icons).toEqual([]);
    expect((await theme3()).payment_icons).toEqual([]);
    await put({ show_payment_icons: true, landing_page_enabled: false });
  });

  it('refuses links that are not http(s) or uploaded files, and other bad values, naming the field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ theme3_section1_image_url: 'javascript:alert(1)' }, 'theme3_section1_image_url'],
      [{ instagram_url: '/media/theme/x.jpg' }, 'instagram_url'],
      [{ banner_images: ['data:image/png;base64,AAAA'] }, 'banner_images.0'],
      [{ banner_images: Array(6).fill(null) }, 'banner_images'],
      [{ theme3_grid_images: Array(7).fill(null) }, 'theme3_grid_images'],
      [{ theme3_section2_alignment: 'middle' }, 'theme3_section2_alignment'],
      [{ payment_icons: ['bitcoin'] }, 'payment_icons.0'],
      [{ banner_height: '300px' }, 'banner_height'],
      [{ theme3_background_color: 'red' }, 'theme3_background_color'],
      [{ theme3_body_font: 'x; } body { display:none' }, 'theme3_body_font'],
      [{ log_in_navbar_name: '' }, 'log_in_navbar_name'],
      [{ banner_type: 'gif' }, 'banner_type'],
    ];
    for (const [changes, field] of bad) {
      const r = await put(changes);
      expect(r.status, JSON.stringify(changes)).toBe(400);
      expect(r.body.field, JSON.stringify(changes)).toBe(field);
    }
    expect((await t.call('PUT', '/admin-api/settings/site', { landing_page_enabled: true }, { token: fan })).status).toBe(403);
  });

  it('uploads PNG and JPG theme images for staff only, re-encoded without metadata, under theme/', async () => {
    expect((await upload(await png(), 'a.png')).status).toBe(401);
    expect((await upload(await png(), 'a.png', fan)).status).toBe(403);

    const p = await upload(await png(), 'banner.png', admin);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ success: 1, message: 'Image uploaded successfully.' });
    expect(p.body.data.url).toMatch(THEME_URL);
    expect(p.body.data.url.endsWith('.png')).toBe(true);
    const pngKey = p.body.data.url.replace('/media/', '');
    expect((await sharp(await t.server.services.storage.read(pngKey)).metadata()).format).toBe('png');

    // A JPEG with EXIF (as phones write, GPS included): stored as JPEG, the metadata gone.
    const jpegWithExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret camera owner' } })
      .toBuffer();
    expect((await sharp(jpegWithExif).metadata()).exif).toBeDefined();
    const j = await upload(new Blob([new Uint8Array(jpegWithExif)], { type: 'image/jpeg' }), 'photo.JPG', admin);
    expect(j.status, JSON.stringify(j.body)).toBe(200);
    expect(j.body.data.url).toMatch(/\.jpg$/);
    const stored = await t.server.services.storage.read(j.body.data.url.replace('/media/', ''));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    // Only PNG and JPG — by the bytes, not the name.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const [blob, name] of [
      [new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'a.gif'],
      [new Blob([new Uint8Array(gif)], { type: 'image/png' }), 'a.png'],
      [new Blob(['not an image at all'], { type: 'image/png' }), 'fake.png'],
      [await png(), 'banner.exe'],
    ] as const) {
      const r = await upload(blob, name, admin);
      expect(r.status, name).toBe(400);
      expect(r.body).toMatchObject({ message: 'Media format is not supported.', field: 'image' });
    }
    // A truncated PNG (right signature, broken body) is refused too.
    const truncated = new Uint8Array(await (await png()).arrayBuffer()).slice(0, 40);
    expect((await upload(new Blob([truncated], { type: 'image/png' }), 'cut.png', admin)).body.message).toBe('Media format is not supported.');

    expect((await upload(null, '', admin)).body).toMatchObject({ message: 'Please select an image.' });
    expect((await t.call('POST', '/api/app_settings/upload-theme-image', {}, { token: admin })).body).toMatchObject({ message: 'Please select an image.' });
  });

  it('deleting a theme image drops it from every setting that used it', async () => {
    const a = (await upload(await png(), 'a.png', admin)).body.data.url as string;
    const b = (await upload(await png(), 'b.png', admin)).body.data.url as string;
    expect((await put({ theme3_section1_image_url: a, banner_logo_url: a, theme3_grid_images: [b, a, b], banner_images: [a] })).status).toBe(200);

    expect((await t.call('POST', '/api/app_settings/delete-theme-image', { url: a }, { token: fan })).status).toBe(403);
    expect((await t.call('POST', '/api/app_settings/delete-theme-image', { url: 'https://example.com/x.jpg' }, { token: admin })).body).toMatchObject({ success: 0, message: 'Invalid Request', field: 'url' });
    expect((await t.call('POST', '/api/app_settings/delete-theme-image', { url: '/media/theme/../secret.jpg' }, { token: admin })).status).toBe(400);

    const r = await t.call('POST', '/api/app_settings/delete-theme-image', { url: a }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Image deleted successfully.');
    expect(new Set(r.body.data.cleared)).toEqual(new Set(['theme3_section1_image_url', 'banner_logo_url', 'theme3_grid_images', 'banner_images']));

    const site = (await t.call('GET', '/admin-api/settings/site', undefined, { token: admin })).body;
    expect(site).toMatchObject({ theme3_section1_image_url: null, banner_logo_url: null, theme3_grid_images: [b, null, b], banner_images: [null] });
    // Its bytes are gone from storage; the other image stays.
    expect(await t.server.services.storage.exists(a.slice('/media/'.length))).toBe(false);
    expect(await t.server.services.storage.exists(b.slice('/media/'.length))).toBe(true);
    expect((await fetch(t.base + b)).status).toBe(200);
    expect((await theme3()).grid.images).toEqual([b, b]);

    // Deleting again (or an image no setting uses) changes nothing.
    expect((await t.call('POST', '/api/app_settings/delete-theme-image', { url: a }, { token: admin })).body.data.cleared).toEqual([]);
  });

  it('a save that stops using a theme image (the console\'s Remove, then Save) removes its file; images still used stay', async () => {
    const a = (await upload(await png(), 'a.png', admin)).body.data.url as string;
    const b = (await upload(await png(), 'b.png', admin)).body.data.url as string;
    const c = (await upload(await png(), 'c.png', admin)).body.data.url as string;
    expect((await put({ theme3_section2_image_url: a, banner_images: [b, c], model_avatar_url: c })).status).toBe(200);
    // Replace a, drop c from the banner (the avatar still shows it), keep b.
    const d = (await upload(await png(), 'd.png', admin)).body.data.url as string;
    expect((await put({ theme3_section2_image_url: d, banner_images: [b, null] })).status).toBe(200);
    const stored = (url: string) => t.server.services.storage.exists(url.slice('/media/'.length));
    expect(await stored(a)).toBe(false);
    expect(await stored(b)).toBe(true);
    expect(await stored(c)).toBe(true);
    expect(await stored(d)).toBe(true);
    expect((await put({ model_avatar_url: null })).status).toBe(200);
    expect(await stored(c)).toBe(false);
  });
});

// Issue 4's whole content path in a real browser: an admin composes a locked gallery (two photos and a video)
// with a separate preview in the console and watches it process; a guest sees it blurred with only the preview
// open; a subscriber unlocks it from the feed and sees the originals in the gallery viewer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';
import { makeTestVideo } from '../media/support';

const hasChromium = requireChromium();
const CAPTION = 'Night swim, three ways';
const FAN = { email: 'content.fan@example.com', password: 'content fan password 1' };

async function photo(dir: string, name: string, colour: string) {
  const file = path.join(dir, name);
  const noise = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  fs.writeFileSync(file, await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).composite([{ input: noise, blend: 'overlay' }]).jpeg().toBuffer());
  return file;
}

describe.skipIf(!hasChromium)('compose a locked gallery, watch it process, guest sees it blurred, a subscriber unlocks it (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let postId: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    return page;
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const fan = (await t.call('POST', '/api/users/register', { name: 'Content Fan', ...FAN })).body.data.token;
    const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: FAN.email, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan });
    expect(sub.body.data?.accepted, JSON.stringify(sub.body)).toBe(true);
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await t?.close();
  });

  it('the admin composes a locked gallery of two photos and a video with a separate preview, and sees it under process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-content-'));
    const one = await photo(dir, 'pool-1.jpg', '#0b3d91');
    const two = await photo(dir, 'pool-2.jpg', '#1f7a8c');
    const preview = await photo(dir, 'pool-teaser.jpg', '#f4a261');
    const clip = path.join(dir, 'pool-clip.mp4');
    fs.writeFileSync(clip, await makeTestVideo({ seconds: 2 }));

    const page = await newPage();
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(t.adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('menu-posts').waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/admin/posts/create');
    await page.getByTestId('composer').waitFor({ timeout: 20_000 });

    await page.getByTestId('media-input').setInputFiles([one, two, clip]);
    await expect.poll(() => page.getByTestId('media-previews').getByTestId('media-preview').count()).toBe(3);
    await page.getByLabel('Caption').fill(CAPTION);
    await page.getByTestId('amount-input').fill('12');
    await page.getByTestId('preview-switch').check();
    await page.getByTestId('preview-input').setInputFiles(preview);
    await page.getByTestId('preview-tile').waitFor();
    await page.getByTestId('composer-submit').click();
    const success = page.getByTestId('composer-success-message');
    await success.waitFor({ timeout: 90_000 });
    // The video is rendered by the media worker after the post is made: the post starts under process.
    expect(await success.innerText()).toBe('The uploaded post is being processed and will be visible in some time.');

    const list = await t.call('GET', `/admin-api/posts?filter=${encodeURIComponent(JSON.stringify({ q: CAPTION }))}`, undefined, { token: admin });
    expect(list.body).toHaveLength(1);
    postId = list.body[0].id;
    expect(list.body[0]).toMatchObject({ visibility: 'locked', price_cents: 1200, blog_type: 'gallery' });

    // Fans do not see it while the video renders (a fast machine may have finished it already: then every item
    // must be ready).
    const asGuest = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`);
    if (asGuest.status === 200) expect((await t.call('GET', `/admin-api/posts/${postId}`, undefined, { token: admin })).body).toMatchObject({ status: 'published' });
    else expect(asGuest.status).toBe(404);

    // The console shows it under process, then published once the worker is done.
    await page.goto(t.base + '/admin/posts');
    const status = page.getByTestId('post-status').first();
    await status.waitFor({ timeout: 20_000 });
    await shootBothWidths(page, 'content-01-console-processing');
    await expect
      .poll(
        async () => {
          await page.reload();
          await status.waitFor({ timeout: 20_000 });
          return status.getAttribute('data-status');
        },
        { timeout: 120_000, interval: 2000 },
      )
      .toBe('published');
    await shootBothWidths(page, 'content-02-console-published');
  });

  it('a guest sees the post blurred: only the preview is open, no original is handed out', async () => {
    const page = await newPage();
    await page.goto(t.base + '/');
    // A new visitor meets the age gate first.
    await page.getByRole('button', { name: 'Enter' }).click({ timeout: 20_000 });
    const card = page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('data-locked')).toBe('true');
    await card.getByTestId('preview-chip').waitFor();
    const sources = await card.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    // Blurred previews for the three items; the preview's own thumbnail; nothing else signed.
    expect(sources.some((s) => s.startsWith('/media/blur/'))).toBe(true);
    expect(sources.filter((s) => s.includes('sig=')).length).toBeLessThanOrEqual(1);
    const view = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`)).body.data;
    expect(view.media.map((m: { url: string | null }) => m.url)).toEqual([null, null, null]);
    expect(view.media_preview.url).toMatch(/sig=/);
    await shootBothWidths(page, 'content-03-guest-blurred');
  });

  it('a subscriber unlocks it from the feed and sees the originals in the gallery viewer', async () => {
    const page = await newPage();
    // This fan has been through the age gate before (the guest above sees it; a signed-in fan never does).
    await page.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    await page.goto(t.base + '/login');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(FAN.email);
    await page.getByLabel('Password', { exact: true }).fill(FAN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.goto(t.base + '/');
    const card = page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('data-locked')).toBe('true');
    await card.getByTestId('unlock-button').first().click();
    await page.getByText('Please Confirm Your Purchase of $12.00.').waitFor({ timeout: 10_000 });
    // The confirmation says what will be charged: the card the fan subscribed with, now their primary card.
    await expect.poll(() => page.getByTestId('confirm-purchase-source').textContent(), { timeout: 10_000 }).toBe('Charged to: Visa •••• 4242');
    await shootBothWidths(page, 'content-04-confirm');
    await page.getByTestId('confirm-purchase').click();
    await expect.poll(() => card.getAttribute('data-locked'), { timeout: 30_000 }).toBe('false');

    // The originals: the viewer shows the full photo, and the video plays from its signed MP4.
    await shootBothWidths(page, 'content-05-unlocked');
    await card.getByTestId('open-media').filter({ visible: true }).first().click();
    const viewer = page.getByTestId('media-viewer');
    await viewer.waitFor();
    const img = page.getByTestId('media-viewer-image');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(1000);
    expect(await img.getAttribute('src')).toMatch(/^\/media\/originals\/.+sig=/);
    await shootBothWidths(page, 'content-06-unlocked-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    const fanToken = (await t.call('POST', '/api/users/login', FAN)).body.data.token;
    const view = (await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: fanToken })).body.data;
    expect(view.isLocked).toBe(false);
    for (const m of view.media as { url: string; content_type: string }[]) {
      const res = await fetch(t.base + m.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(m.content_type === 'video' ? 'video/mp4' : 'image/jpeg');
    }
    // Reloaded, it stays unlocked.
    await page.reload();
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('data-locked')).toBe('false');
  });

  it('logged no browser errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

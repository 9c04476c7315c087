// Review And Post in a real browser: a locked gallery whose second item fails to process shows in
// the console with an error status; the post menu offers Review And Post; the dialog marks the errored item,
// the admin removes it, changes the caption and posts again; the post is published, fans see it with the one
// good item and the new caption, and Review And Post is no longer offered (nor accepted by the API).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mediaEvents } from '../support/media-events';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInConsole, settled } from '../support/browser';

const hasChromium = requireChromium();
const CAPTION = 'Harbour lights, a gallery';
const FIXED = 'Harbour lights, reviewed';

describe.skipIf(!hasChromium)('Review And Post fixes an errored post in the console (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let adminId: string;
  let goodItem: string;
  let brokenItem: string;
  let postId: string;
  const pageErrors: string[] = [];

  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});

  const { heldMedia, fail } = mediaEvents(() => t, () => adminId);

  const uploadImage = async (title: string) => {
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 60, b: 120 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg()
      .toBuffer();
    const presign = await post('/api/upload/generate_presigned_url', { file_name: `${title}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin);
    const put = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
    expect(put.status).toBe(200);
    const saved = await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin);
    expect(saved.body.data.status).toBe('ready');
    return saved.body.data.id as string;
  };

  /** Screenshots at both widths; at phone width nothing may stick out sideways. */
  const shoot = async (name: string) => {
    await shootBothWidths(page, name);
    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} overflows at 375 px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
    await settled(page);
  };
  const row = () => page.locator('tr', { hasText: CAPTION });
  const fixedRow = () => page.locator('tr', { hasText: FIXED });

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    adminId = (await get('/api/users/me', admin)).body.data._id;

    // A locked gallery of a ready photo and an item still processing, whose processing then fails.
    goodItem = await uploadImage('harbour-good');
    brokenItem = await heldMedia();
    const created = await post('/api/blogs', { caption: CAPTION, visibility: 'locked', amount: 10, media_ids: [goodItem, brokenItem] }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    postId = created.body.data._id;
    await fail(brokenItem);
    const staff = (await get('/api/blogs/all', admin)).body.data.blogs.find((b: any) => b._id === postId);
    expect(staff).toMatchObject({ isError: true, processing: false, gallery_process_error_index: [1] });
    expect((await get('/api/blogs')).body.data.blogs.find((b: any) => b._id === postId)).toBeUndefined();

    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in and lists the post with an error status', async () => {
    await signInConsole(page, t.base, t.adminEmail, t.adminPassword);
    await page.getByTestId('menu-posts').waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/admin/posts');
    await row().waitFor({ timeout: 20_000 });
    expect(await row().getByTestId('post-status').getAttribute('data-status')).toBe('error');
    await shoot('review-01-list-error');
  });

  it('opens Review And Post from the menu; the errored item is marked', async () => {
    await row().getByTestId('post-menu').click();
    const items = await page.locator('[data-testid^="post-action-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(items).toContain('post-action-review');
    expect(items).not.toContain('post-action-reuse'); // reuse is for settled posts only
    await page.getByTestId('post-action-review').click();
    const dialog = page.getByTestId('review-post-dialog');
    await dialog.getByRole('heading', { name: 'Review And Post' }).waitFor({ timeout: 15_000 });
    await dialog.getByTestId('dialog-loading').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => dialog.getByLabel('Caption').inputValue()).toBe(CAPTION);
    expect(await dialog.getByTestId('amount-input').inputValue()).toBe('10');

    const tiles = dialog.getByTestId('media-previews').getByTestId('media-preview');
    await expect.poll(() => tiles.count()).toBe(2);
    await dialog.getByText('1 item could not be processed (marked in red).', { exact: false }).waitFor();
    // The second item carries the error mark, the first does not.
    await expect.poll(() => tiles.nth(1).getByTestId('media-error-mark').count()).toBe(1);
    expect(await tiles.nth(0).getByTestId('media-error-mark').count()).toBe(0);
    expect(await tiles.nth(1).getByRole('button', { name: 'Remove Item 2' }).count()).toBe(1);
    await shoot('review-02-dialog-errored');
  });

  it('removes the errored item, changes the caption and posts again; the post is published', async () => {
    const dialog = page.getByTestId('review-post-dialog');
    const tiles = dialog.getByTestId('media-previews').getByTestId('media-preview');
    // A gallery needs a caption (a single item may go without one): checked while both items are there.
    await dialog.getByLabel('Caption').fill('');
    await dialog.getByTestId('review-save').click();
    await dialog.getByText('Please Add Caption').first().waitFor();
    expect(await tiles.count()).toBe(2);

    // A real click: the remove button must not be covered by the error mark.
    await dialog.getByRole('button', { name: 'Remove Item 2' }).click({ timeout: 5_000 });
    await expect.poll(() => tiles.count()).toBe(1);
    await dialog.getByText('Check the media and post again.').waitFor();
    await dialog.getByLabel('Caption').fill(FIXED);
    await shoot('review-03-dialog-fixed');

    await dialog.getByTestId('review-save').click();
    await page.getByText('Content reviewed successfully.').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('review-post-dialog').waitFor({ state: 'detached', timeout: 15_000 });
    await fixedRow().waitFor({ timeout: 15_000 });
    await expect.poll(() => fixedRow().getByTestId('post-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('published');
    expect(await row().count()).toBe(0);
    await shoot('review-04-list-published');
  });

  it('fans see the post with the one good item and the new caption', async () => {
    // A guest sees the post (its caption hidden, as for every locked post shown to a guest) with one item.
    const guest = (await get('/api/blogs')).body.data.blogs.find((b: any) => b._id === postId);
    expect(guest).toMatchObject({ captionBlur: true, isLocked: true, isError: false, processing: false, amount: 10 });
    expect(guest.media.map((m: any) => m._id)).toEqual([goodItem]);
    // A subscribed fan reads the new caption.
    const registered = await post('/api/users/register', { name: 'Review Fan', email: 'review.fan@example.com', password: 'fan password 1' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await post('/api/admin/give_complimentary_subscription', { user_id: registered.body.data.userId, months: 1 }, admin)).status).toBe(200);
    const fan = (await get('/api/blogs', registered.body.data.token)).body.data.blogs.find((b: any) => b._id === postId);
    expect(fan).toMatchObject({ description: FIXED, captionBlur: false, isLocked: true, cta: 'unlock', isError: false, processing: false, amount: 10 });
    expect(fan.media.map((m: any) => m._id)).toEqual([goodItem]);
    expect((await get(`/api/blog/get-blog-data-by-id?id=${postId}`)).status).toBe(200);
    expect((await get(`/admin-api/posts/${postId}`, admin)).body).toMatchObject({ status: 'published' });
  });

  it('a published post is not offered Review And Post, and the API refuses it', async () => {
    await fixedRow().getByTestId('post-menu').click();
    const menu = page.locator('[data-testid^="post-action-"]');
    await menu.first().waitFor();
    const items = await menu.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(items).toEqual(expect.arrayContaining(['post-action-edit', 'post-action-reuse']));
    expect(items).not.toContain('post-action-review');
    await page.keyboard.press('Escape');

    const again = await post('/api/blog/post-reviewed-blog', { blog_id: postId, description: 'again', media: [goodItem], amount: 10 }, admin);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: 'Invalid Request', field: 'blog_id' });
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

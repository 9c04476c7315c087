// The console's composer and post management in a real browser: the admin composes a locked
// gallery of two new photos plus a separate preview, in a category and with a tag, meets the spec's validation
// messages (format, caption, amount, preview, a schedule in the past), watches the per-file progress with every
// control disabled, gets the server's success message and a reset form; then edits the caption from the post
// menu, sees the post's page, and an upload cancelled by going offline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, settled } from '../support/browser';

const hasChromium = requireChromium();

const POSTED = ['Content posted successfully.', 'The uploaded post is being processed and will be visible in some time.'];

/** A real photo with some texture (so it has a realistic size), written to `dir`. */
async function photo(dir: string, name: string, colour: string, format: 'jpeg' | 'png' | 'gif' = 'jpeg') {
  const file = path.join(dir, name);
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).tint(colour);
  const out = format === 'png' ? image.png() : format === 'gif' ? image.resize(200, 150).gif() : image.jpeg({ quality: 85 });
  fs.writeFileSync(file, await out.toBuffer());
  return file;
}

describe.skipIf(!hasChromium)('composer and post management end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let files: { one: string; two: string; preview: string; gif: string; single: string };
  const caption = 'Golden hour at the harbour';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const category = await t.call('POST', '/api/media/category', { name: 'Harbour' }, { token: admin });
    expect(category.status).toBeLessThan(300);
    const tag = await t.call('POST', '/api/feed-tags/add-or-update', { name: 'sunsets', slug: 'sunsets' }, { token: admin });
    expect(tag.status).toBe(200);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-composer-'));
    files = {
      one: await photo(dir, 'harbour-1.jpg', '#1d3557'),
      two: await photo(dir, 'harbour-2.jpg', '#e63946'),
      preview: await photo(dir, 'teaser.png', '#f4a261', 'png'),
      gif: await photo(dir, 'animation.gif', '#2a9d8f', 'gif'),
      single: await photo(dir, 'offline.jpg', '#264653'),
    };
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Screenshots at both widths; at phone width nothing may stick out sideways. */
  const shoot = async (name: string) => {
    await shootBothWidths(page, name);
    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} overflows at 375 px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  };
  const submit = () => page.getByTestId('composer-submit').click();
  const tiles = () => page.getByTestId('media-previews').getByTestId('media-preview');

  it('signs in and opens the composer', async () => {
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(t.adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('menu-posts').waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/admin/posts/create');
    await page.getByTestId('composer').waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Locked').isChecked()).toBe(true);
    expect(await page.getByTestId('amount-input').inputValue()).toBe('20');
    // Public is offered only when the settings enable public posts.
    const publicEnabled = (await t.call('GET', '/api/app_settings/get')).body.data.enable_public_post;
    expect(await page.getByRole('radio', { name: 'Public' }).count()).toBe(publicEnabled ? 1 : 0);
    await shoot('20-composer-empty');
  });

  it('answers with the spec\'s messages for missing media, a bad format, a missing caption and a bad amount', async () => {
    await submit();
    expect(await page.getByTestId('media-error').innerText()).toBe('Please Select Media');

    await page.getByTestId('media-input').setInputFiles(files.gif);
    expect(await page.getByTestId('media-error').innerText()).toBe('Media format is not supported.');
    expect(await tiles().count()).toBe(0);

    await page.getByTestId('media-input').setInputFiles([files.one, files.two]);
    await expect.poll(() => tiles().count()).toBe(2);
    // The same file again (same name and size) is ignored.
    await page.getByTestId('media-input').setInputFiles(files.one);
    expect(await tiles().count()).toBe(2);
    // A third file in a gallery that is not supported is named by its position.
    await page.getByTestId('media-input').setInputFiles(files.gif);
    expect(await page.getByTestId('media-error').innerText()).toBe('Image Number 3 media format is not supported.');

    await submit();
    expect(await page.getByTestId('caption-input').evaluate((el) => el.getAttribute('aria-invalid'))).toBe('true');
    await page.getByText('Please Add Caption').first().waitFor();
    await page.getByLabel('Caption').fill(caption);

    await page.getByTestId('amount-input').fill('3');
    await page.getByTestId('amount-input').blur();
    await page.getByText('Choose an amount between 5 and 450').first().waitFor();
    expect(await page.getByTestId('amount-input').inputValue()).toBe('5');
    await page.getByTestId('amount-input').fill('15');
  });

  it('adds one preview, reorders with the arrows, picks a category and a tag', async () => {
    await page.getByTestId('preview-switch').check();
    await page.getByTestId('preview-input').setInputFiles(files.preview);
    await page.getByTestId('preview-tile').waitFor();
    // A second preview is refused.
    await tiles().first().getByLabel('Set as Preview').click();
    expect(await page.getByTestId('preview-error').innerText()).toBe('You can not add more than one preview.');
    expect(await tiles().first().getByLabel('Set as Preview').isChecked()).toBe(false);

    await page.getByTestId('reorder-switch').check();
    await page.getByRole('button', { name: 'Move harbour-2.jpg left' }).click();
    await expect.poll(() => tiles().locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['harbour-2.jpg', 'harbour-1.jpg']);
    // A real HTML5 drag and drop: the tile now second (harbour-1.jpg) dropped onto the first puts it back first.
    const draggable = (n: number) => tiles().nth(n).locator('[draggable="true"]');
    expect(await draggable(1).locator('img').getAttribute('alt')).toBe('harbour-1.jpg');
    await draggable(1).dragTo(draggable(0));
    await expect.poll(() => tiles().locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['harbour-1.jpg', 'harbour-2.jpg']);
    await page.getByTestId('reorder-switch').uncheck();

    await page.getByLabel('Category').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['Harbour']); // 'All Media' and 'Preview' are hidden
    await options.first().click();
    expect(await page.getByLabel('Category').inputValue()).toBe('Harbour');

    await page.getByTestId('tags-open').click();
    await page.getByTestId('tag-list').getByText('sunsets').click();
    await page.getByTestId('tags-update').click();
    await page.getByTestId('tag-chips').getByText('sunsets').waitFor();
  });

  it('refuses a schedule in the past', async () => {
    await page.getByTestId('schedule-switch').check();
    const yesterday = new Date(Date.now() - 86_400_000);
    const ymd = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    await page.getByTestId('schedule-date').fill(ymd);
    await submit();
    expect(await page.getByTestId('schedule-error').innerText()).toBe('Schedule date cannot be in the past.');
    await shoot('21-composer-filled');
    await page.getByTestId('schedule-switch').uncheck();
  });

  it('uploads with per-file progress and every control disabled, then shows the server message and resets', async () => {
    // Slow the raw uploads down so the progress is visible.
    await page.route('**/api/upload/put/**', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await submit();
    await page.getByTestId('upload-summary').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('composer-submit').isDisabled()).toBe(true);
    expect(await page.getByLabel('Caption').isDisabled()).toBe(true);
    expect(await page.getByTestId('amount-input').isDisabled()).toBe(true);
    expect(await page.getByLabel('Private').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('upload-progress').count()).toBe(3); // preview + two photos
    await shoot('22-composer-uploading');

    const success = page.getByTestId('composer-success-message');
    await success.waitFor({ timeout: 60_000 });
    expect(POSTED).toContain(await success.innerText());
    await page.unroute('**/api/upload/put/**');
    // Reset to Locked, amount 20, nothing chosen.
    expect(await page.getByLabel('Caption').inputValue()).toBe('');
    expect(await page.getByLabel('Locked').isChecked()).toBe(true);
    expect(await page.getByTestId('amount-input').inputValue()).toBe('20');
    expect(await page.getByTestId('media-previews').count()).toBe(0);
    await shoot('23-composer-posted');

    const list = await t.call('GET', `/admin-api/posts?filter=${encodeURIComponent(JSON.stringify({ q: caption }))}`, undefined, { token: admin });
    expect(list.body).toHaveLength(1);
    const post = list.body[0];
    expect(post).toMatchObject({ caption, visibility: 'locked', price_cents: 1500, blog_type: 'gallery' });
    expect(post.media).toHaveLength(2);
    expect(post.preview_media_id).toBeTruthy();
    expect(post.category_id).toBeTruthy();
    const full = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${post.id}`, undefined, { token: admin });
    expect(full.body.data.category_id).toBe(post.category_id);
    const tags = (await t.call('POST', '/api/feed-tags/', {}, { token: admin })).body.data.feed_tags;
    expect(tags.find((x: any) => x.name === 'sunsets')?.count).toBe(1);
  });

  it('lists the post with its status and edits the caption from the post menu', async () => {
    await page.goto(t.base + '/admin/posts');
    await page.getByText(caption).first().waitFor({ timeout: 20_000 });
    expect(['published', 'processing']).toContain(await page.getByTestId('post-status').first().getAttribute('data-status'));
    await shoot('24-posts-list');

    await page.getByTestId('post-menu').first().click();
    const items = await page.locator('[data-testid^="post-action-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(items).toEqual(expect.arrayContaining(['post-action-edit', 'post-action-tags', 'post-action-reuse', 'post-action-delete']));
    await page.getByTestId('post-action-edit').click();
    const dialog = page.getByTestId('edit-post-dialog');
    await dialog.getByTestId('edit-caption').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('edit-caption').inputValue()).toBe(caption);
    await dialog.getByTestId('edit-caption').fill('');
    await dialog.getByTestId('edit-save').click();
    await dialog.getByText('Please Add Caption').waitFor();
    await dialog.getByTestId('edit-caption').fill(`${caption}, edited`);
    await shoot('25-edit-post');
    await dialog.getByTestId('edit-save').click();
    await page.getByText('Post updated successfully.').first().waitFor({ timeout: 15_000 });
    await page.getByText(`${caption}, edited`).first().waitFor({ timeout: 15_000 });
  });

  it('opens the post page with its media, tags and menu', async () => {
    await page.getByText(`${caption}, edited`).first().click();
    await page.waitForURL('**/admin/posts/*/show', { timeout: 15_000 });
    await page.getByTestId('post-caption').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('post-caption').innerText(), { timeout: 10_000 }).toBe(`${caption}, edited`);
    await page.getByTestId('post-tags-section').getByText('Loading…').waitFor({ state: 'detached', timeout: 15_000 });
    await shoot('26-post-show');
  });

  it('reuses the post as a new version grouped with it, then deletes that version', async () => {
    await page.getByTestId('post-menu').first().click();
    await page.getByTestId('post-action-reuse').click();
    const dialog = page.getByTestId('reuse-post-dialog');
    await expect.poll(() => dialog.getByTestId('amount-input').inputValue(), { timeout: 15_000 }).toBe('15');
    await dialog.getByLabel('Caption').fill('Golden hour, once more');
    await dialog.getByTestId('amount-input').fill('12');
    await dialog.getByTestId('reuse-save').click();
    await page.getByTestId('reuse-post-dialog').waitFor({ state: 'detached', timeout: 15_000 });
    await page.goto(t.base + '/admin/posts');
    await page.getByText('Golden hour, once more').first().waitFor({ timeout: 15_000 });
    // The two versions sit together; the new one is marked as reused.
    await expect.poll(() => page.getByTestId('version-chip').allInnerTexts()).toEqual(expect.arrayContaining(['Reused', '2 versions']));
    await shoot('27-posts-versions');

    const row = page.locator('tr', { hasText: 'Golden hour, once more' });
    await row.getByTestId('post-menu').click();
    await page.getByTestId('post-action-delete').click();
    await page.getByTestId('delete-post-dialog').getByText('Are you sure you want to delete this post?').waitFor();
    await page.getByTestId('delete-post-dialog-confirm').click();
    await page.getByText('Post deleted.').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('Golden hour, once more').count(), { timeout: 15_000 }).toBe(0);
  });

  it('composes a private post from the Content Manager', async () => {
    await page.goto(t.base + '/admin/posts/create');
    await page.getByTestId('composer').waitFor({ timeout: 20_000 });
    await page.getByTestId('source-library').click();
    await page.getByTestId('library-button').click();
    const picker = page.getByTestId('media-picker');
    await expect.poll(() => picker.getByTestId('library-item').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await picker.getByTestId('library-item-checkbox').nth(0).click();
    await picker.getByTestId('library-item-checkbox').nth(1).click();
    await picker.getByTestId('media-picker-select').click();
    await expect.poll(() => tiles().count()).toBe(2);
    await page.getByLabel('Caption').fill('From the library');
    await page.getByLabel('Private').check();
    // No amount and no preview for a private post.
    expect(await page.getByTestId('amount-input').count()).toBe(0);
    expect(await page.getByTestId('preview-switch').count()).toBe(0);
    await shoot('28-composer-library');
    await submit();
    await page.getByTestId('composer-success-message').waitFor({ timeout: 30_000 });
    const list = await t.call('GET', `/admin-api/posts?filter=${encodeURIComponent(JSON.stringify({ q: 'From the library' }))}`, undefined, { token: admin });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ visibility: 'private', price_cents: 0, preview_media_id: null });
    expect(list.body[0].media).toHaveLength(2);

    // Photo tools from the post menu: rotate (with the spec's confirmation) and refresh the blurred image.
    await page.goto(t.base + '/admin/posts');
    const row = page.locator('tr', { hasText: 'From the library' });
    await row.getByTestId('post-menu').click({ timeout: 15_000 });
    await page.getByTestId('post-action-rotateRight').click();
    await page.getByTestId('rotate-dialog').getByText('Are you sure you want to rotate this image?').waitFor();
    await page.getByTestId('rotate-dialog-confirm').click();
    await page.getByText('Image rotated successfully.').first().waitFor({ timeout: 20_000 });
    await row.getByTestId('post-menu').click();
    await page.getByTestId('post-action-refreshBlur').click();
    await page.getByText('Blur image refreshed.').first().waitFor({ timeout: 20_000 });
  });

  it('cancels the upload with the spec\'s message when the browser goes offline', async () => {
    await page.goto(t.base + '/admin/posts/create');
    await page.getByTestId('composer').waitFor({ timeout: 20_000 });
    await page.getByTestId('media-input').setInputFiles(files.single);
    const before = (await t.call('GET', '/admin-api/posts', undefined, { token: admin })).body.length;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/upload/put/**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await submit();
    await page.getByTestId('upload-summary').waitFor({ timeout: 10_000 });
    await page.context().setOffline(true);
    await page.getByText('Seems you are offline. Please check your internet connection and post again.').first().waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);
    release();
    await page.unroute('**/api/upload/put/**');
    // The form is usable again and nothing was posted.
    expect(await page.getByTestId('composer-submit').isDisabled()).toBe(false);
    const list = await t.call('GET', '/admin-api/posts', undefined, { token: admin });
    expect(list.body).toHaveLength(before);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

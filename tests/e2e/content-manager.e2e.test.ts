// The Content Manager in a real browser: the admin opens it from the menu, adds a category, drops a
// photo into it through the upload zone, sees it counted, switches the type tabs, deletes media and the category
// with the spec's confirmations; phones get the category list and the media as two steps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mediaDecider, mediaStream } from '../../domain/media/media';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, PHONE, artifactPath, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInConsole } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('Content Manager end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let photoFile: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    // Something in the library already: two photos uploaded the console's way, and one that failed processing.
    for (const [name, colour] of [['harbour.jpg', '#2a6f97'], ['studio.jpg', '#9d4edd']] as const) {
      const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg', media_type: 'media' }, { token: admin })).body.data;
      await fetch(t.base + presign.presigned_url, { method: 'PUT', body: await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } }).jpeg().toBuffer() });
      await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg', original_name: name }, { token: admin });
    }
    const mediaId = randomUUID();
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const upload = mediaDecider.decide({ type: 'RegisterUpload', mediaId, fileName: 'broken.mp4', contentType: 'video/mp4', size: 5_000_000, uploadedBy: 'seed', at }, mediaDecider.initialState());
    const failed = mediaDecider.decide({ type: 'RecordProcessingFailure', reason: 'unreadable' }, upload.reduce(mediaDecider.evolve, mediaDecider.initialState()));
    const r = await t.server.services.store.appendToStream(
      mediaStream(mediaId),
      [...upload, ...failed].map((e) => ({ id: randomUUID(), type: e.type, data: e.data as any, metadata: { correlationId: randomUUID(), causationId: null, userId: null, role: 'admin', proxyAdminId: null, ip: null, at } })),
      { expectedRevision: 'no_stream' },
    );
    await t.server.services.runner.waitFor(r.position);

    photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-cm-')), 'sunset.png');
    fs.writeFileSync(photoFile, await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e76f51' } }).png().toBuffer());
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const categoryRow = (name: string) => page.locator(`[data-testid="category-row"][data-category="${name}"]`);

  it('opens from the menu with All Media and Preview, the seeded media and the error badge', async () => {
    await signInConsole(page, t.base, t.adminEmail, t.adminPassword);
    await page.getByTestId('menu-content-manager').click({ timeout: 20_000 });
    await page.waitForURL('**/admin/content-manager');
    await expect.poll(() => page.getByTestId('library-item').count(), { timeout: 15_000 }).toBe(3);
    expect(await categoryRow('All Media').getByTestId('category-counts').innerText()).toBe('2 photos · 1 video');
    expect(await categoryRow('Preview').getByTestId('category-counts').innerText()).toBe('Empty');
    expect(await page.getByTestId('category-none').innerText()).toBe('No category added');
    expect(await page.getByTestId('library-item-error').count()).toBe(1);
    // Admins see file sizes; the days are labelled.
    expect(await page.getByTestId('library-item-size').count()).toBe(3);
    expect(await page.getByTestId('library-day').allInnerTexts()).toEqual(['TODAY', 'YESTERDAY']);
  });

  it('adds a category with the spec\'s checks, drops a photo into it and counts it', async () => {
    await page.getByTestId('category-add').click();
    await page.getByTestId('category-name').fill('x'.repeat(31));
    await page.getByTestId('category-save').click();
    await page.getByText('Category name cannot be more than 30 characters').waitFor();
    await page.getByTestId('category-name').fill('all media');
    await page.getByTestId('category-save').click();
    await page.getByText('Invalid Category').waitFor();
    await page.getByTestId('category-name').fill('Beach Days');
    await page.getByTestId('category-save').click();
    await categoryRow('Beach Days').waitFor();
    await expect.poll(() => page.getByTestId('library-title').innerText()).toBe('Beach Days');
    expect(await categoryRow('Beach Days').getByTestId('category-counts').innerText()).toBe('Empty');
    await page.getByTestId('library-empty').waitFor();
    expect(await page.getByTestId('library-empty').innerText()).toBe('No Media Available');

    await page.getByTestId('library-upload-input').setInputFiles(photoFile);
    await page.getByTestId('library-upload').first().waitFor();
    await expect.poll(() => page.getByTestId('library-item').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => categoryRow('Beach Days').getByTestId('category-counts').innerText(), { timeout: 15_000 }).toBe('1 photo');
    await expect.poll(() => categoryRow('All Media').getByTestId('category-counts').innerText()).toBe('3 photos · 1 video');
    await expect.poll(() => page.locator('[data-testid="library-item"][data-status="ready"] img').count(), { timeout: 15_000 }).toBe(1);
    await shootBothWidths(page, '40-content-manager-category');
  });

  it('switches the type tabs', async () => {
    expect(await page.getByTestId('library-tab-photo').innerText()).toBe('Images (1)');
    await page.getByTestId('library-tab-video').click();
    await page.getByTestId('library-empty').waitFor();
    expect(await page.getByTestId('library-tab-video').innerText()).toBe('Videos (0)');
    await page.getByTestId('library-tab-photo').click();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(1);
    await categoryRow('All Media').click();
    // Changing category resets the type to all.
    await expect.poll(() => page.getByTestId('library-item').count(), { timeout: 15_000 }).toBe(4);
    expect(await page.getByTestId('library-tab-all').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('library-tab-video').click();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(1);
    await page.getByTestId('library-tab-all').click();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(4);
    await shootBothWidths(page, '41-content-manager-all-media');
  });

  it('assigns a selected item to the category and deletes the failed one after the confirmation', async () => {
    const items = page.getByTestId('library-item');
    await items.nth(1).getByTestId('library-item-checkbox').click();
    await page.getByTestId('library-assign').click();
    await page.getByTestId('assign-category').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Beach Days' }).click();
    await page.getByTestId('assign-confirm').click();
    await page.getByText('Media added to category successfully.').first().waitFor();
    await expect.poll(() => categoryRow('Beach Days').getByTestId('category-counts').innerText()).toBe('2 photos');

    await page.locator('[data-testid="library-item"][data-status="error"]').getByTestId('library-item-checkbox').click();
    await page.getByTestId('library-delete').click();
    expect(await page.getByTestId('media-delete-dialog').innerText()).toContain('Are you sure you want to delete the selected media?');
    await page.getByTestId('media-delete-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(3);
    await expect.poll(() => categoryRow('All Media').getByTestId('category-counts').innerText()).toBe('3 photos');
  });

  it('on a phone, categories and media are two steps with a back chevron', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await categoryRow('Beach Days').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('library-grid').count()).toBe(0);
    await page.screenshot({ path: artifactPath('42-content-manager-categories-375.png') });
    await categoryRow('Beach Days').locator('.MuiListItemButton-root').click();
    await expect.poll(() => page.getByTestId('library-item').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('category-panel').count()).toBe(0);
    await page.screenshot({ path: artifactPath('43-content-manager-media-375.png') });
    await page.getByTestId('library-back').click();
    await categoryRow('All Media').waitFor();
    await page.setViewportSize(DESKTOP);
  });

  it('deletes the category after the confirmation naming it; the media stay', async () => {
    await categoryRow('Beach Days').getByTestId('category-delete').click();
    expect(await page.getByTestId('category-delete-dialog').innerText()).toContain('Are you sure you want to delete Beach Days category?');
    await page.getByTestId('category-delete-dialog-confirm').click();
    await expect.poll(() => categoryRow('Beach Days').count()).toBe(0);
    await page.getByTestId('category-none').waitFor();
    expect(await categoryRow('All Media').getByTestId('category-counts').innerText()).toBe('3 photos');
  });

  it('loads the next page as the grid is scrolled', async () => {
    // 35 more photos, two days old, with real thumbnails: 38 in all, 30 a page.
    const thumb = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#264653' } }).jpeg().toBuffer();
    const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
    let last = null;
    for (let n = 0; n < 35; n++) {
      const mediaId = randomUUID();
      const keys = { originalKey: `thumbs/${mediaId}.jpg`, thumbnailKey: `thumbs/${mediaId}.jpg`, blurKey: `thumbs/${mediaId}.jpg`, width: 240, height: 240 };
      await t.server.services.storage.put(keys.thumbnailKey, thumb);
      const upload = mediaDecider.decide({ type: 'RegisterUpload', mediaId, fileName: `archive-${n}.jpg`, contentType: 'image/jpeg', size: 20_000, uploadedBy: 'seed', at }, mediaDecider.initialState());
      const done = mediaDecider.decide({ type: 'RecordRenditions', renditions: keys }, upload.reduce(mediaDecider.evolve, mediaDecider.initialState()));
      last = (await t.server.services.store.appendToStream(
        mediaStream(mediaId),
        [...upload, ...done].map((e) => ({ id: randomUUID(), type: e.type, data: e.data as any, metadata: { correlationId: randomUUID(), causationId: null, userId: null, role: 'admin', proxyAdminId: null, ip: null, at } })),
        { expectedRevision: 'no_stream' },
      )).position;
    }
    await t.server.services.runner.waitFor(last!);
    await page.getByTestId('library-refresh').click();
    await expect.poll(() => page.getByTestId('library-item').count(), { timeout: 15_000 }).toBe(30);
    expect(await page.getByTestId('library-tab-all').innerText()).toBe('All (38)');
    await page.getByTestId('library-grid').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => page.getByTestId('library-item').count(), { timeout: 15_000 }).toBe(38);
    await shootBothWidths(page, '44-content-manager-many');
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

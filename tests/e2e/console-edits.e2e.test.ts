// Two staff editing the same settings in a real browser: two console tabs (two browser
// contexts, each signed in) open Settings; the first saves a new model name; the second, still showing what it
// loaded, saves another and is told that someone else changed the setting (412), and the first one's change
// stands. Then the post edit dialog and the promotion form: a save after someone else changed the post, or the
// promotions of that type, is refused the same way. Screenshots at 375 px and 1440 px in tests/artifacts/ (console-edits-*.png).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();
const STALE_SETTING = 'Someone else changed this setting while you were editing. Reload to see their changes, then edit again.';
const STALE_PROMOTION = 'Someone else changed this promotion while you were editing. Reload to see their changes, then edit again.';
const STALE_POST = 'Someone else changed this post while you were editing. Reload to see their changes, then edit again.';

describe.skipIf(!hasChromium)('two console tabs edit the same setting (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const openConsole = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(t.adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 20_000 });
    return page;
  };
  const openSettings = async (): Promise<Page> => {
    const page = await openConsole();
    // Settings → Website (every settings page has its own link).
    await page.goto(t.base + '/admin/settings/website');
    await page.getByLabel('Model name').waitFor({ timeout: 20_000 });
    return page;
  };

  it('the second save is refused with the message, and the first one stands', async () => {
    const first = await openSettings();
    const second = await openSettings();

    await first.getByLabel('Model name').fill('Saved by the first tab');
    await first.getByTestId('settings-save').click();
    await expect.poll(async () => (await t.call('GET', '/api/app_settings/get')).body.data.model_name, { timeout: 15_000 }).toBe('Saved by the first tab');

    await second.getByLabel('Model name').fill('Saved by the second tab');
    await second.getByTestId('settings-save').click();
    await second.getByText(STALE_SETTING).waitFor({ timeout: 15_000 });
    await shootBothWidths(second, 'console-edits-01-stale-setting');
    expect((await t.call('GET', '/api/app_settings/get')).body.data.model_name).toBe('Saved by the first tab');

    // After a reload the second tab edits on the current version and saves.
    await second.reload();
    await expect.poll(() => second.getByLabel('Model name').inputValue(), { timeout: 15_000 }).toBe('Saved by the first tab');
    await second.getByLabel('Model name').fill('Saved after a reload');
    await second.getByTestId('settings-save').click();
    await expect.poll(async () => (await t.call('GET', '/api/app_settings/get')).body.data.model_name, { timeout: 15_000 }).toBe('Saved after a reload');
    expect(errors).toEqual([]);
  });

  it('the post edit dialog is refused when the post changed after it opened', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'race.jpg', content_type: 'image/jpeg', media_type: 'blog' }, { token: admin });
    expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
    const media = await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token: admin });
    const created = await t.call('POST', '/admin-api/posts', { caption: 'Caption as loaded', visibility: 'public', media_ids: [media.body.data.id] }, { token: admin });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const page = await openConsole();
    await page.goto(t.base + '/admin/posts');
    await page.getByText('Caption as loaded').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('post-menu').first().click();
    await page.getByTestId('post-action-edit').click();
    const dialog = page.getByTestId('edit-post-dialog');
    await dialog.getByTestId('edit-caption').waitFor({ timeout: 15_000 });
    // Another editor saves while this dialog is open.
    expect((await t.call('POST', '/api/blogs/edit', { postId: created.body.id, description: 'Caption by someone else' }, { token: admin })).status).toBe(200);
    await dialog.getByTestId('edit-caption').fill('Caption from the open dialog');
    await dialog.getByTestId('edit-save').click();
    await page.getByText(STALE_POST).waitFor({ timeout: 15_000 });
    await shootBothWidths(page, 'console-edits-02-stale-post');
    expect((await t.call('GET', `/admin-api/posts/${created.body.id}`, undefined, { token: admin })).body.caption).toBe('Caption by someone else');

    // Opened again, the dialog shows the other editor's caption and saves on top of it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('post-menu').first().click();
    await page.getByTestId('post-action-edit').click();
    await expect.poll(() => dialog.getByTestId('edit-caption').inputValue(), { timeout: 15_000 }).toBe('Caption by someone else');
    await dialog.getByTestId('edit-caption').fill('Caption saved after reopening');
    await dialog.getByTestId('edit-save').click();
    await page.getByText('Post updated successfully.').first().waitFor({ timeout: 15_000 });
    expect((await t.call('GET', `/admin-api/posts/${created.body.id}`, undefined, { token: admin })).body.caption).toBe('Caption saved after reopening');
    expect(errors).toEqual([]);
  });

  it('the promotion form is refused when another editor started and ended a promotion of its type meanwhile', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const page = await openConsole();
    // Promotions is a settings page now: Settings → Money → Promotions, not a menu entry of its own.
    await page.goto(t.base + '/admin/settings?group=money');
    await page.getByTestId('settings-link-promotion-settings').click({ timeout: 20_000 });
    const card = page.getByTestId('promotion-card-locked');
    await card.getByTestId('promotion-form-locked').waitFor({ timeout: 15_000 });
    // Meanwhile another editor saves a locked-content promotion and ends it: the type is free again, but not as this page saw it.
    const other = await t.call('POST', '/api/promotion-setting/save-promotion', { promotion_type: 'LOCKED_CONTENT', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'Another editor' }, { token: admin });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect((await t.call('POST', '/api/promotion-setting/end-promotion', { promotion_id: other.body.data._id }, { token: admin })).status).toBe(200);

    await card.getByTestId('promotion-discount').click();
    await page.getByTestId('discount-20').click();
    await card.getByTestId('promotion-ribbon-text-locked').fill('Saved from a page that was behind');
    await card.getByTestId('save-promotion-locked').click();
    await page.getByText(STALE_PROMOTION).first().waitFor({ timeout: 15_000 });
    await shootBothWidths(page, 'console-edits-03-stale-promotion');
    const running = await t.call('POST', '/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' }, { token: admin });
    expect(running.body.data.ribbon_text ?? running.body.data.ribbonText).toBe('Another editor');
    expect(errors).toEqual([]);
  });
});

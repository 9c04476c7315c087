// The notification and help centres in a real browser: the creator's bell in the fan site's
// navbar counts a new purchase live (a NOTIFICATION_RECEIVED frame, no reload), its dropdown shows the per-type
// badges, and the Purchased page lists it and marks it read; a fan's help popup opens by itself and closes read,
// the help centre lists items by tag, an item opened is marked read and the Account badge goes down.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (notifications-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, openConsole, openFanPage } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('notification centre and help centre (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let member: { token: string; userId: string };
  let lockedPost: string;
  const errors: string[] = [];
  const csp: string[] = [];

  // Notifications already allowed: the push prompt (another team's) stays out of these screens.
  const signedIn = (token: string) => openFanPage(browser, t.base, token, { errors, csp }, { init: () => localStorage.setItem('fanclub.installCounter', 'never') });

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    member = (await t.call('POST', '/api/users/register', { name: 'Mia Member', email: 'mia.bell@example.com', password: 'a good long password' })).body.data;
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: member.token })).status).toBe(200);
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'b.jpg', content_type: 'image/jpeg' }, { token: admin })).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
    const mediaId = (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id;
    lockedPost = (await t.call('POST', '/api/blogs', { caption: 'Behind the scenes', visibility: 'locked', amount: 6, media_ids: [mediaId] }, { token: admin })).body.data._id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the bell counts a new purchase live; the dropdown shows the types; the Purchased page lists it and marks it read', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto(t.base + '/');
    const bell = page.getByTestId('nav-bell');
    await bell.waitFor({ timeout: 20_000 });
    // The member's subscription is already there: one unread.
    await expect.poll(() => page.getByTestId('nav-bell-badge').innerText(), { timeout: 15_000 }).toContain('1');
    // The member buys the locked post while the page stays open: the badge moves without a reload.
    const bought = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: lockedPost, amount: 6, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: member.token });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await expect.poll(() => page.getByTestId('nav-bell-badge').innerText(), { timeout: 15_000 }).toContain('2');
    await bell.click();
    await expect.poll(() => page.getByRole('menuitem').allInnerTexts()).toEqual([expect.stringContaining('Purchased'), expect.stringContaining('Subscription'), 'Comments', 'Likes', 'Notification']);
    expect(await page.getByTestId('bell-purchased-count').innerText()).toBe('1');
    await shootBothWidths(page, 'notifications-01-bell');
    await page.getByTestId('bell-purchased').click();
    await page.waitForURL((u) => u.pathname === '/notification/purchased');
    await expect.poll(() => page.getByTestId('notification-row').first().innerText()).toContain('Mia Member unlocked your post for $6.00');
    // Opened: Purchased is read, Subscription still counts.
    await expect.poll(() => page.getByTestId('nav-bell-badge').innerText()).toBe('1');
    await shootBothWidths(page, 'notifications-02-purchased');
    await context.close();
  });

  it('the help popup opens by itself; the help centre lists by tag, an item opened is read and the Account badge goes down', async () => {
    const made = async (body: Record<string, unknown>) => {
      const r = await t.call('POST', '/admin-api/help-items', body, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.id as string;
    };
    await made({ title: 'Welcome to the club', html: '<p>Here is <b>how it works</b>.</p>', tags: ['Start'], audience: 'fans', is_popup: true });
    const unlockItem = await made({ title: 'How do I unlock a post?', html: '<p>Tap <b>Unlock</b> under the post and choose a card or your wallet.</p><script>alert(1)</script>', tags: ['Payments', 'Posts'], audience: 'fans' });
    await made({ title: 'How do I cancel?', html: '<p>Open Membership, then Cancel.</p>', tags: ['Payments'], audience: 'fans' });
    await made({ title: 'Going live (staff)', html: '<p>Staff only.</p>', tags: ['Live'], audience: 'staff' });

    const { context, page } = await signedIn(member.token);
    await page.setViewportSize(PHONE);
    await page.goto(t.base + '/');
    const popup = page.getByTestId('help-popup');
    await popup.waitFor({ timeout: 20_000 });
    expect(await popup.innerText()).toContain('Welcome to the club');
    await expect.poll(() => page.getByTestId('bottom-nav-account-badge').innerText()).toContain('3');
    await page.screenshot({ path: 'tests/artifacts/notifications-03-help-popup-375.png' });
    await page.getByTestId('help-popup-close').click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('bottom-nav-account-badge').innerText()).toContain('2');

    await page.setViewportSize(DESKTOP);
    await page.goto(t.base + '/user-help');
    await page.getByTestId('help-row').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('help-row').count()).toBe(3);
    expect(await page.getByTestId('help-page').innerText()).not.toContain('Going live');
    await page.getByTestId('help-tag-Payments').click();
    await expect.poll(() => page.getByTestId('help-row').count()).toBe(2);
    await expect.poll(() => page.getByTestId('help-unread').innerText()).toContain('(2)');
    await shootBothWidths(page, 'notifications-04-help-list');
    await page.getByTestId('help-row').filter({ hasText: 'How do I unlock a post?' }).click();
    await page.waitForURL((u) => u.pathname === `/user-help/details/${unlockItem}`);
    await expect.poll(() => page.getByTestId('help-html').innerText()).toContain('Tap Unlock under the post');
    expect(await page.getByTestId('help-html').innerHTML()).not.toContain('script');
    await shootBothWidths(page, 'notifications-05-help-details');
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.getByTestId('bottom-nav-account-badge').innerText()).toContain('1');
    await page.goto(t.base + '/user-help/notifications');
    await expect.poll(() => page.getByTestId('help-row').allInnerTexts()).toEqual([expect.stringContaining('How do I cancel?')]);
    const r = await t.call('GET', '/api/user-help/popup-with-notification-count', undefined, { token: member.token });
    expect(r.body.data.unread_count).toBe(1);
    await context.close();
  });

  it('the console help editor lists the items (1440 and 375 px)', async () => {
    const { context: console, page: staff } = await openConsole(browser, t, errors);
    await staff.goto(t.base + '/admin/settings/help-setting');
    await staff.getByTestId('help-item-row').first().waitFor({ timeout: 20_000 });
    expect(await staff.getByTestId('help-item-row').count()).toBe(4);
    await staff.getByTestId('help-new').click();
    await staff.getByTestId('help-title').fill(' ');
    await staff.getByTestId('help-html').fill('<p>Body</p>');
    await staff.getByTestId('help-save').click();
    await expect.poll(() => staff.getByText('Title is required.').count()).toBeGreaterThan(0);
    await shootBothWidths(staff, 'notifications-06-console-help');
    await console.close();
  });

  it('no page errors and no CSP violations', () => {
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });
});

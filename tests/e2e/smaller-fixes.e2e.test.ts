// Small fixes of the fan site and the console in a real browser, on a site with the demo posts: "Membership" shows a guest the offer (/join)
// instead of the login page; the console's posts table fits a 1366 px screen and its menu is grouped; a
// subscriber's Enter posts a comment (Shift+Enter is a new line); focusing a post's media opens no caption
// tooltip (it used to be drawn in the top-left corner); the desktop chat column has no side borders.
// Screenshots at 375 px and 1440 px (and the console at 1366 px) in tests/artifacts/ (fixes-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, PHONE, artifactPath, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInConsole } from '../support/browser';

const hasChromium = requireChromium();
const EMAIL = 'fiona.fixes@example.com';
const PASSWORD = 'a good long password';

describe.skipIf(!hasChromium)('smaller fixes (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', { FANCLUB_DEMO: 'true' }, { serveApps: true });
    const token = (await t.call('POST', '/api/users/register', { name: 'Fiona Fixes', email: EMAIL, password: PASSWORD })).body.data.token;
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token })).status).toBe(200);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('"Membership" shows a guest the offer, not the login page', async () => {
    await page.goto(t.base + '/');
    await page.getByTestId('nav-membership').click();
    await page.waitForURL((u) => u.pathname === '/join');
    await page.getByTestId('subscribe-banner').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('subscribe-banner').innerText()).toContain('$9.99');
    await shootBothWidths(page, 'fixes-01-guest-membership');
    await page.setViewportSize(PHONE);
    await page.goto(t.base + '/');
    await page.getByTestId('bottom-nav-membership').click();
    await page.waitForURL((u) => u.pathname === '/join');
    await page.setViewportSize(DESKTOP);
  });

  it('the console\'s posts table fits 1366 px and the menu is grouped', async () => {
    const staff = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const p = await staff.newPage();
    await signInConsole(p, t.base, t.adminEmail, t.adminPassword);
    await p.getByTestId('app-menu').waitFor({ timeout: 20_000 });
    const groups = await p.getByTestId('app-menu').locator('.MuiListSubheader-root').allInnerTexts();
    expect(groups.map((g) => g.toLowerCase())).toEqual(expect.arrayContaining(['content', 'money', 'fans', 'messages', 'settings']));
    await p.goto(t.base + '/admin/posts');
    await p.locator('table tbody tr').first().waitFor({ timeout: 20_000 });
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await p.screenshot({ path: artifactPath('fixes-02-console-posts-1366.png') });
    expect(overflow).toBeLessThanOrEqual(0);
    await staff.close();
  });

  it('a subscriber posts a comment with Enter; Shift+Enter is a new line', async () => {
    await page.goto(t.base + '/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname !== '/login');
    const token = (await t.call('POST', '/api/users/login', { email: EMAIL, password: PASSWORD })).body.data.token;
    const post = (await t.call('GET', '/api/blogs', undefined, { token })).body.data.blogs.find((b: any) => !b.isLocked);
    await page.goto(`${t.base}/feed/${post._id}`);
    const input = page.getByTestId('comment-input');
    await input.waitFor({ timeout: 20_000 });
    await input.click();
    await input.pressSequentially('First line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    expect(await input.inputValue()).toBe('First line\nsecond line');
    await input.press('Enter');
    const text = page.getByTestId('comment-text').filter({ hasText: 'second line' });
    await text.waitFor({ timeout: 15_000 });
    expect(await input.inputValue()).toBe('');
    await shootBothWidths(page, 'fixes-03-comment-enter');
  });

  it('focusing a post\'s media opens no caption tooltip in the corner', async () => {
    await page.goto(t.base + '/');
    const media = page.getByTestId('post-media').first();
    await media.waitFor({ timeout: 20_000 });
    await media.focus();
    await page.waitForTimeout(1000); // longer than the tooltip's 700 ms delay
    expect(await page.getByTestId('caption-tooltip').count()).toBe(0);
  });

  it('the caption tooltip never opens in the page\'s corner: a card re-rendered under a still cursor, then a mouse move', async () => {
    await page.goto(t.base + '/');
    const captioned = page.locator('[data-testid="post-caption"][data-blurred="false"]').filter({ hasText: /\S/ });
    const media = page.locator('[data-testid="post-card"]').filter({ has: captioned }).getByTestId('post-media').first();
    await media.waitFor({ timeout: 20_000 });
    await media.scrollIntoViewIfNeeded();
    const box = (await media.boundingBox())!;
    const tip = page.getByTestId('caption-tooltip');
    const nearMedia = async () => {
      const t = (await tip.boundingBox())!;
      const centre = t.x + t.width / 2;
      return centre > box.x && centre < box.x + box.width && t.y > box.y && t.y < box.y + box.height + 60;
    };
    // A re-render puts a new element under a still cursor: the browser sends mouseover and no mousemove. Whatever
    // shows within the tooltip's delay (700 ms) must not be in the corner.
    await media.dispatchEvent('mouseover');
    await tip.waitFor({ timeout: 1_500 }).catch(() => undefined);
    if (await tip.count()) expect(await nearMedia()).toBe(true);
    // A real move over the media opens it at the cursor.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10);
    await tip.waitFor({ timeout: 5_000 });
    await expect.poll(nearMedia).toBe(true);
    await shootBothWidths(page, 'fixes-caption-tooltip');
    await page.mouse.move(5, 5);
  });

  it('the desktop chat column has no side borders on the dark theme', async () => {
    await page.goto(t.base + '/private-chat');
    const chat = page.getByTestId('chat-page');
    await chat.waitFor({ timeout: 20_000 });
    const borders = await chat.evaluate((el) => [getComputedStyle(el).borderLeftWidth, getComputedStyle(el).borderRightWidth]);
    expect(borders).toEqual(['0px', '0px']);
    await shootBothWidths(page, 'fixes-04-chat');
    expect(errors).toEqual([]);
  });
});

// The walking skeleton in a real browser: a guest sees the blurred feed, a fan registers, subscribes by card,
// unlocks a locked post and still sees it unlocked after a reload. Screenshots at 375 px and 1440 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, fillCardDialog } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('fan site end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', { FANCLUB_DEMO: 'true' }, { serveApps: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('console', (m) => {
      // The 404 page is answered with status 404 on purpose; Chromium logs that document load as an error.
      if (m.type() !== 'error') return;
      if (/status of 404/.test(m.text()) && m.location().url.endsWith('/no/such/page')) return;
      consoleErrors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shoot = (name: string) => shootBothWidths(page, name);

  it('a guest first meets the age gate, and it is remembered', async () => {
    await page.goto(t.base + '/');
    await page.getByTestId('age-gate').waitFor({ timeout: 15_000 });
    await shoot('00-age-gate');
    await page.getByTestId('age-gate-enter').click();
    await page.reload();
    await page.getByTestId('post-card').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('age-gate').count()).toBe(0);
  });

  it('a guest sees the demo feed with locked and private posts blurred', async () => {
    await page.goto(t.base + '/');
    const cards = page.getByTestId('post-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(7);
    expect(await page.locator('[data-testid="post-card"][data-locked="true"]').count()).toBe(5);
    expect(await page.locator('[data-testid="post-card"][data-locked="false"]').count()).toBe(2);
    await shoot('01-feed-guest');
  });

  it('a fan registers and lands on the subscribe page', async () => {
    await page.goto(t.base + '/register');
    await page.getByLabel('Name').fill('Playwright Fan');
    await page.getByLabel('Email').fill('pw.fan@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByLabel('Confirm password').fill('a good long password');
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/subscribe');
    await expect.poll(() => page.getByTestId('plan-card').isVisible()).toBe(true);
    await shoot('02-subscribe');
  });

  it('subscribes with the sandbox card and sees the private posts', async () => {
    await page.getByTestId('subscribe-button').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor();
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Play', lastName: 'Wright', email: 'pw.fan@example.com' });
    await shoot('03-card-dialog');
    await dialog.getByTestId('pay-button').click();
    await page.getByText('Thank you for subscribing').first().waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/');
    await expect.poll(() => page.locator('[data-testid="post-card"][data-visibility="private"][data-locked="false"]').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.locator('[data-testid="post-card"][data-visibility="locked"][data-locked="true"]').count()).toBe(3);
  });

  it('unlocks a locked post by card: unlocked at once and after reload', async () => {
    const card = page.locator('[data-testid="post-card"][data-visibility="locked"][data-locked="true"]').first();
    const postId = await card.getAttribute('data-post-id');
    await card.getByTestId('unlock-button').click();
    await expect.poll(() => page.getByText(/Please Confirm Your Purchase of \$\d+\.\d\d\./).isVisible()).toBe(true);
    await shoot('04-confirm-purchase');
    await page.getByTestId('confirm-purchase').click();
    const unlocked = page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await expect.poll(() => unlocked.getAttribute('data-locked'), { timeout: 20_000 }).toBe('false');
    // The signed thumbnail (not the blurred preview) is now loaded in the card.
    const img = unlocked.locator('img[src*="/media/thumbs/"]').first();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(500);
    await shoot('05-unlocked');
    await page.reload();
    await expect.poll(() => page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`).getAttribute('data-locked'), { timeout: 15_000 }).toBe('false');
    await page.goto(t.base + `/feed/${postId}`);
    await expect.poll(() => page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`).getAttribute('data-locked'), { timeout: 15_000 }).toBe('false');
    await shoot('06-post-detail');
  });

  it('unknown pages show the 404 page', async () => {
    const answer = await page.goto(t.base + '/no/such/page');
    expect(answer?.status()).toBe(404);
    await page.getByText('Oops... You just found an error page...').waitFor();
    await shoot('07-not-found');
  });

  it('logged no browser errors', () => {
    expect([...new Set(consoleErrors)].slice(0, 5)).toEqual([]);
  });
});

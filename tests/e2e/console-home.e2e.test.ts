// The creator's Home in a real browser: today's earnings, the unread chat with its link, a scheduled post and the
// new subscriber; the warnings' one-click fixes (live streaming turned on from Home); the unread badge on the Chat
// entry and the tab title moving when a fan writes, without a reload; the Advanced group folded until opened.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (home-*.png).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { ensureAppsBuilt, launchChromium, openConsole, requireChromium, shootBothWidths } from '../support/browser';
import { openAdvanced } from '../support/console-menu';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('the creator\'s Home (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let fan: { token: string; userId: string };
  let site: string;
  const errors: string[] = [];
  const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
  const shoot = (name: string) => shootBothWidths(page, `home-${name}`);
  const badge = () => page.getByTestId('menu-chat-unread').getAttribute('data-count');

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const reg = await call('POST', '/api/users/register', { name: 'Hazel Home', email: 'hazel.home@example.com', password: 'fan password 1' });
    fan = reg.body.data;
    site = (await call('GET', '/api/app_settings/get')).body.data.model_name;
    expect((await call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token)).status).toBe(200);
    expect((await call('POST', '/api/chat/send_message', { message: 'Loved the last post!' }, fan.token)).status).toBe(200);
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5b8def' } }).jpeg().toBuffer();
    const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: 'sunset.jpg', content_type: 'image/jpeg', media_type: 'blog' }, admin);
    expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
    const media = (await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect((await call('POST', '/api/blogs', { caption: 'Sunset set, coming Friday', visibility: 'public', media_ids: [media], publish_at: at }, admin)).status).toBeLessThan(300);
    browser = await launchChromium();
    ({ context, page } = await openConsole(browser, t, errors));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  it('lands on Home with the money, the waiting fan, the scheduled post and the new subscriber', async () => {
    await page.getByTestId('home-unread-row').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('stat-today-earnings').innerText()).toContain('$9.99');
    expect(await page.getByTestId('stat-unread-chats').innerText()).toContain('1');
    expect(await page.getByTestId('home-unread-row').innerText()).toContain('Loved the last post!');
    expect(await page.getByTestId('home-scheduled-row').innerText()).toContain('Sunset set, coming Friday');
    expect(await page.getByTestId('home-subscriber-row').innerText()).toContain('Hazel Home');
    for (const id of ['mail', 'live', 'payments', 'avatar']) await page.getByTestId(`home-warning-${id}`).waitFor();
    await page.getByTestId('menu-chat-unread').waitFor();
    await expect.poll(badge, { timeout: 10_000 }).toBe('1');
    await expect.poll(() => page.title()).toBe(`(1) ${site} Console`);
    await shoot('01-home');
  });

  it('the unread badge and the tab title move when the fan writes again, without a reload', async () => {
    expect((await call('POST', '/api/chat/send_message', { message: 'Are you live tonight?' }, fan.token)).status).toBe(200);
    await expect.poll(badge, { timeout: 10_000 }).toBe('2');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`(2) ${site} Console`);
    await expect.poll(async () => page.getByTestId('home-unread-row').innerText(), { timeout: 10_000 }).toContain('Are you live tonight?');
  });

  it('"Live streaming is turned off" is fixed with one click on Home', async () => {
    await page.getByTestId('home-fix-live').click();
    await page.getByTestId('home-warning-live').waitFor({ state: 'detached', timeout: 10_000 });
    expect((await call('GET', '/api/stream/get_settings', undefined, admin)).body.data.enable_live_streaming).toBe(true);
    await shoot('02-live-on');
  });

  it('opening the fan\'s chat from Home reads it: badge and title clear', async () => {
    await page.getByTestId('home-unread-row').first().click();
    await page.waitForURL((u) => u.pathname === `/admin/private-chat/${fan.userId}`);
    await expect.poll(badge, { timeout: 15_000 }).toBe('0');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`${site} Console`);
  });

  it('the Advanced group (audit, event log, health, tools) is folded until opened', async () => {
    await page.getByTestId('menu-home').click();
    await page.getByTestId('stat-today-earnings').waitFor();
    const header = page.getByTestId('menu-group-advanced');
    expect(await header.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('menu-health').isVisible()).toBe(false);
    await openAdvanced(page);
    for (const id of ['menu-health', 'menu-audit', 'menu-events', 'menu-super-admin-tools']) await page.getByTestId(id).waitFor({ state: 'visible' });
    await page.getByTestId('menu-audit').click();
    await page.waitForURL((u) => u.pathname === '/admin/audit');
    // Audit rows are sentences, not event type names.
    await page.getByTestId('audit-action').first().waitFor({ timeout: 15_000 });
    const firstRows = await page.getByTestId('audit-action').allInnerTexts();
    expect(firstRows.join('\n')).toMatch(/Settings saved|Live streaming|Chat message|Paid \$9\.99/);
    await shoot('03-advanced-audit');
    expect(errors).toEqual([]);
  });
});

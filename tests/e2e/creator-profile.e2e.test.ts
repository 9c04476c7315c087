// The creator's profile header and presence in a real browser: a signed-out visitor and a fan see the header over
// the feed (gradient without a cover, avatar, name, bio, links, counts of posts/photos/videos/likes, the subscribe
// button with the price); the fan sees the creator come online ("Online now", the green dot) when the creator signs
// in to the console in a second browser, and go offline ("Active just now") when that console closes, live in the
// profile header and in a member's chat header; a member sees "Subscribed". Screenshots at 375 and 1440 px (creator-profile-*.png).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { artifactPath, ensureAppsBuilt, launchChromium, openConsole, openFanPage, PHONE, DESKTOP, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('creator profile header and presence (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let fan: { context: BrowserContext; page: Page };
  const collect = { errors: [] as string[], csp: [] as string[] };
  const post = (url: string, body: unknown, token = admin) => t.call('POST', url, body, { token });

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const saved = await t.call('PUT', '/admin-api/settings/site', {
      model_name: 'Mia Rose Vale', model_bio: 'Film photographer. New rolls every Sunday.', instagram_url: 'https://instagram.com/miarose', youtube_url: 'https://youtube.com/@miarose',
    }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
    for (const [caption, photos] of [['Roll one', 2], ['Roll two', 1]] as const) {
      const ids: string[] = [];
      for (let i = 0; i < photos; i++) {
        const presign = await post('/api/upload/generate_presigned_url', { file_name: `${caption}-${i}.jpg`, content_type: 'image/jpeg', media_type: 'blog' });
        expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
        ids.push((await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' })).body.data.id);
      }
      const r = await post('/api/blogs', { caption, visibility: 'public', media_ids: ids });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await fan?.context.close();
    await browser?.close();
    await t?.close();
  });

  const count = async (page: Page, key: string) => page.getByTestId(`creator-count-${key}`).getAttribute('data-count');

  it('a signed-out visitor sees the header with the counts and the subscribe price', async () => {
    const guest = await openFanPage(browser, t.base, null, collect);
    const page = guest.page;
    await page.goto(t.base + '/');
    const header = page.getByTestId('creator-header');
    await header.waitFor({ timeout: 20_000 });
    expect(await header.getByTestId('creator-name').innerText()).toBe('Mia Rose Vale');
    expect(await header.getByTestId('creator-bio').innerText()).toBe('Film photographer. New rolls every Sunday.');
    expect(await header.getByTestId('creator-cover').getAttribute('data-empty')).toBe('true');
    expect(await header.getByTestId('creator-social-links').locator('a').count()).toBe(2);
    await expect.poll(() => count(page, 'posts'), { timeout: 10_000 }).toBe('2');
    expect(await count(page, 'photos')).toBe('3');
    expect(await count(page, 'videos')).toBe('0');
    const subscribe = header.locator('[data-testid="creator-subscribe"]:visible');
    expect(await subscribe.innerText()).toContain('$9.99 / month');
    expect(await subscribe.getAttribute('href')).toBe('/register');
    await shootBothWidths(page, 'creator-profile-01-guest');
    // The join page shows the same header, with its own offer card instead of a second button.
    await page.goto(t.base + '/join');
    await page.getByTestId('creator-header').waitFor();
    expect(await page.getByTestId('creator-subscribe').count()).toBe(0);
    await page.getByTestId('subscribe-banner').waitFor();
    await shootBothWidths(page, 'creator-profile-02-join');
    await guest.context.close();
  });

  it('a fan sees the creator come online and go offline live, in the header and the chat header', async () => {
    const r = await t.call('POST', '/api/users/register', { name: 'Pia Fan', email: 'pia.fan@example.com', password: 'fan password 1' });
    fan = await openFanPage(browser, t.base, r.body.data.token, collect);
    const page = fan.page;
    await page.goto(t.base + '/');
    const header = page.getByTestId('creator-header');
    await header.waitFor({ timeout: 20_000 });
    // Never seen yet: no line, no dot.
    expect(await header.getByTestId('creator-presence').count()).toBe(0);
    expect(await header.getByTestId('creator-online-dot').getAttribute('data-online')).toBe('false');

    const creator = await openConsole(browser, t, collect.errors);
    await expect.poll(() => header.getByTestId('creator-presence').textContent().catch(() => null), { timeout: 15_000 }).toBe('Online now');
    expect(await header.getByTestId('creator-online-dot').getAttribute('data-online')).toBe('true');
    await shootBothWidths(page, 'creator-profile-03-online');

    // A member opens the private chat: the same presence in its header.
    const paid = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, r.body.data.token);
    expect(paid.body.data?.accepted, JSON.stringify(paid.body)).toBe(true);
    await page.goto(t.base + '/private-chat');
    const chat = page.getByTestId('chat-header');
    await chat.waitFor({ timeout: 15_000 });
    await expect.poll(() => chat.getByTestId('chat-header-presence').textContent().catch(() => null), { timeout: 15_000 }).toContain('Online now');
    await shootBothWidths(page, 'creator-profile-04-chat-online');

    await creator.context.close();
    await expect.poll(() => chat.getByTestId('chat-header-presence').textContent().catch(() => null), { timeout: 15_000 }).toContain('Active just now');
    expect(await chat.getByTestId('creator-online-dot').getAttribute('data-online')).toBe('false');
    await page.goto(t.base + '/');
    await expect.poll(() => header.getByTestId('creator-presence').textContent().catch(() => null), { timeout: 15_000 }).toBe('Active just now');
    await shootBothWidths(page, 'creator-profile-05-offline');
  });

  it('a member sees "Subscribed" instead of the button', async () => {
    const page = fan.page;
    await page.getByTestId('creator-subscribed').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('creator-subscribe').count()).toBe(0);
    await page.setViewportSize(PHONE);
    await page.getByTestId('creator-header').screenshot({ path: artifactPath('creator-profile-06-member-header-375.png') });
    await page.setViewportSize(DESKTOP);
  });

  it('no page errors', () => {
    expect(collect.errors).toEqual([]);
  });
});

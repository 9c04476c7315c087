// The live feed in a real browser: a fan has `/` open; the creator publishes a post (through the API, as the
// console does) and the fan sees "1 new post" under the app bar without a reload; a click puts the post at the top.
// Another fan's like moves the count on screen. The bell's dropdown lists the latest notifications in words with
// their pictures and "View all"; opening it clears the badge. A post whose media finishes rendering after it was
// published reaches the pill once it is ready; a guest (no socket) gets the pill too, from its poll of the newest
// posts. Screenshots at 375 and 1440 px (live-feed-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server';
import { mediaEvents } from '../support/media-events';
import { mediaByIds } from '../../projections/media';
import { GUEST_POLL_MS } from '../../web-fan/src/pages/useGuestNewPosts';
import { PHONE, artifactPath, ensureAppsBuilt, launchChromium, requireChromium, settled, shootBothWidths, openFanPage } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('live feed (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let mediaId: string;
  let watcher: { token: string; userId: string };
  let other: { token: string; userId: string };
  const errors: string[] = [];
  const csp: string[] = [];
  const call = (method: string, url: string, body: unknown, token: string) => t.call(method, url, body, { token });
  const publish = async (body: Record<string, unknown>) => {
    const r = await call('POST', '/api/blogs', { media_ids: [mediaId], ...body }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data._id as string;
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const register = async (name: string, email: string) => (await t.call('POST', '/api/users/register', { name, email, password: 'a good long password' })).body.data;
    watcher = await register('Wanda Watcher', 'wanda.live@example.com');
    other = await register('Otto Other', 'otto.live@example.com');
    for (const u of [watcher, other]) expect((await call('POST', '/api/admin/give_complimentary_subscription', { user_id: u.userId, months: 1 }, admin)).status).toBe(200);
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#cc6633' } }).jpeg().toBuffer();
    const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: 'l.jpg', content_type: 'image/jpeg' }, admin)).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
    mediaId = (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
    await publish({ caption: 'First light on the hills', visibility: 'public' });
    await publish({ caption: 'Studio notes for members', visibility: 'private' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a post published while the fan watches shows "1 new post"; a click puts it at the top; another fan\'s like moves the count', async () => {
    const { context, page } = await openFanPage(browser, t.base, watcher.token, { errors, csp }, { init: () => localStorage.setItem('fanclub.installCounter', 'never') });
    await page.goto(t.base + '/');
    await expect.poll(() => page.getByTestId('post-card').count(), { timeout: 20_000 }).toBe(2);
    // Scrolled down a little, as a reader would be.
    await page.mouse.wheel(0, 400);
    const fresh = await publish({ caption: 'Fresh off the camera', visibility: 'public' });
    const pill = page.getByTestId('new-posts-pill');
    await pill.waitFor({ timeout: 15_000 });
    expect(await pill.innerText()).toContain('1 new post');
    // Not inserted until asked: the list does not jump under the reader.
    expect(await page.getByTestId('post-card').count()).toBe(2);
    await shootBothWidths(page, 'live-feed-01-pill');
    await pill.click();
    await expect.poll(() => page.getByTestId('post-card').first().getAttribute('data-post-id')).toBe(fresh);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeLessThan(50);
    await pill.waitFor({ state: 'detached' });
    expect(await page.getByTestId('post-card').first().innerText()).toContain('Fresh off the camera');

    // Another fan likes it: the count moves here without a reload.
    const card = page.locator(`[data-post-id="${fresh}"]`);
    expect(await card.getByTestId('like-total').innerText()).toBe('0');
    expect((await call('POST', '/api/blog/like-dislike', { blog_id: fresh }, other.token)).status).toBe(200);
    await expect.poll(() => card.getByTestId('like-total').innerText(), { timeout: 15_000 }).toBe('1');
    await shootBothWidths(page, 'live-feed-02-inserted');

    // Deleted by staff: it leaves the feed at once.
    expect((await call('POST', '/api/blogs/delete', { id: fresh }, admin)).status).toBe(200);
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a post whose media finishes after it was published reaches the pill once it is ready', async () => {
    const adminId = (await t.call('GET', '/api/users/me', undefined, { token: admin })).body.data._id as string;
    const { append, heldMedia } = mediaEvents(() => t, () => adminId);
    const ready = (await mediaByIds(t.server.services.database.db, [mediaId])).get(mediaId)!;
    const { context, page } = await openFanPage(browser, t.base, watcher.token, { errors, csp }, { init: () => localStorage.setItem('fanclub.installCounter', 'never') });
    await page.goto(t.base + '/');
    await page.getByTestId('post-card').first().waitFor({ timeout: 20_000 });
    const shownBefore = await page.getByTestId('post-card').count();
    const held = await heldMedia();
    const slow = await publish({ caption: 'Rendered at last', visibility: 'public', media_ids: [held] });
    // A post published after it with its media ready comes first: the slow one is not announced while it renders.
    const quick = await publish({ caption: 'Quick one', visibility: 'public' });
    const pill = page.getByTestId('new-posts-pill');
    await pill.waitFor({ timeout: 15_000 });
    expect(await pill.innerText()).toContain('1 new post');
    await append(held, [{ type: 'MediaProcessed', data: { mediaId: held, originalKey: ready.original_key, thumbnailKey: ready.thumbnail_key, blurKey: ready.blur_key, width: ready.width, height: ready.height } }]);
    await expect.poll(() => pill.innerText(), { timeout: 15_000 }).toContain('2 new posts');
    await pill.click();
    await expect.poll(() => page.getByTestId('post-card').count()).toBe(shownBefore + 2);
    const ids = await page.getByTestId('post-card').evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getAttribute('data-post-id')));
    expect(ids.sort()).toEqual([slow, quick].sort());
    expect(await page.locator(`[data-post-id="${slow}"]`).innerText()).toContain('Rendered at last');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest sees "1 new post" too (polled, no socket), with the post as a guest may see it', async () => {
    const { context, page } = await openFanPage(browser, t.base, null, { errors, csp }, { init: () => localStorage.setItem('fanclub.installCounter', 'never') });
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const newestAsked = page.waitForResponse((r) => r.url().endsWith('/api/blogs/newest'));
    await page.goto(t.base + '/');
    await page.getByTestId('post-card').first().waitFor({ timeout: 20_000 });
    // The guest's first look is what it already has.
    await newestAsked;
    const fresh = await publish({ caption: 'For every visitor', visibility: 'public' });
    const pill = page.getByTestId('new-posts-pill');
    await pill.waitFor({ timeout: GUEST_POLL_MS * 2 + 10_000 });
    expect(await pill.innerText()).toContain('1 new post');
    await shootBothWidths(page, 'live-feed-04-guest-pill');
    await pill.click();
    await expect.poll(() => page.getByTestId('post-card').first().getAttribute('data-post-id')).toBe(fresh);
    // The guest's page never opened a socket.
    expect(sockets).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the bell\'s dropdown: the latest notifications in words with thumbnails, "View all", and opening it clears the badge', async () => {
    const { context, page } = await openFanPage(browser, t.base, watcher.token, { errors, csp }, { init: () => localStorage.setItem('fanclub.installCounter', 'never') });
    await page.goto(t.base + '/');
    const bell = page.getByTestId('nav-bell');
    await bell.waitFor({ timeout: 20_000 });
    await publish({ caption: 'Golden hour set', visibility: 'public' });
    await expect.poll(() => page.getByTestId('nav-bell-badge').innerText(), { timeout: 15_000 }).not.toBe('0');
    await bell.click();
    const rows = page.getByTestId('bell-row');
    await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain('New post: Golden hour set');
    const texts = await page.getByTestId('bell-row-text').allInnerTexts();
    expect(texts).toContain('New post: First light on the hills');
    expect(texts.some((x) => x === 'Notification')).toBe(false);
    // Each post's row shows the post's picture (an image, loaded).
    await expect.poll(() => rows.first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    // Opened: read (the server's count and the badge go to 0).
    await expect.poll(async () => (await t.call('GET', '/api/notifications/unread-counts', undefined, { token: watcher.token })).body.data.total, { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('nav-bell').getAttribute('aria-label')).toBe('Notifications');
    // The phone's bar is another layout (the bell is drawn again): each width opens its own dropdown.
    await settled(page);
    await page.screenshot({ path: artifactPath('live-feed-03-bell-1440.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.getByTestId('nav-bell').click();
    await rows.first().waitFor();
    await settled(page);
    await page.screenshot({ path: artifactPath('live-feed-03-bell-375.png') });
    await page.getByTestId('bell-view-all').click();
    await page.waitForURL((u) => u.pathname === '/user-notification/notification');
    await expect.poll(() => page.getByTestId('notification-row').first().innerText()).toContain('New post: Golden hour set');
    expect(errors).toEqual([]);
    await context.close();
  });
});

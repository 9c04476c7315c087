// Chat media that changes while the chat is open, in a real browser. A fan sends a VIDEO from the images button on a throttled connection: the upload's progress
// shows, the fan's message is marked processing until the media worker (real ffmpeg) has rendered it, then it
// plays; the admin, with the conversation open in the console, sees it processed without a reload and plays it.
// A staff photo sent before thirty-odd newer messages (so not on the first page of the conversation) is loaded in
// both chats with "Load older messages"; the admin rotates it from the console's message menu, and both open chats
// show the new rendering at once (ChatMessageMediaChanged → UPDATE_MESSAGE → the message read again by id). On the
// home feed the chat card's "Send a message" (and its open modal) goes away live when the creator turns normal chat
// off, and comes back when it is on again (SETTINGS_UPDATED). Screenshots at 375 and 1440 px in tests/artifacts/
// (chat-media-live-*.png).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { CHAT_PAGE_SIZE } from '../../domain/chat/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';
import { makeTestVideo } from '../media/support';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('chat media live: a fan video, a rotated older photo, chat off on the feed (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  const fan = { id: '', token: '', email: 'vera.video@example.com', name: 'Vera Video' };
  let fanContext: BrowserContext;
  let fanPage: Page;
  let staffPage: Page;
  let cdp: CDPSession;
  const errors: string[] = [];
  let videoFile = '';
  let archiveId = '';

  const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
  const watch = (p: Page) => {
    p.on('console', (m) => {
      if (m.type() === 'error' && !/status of 40[0-9]|net::ERR/.test(m.text())) errors.push(`${new URL(p.url()).pathname}: ${m.text()}`);
    });
    p.on('pageerror', (e) => errors.push(`${new URL(p.url()).pathname}: ${e.message}`));
  };
  const staffUpload = async (name: string, color: string) => {
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
      .composite([{ input: await sharp({ create: { width: 300, height: 120, channels: 3, background: '#ffffff' } }).png().toBuffer(), left: 40, top: 40 }])
      .jpeg()
      .toBuffer();
    const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: `${name}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin)).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(image) })).status).toBe(200);
    return (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id as string;
  };
  const throttle = async (bytesPerSecond: number | null) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: bytesPerSecond ? 40 : 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond ?? -1 });
  const fanBubble = (id: string) => fanPage.locator(`[data-testid="chat-message"][data-id="${id}"]`);
  const staffBubble = (id: string) => staffPage.locator(`[data-testid="chat-message"][data-message-id="${id}"]`);
  /** Clicks "Load older messages" until the message is in the list. */
  const loadUntil = async (p: Page, bubble: () => ReturnType<Page['locator']>) => {
    for (let i = 0; i < 10 && (await bubble().count()) === 0; i++) {
      const older = p.getByTestId('chat-load-older');
      // Scrolling to the top loads older pages too: the button may go (a spinner, then the page) under the click.
      if (await older.count()) await older.first().click({ timeout: 3_000 }).catch(() => undefined);
      await p.waitForTimeout(700);
    }
    await bubble().waitFor({ timeout: 15_000 });
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const r = await call('POST', '/api/users/register', { name: fan.name, email: fan.email, password: 'a good long password' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    fan.id = r.body.data.userId;
    fan.token = r.body.data.token;
    expect((await call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: fan.email, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token)).status).toBe(200);

    // A free staff photo, then more newer messages than one page holds: the photo is not on page 1.
    const sent = await call('POST', '/api/chat/send_message', { receiver: fan.id, message: 'From the archive', media: [await staffUpload('archive', '#1d3557')] }, admin);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    archiveId = sent.body.data.message._id;
    for (let i = 1; i <= CHAT_PAGE_SIZE + 3; i++) {
      expect((await call('POST', '/api/chat/send_message', { receiver: fan.id, message: `Catching up, part ${i}` }, admin)).status).toBe(200);
    }

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-chat-video-'));
    videoFile = path.join(dir, 'beach-walk.mp4');
    fs.writeFileSync(videoFile, await makeTestVideo({ seconds: 4, size: '640x360' }));

    browser = await launchChromium();
    fanContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanContext, t.base, fan.token);
    await fanContext.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
      // The push prompt is not what these tests are about: asked "later".
      localStorage.setItem('fanclub.pushPromptLater', String(Date.now()));
    });
    fanPage = await fanContext.newPage();
    watch(fanPage);
    cdp = await fanContext.newCDPSession(fanPage);
    staffPage = await browser.newPage({ viewport: DESKTOP });
    watch(staffPage);
    await staffPage.goto(t.base + '/admin/login');
    await staffPage.getByLabel('Email').fill(t.adminEmail);
    await staffPage.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await staffPage.getByTestId('menu-chat').waitFor({ timeout: 20_000 });
    await staffPage.goto(`${t.base}/admin/private-chat/${fan.id}`);
    await staffPage.locator('[data-testid="chat-message"]').first().waitFor({ timeout: 20_000 });
    await fanPage.goto(t.base + '/private-chat');
    await fanPage.getByTestId('chat-page').waitFor({ timeout: 20_000 });
    await fanPage.locator('[data-testid="chat-message"]').first().waitFor({ timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the fan sends a video: upload progress, processing, then it plays; the admin sees it processed live and plays it', async () => {
    await fanPage.getByTestId('chat-media-input').setInputFiles(videoFile);
    expect(await fanPage.getByTestId('chat-attachment-name').innerText()).toBe('beach-walk.mp4');
    await fanPage.getByTestId('chat-input').fill('Walk on the beach this morning');
    await throttle(Math.max(20_000, Math.round(fs.statSync(videoFile).size / 4)));
    await fanPage.getByTestId('chat-send').click();
    const pending = fanPage.getByTestId('chat-pending-message');
    await pending.getByTestId('chat-upload-progress').waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number((await pending.getByTestId('chat-upload-progress').getAttribute('aria-valuenow').catch(() => '0')) ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await pending.getByTestId('chat-upload-percent').innerText()).toMatch(/^(Uploading \d{1,3}%|Processing…|Sending…)$/);
    await shootBothWidths(fanPage, 'chat-media-live-01-video-uploading');
    await throttle(null);

    // The fan's own video: marked processing until the worker has rendered it, then a player (no reload).
    const own = fanPage.locator('[data-testid="chat-message"][data-own="true"][data-type="video"]').last();
    await own.waitFor({ timeout: 30_000 });
    expect(await own.getByTestId('chat-message-text').innerText()).toBe('Walk on the beach this morning');
    const video = own.getByTestId('chat-media-video');
    await video.waitFor({ timeout: 90_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await shootBothWidths(fanPage, 'chat-media-live-02-video-fan');

    // The console: the fan's message arrived, processed (thumbnail), and its video plays in the viewer.
    const live = staffPage.locator('[data-testid="chat-message"][data-from="fan"][data-type="video"]').last();
    await live.waitFor({ timeout: 30_000 });
    await expect.poll(() => live.getAttribute('data-processing'), { timeout: 60_000 }).toBe('false');
    const tile = live.getByTestId('chat-message-media').locator('img');
    await tile.waitFor({ timeout: 15_000 });
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await live.getByRole('button', { name: 'Play video' }).click();
    const player = staffPage.getByTestId('chat-viewer-video');
    await player.waitFor({ timeout: 10_000 });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBe(640);
    expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(3);
    await shootBothWidths(staffPage, 'chat-media-live-03-video-console');
    await staffPage.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
  });

  it('an older staff photo (not on page 1) rotated from the console menu changes in both open chats without a reload', async () => {
    // Not on the first page of the conversation (either side): the chats hold it only after loading older pages.
    const page1 = (await call('GET', '/api/chat/get_messages?page_num=1', undefined, fan.token)).body.data;
    expect(page1.messages.map((m: { _id: string }) => m._id)).not.toContain(archiveId);
    expect(page1.has_more).toBe(true);
    const staffPage1 = (await call('GET', `/api/chat/get_messages_admin?selected_user_id=${fan.id}&page_num=1`, undefined, admin)).body.data;
    expect(staffPage1.messages.map((m: { _id: string }) => m._id)).not.toContain(archiveId);
    await loadUntil(fanPage, () => fanBubble(archiveId));
    await loadUntil(staffPage, () => staffBubble(archiveId));
    const fanImage = fanBubble(archiveId).getByTestId('chat-media-image');
    const staffImage = staffBubble(archiveId).getByTestId('chat-message-media').locator('img');
    await fanImage.waitFor({ timeout: 15_000 });
    await staffImage.waitFor({ timeout: 15_000 });
    const fanBefore = await fanImage.getAttribute('src');
    const staffBefore = await staffImage.getAttribute('src');
    const shape = (img: ReturnType<Page['locator']>) => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth ? el.naturalWidth / el.naturalHeight : 0));
    await expect.poll(() => shape(fanImage), { timeout: 15_000 }).toBeGreaterThan(1); // landscape 900 × 600
    const fanUrl = fanPage.url();

    await staffBubble(archiveId).hover();
    await staffBubble(archiveId).getByTestId('chat-message-actions').click();
    await staffPage.getByTestId('chat-rotate-right').click();
    await staffPage.getByText('Are you sure you want to rotate this image?').waitFor();
    await staffPage.getByTestId('chat-rotate-confirm').click();

    // Both chats: a new rendering (a new address), portrait now, the message where it was; nothing reloaded.
    await expect.poll(() => staffImage.getAttribute('src'), { timeout: 30_000 }).not.toBe(staffBefore);
    await expect.poll(() => fanImage.getAttribute('src'), { timeout: 30_000 }).not.toBe(fanBefore);
    await expect.poll(() => shape(fanImage), { timeout: 15_000 }).toBeLessThan(1);
    await expect.poll(() => shape(staffImage), { timeout: 15_000 }).toBeLessThan(1);
    expect(fanPage.url()).toBe(fanUrl);
    expect(await fanPage.locator('[data-testid="chat-message"]').count()).toBeGreaterThan(CHAT_PAGE_SIZE);
    await fanBubble(archiveId).scrollIntoViewIfNeeded();
    await shootBothWidths(fanPage, 'chat-media-live-04-rotated-fan');
    await staffBubble(archiveId).scrollIntoViewIfNeeded();
    await shootBothWidths(staffPage, 'chat-media-live-05-rotated-console');

  });

  it('the home feed: "Send a message" and its open modal go away live when the creator turns chat off, and come back', async () => {
    await fanPage.goto(t.base + '/');
    const card = fanPage.getByTestId('feed-chat-card');
    await card.waitFor({ timeout: 20_000 });
    await card.getByTestId('feed-chat-message').click();
    const dialog = fanPage.getByTestId('send-message-dialog');
    await dialog.waitFor();

    const off = await call('POST', '/api/app_settings/update_chat_settings', { chat_settings: { disabled_normal_chat: true } }, admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => card.getByTestId('feed-chat-message').count(), { timeout: 15_000 }).toBe(0);
    expect(await card.getByTestId('feed-chat-disabled').innerText()).toBe('Chat is currently disabled by the creator.');
    await card.getByTestId('feed-chat-open').waitFor(); // the conversation stays open for reading, unlocks and tips
    await card.scrollIntoViewIfNeeded();
    await shootBothWidths(fanPage, 'chat-media-live-06-feed-chat-off');

    expect((await call('POST', '/api/app_settings/update_chat_settings', { chat_settings: { disabled_normal_chat: false } }, admin)).status).toBe(200);
    await card.getByTestId('feed-chat-message').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('feed-chat-disabled').count()).toBe(0);
    // On a phone the site's name is not cut and "Send a message" stays on one line, as tall as "Open chat".
    await fanPage.setViewportSize(PHONE);
    const name = fanPage.getByTestId('brand-name');
    await expect.poll(() => name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    expect(await name.innerText()).toBe('Fanclub Creator');
    const send = (await card.getByTestId('feed-chat-message').boundingBox())!;
    const open = (await card.getByTestId('feed-chat-open').boundingBox())!;
    expect(send.height).toBe(open.height);
    expect(send.y).toBe(open.y);
    await fanPage.setViewportSize(DESKTOP);
    await shootBothWidths(fanPage, 'chat-media-live-07-feed-chat-on');
  });

  it('no page errors', () => {
    expect(errors).toEqual([]);
  });
});

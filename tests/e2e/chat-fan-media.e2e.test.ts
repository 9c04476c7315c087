// A fan's photo in private chat, the Send Message modal (from the home feed's chat card) and the purchased-contents
// pages, in a real browser. The fan picks a photo with the images button (a GIF is
// refused: 'Media format is not supported.'; a second file: 'You can not add more than one media.'), sends it on a
// throttled connection and sees the upload's progress, while the admin, with the fan's conversation open in the
// console, sees the photo arrive live. Going offline mid-upload shows 'Seems you are offline. Please check your
// internet connection and post again.', and Retry sends it once back online. From the home feed's chat card the
// fan sends a quick message in the Send Message modal ('Type a message' when empty). The chat header's link opens
// /purchased-contents with the post and the chat message the fan unlocked; the admin sees the same in
// /admin/purchased-contents/:userId. Screenshots at 375 px and 1440 px in tests/artifacts/ (chat-fan-media-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('a fan sends a photo in chat; purchased contents (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  const fan = { id: '', token: '', email: 'mia.media@example.com', name: 'Mia Media' };
  let fanContext: BrowserContext;
  let fanPage: Page;
  let staffPage: Page;
  let cdp: CDPSession;
  const errors: string[] = [];
  const files: Record<string, string> = {};
  let postId = '';
  let messageId = '';

  const call = (method: string, url: string, body?: unknown, token?: string) => t.call(method, url, body, token ? { token } : {});
  const watch = (p: Page) => {
    p.on('console', (m) => {
      // The offline upload and the refused picks are answers the page handles.
      if (m.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|status of 40[0-3]|net::ERR/.test(m.text())) errors.push(`${new URL(p.url()).pathname}: ${m.text()}`);
    });
    p.on('pageerror', (e) => errors.push(`${new URL(p.url()).pathname}: ${e.message}`));
  };
  const staffUpload = async (name: string, color: string) => {
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
    const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: `${name}.jpg`, content_type: 'image/jpeg', media_type: 'blog' }, admin)).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(image) })).status).toBe(200);
    return (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, admin)).body.data.id as string;
  };
  /** Slow uploads (about 200 kB/s) so the progress shows; null: full speed again. */
  const throttle = async (bytesPerSecond: number | null) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: bytesPerSecond ? 40 : 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond ?? -1 });
  const fanMessages = (p: Page) => p.locator('[data-testid="chat-message"][data-own="true"]');
  const staffFanMessages = () => staffPage.locator('[data-testid="chat-message"][data-from="fan"]');

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const r = await call('POST', '/api/users/register', { name: fan.name, email: fan.email, password: 'a good long password' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    fan.id = r.body.data.userId;
    fan.token = r.body.data.token;
    expect((await call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: fan.email, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token)).status).toBe(200);
    // Something bought: a locked post and a locked chat photo, unlocked with the saved card.
    postId = (await call('POST', '/api/blogs', { caption: 'Golden hour on the pier', visibility: 'locked', amount: 6, media_ids: [await staffUpload('pier', '#e9c46a')] }, admin)).body.data._id;
    messageId = (await call('POST', '/api/chat/send_message', { receiver: fan.id, message: 'A little something from the shoot', media: [await staffUpload('shoot', '#264653')], isLocked: true, amount: 9 }, admin)).body.data.message._id;
    expect((await call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 6 }, fan.token)).body.data.accepted).toBe(true);
    expect((await call('POST', '/api/v2/purchase/chat-content-purchase', { messageId, amount: 9 }, fan.token)).body.data.accepted).toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-fan-media-'));
    // A noisy photo (≈1.5 MB as PNG) so a throttled upload takes a few seconds.
    const noise = Buffer.alloc(900 * 600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    files.photo = path.join(dir, 'sunset-selfie.png');
    fs.writeFileSync(files.photo, await sharp(noise, { raw: { width: 900, height: 600, channels: 3 } }).png().toBuffer());
    files.second = path.join(dir, 'another.jpg');
    fs.writeFileSync(files.second, await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' } }).jpeg().toBuffer());
    files.gif = path.join(dir, 'funny.gif');
    fs.writeFileSync(files.gif, Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));

    browser = await launchChromium();
    fanContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanContext, t.base, fan.token);
    await fanContext.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
      // The push prompt would cover the page: asked "later".
      localStorage.setItem('fanclub.pushPromptLater', String(Date.now()));
    });
    fanPage = await fanContext.newPage();
    watch(fanPage);
    cdp = await fanContext.newCDPSession(fanPage);
    staffPage = await browser.newPage({ viewport: DESKTOP });
    watch(staffPage);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the admin has the fan\'s conversation open in the console', async () => {
    await staffPage.goto(t.base + '/admin/login');
    await staffPage.getByLabel('Email').fill(t.adminEmail);
    await staffPage.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await staffPage.getByTestId('menu-chat').waitFor({ timeout: 20_000 });
    await staffPage.goto(`${t.base}/admin/private-chat/${fan.id}`);
    await staffPage.locator('[data-testid="chat-message"]').first().waitFor({ timeout: 20_000 });
  });

  it('the images button: a GIF and a second file are refused with the spec texts; the photo shows above the bar', async () => {
    await fanPage.goto(t.base + '/private-chat');
    await fanPage.getByTestId('chat-page').waitFor({ timeout: 20_000 });
    await fanPage.getByTestId('chat-media-button').waitFor();
    await fanPage.getByTestId('chat-media-input').setInputFiles(files.gif);
    expect(await fanPage.getByTestId('chat-input-error').innerText()).toBe('Media format is not supported.');
    await fanPage.getByTestId('chat-media-input').setInputFiles(files.photo);
    expect(await fanPage.getByTestId('chat-attachment-name').innerText()).toBe('sunset-selfie.png');
    expect(await fanPage.getByTestId('chat-input-error').count()).toBe(0);
    // The same file again is a duplicate (skipped, no message); another file is a second item.
    await fanPage.getByTestId('chat-media-input').setInputFiles(files.photo);
    expect(await fanPage.getByTestId('chat-input-error').count()).toBe(0);
    await fanPage.getByTestId('chat-media-input').setInputFiles(files.second);
    expect(await fanPage.getByTestId('chat-input-error').innerText()).toBe('You can not add more than one media.');
    expect(await fanPage.getByTestId('chat-attachment-name').innerText()).toBe('sunset-selfie.png');
    await shootBothWidths(fanPage, 'chat-fan-media-01-attached');
  });

  it('sends the photo with a caption: the upload\'s progress shows, then the photo; the admin sees it arrive live', async () => {
    await throttle(200_000);
    await fanPage.getByTestId('chat-input').fill('Sunset from my balcony');
    await fanPage.getByTestId('chat-send').click();
    const pending = fanPage.getByTestId('chat-pending-message');
    await pending.getByTestId('chat-upload-progress').waitFor({ timeout: 10_000 });
    // The bar moves (aria-valuenow), and the label says how far: 'Uploading N%', then 'Processing…'.
    await expect.poll(async () => Number((await pending.getByTestId('chat-upload-progress').getAttribute('aria-valuenow').catch(() => '0')) ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await pending.getByTestId('chat-upload-percent').innerText()).toMatch(/^(Uploading \d{1,3}%|Processing…|Sending…)$/);
    expect(await fanPage.getByTestId('chat-attachment').count()).toBe(0); // the bar is free again
    await fanPage.screenshot({ path: path.join('tests/artifacts', 'chat-fan-media-02-uploading-1440.png') });
    await throttle(null);
    const sent = fanMessages(fanPage).last();
    await expect.poll(() => sent.getAttribute('data-type'), { timeout: 30_000 }).toBe('photo');
    await sent.getByTestId('chat-media-image').waitFor({ timeout: 15_000 });
    expect(await sent.getByTestId('chat-message-text').innerText()).toBe('Sunset from my balcony');
    await expect.poll(() => pending.count()).toBe(0);
    // The console, without a reload: the fan's photo, rendered (thumbnail) like any media.
    const live = staffFanMessages().last();
    await live.getByTestId('chat-message-media').waitFor({ timeout: 15_000 });
    expect(await live.getByTestId('chat-message-text').innerText()).toBe('Sunset from my balcony');
    expect(await live.locator('[data-testid="chat-message-media"] img').getAttribute('src')).toMatch(/sig=/);
    await shootBothWidths(fanPage, 'chat-fan-media-03-sent');
    await shootBothWidths(staffPage, 'chat-fan-media-04-console');
  });

  it('offline mid-upload: the spec\'s text, and Retry sends it once back online', async () => {
    const before = await fanMessages(fanPage).count();
    await throttle(60_000);
    await fanPage.getByTestId('chat-media-input').setInputFiles(files.photo);
    await fanPage.getByTestId('chat-send').click();
    const pending = fanPage.getByTestId('chat-pending-message');
    await pending.getByTestId('chat-upload-progress').waitFor({ timeout: 10_000 });
    await fanContext.setOffline(true);
    await expect.poll(() => pending.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
    expect(await pending.getByTestId('chat-send-error').innerText()).toBe('Seems you are offline. Please check your internet connection and post again.');
    await shootBothWidths(fanPage, 'chat-fan-media-05-offline');
    await fanContext.setOffline(false);
    await throttle(null);
    await pending.getByTestId('chat-retry-send').click();
    await expect.poll(() => fanMessages(fanPage).count(), { timeout: 30_000 }).toBe(before + 1);
    await expect.poll(() => pending.count()).toBe(0);
    // Sent once: the conversation has exactly two photos from the fan.
    const all = (await call('GET', `/api/chat/get_messages_admin?selected_user_id=${fan.id}`, undefined, admin)).body.data.messages as { fromAdmin: boolean; type: string }[];
    expect(all.filter((m) => !m.fromAdmin && m.type === 'photo')).toHaveLength(2);
  });

  it('the home feed\'s chat card opens the Send Message modal: "Type a message" when empty, then the message is sent', async () => {
    await fanPage.goto(t.base + '/');
    await fanPage.getByTestId('feed-chat-card').waitFor({ timeout: 20_000 });
    await fanPage.getByTestId('feed-chat-message').click();
    const dialog = fanPage.getByTestId('send-message-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('send-message-send').click();
    expect(await dialog.getByTestId('send-message-error').innerText()).toBe('Type a message');
    await shootBothWidths(fanPage, 'chat-fan-media-06-send-message-modal');
    await dialog.getByTestId('send-message-input').fill('Hello from the feed!');
    await dialog.getByTestId('send-message-send').click();
    await fanPage.waitForURL('**/private-chat', { timeout: 15_000 });
    await expect.poll(async () => (await fanMessages(fanPage).last().innerText().catch(() => '')).includes('Hello from the feed!'), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await staffFanMessages().last().innerText().catch(() => '')).includes('Hello from the feed!'), { timeout: 15_000 }).toBe(true);
  });

  it('the chat header links to purchased contents: the post and the chat message the fan unlocked', async () => {
    await fanPage.getByTestId('chat-purchased-link').click();
    await fanPage.waitForURL('**/purchased-contents');
    const rows = fanPage.getByTestId('purchased-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['message', 'post']);
    expect(await fanPage.getByTestId('purchased-title').allInnerTexts()).toEqual(['A little something from the shoot', 'Golden hour on the pier']);
    expect(await fanPage.getByTestId('purchased-amount').allInnerTexts()).toEqual(['$9.00', '$6.00']);
    expect(await fanPage.getByTestId('purchased-total').innerText()).toBe('$15.00');
    await shootBothWidths(fanPage, 'chat-fan-media-07-purchased');
    await fanPage.getByTestId('purchased-tab-post').click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await fanPage.waitForURL(`**/feed/${postId}`);
  });

  it('the admin opens the fan\'s purchased contents in the console', async () => {
    await staffPage.goto(`${t.base}/admin/purchased-contents/${fan.id}`);
    await staffPage.getByTestId('purchased-list').waitFor({ timeout: 20_000 });
    expect(await staffPage.getByTestId('purchased-row').count()).toBe(2);
    expect(await staffPage.getByTestId('purchased-summary').innerText()).toBe('2 items · spent $15.00');
    await shootBothWidths(staffPage, 'chat-fan-media-08-console-purchased');
    expect(errors).toEqual([]);
  });
});

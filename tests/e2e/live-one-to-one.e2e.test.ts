// One-to-one Go Live end to end (part U) with the real Janus and Chromium's fake
// camera: the model opens a fan's chat in the console and presses the video icon; the publisher's view shows the
// fan's name with the conversation beside it; the fan sees Join Stream in the chat header, opens the live modal
// and decodes the video; another fan sees nothing and the model cannot start with them ("Stream already started with
// another user."); END LIVE (with the confirmation) ends it for the fan. A billed one-to-one first shows its rate and the
// fan's wallet balance; a wallet that does not pay a minute gets Add Funds for the shortfall, and with the top-up paid
// the fan confirms the rate and joins. The live settings page of a server without
// a media server says why, and GO LIVE NOW is off. Screenshots at 375 and 1440 px (live-1to1-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { END_LIVE_CONFIRM, STREAM_ALREADY_STARTED } from '../../domain/live-client/rules';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, requireChromium, shootBothWidths, signInConsole } from '../support/browser';
import { requireJanus, type TestJanus } from '../support/janus';
import { payAddFundsInDialog } from '../support/wallet';
import { closeLive, createModel, decodedVideo, launchFakeMediaChromium, openLiveFan, openModelPage, startLiveServer, type LiveFan } from '../support/live';

const ready = requireChromium() && requireJanus();

describe.skipIf(!ready)('one-to-one Go Live end to end (Janus + Chromium)', () => {
  let janus: TestJanus;
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let modelPage: Page;
  const fans: Record<'dora' | 'eve', LiveFan> = {} as never;
  const model = { email: 'mia.one@example.com', password: '' };
  const errors: string[] = [];
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});

  beforeAll(async () => {
    ({ janus, t, admin } = await startLiveServer());
    expect((await post('/api/stream/save_settings', { enable_live_streaming: true }, admin)).status).toBe(200);
    model.password = await createModel(t, admin, 'Mia One', model.email);
    browser = await launchFakeMediaChromium();
    for (const [key, name] of [['dora', 'Dora One'], ['eve', 'Eve Other']] as const) {
      fans[key] = await openLiveFan(browser, t, { key, name, email: `${key}.one@example.com`, password: `${key} one password` }, errors);
      await post('/api/chat/send_message', { message: `Hi, ${name} here` }, fans[key].token);
    }
    modelPage = await openModelPage(browser, errors);
  }, 180_000);
  afterAll(() => closeLive(browser, t, janus));

  it('the model starts a one-to-one from the chat header; the view names the fan and shows the conversation', async () => {
    await signInConsole(modelPage, t.base, model.email, model.password);
    await modelPage.goto(`${t.base}/admin/private-chat/${fans.dora.id}`);
    const goLive = modelPage.getByTestId('chat-go-live');
    await goLive.waitFor({ timeout: 20_000 });
    await expect.poll(() => goLive.isEnabled()).toBe(true);
    await goLive.click();
    await modelPage.waitForURL((u) => u.pathname === `/admin/live-stream/${fans.dora.id}`);
    await expect.poll(() => modelPage.getByTestId('publisher-view').getAttribute('data-phase'), { timeout: 30_000 }).toBe('live');
    await expect.poll(() => modelPage.getByTestId('live-partner').innerText()).toBe('Dora One');
    await modelPage.getByTestId('publisher-side').getByText('Hi, Dora One here').waitFor({ timeout: 15_000 });
    expect(await modelPage.getByTestId('publisher-end').innerText()).toBe('END LIVE');
  });

  it('the fan sees Join Stream in the chat header, opens the live modal and decodes the video', async () => {
    const { dora } = fans;
    await dora.page.goto(t.base + '/private-chat');
    await dora.page.getByTestId('chat-join-stream').waitFor({ timeout: 20_000 });
    await shootBothWidths(dora.page, 'live-1to1-join-stream');
    await dora.page.getByTestId('chat-join-stream').click();
    await dora.page.waitForURL((u) => u.pathname === '/live-stream');
    await dora.page.getByTestId('live-stream-modal').waitFor();
    await expect.poll(() => dora.page.getByTestId('one-to-one-live').getAttribute('data-phase'), { timeout: 40_000 }).toBe('live');
    // The private chat beside the video.
    await dora.page.getByTestId('live-chat-panel').getByText('Hi, Dora One here').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await decodedVideo(dora.page)).frames, { timeout: 20_000 }).toBeGreaterThan(10);
    const first = await decodedVideo(dora.page);
    // The video keeps playing: more frames decoded within 1.5 s.
    await expect.poll(async () => (await decodedVideo(dora.page)).frames, { timeout: 1_500, interval: 50 }).toBeGreaterThan(first.frames);
    const later = await decodedVideo(dora.page);
    expect(later.width).toBeGreaterThan(0);
    // One-to-one comments: up to 1000 characters.
    await dora.page.getByTestId('live-comment-input').fill('y'.repeat(1001));
    await dora.page.getByTestId('live-comment-send').click();
    await dora.page.getByText('Maximum 1000 characters allowed.').waitFor();
    await dora.page.getByTestId('live-comment-input').fill('I can see you!');
    await dora.page.getByTestId('live-comment-send').click();
    await modelPage.getByTestId('live-comment').filter({ hasText: 'I can see you!' }).waitFor({ timeout: 15_000 });
    await shootBothWidths(dora.page, 'live-1to1-fan');
    await expect.poll(() => modelPage.getByTestId('live-viewer-count').innerText(), { timeout: 15_000 }).toBe('1');
    await shootBothWidths(modelPage, 'live-1to1-publisher');
  });

  it('another fan sees no session; the model cannot start one with them', async () => {
    const { eve } = fans;
    await eve.page.goto(t.base + '/live-stream');
    await expect.poll(() => eve.page.getByTestId('one-to-one-live').getAttribute('data-phase'), { timeout: 20_000 }).toBe('none');
    await eve.page.goto(t.base + '/private-chat');
    await eve.page.getByTestId('chat-header').waitFor();
    await eve.page.waitForTimeout(1000);
    expect(await eve.page.getByTestId('chat-join-stream').count()).toBe(0);
    const other = await browser.newPage({ viewport: DESKTOP });
    await signInConsole(other, t.base, model.email, model.password);
    await other.goto(`${t.base}/admin/live-stream/${eve.id}`);
    await other.getByTestId('publisher-error').getByText(STREAM_ALREADY_STARTED).waitFor({ timeout: 30_000 });
    await other.close();
  });

  it('END LIVE with the confirmation ends it for the fan', async () => {
    const { dora } = fans;
    await modelPage.getByTestId('publisher-end').click();
    expect(await modelPage.getByTestId('publisher-confirm').innerText()).toContain(END_LIVE_CONFIRM);
    await modelPage.getByTestId('publisher-confirm-yes').click();
    await modelPage.waitForURL((u) => u.pathname === `/admin/private-chat/${dora.id}`, { timeout: 15_000 });
    await expect.poll(() => dora.page.getByTestId('one-to-one-live').getAttribute('data-phase'), { timeout: 20_000 }).toBe('ended');
    expect((await t.call('GET', '/api/stream/current', undefined, { token: admin })).body.data.session).toBeNull();
    expect(errors).toEqual([]);
  });

  it('per-minute one-to-one: the fan sees the rate and their balance first; a wallet that cannot pay a minute gets Add Funds for the shortfall, then the fan confirms and joins', async () => {
    const { eve } = fans;
    expect((await post('/api/stream/save_settings', { price_per_minute: 2 }, admin)).status).toBe(200);
    const modelToken = (await post('/api/users/login', { email: model.email, password: model.password })).body.data.token as string;
    const started = await post('/api/stream/start_stream', { isGroupLiveStream: false, userId: eve.id }, modelToken);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    try {
      await eve.page.goto(t.base + '/live-stream');
      const rate = eve.page.getByTestId('live-rate-confirm');
      await rate.waitFor({ timeout: 20_000 });
      expect(await eve.page.getByTestId('one-to-one-live').getAttribute('data-phase')).toBe('confirm');
      expect(await rate.getByTestId('live-rate').innerText()).toBe('$2.00 per minute');
      expect(await rate.getByTestId('live-rate-balance').innerText()).toBe('$0.00');
      expect(await rate.getByTestId('live-rate-minutes').innerText()).toBe('Not enough for a minute');
      // Nothing was asked of the server yet: the fan is not in the session.
      expect((await t.call('GET', '/api/stream/current', undefined, { token: eve.token })).body.data.session.isJoined).toBe(false);
      await rate.getByTestId('live-rate-add-funds').click();
      const dialog = eve.page.getByTestId('add-funds-dialog');
      await dialog.getByTestId('add-funds-shortfall').waitFor({ timeout: 20_000 });
      await shootBothWidths(eve.page, 'live-1to1-add-funds');
      await payAddFundsInDialog(eve.page, t, admin);
      // Confirmed: the rate again, with the new balance; Join (a token now; the model's camera is not up, so it waits for the feed).
      await expect.poll(() => rate.getByTestId('live-rate-minutes').innerText(), { timeout: 30_000 }).toMatch(/^Enough for \d+ minutes?$/);
      await rate.getByTestId('live-rate-join').click();
      await expect.poll(() => eve.page.getByTestId('one-to-one-live').getAttribute('data-phase'), { timeout: 30_000 }).toBe('connecting');
      await expect.poll(async () => (await t.call('GET', '/api/stream/current', undefined, { token: eve.token })).body.data.session?.isJoined, { timeout: 10_000 }).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await post('/api/stream/stop_stream', {}, modelToken);
      await post('/api/stream/save_settings', { price_per_minute: 0 }, admin);
    }
  });

  it('without a media server the settings page says why and GO LIVE NOW is off', async () => {
    const bare = await startTestServer('pglite', {}, { serveApps: true });
    try {
      const p = await browser.newPage({ viewport: DESKTOP });
      await signInConsole(p, bare.base, bare.adminEmail, bare.adminPassword);
      await p.goto(bare.base + '/admin/settings/live-streaming-settings');
      await expect.poll(() => p.getByTestId('live-media-status').innerText(), { timeout: 20_000 }).toBe('Unavailable');
      expect((await p.getByTestId('live-media-reason').innerText()).length).toBeGreaterThan(10);
      await shootBothWidths(p, 'live-settings-unavailable');
      await p.goto(bare.base + '/admin/go-live');
      await p.getByTestId('go-live-unavailable').waitFor({ timeout: 20_000 });
      expect(await p.getByTestId('go-live-now').isDisabled()).toBe(true);
      await p.close();
    } finally {
      await bare.close();
    }
  });
});

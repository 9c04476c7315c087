// The publisher's devices and the fans' announcements end to end with the REAL Janus and
// Debian Chromium's fake media devices (three fake cameras: --use-fake-device-for-media-stream=device-count=3 — the
// second is a depth camera (Y16) that Chromium never encodes, so the switch goes to the third; three fake microphones): a fan on the home page gets the GROUP_LIVE_STARTED popup when the creator goes live and joins
// from it; on desktop the creator switches camera and microphone while on air (the sending tracks change, the fan
// keeps decoding); on a phone the flip control swaps the camera and the mirror of the preview; a fan who pays from a
// wallet that is short tips in the group live: Add Funds for the shortfall, paid, the tip goes through and the
// creator's total updates. Screenshots at 375 and 1440 px in tests/artifacts/ (live-pub-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { DESKTOP, PHONE, artifactPath, requireChromium, shootBothWidths, signInConsole } from '../support/browser';
import { requireJanus, type TestJanus } from '../support/janus';
import { closeLive, createModel, decodedVideo, launchFakeMediaChromium, openLiveFan, openModelPage, startLiveServer, type LiveFan } from '../support/live';
import { payAddFundsInDialog, topUpWallet } from '../support/wallet';

const ready = requireChromium() && requireJanus();

describe.skipIf(!ready)('the publisher\'s devices, the live popup and Add Funds in a live tip (Janus + Chromium)', () => {
  let janus: TestJanus;
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let modelPage: Page;
  const fans: Record<'anna' | 'bea', LiveFan> = {} as never;
  const errors: string[] = [];
  const model = { email: 'pia.pub@example.com', password: '' };
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});

  /** Frames decoded so far by the page's open receiving peer connections. */
  const decoded = async (p: Page) => (await decodedVideo(p)).frames;
  /** The fan's video keeps coming: more frames decoded a moment later. */
  const keepsDecoding = async (p: Page) => {
    const before = await decoded(p);
    await expect.poll(() => decoded(p), { timeout: 15_000 }).toBeGreaterThan(before + 10);
  };
  /** What the publisher's open peer connection sends: each track's kind, label and id. */
  const sending = () =>
    modelPage.evaluate(() => {
      const pc = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((x) => x.connectionState !== 'closed').at(-1);
      const out: Record<string, { label: string; id: string; state: string }> = {};
      for (const s of pc?.getSenders() ?? []) if (s.track) out[s.track.kind] = { label: s.track.label, id: s.track.id, state: s.track.readyState };
      return out;
    });
  /** The MUI select whose hidden input carries `testId`. */
  const picker = (testId: string) => modelPage.getByTestId(testId).locator('xpath=..').getByRole('combobox');

  beforeAll(async () => {
    ({ janus, t, admin } = await startLiveServer());
    expect((await post('/api/stream/save_settings', { enable_live_streaming: true }, admin)).status).toBe(200);
    model.password = await createModel(t, admin, 'Pia Pub', model.email);
    // Three fake cameras: the second is a depth camera that Chromium never encodes (see the top of the file).
    browser = await launchFakeMediaChromium(3);
    for (const [key, name] of [['anna', 'Anna Pop'], ['bea', 'Bea Wallet']] as const) {
      fans[key] = await openLiveFan(browser, t, { key, name, email: `${key}.pub@example.com`, password: `${key} pub password` }, errors);
    }
    // Bea pays from her wallet (her choice) and has $5 in it (the smallest top-up).
    await topUpWallet(t, fans.bea.token, 5);
    expect((await post('/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, fans.bea.token)).status).toBe(200);
    modelPage = await openModelPage(browser, errors, { collectPeers: true });
  }, 180_000);
  afterAll(() => closeLive(browser, t, janus));

  it('a fan on the home page gets the "started a live stream" popup when the creator goes live (GROUP_LIVE_STARTED) and joins from it', async () => {
    const { anna } = fans;
    await anna.page.goto(t.base + '/');
    await signInConsole(modelPage, t.base, model.email, model.password);
    await modelPage.getByTestId('go-live-now').waitFor({ timeout: 20_000 });
    // Anna's page is connected (she counts as online) before the creator goes live.
    await expect.poll(() => modelPage.getByTestId('go-live-online-text').innerText(), { timeout: 20_000 }).toBe('1 fan online');
    expect(await anna.page.getByTestId('live-popup').count()).toBe(0);
    await modelPage.getByTestId('go-live-now').click();
    await modelPage.getByTestId('go-live-continue').click();
    await expect.poll(() => modelPage.getByTestId('publisher-view').getAttribute('data-phase'), { timeout: 30_000 }).toBe('live');

    const popup = anna.page.getByTestId('live-popup');
    await popup.waitFor({ timeout: 20_000 });
    expect(await popup.innerText()).toContain('Pia Pub started a live stream.');
    await shootBothWidths(anna.page, 'live-pub-popup');
    await popup.getByTestId('live-popup-join').click();
    await anna.page.waitForURL((u) => u.pathname === '/group-live-stream');
    await expect.poll(() => anna.page.getByTestId('group-live-stream').getAttribute('data-phase'), { timeout: 40_000 }).toBe('live');
    await expect.poll(() => decoded(anna.page), { timeout: 20_000 }).toBeGreaterThan(10);
    // Joined: neither the popup nor the ribbon stays.
    expect(await anna.page.getByTestId('live-popup').count()).toBe(0);
  });

  it('desktop: the creator switches camera and microphone on air; the fan keeps decoding', async () => {
    const cameras = picker('publisher-camera');
    const mics = picker('publisher-mic');
    await cameras.waitFor();
    let sent = await sending();
    expect(sent.video.label).toBe('fake_device_0');
    const firstMic = sent.audio.label;
    await cameras.click();
    expect(await modelPage.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining(['fake_device_0', 'fake_device_2']));
    await modelPage.screenshot({ path: artifactPath('live-pub-camera-menu-1440.png') });
    await modelPage.getByRole('option', { name: 'fake_device_2' }).click();
    await expect.poll(async () => (await sending()).video?.label, { timeout: 10_000 }).toBe('fake_device_2');
    sent = await sending();
    expect(sent.video.state).toBe('live');
    // The preview shows the new camera, the old one is stopped, the picker says which.
    expect(await modelPage.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="publisher-video"]');
      return (v?.srcObject as MediaStream | null)?.getVideoTracks().map((tr) => `${tr.label}:${tr.readyState}`);
    })).toEqual(['fake_device_2:live']);
    expect(await cameras.innerText()).toContain('fake_device_2');
    await keepsDecoding(fans.anna.page);

    await mics.click();
    const micNames = await modelPage.getByRole('option').allInnerTexts();
    const other = micNames.find((n) => n !== firstMic && n.startsWith('Fake'))!;
    expect(other).toBeTruthy();
    await modelPage.getByRole('option', { name: other, exact: true }).click();
    await expect.poll(async () => (await sending()).audio?.label, { timeout: 10_000 }).toBe(other);
    expect(await mics.innerText()).toContain(other);
    expect((await sending()).video.label).toBe('fake_device_2');
    await keepsDecoding(fans.anna.page);
    await shootBothWidths(modelPage, 'live-pub-devices');
    await modelPage.setViewportSize(DESKTOP);
  });

  it('phone: the flip control swaps the camera and the preview\'s mirror; the fan keeps decoding', async () => {
    const mirror = () => modelPage.getByTestId('publisher-video').evaluate((v) => (v as HTMLVideoElement).style.transform);
    // Desktop has the pickers instead; the layout follows the last test's resize on the next render.
    await expect.poll(() => modelPage.getByTestId('publisher-flip').count()).toBe(0);
    await modelPage.setViewportSize(PHONE);
    const flip = modelPage.getByTestId('publisher-flip');
    await flip.waitFor();
    expect(await modelPage.getByTestId('publisher-camera').count()).toBe(0);
    expect(await mirror()).toBe('scaleX(-1)'); // the front camera is shown as a mirror
    const before = (await sending()).video;
    await flip.click();
    await expect.poll(mirror).toBe(''); // the back camera is not mirrored
    await expect.poll(async () => (await sending()).video?.id, { timeout: 10_000 }).not.toBe(before.id);
    expect((await sending()).video.state).toBe('live');
    await keepsDecoding(fans.anna.page);
    await modelPage.screenshot({ path: artifactPath('live-pub-flip-375.png') });
    await flip.click();
    await expect.poll(mirror).toBe('scaleX(-1)');
    await keepsDecoding(fans.anna.page);
    await shootBothWidths(modelPage, 'live-pub-phone');
    await modelPage.setViewportSize(DESKTOP);
  });

  it('a group live tip from a wallet that is short: Add Funds for the shortfall, then the tip goes through and the creator\'s total updates', async () => {
    const { bea } = fans;
    await bea.page.goto(t.base + '/group-live-stream');
    await expect.poll(() => bea.page.getByTestId('group-live-stream').getAttribute('data-phase'), { timeout: 40_000 }).toBe('live');
    await bea.page.getByTestId('live-tip-button').click();
    await bea.page.getByTestId('live-tip-amount').fill('12');
    await bea.page.getByTestId('live-tip-send').click();
    await bea.page.getByText('Please Confirm Tip of $12.00.').waitFor();
    await bea.page.getByTestId('confirm-live-tip').click();
    const dialog = bea.page.getByTestId('add-funds-dialog');
    await dialog.getByTestId('add-funds-shortfall').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('add-funds-shortfall').innerText()).toContain('$7');
    await shootBothWidths(bea.page, 'live-pub-tip-add-funds');
    await bea.page.setViewportSize(DESKTOP);
    await payAddFundsInDialog(bea.page, t, admin);
    // The top-up is confirmed: the tip is sent again on its own, from the wallet.
    await bea.page.getByText('Thank you for your tip!').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => modelPage.getByTestId('live-tip-total').innerText(), { timeout: 15_000 }).toBe('Tips $12.00');
    for (const p of [bea.page, fans.anna.page, modelPage]) await p.locator('[data-testid="live-comment"][data-type="tips"]').filter({ hasText: 'tipped $12.00' }).waitFor({ timeout: 15_000 });
    const me = (await t.call('GET', '/api/users/me', undefined, { token: bea.token })).body.data;
    expect(me.wallet_amount_cents).toBe(0);
    await shootBothWidths(bea.page, 'live-pub-tip-sent');
    await bea.page.setViewportSize(DESKTOP);
  });

  it('END stops it for everyone; no page errors', async () => {
    await modelPage.getByTestId('publisher-end').click();
    await modelPage.getByTestId('publisher-confirm-yes').click();
    await expect.poll(() => modelPage.getByTestId('publisher-view').count(), { timeout: 15_000 }).toBe(0);
    for (const f of [fans.anna, fans.bea]) await f.page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});

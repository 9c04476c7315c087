// A paid one-to-one whose browsers die, end to end with the real Janus and Chromium processes of their own ($2 a
// minute from a $10 wallet), as a new user would meet it: the fan confirms the rate with their balance before the call
// and sees its time and cost live during it. Each fan browser is a separate Chromium process group that the test
// kills (SIGKILL: the process and its sockets are gone) or freezes (SIGSTOP: nothing answers, as when the network is
// gone):
//   - killed 12 s into the call: the creator's viewer count drops within seconds and nothing is ever charged;
//   - frozen after a minute of call time: the relay's heartbeat finds it within seconds; that one minute is charged
//     (live on the fan's screen before), the minute under way is not;
//   - the creator's browser killed, then the fan's: the fan's call time stops running at once, the session ends within
//     seconds after the grace, bills nothing more, and the sessions report shows what was really delivered and why it
//     ended.
// Measured times are printed ([live presence] …). Screenshots at 375 and 1440 px: live-call-confirm-*.png,
// live-call-cost-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'kysely';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { LIVE_PUBLISHER_GRACE_MS } from '../../domain/live/live-session';
import { TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, launchChromium, requireChromium, shootBothWidths, signInConsole } from '../support/browser';
import { requireJanus, type TestJanus } from '../support/janus';
import { topUpWallet } from '../support/wallet';
import { closeLive, createModel, decodedVideo, launchKillableChromium, openFanInOwnBrowser, openModelPage, startLiveServer } from '../support/live';

const ready = requireChromium() && requireJanus();

type Killable = Awaited<ReturnType<typeof launchKillableChromium>>;

describe.skipIf(!ready)('a paid one-to-one whose browsers die (Janus + Chromium processes)', () => {
  let janus: TestJanus;
  let t: TestServer;
  let admin: string;
  let modelBrowser: Killable;
  let modelPage: Page;
  const fanBrowsers: Killable[] = [];
  const fan = { key: 'nora', id: '', token: '', email: 'nora.presence@example.com' };
  const model = { email: 'mia.presence@example.com', password: '' };
  const errors: string[] = [];
  let offset = 0;
  let sessionId = '';
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const db = () => t.server.services.database.db;
  const settle = async () => {
    const h = await t.server.services.store.headPosition();
    if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
  };
  const charged = async () =>
    (await sql<{ amount_cents: string }>`SELECT amount_cents FROM rm.transactions WHERE type = 'live_minute' AND user_id = ${fan.id} AND status = 'captured' ORDER BY created_at`.execute(db())).rows.map((r) => Number(r.amount_cents));
  const viewerCount = () => modelPage.getByTestId('live-viewer-count').innerText();
  const events = async () => t.server.services.store.readStream(`live-session-${sessionId}`);
  /** Seconds shown as the call time (m:ss). */
  const elapsedSeconds = async (p: Page) => {
    const [m, s] = (await p.getByTestId('live-call-elapsed').innerText()).split(':').map(Number);
    return m * 60 + s;
  };
  /** Waits until the relayed connections holding these tokens answered a heartbeat at or after the server's clock now. */
  const heartbeatAfterNow = async (tokens: string[]) => {
    const now = t.server.services.clock().toISOString();
    const presence = t.server.services.livePresence as unknown as { lastSeenOf(tokens: string[]): string | null };
    await expect.poll(() => (presence.lastSeenOf(tokens) ?? '') >= now, { timeout: 10_000 }).toBe(true);
  };
  const connectedTokens = async () => {
    const list = await events();
    const left = new Set(list.filter((e) => e.type === 'LiveViewerLeft').flatMap((e) => (e.data as { tokens: string[] }).tokens));
    return list.filter((e) => e.type === 'LiveViewerConnected').map((e) => (e.data as { token: string }).token).filter((x) => !left.has(x));
  };
  const publisherToken = async () => ((await events()).find((e) => e.type === 'LiveSessionStarted')!.data as { publisherToken: string }).publisherToken;

  /** The fan in a browser process of their own: chat → Join Stream → the rate → Join → the video plays. */
  const fanJoins = async (shoot?: string): Promise<{ b: Killable; page: Page }> => {
    const b = await launchKillableChromium();
    fanBrowsers.push(b);
    const page = await openFanInOwnBrowser(b.browser, t, fan, errors);
    await page.goto(t.base + '/private-chat');
    await page.getByTestId('chat-join-stream').click({ timeout: 30_000 });
    await page.waitForURL((u) => u.pathname === '/live-stream');
    const rate = page.getByTestId('live-rate-confirm');
    await rate.waitFor({ timeout: 20_000 });
    expect(await rate.getByTestId('live-rate').innerText()).toBe('$2.00 per minute');
    if (shoot) await shootBothWidths(page, shoot);
    await rate.getByTestId('live-rate-join').click();
    await expect.poll(() => page.getByTestId('one-to-one-live').getAttribute('data-phase'), { timeout: 40_000 }).toBe('live');
    await expect.poll(async () => (await decodedVideo(page)).frames, { timeout: 20_000 }).toBeGreaterThan(10);
    await expect.poll(viewerCount, { timeout: 15_000 }).toBe('1');
    return { b, page };
  };

  beforeAll(async () => {
    ({ janus, t, admin } = await startLiveServer());
    t.server.services.clock = () => new Date(Date.now() + offset);
    expect((await post('/api/stream/save_settings', { enable_live_streaming: true, price_per_minute: 2 }, admin)).status).toBe(200);
    model.password = await createModel(t, admin, 'Mia Presence', model.email);
    const r = await post('/api/users/register', { name: 'Nora Presence', email: fan.email, password: 'nora presence password' });
    Object.assign(fan, { id: r.body.data.userId, token: r.body.data.token });
    expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: fan.email, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token)).body.data.accepted).toBe(true);
    await topUpWallet(t, fan.token, 10);
    await post('/api/chat/send_message', { message: 'Hi, Nora here' }, fan.token);
    modelBrowser = await launchKillableChromium();
    modelPage = await openModelPage(modelBrowser.browser, errors);
  }, 180_000);
  afterAll(async () => {
    for (const b of [...fanBrowsers, modelBrowser]) {
      b?.kill();
      await b?.browser.close().catch(() => undefined);
    }
    await closeLive(undefined as Browser | undefined, t, janus);
  });

  it('the creator goes live with the fan from the chat header', async () => {
    await signInConsole(modelPage, t.base, model.email, model.password);
    await modelPage.goto(`${t.base}/admin/private-chat/${fan.id}`);
    const goLive = modelPage.getByTestId('chat-go-live');
    await goLive.waitFor({ timeout: 20_000 });
    await expect.poll(() => goLive.isEnabled()).toBe(true);
    await goLive.click();
    await expect.poll(() => modelPage.getByTestId('publisher-view').getAttribute('data-phase'), { timeout: 30_000 }).toBe('live');
    sessionId = (await t.call('GET', '/api/stream/current', undefined, { token: admin })).body.data.session.sessionId;
    await expect.poll(async () => (await events()).some((e) => e.type === 'LivePublisherConnected'), { timeout: 15_000 }).toBe(true);
  });

  it('killed 12 s into the call: the creator\'s viewer count drops within seconds and the fan pays nothing', async () => {
    const { b, page } = await fanJoins('live-call-confirm');
    await page.getByTestId('live-call-cost').waitFor();
    expect(await page.getByTestId('live-call-charged').innerText()).toBe('$0.00');
    await expect.poll(() => elapsedSeconds(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
    expect(errors).toEqual([]);
    const killedAt = Date.now();
    b.kill();
    await expect.poll(viewerCount, { timeout: 15_000, interval: 100 }).toBe('0');
    const ms = Date.now() - killedAt;
    console.log(`[live presence] fan browser SIGKILLed: the creator's viewer count dropped after ${ms} ms`);
    expect(ms).toBeLessThan(5_000);
    const left = (await events()).find((e) => e.type === 'LiveViewerLeft')!.data as { reason: string; cause: string };
    expect([left.reason, left.cause]).toEqual(['disconnected', 'closed']);
    // Minutes later (the clock moved on, the supervisor passed): still nothing charged.
    offset += 3 * 60_000;
    await t.server.liveSupervisor.tick();
    await settle();
    expect(await charged()).toEqual([]);
  });

  it('frozen after a minute of call time: found by the heartbeat within seconds; the minute is charged (shown live), the one under way is not', async () => {
    const { b, page } = await fanJoins();
    const tokens = await connectedTokens();
    expect(tokens).toHaveLength(1);
    // A minute and a few seconds of call time pass (the server's clock moves; the heartbeats keep coming).
    offset += 65_000;
    await heartbeatAfterNow([...tokens, await publisherToken()]);
    await t.server.liveSupervisor.tick();
    await settle();
    expect(await charged()).toEqual([200]);
    // The fan's screen follows: $2.00 charged, the call time past a minute.
    await expect.poll(() => page.getByTestId('live-call-charged').innerText(), { timeout: 15_000 }).toBe('$2.00');
    await expect.poll(() => elapsedSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(60);
    await shootBothWidths(page, 'live-call-cost');
    expect(errors).toEqual([]);
    const frozenAt = Date.now();
    b.freeze();
    await expect.poll(viewerCount, { timeout: 20_000, interval: 100 }).toBe('0');
    const ms = Date.now() - frozenAt;
    console.log(`[live presence] fan browser SIGSTOPped (no answers): the creator's viewer count dropped after ${ms} ms`);
    expect(ms).toBeLessThan(9_000);
    b.kill();
    const lost = (await events()).filter((e) => e.type === 'LiveViewerLeft').at(-1)!.data as { cause: string };
    expect(lost.cause).toBe('heartbeat');
    offset += 3 * 60_000;
    await t.server.liveSupervisor.tick();
    await settle();
    expect(await charged()).toEqual([200]);
  });

  it('the creator\'s browser killed, then the fan\'s: the session ends within seconds after the grace and bills nothing more', async () => {
    const { b, page } = await fanJoins();
    await expect.poll(() => page.getByTestId('live-call-cost').getAttribute('data-running'), { timeout: 15_000 }).toBe('yes');
    const killedAt = Date.now();
    modelBrowser.kill();
    // The fan's screen: the feed is gone, the call time stops running (the minute under way will not be charged).
    await expect.poll(() => page.getByTestId('live-call-cost').getAttribute('data-running'), { timeout: 15_000 }).toBe('no');
    console.log(`[live presence] creator browser SIGKILLed: the fan's call time stopped running after ${Date.now() - killedAt} ms`);
    b.kill();
    await expect.poll(async () => (await t.call('GET', '/api/stream/current', undefined, { token: admin })).body.data.session, { timeout: LIVE_PUBLISHER_GRACE_MS + 20_000, interval: 200 }).toBeNull();
    const ms = Date.now() - killedAt;
    console.log(`[live presence] creator and fan browsers SIGKILLed: the session ended after ${ms} ms (grace ${LIVE_PUBLISHER_GRACE_MS} ms)`);
    expect(ms).toBeGreaterThanOrEqual(LIVE_PUBLISHER_GRACE_MS - 500);
    expect(ms).toBeLessThan(LIVE_PUBLISHER_GRACE_MS + 5_000);
    offset += 5 * 60_000;
    await t.server.liveSupervisor.tick();
    await settle();
    expect(await charged()).toEqual([200]);
    const report = (await post('/api/stream/get_live_stream_reports', {}, admin)).body.data.sessions[0];
    expect(report).toMatchObject({ _id: sessionId, status: 'stopped', stopReason: 'publisher_lost', minutesCharged: 1, chargedCents: 200 });
    console.log(`[live presence] the sessions report: ${report.durationSeconds} s on air (server clock moved ${Math.round(offset / 1000)} s by the test), ${report.minutesCharged} minute, ${report.chargedCents} cents`);
    expect(errors).toEqual([]);
    // The console's sessions report says why it ended and what was charged.
    const staffBrowser = await launchChromium();
    try {
      const p = await staffBrowser.newPage({ viewport: DESKTOP });
      await signInConsole(p, t.base, t.adminEmail, t.adminPassword);
      await p.goto(`${t.base}/admin/live-stream-sessions`);
      const row = p.getByTestId('live-session-row').first();
      await expect.poll(() => row.getByTestId('live-session-stop-reason').innerText(), { timeout: 20_000 }).toBe("The creator's connection was lost");
      expect(await row.getByTestId('live-session-earnings').innerText()).toBe('$2.00');
    } finally {
      await staffBrowser.close();
    }
  });
});

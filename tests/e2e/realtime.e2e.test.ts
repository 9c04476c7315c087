// Real time in two browsers: a fan has the chat open on the fan site, the admin has the
// fan's conversation open in the console. The fan's message appears in the console without a reload, the admin's
// reply in the fan's chat, the console shows the fan online (list dot, "Online" in the header), a second staff
// member in the same chat is named, and after the server drops every socket both apps show "Reconnecting…",
// come back and catch up on what was sent meanwhile; away from the chat the fan's unread badge follows, and the
// dashboard counts the fans online. Nothing polls: the frames do it. Screenshots at 375 and
// 1440 px of both chats and of the reconnecting state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { registerUser } from '../../commands/accounts';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('real time in both apps (Chromium, two browsers)', () => {
  let t: TestServer;
  let browser: Browser;
  let fanContext: BrowserContext;
  let consoleContext: BrowserContext;
  let supportContext: BrowserContext;
  let fanPage: Page;
  let consolePage: Page;
  let admin: string;
  const fan = { id: '', token: '', email: 'rita.realtime@example.com', name: 'Rita Realtime' };
  const errors: string[] = [];

  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const watch = (p: Page, who: string) => {
    p.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && errors.push(`${who}: ${m.text()} ${m.location().url} [${expect.getState().currentTestName}]`));
  };
  const consoleSignIn = async (p: Page, email: string, password: string) => {
    await p.goto(t.base + '/admin/login');
    await p.getByLabel('Email').fill(email);
    await p.getByRole('textbox', { name: 'Password' }).fill(password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 20_000 });
  };
  const fanBubble = (text: string) => fanPage.locator('[data-testid="chat-message"]', { hasText: text });
  const consoleBubble = (text: string) => consolePage.locator('[data-testid="chat-message"]', { hasText: text });
  const row = () => consolePage.locator(`[data-testid="chat-user-row"][data-user-id="${fan.id}"]`);
  /** Every WebSocket this page opens from now on fails at once (the gateway is unreachable); undo with `true`. */
  const gatewayReachable = (p: Page, reachable: boolean) =>
    p.evaluate((on) => {
      const w = window as unknown as { WebSocket: typeof WebSocket; __realWebSocket?: typeof WebSocket };
      w.__realWebSocket ??= w.WebSocket;
      const Real = w.__realWebSocket;
      // A path the server does not upgrade: the socket fails and closes at once, as when the gateway is down.
      w.WebSocket = on ? Real : (class extends Real {
        constructor() {
          super(`${location.origin.replace(/^http/, 'ws')}/ws-unreachable`);
        }
      } as typeof WebSocket);
    }, reachable);

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const r = await post('/api/users/register', { name: fan.name, email: fan.email, password: 'rita realtime password' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    fan.id = r.body.data.userId;
    fan.token = r.body.data.token;
    const sub = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: fan.email, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect((await post('/api/chat/send_message', { receiver: fan.id, message: 'Welcome to the club, Rita!' }, admin)).status).toBe(200);
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
    await registerUser(ctx, secrets, { name: 'Sam Support', email: 'sam.support@example.com', password: 'sam support password', role: 'support' });
    const h = await t.server.services.store.headPosition();
    if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);

    browser = await launchChromium();
    consoleContext = await browser.newContext({ viewport: DESKTOP });
    consolePage = await consoleContext.newPage();
    watch(consolePage, 'console');
    fanContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanContext, t.base, fan.token);
    await fanContext.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
    });
    fanPage = await fanContext.newPage();
    watch(fanPage, 'fan');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the admin opens the fan\'s conversation; the fan opens the chat and shows as online in the console', async () => {
    await consoleSignIn(consolePage, t.adminEmail, t.adminPassword);
    await consolePage.goto(`${t.base}/admin/private-chat/${fan.id}`);
    await consoleBubble('Welcome to the club').waitFor({ timeout: 20_000 });
    // Offline until the fan opens the site.
    expect(await row().getAttribute('data-online')).toBe('false');
    expect(await consolePage.getByTestId('chat-header-online').count()).toBe(0);

    await fanPage.goto(`${t.base}/private-chat`);
    await fanBubble('Welcome to the club').waitFor({ timeout: 20_000 });
    await expect.poll(() => row().getAttribute('data-online'), { timeout: 10_000 }).toBe('true');
    await consolePage.getByTestId('chat-header-online').waitFor({ timeout: 10_000 });
    expect(await consolePage.getByTestId('chat-header-online').innerText()).toBe('Online');
  });

  /** Conversation reads (page 1 or one message by id) a page makes from now on. */
  const conversationReads = (p: Page) => {
    const urls: string[] = [];
    p.on('request', (r) => {
      if (/\/api\/chat\/(get_messages|get_messages_admin|get_chat_message)\b/.test(r.url())) urls.push(r.url());
    });
    return urls;
  };

  it("the fan's message appears in the console's open conversation, and moves the list row, without a reload", async () => {
    const consoleReads = conversationReads(consolePage);
    await fanPage.getByTestId('chat-input').fill('Hello from the fan site, live!');
    await fanPage.getByTestId('chat-send').click();
    await consoleBubble('Hello from the fan site, live!').waitFor({ timeout: 10_000 });
    // The frame carried the message: the console showed it without reading the conversation again.
    expect(consoleReads).toEqual([]);
    expect(await consoleBubble('Hello from the fan site, live!').getAttribute('data-from')).toBe('fan');
    await expect.poll(() => row().getByTestId('chat-user-last-message').innerText(), { timeout: 10_000 }).toContain('Hello from the fan site, live!');
  });

  it("the admin's reply appears in the fan's chat without a reload", async () => {
    // The console read the fan's message: the fan's chat shows it seen (read again on that UPDATE_MESSAGE) first.
    await fanBubble('Hello from the fan site, live!').getByTestId('chat-seen').waitFor({ timeout: 10_000 });
    const fanReads = conversationReads(fanPage);
    await consolePage.getByTestId('chat-input').fill('Thanks Rita, answering live.');
    await consolePage.getByTestId('chat-send').click();
    await fanBubble('Thanks Rita, answering live.').waitFor({ timeout: 10_000 });
    expect(fanReads).toEqual([]);
    expect(await fanBubble('Thanks Rita, answering live.').getAttribute('data-own')).toBe('false');
    await shootBothWidths(fanPage, 'realtime-fan-chat');
  });

  it('the socket debug switch (Settings → Miscellaneous) makes both open apps log their frames in the browser console, at once', async () => {
    const logged = (p: Page) => {
      const lines: string[] = [];
      p.on('console', (m) => m.text().startsWith('[socket]') && lines.push(m.text()));
      return lines;
    };
    const fanLog = logged(fanPage);
    const consoleLog = logged(consolePage);
    // Off (the default): nothing is logged.
    expect((await post('/api/chat/send_message', { receiver: fan.id, message: 'Not logged' }, admin)).status).toBe(200);
    await fanBubble('Not logged').waitFor({ timeout: 10_000 });
    expect([...fanLog, ...consoleLog]).toEqual([]);
    expect((await t.call('PUT', '/admin-api/settings/site', { enable_socket_debug: true }, { token: admin })).status).toBe(200);
    await expect.poll(() => fanLog.some((l) => l.includes('SOCKET_DEBUG')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => consoleLog.some((l) => l.includes('SOCKET_DEBUG')), { timeout: 10_000 }).toBe(true);
    expect((await post('/api/chat/send_message', { receiver: fan.id, message: 'Logged live' }, admin)).status).toBe(200);
    await expect.poll(() => fanLog.some((l) => l.includes('MESSAGE_RECEIVE')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => consoleLog.some((l) => l.includes('MESSAGE_RECEIVE')), { timeout: 10_000 }).toBe(true);
    expect((await t.call('PUT', '/admin-api/settings/site', { enable_socket_debug: false }, { token: admin })).status).toBe(200);
    await expect.poll(() => fanLog.filter((l) => l.includes('SOCKET_DEBUG')).length, { timeout: 10_000 }).toBe(2);
    const after = fanLog.length;
    expect((await post('/api/chat/send_message', { receiver: fan.id, message: 'Quiet again' }, admin)).status).toBe(200);
    await fanBubble('Quiet again').waitFor({ timeout: 10_000 });
    expect(fanLog.length).toBe(after);
  });

  it('a second staff member in the same chat is named in the header', async () => {
    supportContext = await browser.newContext({ viewport: DESKTOP });
    const support = await supportContext.newPage();
    watch(support, 'support');
    await consoleSignIn(support, 'sam.support@example.com', 'sam support password');
    await support.goto(`${t.base}/admin/private-chat/${fan.id}`);
    await support.locator('[data-testid="chat-message"]', { hasText: 'answering live' }).waitFor({ timeout: 20_000 });
    await consolePage.getByTestId('chat-other-staff').waitFor({ timeout: 10_000 });
    expect(await consolePage.getByTestId('chat-other-staff').innerText()).toBe('Sam Support is also in this chat');
    // And the other way round: the admin was there first.
    await support.getByTestId('chat-other-staff').waitFor({ timeout: 10_000 });
    expect(await support.getByTestId('chat-other-staff').innerText()).toMatch(/ is also in this chat$/);
    await shootBothWidths(consolePage, 'realtime-console-chat');
    // Leaving the conversation clears the line.
    await support.goto(`${t.base}/admin/private-chat`);
    await expect.poll(() => consolePage.getByTestId('chat-other-staff').count(), { timeout: 10_000 }).toBe(0);
    await supportContext.close();
  });

  it('after the server drops every socket both apps show "Reconnecting…", come back and catch up', async () => {
    expect(await fanPage.getByTestId('live-reconnecting').count()).toBe(0);
    await gatewayReachable(fanPage, false);
    await gatewayReachable(consolePage, false);
    t.server.app.realtime.hub.closeAll(1001, 'Restarting.');
    await fanPage.getByTestId('live-reconnecting').waitFor({ timeout: 10_000 });
    await consolePage.getByTestId('live-reconnecting').waitFor({ timeout: 10_000 });
    expect(await fanPage.getByTestId('live-reconnecting').innerText()).toBe('Reconnecting…');
    await shootBothWidths(fanPage, 'realtime-fan-reconnecting');
    await shootBothWidths(consolePage, 'realtime-console-reconnecting');

    // Sent while both are away: each app gets it after it is back (resume by position), still without a reload.
    expect((await post('/api/chat/send_message', { message: 'Sent while you were away' }, fan.token)).status).toBe(200);
    expect((await post('/api/chat/send_message', { receiver: fan.id, message: 'Reply while you were away' }, admin)).status).toBe(200);
    await gatewayReachable(fanPage, true);
    await gatewayReachable(consolePage, true);
    await fanPage.getByTestId('live-reconnecting').waitFor({ state: 'detached', timeout: 40_000 });
    await consolePage.getByTestId('live-reconnecting').waitFor({ state: 'detached', timeout: 40_000 });
    await fanBubble('Reply while you were away').waitFor({ timeout: 10_000 });
    await consoleBubble('Sent while you were away').waitFor({ timeout: 10_000 });
    await expect.poll(() => row().getAttribute('data-online'), { timeout: 10_000 }).toBe('true');
  });

  it("away from the chat, the fan's unread badge follows a new message; the dashboard counts the fan online", async () => {
    await fanPage.getByTestId('nav-feed').click();
    await fanPage.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    // The chat stays on screen (and reads what arrives) until the feed's code has loaded.
    await fanPage.getByTestId('chat-input-bar').waitFor({ state: 'detached', timeout: 20_000 });
    expect((await post('/api/chat/send_message', { receiver: fan.id, message: 'Are you still there?' }, admin)).status).toBe(200);
    await expect.poll(() => fanPage.getByTestId('nav-chat-badge').innerText(), { timeout: 10_000 }).toBe('1');

    await consolePage.goto(`${t.base}/admin/`);
    await consolePage.getByTestId('dashboard-fans-online').waitFor({ timeout: 20_000 });
    await expect.poll(() => consolePage.getByTestId('dashboard-fans-online').innerText(), { timeout: 10_000 }).toBe('1 fan online now');
    await consolePage.goto(`${t.base}/admin/private-chat/${fan.id}`);
    await consoleBubble('Are you still there?').waitFor({ timeout: 20_000 });
  });

  it('closing the fan site shows the fan offline in the console; no page errors', async () => {
    await fanContext.close();
    await expect.poll(() => row().getAttribute('data-online'), { timeout: 10_000 }).toBe('false');
    expect(await consolePage.getByTestId('chat-header-online').count()).toBe(0);
    // Failed upgrades while "unreachable" are the test's doing.
    expect(errors.filter((e) => !/WebSocket connection to '[^']*\/ws-unreachable' failed/.test(e))).toEqual([]);
  });
});

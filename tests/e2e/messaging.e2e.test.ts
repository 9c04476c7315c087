// Messaging creators ask for, in a real browser: the mass message's audiences by behaviour with the count of fans
// they reach (top spenders, expired subscribers) and its Now / Schedule choice; a saved reply added in the staff
// chat and inserted by typing "/" and its name (and from the saved-replies button), reaching the fan; and a desktop
// notification for a fan's new message while another chat is open — not for the open chat, not for the staff's own
// message (Chromium with the 'notifications' permission granted; window.Notification wrapped to record what was
// constructed). Screenshots at 375 and 1440 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInConsole } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('messaging in the console (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let staff: Page;
  let admin: string;
  const errors: string[] = [];
  const fans: Record<'ann' | 'ben' | 'cat', { id: string; token: string }> = {} as never;
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const shoot = (name: string) => shootBothWidths(staff, `messaging-${name}`);
  const dialog = () => staff.getByTestId('mass-dialog');
  const notes = () => staff.evaluate(() => (window as unknown as { __notes: { title: string; body?: string }[] }).__notes);

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    for (const [key, name] of [['ann', 'Ann Lee'], ['ben', 'Ben Ross'], ['cat', 'Cat Moss']] as const) {
      const r = await post('/api/users/register', { name, email: `${key}.messaging@example.com`, password: `${key} messaging password` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      fans[key] = { id: r.body.data.userId, token: r.body.data.token };
      expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fans[key].token)).body.data?.accepted).toBe(true);
    }
    // Ann tips $80: the top spender.
    expect((await post('/api/v2/purchase/send-tip', { amount: 80, tipMessage: 'for you', ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fans.ann.token)).body.data?.accepted).toBe(true);
    for (const key of ['ann', 'ben'] as const) expect((await post('/api/chat/send_message', { message: `Hello from ${key}` }, fans[key].token)).status).toBe(200);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['notifications'], { origin: t.base });
    // Records every Notification the console constructs (the real one is still made).
    await context.addInitScript(() => {
      const Real = window.Notification;
      const notes: { title: string; body?: string }[] = [];
      (window as unknown as { __notes: typeof notes }).__notes = notes;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          notes.push({ title, body: options?.body });
          super(title, options);
        }
      }
      window.Notification = Recorded as typeof Notification;
    });
    staff = await context.newPage();
    staff.on('pageerror', (e) => errors.push(e.message));
    await signInConsole(staff, t.base, t.adminEmail, t.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the mass message: audiences by behaviour show how many fans they reach; When is Now or Schedule', async () => {
    await staff.goto(t.base + '/admin/private-chat');
    await staff.getByTestId('open-mass-message').click({ timeout: 20_000 });
    await dialog().waitFor();
    await expect.poll(() => dialog().getByTestId('mass-audience-count').getAttribute('data-count'), { timeout: 15_000 }).toBe('3');
    await dialog().getByTestId('audience-top_spenders').click();
    await dialog().getByTestId('segment-top').fill('1');
    await expect.poll(() => dialog().getByTestId('mass-audience-count').innerText(), { timeout: 15_000 }).toBe('Reaches 1 fan now');
    // The future-subscriber delivery does not apply to an audience found at send time.
    expect(await dialog().getByTestId('delivery-STAGGER_OVER_TIME').count()).toBe(0);
    expect(await dialog().getByTestId('mass-send').textContent()).toBe('Send now');
    await dialog().getByTestId('mass-when-schedule').click();
    await dialog().getByTestId('schedule-date').waitFor();
    expect(await dialog().getByTestId('mass-send').textContent()).toBe('Schedule');
    await dialog().getByTestId('mass-text').fill('Thank you for being my top fan!');
    await dialog().getByTestId('mass-free').click();
    await shoot('mass-audience');
    await dialog().getByTestId('mass-when-now').click();
    await dialog().getByTestId('mass-send').click();
    await dialog().getByTestId('mass-sent').waitFor({ timeout: 30_000 });
    await dialog().getByTestId('mass-done').click();
    // Only the top spender got it.
    await expect.poll(async () => {
      const { body } = await t.call('GET', '/api/message/mass-messages?page=1&per_page=5', undefined, { token: admin });
      return body.data.items[0]?.stats.delivered;
    }, { timeout: 30_000 }).toBe(1);
    const annMessages = (await t.call('GET', '/api/chat/get_messages?page_num=1', undefined, { token: fans.ann.token })).body.data.messages.map((m: { message: string }) => m.message);
    expect(annMessages).toContain('Thank you for being my top fan!');
    await dialog().waitFor({ state: 'detached' });
  });

  it('the mass message to "members of a tier and above": the tier chosen, counted, sent only to its members', async () => {
    const vip = await post('/admin-api/membership-tiers', { name: 'VIP', price_cents: 2500, rank: 10 }, admin);
    expect(vip.status, JSON.stringify(vip.body)).toBe(200);
    expect((await post('/api/v2/subscription/change-tier', { tier_id: vip.body.id }, fans.cat.token)).status).toBe(200);
    await staff.getByTestId('open-mass-message').click({ timeout: 20_000 });
    await dialog().waitFor();
    await dialog().getByTestId('audience-tier').click({ timeout: 15_000 });
    expect(await dialog().getByTestId('mass-audience-count').innerText()).toBe('Choose the tier to see who it reaches.');
    await dialog().getByRole('combobox', { name: 'Audience tier' }).click();
    await staff.getByTestId('segment-tier-VIP').click();
    await expect.poll(() => dialog().getByTestId('mass-audience-count').innerText(), { timeout: 15_000 }).toBe('Reaches 1 fan now');
    await dialog().getByTestId('mass-text').fill('VIP preview tonight');
    await dialog().getByTestId('mass-free').click();
    await shoot('mass-tier');
    await dialog().getByTestId('mass-send').click();
    await dialog().getByTestId('mass-sent').waitFor({ timeout: 30_000 });
    await dialog().getByTestId('mass-done').click();
    const got = async (token: string) => (await t.call('GET', '/api/chat/get_messages?page_num=1', undefined, { token })).body.data.messages.map((m: { message: string }) => m.message);
    await expect.poll(() => got(fans.cat.token), { timeout: 30_000 }).toContain('VIP preview tonight');
    expect(await got(fans.ben.token)).not.toContain('VIP preview tonight');
    expect(await got(fans.ann.token)).not.toContain('VIP preview tonight');
    await dialog().waitFor({ state: 'detached' });
  });

  it('a saved reply: added from the composer, inserted by typing "/" and its name, reaches the fan', async () => {
    await staff.goto(t.base + `/admin/private-chat/${fans.ben.id}`);
    await staff.getByTestId('chat-input').waitFor({ timeout: 20_000 });
    await staff.getByTestId('saved-replies-button').click();
    await staff.getByTestId('saved-replies-manage').click();
    const manage = staff.getByTestId('saved-replies-dialog');
    await manage.getByTestId('saved-replies-empty').waitFor();
    await manage.getByTestId('saved-reply-name').fill('two words');
    await manage.getByTestId('saved-reply-text').fill('x');
    await manage.getByTestId('saved-reply-save').click();
    await manage.getByText('The name may hold letters, digits, - and _ only (it is typed after "/").').waitFor();
    await manage.getByTestId('saved-reply-name').fill('thanks');
    await manage.getByTestId('saved-reply-text').fill('Thank you so much for your support!');
    await manage.getByTestId('saved-reply-save').click();
    await expect.poll(() => manage.getByTestId('saved-reply-row').count(), { timeout: 10_000 }).toBe(1);
    await shoot('saved-replies-dialog');
    await manage.getByTestId('saved-replies-close').click();
    await manage.waitFor({ state: 'detached' });
    await staff.getByTestId('chat-input').fill('/tha');
    await staff.getByTestId('saved-reply-suggestion').first().waitFor();
    await shoot('saved-reply-suggestion');
    await staff.getByTestId('chat-input').press('Enter');
    expect(await staff.getByTestId('chat-input').inputValue()).toBe('Thank you so much for your support!');
    await staff.getByTestId('chat-send').click();
    await expect.poll(async () => {
      const { body } = await t.call('GET', '/api/chat/get_messages?page_num=1', undefined, { token: fans.ben.token });
      return body.data.messages.map((m: { message: string }) => m.message);
    }, { timeout: 20_000 }).toContain('Thank you so much for your support!');
    // From the button: the reply joins what is written.
    await staff.getByTestId('chat-input').fill('Hi Ben!');
    await staff.getByTestId('saved-replies-button').click();
    await staff.getByTestId('saved-reply-item').first().click();
    expect(await staff.getByTestId('chat-input').inputValue()).toBe('Hi Ben! Thank you so much for your support!');
    await staff.getByTestId('chat-input').fill('');
  });

  it('a desktop notification for a fan message in another chat (permission asked by the switch); none for the open chat or the staff’s own', async () => {
    await staff.goto(t.base + `/admin/private-chat/${fans.ben.id}`);
    await staff.getByTestId('chat-alerts-switch').click({ timeout: 20_000 });
    expect(await staff.getByTestId('chat-alerts-switch').isChecked()).toBe(true);
    expect(await staff.evaluate(() => Notification.permission)).toBe('granted');
    await staff.getByTestId('chat-input').waitFor();
    await shoot('alerts-switch');
    // The socket is live once the conversation has announced itself; Cat writes from another chat.
    expect(await notes()).toEqual([]);
    expect((await post('/api/chat/send_message', { message: 'Are you live tonight?' }, fans.cat.token)).status).toBe(200);
    await expect.poll(notes, { timeout: 20_000 }).toEqual([{ title: 'New message from Cat Moss', body: 'Are you live tonight?' }]);
    // Ben, whose chat is open in a visible tab: no alert; the staff's own message: none either.
    expect((await post('/api/chat/send_message', { message: 'I am right here' }, fans.ben.token)).status).toBe(200);
    await staff.getByTestId('chat-conversation').getByText('I am right here').first().waitFor({ timeout: 20_000 });
    expect((await post('/api/chat/send_message', { receiver: fans.cat.id, message: 'Yes, at nine!' }, admin)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await notes()).length).toBe(1);
    // The choice is kept: after a reload the switch is still on.
    await staff.reload();
    await staff.getByTestId('chat-alerts-switch').waitFor({ timeout: 20_000 });
    expect(await staff.getByTestId('chat-alerts-switch').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});

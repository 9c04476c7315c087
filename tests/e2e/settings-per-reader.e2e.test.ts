// The public settings are the reader's own (api/views.ts publicSettings), so both apps read them again when the
// reader changes, in a real browser: on the fan site a guest who signs in as a member gets the members' banner without
// a reload, and after signing out the everyone banner again; in the console, staff who sign in through the form get
// the staff's chat switches (a row-menu feature switched off stays off) without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, signInConsole } from '../support/browser';

const hasChromium = requireChromium();
const MEMBERS_BANNER = 'Members: the studio set lands Friday';
const EVERYONE_BANNER = 'Join today and see every post';

describe.skipIf(!hasChromium)('settings follow the reader (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let member: { id: string; email: string };
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const email = 'reader.member@example.com';
    const r = await t.call('POST', '/api/users/register', { name: 'Rita Reader', email, password: 'reader member password' });
    member = { id: r.body.data.userId, email };
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: r.body.data.token })).status).toBe(200);
    expect((await t.call('POST', '/api/chat/send_message', { receiver: member.id, message: 'Welcome, Rita' }, { token: admin })).status).toBe(200);
    expect((await t.call('POST', '/api/save-announcement-banner-settings', {
      is_announcement_banner_enabled_for_subscribers: true, is_announcement_banner_enabled_for_non_subscribers: true,
      subscriber_announcement_banner_text: MEMBERS_BANNER, non_subscriber_announcement_banner_text: EVERYONE_BANNER,
    }, { token: admin })).status).toBe(200);
    expect((await t.call('POST', '/api/app_settings/update_chat_settings', { chat_settings: { block_user_enabled: false } }, { token: admin })).status).toBe(200);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the fan site: a guest signs in as a member and gets the members\' banner, then signs out and gets the everyone banner', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.base + '/');
    await page.getByTestId('announcement-banner-non_subscriber').waitFor({ timeout: 20_000 });
    expect(await page.content()).not.toContain(MEMBERS_BANNER);

    await page.goto(t.base + '/login');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill('reader member password');
    await page.getByTestId('login-submit').click();
    const membersBanner = page.getByTestId('announcement-banner-subscriber');
    await membersBanner.waitFor({ timeout: 20_000 });
    expect(await membersBanner.innerText()).toContain(MEMBERS_BANNER);
    expect(await page.getByTestId('announcement-banner-non_subscriber').count()).toBe(0);

    await page.getByTestId('account-button').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('announcement-banner-non_subscriber').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.content()).not.toContain(MEMBERS_BANNER);
    await context.close();
  });

  it('the console: staff who sign in through the form read the staff\'s chat switches (Block User switched off stays off)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => errors.push(`console: ${e.message}`));
    await signInConsole(page, t.base, t.adminEmail, t.adminPassword);
    // Inside the app, no page load: the settings read before signing in are what the page has, unless read again.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin/private-chat');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const row = page.locator(`[data-testid="chat-user-row"][data-user-id="${member.id}"]`);
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('chat-row-menu').click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['View Purchased', 'Update Nickname', 'Mute mass messages']);
    await page.close();
    expect(errors).toEqual([]);
  });
});

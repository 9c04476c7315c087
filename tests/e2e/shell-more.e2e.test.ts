// The rest of the fan shell in a real browser: support's reduced navbar and the staff links by role; a proxy view never changes the fan's read state; the gallery shown where the menu settings list it;
// /chat; ?offers / ?feed go home; no context menu outside text fields; the landing preview for
// staff; the blocked-region text; the set-payment-method popup; the creator's colours;
// help items whose stored HTML carries evasion payloads run nothing. Screenshots at 375 and 1440 px (shell-more-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { commandContext, handle } from '../../commands/handle';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { removeCard } from '../../commands/cards';
import { settingsDecider, SETTINGS_STREAM, type SiteSettings } from '../../domain/settings/settings';
import { helpItemDecider, helpItemStream } from '../../domain/help/help';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, openConsole, openFanPage, settled } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('fan shell: staff links, proxy view, gallery, chat, redirects, popups (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let member: { token: string; userId: string };
  let fan: { token: string; userId: string };
  const tokens: Record<string, string> = {};
  const errors: string[] = [];
  const csp: string[] = [];

  const system = () => commandContext(t.server.services.store, { userId: null, role: 'admin' });
  const setSettings = async (changes: Partial<SiteSettings>) => {
    const ctx = system();
    await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
    await t.server.services.runner.waitFor(ctx.lastPosition!);
  };
  const open = (token: string | null, opts: { viewport?: typeof DESKTOP; cookie?: string; headers?: Record<string, string> } = {}) => openFanPage(browser, t.base, token, { errors, csp }, opts);
  const login = async (email: string, password: string) => (await t.call('POST', '/api/users/login', { email, password })).body.data.token as string;
  const upload = async (color: string) => {
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).jpeg().toBuffer();
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'g.jpg', content_type: 'image/jpeg' }, { token: admin })).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(image) })).status).toBe(200);
    return (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id as string;
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', { TRUST_PROXY: 'true' }, { serveApps: true });
    admin = await login(t.adminEmail, t.adminPassword);
    member = (await t.call('POST', '/api/users/register', { name: 'Mia Member', email: 'mia.more@example.com', password: 'a good long password' })).body.data;
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: member.token })).status).toBe(200);
    fan = (await t.call('POST', '/api/users/register', { name: 'Finn Fan', email: 'finn.more@example.com', password: 'a good long password' })).body.data;
    const ctx = system();
    for (const role of ['support', 'content_manager'] as const) {
      await createStaffAccount(ctx, secrets, { name: `Sam ${role}`, email: `${role}.more@example.com`, role, password: `${role} password 1` });
    }
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    for (const role of ['support', 'content_manager']) tokens[role] = await login(`${role}.more@example.com`, `${role} password 1`);
    const a = await upload('#2a9d8f');
    const b = await upload('#e76f51');
    const c = await upload('#264653');
    expect((await t.call('POST', '/api/blogs', { caption: 'Sunset walk', visibility: 'public', media_ids: [a, b] }, { token: admin })).status).toBe(201);
    expect((await t.call('POST', '/api/blogs', { caption: 'Members only set', visibility: 'locked', amount: 9, media_ids: [c] }, { token: admin })).status).toBe(201);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('support sees a reduced navbar with only a transactions link, at both widths, and no bottom navigation', async () => {
    const { context, page } = await open(tokens.support!);
    await page.goto(t.base + '/');
    const link = page.getByTestId('staff-link-transactions');
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('href')).toBe('/admin/transactions');
    for (const gone of ['nav-feed', 'nav-membership', 'nav-tips', 'nav-chat', 'staff-links-button']) expect(await page.getByTestId(gone).count(), gone).toBe(0);
    await shootBothWidths(page, 'shell-more-01-support');
    await page.setViewportSize(PHONE);
    expect(await page.getByTestId('bottom-nav').count()).toBe(0);
    expect(await link.isVisible()).toBe(true);
    await context.close();
  });

  it('admins get Settings, Subscribers, Transactions and Go Live; a content manager what the earnings and report settings allow', async () => {
    const { context, page } = await open(admin);
    await page.goto(t.base + '/');
    await page.getByTestId('staff-links-button').click();
    const menu = page.locator('#staff-links-menu');
    await menu.waitFor();
    expect((await menu.getByRole('menuitem').allInnerTexts()).map((s) => s.trim())).toEqual(['Settings', 'Subscribers', 'Transactions', 'Go Live']);
    expect(await menu.getByTestId('staff-link-subscribers').getAttribute('href')).toBe('/admin/subscribers');
    await page.screenshot({ path: 'tests/artifacts/shell-more-02-admin-console-menu-1440.png' });
    await page.keyboard.press('Escape');
    // Phones: the same links in the account menu.
    await page.setViewportSize(PHONE);
    await page.getByTestId('account-button').click();
    await page.getByTestId('menu-staff-go-live').waitFor();
    await settled(page);
    expect(await page.getByTestId('menu-staff-settings').getAttribute('href')).toBe('/admin/settings');
    await page.screenshot({ path: 'tests/artifacts/shell-more-02-admin-account-menu-375.png' });
    await page.keyboard.press('Escape');
    // A click leads into the console.
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('staff-links-button').click();
    await page.locator('#staff-links-menu').getByTestId('staff-link-transactions').click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin/transactions'), { timeout: 20_000 });
    await context.close();

    await setSettings({ hide_earnings: true, live_stream_report_enabled: true });
    const cm = await open(tokens.content_manager!);
    await cm.page.goto(t.base + '/');
    await cm.page.getByTestId('staff-links-button').click();
    await expect
      .poll(async () => (await cm.page.locator('#staff-links-menu').getByRole('menuitem').allInnerTexts()).map((s) => s.trim()))
      .toEqual(['Content Manager', 'Reports']);
    await cm.page.keyboard.press('Escape');
    await setSettings({ hide_earnings: false, live_stream_report_enabled: false });
    await cm.page.reload();
    // One link left besides the content manager's: Subscribers (earnings shown, no report).
    await cm.page.getByTestId('staff-links-button').click();
    // The menu is loaded on its first opening (a separate chunk after the reload): wait for its links.
    await expect
      .poll(async () => (await cm.page.locator('#staff-links-menu').getByRole('menuitem').allInnerTexts()).map((s) => s.trim()))
      .toEqual(['Content Manager', 'Subscribers']);
    await cm.context.close();
  });

  it('a proxy view shows the fan\'s notifications and help but leaves them unread for the fan; no staff links there', async () => {
    const ctx = system();
    await handle(ctx, helpItemStream('a7d3f7c6-8f0e-4c61-9f7a-2f1c0f6f0001'), helpItemDecider, {
      type: 'Save', helpId: 'a7d3f7c6-8f0e-4c61-9f7a-2f1c0f6f0001', by: 'system', at: new Date().toISOString(), create: true,
      input: { title: 'Where are my purchases?', html: '<p>Open Purchased contents.</p>', tags: ['Payments'], audience: 'fans', isPopup: false, published: true },
    });
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    const before = (await t.call('GET', '/api/notifications/unread-counts', undefined, { token: member.token })).body.data.counts.notification as number;
    const helpBefore = (await t.call('GET', '/api/user-help/popup-with-notification-count', undefined, { token: member.token })).body.data.unread_count as number;
    expect(before).toBeGreaterThan(0);
    expect(helpBefore).toBeGreaterThan(0);
    const proxyToken = (await t.call('POST', '/api/users/login-as-proxy-user', { user_id: member.userId }, { token: admin })).body.data.token as string;
    const { context, page } = await open(proxyToken, { cookie: 'fanclub_proxy' });
    await page.goto(t.base + '/user-notification/notification');
    await page.getByTestId('proxy-banner').waitFor({ timeout: 20_000 });
    await page.getByText('Sunset walk').first().waitFor({ timeout: 15_000 });
    await page.goto(t.base + '/user-help/details/a7d3f7c6-8f0e-4c61-9f7a-2f1c0f6f0001');
    await page.getByTestId('help-html').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('staff-links-button').count()).toBe(0);
    await page.waitForTimeout(500);
    expect((await t.call('GET', '/api/notifications/unread-counts', undefined, { token: member.token })).body.data.counts.notification).toBe(before);
    expect((await t.call('GET', '/api/user-help/popup-with-notification-count', undefined, { token: member.token })).body.data.unread_count).toBe(helpBefore);
    await context.close();
  });

  it('the gallery shows where the menu settings list it: tiles per post, blurred when locked, one post\'s items', async () => {
    const { context, page } = await open(null);
    await page.goto(t.base + '/');
    await page.getByTestId('nav-feed').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('nav-gallery').count()).toBe(0); // hidden by default
    const saved = await t.call('POST', '/api/settings/menu-settings', { links_menu: { guest: ['tips', 'gallery', 'links'], user: ['tips', 'chat', 'links'], subscriber: ['tips', 'chat', 'gallery', 'links'], admin: ['tips', 'chat', 'links'], super_admin: ['tips', 'chat', 'links'] } }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await page.reload();
    await page.getByTestId('nav-gallery').click();
    await page.waitForURL((u) => u.pathname === '/gallery');
    const tiles = page.getByTestId('gallery-tile');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(2);
    expect(await tiles.nth(0).getAttribute('aria-label')).toBe('1 item, locked');
    expect(await tiles.nth(1).getAttribute('aria-label')).toBe('2 items');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="gallery-tile"] img')].every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
    await shootBothWidths(page, 'shell-more-03-gallery');
    await tiles.nth(1).click();
    await page.waitForURL((u) => u.pathname.startsWith('/single-gallery/'));
    await expect.poll(() => page.getByTestId('single-gallery-item').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('single-gallery-caption').innerText()).toBe('Sunset walk');
    await page.getByTestId('single-gallery-item').first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(t.base + '/gallery');
    await page.getByTestId('gallery-tile').first().click();
    await page.getByTestId('single-gallery-locked').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="single-gallery-item"][data-blurred="1"]').count()).toBe(1);
    await shootBothWidths(page, 'shell-more-04-single-gallery-locked');
    // The More tab lists it on phones.
    await page.setViewportSize(PHONE);
    await page.getByTestId('bottom-nav-more').click();
    await page.getByTestId('more-links-page').getByText('Gallery', { exact: true }).waitFor();
    await context.close();
  });

  it('/chat: guests see what the chat is and how to join; members go on to their chat', async () => {
    const guest = await open(null);
    await guest.page.goto(t.base + '/chat');
    await guest.page.getByTestId('chat-landing').waitFor({ timeout: 20_000 });
    await guest.page.getByTestId('chat-landing-register').waitFor();
    await shootBothWidths(guest.page, 'shell-more-05-chat-guest');
    await guest.context.close();
    const f = await open(fan.token);
    await f.page.goto(t.base + '/chat');
    await f.page.getByTestId('chat-landing-join').waitFor({ timeout: 20_000 });
    await f.context.close();
    const m = await open(member.token);
    await m.page.goto(t.base + '/chat');
    await m.page.waitForURL((u) => u.pathname === '/private-chat', { timeout: 20_000 });
    await m.context.close();
  });

  it('?offers and ?feed go home; the context menu is off outside text fields', async () => {
    const { context, page } = await open(null);
    await page.goto(t.base + '/tips?offers');
    await page.waitForURL((u) => u.pathname === '/' && u.search === '', { timeout: 20_000 });
    await page.goto(t.base + '/contact-us?feed=1');
    await page.waitForURL((u) => u.pathname === '/' && u.search === '', { timeout: 20_000 });
    await page.goto(t.base + '/contact-us');
    await page.getByLabel('Name').waitFor({ timeout: 15_000 });
    const prevented = (selector: string) => page.evaluate((sel) => {
      const el = document.querySelector(sel)!;
      const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      el.dispatchEvent(e);
      return e.defaultPrevented;
    }, selector);
    expect(await prevented('#main')).toBe(true);
    expect(await prevented('footer')).toBe(true);
    expect(await prevented('input')).toBe(false);
    expect(await prevented('textarea')).toBe(false);
    await context.close();
  });

  it('the landing page preview is for staff (even while the page is off); fans are refused, guests asked to log in', async () => {
    const guest = await open(null);
    await guest.page.goto(t.base + '/landing-page-preview');
    await guest.page.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
    await guest.context.close();
    const f = await open(fan.token);
    await f.page.goto(t.base + '/landing-page-preview');
    await f.page.getByTestId('access-denied-page').waitFor({ timeout: 20_000 });
    await f.context.close();
    const a = await open(admin);
    await a.page.goto(t.base + '/landing-page-preview');
    const bar = a.page.getByTestId('landing-preview-bar');
    await bar.waitFor({ timeout: 20_000 });
    expect(await bar.innerText()).toContain('It is turned off: guests see the feed.');
    await a.page.getByTestId('landing-page').waitFor();
    await shootBothWidths(a.page, 'shell-more-06-landing-preview');
    await a.context.close();
  });

  it('a visitor from a blocked country reads the spec\'s text', async () => {
    await setSettings({ blocked_countries: ['US'] });
    const { context, page } = await open(null, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    let shown = false;
    for (let i = 0; i < 20 && !shown; i++) {
      await page.goto(t.base + '/');
      shown = await page.getByTestId('blocked-page').waitFor({ timeout: 3_000 }).then(() => true, () => false);
    }
    expect(shown).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('This website is blocked in your area.');
    await shootBothWidths(page, 'shell-more-07-blocked-region');
    await context.close();
    await setSettings({ blocked_countries: [] });
  });

  it('a renewing member left without a payment method is asked to set one; Later keeps it closed', async () => {
    const cards = (await t.call('GET', '/api/ccbill/get-payment-card', undefined, { token: member.token })).body.data as { _id: string }[] | undefined;
    const cardIds = cards?.map((c) => c._id) ?? [];
    expect(cardIds.length).toBe(1);
    // As a card removed before the rule that keeps a renewing member's last card existed.
    const ctx = commandContext(t.server.services.store, { userId: member.userId, role: 'user' });
    await removeCard(ctx, member.userId, cardIds[0]!, false);
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    const { context, page } = await open(member.token);
    await page.goto(t.base + '/');
    const popup = page.getByTestId('payment-method-popup');
    await popup.waitFor({ timeout: 20_000 });
    expect(await popup.innerText()).toContain('Set a payment method');
    await shootBothWidths(page, 'shell-more-08-set-payment-method');
    await page.getByTestId('payment-method-popup-later').click();
    await popup.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('nav-feed').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    expect(await popup.count()).toBe(0);
    await context.close();
  });

  it('the navbar names and padding (SH-06) show in the top bar and the phone tabs', async () => {
    expect((await t.call('POST', '/api/settings/navbar', { feed_navbar_name: 'Home', tips_navbar_name: 'Support me', navbar_padding: 12 }, { token: admin })).status).toBe(200);
    const { context, page } = await open(null);
    await page.goto(t.base + '/');
    await expect.poll(() => page.getByTestId('nav-feed').innerText(), { timeout: 20_000 }).toBe('Home');
    expect(await page.getByTestId('nav-tips').innerText()).toBe('Support me');
    expect(await page.getByTestId('top-bar').evaluate((el) => getComputedStyle(el).paddingTop)).toBe('12px');
    await page.setViewportSize(PHONE);
    expect(await page.getByTestId('bottom-nav-feed').innerText()).toBe('Home');
    await shootBothWidths(page, 'shell-more-15-navbar-names');
    await context.close();
    await t.call('POST', '/api/settings/navbar', { feed_navbar_name: 'Feed', tips_navbar_name: 'Tips', navbar_padding: 0 }, { token: admin });
  });

  it('the creator\'s colours reach the shell: page, cards, text', async () => {
    await setSettings({ content_color: '#f4efe6', card_background_color: '#ffffff', content_font_color: '#1d1b16', site_font_color: '#5b5546', theme_color: '#0b6e4f', theme_font_color: '#ffffff' });
    const { context, page } = await open(null);
    await page.goto(t.base + '/contact-us');
    await page.getByLabel('Name').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 239, 230)');
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(29, 27, 22)');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('header')!).borderBottomColor)).not.toBe('');
    const button = page.getByTestId('contact-submit-contact');
    // Polled: MUI's button eases its colours in (a 250 ms transition) once the site's theme has arrived.
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 110, 79)');
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await shootBothWidths(page, 'shell-more-09-colours');
    await context.close();
  });

  it('the console\'s subscription emails page: switches, the staff address checked by the server, saved', async () => {
    const { context: staffContext, page: staff } = await openConsole(browser, t, errors);
    await staff.goto(t.base + '/admin/settings/subscription-email-notification');
    await staff.getByTestId('subscription-email-settings').getByText('To the fan').waitFor({ timeout: 20_000 });
    expect(await staff.getByLabel('Membership renewed').isChecked()).toBe(false);
    await staff.getByLabel('Membership renewed').check();
    await staff.getByTestId('sub-mail-staff-email').fill('not an address');
    await staff.getByTestId('sub-mail-save').click();
    await staff.getByText('staff_email must be an email address.').waitFor();
    await shootBothWidths(staff, 'shell-more-11-subscription-emails-error');
    await staff.getByTestId('sub-mail-staff-email').fill('team@example.com');
    await staff.getByTestId('sub-mail-save').click();
    await staff.getByText('Subscription email settings saved.').waitFor({ timeout: 15_000 });
    const saved = (await t.call('GET', '/api/settings/subscription-email-notification', undefined, { token: admin })).body.data;
    expect(saved).toMatchObject({ fan_renewed: true, staff_email: 'team@example.com', enabled: true });
    await shootBothWidths(staff, 'shell-more-12-subscription-emails');
    await staffContext.close();
  });

  it('the miscellaneous pop-up: written in the console, shown once to its audience, again after a new text', async () => {
    const { context: staffContext, page: staff } = await openConsole(browser, t, errors);
    await staff.goto(t.base + '/admin/settings/miscellaneous-pop-up');
    await staff.getByTestId('misc-popup-title').waitFor({ timeout: 20_000 });
    await staff.getByLabel('Show the pop-up').check();
    await staff.getByTestId('misc-popup-audience').selectOption('guests');
    await staff.getByTestId('misc-popup-title').fill('Holiday break');
    await staff.getByTestId('misc-popup-html-input').fill('<p>New posts are back on <b>January 3rd</b>.</p><img src=x onerror="window.__xss=9">');
    await staff.getByTestId('misc-popup-save').click();
    await staff.getByText('Pop-up saved successfully.').waitFor({ timeout: 15_000 });
    await shootBothWidths(staff, 'shell-more-13-misc-popup-console');

    const guest = await open(null);
    await guest.page.goto(t.base + '/');
    const popup = guest.page.getByTestId('misc-popup');
    await popup.waitFor({ timeout: 20_000 });
    expect(await popup.getByTestId('misc-popup-html').innerText()).toContain('New posts are back on January 3rd.');
    expect(await popup.locator('[onerror]').count()).toBe(0);
    await shootBothWidths(guest.page, 'shell-more-14-misc-popup');
    await guest.page.getByTestId('misc-popup-close').click();
    await popup.waitFor({ state: 'detached' });
    await guest.page.reload();
    await guest.page.getByTestId('nav-feed').waitFor({ timeout: 20_000 });
    await guest.page.waitForTimeout(800);
    expect(await popup.count()).toBe(0);
    // Signed-in fans are not its audience.
    const f = await open(fan.token);
    await f.page.goto(t.base + '/');
    await f.page.getByTestId('account-button').waitFor({ timeout: 20_000 });
    await f.page.waitForTimeout(800);
    expect(await f.page.getByTestId('misc-popup').count()).toBe(0);
    await f.context.close();
    // A new text reaches the open page (SETTINGS_UPDATED) and shows again.
    await staff.getByTestId('misc-popup-title').fill('Holiday break: new date');
    await staff.getByTestId('misc-popup-save').click();
    await staff.getByText('Pop-up saved successfully.').waitFor({ timeout: 15_000 });
    await guest.page.reload();
    await popup.waitFor({ timeout: 20_000 });
    expect(await popup.innerText()).toContain('Holiday break: new date');
    await guest.context.close();
    await staffContext.close();
    expect((await t.call('POST', '/api/settings/miscellaneous-pop-up', { enabled: false }, { token: admin })).status).toBe(200);
  });

  it('no page errors and no CSP violations (before the evasion test: Chromium reports the handlers DOMPurify\'s inert parse meets, blocked, as CSP violations)', () => {
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });

  it('a help item whose HTML was stored before the server cleaned it runs nothing in the help centre or its popup', async () => {
    // The mXSS payload last: everything after its <style> is that element's text.
    const html = '<p>Safe help text</p><img src="x" onerror="window.__xss=1"><a href="&#1;javascript:window.__xss=2">Win</a>'
      + '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe><a href="data:text/html,<script>alert(1)</script>">Data</a>'
      + '<svg><script>window.__xss=3</script></svg><math><mtext><table><mglyph><style><img src=x onerror="window.__xss=4">';
    const id = 'a7d3f7c6-8f0e-4c61-9f7a-2f1c0f6f0002';
    const ctx = system();
    await handle(ctx, helpItemStream(id), helpItemDecider, {
      type: 'Save', helpId: id, by: 'system', at: new Date().toISOString(), create: true,
      input: { title: 'Evasion', html, tags: ['Security'], audience: 'fans', isPopup: true, published: true },
    });
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    const { context, page } = await open(fan.token);
    // The popup opens by itself on any page.
    await page.goto(t.base + '/');
    const popup = page.getByTestId('help-popup');
    await popup.waitFor({ timeout: 20_000 });
    await expect.poll(() => popup.getByTestId('help-html').innerText()).toContain('Safe help text');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.getByTestId('help-popup-close').click();
    await page.goto(t.base + `/user-help/details/${id}`);
    const body = page.getByTestId('help-html');
    await expect.poll(() => body.innerText(), { timeout: 15_000 }).toContain('Safe help text');
    expect(await body.locator('script, iframe, [onerror]').count()).toBe(0);
    const win = body.getByText('Win');
    expect(await win.getAttribute('href')).toBeNull();
    await win.click();
    const data = body.getByText('Data');
    expect(await data.getAttribute('href')).toBeNull();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await shootBothWidths(page, 'shell-more-10-help-evasion');
    expect(errors).toEqual([]);
    // Only the blocked handlers of the stored payload, nothing else.
    expect(csp.filter((m) => !/inline event handler/.test(m))).toEqual([]);
    await context.close();
  });

});

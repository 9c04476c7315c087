// Issue 16 in a real browser: the footer's legal links open their pages with the default text
// of a fresh install; a staff edit in the console's rich-text editor shows on the public page; the contact form names
// the field to fix, then reaches the console's Contact inbox; the announcement banner shows to the right audience
// (guests, not subscribers; then subscribers) and stays closed once dismissed; a custom page answers at /:path and an
// unknown path is the 404 page. Screenshots at 375 px and 1440 px in tests/artifacts/ (shell-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { commandContext, handle } from '../../commands/handle';
import { settingsDecider, SETTINGS_STREAM } from '../../domain/settings/settings';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, PHONE, collectCspViolations, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext, SIGNED_IN_HINT, openConsole, settled, signInConsole } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('fan shell pages (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let guest: BrowserContext;
  let page: Page;
  let admin: string;
  let memberToken: string;
  const errors: string[] = [];
  const csp: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    memberToken = (await t.call('POST', '/api/users/register', { name: 'Mia Member', email: 'mia.member@example.com', password: 'a good long password' })).body.data.token;
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: memberToken })).status).toBe(200);
    browser = await launchChromium();
    guest = await browser.newContext({ viewport: DESKTOP });
    await guest.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    page = await guest.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    collectCspViolations(page, csp);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the footer links open the legal pages with their default texts, at both widths', async () => {
    await page.goto(t.base + '/');
    const links = page.getByTestId('footer-links');
    await links.waitFor({ timeout: 20_000 });
    expect((await links.getByRole('link').allInnerTexts()).map((s) => s.trim())).toEqual(['Terms of Service', 'Privacy Policy', 'DMCA', '18 U.S.C. 2257', 'Content Removal', 'FAQ', 'Contact Us']);
    await page.getByTestId('footer-link-privacy-policy').click();
    await page.waitForURL((u) => u.pathname === '/privacy-policy');
    await expect.poll(() => page.getByTestId('page-html').innerText()).toContain('We never see or store your full card number');
    await shootBothWidths(page, 'shell-01-privacy-policy');
    await page.setViewportSize(PHONE);
    await page.goto(t.base + '/');
    // The feed and the creator's header load after the footer: wait for them, or the footer moves under the click.
    await page.getByTestId('empty-state').waitFor({ timeout: 20_000 });
    await settled(page);
    await page.getByTestId('footer-link-faq').scrollIntoViewIfNeeded();
    await page.getByTestId('footer-link-faq').click();
    await page.waitForURL((u) => u.pathname === '/faq');
    await expect.poll(() => page.getByTestId('page-html').innerText()).toContain('How do I cancel?');
    await page.getByTestId('bottom-nav-more').click();
    await page.waitForURL((u) => u.pathname === '/more-links');
    await page.getByTestId('links-page-dmca').waitFor();
    await page.setViewportSize(DESKTOP);
  });

  it('a staff edit in the console editor shows on the public page', async () => {
    const { context: console, page: staff } = await openConsole(browser, t, errors);
    await staff.goto(t.base + '/admin/edit-terms-of-service');
    const editor = staff.locator('.ProseMirror');
    await editor.waitFor({ timeout: 20_000 });
    await expect.poll(() => editor.innerText()).toContain('By using this site you agree');
    await editor.click();
    await staff.keyboard.press('Control+End');
    await staff.keyboard.press('Enter');
    await staff.keyboard.type('Refunds are handled within 14 days.');
    await staff.getByTestId('page-save').click();
    await staff.getByText('Page saved successfully.').waitFor({ timeout: 15_000 });
    await shootBothWidths(staff, 'shell-02-console-editor');
    await staff.goto(t.base + '/admin/content-pages');
    await staff.getByTestId('pages-list').waitFor({ timeout: 15_000 });
    await shootBothWidths(staff, 'shell-03-console-pages');

    await page.goto(t.base + '/terms-of-service');
    await expect.poll(() => page.getByTestId('page-html').innerText(), { timeout: 15_000 }).toContain('Refunds are handled within 14 days.');
    await shootBothWidths(page, 'shell-04-terms-edited');
    await console.close();
  });

  it('the contact form names the field to fix, then reaches the console inbox', async () => {
    await page.goto(t.base + '/contact-us');
    const form = page.getByTestId('contact-form-contact');
    await form.waitFor({ timeout: 15_000 });
    await page.getByTestId('contact-submit-contact').click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByText('Please enter an email.').waitFor();
    await shootBothWidths(page, 'shell-05-contact-errors');
    await page.getByLabel('Name').fill('Gus Guest');
    await page.getByLabel('Email').fill('gus@example');
    await page.getByLabel('Subject').fill('Payment question');
    await page.getByLabel('Message').fill('Was I charged twice?');
    await page.getByTestId('contact-submit-contact').click();
    await page.getByText('Please enter a valid email.').waitFor();
    await page.getByLabel('Email').fill('gus@example.com');
    await page.getByTestId('contact-submit-contact').click();
    await page.getByTestId('contact-sent').waitFor({ timeout: 15_000 });
    await shootBothWidths(page, 'shell-06-contact-sent');

    const console = await browser.newContext({ viewport: DESKTOP });
    const staff = await console.newPage();
    await signInConsole(staff, t.base, t.adminEmail, t.adminPassword);
    await staff.getByTestId('menu-contact-messages').click();
    const inbox = staff.getByTestId('contact-inbox');
    await inbox.waitFor({ timeout: 15_000 });
    await inbox.getByText('gus@example.com').click();
    await staff.getByTestId('contact-message-body').getByText('Was I charged twice?').waitFor();
    await shootBothWidths(staff, 'shell-07-console-inbox');
    await console.close();
  });

  it('the announcement banner shows to the right audience, follows a change live and stays closed once dismissed', async () => {
    const member = await browser.newContext({ viewport: DESKTOP });
    await member.addInitScript((hint) => { localStorage.setItem('fanclub.ageConfirmed', '1'); localStorage.setItem(hint, '1'); }, SIGNED_IN_HINT);
    await signInContext(member, t.base, memberToken);
    const fan = await member.newPage();
    fan.on('pageerror', (e) => errors.push(`member: ${e.message}`));
    await fan.goto(t.base + '/');
    await fan.getByTestId('footer').waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/');
    await page.getByTestId('footer').waitFor({ timeout: 20_000 });

    const save = (body: object) => t.call('POST', '/api/save-announcement-banner-settings', body, { token: admin });
    expect((await save({ is_announcement_banner_enabled_for_non_subscribers: true, non_subscriber_announcement_banner_text: 'New here? Members get 20% off this week', ribbon_background_color: '#6a1b9a' })).status).toBe(200);
    await page.reload();
    await page.getByTestId('announcement-banner-non_subscriber').waitFor({ timeout: 15_000 });
    await shootBothWidths(page, 'shell-08-banner-guest');
    // The page's socket is authorised (its first frame arrives) before the next change is saved.
    const socket = fan.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived'));
    await fan.reload();
    await fan.getByTestId('footer').waitFor();
    await socket;
    expect(await fan.getByTestId('announcement-banner-non_subscriber').count()).toBe(0);

    // The subscriber banner reaches an open page live (SETTINGS_UPDATED), not on /subscribe.
    expect((await save({ is_announcement_banner_enabled_for_subscribers: true, subscriber_announcement_banner_text: 'Live tonight at 9 pm!' })).status).toBe(200);
    await fan.getByTestId('announcement-banner-subscriber').waitFor({ timeout: 15_000 });
    expect(await fan.getByTestId('announcement-banner-subscriber').innerText()).toContain('Live tonight at 9 pm!');
    await shootBothWidths(fan, 'shell-09-banner-member');
    await fan.getByTestId('announcement-banner-dismiss').click();
    expect(await fan.getByTestId('announcement-banner-subscriber').count()).toBe(0);
    await fan.reload();
    await fan.getByTestId('footer').waitFor();
    expect(await fan.getByTestId('announcement-banner-subscriber').count()).toBe(0);
    await member.close();
  });

  it('a custom page answers at /:path; an unknown path is the 404 page', async () => {
    expect((await t.call('POST', '/admin-api/content-pages', { slug: 'shipping-info', title: 'Shipping', html: '<h2>Shipping</h2><p>We ship worldwide.</p>', show_in_footer: true }, { token: admin })).status).toBe(201);
    await page.goto(t.base + '/shipping-info');
    await expect.poll(() => page.getByTestId('page-html').innerText(), { timeout: 15_000 }).toContain('We ship worldwide.');
    await page.getByTestId('footer-link-shipping-info').waitFor();
    await page.goto(t.base + '/no-such-page');
    await page.getByTestId('not-found').waitFor({ timeout: 15_000 });
    // A path that only looks like a page's (a nested one) is no custom page either.
    await page.goto(t.base + '/shipping-info/more');
    await page.getByTestId('not-found').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });
  it('a page whose HTML was stored before the server cleaned it is cleaned again in the browser: no handler, no javascript: link runs', async () => {
    // Written straight into the event log (as HTML saved before the server's cleaning would be): the fan site's own
    // sanitiser must drop the handlers, the script and the smuggled javascript: target.
    const html = '<p>Safe text</p><img src="x" onerror="window.__xss=1"><a href="&#1;javascript:window.__xss=2" data-testid="evasion-link">Win</a>'
      + '<svg><script>window.__xss=3</script></svg><math><mtext><table><mglyph><style><img src=x onerror="window.__xss=4">';
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
    await handle(ctx, SETTINGS_STREAM, settingsDecider, {
      type: 'UpdateSettings',
      changes: { content_pages: { 'evasion-test': { title: 'Evasion', html, show_in_footer: false, published: true, updated_at: new Date().toISOString() } } },
    });
    await t.server.services.runner.waitFor(ctx.lastPosition!);
    await page.goto(t.base + '/evasion-test');
    await expect.poll(() => page.getByTestId('page-html').innerText(), { timeout: 15_000 }).toContain('Safe text');
    const link = page.getByTestId('page-html').getByText('Win');
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.getByTestId('page-html').locator('script, [onerror]').count()).toBe(0);
  });
});

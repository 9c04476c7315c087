// The console's admin tools in the browser: the tool box, lookup by email,
// a subscription link generated in the console and honoured by the fan site's /join and /subscribe (a changed link
// refused there), saved cards, health, redirect URLs driving the fan site's /:path (another site is refused), logs,
// the spec's paths that open existing pages, and the user page's transactions and migration flag. Screenshots at
// 1440 and 375 px: tests/artifacts/admin-tools-*.png.
import { openAdvanced } from '../support/console-menu';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, fillCardDialog, launchChromium, openConsole, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('admin tools in the browser (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let fanPage: Page;
  let carlaId: string;
  let daveToken: string;
  let daveId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    const reg = await t.call('POST', '/api/users/register', { name: 'Carla Card', email: 'carla.tools@example.com', password: 'fan password 1' });
    carlaId = reg.body.data.userId;
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: reg.body.data.token })).status).toBe(200);
    const dave = await t.call('POST', '/api/users/register', { name: 'Dave Deal', email: 'dave.tools@example.com', password: 'fan password 1' });
    daveToken = dave.body.data.token;
    daveId = dave.body.data.userId;
    await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!, 30_000);
    browser = await launchChromium();
    ({ page } = await openConsole(browser, t, errors));
    const fanContext = await browser.newContext({ viewport: DESKTOP });
    fanPage = await fanContext.newPage();
    fanPage.on('pageerror', (e) => errors.push(`fan: ${e.message}`));
    await fanPage.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    // Building the apps (other changes in the tree) can take minutes on a busy 2-core machine.
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await page.screenshot({ path: `tests/artifacts/admin-tools-FAILED-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}.png` }).catch(() => {});
      console.log('FAILED at', page.url());
    }
  });
  const shoot = (p: Page, name: string) => shootBothWidths(p, `admin-tools-${name}`);
  const settle = async () => {
    const head = await t.server.services.store.headPosition();
    if (head) await t.server.services.runner.waitFor(head, 10_000);
  };

  it('the tool box lists the tools; lookup by email finds a fan and opens their page', async () => {
    await openAdvanced(page);
    await page.getByTestId('menu-super-admin-tools').click();
    await page.getByTestId('super-admin-tools').waitFor();
    for (const id of ['tool-lookup', 'tool-subscription-url', 'tool-user-cards', 'tool-health', 'tool-redirects', 'tool-logs']) await page.getByTestId(id).waitFor();
    await page.getByTestId('tool-lookup').click();
    await page.waitForURL((u) => u.pathname === '/admin/super-admin-tools/lookup');
    await page.goBack();
    await page.getByTestId('tool-health').waitFor();
    await shoot(page, '01-tools');
    await page.goto(t.base + '/admin/super-admin-tools/lookup');
    await page.getByTestId('lookup-email').fill('CARLA.tools@example.com');
    await page.getByTestId('lookup-submit').click();
    const card = page.getByTestId('lookup-user');
    await card.getByText('Carla Card').waitFor({ timeout: 15_000 });
    expect(await card.innerText()).toContain('$9.99');
    await page.getByTestId('lookup-email').fill('tools@');
    await page.getByTestId('lookup-submit').click();
    await expect.poll(() => page.getByTestId('lookup-row').count(), { timeout: 15_000 }).toBe(2);
    await shoot(page, '02-lookup');
  });

  it('content managers may export users only once the switch is on (a saved setting)', async () => {
    await page.goto(t.base + '/admin/super-admin-tools');
    const toggle = page.getByTestId('toggle-cm-export');
    await expect.poll(() => toggle.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByText('Content managers may now export users.').waitFor();
    await settle();
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    expect((await t.call('GET', '/admin-api/settings/site', undefined, { token: admin })).body.content_manager_can_export_users).toBe(true);
  });

  it('a subscription link made in the console sets the price on the fan site; a changed link is refused there', async () => {
    await page.getByTestId('menu-subscription-url').click();
    await page.getByTestId('links-empty').waitFor({ timeout: 15_000 });
    await page.getByTestId('link-price').fill('4.999');
    await page.getByTestId('link-generate').click();
    await page.getByText('Please enter a valid price.').waitFor();
    await page.getByTestId('link-price').fill('4.99');
    await page.getByTestId('link-recurring_price').fill('7');
    await page.getByTestId('link-note').fill('Instagram');
    await page.getByTestId('link-generate').click();
    await page.getByTestId('link-made').waitFor({ timeout: 15_000 });
    const url = await page.getByTestId('link-url').inputValue();
    expect(url).toMatch(/\/join\?offer=v1\./);
    await expect.poll(() => page.getByTestId('link-row').count()).toBe(1);
    await shoot(page, '03-subscription-link');

    // A guest sees the offer; a changed price in the link is refused with the server's message.
    await fanPage.goto(url);
    await fanPage.getByTestId('join-offer-price').waitFor({ timeout: 20_000 });
    expect(await fanPage.getByTestId('join-offer-price').innerText()).toBe('$4.99 for your first month, then $7.00 / month');
    await shoot(fanPage, '04-join-offer');
    await fanPage.goto(url.replace('.499.', '.99.'));
    await fanPage.getByTestId('join-offer-refused').waitFor({ timeout: 20_000 });
    expect(await fanPage.getByTestId('join-offer-refused').innerText()).toBe('This subscription link is not valid. Please ask for a new one.');
    await shoot(fanPage, '05-join-refused');

    // A signed-in fan opening the link goes on to /subscribe at the link's price and pays it.
    await signInContext(fanPage.context(), t.base, daveToken);
    await fanPage.addInitScript(() => localStorage.setItem('fanclub.signedIn', '1'));
    await fanPage.goto(url);
    await fanPage.waitForURL((u) => u.pathname === '/subscribe', { timeout: 20_000 });
    await expect.poll(() => fanPage.getByTestId('plan-price').innerText(), { timeout: 20_000 }).toBe('$4.99 today, then $7.00 / month');
    await fanPage.getByTestId('plan-link-offer').waitFor();
    await shoot(fanPage, '06-subscribe-offer');
    await fanPage.getByTestId('subscribe-button').click();
    const dialog = fanPage.getByTestId('card-dialog');
    await dialog.waitFor();
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Dave', lastName: 'Deal', email: 'dave.tools@example.com' });
    await dialog.getByTestId('pay-button').click();
    await fanPage.getByText('Thank you for subscribing').first().waitFor({ timeout: 20_000 });
    await settle();
    const paid = await t.server.services.database.db.withSchema('rm').selectFrom('transactions').select(['amount_cents', 'status']).where('user_id', '=', daveId).execute();
    expect(paid.map((p) => [Number(p.amount_cents), p.status])).toEqual([[499, 'captured']]);
    await page.reload();
    await expect.poll(async () => (await page.getByTestId('link-row').first().innerText()).replace(/\s+/g, ' '), { timeout: 15_000 }).toContain('1');
  });

  it('saved cards show brand, last 4 and expiry; health shows every part and each projection', async () => {
    await page.getByTestId('menu-user-cards').click();
    await page.getByTestId('user-cards-page').getByText('carla.tools@example.com').waitFor({ timeout: 15_000 });
    const text = await page.getByTestId('user-cards-page').innerText();
    expect(text).toContain(`•••• ${SANDBOX_TEST_CARDS.approve.slice(-4)}`);
    expect(text).not.toContain(SANDBOX_TEST_CARDS.approve);
    await shoot(page, '07-user-cards');
    await openAdvanced(page);
    await page.getByTestId('menu-health').click();
    for (const id of ['health-process', 'health-event-store', 'health-database', 'health-disk', 'health-mail-outbox', 'health-media-queue', 'health-kafka', 'health-janus']) await page.getByTestId(id).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('health-projection').count()).toBeGreaterThan(20);
    // Zero events behind draws an empty bar: its track is neutral grey, not a tint of the brand colour.
    const idle = page.getByTestId('health-projection').filter({ has: page.getByText('0', { exact: true }) }).first().getByTestId('health-lag-bar');
    expect(await idle.getAttribute('aria-valuenow')).toBe('0');
    const [r, g, b] = (await idle.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(8);
    await shoot(page, '08-health');
  });

  it('a redirect URL made in the console drives the fan site /:path; another site is refused', async () => {
    await page.getByTestId('menu-redirect-urls').click();
    await page.getByTestId('redirects-empty').waitFor({ timeout: 15_000 });
    await page.getByTestId('redirect-create').click();
    await page.getByTestId('redirect-path').fill('insta');
    await page.getByTestId('redirect-target').fill('https://evil.example.com');
    await page.getByTestId('redirect-save').click();
    await page.getByText('The destination must be a path on this site starting with /, like /membership.').waitFor();
    await page.getByTestId('redirect-target').fill('/tips');
    await shoot(page, '09-redirect-edit');
    await page.getByTestId('redirect-save').click();
    await page.getByTestId('redirect-list-page').getByText('/insta', { exact: true }).waitFor({ timeout: 15_000 });
    await shoot(page, '10-redirects');
    await fanPage.goto(t.base + '/insta');
    await fanPage.waitForURL((u) => u.pathname === '/tips', { timeout: 20_000 });
    // An unknown path is still the 404 page.
    await fanPage.goto(t.base + '/no-such-redirect');
    await fanPage.getByTestId('not-found').waitFor({ timeout: 20_000 });
    // The console's own 404 says so in a proper sentence.
    await page.goto(t.base + '/admin/no-such-console-page');
    const notFound = page.getByTestId('console-not-found');
    await notFound.waitFor({ timeout: 20_000 });
    expect(await notFound.innerText()).toContain('This console page does not exist. Check the address, or pick a page from the menu.');
    expect(await page.locator('body').innerText()).not.toContain('bad link');
    await shoot(page, '10b-console-404');
    await page.getByTestId('console-not-found-home').click();
    await page.waitForURL((u) => u.pathname === '/admin' || u.pathname === '/admin/', { timeout: 20_000 });
  });

  it('logs, the banner path and the locked-content path open the right pages', async () => {
    await openAdvanced(page);
    await page.getByTestId('menu-logs').click();
    await page.getByTestId('logs-audit').waitFor({ timeout: 15_000 });
    await page.getByTestId('logs-tab-events').click();
    await page.getByTestId('logs-events').waitFor();
    await shoot(page, '11-logs');
    await page.goto(t.base + '/admin/banner-image-text');
    await page.waitForURL((u) => u.pathname === '/admin/settings/banner-image-text', { timeout: 20_000 });
    await page.goto(t.base + '/admin/locked-exclusive-content');
    await page.waitForURL((u) => u.pathname === '/admin/posts' && u.search.includes('locked'), { timeout: 20_000 });
  });

  it("the user page shows the fan's transactions and sets the migration flag", async () => {
    await page.goto(`${t.base}/admin/users/${carlaId}/show/transactions`);
    await page.getByTestId('user-transactions').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('user-tx-net').innerText()).toBe('$9.99');
    await shoot(page, '12-user-transactions');
    await page.goto(`${t.base}/admin/users/${carlaId}/show/actions`);
    const toggle = page.getByTestId('toggle-migration');
    await toggle.waitFor({ timeout: 20_000 });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByText('Migration subscription turned on.').waitFor();
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);
    await shoot(page, '13-user-migration');
    expect(errors).toEqual([]);
  });
});

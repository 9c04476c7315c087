// Issue 16 in real Chromium: the web-app manifest and the service worker register
// (navigator.serviceWorker.ready, scope '/', served from the site's origin with no-cache, no CSP violation); a push
// delivered to the worker through the DevTools protocol (what DevTools' "Push" button does) is shown as a
// notification with the page to open; the install popup shows on the stored counter's value; the fan's
// /profile/notification-preference page saves the A–E choices; send-device-info reports the device. Screenshots at
// 375 px and 1440 px in tests/artifacts/ (push-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, openConsole, openFanPage } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('installable app and web push (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let fanContext: BrowserContext;
  let page: Page;
  let fan: { token: string; userId: string };
  const errors: string[] = [];
  const csp: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    fan = (await t.call('POST', '/api/users/register', { name: 'Pia Push', email: 'pia.push@example.com', password: 'a good long password' })).body.data;
    browser = await launchChromium({ pwaPopups: true });
    ({ context: fanContext, page } = await openFanPage(browser, t.base, fan.token, { errors, csp }, {
      // The install counter stands at 2: this app start moves it to 3, where the popup shows.
      init: () => {
        if (!sessionStorage.getItem('fanclub.appStarted') && !localStorage.getItem('fanclub.installCounter')) localStorage.setItem('fanclub.installCounter', '2');
      },
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the manifest and the service worker register from the site\'s origin, scope /', async () => {
    await page.goto(t.base + '/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${t.base}/`);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (href) => (await fetch(href!)).json(), manifestHref);
    expect(manifest).toMatchObject({ name: 'Fanclub Creator', display: 'standalone', scope: '/', start_url: '/?source=pwa' });
    const sw = await fetch(`${t.base}/sw.js`);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-security-policy')).toBeTruthy();
    // The worker controls the page after a reload (clients.claim on activate does it at once).
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  });

  it('the install popup shows at counter 3; closing moves it to 4', async () => {
    const popup = page.getByTestId('install-popup');
    await popup.waitFor({ timeout: 15_000 });
    // Never over a checkout or payment page: it waits there and shows again once the fan leaves.
    for (const path of ['/subscribe', '/profile/wallet']) {
      await page.evaluate((p) => { history.pushState({}, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
      await popup.waitFor({ state: 'detached', timeout: 10_000 });
      expect(page.url()).toBe(t.base + path);
      await page.goBack();
      await popup.waitFor({ timeout: 10_000 });
    }
    // Not a modal: no backdrop, nothing behind it made inert, and it leaves the creator's Subscribe button uncovered.
    expect(await page.locator('[aria-modal="true"], .MuiBackdrop-root').count()).toBe(0);
    const subscribe = page.getByTestId('creator-subscribe').filter({ visible: true });
    if (await subscribe.count()) {
      const [a, b] = [await popup.boundingBox(), await subscribe.first().boundingBox()];
      expect(a && b && (a.y >= b.y + b.height || b.y >= a.y + a.height || a.x >= b.x + b.width || b.x >= a.x + a.width)).toBe(true);
    }
    await shootBothWidths(page, 'push-01-install-popup');
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
    await popup.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('fanclub.installCounter'))).toBe('4');
  });

  it('a push delivered to the service worker shows a notification that names the page to open', async () => {
    const cdp = await fanContext.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${t.base}/`)?.registrationId).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${t.base}/`)!.registrationId;
    const payload = { title: 'New post from Fanclub Creator', body: 'Behind the scenes', url: '/feed/abc/1', tag: 'post-abc', category: 'content' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: t.base, registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))))
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/feed/abc/1' } }]);
  });

  it('the fan\'s notification preferences page saves the categories (A–E) and reports the device', async () => {
    await page.goto(t.base + '/profile');
    await page.getByTestId('profile-link-notification-preference').click();
    await page.waitForURL((u) => u.pathname === '/profile/notification-preference');
    const view = page.getByTestId('notification-preference-page');
    await view.waitFor();
    // One master switch and the five categories; with the master off the categories show off and cannot change.
    const switches = view.getByRole('switch');
    await expect.poll(() => switches.count()).toBe(6);
    expect(await view.getByRole('switch', { name: 'Allow web notifications' }).isChecked()).toBe(false);
    for (const name of ['New posts', 'Offers', 'Live streams', 'Messages', 'Mass messages']) {
      const sw = view.getByRole('switch', { name, exact: true });
      expect([name, await sw.isChecked(), await sw.isDisabled()]).toEqual([name, false, true]);
    }
    // The rows line up: every switch has the same right edge.
    const rights = await switches.evaluateAll((els) => els.map((el) => Math.round(el.closest('.MuiSwitch-root')!.getBoundingClientRect().right)));
    expect(new Set(rights).size).toBe(1);
    await shootBothWidths(page, 'push-02a-notification-preference-off');
    await view.getByRole('switch', { name: 'Allow web notifications' }).click(); // saved at once; the switch follows the answer
    await expect.poll(async () => (await t.call('GET', '/api/notifications/user-notification-preferences', undefined, { token: fan.token })).body.data.is_allow_web_notification).toBe(true);
    await expect.poll(() => view.getByRole('switch', { name: 'New posts', exact: true }).isChecked()).toBe(true);
    await view.getByRole('switch', { name: 'Offers' }).click();
    await expect.poll(async () => (await t.call('GET', '/api/notifications/user-notification-preferences', undefined, { token: fan.token })).body.data.tags).toEqual(['A', 'C', 'D', 'E']);
    await expect.poll(() => view.getByRole('switch', { name: 'Offers' }).isChecked()).toBe(false);
    await shootBothWidths(page, 'push-02-notification-preference');
    const devices = await t.server.services.database.db.withSchema('rm').selectFrom('device_info' as any).selectAll().execute();
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ user_id: fan.userId });
    await page.setViewportSize(PHONE);
    await page.reload();
    await view.waitFor();
    await page.setViewportSize(DESKTOP);
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });

  it('the console\'s web push settings page turns sending off and on', async () => {
    const { context: staffContext, page: staff } = await openConsole(browser, t, errors);
    await staff.goto(t.base + '/admin/settings/web-push-notification');
    const settings = staff.getByTestId('web-push-settings');
    await settings.getByTestId('web-push-save').waitFor({ timeout: 20_000 });
    await settings.getByRole('switch', { name: 'Web push notifications' }).uncheck();
    await settings.getByTestId('web-push-save').click();
    await expect.poll(async () => (await t.call('GET', '/api/notifications/user-notification-preferences', undefined, { token: fan.token })).body.data.web_push_notification_enabled).toBe(false);
    await shootBothWidths(staff, 'push-03-console-settings');
    await settings.getByRole('switch', { name: 'Web push notifications' }).check();
    await settings.getByTestId('web-push-save').click();
    await expect.poll(async () => (await t.call('GET', '/api/notifications/user-notification-preferences', undefined, { token: fan.token })).body.data.web_push_notification_enabled).toBe(true);
    await staffContext.close();
    expect(errors).toEqual([]);
  });
});

// A membership paid on CCBill's own page, in a real browser: the fan opens /subscribe, chooses "Pay on CCBill's
// secure page", pays on the CCBill simulator's FlexForm (FANCLUB_CCBILL_FLEXFORMS_URL points at it), comes back
// to /payment-return, which waits for CCBill's confirmation and shows the membership active once the simulator's
// webhook has been delivered. Screenshots at 375 px and 1440 px in tests/artifacts/ (ccbill-hosted-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('CCBill hosted payment form end to end (Chromium)', () => {
  let sim: CcbillSimulator;
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    sim = await startCcbillSimulator();
    t = await startTestServer('pglite', {
      FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
      FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
      FANCLUB_CCBILL_FLEXFORMS_URL: sim.endpoints.flexForms,
      FANCLUB_CCBILL_WEBHOOK_SOURCES: '127.0.0.1/32,::1/128,::ffff:127.0.0.1/128',
    }, { serveApps: true });
    // CCBill's approval URL (set per FlexForm in its admin) is our return page; its webhook goes to this server.
    sim.config.approvalUrl = `${t.base}/payment-return`;
    sim.setWebhook({ url: `${t.base}/api/webhooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const c = sim.config;
    for (const [provider, body] of [
      ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
      ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
      ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
    ] as const)
      expect((await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin })).status).toBe(200);
    const reg = await t.call('POST', '/api/users/register', { name: 'Hana Hosted', email: 'hana.hosted@example.com', password: 'a good long password' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
    await signInContext(page.context(), t.base, reg.body.data.token);
    await page.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      if (location.port && !location.pathname.startsWith('/wap-frontflex')) localStorage.setItem('fanclub.signedIn', '1');
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sim?.close();
  });

  it('subscribes on the FlexForm, waits for the confirmation, then shows the membership active', async () => {
    await page.goto(t.base + '/subscribe');
    await expect.poll(() => page.getByTestId('plan-price').innerText(), { timeout: 20_000 }).toBe('$9.99 / month');
    await page.getByTestId('subscribe-hosted-button').waitFor();
    await shootBothWidths(page, 'ccbill-hosted-01-subscribe');
    await page.getByTestId('subscribe-hosted-button').click();
    await page.waitForURL(/\/wap-frontflex\/flexforms\//, { timeout: 20_000 });
    await page.locator('input[name="cardNum"]').fill('4111111111111111');
    await page.locator('input[name="expMonth"]').fill('04');
    await page.locator('input[name="expYear"]').fill('2030');
    await page.locator('input[name="cvv2"]').fill('400');
    await page.locator('input[name="nameOnCard"]').fill('Hana Hosted');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/payment-return/, { timeout: 20_000 });
    // Back on the site before CCBill's notice: the page waits, the membership is not granted by the redirect.
    await page.getByTestId('payment-return-waiting').waitFor({ timeout: 20_000 });
    await shootBothWidths(page, 'ccbill-hosted-02-waiting');
    expect(sim.pendingNotices().map((n) => n.eventType)).toEqual(['NewSaleSuccess']);
    expect((await sim.deliver()).map((d) => d.status)).toEqual([200]);
    await page.getByTestId('payment-return-confirmed').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('payment-return').innerText()).toContain('Your membership is active');
    // CCBill bills the renewals: no "add a card" popup for this membership.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Set a payment method').count()).toBe(0);
    await shootBothWidths(page, 'ccbill-hosted-03-confirmed');
    await page.goto(t.base + '/subscribe');
    await page.getByTestId('already-subscribed').waitFor({ timeout: 20_000 });
    expect(consoleErrors).toEqual([]);
  });
});

// A guest buys a locked post without an account, in a real browser: on the post's page "Buy without an account"
// asks for an email, sends the buyer to the CCBill simulator's FlexForm, and /payment-return (no sign-in) waits for
// CCBill's confirmation, then says the purchase went through and to check the email for the password link.
// Screenshots at 375 px and 1440 px (ccbill-guest-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { siteForPurchases } from '../support/provider-money';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('CCBill guest purchase end to end (Chromium)', () => {
  let sim: CcbillSimulator;
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let postId: string;
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
    sim.config.approvalUrl = `${t.base}/payment-return`;
    sim.setWebhook({ url: `${t.base}/api/webhooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
    const { admin, lockedPost } = await siteForPurchases(() => t.base, 'Guest Page Fan');
    const c = sim.config;
    for (const [provider, body] of [
      ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
      ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
      ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
    ] as const)
      expect((await t.call('POST', `/api/settings/payment-providers/${provider}`, body, { token: admin })).status).toBe(200);
    postId = await lockedPost(6);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
    await page.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sim?.close();
  });

  it('a guest buys a locked post with an email on CCBill\'s page; the return page confirms it without sign-in', async () => {
    await page.goto(`${t.base}/feed/${postId}`);
    await page.getByTestId('guest-buy-button').waitFor({ timeout: 20_000 });
    await shootBothWidths(page, 'ccbill-guest-01-locked-post');
    await page.getByTestId('guest-buy-button').click();
    await page.getByTestId('guest-buy-dialog').waitFor();
    // A bad email is named on its field; nothing is started.
    await page.getByTestId('guest-buy-email').fill('not an email');
    await page.getByTestId('guest-buy-submit').click();
    await page.getByText('Please enter a valid email.').waitFor();
    await page.getByTestId('guest-buy-email').fill('guest.buyer@example.com');
    await shootBothWidths(page, 'ccbill-guest-02-dialog');
    await page.getByTestId('guest-buy-submit').click();
    await page.waitForURL(/\/wap-frontflex\/flexforms\//, { timeout: 20_000 });
    expect(page.url()).toContain('email=guest.buyer%40example.com');
    await page.locator('input[name="cardNum"]').fill('4111111111111111');
    await page.locator('input[name="expMonth"]').fill('04');
    await page.locator('input[name="expYear"]').fill('2030');
    await page.locator('input[name="cvv2"]').fill('400');
    await page.locator('input[name="nameOnCard"]').fill('Guest Buyer');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/payment-return/, { timeout: 20_000 });
    // No sign-in: the page stays (no login redirect) and waits for CCBill's notice.
    await page.getByTestId('payment-return-waiting').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/payment-return');
    await shootBothWidths(page, 'ccbill-guest-03-waiting');
    expect((await sim.deliver()).map((d) => d.status)).toEqual([200]);
    await page.getByTestId('payment-return-confirmed').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('payment-return').innerText()).toContain('Content unlocked successfully.');
    expect(await page.getByTestId('payment-return-guest-mail').innerText()).toContain('Check your email to set your password and see your purchase');
    await shootBothWidths(page, 'ccbill-guest-04-confirmed');
    // The account was made for the email and the post unlocked for it (the set-password mail: tests/payments/ccbill-guest.test.ts).
    const events = await t.server.services.store.readAll({ maxCount: 100_000 });
    expect(events.filter((e) => e.type === 'GuestPurchaseMatched')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'PostUnlocked' && (e.data as { postId: string }).postId === postId)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});

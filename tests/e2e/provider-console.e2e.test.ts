// The providers' console pages in a real browser, with real data from the Sticky.io and CCBill simulators: fans tip
// through Sticky.io (one order then refunded at Sticky.io behind our back); the Admin tools page leads to the Sticky.io
// lookup, which shows both orders of the fan found by email beside our payments, one marked "They disagree"; the
// Sticky.io payments list links each row to the lookup of its order; the products page marks what the settings use;
// the CCBill test FlexForm signs a recurring price as CCBill's own vector says and opens the simulator's form in a new
// tab. The menu lists the pages; no answer the console received carries a secret.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (provider-console-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { collectCspViolations, DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';
import { startStickySimulator, type StickySimulator } from '../simulators/sticky-io/simulator';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

const hasChromium = requireChromium();
const STICKY_PASSWORD = 'sticky-e2e-password-99';
const POSTBACK_SECRET = 'e2e-postback-secret-0123456789abc';
const SALT = '7d901dad245fd0ff6bc20d06';

describe.skipIf(!hasChromium)('providers\' console pages (Chromium, simulators)', () => {
  let sim: StickySimulator;
  let ccbill: CcbillSimulator;
  let t: TestServer;
  let browser: Browser;
  let staff: Page;
  const errors: string[] = [];
  const csp: string[] = [];
  const answers: string[] = [];
  const tips: string[] = [];
  let admin = '';

  beforeAll(async () => {
    ensureAppsBuilt();
    sim = await startStickySimulator({ password: STICKY_PASSWORD, postbackDelivery: 'manual' });
    ccbill = await startCcbillSimulator({ salt: SALT });
    t = await startTestServer('pglite', { FANCLUB_STICKY_IO_API_URL: sim.url, FANCLUB_CCBILL_FLEXFORMS_URL: ccbill.endpoints.flexForms }, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const s = sim.account;
    expect((await t.call('POST', '/api/settings/payment-providers/sticky-io', {
      appKey: 'fanclub-e2e', apiUsername: sim.credentials.username, apiPassword: STICKY_PASSWORD, campaignId: s.campaignId, shippingId: s.shippingId,
      offerId: s.offerId, productId: s.productId, billingModelId: s.billingModelId, postbackSecret: POSTBACK_SECRET,
    }, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', '/admin-api/subscription-settings/site', { is_sticky_io_enabled: true }, { token: admin })).status).toBe(200);
    expect((await t.call('POST', '/api/settings/payment-providers/ccbill', { clientAccnum: ccbill.config.clientAccnum, clientSubacc: ccbill.config.clientSubacc, flexId: ccbill.config.flexId, liveMode: false, salt: SALT }, { token: admin })).status).toBe(200);
    const fan = (await t.call('POST', '/api/users/register', { name: 'Robin Sticky', email: 'robin.sticky@example.com', password: 'fan password 1' })).body.data.token as string;
    for (const [amount, card] of [[12, { ...TEST_CARD_FORM, cardNumber: '4111111111111111', firstName: 'Robin', lastName: 'Sticky' }], [7, {}]] as const) {
      const r = await t.call('POST', '/api/v2/purchase/send-tip', { amount, ...card }, { token: fan });
      expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ accepted: true });
      tips.push(r.body.data.tip_id);
    }
    // The second order is refunded at Sticky.io by someone else: our log does not know.
    const refunded = sim.orders().find((o) => o.notes.includes(tips[1]))!;
    const res = await fetch(`${sim.url}/api/v1/order_refund`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sim.credentials.username}:${STICKY_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: refunded.id, amount: '7.00', keep_recurring: '1' }),
    });
    expect(((await res.json()) as { response_code: string }).response_code).toBe('100');

    browser = await launchChromium();
    staff = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    staff.on('pageerror', (e) => errors.push(`console: ${e.message}`));
    collectCspViolations(staff, csp);
    staff.on('response', (r) => {
      if (r.url().includes('/api')) void r.text().then((body) => answers.push(body), () => undefined);
    });
    await staff.goto(t.base + '/admin/login');
    await staff.getByLabel('Email').fill(t.adminEmail);
    await staff.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.waitForURL((u) => !u.pathname.endsWith('/login'));
  });
  afterAll(async () => {
    await browser?.close();
    // Our refund records what Sticky.io did, so the ledger check at close holds.
    if (t && tips[1]) expect((await t.call('POST', `/admin-api/transactions/${tips[1]}/refund`, { kind: 'refund', reason: 'Refunded at Sticky.io' }, { token: admin })).status).toBe(200);
    await t?.close();
    await sim?.close();
    await ccbill?.close();
  });

  it('the menu lists the pages, and Admin tools leads to the Sticky.io lookup', async () => {
    await staff.goto(t.base + '/admin/super-admin-tools');
    await staff.getByTestId('tool-sticky-io-lookup').waitFor({ timeout: 20_000 });
    for (const id of ['menu-sticky-io-transactions', 'menu-sticky-io-products', 'menu-ccbill-test-flex-form']) await expect.poll(() => staff.getByTestId(id).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await staff.getByTestId('tool-sticky-io-lookup').click();
    await staff.getByTestId('sticky-io-lookup-page').waitFor({ timeout: 20_000 });
  });

  it('lookup by the fan\'s email: both orders beside our payments, the one refunded at Sticky.io marked "They disagree"', async () => {
    await staff.getByRole('combobox', { name: 'Search by' }).click();
    await staff.getByTestId('sticky-lookup-key-email').click();
    await staff.getByTestId('sticky-lookup-value').fill('robin.sticky@example.com');
    await staff.getByTestId('sticky-lookup-submit').click();
    await expect.poll(() => staff.getByTestId('sticky-lookup-match').count(), { timeout: 20_000 }).toBe(2);
    expect(await staff.getByTestId('sticky-agree').count()).toBe(1);
    expect(await staff.getByTestId('sticky-disagree').count()).toBe(1);
    expect(await staff.getByTestId('sticky-disagreements').innerText()).toContain('Sticky.io has the order refunded; our log has the payment approved.');
    const text = await staff.getByTestId('sticky-lookup-results').innerText();
    expect(text).toContain('Robin Sticky');
    expect(text).toContain('•••• 1111');
    expect(text).toContain('PaymentCaptured');
    for (const id of tips) expect(text).toContain(id);
    await shootBothWidths(staff, 'provider-console-01-lookup-email');
  });

  it('the Sticky.io payments list shows the orders and opens the lookup of a row\'s order', async () => {
    await staff.goto(t.base + '/admin/sticky-io-transactions');
    await expect.poll(() => staff.getByTestId('sticky-order-link').count(), { timeout: 20_000 }).toBe(2);
    const first = sim.orders().find((o) => o.notes.includes(tips[0]))!;
    expect(await staff.getByTestId('sticky-io-transactions-page').innerText()).toContain(`#${first.id}`);
    await shootBothWidths(staff, 'provider-console-02-transactions');
    expect(await staff.getByTestId('sticky-io/transactions-export').count()).toBe(1);
    await staff.getByText(`#${first.id}`).click();
    await staff.waitForURL((u) => u.pathname.endsWith('/sticky-io-lookup') && u.search.includes(`order_id=${first.id}`));
    await expect.poll(() => staff.getByTestId('sticky-lookup-match').count(), { timeout: 20_000 }).toBe(1);
    expect(await staff.getByTestId('sticky-agree').count()).toBe(1);
    expect(await staff.getByTestId('our-payment-id').innerText()).toBe(tips[0]);
    await shootBothWidths(staff, 'provider-console-03-lookup-order');
  });

  it('the products page shows the campaign with what the settings use marked and checked', async () => {
    await staff.goto(t.base + '/admin/sticky-io-subscription-products');
    await staff.getByTestId('sticky-checks').waitFor({ timeout: 20_000 });
    expect(await staff.getByTestId('sticky-checks').innerText()).toContain('Settings match');
    expect(await staff.getByTestId('sticky-check').count()).toBe(6);
    expect(await staff.getByTestId('sticky-offers').innerText()).toContain('Monthly membership');
    expect(await staff.getByTestId('sticky-billing-model-in-use').innerText()).toContain('Every 30 days');
    expect(await staff.getByTestId('sticky-in-use').count()).toBe(3);
    await shootBothWidths(staff, 'provider-console-04-products');
  });

  it('the CCBill test FlexForm signs a recurring price, shows what was signed, and opens the form in a new tab', async () => {
    await staff.goto(t.base + '/admin/ccbill-test-flex-form');
    await staff.getByTestId('flex-price').waitFor({ timeout: 20_000 });
    await staff.getByTestId('flex-price').fill('ten');
    await staff.getByTestId('flex-submit').click();
    await expect.poll(() => staff.getByTestId('ccbill-test-flex-form-page').innerText()).toContain('price must be a price in dollars above 0');
    await staff.getByTestId('flex-price').fill('10.00');
    await staff.getByTestId('flex-recurring').check();
    await staff.getByTestId('flex-recurring_price').fill('10.00');
    await staff.getByTestId('flex-submit').click();
    await expect.poll(() => staff.getByTestId('flex-digest').count(), { timeout: 15_000 }).toBe(1);
    expect(await staff.getByTestId('flex-digest').innerText()).toBe('48f0b12e4307e64edb781c479665c899');
    expect(await staff.getByTestId('flex-formula').innerText()).toBe('md5(initialPrice + initialPeriod + recurringPrice + recurringPeriod + numRebills + currencyCode + salt)');
    const url = await staff.getByTestId('flex-url').innerText();
    expect(url.startsWith(ccbill.endpoints.flexForms)).toBe(true);
    await shootBothWidths(staff, 'provider-console-05-ccbill-flex-form');
    const [tab] = await Promise.all([staff.context().waitForEvent('page'), staff.getByTestId('flex-open').click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(url);
    expect(await tab.content()).toContain('<form');
    await tab.close();
  });

  it('no page error, no CSP violation, and no secret in any answer the console received', () => {
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
    const all = answers.join('\n');
    for (const secret of [STICKY_PASSWORD, POSTBACK_SECRET, SALT]) expect(all).not.toContain(secret);
  });
});

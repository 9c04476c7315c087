// The payment providers' settings pages in a real browser: an admin saves the CCBill settings (a bad account
// number is named under its input), the salt then shows only as 'set', a reload shows the same, and "Test
// connection" shows what the provider answered; the ForumPay keys sit under the Wallet and crypto form; the
// REST API and Sticky.io pages open. The salt is in no answer the console received.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (payment-providers-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectionTesterOf } from '../../api/payment-provider-settings';
import { startTestServer, type TestServer } from '../support/server';
import { collectCspViolations, DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();
const SALT = 'BrowserTypedSalt2026';

describe.skipIf(!hasChromium)('payment provider settings pages (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let staff: Page;
  const errors: string[] = [];
  const csp: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    browser = await launchChromium();
    staff = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    staff.on('pageerror', (e) => errors.push(`console: ${e.message}`));
    collectCspViolations(staff, csp);
    staff.on('response', (r) => {
      if (r.url().includes('/api/')) void r.text().then((body) => answers.push(body), () => undefined);
    });
    await staff.goto(t.base + '/admin/login');
    await staff.getByLabel('Email').fill(t.adminEmail);
    await staff.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.waitForURL((u) => !u.pathname.endsWith('/login'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('CCBill: a bad account number is named, then the settings save and the salt shows only as set', async () => {
    await staff.goto(t.base + '/admin/settings/ccbill-settings');
    const card = staff.getByTestId('ccbill-card');
    await card.getByTestId('ccbill-clientAccnum').waitFor({ timeout: 20_000 });
    await shootBothWidths(staff, 'payment-providers-01-ccbill-empty');
    await card.getByTestId('ccbill-clientAccnum').fill('95123');
    await card.getByTestId('ccbill-clientSubacc').fill('0000');
    await card.getByTestId('ccbill-flexId').fill('01234567-89ab-cdef-0123-456789abcdef');
    await card.getByTestId('ccbill-salt').fill(SALT);
    await card.getByTestId('ccbill-save').click();
    await expect.poll(() => card.innerText()).toContain('clientAccnum must be the 6-digit CCBill account number.');
    await card.getByTestId('ccbill-clientAccnum').fill('951234');
    await card.getByTestId('ccbill-liveMode').check();
    await card.getByTestId('ccbill-save').click();
    await card.getByTestId('ccbill-salt-change').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('ccbill-salt').inputValue()).toBe('set');
    expect(await card.getByTestId('ccbill-salt').getAttribute('type')).not.toBe('password');

    // A reload shows the server's values, the salt as set only.
    await staff.reload();
    await card.getByTestId('ccbill-salt-change').waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('ccbill-clientAccnum').inputValue()).toBe('951234');
    expect(await card.getByTestId('ccbill-clientSubacc').inputValue()).toBe('0000');
    expect(await card.getByTestId('ccbill-liveMode').isChecked()).toBe(true);
    expect(await card.getByTestId('ccbill-salt').inputValue()).toBe('set');
    await shootBothWidths(staff, 'payment-providers-02-ccbill-saved');
  });

  it('"Test connection" shows what the provider answered', async () => {
    const card = staff.getByTestId('ccbill-card');
    await card.getByTestId('ccbill-test').click();
    await expect.poll(() => card.getByTestId('ccbill-test-result').innerText(), { timeout: 15_000 }).toBe('Connection tests are not available for this provider yet.');
    t.server.services.paymentProviderTests = connectionTesterOf({
      ccbill: async (s) => ({ ok: s.salt === SALT, message: `CCBill accepted account ${s.clientAccnum}-${s.clientSubacc}.` }),
    });
    try {
      await card.getByTestId('ccbill-test').click();
      await expect.poll(() => card.getByTestId('ccbill-test-result').innerText(), { timeout: 15_000 }).toBe('CCBill accepted account 951234-0000.');
      await shootBothWidths(staff, 'payment-providers-03-ccbill-tested');
    } finally {
      delete t.server.services.paymentProviderTests;
    }
  });

  it('the ForumPay keys sit under Wallet and crypto; the REST API and Sticky.io pages open', async () => {
    await staff.goto(t.base + '/admin/settings/forum-pay-setting');
    await staff.getByTestId('settings-form').waitFor({ timeout: 20_000 });
    const forum = staff.getByTestId('forumpay-card');
    await forum.getByTestId('forumpay-posId').waitFor({ timeout: 20_000 });
    await forum.getByTestId('forumpay-apiUser').fill('club-user');
    await forum.getByTestId('forumpay-apiSecret').fill('forum-pay-secret-typed');
    await forum.getByTestId('forumpay-posId').fill('club.pos-1');
    await forum.getByTestId('forumpay-save').click();
    await forum.getByTestId('forumpay-apiSecret-change').waitFor({ timeout: 15_000 });
    await shootBothWidths(staff, 'payment-providers-04-forum-pay');

    await staff.goto(t.base + '/admin/settings/ccbill-rest-api-settings');
    await staff.getByTestId('ccbill-rest-api-restAppId').waitFor({ timeout: 20_000 });
    await staff.goto(t.base + '/admin/settings/sticky-io-setting');
    await staff.getByTestId('sticky-io-appKey').waitFor({ timeout: 20_000 });
    await shootBothWidths(staff, 'payment-providers-05-sticky-io');
  });

  it('no secret in any answer, no page error, no CSP violation', () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const body of answers) {
      expect(body).not.toContain(SALT);
      expect(body).not.toContain('forum-pay-secret-typed');
    }
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });
});

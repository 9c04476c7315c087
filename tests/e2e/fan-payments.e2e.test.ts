// A fan's payments and receipts in a real browser: a new fan logs in through the login page
// and finds the empty state; after a membership, a tip and a wallet top-up the list shows them newest first with
// the total paid, a receipt opens with its details and downloads as text, and the CSV of all rows downloads.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (payments-*.png).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { DESKTOP, PHONE, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();
const EMAIL = 'paula.payer@example.com';
const PASSWORD = 'a good long password';

describe.skipIf(!hasChromium)('fan payments and receipts (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    token = (await t.call('POST', '/api/users/register', { name: 'Paula Payer', email: EMAIL, password: PASSWORD })).body.data.token;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    // Past the age gate (a guest's flag, not a session).
    await context.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shoot = (name: string) => shootBothWidths(page, `payments-${name}`);

  it('logs in through the login page and finds the empty state', async () => {
    await page.goto(t.base + '/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(t.base + '/profile');
    await page.getByTestId('profile-link-payments').click();
    await page.waitForURL((u) => u.pathname === '/profile/payments');
    await page.getByText('No payments yet').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payments-csv').isDisabled()).toBe(true);
    await shoot('01-empty');
  });

  it('lists the membership, the tip and the top-up with the total, at both widths', async () => {
    const card = { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve };
    expect((await t.call('POST', '/api/v2/purchase/subscription', card, { token })).status).toBe(200);
    expect((await t.call('POST', '/api/v2/purchase/send-tip', { amount: 12, ...card }, { token })).status).toBe(200);
    await topUpWallet(t, token, 5);
    const head = await t.server.services.store.headPosition();
    await t.server.services.runner.waitFor(head!, 30_000);
    const api = (await t.call('GET', '/api/users/payments', undefined, { token })).body.data;
    await page.reload();
    const rows = page.getByTestId('payment-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))).toEqual(api.payments.map((p: any) => p.type));
    expect(await page.getByTestId('payments-total').innerText()).toBe(`$${(api.total_paid_cents / 100).toFixed(2)}`);
    expect(await rows.filter({ hasText: 'Tip' }).getByTestId('payment-amount').innerText()).toBe('$12.00');
    await shoot('02-list');
    // Nothing is cut off on a phone: the rows fit the screen.
    await page.setViewportSize(PHONE);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  });

  it('downloads the CSV of every row', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('date,item,amount,currency,paid_with,status,receipt_number,provider_reference');
    expect(lines).toHaveLength(4);
    expect(text).toContain('"Tip","12.00","USD","Visa •••• 4242","Paid"');
    expect(text).toContain('"Wallet top-up","5.00"');
  });

  it('opens a receipt, downloads it as text, and goes back', async () => {
    await page.getByTestId('payment-row').filter({ hasText: 'Tip' }).click();
    await page.waitForURL((u) => /^\/profile\/payments\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByTestId('receipt-item').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-item').innerText()).toBe('Tip');
    expect(await page.getByTestId('receipt-amount').innerText()).toBe('$12.00');
    expect(await page.getByTestId('receipt-status').innerText()).toBe('Paid');
    await shoot('03-receipt');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-download').click()]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('Billed to:      Paula Payer <paula.payer@example.com>');
    expect(text).toContain('Amount:         $12.00 USD');
    await page.getByTestId('receipt-back').click();
    await page.getByTestId('payments-list').waitFor();
  });

  it('another fan\'s receipt is not shown', async () => {
    const other = (await t.call('POST', '/api/users/register', { name: 'Other', email: 'other.payer@example.com', password: PASSWORD })).body.data.token;
    expect((await t.call('POST', '/api/v2/purchase/send-tip', { amount: 6, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: other })).status).toBe(200);
    const head = await t.server.services.store.headPosition();
    await t.server.services.runner.waitFor(head!, 30_000);
    const theirs = (await t.call('GET', '/api/users/payments', undefined, { token: other })).body.data.payments[0].id;
    await page.goto(`${t.base}/profile/payments/${theirs}`);
    await page.getByText('Payment not found.').waitFor({ timeout: 15_000 });
    await shoot('04-not-found');
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

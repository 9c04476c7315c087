// Payment methods in a real browser: a fan arriving from a British IP (through the trusted proxy) adds a
// card with the country prefilled and the state and city chosen from the packaged data set, sees the spec's
// messages for a bad number, expiry and postal code, adds a second card, makes it primary, switches the default
// method to the crypto wallet and back, and removes a card after confirming. Screenshots at 375 and 1440 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, PHONE, artifactPath, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext, settled } from '../support/browser';

const hasChromium = requireChromium();
const GB_IP = '81.2.69.142';
const YEAR = new Date().getFullYear();

describe.skipIf(!hasChromium)('payment methods end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', { TRUST_PROXY: 'true' }, { serveApps: true });
    // These tests check every billing field, which the card form asks only when the site asks for the address.
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    expect((await t.call('PUT', '/admin-api/subscription-settings/site', { card_form_billing_address: true }, { token: admin })).status).toBe(200);
    const reg = await t.call('POST', '/api/users/register', { name: 'Card Holder', email: 'holder@example.com', password: 'holder password 1' });
    expect(reg.status).toBe(201);
    const token = reg.body.data.token as string;
    browser = await launchChromium();
    // The trusted proxy in front of the site says where the fan is.
    context = await browser.newContext({ viewport: DESKTOP, extraHTTPHeaders: { 'x-forwarded-for': GB_IP } });
    await signInContext(context, t.base, token);
    await context.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
    });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  const shoot = (name: string) => shootBothWidths(page, name);
  const helper = (field: string) => page.locator(`#card-${field}-helper-text`);
  const savedCards = () => page.getByTestId('saved-card');

  async function fillBilling(form: Locator) {
    await form.getByLabel('First name').fill('Card');
    await form.getByLabel('Last name').fill('Holder');
    await form.getByLabel('Address').fill('1 Oxford Road');
  }

  it('shows the empty list first', async () => {
    await page.goto(t.base + '/profile/payment-method');
    await page.getByTestId('empty-state').getByText('No saved cards').waitFor({ timeout: 20_000 });
    expect(await page.title()).toContain('Payment methods');
    await shoot('pm-01-empty');
  });

  it('opens the add page with the email and the name filled in and the country prefilled from the IP', async () => {
    await page.getByTestId('add-card-link').click();
    await page.waitForURL('**/profile/add-new-payment-method');
    const form = page.getByTestId('card-form');
    await expect.poll(() => form.getByLabel('Country').inputValue(), { timeout: 15_000 }).toBe('GB');
    expect(await form.getByLabel('Email').inputValue()).toBe('holder@example.com');
    // The name on the card starts as the account's name, split in two.
    expect(await form.getByLabel('First name').inputValue()).toBe('Card');
    expect(await form.getByLabel('Last name').inputValue()).toBe('Holder');
    // Great Britain lists its states: the state is a choice, not free text.
    const state = form.getByLabel('State/Province');
    await expect.poll(() => state.evaluate((el) => el.tagName)).toBe('SELECT');
    await expect.poll(() => state.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(200);
  });

  it('shows the spec messages inline for an empty form, a bad number, a past expiry and a missing postal code', async () => {
    const form = page.getByTestId('card-form');
    await form.getByLabel('First name').fill('');
    await page.getByTestId('save-card-button').click();
    await expect.poll(() => helper('firstName').textContent()).toBe('Please enter a first name.');
    expect(await helper('address').textContent()).toBe('Please enter an address.');
    expect(await helper('state').textContent()).toBe('Please enter a state/province.');
    expect(await helper('pincode').textContent()).toBe('Please enter a postal code.');
    expect(await helper('cardNumber').textContent()).toBe('Please enter a card number.');
    expect(await helper('cvv').textContent()).toBe('Please enter a cvv.');
    expect(await helper('month').textContent()).toBe('Please select month.');
    expect(await helper('year').textContent()).toBe('Please select year.');
    // The first field with a problem has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('card-firstName');

    await fillBilling(form);
    await form.getByLabel('State/Province').selectOption('MAN'); // Manchester
    // Typed as people type it: spaces and dashes are fine, and the number shows in groups of 4.
    await form.getByLabel('Card number').fill('4242-4242-4242-4242');
    await expect.poll(() => form.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await expect.poll(() => helper('cardNumber').textContent().then((x) => x?.replace(/[\s\u200b]/g, ''))).toBe('');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect.poll(() => form.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await form.getByLabel('Card number').fill('424242424242');
    expect(await form.getByLabel('Card number').inputValue()).toBe('4242 4242 4242');
    await expect.poll(() => helper('cardNumber').textContent()).toBe('Please enter a valid card number.');
    await form.getByLabel('Card number').fill('9999999999999999');
    await expect.poll(() => page.getByTestId('card-dialog-error').textContent()).toBe('Invalid payment card type.');
    await form.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.approve);
    await expect.poll(() => page.getByTestId('card-type').getAttribute('data-card-type')).toBe('visa');
    await form.getByLabel('CVV').fill('12');
    await expect.poll(() => helper('cvv').textContent()).toBe('Please enter a valid cvv.');
    await form.getByLabel('Year').selectOption(String(YEAR));
    if (new Date().getMonth() > 0) {
      await form.getByLabel('Month').selectOption('01'); // already past this year
      await expect.poll(() => helper('month').textContent()).toBe('Please select month.');
    }
    // Manchester lists its cities: the city is now required.
    await expect.poll(() => helper('city').textContent(), { timeout: 15_000 }).toBe('Please enter a city.');
    expect(await helper('pincode').textContent()).toBe('Please enter a postal code.');
    await form.getByLabel('CVV').scrollIntoViewIfNeeded();
    await shoot('pm-02-validation');
    // The whole form on a phone, every message in view.
    await page.setViewportSize(PHONE);
    await settled(page);
    await page.screenshot({ path: artifactPath('pm-02-validation-375-full.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
  });

  it('chooses the city from the list and saves the card', async () => {
    const form = page.getByTestId('card-form');
    const city = form.getByLabel('City');
    await city.fill('Hul');
    const option = page.getByRole('option', { name: 'Hulme', exact: true });
    await option.waitFor({ timeout: 15_000 });
    await shoot('pm-03-city-lookup');
    await option.click();
    expect(await city.inputValue()).toBe('Hulme');
    await form.getByLabel('Postal code').fill('M15 5AA');
    await form.getByLabel('Month').selectOption('12');
    await form.getByLabel('Year').selectOption(String(YEAR + 2));
    await form.getByLabel('CVV').fill('123');
    // No problem left: every helper line is blank.
    for (const field of ['firstName', 'city', 'pincode', 'cardNumber', 'month', 'year', 'cvv']) expect((await helper(field).textContent())?.replace(/[\s\u200b]/g, ''), field).toBe('');
    await shoot('pm-04-add-card-filled');
    await page.getByTestId('save-card-button').click();
    await page.waitForURL('**/profile/payment-method', { timeout: 20_000 });
    await page.getByTestId('toast').getByText('Card added successfully.').waitFor();
    await expect.poll(() => savedCards().count()).toBe(1);
    expect(await savedCards().first().getByTestId('card-name').textContent()).toBe('Visa •••• 4242');
    expect(await savedCards().first().getAttribute('data-primary')).toBe('true');
    expect(await savedCards().first().getByTestId('card-expiry').textContent()).toBe(`Expires 12/${YEAR + 2}`);
  });

  it('adds a second card without making it primary, then makes it primary', async () => {
    await page.getByTestId('add-card-link').click();
    const form = page.getByTestId('card-form');
    await expect.poll(() => form.getByLabel('Country').inputValue(), { timeout: 15_000 }).toBe('GB');
    await fillBilling(form);
    // England lists no cities: the state is enough and the city may stay empty.
    await form.getByLabel('State/Province').selectOption('ENG');
    await form.getByLabel('Postal code').fill('SW1A 1AA');
    await form.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.approveMastercard);
    await form.getByLabel('Month').selectOption('06');
    await form.getByLabel('Year').selectOption(String(YEAR + 3));
    await form.getByLabel('CVV').fill('321');
    await page.getByTestId('make-primary-checkbox').uncheck();
    await page.getByTestId('save-card-button').click();
    await page.waitForURL('**/profile/payment-method', { timeout: 20_000 });
    await expect.poll(() => savedCards().count()).toBe(2);
    const mastercard = page.locator('[data-testid="saved-card"]', { hasText: 'Mastercard •••• 4444' });
    expect(await mastercard.getAttribute('data-primary')).toBe('false');
    await shoot('pm-05-two-cards');
    await mastercard.getByTestId('make-primary').click();
    await expect.poll(() => mastercard.getAttribute('data-primary')).toBe('true');
    await expect.poll(() => savedCards().first().getByTestId('card-name').textContent()).toBe('Mastercard •••• 4444');
    expect(await page.locator('[data-testid="saved-card"]', { hasText: 'Visa •••• 4242' }).getAttribute('data-primary')).toBe('false');
  });

  it('switches the default payment method to the crypto wallet and back', async () => {
    const box = page.getByTestId('default-method');
    await box.getByText('Your primary card, Mastercard •••• 4444').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('method-card').isChecked()).toBe(true);
    await page.getByTestId('method-crypto').check();
    await expect.poll(() => page.getByTestId('method-crypto').isChecked(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('toast').getByText('Payment method updated successfully.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('method-crypto').isChecked(), { timeout: 15_000 }).toBe(true);
    await shoot('pm-06-default-crypto');
    await page.getByTestId('method-card').check();
    await expect.poll(() => page.getByTestId('method-card').isChecked(), { timeout: 15_000 }).toBe(true);
  });

  it('removes a card after confirming', async () => {
    const visa = page.locator('[data-testid="saved-card"]', { hasText: 'Visa •••• 4242' });
    await visa.getByTestId('remove-card').click();
    const dialog = page.getByTestId('remove-card-dialog');
    await dialog.getByText('Visa •••• 4242 will be removed from your account.').waitFor();
    await shoot('pm-07-remove-confirm');
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await savedCards().count()).toBe(2);
    await visa.getByTestId('remove-card').click();
    await page.getByTestId('confirm-remove-card').click();
    await expect.poll(() => savedCards().count()).toBe(1);
    await page.getByTestId('toast').getByText('Card removed successfully.').waitFor();
    expect(await savedCards().first().getByTestId('card-name').textContent()).toBe('Mastercard •••• 4444');
    await shoot('pm-08-after-remove');
  });

  it('the card dialog of the purchase flows has the same lookups and messages', async () => {
    // The saved primary card pays at once; remove it so the subscription asks for a card in the dialog.
    const only = page.locator('[data-testid="saved-card"]').first();
    await only.getByTestId('remove-card').click();
    await page.getByTestId('confirm-remove-card').click();
    await page.getByTestId('empty-state').getByText('No saved cards').waitFor();
    await page.goto(t.base + '/subscribe');
    await page.getByTestId('subscribe-button').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Country').inputValue(), { timeout: 15_000 }).toBe('GB');
    await dialog.getByTestId('pay-button').click();
    await expect.poll(() => dialog.locator('#card-pincode-helper-text').textContent()).toBe('Please enter a postal code.');
    await shoot('pm-09-card-dialog-validation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('logged no browser errors', () => {
    expect([...new Set(consoleErrors)].slice(0, 5)).toEqual([]);
  });
});

// The wallet in a real browser: a fan tops up by crypto (Add Funds → currency → Start Crypto Payment →
// QR, address, reference, countdown), an admin marks the payment paid with the console's sandbox control, the
// fan's 5-second poll confirms it; the fan buys a locked post from the wallet, and a post the balance does not
// cover opens Add Funds with the remainder, then the purchase goes through. Screenshots at 375 px and 1440 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('wallet end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let fanContext: BrowserContext;
  let page: Page;
  let consolePage: Page;
  let fanToken: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', { FANCLUB_DEMO: 'true' }, { serveApps: true });
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const reg = await t.call('POST', '/api/users/register', { name: 'Wallet Fan', email: 'wallet.e2e@example.com', password: 'a good long password' });
    fanToken = reg.body.data.token;
    expect((await t.call('POST', '/api/admin/give_complimentary_subscription', { user_id: reg.body.data.userId, months: 1 }, { token: admin })).status).toBe(200);

    browser = await launchChromium();
    fanContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanContext, t.base, fanToken);
    await fanContext.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      if (!sessionStorage.getItem('wallet-e2e-init')) {
        sessionStorage.setItem('wallet-e2e-init', '1');
        localStorage.setItem('fanclub.signedIn', '1');
      }
    });
    page = await fanContext.newPage();
    page.on('console', (m) => m.type() === 'error' && !/status of 402/.test(m.text()) && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    consolePage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    consolePage.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shoot = (name: string, p: Page = page) => shootBothWidths(p, name);
  const fanPage = () => page;
  const me = async () => (await t.call('GET', '/api/users/me', undefined, { token: fanToken })).body.data;

  /** Amount chosen → currency → Start Crypto Payment; returns our payment id. */
  const payWithCrypto = async (shots?: { currency: string; qr: string }, page: Page = fanPage()) => {
    const dialog = page.getByTestId('add-funds-dialog');
    await page.getByTestId('crypto-currency-select').click();
    await page.getByTestId('crypto-currency-BTC').click();
    await expect.poll(() => dialog.getByTestId('crypto-send-amount').textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d{8} BTC$/);
    if (shots) await shoot(shots.currency);
    await dialog.getByTestId('start-crypto-payment').click();
    const panel = dialog.getByTestId('crypto-payment-panel');
    await panel.waitFor({ timeout: 15_000 });
    const qr = panel.getByTestId('crypto-qr');
    await expect.poll(() => qr.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(100);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await panel.getByTestId('crypto-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await panel.getByTestId('crypto-address').textContent()).toMatch(/^tb1q/);
    expect(await panel.getByTestId('crypto-reference').textContent()).toMatch(/^SBX-/);
    if (shots) await shoot(shots.qr);
    return (await panel.getAttribute('data-payment-id'))!;
  };

  it('the wallet page starts empty, with the balance in the navbar', async () => {
    await page.goto(t.base + '/profile/wallet');
    await page.getByTestId('wallet-page').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('$0.00');
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByTestId('nav-wallet-balance').textContent()).toContain('$0.00');
    await shoot('wallet-01-empty');
  });

  it('Add Funds validates the Other amount with the spec\'s messages', async () => {
    await page.getByTestId('wallet-add-funds').click();
    const dialog = page.getByTestId('add-funds-dialog');
    await dialog.waitFor();
    // Every preset when nothing is missing.
    for (const c of [1000, 2500, 5000, 10000, 20000]) await dialog.getByTestId(`add-funds-preset-${c}`).waitFor();
    await dialog.getByTestId('add-funds-other').fill('12.345');
    await dialog.getByTestId('add-funds-continue').click();
    await dialog.getByText('Please enter a valid amount').waitFor();
    await dialog.getByTestId('add-funds-other').fill('2');
    await dialog.getByTestId('add-funds-continue').click();
    await dialog.getByText('Choose a fund amount between 5 and 1000').waitFor();
    await shoot('wallet-02-add-funds-error');
    await dialog.getByTestId('add-funds-other').fill('');
    await dialog.getByTestId('add-funds-preset-2500').click();
    await shoot('wallet-03-add-funds');
    await dialog.getByTestId('add-funds-continue').click();
    expect(await dialog.getByTestId('crypto-usd-amount').textContent()).toBe('$25.00');
  });

  let paymentId = '';
  it('starts a crypto payment: QR code, address, reference and a countdown from 15:00', async () => {
    paymentId = await payWithCrypto({ currency: 'wallet-04-currency', qr: 'wallet-05-qr' });
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an admin marks it paid with the console\'s sandbox control; the fan\'s poll confirms it', async () => {
    await consolePage.goto(t.base + '/admin/login');
    await consolePage.getByLabel('Email').fill(t.adminEmail);
    await consolePage.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await consolePage.getByRole('button', { name: 'Sign in' }).click();
    await consolePage.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 15_000 });
    await consolePage.goto(t.base + '/admin/crypto-payments');
    const mark = consolePage.getByTestId(`crypto-mark-paid-${paymentId}`);
    await mark.waitFor({ timeout: 15_000 });
    // Its accessible name says what it does (not the tooltip's hint).
    expect(await mark.getAttribute('aria-label')).toMatch(/^Mark payment \S+ of \$25\.00 paid$/);
    await shoot('wallet-06-console', consolePage);
    await mark.click();

    const dialog = page.getByTestId('add-funds-dialog');
    await dialog.getByTestId('crypto-payment-confirmed').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('crypto-new-balance').textContent()).toBe('$25.00');
    await shoot('wallet-07-confirmed');
    await dialog.getByTestId('add-funds-done').click();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), { timeout: 10_000 }).toBe('$25.00');
    await expect.poll(() => page.getByTestId('wallet-history-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('nav-wallet-balance').textContent()).toContain('$25.00');
    // A top-up adds money only: the wallet pays for content once the fan chooses it.
    expect(await page.getByTestId('wallet-default-switch').locator('input').isChecked()).toBe(false);
    expect((await me()).default_payment_method).not.toBe('crypto_currency');
    await page.getByTestId('wallet-default-switch').locator('input').click();
    await expect.poll(() => page.getByTestId('wallet-default-switch').locator('input').isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await me()).default_payment_method, { timeout: 10_000 }).toBe('crypto_currency');
    // The console shows it paid and credited once the provider's notice (or the poll) got through.
    await consolePage.reload();
    await expect.poll(() => consolePage.locator(`[data-testid="crypto-mark-paid-${paymentId}"]`).count(), { timeout: 10_000 }).toBe(0);
    await shoot('wallet-08-wallet-page');
  });

  it('buys a locked post from the wallet: confirmation with the wallet balance, unlocked at once', async () => {
    await page.goto(t.base + '/');
    // The $9 demo post.
    const card = page.locator('[data-testid="post-card"][data-visibility="locked"][data-locked="true"]').filter({ hasText: 'Golden hour' }).first();
    await card.waitFor({ timeout: 15_000 });
    const postId = await card.getAttribute('data-post-id');
    await card.getByTestId('unlock-button').click();
    await page.getByText('Please Confirm Your Purchase of $9.00.').waitFor();
    expect(await page.getByTestId('wallet-purchase-balance').textContent()).toBe('$25.00');
    // The confirmation says what will be charged.
    expect(await page.getByTestId('confirm-purchase-source').textContent()).toBe('Charged to: wallet, $16.00 left after');
    await shoot('wallet-09-confirm');
    await page.getByTestId('confirm-purchase').click();
    const unlocked = page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await expect.poll(() => unlocked.getAttribute('data-locked'), { timeout: 20_000 }).toBe('false');
    await page.getByText('Payment successful. The remaining $16.00 stays in your wallet.').waitFor();
    await expect.poll(() => page.getByTestId('nav-wallet-balance').textContent(), { timeout: 10_000 }).toContain('$16.00');
    await shoot('wallet-10-unlocked');
  });

  it('a post the wallet does not cover opens Add Funds with the remainder; once paid, the purchase goes through', async () => {
    const card = page.locator('[data-testid="post-card"][data-visibility="locked"][data-locked="true"]').filter({ hasText: 'studio session' }).first();
    const postId = await card.getAttribute('data-post-id');
    await card.getByTestId('unlock-button').click();
    await page.getByText('Please Confirm Your Purchase of $25.00.').waitFor();
    await page.getByTestId('wallet-purchase-notice').getByText('You need $9.00 more').waitFor();
    await page.getByTestId('confirm-purchase').click();
    const dialog = page.getByTestId('add-funds-dialog');
    await dialog.getByTestId('add-funds-shortfall').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('add-funds-shortfall').textContent()).toContain('Add $9.00 or more');
    // The remainder, rounded up to whole dollars, then only the presets above it.
    await dialog.getByTestId('add-funds-preset-900').waitFor();
    expect(await dialog.getByTestId('add-funds-preset-1000').count()).toBe(1);
    await shoot('wallet-11-shortfall');
    await dialog.getByTestId('add-funds-continue').click();
    const id = await payWithCrypto();
    // The test hook (the same control the console button uses).
    expect((await t.call('POST', `/admin-api/crypto-payments/${id}/mark`, { status: 'paid' }, { token: (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token })).status).toBe(200);
    const unlocked = page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await expect.poll(() => unlocked.getAttribute('data-locked'), { timeout: 25_000 }).toBe('false');
    await expect.poll(() => page.getByTestId('nav-wallet-balance').textContent(), { timeout: 10_000 }).toContain('$0.00');
    expect((await me()).wallet_amount_cents).toBe(0);
    await shoot('wallet-12-after-add-funds');
  });

  it('an expired payment shows "Payment failed."', async () => {
    await page.goto(t.base + '/profile/wallet');
    await page.getByTestId('wallet-add-funds').click();
    const dialog = page.getByTestId('add-funds-dialog');
    await dialog.getByTestId('add-funds-preset-1000').click();
    await dialog.getByTestId('add-funds-continue').click();
    const id = await payWithCrypto();
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    expect((await t.call('POST', `/admin-api/crypto-payments/${id}/mark`, { status: 'expired' }, { token: admin })).status).toBe(200);
    await dialog.getByTestId('crypto-payment-failed').getByText('Payment failed.').waitFor({ timeout: 20_000 });
    await shoot('wallet-13-failed');
    await dialog.getByTestId('crypto-change-amount').click();
    await dialog.getByTestId('add-funds-continue').waitFor();
  });

  it('a fan who pays from the wallet subscribes from it: short by $4.99, Add Funds asks for $5, then the membership starts', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const reg = await t.call('POST', '/api/users/register', { name: 'Wallet Member', email: 'wallet.member@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    // $5 in the wallet, and the fan chooses the wallet as the default payment method (a top-up alone does not).
    const gen = await t.call('POST', '/api/crypto/generate-payment-id', { currency: 'BTC', amount: 5 }, { token });
    const started = await t.call('POST', '/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: 5, payment_for: 'wallet', payment_id: gen.body.data.payment_id }, { token });
    expect((await t.call('POST', `/admin-api/crypto-payments/${started.body.data.payment_id}/mark`, { status: 'paid' }, { token: admin })).status).toBe(200);
    expect((await t.call('POST', '/api/crypto/get-transaction-status', { payment_id: started.body.data.payment_id }, { token })).body.data.is_payment_confirmed).toBe(true);
    expect((await t.call('GET', '/api/users/me', undefined, { token })).body.data.default_payment_method).toBeNull();
    expect((await t.call('POST', '/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, { token })).status).toBe(200);
    const member = await browser.newContext({ viewport: DESKTOP });
    await signInContext(member, t.base, token);
    await member.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
    });
    const p = await member.newPage();
    p.on('console', (m) => m.type() === 'error' && !/status of 402/.test(m.text()) && errors.push(m.text()));
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(t.base + '/subscribe');
    await expect.poll(() => p.getByTestId('plan-price').innerText(), { timeout: 20_000 }).toBe('$9.99 / month');
    await p.getByTestId('wallet-purchase-notice').getByText('You need $4.99 more').waitFor({ timeout: 15_000 });
    await shoot('wallet-14-subscribe-from-wallet', p);
    await p.getByTestId('subscribe-button').click();
    const dialog = p.getByTestId('add-funds-dialog');
    await dialog.getByTestId('add-funds-shortfall').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('add-funds-shortfall').textContent()).toContain('Add $5.00 or more');
    await dialog.getByTestId('add-funds-continue').click();
    const id = await payWithCrypto(undefined, p);
    expect((await t.call('POST', `/admin-api/crypto-payments/${id}/mark`, { status: 'paid' }, { token: admin })).status).toBe(200);
    // The poll confirms the top-up, the subscription is tried again and goes through.
    await p.getByText('Thank you for subscribing').first().waitFor({ timeout: 30_000 });
    const after = (await t.call('GET', '/api/users/me', undefined, { token })).body.data;
    expect(after).toMatchObject({ ccbillSubscriptionStatus: '1', wallet_amount_cents: 1 }); // 5 + 5 − 9.99
    await shoot('wallet-15-subscribed-from-wallet', p);
    await member.close();
  });

  it('adds funds by card: only the fields the sandbox asks, a 3-D Secure decline says what to do, then the saved card in one click', async () => {
    const reg = await t.call('POST', '/api/users/register', { name: 'Card Topper', email: 'card.topper@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    const context = await browser.newContext({ viewport: DESKTOP });
    await signInContext(context, t.base, token);
    await context.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
    });
    const p = await context.newPage();
    p.on('console', (m) => m.type() === 'error' && !/status of 402/.test(m.text()) && errors.push(m.text()));
    p.on('pageerror', (e) => errors.push(e.message));
    const balance = async () => (await t.call('GET', '/api/users/me', undefined, { token })).body.data.wallet_amount_cents as number;
    const openCardStep = async (preset: number) => {
      await p.getByTestId('wallet-add-funds').click();
      const dialog = p.getByTestId('add-funds-dialog');
      await dialog.getByTestId(`add-funds-preset-${preset}`).click();
      await dialog.getByTestId('add-funds-method-card').click();
      await dialog.getByText('Charged to your card now. Top-ups are final.').waitFor();
      await dialog.getByTestId('add-funds-continue').click();
      await dialog.getByTestId('add-funds-card-step').waitFor();
      return dialog;
    };
    await p.goto(t.base + '/profile/wallet');
    await p.getByTestId('wallet-page').waitFor({ timeout: 15_000 });

    let dialog = await openCardStep(2500);
    // The sandbox needs the name on the card and its country: no email, address, city or postal code to type.
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Card');
    expect(await dialog.getByLabel('Last name').inputValue()).toBe('Topper');
    for (const label of ['Email', 'Address', 'City', 'Postal code']) expect(await dialog.getByLabel(label, { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Country').selectOption('US');
    await dialog.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.failSecure3d);
    await dialog.getByLabel('Month').selectOption('12');
    await dialog.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
    await dialog.getByLabel('CVV').fill('123');
    await shoot('wallet-16-add-funds-by-card', p);
    await dialog.getByTestId('add-funds-card-pay').click();
    const declined = dialog.getByTestId('add-funds-card-declined');
    await declined.waitFor({ timeout: 15_000 });
    expect(await declined.textContent()).toBe("Payment failed. Your bank's security check (3-D Secure) did not pass. Try again and complete the check, or use another card.");
    expect(await balance()).toBe(0);
    await shoot('wallet-17-add-funds-declined', p);

    await dialog.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.approve);
    await dialog.getByTestId('add-funds-card-pay').click();
    await p.getByText('Amount Successfully Added.').waitFor({ timeout: 15_000 });
    expect(await balance()).toBe(2500);
    await expect.poll(() => p.getByTestId('nav-wallet-balance').textContent()).toContain('$25.00');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The card is saved: the next top-up is one click on it.
    dialog = await openCardStep(1000);
    const pay = dialog.getByTestId('add-funds-card-pay');
    expect(await pay.textContent()).toBe('Pay $10.00 with •••• 4242');
    await shoot('wallet-18-add-funds-saved-card', p);
    await pay.click();
    await p.getByText('Amount Successfully Added.').waitFor({ timeout: 15_000 });
    expect(await balance()).toBe(3500);
    await context.close();
  });

  it('logged no browser errors', () => {
    expect([...new Set(errors)].slice(0, 5)).toEqual([]);
  });
});

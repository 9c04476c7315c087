// Tips in a real browser: a fan with no card opens /tips, an amount out of bounds shows
// 'Choose a tip between 5 and 500' and resets to the minimum, a $12 tip with a note is confirmed ('Please
// Confirm Tip of $12.00.') and paid in the card dialog, and the list shows it; a second fan with $5 in the
// wallet tips $5 from the wallet; a guest pressing Send goes to /register. Screenshots at 375 px and 1440 px
// in tests/artifacts/ (tips-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, fillCardDialog, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('tips end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let fanToken: string;
  const errors: string[] = [];

  const watch = (p: Page) => {
    p.on('console', (m) => m.type() === 'error' && !/status of 402/.test(m.text()) && errors.push(`${new URL(p.url()).pathname}: ${m.text()}`));
    p.on('pageerror', (e) => errors.push(`${new URL(p.url()).pathname}: ${e.message}`));
  };

  /** A browser context signed in with `token` (or a guest), past the age gate. */
  const contextFor = async (token: string | null): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: DESKTOP });
    if (token) await signInContext(context, t.base, token);
    await context.addInitScript((signedIn: boolean) => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      if (signedIn) localStorage.setItem('fanclub.signedIn', '1');
    }, !!token);
    return context;
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    const reg = await t.call('POST', '/api/users/register', { name: 'Tess Tipper', email: 'tess.tipper@example.com', password: 'a good long password' });
    fanToken = reg.body.data.token;
    browser = await launchChromium();
    page = await (await contextFor(fanToken)).newPage();
    watch(page);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shoot = (name: string, p: Page = page) => shootBothWidths(p, `tips-${name}`);
  const tipsOf = async (token: string) => (await t.call('POST', '/api/chat/get_tips_list', { pageNum: 1 }, { token })).body.data;

  const fillCard = (dialog: Locator, number: string) => fillCardDialog(dialog, number, { firstName: 'Tess', lastName: 'Tipper', email: 'tess.tipper@example.com' });

  it('shows the form with $20, the minimum and an empty list', async () => {
    await page.goto(t.base + '/tips');
    await page.getByTestId('send-tip-card').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('tip-amount').inputValue()).toBe('20');
    expect(await page.getByTestId('tip-amount-help').innerText()).toBe('Minimum $5 USD.');
    await page.getByText('No tips yet').waitFor({ timeout: 15_000 });
    await page.getByTestId('nav-tips').waitFor();
    await shoot('01-form');
  });

  it('an amount out of bounds shows the spec message and resets to the minimum', async () => {
    await page.getByTestId('tip-amount').fill('1');
    await page.getByTestId('send-tip').click();
    await expect.poll(() => page.getByTestId('tip-amount-help').innerText()).toBe('Choose a tip between 5 and 500');
    expect(await page.getByTestId('tip-amount').inputValue()).toBe('5');
    expect(await page.getByTestId('confirm-tip-dialog').count()).toBe(0);
    await shoot('02-bounds');
  });

  it('tips $12 with a note by card: confirm, card dialog, thanks, and the list shows it', async () => {
    await page.getByTestId('tip-amount').fill('12');
    await page.getByTestId('tip-note').fill('Keep the posts coming!');
    await page.getByTestId('send-tip').click();
    await page.getByText('Please Confirm Tip of $12.00.').waitFor();
    await shoot('03-confirm');
    await page.getByTestId('confirm-tip').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await fillCard(dialog, SANDBOX_TEST_CARDS.approve);
    await shoot('04-card');
    await dialog.getByTestId('pay-button').click();
    await page.getByText('Thank you for your tip!').first().waitFor({ timeout: 20_000 });
    const row = page.getByTestId('tip-row');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('tip-amount-cell').innerText()).toBe('$12.00');
    expect(await row.getByTestId('tip-note-cell').innerText()).toBe('Keep the posts coming!');
    expect(await row.getByTestId('tip-status').count()).toBe(0);
    expect(await page.getByTestId('tips-total').innerText()).toBe('$12.00');
    // The form starts again.
    expect(await page.getByTestId('tip-amount').inputValue()).toBe('20');
    expect(await page.getByTestId('tip-note').inputValue()).toBe('');
    await shoot('05-sent');
    const list = await tipsOf(fanToken);
    expect(list.tips).toHaveLength(1);
    expect(list.tips[0]).toMatchObject({ amount_cents: 1200, tipMessage: 'Keep the posts coming!', status: 'paid', tipFrom: 'tips_page' });
    expect(list.totalAmountCents).toBe(1200);
  });

  it('/tips-list shows the fan\'s tips', async () => {
    await page.goto(t.base + '/tips-list');
    const row = page.getByTestId('tip-row');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('tip-amount-cell').innerText()).toBe('$12.00');
    await shoot('06-list');
  });

  it('a fan who pays from the wallet tips $5 from it; the wallet is empty after', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const reg = await t.call('POST', '/api/users/register', { name: 'Wally Wallet', email: 'wally.wallet@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    // $5 in the wallet, and the fan chooses the wallet as the default payment method (a top-up alone does not).
    const gen = await t.call('POST', '/api/crypto/generate-payment-id', { currency: 'BTC', amount: 5 }, { token });
    const started = await t.call('POST', '/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: 5, payment_for: 'wallet', payment_id: gen.body.data.payment_id }, { token });
    expect((await t.call('POST', `/admin-api/crypto-payments/${started.body.data.payment_id}/mark`, { status: 'paid' }, { token: admin })).status).toBe(200);
    expect((await t.call('POST', '/api/crypto/get-transaction-status', { payment_id: started.body.data.payment_id }, { token })).body.data.is_payment_confirmed).toBe(true);
    const me = async () => (await t.call('GET', '/api/users/me', undefined, { token })).body.data;
    expect(await me()).toMatchObject({ wallet_amount_cents: 500, default_payment_method: null });
    expect((await t.call('POST', '/api/users/set-default-payment-method', { payment_method: 'crypto_currency' }, { token })).status).toBe(200);
    expect(await me()).toMatchObject({ wallet_amount_cents: 500, default_payment_method: 'crypto_currency' });

    const context = await contextFor(token);
    const p = await context.newPage();
    watch(p);
    await p.goto(t.base + '/tips');
    await p.getByTestId('send-tip-card').waitFor({ timeout: 20_000 });
    await p.getByText('No tips yet').waitFor({ timeout: 15_000 });
    await p.getByTestId('tip-amount').fill('5');
    await p.getByTestId('send-tip').click();
    await p.getByText('Please Confirm Tip of $5.00.').waitFor();
    expect(await p.getByTestId('wallet-purchase-balance').innerText()).toBe('$5.00');
    await p.getByTestId('wallet-purchase-notice').getByText('$0.00 stays in your wallet').waitFor();
    expect(await p.getByTestId('confirm-tip-source').innerText()).toBe('Charged to: wallet, $0.00 left after');
    await shoot('07-wallet-confirm', p);
    await p.getByTestId('confirm-tip').click();
    await expect.poll(() => p.getByTestId('tip-row').count(), { timeout: 20_000 }).toBe(1);
    expect(await p.getByTestId('tip-amount-cell').innerText()).toBe('$5.00');
    await expect.poll(() => p.getByTestId('nav-wallet-balance').textContent(), { timeout: 10_000 }).toContain('$0.00');
    expect((await me()).wallet_amount_cents).toBe(0);
    const list = await tipsOf(token);
    expect(list.tips).toHaveLength(1);
    expect(list.tips[0]).toMatchObject({ amount_cents: 500, status: 'paid' });
    await shoot('08-wallet-sent', p);
    await context.close();
  });

  it('a guest pressing Send goes to /register', async () => {
    const context = await contextFor(null);
    const p = await context.newPage();
    watch(p);
    await p.goto(t.base + '/tips');
    await p.getByTestId('send-tip-card').waitFor({ timeout: 20_000 });
    expect(await p.getByTestId('tip-row').count()).toBe(0);
    await shoot('09-guest', p);
    await p.getByTestId('send-tip').click();
    await p.waitForURL('**/register', { timeout: 10_000 });
    await context.close();
  });

  it('staff see that tips come from fans, and everyone\'s tips with names', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const context = await contextFor(admin);
    const p = await context.newPage();
    watch(p);
    await p.goto(t.base + '/tips');
    await p.getByTestId('tips-staff-note').waitFor({ timeout: 20_000 });
    expect(await p.getByTestId('send-tip').count()).toBe(0);
    await expect.poll(() => p.getByTestId('tip-row').count(), { timeout: 15_000 }).toBe(2);
    expect((await p.getByTestId('tip-user').allInnerTexts()).sort()).toEqual(['from Tess Tipper', 'from Wally Wallet']);
    expect(await p.getByTestId('tips-total').innerText()).toBe('$17.00');
    await shoot('10-staff', p);
    await context.close();
  });

  it('a card declined by its 3-D Secure check says why and what to do next; "Try another card" reopens the card form', async () => {
    const reg = await t.call('POST', '/api/users/register', { name: 'Dee Cline', email: 'dee.cline@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    const context = await contextFor(token);
    const p = await context.newPage();
    watch(p);
    await p.goto(t.base + '/tips');
    await p.getByTestId('send-tip-card').waitFor({ timeout: 20_000 });
    await p.getByTestId('tip-amount').fill('6');
    await p.getByTestId('send-tip').click();
    await p.getByTestId('confirm-tip').click();
    let dialog = p.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    // The name comes from the account; the sandbox asks for nothing more than the name and the country.
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Dee');
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.failSecure3d, { firstName: 'Dee', lastName: 'Cline', email: 'dee.cline@example.com' });
    await dialog.getByTestId('pay-button').click();
    const next = p.getByTestId('decline-next-step');
    await next.waitFor({ timeout: 15_000 });
    expect(await next.textContent()).toBe("Your bank's security check (3-D Secure) did not pass. Try again and complete the check, or use another card.");
    expect(await p.getByRole('dialog').getByRole('button').allTextContents()).toEqual(['Close', 'Try again', 'Try another card']);
    await shoot('10-declined-next-step', p);
    expect((await tipsOf(token)).tips.filter((tip: { status: string }) => tip.status === 'paid')).toHaveLength(0);
    await p.getByRole('button', { name: 'Try another card' }).click();
    dialog = p.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Dee', lastName: 'Cline', email: 'dee.cline@example.com' });
    await dialog.getByTestId('pay-button').click();
    await p.getByText('Thank you for your tip!').first().waitFor({ timeout: 20_000 });
    expect((await tipsOf(token)).tips.filter((tip: { status: string }) => tip.status === 'paid').map((tip: { amount_cents: number }) => tip.amount_cents)).toEqual([600]);
    await context.close();
  });

  it('a card call answered 430 (the account was blocked meanwhile) checks the site gate, which refuses too, and reloads into the blocked page', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const reg = await t.call('POST', '/api/users/register', { name: 'Bea Blocked', email: 'bea.blocked@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    const context = await contextFor(token);
    const p = await context.newPage();
    p.on('pageerror', (e) => errors.push(`${new URL(p.url()).pathname}: ${e.message}`));
    await p.goto(t.base + '/tips');
    await p.getByTestId('send-tip-card').waitFor({ timeout: 20_000 });
    await p.getByTestId('tip-amount').fill('5');
    await p.getByTestId('send-tip').click();
    await p.getByTestId('confirm-tip').click();
    const dialog = p.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Bea', lastName: 'Blocked', email: 'bea.blocked@example.com' });
    // The card call is held on its way out while staff block the fan, then goes on to the real server, which answers
    // 430. A mark on the page tells whether it was reloaded.
    await p.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    let held: (() => void) | null = null;
    const heldCall = new Promise<void>((resolve) => {
      void p.route(/\/api\/.*tip/, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        held = () => void route.continue();
        resolve();
      });
    });
    const tipCall = p.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/.*tip/.test(new URL(r.url()).pathname));
    await dialog.getByTestId('pay-button').click();
    await heldCall;
    expect((await t.call('POST', '/api/admin/update_user_block_status', { user_id: reg.body.data.userId, is_blocked: true }, { token: admin })).status).toBe(200);
    const gateCheck = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me' && r.status() === 430);
    held!();
    expect((await tipCall).status()).toBe(430);
    await gateCheck;
    await p.getByTestId('blocked-page').waitFor({ timeout: 20_000 });
    expect(await p.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
    await shoot('11-blocked-after-card-call', p);
    // Nothing was charged: once unblocked, the fan has no tip.
    expect((await t.call('POST', '/api/admin/update_user_block_status', { user_id: reg.body.data.userId, is_blocked: false }, { token: admin })).status).toBe(200);
    expect((await tipsOf(token)).tips).toEqual([]);
    await context.close();
  });

  it('logged no browser errors', () => {
    expect([...new Set(errors)].slice(0, 5)).toEqual([]);
  });
});

// The subscription lifecycle in a real browser: a fan subscribes by card, the rebill is declined (the
// services clock moved forward, the scheduler run), the rebill-failed popup and the reminder ribbon show, the fan
// recovers with a new card, then cancels with a reason; the console's cancellations report shows who and why.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (subscription-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, fillCardDialog, signInContext } from '../support/browser';

const hasChromium = requireChromium();
const DAY = 86_400_000;

describe.skipIf(!hasChromium)('subscription lifecycle end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let fanToken: string;
  let fanId: string;
  let couponNotFound = 0;
  const consoleErrors: string[] = [];
  let offsetMs = 0;

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    t.server.services.clock = () => new Date(Date.now() + offsetMs);
    const reg = await t.call('POST', '/api/users/register', { name: 'Sam Member', email: 'sam.member@example.com', password: 'a good long password' });
    fanToken = reg.body.data.token;
    fanId = reg.body.data.userId;
    // A coupon for the first payment (10 % off), made by the admin in the console's API.
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const coupon = await t.call('POST', '/api/coupon/add', { code: 'welcome10', discount_type: 'percentage', discount_value_for_initial: 10, discount_value_for_recurring: 0 }, { token: admin });
    expect(coupon.status, JSON.stringify(coupon.body)).toBeLessThan(300);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${new URL(page.url()).pathname}: ${m.text()}`));
    page.on('pageerror', (e) => consoleErrors.push(`${new URL(page.url()).pathname}: ${e.message}`));
    // An unknown coupon answers 404 (COUPON_NOT_FOUND), which Chromium logs as a failed resource: expected once.
    page.on('response', (r) => r.status() === 404 && new URL(r.url()).pathname === '/api/coupon/check' && couponNotFound++);
    // The fan's session cookie; the console keeps a cookie of its own, so it stays signed out.
    await signInContext(page.context(), t.base, fanToken);
    await page.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      if (!location.pathname.startsWith('/admin')) localStorage.setItem('fanclub.signedIn', '1');
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shoot = (name: string) => shootBothWidths(page, `subscription-${name}`);
  const settle = async () => {
    const head = await t.server.services.store.headPosition();
    if (head) await t.server.services.runner.waitFor(head, 10_000);
  };

  const fillCard = (dialog: Locator, number: string) => fillCardDialog(dialog, number, { firstName: 'Sam', lastName: 'Member', email: 'sam.member@example.com' });

  it('applies a coupon on the subscribe page and subscribes by card at its price', async () => {
    await page.goto(t.base + '/subscribe');
    await expect.poll(() => page.getByTestId('plan-price').innerText(), { timeout: 20_000 }).toBe('$9.99 / month');
    const field = page.getByTestId('coupon-field');
    await field.waitFor();
    await shoot('01-subscribe');
    // An unknown code: invalid, with the spec's message; the price stays.
    await page.getByTestId('coupon-input').fill('nope');
    await page.getByTestId('coupon-apply').click();
    await expect.poll(() => field.getAttribute('data-state'), { timeout: 15_000 }).toBe('invalid');
    await field.getByText('Invalid coupon code.').waitFor();
    expect(await page.getByTestId('plan-price').innerText()).toBe('$9.99 / month');
    // The real one, typed carelessly: trimmed and upper-cased, the first payment 10 % off.
    await page.getByTestId('coupon-input').fill('  welcome10 ');
    await page.getByTestId('coupon-apply').click();
    await expect.poll(() => field.getAttribute('data-state'), { timeout: 15_000 }).toBe('valid');
    expect(await page.getByTestId('coupon-code-chip').innerText()).toBe('WELCOME10');
    await expect.poll(() => page.getByTestId('plan-price').innerText(), { timeout: 15_000 }).toBe('$8.99 today, then $9.99 / month');
    expect(await page.getByTestId('plan-list-price').innerText()).toBe('$9.99 / month');
    await shoot('01b-subscribe-coupon');
    await page.getByTestId('subscribe-button').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor();
    await fillCard(dialog, SANDBOX_TEST_CARDS.approve);
    await dialog.getByTestId('pay-button').click();
    await page.getByText('Thank you for subscribing').first().waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/membership');
    const status = page.getByTestId('membership-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('active');
    expect(await status.getAttribute('data-status')).toBe('1');
    await page.getByTestId('membership-next-billing').waitFor();
    await shoot('02-membership-active');
    // Charged once, at the coupon price.
    await settle();
    const paid = await t.server.services.database.db.withSchema('rm').selectFrom('transactions').select(['amount_cents', 'status']).where('user_id', '=', fanId).where('type', '=', 'subscription').execute();
    expect(paid.map((p) => [Number(p.amount_cents), p.status])).toEqual([[899, 'captured']]);
  });

  it('a declined rebill shows the popup and then the reminder ribbon; a new card recovers it', async () => {
    // The fan's primary card now declines; the billing date comes (the clock moves 29.5 days) and the scheduler runs.
    const add = await t.call('POST', '/api/v2/purchase/add-new-card', { ...TEST_CARD_FORM, email: 'sam.member@example.com', cardNumber: SANDBOX_TEST_CARDS.decline }, { token: fanToken });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    offsetMs = 29.5 * DAY;
    await settle();
    await t.server.rebillScheduler.tick();
    await settle();
    expect((await t.call('GET', '/api/users/me', undefined, { token: fanToken })).body.data.isRebillFailed).toBe(true);

    await page.goto(t.base + '/membership');
    const popup = page.getByTestId('rebill-popup');
    await popup.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('membership-status').getAttribute('data-state')).toBe('rebill-failed');
    await shoot('03-rebill-failed-popup');
    // Later: the popup closes (the date is recorded) and the reminder ribbon stays.
    await popup.getByTestId('rebill-popup-later').click();
    await page.getByTestId('rebill-reminder').waitFor({ timeout: 15_000 });
    await expect.poll(() => popup.isVisible()).toBe(false);
    await page.goto(t.base + '/');
    await page.getByTestId('rebill-reminder').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('rebill-popup').count()).toBe(0);
    await shoot('04-rebill-reminder-ribbon');

    // Update card from the ribbon: the failed rebill is charged at once with the new card.
    await page.getByTestId('rebill-reminder-update-card').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor();
    await fillCard(dialog, SANDBOX_TEST_CARDS.approveMastercard);
    await shoot('05-update-card');
    await dialog.getByTestId('pay-button').click();
    await page.getByText('Payment successful. Your membership continues.').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('rebill-reminder').count(), { timeout: 15_000 }).toBe(0);
    await page.goto(t.base + '/membership');
    await expect.poll(() => page.getByTestId('membership-status').getAttribute('data-state'), { timeout: 15_000 }).toBe('active');
    await expect.poll(() => page.getByTestId('membership-card-on-file').innerText(), { timeout: 15_000 }).toContain('4444');
    await shoot('06-membership-recovered');
    const me = (await t.call('GET', '/api/users/me', undefined, { token: fanToken })).body.data;
    expect(me).toMatchObject({ ccbillSubscriptionStatus: '1', isRebillFailed: false });
  });

  it('cancels with a reason: the spec messages, then status 2 until the expiry', async () => {
    await page.getByTestId('membership-cancel-link').click();
    await page.waitForURL('**/profile/cancel-subscription');
    await page.getByTestId('cancel-reasons').waitFor({ timeout: 15_000 });
    await page.getByText('Why are you cancelling?').waitFor();
    await page.getByTestId('cancel-subscription-button').click();
    await expect.poll(() => page.getByTestId('cancel-reason-error').innerText()).toBe('Please Select Reason for Cancellation');
    await page.getByLabel('Other').check();
    await page.getByTestId('cancel-subscription-button').click();
    await page.getByText('Please Write Reason for cancellation').waitFor();
    await page.getByLabel('Too expensive').check();
    await shoot('07-cancel-reasons');
    await page.getByTestId('cancel-subscription-button').click();
    await page.getByText('Are you sure you want to cancel your subscription?').waitFor();
    await shoot('08-cancel-confirm');
    await page.getByTestId('cancel-confirm-yes').click();
    await page.getByText('Subscription Cancelled').first().waitFor({ timeout: 20_000 });
    await page.waitForURL('**/membership');
    const status = page.getByTestId('membership-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('2');
    await page.getByTestId('membership-reactivate').waitFor();
    await shoot('09-membership-cancelled');
  });

  it('the resubscribe offer: its ribbon on the feed, the offer on the membership page, a free month accepted', async () => {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const saved = await t.call('PUT', '/api/resubscribe-offer/save-settings', {
      enabled: true, for_subscribers_only: true, give_free_month_subscription: 1, recurring_price: '4.99', promo_banner_text: 'Come back: a month on us',
    }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await page.goto(t.base + '/');
    const ribbon = page.getByTestId('resubscribe-ribbon');
    await ribbon.getByText('Come back: a month on us').waitFor({ timeout: 20_000 });
    await shoot('09b-resubscribe-ribbon');
    await page.goto(t.base + '/membership');
    const offer = page.getByTestId('resubscribe-offer');
    await offer.waitFor({ timeout: 15_000 });
    await shoot('09c-resubscribe-offer');
    await offer.getByTestId('resubscribe-accept').click();
    await expect.poll(() => page.getByTestId('membership-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('resubscribe-offer').count(), { timeout: 15_000 }).toBe(0);
    const me = (await t.call('GET', '/api/users/me', undefined, { token: fanToken })).body.data;
    expect(me).toMatchObject({ ccbillSubscriptionStatus: '1' });
    expect(me.subscription_detail.recurring_price_cents).toBe(499);
  });

  it('the console lists the cancellation with its reason and the offer report with the fan who came back', async () => {
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(t.adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('app-menu').waitFor({ timeout: 20_000 });
    // The admin session began at the moved clock's "now": the server sees it as valid.
    await page.goto(t.base + '/admin/cancellation');
    await expect.poll(() => page.getByTestId('cancellation-reason').first().innerText(), { timeout: 20_000 }).toBe('Too expensive');
    await page.getByText('sam.member@example.com').first().waitFor();
    await shoot('10-console-cancellations');
    // The offer's report: Sam came back on a free month.
    await page.goto(t.base + '/admin/resubscribe-offer');
    const report = page.getByTestId('resubscribe-offer-report');
    await expect.poll(() => report.getByTestId('offer-report-total').innerText(), { timeout: 20_000 }).toBe('1');
    expect(await report.getByTestId('offer-report-free').innerText()).toBe('1');
    await report.getByTestId('offer-report-row').getByText('sam.member@example.com').waitFor();
    await shoot('10b-console-resubscribe-report');
    await page.goto(t.base + '/admin/subscription-settings');
    await expect.poll(() => page.getByLabel('Reasons (one per line)').inputValue(), { timeout: 20_000 }).toContain('Too expensive');
    await shoot('12-console-subscription-settings');
  });

  it('the new-register-page flow: the console takes only an https page, and a new fan lands on it after registering', async () => {
    // (The admin is signed in to the console by the test before.)
    const field = page.getByLabel('After registration, send new fans to');
    await field.fill('http://welcome.example.com/start');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('The page after registration must be an https:// address.').first().waitFor();
    expect((await t.call('GET', '/api/app_settings/get')).body.data.after_register_route).toBe('/subscribe');
    await field.fill('https://welcome.example.com/start');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(async () => (await t.call('GET', '/api/app_settings/get')).body.data.after_register_route, { timeout: 20_000 }).toBe('https://welcome.example.com/start');
    await shoot('13-console-register-page');
    const guest = await browser.newContext({ viewport: DESKTOP });
    await guest.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    // The creator's page stands in for the outside site.
    await guest.route('https://welcome.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Welcome from the creator</h1>' }));
    const newcomer = await guest.newPage();
    await newcomer.goto(t.base + '/register');
    const form = newcomer.getByTestId('register-form');
    await form.getByLabel('Name').fill('Nina New');
    await form.getByLabel('Email').fill('nina.new@example.com');
    await form.getByLabel('Password', { exact: true }).fill('a good long password');
    await form.getByLabel('Confirm password').fill('a good long password');
    await newcomer.getByTestId('register-submit').click();
    await newcomer.waitForURL('https://welcome.example.com/start', { timeout: 20_000 });
    expect(await newcomer.locator('h1').innerText()).toBe('Welcome from the creator');
    await guest.close();
  });

  it('logged no browser errors', () => {
    const notFound = '/subscribe: Failed to load resource: the server responded with a status of 404 (Not Found)';
    expect(couponNotFound).toBe(1);
    const rest = [...consoleErrors];
    rest.splice(rest.indexOf(notFound), rest.includes(notFound) ? 1 : 0);
    expect([...new Set(rest)].slice(0, 5)).toEqual([]);
  });
});

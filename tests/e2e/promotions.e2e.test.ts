// Promotions and coupons in a real browser (Chromium): the admin creates a locked-content promotion in the console;
// a subscriber sees the countdown ribbon and the promotion price on a locked post and unlocks it at that price
// (charged once, by the saved card); the report shows the sale; the admin adds a coupon and checks codes (valid,
// invalid, blank) the way the subscribe page does. Screenshots at 375 and 1440 px in tests/artifacts/.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { sandboxCaptures } from '../../infra/payments/sandbox-card-gateway';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('promotions and coupons end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let consoleCtx: BrowserContext;
  let fanCtx: BrowserContext;
  let admin: Page;
  let fan: Page;
  let adminToken: string;
  let fanToken: string;
  let postId: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    adminToken = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#6a1b9a' } })
      .composite([{ input: Buffer.from('<svg width="1200" height="900"><text x="120" y="480" font-size="140" fill="white">Studio</text></svg>') }])
      .jpeg()
      .toBuffer();
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'studio.jpg', content_type: 'image/jpeg' }, { token: adminToken })).body.data;
    await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
    const media = (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: adminToken })).body.data.id;
    // The older post (shown second) is the one the fan tries to buy after the promotion has ended.
    const older = await t.call('POST', '/admin-api/posts', { caption: 'Second studio set', visibility: 'locked', amount: 9, media_ids: [media] }, { token: adminToken });
    expect(older.status, JSON.stringify(older.body)).toBe(201);
    const post = await t.call('POST', '/admin-api/posts', { caption: 'Behind the scenes at the studio', visibility: 'locked', amount: 15, media_ids: [media] }, { token: adminToken });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    postId = post.body.id;
    fanToken = (await t.call('POST', '/api/users/register', { name: 'Promo Fan', email: 'promo.fan@example.com', password: 'promo fan password' })).body.data.token;
    const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fanToken });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);

    browser = await launchChromium();
    consoleCtx = await browser.newContext({ viewport: DESKTOP });
    admin = await consoleCtx.newPage();
    fanCtx = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanCtx, t.base, fanToken);
    await fanCtx.addInitScript(() => {
      localStorage.setItem('fanclub.signedIn', '1');
      localStorage.setItem('fanclub.ageConfirmed', '1');
    });
    fan = await fanCtx.newPage();
    for (const p of [admin, fan]) p.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const studioCard = () => fan.getByTestId('post-card').filter({ hasText: 'Behind the scenes at the studio' });
  const secondCard = () => fan.getByTestId('post-card').filter({ hasText: 'Second studio set' });

  it('the admin creates a locked-content promotion (20% off, 24 hours) in the console', async () => {
    await admin.goto(t.base + '/admin/login');
    await admin.getByLabel('Email').fill(t.adminEmail);
    await admin.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByTestId('menu-promotions').click({ timeout: 20_000 });
    const card = admin.getByTestId('promotion-card-locked');
    await card.getByTestId('promotion-form-locked').waitFor({ timeout: 15_000 });
    await card.getByTestId('promotion-discount').click();
    await admin.getByTestId('discount-20').click();
    await card.getByTestId('promotion-ribbon-text-locked').fill('Studio week: 20% off every locked post');
    await shootBothWidths(admin, '60-console-promotion-form');
    await card.getByTestId('save-promotion-locked').click();
    await card.getByTestId('running-promotion-locked').waitFor({ timeout: 15_000 });
    await admin.getByText('Promotion successfully saved.').first().waitFor();
    expect(await card.getByTestId('console-countdown').innerText()).toMatch(/^2[34]:\d\d:\d\d$/);
    await shootBothWidths(admin, '61-console-promotion-running');
    await admin.getByTestId('promotion-settings-card').scrollIntoViewIfNeeded();
    await shootBothWidths(admin, '61b-console-ribbon-settings');
    await admin.evaluate(() => window.scrollTo(0, 0));
  });

  it('a subscriber sees the countdown ribbon and the promotion price on the locked post', async () => {
    await fan.goto(t.base + '/');
    const ribbon = fan.getByTestId('promotion-ribbon');
    await ribbon.waitFor({ timeout: 20_000 });
    expect(await ribbon.getAttribute('data-type')).toBe('LOCKED_CONTENT');
    expect(await ribbon.getAttribute('data-position')).toBe('above menu');
    expect(await ribbon.innerText()).toContain('Studio week: 20% off every locked post');
    const countdown = fan.getByTestId('promotion-countdown');
    const first = await countdown.innerText();
    expect(first).toMatch(/Ends in\s+2[34]:\d\d:\d\d/);
    await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(first); // it ticks
    // The ribbon sits above the top bar.
    const ribbonBox = await ribbon.boundingBox();
    const barBox = await fan.locator('header').first().boundingBox();
    expect(ribbonBox!.y).toBeLessThan(barBox!.y);
    const price = studioCard().getByTestId('price-chip').getByTestId('promotion-price');
    await price.waitFor({ timeout: 15_000 });
    expect(await price.getAttribute('data-price-cents')).toBe('1200');
    expect(await price.innerText()).toMatch(/\$15\.00\s*\$12\.00/);
    await shootBothWidths(fan, '62-fan-promotion-ribbon-and-price');
  });

  it('the subscriber unlocks the post at the promotion price, charged once', async () => {
    const before = await sandboxCaptures(t.server.services.database);
    await studioCard().getByTestId('unlock-button').click();
    await expect.poll(() => fan.getByText('Please Confirm Your Purchase of $12.00.').isVisible(), { timeout: 10_000 }).toBe(true);
    await shootBothWidths(fan, '63-fan-confirm-promotion-price');
    await fan.getByTestId('confirm-purchase').click();
    await studioCard().getByTestId('unlocked-chip').waitFor({ timeout: 20_000 });
    expect(await sandboxCaptures(t.server.services.database)).toEqual({ count: before.count + 1, cents: before.cents + 1200 });
    const view = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token: fanToken });
    expect(view.body.data).toMatchObject({ is_unlocked: true, isLocked: false });
    await shootBothWidths(fan, '64-fan-unlocked-at-promotion-price');
  });

  it('the promotion report shows the sale and its buyer', async () => {
    await admin.getByTestId('menu-promotion-reports').click();
    const table = admin.getByTestId('promotion-reports-table');
    await table.waitFor({ timeout: 15_000 });
    await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain('$12.00');
    await shootBothWidths(admin, '65-console-promotion-reports');
    await admin.setViewportSize(DESKTOP);
    await table.getByText('Studio week: 20% off every locked post').click();
    await admin.getByTestId('promotion-summary').waitFor({ timeout: 15_000 });
    await admin.getByTestId('purchases-table').getByText('promo.fan@example.com').waitFor({ timeout: 15_000 });
    await shootBothWidths(admin, '66-console-promotion-buyers');
  });

  it('the admin adds a coupon and checks codes: valid (trimmed, upper-cased, 2-decimal price), invalid, blank', async () => {
    await admin.getByTestId('menu-coupons').click();
    await admin.getByTestId('coupon-reports').waitFor({ timeout: 15_000 });
    await admin.getByTestId('add-coupon').click();
    const dialog = admin.getByTestId('coupon-dialog');
    await dialog.getByTestId('coupon-code-input').fill('spring20');
    await dialog.getByTestId('coupon-initial-input').fill('20');
    await shootBothWidths(admin, '67-console-add-coupon');
    await dialog.getByTestId('coupon-save').click();
    await admin.getByText('Coupon code added successfully.').first().waitFor({ timeout: 15_000 });
    await admin.getByTestId('coupons-table').getByText('SPRING20').waitFor({ timeout: 15_000 });

    const checker = admin.getByTestId('coupon-checker');
    const result = checker.getByTestId('coupon-check-result');
    await checker.getByTestId('coupon-check-input').fill('  spring20 ');
    await checker.getByTestId('coupon-check-button').click();
    await result.waitFor({ timeout: 10_000 });
    expect(await checker.getAttribute('data-state')).toBe('valid');
    // $9.99 with 20% off = 7.992, rounded to the cent.
    expect(await result.innerText()).toMatch(/SPRING20 is valid: \$9\.99 → \$7\.99/);
    await shootBothWidths(admin, '68-console-coupon-valid');
    await checker.getByTestId('coupon-check-input').fill('NOPE');
    expect(await checker.getAttribute('data-state')).toBe('notChecked');
    await checker.getByTestId('coupon-check-button').click();
    await expect.poll(() => checker.getAttribute('data-state'), { timeout: 10_000 }).toBe('invalid');
    expect(await result.innerText()).toBe('Invalid coupon code.');
    await checker.getByTestId('coupon-check-input').fill('   ');
    await checker.getByTestId('coupon-check-button').click();
    await expect.poll(() => result.innerText()).toBe('Enter valid coupon');
    await shootBothWidths(admin, '69-console-coupon-invalid');
    // The fan's own check answers the same way.
    const fanCheck = await t.call('POST', '/api/coupon/check', { code: ' Spring20' }, { token: fanToken });
    expect(fanCheck.body.data.prices).toMatchObject({ initial_cents: 799, list_initial_cents: 999 });
  });

  it('a guest sees a subscription promotion ribbon under the menu with its offer', async () => {
    const saved = await t.call(
      'POST',
      '/api/promotion-setting/save-promotion',
      { promotion_type: 'SUBSCRIPTION', applicable_to: 'NEW_USERS', date_expire: 'end_of_month', ribbon_text: 'First month $4.99', subscription_initial_amount: 4.99, subscription_recurring_amount: 9.99 },
      { token: adminToken },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await t.call('POST', '/api/promotion-setting/save-promotion-settings', { subscription: { position: 'above hero', ribbon_background_color: '#0d47a1' } }, { token: adminToken });
    const guestCtx = await browser.newContext({ viewport: DESKTOP });
    await guestCtx.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    const guest = await guestCtx.newPage();
    guest.on('pageerror', (e) => pageErrors.push(e.message));
    await guest.goto(t.base + '/');
    const ribbon = guest.locator('[data-testid="promotion-ribbon"][data-type="SUBSCRIPTION"]');
    await ribbon.waitFor({ timeout: 20_000 });
    expect(await ribbon.innerText()).toContain('First month $4.99');
    expect(await guest.getByTestId('promotion-subscribe').innerText()).toMatch(/Join for \$4\.99/i);
    // Under the top bar; guests see no locked-content ribbon (not subscribers).
    const barBox = await guest.locator('header').first().boundingBox();
    expect((await ribbon.boundingBox())!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
    expect(await guest.locator('[data-testid="promotion-ribbon"][data-type="LOCKED_CONTENT"]').count()).toBe(0);
    await shootBothWidths(guest, '70-guest-subscription-ribbon');
    await guestCtx.close();
  });

  it('a purchase at a promotion that has ended meanwhile gets "Sorry promotion expired." and charges nothing', async () => {
    await fan.setViewportSize(DESKTOP);
    // The fan's page still shows the promotion price ($9 at 20% off = 7.2, rounded up: $8) ...
    const price = secondCard().getByTestId('price-chip').getByTestId('promotion-price');
    await price.waitFor({ timeout: 15_000 });
    expect(await price.getAttribute('data-price-cents')).toBe('800');
    // ... when the admin ends the promotion.
    const current = (await t.call('POST', '/api/promotion-setting/promotion', { promotion_type: 'LOCKED_CONTENT' }, { token: adminToken })).body.data;
    expect((await t.call('POST', '/api/promotion-setting/end-promotion', { promotion_id: current._id }, { token: adminToken })).status).toBe(200);
    const before = await sandboxCaptures(t.server.services.database);
    await secondCard().getByTestId('unlock-button').click();
    await expect.poll(() => fan.getByText('Please Confirm Your Purchase of $8.00.').isVisible(), { timeout: 10_000 }).toBe(true);
    await fan.getByTestId('confirm-purchase').click();
    const notice = fan.getByTestId('payment-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toBe('Sorry promotion expired.');
    await shootBothWidths(fan, '71-fan-promotion-expired-at-purchase');
    await fan.keyboard.press('Escape');
    // The ribbon goes and the post shows its own price again; nothing was charged.
    await expect.poll(() => fan.locator('[data-testid="promotion-ribbon"][data-type="LOCKED_CONTENT"]').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => secondCard().getByTestId('price-chip').innerText(), { timeout: 15_000 }).toBe('$9.00');
    expect(await sandboxCaptures(t.server.services.database)).toEqual(before);
    await shootBothWidths(fan, '72-fan-after-promotion-ended');
  });

  it('on the fan site the admin opens the promotion offer dialog from the feed and starts a locked-content promotion', async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP });
    await signInContext(ctx, t.base, adminToken);
    await ctx.addInitScript(() => localStorage.setItem('fanclub.signedIn', '1'));
    const page = await ctx.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(t.base + '/');
    await page.getByTestId('promotion-button').click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Promotion offer' });
    await dialog.waitFor();
    // The subscription tab shows the running subscription promotion; the locked-content tab a form (it was ended).
    await dialog.getByTestId('running-promotion').waitFor({ timeout: 10_000 });
    await dialog.getByTestId('promotion-tab-locked').click();
    await dialog.getByTestId('promotion-ribbon-text-input').fill('Weekend: locked posts half price');
    await shootBothWidths(page, '73-fan-admin-promotion-dialog');
    await page.setViewportSize(DESKTOP);
    await dialog.getByTestId('save-promotion').click();
    await dialog.getByTestId('running-promotion').waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('50% off');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Staff see the ribbon as a preview.
    const ribbon = page.locator('[data-testid="promotion-ribbon"][data-type="LOCKED_CONTENT"]');
    await ribbon.waitFor({ timeout: 15_000 });
    expect(await ribbon.getByTestId('promotion-preview-label').count()).toBe(1);
    await shootBothWidths(page, '74-fan-admin-ribbon-preview');
    await ctx.close();
    expect(pageErrors).toEqual([]);
  });
});

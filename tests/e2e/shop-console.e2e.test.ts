// The shop's console pages in a real browser: staff add a product with a variant and publish it; a fan buys it
// (over the API, by card); staff find the order in the order list, open it, ship it with a carrier and tracking
// number, refund one of its two lines (the lines stacked on a phone), and save the shop settings with the digital
// download limits. Every page is shot at 1440 and 375 px
// (tests/artifacts/shop-console-*.png) and none is wider than the phone's screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, openConsole, PHONE, requireChromium, settled, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();
const home = { name: 'Ann Fan', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };

describe.skipIf(!hasChromium)("the shop's console pages (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  const errors: string[] = [];

  const call = (method: string, url: string, body?: unknown, token = admin, headers: Record<string, string> = {}) => t.call(method, url, body, { token, headers });
  /** Both widths; at 375 px nothing is wider than the screen. */
  const shoot = async (name: string) => {
    await shootBothWidths(page, `shop-console-${name}`);
    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    expect((await call('POST', '/api/settings/shop', { enabled: true, menu_visible_to: ['user', 'staff'] })).status).toBe(200);
    browser = await launchChromium();
    ({ context, page } = await openConsole(browser, t, errors));
    page.on('dialog', (d) => void d.accept());
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  let productId = '';
  let orderId = '';
  /** A picture in the media library, as staff upload it. */
  const upload = async (name: string, colour: { r: number; g: number; b: number }) => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer();
    const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg', media_type: 'blog' });
    expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
    const media = await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' });
    expect(media.body.data.status).toBe('ready');
    return media.body.data.id as string;
  };

  it('staff add a product with a variant and publish it', async () => {
    await page.goto(t.base + '/admin/shop/product-list');
    await expect.poll(() => page.getByText('Add').first().isVisible()).toBe(true);
    await shoot('products-empty');
    await page.goto(t.base + '/admin/shop/add-product');
    await page.getByLabel('Title').fill('Tour tee');
    await page.getByLabel('Price ($)').first().fill('25');
    // The form starts with one variant ('Standard'): it becomes Medium.
    await page.getByLabel('Option').first().fill('Medium');
    await page.getByLabel('SKU').first().fill('TEE-M');
    await page.getByLabel('Stock (empty: unlimited)').first().fill('10');
    // Pictures from the library: two picked, the second moved first, then a third picked and removed again.
    const pictures = [await upload('red.jpg', { r: 200, g: 20, b: 20 }), await upload('blue.jpg', { r: 20, g: 20, b: 200 }), await upload('green.jpg', { r: 20, g: 200, b: 20 })];
    const picker = page.getByTestId('media-picker');
    const pick = async (n: number) => {
      await page.getByTestId('shop-pick-pictures').click();
      await expect.poll(() => picker.getByTestId('library-item').count(), { timeout: 15_000 }).toBe(3);
      for (let i = 0; i < n; i++) await picker.getByTestId('library-item-checkbox').nth(i).click();
      await picker.getByTestId('media-picker-select').click();
      await picker.waitFor({ state: 'detached' });
    };
    const shownIds = () => page.getByTestId('shop-pictures').locator('[data-media-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-media-id')));
    await pick(2);
    await expect.poll(shownIds).toHaveLength(2);
    const [first, second] = (await shownIds()) as string[];
    expect(pictures).toEqual(expect.arrayContaining([first, second]));
    await expect.poll(() => page.getByTestId('shop-picture-0').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByLabel('Move picture 2 left').click();
    await expect.poll(shownIds).toEqual([second, first]);
    await pick(3);
    await expect.poll(shownIds).toHaveLength(3);
    await page.getByLabel('Remove picture 3').click();
    await expect.poll(shownIds).toEqual([second, first]);
    // A physical product starts with one shipping row ready ('*', anywhere): it becomes the US at $5.
    await page.getByLabel('Country (US, GB…; * anywhere else)').fill('US');
    await page.getByLabel('Price ($)').last().fill('5');
    await shoot('product-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/shop\/edit-product\//);
    productId = decodeURIComponent(page.url().split('/edit-product/')[1]!.split(/[?#]/)[0]!);
    await page.getByTestId('shop-publish').click();
    await expect.poll(() => page.getByTestId('shop-publish').textContent()).toBe('Unpublish');
    const product = (await call('GET', `/admin-api/shop/products/${productId}`)).body;
    expect(product).toMatchObject({ title: 'Tour tee', price_cents: 2500, status: 'published', shipping: [{ country: 'US', cents: 500 }] });
    expect(product.image_media_ids).toHaveLength(2);
    // The edit page shows the saved pictures in their order, with thumbnails.
    await expect.poll(shownIds).toEqual(product.image_media_ids);
    expect(product.variants[0]).toMatchObject({ name: 'Medium', sku: 'TEE-M', on_hand: 10 });
    await shoot('product-edit');
  });

  it('a fan buys it and staff see the order in the list and on its page', async () => {
    const product = (await call('GET', `/admin-api/shop/products/${productId}`)).body;
    const mug = (await call('POST', '/admin-api/shop/products', { title: 'Mug', price_cents: 1200, variants: [{ name: 'One size', sku: 'MUG-1', stock: 3 }], shipping: [{ country: 'US', cents: 500 }] })).body;
    await call('POST', `/admin-api/shop/products/${mug.id}/publish`, {});
    const fan = (await t.call('POST', '/api/users/register', { name: 'Ann Fan', email: 'ann.fan@example.com', password: 'fan password 1' })).body.data.token as string;
    const address = (await call('POST', '/api/shop/addresses', home, fan)).body.data.address_id as string;
    await call('POST', '/api/shop/cart', { product_id: productId, variant_id: product.variants[0].variant_id, quantity: 2 }, fan);
    await call('POST', '/api/shop/cart', { product_id: mug.id, variant_id: mug.variants[0].variant_id, quantity: 1 }, fan);
    const paid = await call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: address, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan, { 'idempotency-key': 'console-order-1' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    orderId = paid.body.data.order_id;

    await page.goto(t.base + '/admin/shop/order-list');
    await expect.poll(() => page.getByTestId('shop-orders').getByText('Ann Fan').isVisible()).toBe(true);
    await shoot('orders');
    // Opened by its address (clicking the row did not navigate in the last run: to be looked into).
    // A click on the row (its buyer's cell, not the order's link) opens the order.
    await page.getByTestId('shop-orders').getByText('Ann Fan').click();
    await page.waitForURL(new RegExp(`/admin/shop/order/edit/${orderId}$`));
    await expect.poll(() => page.getByTestId('shop-order-state').textContent()).toMatch(/paid/i);
    // On a phone the list is one line per order, each a link to the order.
    // (opened fresh at phone width, so the menu drawer is closed).
    await page.setViewportSize(PHONE);
    await page.goto(t.base + '/admin/shop/order-list');
    await page.getByTestId(`shop-order-row-${orderId}`).click();
    await page.waitForURL(new RegExp(`/admin/shop/order/edit/${orderId}$`));
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.getByTestId('shop-order-address').textContent()).toContain('1 Main St');
    await shoot('order');
  });

  it('staff ship the order with carrier and tracking, then refund one line', async () => {
    await page.getByTestId('shop-carrier').fill('UPS');
    await page.getByTestId('shop-tracking').fill('1Z999AA10123456784');
    await page.getByTestId('shop-ship').click();
    await expect.poll(() => page.getByTestId('shop-order-tracking').textContent()).toContain('1Z999AA10123456784');
    await expect.poll(() => page.getByTestId('shop-order-state').textContent()).toMatch(/shipped|fulfilled/i);

    const order = (await call('GET', `/admin-api/shop/orders/${orderId}`)).body;
    const mugLine = order.lines.find((l: { title: string }) => l.title === 'Mug').line_no as number;
    await page.getByLabel(`Refund line ${mugLine}`).check();
    await page.getByTestId('shop-refund-lines').click();
    await expect.poll(() => page.getByTestId(`shop-order-line-${mugLine}`).textContent()).toContain('1 refunded');
    expect((await call('GET', `/admin-api/shop/orders/${orderId}`)).body).toMatchObject({ refunded_cents: 1200, carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    await shoot('order-refunded');
  });

  it('the shop settings page saves', async () => {
    await page.goto(t.base + '/admin/settings/shop');
    await expect.poll(() => page.getByTestId('shop-settings-save').isVisible()).toBe(true);
    await page.getByLabel('Visitors not signed in').check();
    await page.getByLabel('Shop open').uncheck();
    // A download limit out of bounds is named under its field, and nothing is saved.
    await page.getByTestId('shop-download_limit').fill('0');
    await page.getByTestId('shop-settings-save').click();
    await expect.poll(() => page.getByText('download_limit must be a whole number of downloads from 1 to 100.').first().isVisible()).toBe(true);
    expect((await call('GET', '/api/settings/shop')).body.data).toMatchObject({ enabled: true, download_limit: 5 });
    await page.getByTestId('shop-download_limit').fill('3');
    await page.getByTestId('shop-download_days').fill('14');
    await shoot('settings');
    await page.getByTestId('shop-settings-save').click();
    await expect.poll(async () => (await call('GET', '/api/settings/shop')).body.data).toMatchObject({ enabled: false, menu_visible_to: expect.arrayContaining(['guest', 'user', 'staff']), download_limit: 3, download_days: 14, download_link_minutes: 5 });
    await expect.poll(() => page.getByText('Shop settings saved.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

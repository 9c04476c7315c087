// The fan site's shop in a real browser: staff publish a hoodie on sale with two sizes (one sold out), a digital
// wallpaper pack and a sold-out poster (over the API); the shop shows in the navbar once the menu settings list it.
// A fan browses /shop, picks a size and quantity, adds both products (the navbar's cart count follows), adds a
// shipping address with the country/state lookups, checks out by card in the card dialog and sees 'Thank you! Your
// order is placed.'; staff ship it and the fan's open order page shows the carrier and tracking number live (as a
// cart change made elsewhere reaches the navbar). A "Buy now" of
// an item someone else bought meanwhile names the line 'Sold out.'; a digital item is paid from the wallet without an
// address; a guest's "Add to cart" goes to log in. Every page is shot at 1440 and 375 px (tests/artifacts/shop-*.png)
// and none is wider than the phone's screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { commandContext } from '../../commands/handle';
import { updateSiteSettings } from '../../commands/settings';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { topUpWallet } from '../support/wallet';
import { DESKTOP, ensureAppsBuilt, fillCardDialog, launchChromium, openFanPage, PHONE, requireChromium, settled, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('the shop end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let fan: string;
  let hoodie: { id: string; small: string };
  let mug: { id: string; variant: string };
  let orderId = '';
  const collect = { errors: [] as string[], csp: [] as string[] };

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, body, { token: admin });
  const product = async (body: Record<string, unknown>) => {
    const r = await call('POST', '/admin-api/shop/products', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call('POST', `/admin-api/shop/products/${r.body.id}/publish`, {})).body.status).toBe('published');
    return r.body as { id: string; variants: { variant_id: string; name: string }[] };
  };

  /** Both widths; at 375 px nothing is wider than the screen. */
  const shoot = async (name: string) => {
    await shootBothWidths(page, `shop-${name}`);
    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  };
  const cartCount = () => page.getByTestId('nav-cart').getAttribute('aria-label');

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    // The shop open to everyone, and listed in every audience's menu.
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
    await updateSiteSettings(ctx, t.server.services.sanitizeHtml, { shop_settings: { enabled: true, menu_visible_to: ['guest', 'user', 'staff'], currency_display: 'symbol', taxes_apply: false, download_limit: 5, download_days: 30, download_link_minutes: 5 } });
    const menu = ['shop', 'tips', 'chat', 'links'];
    const saved = await call('POST', '/api/settings/menu-settings', { links_menu: { guest: ['shop', 'tips', 'links'], user: menu, subscriber: menu, admin: menu, super_admin: menu } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const upload = async (name: string, background: { r: number; g: number; b: number }) => {
      const image = await sharp({ create: { width: 480, height: 480, channels: 3, background } }).jpeg().toBuffer();
      const presign = await call('POST', '/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg', media_type: 'blog' });
      expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
      return (await call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' })).body.data.id as string;
    };
    const pictures = { red: await upload('hoodie-front.jpg', { r: 190, g: 40, b: 60 }), blue: await upload('hoodie-back.jpg', { r: 40, g: 80, b: 190 }), file: await upload('wallpapers.jpg', { r: 30, g: 160, b: 90 }) };
    const h = await product({
      title: 'Tour hoodie', description: '<p>Heavy <strong>cotton</strong> hoodie.</p><script>window.bad = 1</script>', price_cents: 4500,
      sale: { price_cents: 3500, starts_at: null, ends_at: null }, variants: [{ name: 'Small', sku: 'H-S', stock: 5 }, { name: 'Large', sku: 'H-L', stock: 0 }],
      shipping: [{ country: 'US', cents: 700 }],
    });
    hoodie = { id: h.id, small: h.variants.find((v) => v.name === 'Small')!.variant_id };
    await call('PUT', `/admin-api/shop/products/${h.id}`, { ...(await call('GET', `/admin-api/shop/products/${h.id}`)).body, image_media_ids: [pictures.red, pictures.blue] });
    await product({
      kind: 'digital', title: 'Wallpaper pack', description: '<p>Ten phone wallpapers.</p>', price_cents: 900, variants: [{ name: 'Download', sku: 'W-1', stock: null }], shipping: [],
      image_media_ids: [pictures.blue], digital_media_id: pictures.file,
    });
    const m = await product({ title: 'Last mug', price_cents: 1500, variants: [{ name: 'One size', sku: 'M-1', stock: 1 }], shipping: [{ country: 'US', cents: 300 }] });
    mug = { id: m.id, variant: m.variants[0]!.variant_id };
    await product({ title: 'Signed poster', price_cents: 2000, variants: [{ name: 'A2', sku: 'P-A2', stock: 0 }], shipping: [{ country: 'US', cents: 500 }] });

    const reg = await t.call('POST', '/api/users/register', { name: 'Sam Shopper', email: 'sam.shopper@example.com', password: 'a good long password' });
    expect(reg.status).toBe(201);
    fan = reg.body.data.token;
    browser = await launchChromium();
    ({ page } = await openFanPage(browser, t.base, reg.body.data.token, collect));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('/shop: the grid with the sale price struck through and "Sold out"; the navbar links the shop and the cart', async () => {
    await page.goto(t.base + '/shop');
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(4);
    const card = (title: string) => cards.filter({ hasText: title });
    expect(await card('Tour hoodie').getByTestId('price-current').innerText()).toBe('$35.00');
    expect(await card('Tour hoodie').getByTestId('price-list').innerText()).toBe('$45.00');
    expect(await card('Signed poster').getByTestId('sold-out').count()).toBe(1);
    expect(await card('Tour hoodie').getByTestId('sold-out').count()).toBe(0);
    await page.getByTestId('nav-shop').waitFor();
    expect(await cartCount()).toBe('Cart');
    // The pictures load (signed links), the product without one shows its artwork.
    await expect.poll(() => card('Tour hoodie').getByTestId('product-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await shoot('01-grid');
  });

  it('/shop/:id: the description cleaned, a sold-out size disabled, two Small added; the navbar counts them', async () => {
    await page.getByTestId('product-card').filter({ hasText: 'Tour hoodie' }).click();
    await page.getByTestId('product-heading').waitFor();
    expect(await page.getByTestId('product-description').innerHTML()).toBe('<p>Heavy <strong>cotton</strong> hoodie.</p>');
    expect(await page.evaluate(() => (window as unknown as { bad?: number }).bad)).toBeUndefined();
    expect(await page.getByRole('button', { name: 'Large, sold out' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Small' }).click();
    expect(await page.getByTestId('variant-availability').innerText()).toBe('Small: Only 5 left');
    await page.getByTestId('qty-plus').click();
    expect(await page.getByTestId('qty-value').innerText()).toBe('2');
    await shoot('02-product');
    await page.getByTestId('add-to-cart').click();
    await expect.poll(cartCount, { timeout: 15_000 }).toBe('Cart, 2 items');

    await page.goto(t.base + '/shop');
    await page.getByTestId('product-card').filter({ hasText: 'Wallpaper pack' }).click();
    await page.getByTestId('add-to-cart').click();
    await expect.poll(cartCount, { timeout: 15_000 }).toBe('Cart, 3 items');
    await shoot('03-digital');
  });

  it('/shop/view-cart: the lines, the steppers change the quantity, the subtotal and the count; checkout asks for an address', async () => {
    await page.getByTestId('nav-cart').click();
    await expect.poll(() => page.getByTestId('cart-line').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('cart-subtotal').innerText()).toBe('$79.00');
    const pack = page.getByTestId('cart-line').filter({ hasText: 'Wallpaper pack' });
    await pack.getByTestId('qty-plus').click();
    await expect.poll(() => page.getByTestId('cart-subtotal').innerText(), { timeout: 15_000 }).toBe('$88.00');
    await expect.poll(cartCount).toBe('Cart, 4 items');
    await pack.getByTestId('qty-minus').click();
    await expect.poll(() => page.getByTestId('cart-subtotal').innerText(), { timeout: 15_000 }).toBe('$79.00');
    await expect.poll(cartCount).toBe('Cart, 3 items');
    await shoot('04-cart');
    await page.getByTestId('cart-checkout').click();
    await page.getByTestId('checkout-title').waitFor();
    expect(await page.getByTestId('place-order').isDisabled()).toBe(true);
    await shoot('05-checkout-no-address');
  });

  it('adds a shipping address with the country and state lookups and comes back to the checkout', async () => {
    await page.getByTestId('checkout-add-address').click();
    await page.getByTestId('address-form').waitFor();
    await page.getByLabel('Full name').fill('Sam Shopper');
    await page.getByLabel('Address line 1').fill('1 Main Street');
    await page.getByLabel('Country').selectOption('US');
    const state = page.getByLabel('State/Province');
    await expect.poll(() => state.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    await state.selectOption('TX');
    await page.getByLabel('City', { exact: true }).fill('Austin');
    await page.getByLabel('Postal code').fill('78701');
    await shoot('06-address-form');
    await page.getByTestId('address-save').click();
    await page.waitForURL((u) => u.pathname === '/shop/checkout');
    await page.getByTestId('checkout-address').getByText('1 Main Street').waitFor();
    expect(await page.getByTestId('checkout-shipping').innerText()).toBe('$7.00');
    expect(await page.getByTestId('checkout-total').innerText()).toBe('$86.00');
    await shoot('07-checkout');
  });

  it('pays by card in the card dialog: the order is placed and the cart is empty', async () => {
    await page.getByTestId('place-order').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Sam', lastName: 'Shopper', email: 'sam.shopper@example.com' });
    await dialog.getByTestId('pay-button').click();
    await page.getByText('Thank you! Your order is placed.').waitFor({ timeout: 20_000 });
    await expect.poll(cartCount, { timeout: 15_000 }).toBe('Cart');
    await shoot('08-placed');
    await page.getByTestId('view-order').click();
    await page.getByTestId('order-title').waitFor();
    orderId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByTestId('order-status').innerText()).toBe('Paid');
    expect(await page.getByTestId('order-total').innerText()).toBe('$86.00');
    expect(await page.getByTestId('order-line').count()).toBe(2);
    await shoot('09-order-paid');
  });

  it('lists the order at /shop/order-history and /profile/order-list, and the address at /shop/shipping-details', async () => {
    await page.goto(t.base + '/shop/order-history');
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('order-row').innerText()).toContain('$86.00');
    await shoot('10-orders');
    await page.goto(t.base + '/profile/order-list');
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(1);
    await page.goto(t.base + '/shop/shipping-details');
    await expect.poll(() => page.getByTestId('address-card').count(), { timeout: 15_000 }).toBe(1);
    await shoot('11-addresses');
    await page.goto(t.base + '/shop/view-cart');
    await page.getByText('Your cart is empty.').waitFor({ timeout: 15_000 });
    await shoot('12-cart-empty');
  });

  it('staff ship the order: the fan\'s open order page shows the carrier and tracking number live; a cart change elsewhere reaches the navbar', async () => {
    await page.goto(`${t.base}/shop/order-history/${orderId}`);
    await page.getByTestId('order-title').waitFor();
    expect(await page.getByTestId('order-tracking').count()).toBe(0);
    const shipped = await call('POST', `/admin-api/shop/orders/${orderId}/ship`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    expect(shipped.body).toMatchObject({ status: 'fulfilled' });
    // Live: the open page shows it without a reload.
    await page.getByTestId('order-tracking').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('order-carrier').innerText()).toBe('UPS');
    expect(await page.getByTestId('order-tracking-number').innerText()).toBe('1Z999AA10123456784');
    expect(await page.getByTestId('order-status').innerText()).toBe('Shipped');
    await shoot('13-order-shipped');
    // A change to the cart from elsewhere (another tab, another device) reaches the navbar live.
    const added = await t.call('POST', '/api/shop/cart', { product_id: hoodie.id, variant_id: hoodie.small, quantity: 1 }, { token: fan });
    expect(added.status).toBe(200);
    await expect.poll(cartCount, { timeout: 15_000 }).toBe('Cart, 1 item');
    await t.call('DELETE', `/api/shop/cart/${hoodie.small}`, undefined, { token: fan });
    await expect.poll(cartCount, { timeout: 15_000 }).toBe('Cart');
    // Stock followed: the Small size has 3 left.
    const staffView = await call('GET', `/admin-api/shop/products/${hoodie.id}`);
    expect(staffView.body.variants.find((v: { variant_id: string }) => v.variant_id === hoodie.small)).toMatchObject({ sold: 2, available: 3 });
  });

  it('"Buy now" of the last mug, bought by someone else meanwhile: the line says \'Sold out.\' and nothing is charged', async () => {
    await page.goto(`${t.base}/shop/${mug.id}`);
    await page.getByTestId('buy-now').click();
    await page.getByTestId('checkout-title').waitFor();
    expect(await page.getByTestId('checkout-total').innerText()).toBe('$18.00');
    const other = (await t.call('POST', '/api/users/register', { name: 'Quick Buyer', email: 'quick.buyer@example.com', password: 'a good long password' })).body.data.token as string;
    const home = { name: 'Quick Buyer', line1: '2 Oak Ave', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', phone: '' };
    const addressId = (await t.call('POST', '/api/shop/addresses', home, { token: other })).body.data.address_id;
    const bought = await t.call('POST', '/api/shop/checkout', { payment_method: 'card', address_id: addressId, items: [{ product_id: mug.id, variant_id: mug.variant, quantity: 1 }], ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: other, headers: { 'idempotency-key': 'quick-buyer-1' } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);

    await page.getByTestId('place-order').click();
    // A saved card pays at once; without one the card dialog asks first.
    const dialog = page.getByTestId('card-dialog');
    const problem = page.getByTestId('checkout-line-problem');
    await expect.poll(async () => (await problem.count()) + (await dialog.isVisible() ? 10 : 0), { timeout: 15_000 }).toBeGreaterThan(0);
    if (await dialog.isVisible()) {
      await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Sam', lastName: 'Shopper', email: 'sam.shopper@example.com' });
      await dialog.getByTestId('pay-button').click();
      await problem.waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
    }
    expect(await problem.innerText()).toBe('Sold out.');
    if (await page.getByRole('dialog').count()) await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('place-order').isDisabled()).toBe(true);
    await shoot('14-sold-out');
    const mine = (await page.evaluate(async () => (await (await fetch('/api/shop/orders')).json()) as { data: { total: number } })).data.total;
    expect(mine).toBe(1);
  });

  it('pays for the digital pack from the wallet: no address asked, the balance goes down', async () => {
    await topUpWallet(t, fan, 20);
    await page.goto(t.base + '/shop');
    await page.getByTestId('product-card').filter({ hasText: 'Wallpaper pack' }).click();
    await page.getByTestId('buy-now').click();
    await page.getByTestId('checkout-title').waitFor();
    expect(await page.getByTestId('checkout-address').count()).toBe(0);
    await page.getByTestId('pay-wallet').click();
    await page.getByTestId('wallet-purchase-notice').waitFor();
    expect(await page.getByTestId('checkout-total').innerText()).toBe('$9.00');
    await shoot('15-checkout-wallet');
    await page.getByTestId('place-order').click();
    await page.getByText('Thank you! Your order is placed.').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('nav-wallet-balance').innerText(), { timeout: 15_000 }).toBe('$11.00');
    await page.getByTestId('view-order').click();
    await expect.poll(() => page.getByTestId('order-status').innerText(), { timeout: 15_000 }).toBe('Delivered');
    expect(await page.getByTestId('order-address').count()).toBe(0);
  });

  it('downloads the digital pack from its order page (the count goes down) and finds it on the purchases page', async () => {
    await page.getByTestId('download-remaining').waitFor();
    expect(await page.getByTestId('download-remaining').innerText()).toMatch(/^5 of 5 downloads left/);
    await expect.poll(() => page.getByTestId('order-line').getByTestId('product-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await shoot('16-order-digital');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-button').click()]);
    expect(file.suggestedFilename()).toBe('wallpapers.jpg');
    await expect.poll(() => page.getByTestId('download-remaining').innerText(), { timeout: 15_000 }).toMatch(/^4 of 5 downloads left/);
    await page.goto(t.base + '/purchased-contents');
    // Two packs were bought (one with the hoodie by card, one from the wallet): the one downloaded has 4 left.
    await expect.poll(() => page.getByTestId('purchased-digital-item').filter({ hasText: 'Wallpaper pack' }).count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('purchased-digital-item').getByTestId('download-remaining').allInnerTexts()).toEqual([expect.stringMatching(/^4 of 5 downloads left/), expect.stringMatching(/^5 of 5 downloads left/)]);
    await shoot('17-purchases-digital');
  });

  it('a guest sees the shop; "Add to cart" asks them to log in first', async () => {
    const guest = await openFanPage(browser, t.base, null, collect);
    await guest.page.goto(t.base + '/shop');
    await expect.poll(() => guest.page.getByTestId('product-card').count(), { timeout: 20_000 }).toBe(4);
    expect(await guest.page.getByTestId('nav-cart').count()).toBe(0);
    await guest.page.getByTestId('product-card').filter({ hasText: 'Tour hoodie' }).click();
    await guest.page.getByTestId('add-to-cart').click();
    await guest.page.waitForURL((u) => u.pathname === '/login');
    await guest.context.close();
    expect(collect.errors).toEqual([]);
    expect(collect.csp).toEqual([]);
  });
});

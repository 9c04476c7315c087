// Every settings page of the console in a real browser: the index at
// /admin/settings (groups, search by page and by setting, the menu's areas), then EVERY page of the settings
// registry the admin may open, at 1440 px and 375 px: a form page changes one of its settings, saves, reloads and
// sees it (and the API agrees); a page of its own opens on its deep link. Then the fan site follows: the theme's
// page colour, the background image, the login and sign-up titles, the sign-up design's sizes, post dates and
// media counts. Screenshots in tests/artifacts/settings-*.png: every page at 1440 px, and at 375 px the first page
// of each settings area; at 375 px every page is checked for nothing sticking out sideways.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { artifactPath, DESKTOP, ensureAppsBuilt, launchChromium, PHONE, requireChromium, shootBothWidths, settled } from '../support/browser';
import { existingPages, pathOf, SETTINGS_GROUPS, SETTINGS_PAGES } from '../../web-admin/src/settings-index/registry';
import { mayOpenPage } from '../../web-admin/src/access';
import { pageKeyOf } from '../../web-admin/src/settings-index/registry';

const hasChromium = requireChromium();
/** An input by its label: required inputs carry react-admin's ' *' after the label's text. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\u2009*]*$`);
const SAVED = 'update settings successfully.';

/** The change each form page makes: an input by its label, the value typed or the switch's new state, and the setting as the API reads it back. */
type Change = { label: string; kind: 'switch' | 'text' | 'image'; value?: string; key: string; expected: unknown };
const CHANGES: Record<string, Change> = {
  theme: { label: 'Page background', kind: 'text', value: '#f4f1ea', key: 'content_color', expected: '#f4f1ea' },
  'theme-2-settings': { label: 'Theme 2', kind: 'switch', key: 'theme2_enabled', expected: true },
  'upload-theme-image': { label: 'theme2_banner_image_url', kind: 'image', key: 'theme2_banner_image_url', expected: expect.stringMatching(/^\/media\/theme\//) },
  'background-settings': { label: 'background_image_url', kind: 'image', key: 'background_image_url', expected: expect.stringMatching(/^\/media\/theme\//) },
  'landing-page-settings': { label: 'Section 1 title', kind: 'text', value: 'Walked section title', key: 'theme3_section1_title', expected: 'Walked section title' },
  'banner-image-text': { label: 'Banner text', kind: 'text', value: 'Walked banner text', key: 'banner_text', expected: 'Walked banner text' },
  'signup-design': { label: 'Title size', kind: 'text', value: '40px|48px|56px|64px', key: 'new_signup_design_title_font_size', expected: '40px|48px|56px|64px' },
  'login-and-signup-title': { label: 'Login page title', kind: 'text', value: 'Welcome back, fan', key: 'login_page_title', expected: 'Welcome back, fan' },
  navbar: { label: 'Log in label', kind: 'text', value: 'Sign in', key: 'log_in_navbar_name', expected: 'Sign in' },
  'show-payment-icons': { label: 'Payment card icons', kind: 'switch', key: 'show_payment_icons', expected: false },
  'timestamp-visibility': { label: 'Post dates', kind: 'switch', key: 'show_post_timestamp', expected: false },
  watermark: { label: 'Watermark text', kind: 'text', value: 'walked.example', key: 'watermark_text', expected: 'walked.example' },
  'public-post-setting': { label: 'Public posts', kind: 'switch', key: 'enable_public_post', expected: false },
  'display-pagination-on-exclusive-content': { label: 'Paginate exclusive content', kind: 'switch', key: 'is_pagination_on_exclusive_content_enabled', expected: true },
  'show-media-count-in-exclusive-content': { label: 'Photo and video counts', kind: 'switch', key: 'show_media_count_in_exclusive_content', expected: false },
  comments: { label: 'Comments', kind: 'switch', key: 'is_feed_comment_enabled', expected: false },
  'feed-tags': { label: 'Feed tags', kind: 'switch', key: 'feed_tags_enable', expected: false },
  'membership-price-settings': { label: 'Membership price', kind: 'text', value: '12.5', key: 'membership_price_cents', expected: 1250 },
  'subscription-page-settings': { label: 'Form padding', kind: 'text', value: '24', key: 'payment_form_padding', expected: 24 },
  'tip-page-settings': { label: 'Tip maximum', kind: 'text', value: '400', key: 'tips_maximum_amount', expected: 400 },
  'minimum-and-maximum-amounts': { label: 'Unlock maximum', kind: 'text', value: '400', key: 'content_unlock_maximum_amount', expected: 400 },
  'forum-pay-setting': { label: 'Add Funds presets', kind: 'text', value: '10,20,40', key: 'add_fund_default_options', expected: '10,20,40' },
  'pay-per-message': { label: 'Price per message', kind: 'text', value: '7', key: 'pay_per_message_amount', expected: 7 },
  'hide-earnings': { label: 'Hide earnings', kind: 'switch', key: 'hide_earnings', expected: true },
  'age-modal': { label: 'Minimum age', kind: 'text', value: '21', key: 'age_gate_age', expected: 21 },
  website: { label: 'Model name', kind: 'text', value: 'Walked Creator', key: 'model_name', expected: 'Walked Creator' },
  'website-settings': { label: 'GA4 measurement id', kind: 'text', value: 'G-WALKED1234', key: 'google_analytics_4_measurement_id', expected: 'G-WALKED1234' },
  'miscellaneous-settings': { label: 'Blocked countries', kind: 'text', value: 'KP', key: 'blocked_countries', expected: ['KP'] },
  'export-users': { label: 'Content managers may export users', kind: 'switch', key: 'content_manager_can_export_users', expected: true },
};

/** The pages also shot at 375 px: the first page of each settings area the admin may open. */
const opensForAdmin = (p: (typeof SETTINGS_PAGES)[number]) => existingPages().includes(p) && mayOpenPage('admin', pageKeyOf(p)!);
const SHOT_AT_BOTH_WIDTHS = new Set(SETTINGS_GROUPS.map((g) => SETTINGS_PAGES.find((p) => p.group === g.id && opensForAdmin(p))?.slug));

describe.skipIf(!hasChromium)('settings pages (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  const errors: string[] = [];
  const settings = async () => (await t.call('GET', '/admin-api/settings/site', undefined, { token: admin })).body;
  const png = (colour: string) => sharp({ create: { width: 640, height: 240, channels: 3, background: colour } }).png().toBuffer();
  /**
   * Shoots the page at 1440 px, then at phone width answers how wide it is (nothing may stick out sideways) and, with
   * `both`, shoots it there too; back at 1440 px after. One trip to phone width for the picture and the check.
   */
  const shoot = async (p: Page, name: string, both: boolean) => {
    await settled(p);
    await p.screenshot({ path: artifactPath(`${name}-1440.png`) });
    await p.setViewportSize(PHONE);
    await settled(p);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    if (both) await p.screenshot({ path: artifactPath(`${name}-375.png`) });
    await p.setViewportSize(DESKTOP);
    return width;
  };

  /** Opens an app page and waits until the app drew into #root and its "Loading…" placeholder is gone. */
  const open = async (p: Page, url: string) => {
    const response = await p.goto(t.base + url);
    expect(response?.status(), url).not.toBe(404);
    await p.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0 && document.body.innerText.trim() !== 'Loading…', undefined, { timeout: 15_000 });
  };

  /**
   * Opens a console page the way the console's own links do: through its router (a history entry and popstate, as
   * the browser's Back does), without loading the app again. The reload after a save opens the deep link.
   */
  const navigate = async (p: Page, url: string) => {
    await p.evaluate((to) => {
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, url);
    await p.waitForURL((u) => u.pathname === url);
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    browser = await launchChromium();
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(t.adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 20_000 });
  }, 600_000); // the apps may need a build first, on a busy machine
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the index lists the pages by area, searches by page and by setting, and the menu opens an area', async () => {
    await open(page, '/admin/settings');
    const index = page.getByTestId('settings-index');
    await index.waitFor({ timeout: 20_000 });
    const mine = existingPages().filter((p) => mayOpenPage('admin', pageKeyOf(p)!));
    await expect.poll(() => index.locator('[data-testid^="settings-link-"]').count()).toBe(mine.length);
    expect(await shoot(page, 'settings-00-index', true)).toBeLessThanOrEqual(PHONE.width);

    // By a page's name, by a setting's label, by a setting's key.
    await page.getByTestId('settings-search').fill('tip');
    await page.getByTestId('settings-link-tip-page-settings').waitFor();
    await page.getByTestId('settings-link-minimum-and-maximum-amounts').waitFor();
    await page.getByTestId('settings-search').fill('secondary text colour');
    await expect.poll(() => index.locator('[data-testid^="settings-link-"]').count()).toBe(1);
    await page.getByTestId('settings-link-theme').getByText('Secondary text colour').waitFor();
    await shootBothWidths(page, 'settings-01-search');
    await page.getByTestId('settings-search').fill('feed_tags_enable');
    await expect.poll(() => index.locator('[data-testid^="settings-link-"]').count()).toBe(1);
    await page.getByTestId('settings-search').fill('no such setting anywhere');
    await page.getByText('No settings match your search.').waitFor();
    await page.getByTestId('settings-search').fill('');

    // The menu's area entries open the index on that area.
    await page.getByTestId('menu-settings-look').click();
    await page.waitForURL((u) => u.search.includes('group=look'));
    await expect.poll(() => index.locator('[data-testid^="settings-group-card-"]').count()).toBe(1);
    await page.getByTestId('settings-link-theme').click();
    await page.getByTestId('settings-page-title').filter({ hasText: 'Theme' }).waitFor({ timeout: 20_000 }).catch(async (e) => {
      await page.screenshot({ path: artifactPath('settings-FAILED-index-link.png') });
      throw new Error(`${(e as Error).message}\n(at ${page.url()})`);
    });
    expect(new URL(page.url()).pathname).toBe('/admin/settings/theme');
    await page.getByTestId('theme-preview').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  it('every form page has a change in this walk', () => {
    expect(SETTINGS_PAGES.filter((p) => p.settings).map((p) => p.slug).filter((s) => !CHANGES[s])).toEqual([]);
  });

  for (const entry of SETTINGS_PAGES) {
    const change = CHANGES[entry.slug];
    it(`${entry.slug}: opens on /admin${pathOf(entry)}${change ? ', changes a setting, saves, and sees it after a reload' : ''} (1440 and 375 px${SHOT_AT_BOTH_WIDTHS.has(entry.slug) ? ', shot at both' : ''})`, async () => {
      try {
        await walk();
      } catch (e) {
        // What the page showed when it failed, and where it was.
        await page.screenshot({ path: artifactPath(`settings-FAILED-${entry.slug}.png`) }).catch(() => {});
        throw new Error(`${(e as Error).message}\n(at ${page.url()})`, { cause: e });
      }
    });
    const walk = async () => {
      if (!opensForAdmin(entry)) {
        // Not in this console yet: the registry names who builds it, and the index leaves it out.
        expect(entry.owner ?? 'built by the site-configuration pages').toBeTruthy();
        return;
      }
      if (!change) {
        await open(page, `/admin${pathOf(entry)}`);
        // A page of its own: it opened (no "not found" and a title in the app bar), nothing crashed.
        await page.locator('#react-admin-title').filter({ hasText: /\S/ }).waitFor({ timeout: 20_000 });
        await settled(page);
        expect(await page.getByTestId('settings-page-missing').count()).toBe(0);
        expect(await shoot(page, `settings-${entry.slug}`, SHOT_AT_BOTH_WIDTHS.has(entry.slug))).toBeLessThanOrEqual(PHONE.width);
        expect(errors).toEqual([]);
        return;
      }
      // A form page is opened from the one before through the router; its reload below opens it on its deep link.
      await navigate(page, `/admin${pathOf(entry)}`);
      const form = page.locator(`[data-testid="settings-form"][data-page="${entry.slug}"]`);
      await form.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('settings-page-title').innerText()).toBe(entry.title);
      if (change.kind === 'switch') {
        const input = form.getByLabel(label(change.label));
        await input.waitFor();
        if ((await input.isChecked()) !== change.expected) await input.click();
      } else if (change.kind === 'text') {
        const input = form.getByLabel(label(change.label));
        await input.fill(change.value!);
      } else {
        const tile = form.getByTestId(`theme-image-${change.label}`);
        await tile.getByTestId(`theme-image-${change.label}-file`).setInputFiles({ name: `${entry.slug}.png`, mimeType: 'image/png', buffer: await png('#2a9d8f') });
        await tile.locator('img').waitFor({ timeout: 15_000 });
        if (entry.slug === 'background-settings') await form.getByLabel(label('Background image')).check();
      }
      await page.getByTestId('settings-save').click();
      await page.getByText(SAVED).first().waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await settings())[change.key], { timeout: 15_000 }).toEqual(change.expected);

      await open(page, `/admin${pathOf(entry)}`);
      await form.waitFor({ timeout: 20_000 });
      if (change.kind === 'switch') expect(await form.getByLabel(label(change.label)).isChecked()).toBe(change.expected);
      else if (change.kind === 'text') await expect.poll(() => form.getByLabel(label(change.label)).inputValue()).toBe(change.value);
      else expect(await form.getByTestId(`theme-image-${change.label}`).locator('img').getAttribute('src')).toBe((await settings())[change.key]);
      expect(await shoot(page, `settings-${entry.slug}`, SHOT_AT_BOTH_WIDTHS.has(entry.slug))).toBeLessThanOrEqual(PHONE.width);
      expect(errors).toEqual([]);
    };
  }

  it('the menu-and-links page saves its three forms one after another without a reload; a save by someone else in between is still refused', async () => {
    await open(page, '/admin/settings/custom-menu-links');
    const links = page.getByTestId('links-page-settings');
    const navbar = page.getByTestId('navbar-settings');
    await links.waitFor({ timeout: 20_000 });
    await navbar.waitFor();
    const menuSaved = page.waitForResponse((r) => r.url().endsWith('/api/settings/menu-settings') && r.request().method() === 'POST');
    await page.getByTestId('menu-settings').getByRole('button', { name: 'Save menu' }).click();
    expect((await menuSaved).status()).toBe(200);
    await links.getByLabel('Title').fill('Find me elsewhere');
    await links.getByRole('button', { name: 'Save links page' }).click();
    await expect.poll(async () => (await settings()).links_page_title, { timeout: 15_000 }).toBe('Find me elsewhere');
    // Someone else saves the navigation bar's record meanwhile: this page's next save is refused, not written over it.
    const other = await t.call('POST', '/api/settings/links-page-settings', { links_page_title: 'Changed elsewhere' }, { token: admin });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    await navbar.getByTestId('navbar-tips_navbar_name').fill('Tip jar');
    await navbar.getByRole('button', { name: 'Save navigation bar' }).click();
    await page.getByText(/Someone else changed/).first().waitFor({ timeout: 15_000 });
    expect((await settings()).tips_navbar_name).not.toBe('Tip jar');
    expect((await settings()).links_page_title).toBe('Changed elsewhere');
    expect(errors).toEqual([]);
  });

  it('a bad value is refused in the form, naming what is wrong, and nothing is saved', async () => {
    const before = (await settings()).new_signup_design_description_font_size;
    await open(page, '/admin/settings/signup-design');
    const form = page.getByTestId('settings-form');
    await form.getByLabel(label('Description size')).fill('25px|25px');
    await page.getByTestId('settings-save').click();
    await form.getByText('Four sizes separated by |, e.g. 55px|65px|75px|85px').waitFor({ timeout: 10_000 }).catch(async (e) => {
      await page.screenshot({ path: artifactPath('settings-FAILED-bad-value.png') });
      throw e;
    });
    expect((await settings()).new_signup_design_description_font_size).toBe(before);
  });

  it('the fan site follows: page colour, background image, titles, sign-up sizes, post dates and media counts', async () => {
    // A locked post with one photo, for the dates and the counts.
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'walk.jpg', content_type: 'image/jpeg', media_type: 'blog' }, { token: admin });
    expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
    const media = await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token: admin });
    const post = await t.call('POST', '/admin-api/posts', { caption: 'Walked locked post', visibility: 'locked', amount: 8, media_ids: [media.body.data.id] }, { token: admin });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    expect(post.body.id).toEqual(expect.any(String));

    const fan = await browser.newPage({ viewport: DESKTOP });
    fan.on('pageerror', (e) => errors.push(`fan: ${e.message}`));
    // A guest who already confirmed their age (the walk set the age gate to 21).
    await fan.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    try {
      await open(fan, '/');
      // By its id: a locked post's caption is hidden from guests (the card shows a blurred placeholder).
      const card = fan.locator(`[data-testid="post-card"][data-post-id="${post.body.id}"]`);
      await card.getByTestId('locked-overlay').waitFor({ timeout: 30_000 }).catch(async (e) => {
        await fan.screenshot({ path: artifactPath('settings-FAILED-fan-feed.png') });
        const feed = await t.call('GET', '/api/blogs?page_num=1');
        throw new Error(`${(e as Error).message}\n(at ${fan.url()}; a guest's feed: ${JSON.stringify(feed.body).slice(0, 600)})`);
      });
      // The theme page set the page colour (#f4f1ea); the background page an image behind every page.
      await expect.poll(() => fan.evaluate(() => getComputedStyle(document.body).backgroundColor), { timeout: 20_000 }).toBe('rgb(244, 241, 234)');
      expect(await fan.evaluate(() => getComputedStyle(document.body).backgroundImage)).toContain((await settings()).background_image_url);
      // Post dates off, media counts off: the locked card shows neither.
      expect(await card.getByTestId('post-time').count()).toBe(0);
      expect(await card.getByText('1 photo').count()).toBe(0);
      await shootBothWidths(fan, 'settings-fan-feed');

      // Both back on: the date and "1 photo" show.
      expect((await t.call('PUT', '/admin-api/settings/site', { show_post_timestamp: true, show_media_count_in_exclusive_content: true }, { token: admin })).status).toBe(200);
      await open(fan, '/');
      await card.getByTestId('post-time').waitFor({ timeout: 20_000 });
      await card.getByTestId('locked-overlay').getByText('1 photo').waitFor();

      await open(fan, '/login');
      await fan.getByTestId('auth-title').filter({ hasText: 'Welcome back, fan' }).waitFor({ timeout: 20_000 });
      await open(fan, '/register');
      const title = fan.getByTestId('auth-title');
      await title.waitFor({ timeout: 20_000 });
      // Sign-up design: 40px|48px|56px|64px → 64 px from 1440 px, 40 px on a phone.
      expect(await title.evaluate((el) => getComputedStyle(el).fontSize)).toBe('64px');
      await fan.setViewportSize(PHONE);
      await expect.poll(() => title.evaluate((el) => getComputedStyle(el).fontSize)).toBe('40px');
      await fan.setViewportSize(DESKTOP);
      await shootBothWidths(fan, 'settings-fan-register');
    } finally {
      await fan.close();
    }
    expect(errors).toEqual([]);
  });
});

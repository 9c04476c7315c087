// The home feed, post cards, viewers and the landing page in a real browser: a guest sees the
// landing page when it is on and the hero banner when it is off, the feed paginates or scrolls infinitely by
// setting, the gallery viewer pages with the keyboard and closes on Escape, and a URL hash opens a post.
// Screenshots at 375 px and 1440 px in tests/artifacts/.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoImage } from '../../infra/media/demo-images';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, PHONE, artifactPath, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, settled } from '../support/browser';

const hasChromium = requireChromium();
const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const isFeedCall = (url: URL) => url.pathname === '/api/blogs';
const VIDEO_URL = 'https://video.fanclub.test/banner.webm';

describe.skipIf(!hasChromium)('feed, post cards and landing page (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let galleryId: string;
  let oldestId: string;
  const themeImages: string[] = [];
  const consoleErrors: string[] = [];
  let video: Buffer;

  const put = async (changes: Record<string, unknown>) => {
    const r = await t.call('PUT', '/admin-api/settings/site', changes, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  /** Presigned upload → raw PUT → media record, as the console does. */
  const uploadMedia = async (data: Buffer, name: string): Promise<string> => {
    const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg' }, { token: admin });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const putRes = await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', body: new Uint8Array(data), headers: { 'content-type': 'image/jpeg' } });
    expect(putRes.status).toBe(200);
    const saved = await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg', original_name: name }, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return saved.body.data.id ?? saved.body.data._id;
  };

  const post = async (body: Record<string, unknown>): Promise<string> => {
    const r = await t.call('POST', '/api/blogs', body, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data._id;
  };

  const cards = () => page.getByTestId('post-card');

  /** At phone width nothing sticks out sideways. */
  const fitsPhone = async (p: Page = page) => {
    await p.setViewportSize(PHONE);
    await settled(p);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    await p.setViewportSize(DESKTOP);
    return width;
  };

  /** Full-page screenshots at both widths (the landing page is long; scrolled through first so lazy images load). */
  const shootFull = async (name: string) => {
    for (const [label, size] of [['1440', DESKTOP], ['375', PHONE]] as const) {
      await page.setViewportSize(size);
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += size.height) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(150);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({ path: artifactPath(`${name}-${label}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    // A small VP8 clip for the video banners, served by the browser's request interception.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-video-'));
    execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=24', '-t', '2', '-c:v', 'libvpx', '-b:v', '300k', '-an', '-y', path.join(dir, 'v.webm')]);
    video = fs.readFileSync(path.join(dir, 'v.webm'));
    fs.rmSync(dir, { recursive: true, force: true });

    t = await startTestServer('pglite', { FANCLUB_DEMO: 'true' }, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    await put({ show_age_modal: false, model_name: 'Luna Rivera' });

    // Theme images for the banners, sections and grid.
    for (const [i, title] of ['Luna', 'Studio', 'Backstage', 'Beach', 'Sunset', 'City', 'Night', 'Portrait'].entries()) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await demoImage(i, title, 900, 900))], { type: 'image/jpeg' }), `${title}.jpg`);
      const res = await fetch(`${t.base}/api/app_settings/upload-theme-image`, { method: 'POST', body: form, headers: { authorization: admin } });
      const body = (await res.json()) as { data: { url: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      themeImages.push(body.data.url);
    }

    // 7 demo posts + 3 public photo posts + a public 3-photo gallery = 11 posts: two feed pages of 10.
    const demo = (await t.call('GET', '/api/blogs?page_num=1')).body.data;
    expect(demo.totalPosts).toBe(7);
    oldestId = demo.blogs[demo.blogs.length - 1]._id;
    for (let i = 1; i <= 3; i++) {
      const photo = await uploadMedia(await demoImage(i + 4, `Photo ${i}`, 900, 900), `photo-${i}.jpg`);
      await post({ caption: `Photo post number ${i}: a short note for the members of the club.`, visibility: 'public', media_ids: [photo] });
    }
    const media: string[] = [];
    for (const [i, title] of ['One', 'Two', 'Three'].entries()) media.push(await uploadMedia(await demoImage(i + 2, `Gallery ${title}`, 1200, 900), `gallery-${i}.jpg`));
    galleryId = await post({ caption: 'A public gallery of three photos from the weekend — swipe or use the arrows to see them all.', visibility: 'public', media_ids: media });
    // The posts show once their photos are processed.
    const ready = async () => {
      const feed = (await t.call('GET', '/api/blogs?page_num=1')).body.data;
      return feed.totalPosts === 11 && feed.blogs.find((b: { _id: string }) => b._id === galleryId)?.media?.filter((m: { url: string | null }) => m.url).length === 3;
    };
    for (let i = 0; i < 240 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 250));
    expect(await ready()).toBe(true);

    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await page.route(VIDEO_URL, (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: video }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('with the landing page on, a guest at / sees it (spinner first), with the navbar labels from the settings', async () => {
    await put({
      landing_page_enabled: true,
      log_in_navbar_name: 'Sign in',
      sign_up_navbar_name: 'Join now',
      theme3_top_banner_enabled: false,
      theme3_main_banner_image_url: themeImages[0],
      theme3_section1_image_url: themeImages[1],
      theme3_section1_title: 'Welcome to my club',
      theme3_section2_image_url: themeImages[2],
      theme3_grid_enabled: true,
      theme3_grid_images: themeImages.slice(2, 8),
      instagram_url: 'https://instagram.com/luna',
      tiktok_url: 'https://tiktok.com/@luna',
      twitch_url: 'https://twitch.tv/luna',
      amazon_wishlist_url: 'https://amazon.com/wishlist/luna',
    });
    // Hold the theme settings back a moment: the spinner shows until they arrive.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/app_settings/get_all_theme_3_settings', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(t.base + '/');
    await page.getByTestId('landing-loading').waitFor({ timeout: 15_000 });
    release();
    await page.getByTestId('landing-page').waitFor({ timeout: 15_000 });
    await page.unroute('**/api/app_settings/get_all_theme_3_settings');

    expect(await cards().count()).toBe(0);
    await expect.poll(() => page.getByTestId('landing-nav-login').textContent(), { timeout: 5_000 }).toBe('Sign in');
    expect(await page.getByTestId('landing-nav-register').textContent()).toBe('Join now');
    expect(await page.getByTestId('landing-nav-register').getAttribute('href')).toBe('/register');
    expect(await page.getByTestId('landing-subscribe-main').getAttribute('href')).toBe('/register');
    expect(await page.getByTestId('landing-model-name').textContent()).toBe('LunaRivera');
    for (const id of ['landing-main-banner', 'landing-section-1', 'landing-section-2', 'landing-grid', 'landing-section-3']) {
      expect(await page.getByTestId(id).isVisible(), id).toBe(true);
    }
    expect(await page.getByTestId('landing-main-banner').getAttribute('data-kind')).toBe('image');
    expect(await page.getByTestId('landing-main-social').locator('a').count()).toBe(4);
    expect(await page.getByTestId('footer-payment-icons').locator('li').count()).toBe(4);
    // The uploaded images are served and shown.
    const mainImage = page.getByTestId('landing-main-image');
    await expect.poll(() => mainImage.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('mute-toggle').count()).toBe(0);
    await shootFull('feed-20-landing');
    expect(await fitsPhone()).toBeLessThanOrEqual(PHONE.width);

    // Desktop: links in the bar; phone (< 767 px): a side menu.
    expect(await page.getByTestId('landing-nav-desktop').isVisible()).toBe(true);
    expect(await page.getByTestId('landing-menu-button').isVisible()).toBe(false);
    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.getByTestId('landing-nav-desktop').isVisible()).toBe(false);
    await page.getByTestId('landing-menu-button').click();
    const menu = page.getByTestId('landing-menu');
    await menu.waitFor();
    expect(await page.getByTestId('landing-nav-login-mobile').textContent()).toBe('Sign in');
    await settled(page);
    await page.screenshot({ path: artifactPath('feed-21-landing-menu-375.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await page.setViewportSize(DESKTOP);

    // The same page is at /landing, with a running subscription promotion's ribbon above its own navbar.
    const promo = await t.call('POST', '/api/promotion-setting/save-promotion', {
      promotion_type: 'SUBSCRIPTION', applicable_to: 'ALL_USERS', date_expire: 24, ribbon_text: 'First month $4.99',
      subscription_initial_amount: 4.99, subscription_recurring_amount: 9.99,
    }, { token: admin });
    expect(promo.status, JSON.stringify(promo.body)).toBe(200);
    await page.goto(t.base + '/landing');
    await page.getByTestId('landing-page').waitFor();
    await page.getByTestId('promotion-ribbon').getByText('First month $4.99').waitFor({ timeout: 15_000 });
    await page.getByTestId('promotion-countdown').first().waitFor();
    await shootBothWidths(page, 'feed-22-landing-promotion');
    const ended = await t.call('POST', '/api/promotion-setting/end-promotion', { promotion_id: promo.body.data._id }, { token: admin });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await page.goto(t.base + '/landing');
    await page.getByTestId('landing-page').waitFor();
    await page.getByTestId('landing-nav-login').click();
    await page.waitForURL('**/login');
  });

  it('a video banner plays muted with a mute/unmute button', async () => {
    await put({ theme3_top_banner_enabled: true, theme3_top_banner_video_url: VIDEO_URL });
    await page.goto(t.base + '/landing');
    await page.getByTestId('landing-top-banner').waitFor({ timeout: 15_000 });
    const videoEl = page.getByTestId('landing-top-video');
    await expect.poll(() => videoEl.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await videoEl.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    const toggle = page.getByTestId('mute-toggle');
    expect(await toggle.getAttribute('aria-label')).toBe('Unmute video');
    await toggle.click();
    await expect.poll(() => videoEl.evaluate((v: HTMLVideoElement) => v.muted), { timeout: 5_000 }).toBe(false);
    expect(await toggle.getAttribute('aria-label')).toBe('Mute video');
    await shootBothWidths(page, 'feed-22-landing-video');
    await put({ theme3_top_banner_enabled: false, landing_page_enabled: false });
  });

  it('with the landing page off, a guest sees the feed with the hero banner, social and payment-card icons', async () => {
    await put({ banner_type: 'image', banner_images: themeImages.slice(0, 3), banner_text: 'New photos and videos every week, only for members.', payment_icons: ['visa', 'mastercard', 'amex', 'discover', 'jcb'] });
    await page.goto(t.base + '/');
    const hero = page.getByTestId('hero-banner');
    await hero.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('landing-page').count()).toBe(0);
    expect(await hero.getAttribute('data-kind')).toBe('images');
    expect(await hero.getByTestId('banner-image').count()).toBe(3);
    expect(await hero.getByTestId('hero-text').textContent()).toBe('New photos and videos every week, only for members.');
    expect(await hero.getByTestId('subscribe-banner-button').getAttribute('href')).toBe('/register');
    expect(await hero.getByTestId('hero-payment-icons').locator('li').count()).toBe(5);
    expect(await hero.getByTestId('hero-social-icons').locator('a').count()).toBe(4);
    expect(await page.getByTestId('footer-social-icons').locator('a').count()).toBe(4);
    expect(await page.getByTestId('nav-login').textContent()).toBe('Sign in');
    await cards().first().waitFor();
    await shootBothWidths(page, 'feed-23-feed-hero');
    expect(await fitsPhone()).toBeLessThanOrEqual(PHONE.width);
  });

  it('post cards: visibility icons with the price, blurred media where not entitled, arrows for several items, caption tooltip', async () => {
    await page.goto(t.base + '/');
    await cards().first().waitFor({ timeout: 15_000 });
    const locked = page.locator('[data-testid="post-card"][data-visibility="locked"]').first();
    await locked.scrollIntoViewIfNeeded();
    expect(await locked.getByTestId('visibility-icon').getAttribute('aria-label')).toMatch(/^Locked · \$\d+\.\d\d$/);
    expect(await locked.getByTestId('visibility-price').textContent()).toMatch(/^\$\d+\.\d\d$/);
    expect(await locked.getByTestId('locked-overlay').isVisible()).toBe(true);
    const priv = page.locator('[data-testid="post-card"][data-visibility="private"]').first();
    expect(await priv.getByTestId('visibility-icon').getAttribute('aria-label')).toBe('Subscribers only');
    expect(await priv.getByTestId('post-caption').getAttribute('data-blurred')).toBe('true');
    expect(await page.locator(`#post-${galleryId}`).getByTestId('visibility-icon').getAttribute('aria-label')).toBe('Public');

    const gallery = page.locator(`#post-${galleryId}`);
    const media = gallery.getByTestId('post-media');
    expect(await media.getAttribute('data-media-count')).toBe('3');
    await gallery.getByTestId('gallery-next').click();
    expect(await media.getAttribute('data-slide')).toBe('1');
    await gallery.getByTestId('gallery-prev').click();
    await gallery.getByTestId('gallery-prev').click();
    expect(await media.getAttribute('data-slide')).toBe('2');
    // A single-item post has no arrows.
    expect(await locked.getByTestId('gallery-next').count()).toBe(0);

    await media.hover({ position: { x: 200, y: 200 } });
    const tip = page.getByTestId('caption-tooltip');
    await tip.waitFor({ timeout: 5_000 });
    const text = (await tip.textContent()) ?? '';
    expect(text.endsWith('...')).toBe(true);
    expect(text.length).toBe(83);
    await page.mouse.move(5, 5);

    // Counts are shown when the server sends them, and not when it sends null (settings hiding them).
    expect(await locked.getByTestId('like-total').count()).toBe(1);
    expect(await locked.getByTestId('comment-total').count()).toBe(1);
    // The same feed as the server may send it: counts hidden (null), a locked post with a preview, a post
    // under process and one in error (staff see those two).
    let previewId = '';
    let processingId = '';
    let errorId = '';
    await page.route(isFeedCall, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      const blogs = body.data.blogs as any[];
      const open = blogs.find((b) => b._id === galleryId).media[0];
      for (const b of blogs) if (b.visibility !== 'public') Object.assign(b, { total_likes: null, total_comments: null });
      const locked = blogs.find((b) => b.visibility === 'locked' && b.media.length === 1);
      previewId = locked._id;
      Object.assign(locked, { media_preview: open, isPreviewEnable: true });
      const photos = blogs.filter((b) => b.visibility === 'public' && b.media.length === 1 && b._id !== galleryId);
      processingId = photos[0]._id;
      errorId = photos[1]._id;
      Object.assign(photos[0], { processing: true });
      Object.assign(photos[1], { isError: true, blogType: 'photo' });
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await cards().first().waitFor();
    const hidden = page.locator('[data-testid="post-card"][data-visibility="private"]').first();
    expect(await hidden.getByTestId('like-button').count()).toBe(1);
    expect(await hidden.getByTestId('like-total').count()).toBe(0);
    expect(await hidden.getByTestId('comment-total').count()).toBe(0);
    expect(await hidden.getByTestId('comment-count').getAttribute('aria-label')).toBe('Comments, open post');
    expect(await page.locator(`#post-${galleryId}`).getByTestId('like-total').count()).toBe(1);

    const withPreview = page.locator(`#post-${previewId}`);
    await withPreview.scrollIntoViewIfNeeded();
    const previewMedia = withPreview.getByTestId('post-media');
    expect(await previewMedia.getAttribute('data-preview')).toBe('true');
    expect(await previewMedia.getAttribute('data-media-count')).toBe('2');
    expect(await withPreview.getByTestId('preview-chip').isVisible()).toBe(true);
    expect(await withPreview.getByTestId('unlock-button').textContent()).toMatch(/^Unlock \$\d+\.\d\d$/);
    await shootBothWidths(page, 'feed-28-preview');
    await withPreview.getByTestId('gallery-next').click();
    expect(await previewMedia.getAttribute('data-preview')).toBe('false');
    expect(await withPreview.getByTestId('locked-overlay').isVisible()).toBe(true);

    const processing = page.locator(`#post-${processingId}`);
    expect(await processing.getByTestId('post-processing').textContent()).toBe('This post is under process. It will be visible once processing is completed.');
    expect(await processing.getByTestId('post-media').count()).toBe(0);
    expect(await processing.locator('a[href^="/feed/"]').count()).toBe(0);
    expect(await page.locator(`#post-${errorId}`).getByTestId('post-error').textContent()).toBe('Error: There was a problem with this content. we will investigate and let you know.');
    await page.unroute(isFeedCall);
  });

  it('opens the gallery viewer full screen, pages with the keyboard and closes on Escape, the close button or outside', async () => {
    await page.goto(t.base + '/');
    const gallery = page.locator(`#post-${galleryId}`);
    await gallery.waitFor({ timeout: 15_000 });
    await gallery.getByTestId('gallery-next').click();
    await gallery.getByTestId('open-media').click();
    const viewer = page.getByTestId('media-viewer');
    await viewer.waitFor();
    expect(await page.getByTestId('media-viewer-position').textContent()).toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('media-viewer-position').textContent(), { timeout: 5_000 }).toBe('3 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('media-viewer-position').textContent(), { timeout: 5_000 }).toBe('1 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('media-viewer-position').textContent(), { timeout: 5_000 }).toBe('3 / 3');
    const img = page.getByTestId('media-viewer-image');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(500);
    await shootBothWidths(page, 'feed-24-gallery-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    await gallery.getByTestId('open-media').click();
    await viewer.waitFor();
    await page.getByTestId('media-viewer-close').click();
    await viewer.waitFor({ state: 'hidden' });

    await gallery.getByTestId('open-media').click();
    await viewer.waitFor();
    await page.getByTestId('media-viewer-backdrop').click({ position: { x: 20, y: 120 } });
    await viewer.waitFor({ state: 'hidden' });
  });

  it('paginates when pagination is on: 10 posts a page, a window of pages, and "No Posts Found" beyond the last', async () => {
    await put({ is_pagination_on_exclusive_content_enabled: true });
    await page.goto(t.base + '/');
    const pager = page.getByTestId('feed-pagination');
    await pager.waitFor({ timeout: 15_000 });
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(10);
    expect(await page.getByTestId('page-1').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('page-previous').isDisabled()).toBe(true);
    await pager.scrollIntoViewIfNeeded();
    await shootBothWidths(page, 'feed-25-feed-paginated');
    await page.getByTestId('page-2').click();
    await page.waitForURL('**/?page=2');
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('page-2').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('page-next').isDisabled()).toBe(true);
    // Scrolling to the bottom loads nothing more in this mode.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(500);
    expect(await cards().count()).toBe(1);

    await page.goto(t.base + '/?page=9');
    await page.getByText('No Posts Found').waitFor({ timeout: 15_000 });
    await shootBothWidths(page, 'feed-26-feed-empty');
    await page.getByTestId('first-page').click();
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(10);
  });

  it('scrolls infinitely when pagination is off: the next page once past 98% of the page', async () => {
    await put({ is_pagination_on_exclusive_content_enabled: false });
    await page.goto(t.base + '/');
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(10);
    expect(await page.getByTestId('feed-pagination').count()).toBe(0);
    // Halfway down: still one page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2 - window.innerHeight));
    await page.waitForTimeout(500);
    expect(await cards().count()).toBe(10);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBe(11);
    await page.getByText('You\u2019re all caught up.').or(page.getByText("You're all caught up.")).first().waitFor();
  });

  it('opens a post named by the URL hash, loading further pages to find it', async () => {
    await page.goto(t.base + `/#post-${oldestId}`);
    const target = page.locator(`#post-${oldestId}`);
    await target.waitFor({ timeout: 15_000 });
    // It is on the second page: found, highlighted for a moment and scrolled to the top of the view.
    await expect.poll(() => target.getAttribute('data-highlighted'), { timeout: 10_000, interval: 50 }).toBe('true');
    await expect
      .poll(async () => {
        const box = await target.boundingBox();
        return !!box && box.y >= -2 && box.y < DESKTOP.height / 2;
      }, { timeout: 10_000 })
      .toBe(true);
    await shootBothWidths(page, 'feed-27-feed-hash');
  });

  it('in the console, the Landing page settings page uploads a theme image and saves it', async () => {
    const consolePage = await browser.newPage({ viewport: DESKTOP });
    const crashes: string[] = [];
    consolePage.on('pageerror', (e) => crashes.push(e.message));
    try {
      await consolePage.goto(t.base + '/admin/login');
      await consolePage.getByLabel('Email').fill(t.adminEmail);
      await consolePage.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
      await consolePage.getByRole('button', { name: 'Sign in' }).click();
      await consolePage.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 20_000 });
      await consolePage.goto(t.base + '/admin/settings/landing-page-settings');
      const tile = consolePage.getByTestId('theme-image-theme3_section2_image_url');
      await tile.waitFor({ timeout: 20_000 });
      // Section 2 shows the image uploaded earlier; replace it with a new upload.
      await tile.getByTestId('theme-image-theme3_section2_image_url-remove').click();
      await tile.getByTestId('theme-image-theme3_section2_image_url-upload').waitFor();
      await tile.getByTestId('theme-image-theme3_section2_image_url-file').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: await demoImage(5, 'New', 600, 600) });
      const img = tile.locator('img');
      await img.waitFor({ timeout: 15_000 });
      const url = await img.getAttribute('src');
      expect(url).toMatch(/^\/media\/theme\/[0-9a-f-]{36}\.jpg$/);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
      await shootBothWidths(consolePage, 'feed-29-console-landing-tab');
      await consolePage.getByTestId('settings-save').click();
      await expect
        .poll(async () => (await t.call('GET', '/api/app_settings/get_all_theme_3_settings')).body.data.theme3Settings.section2.image_url, { timeout: 15_000 })
        .toBe(url);
      await consolePage.goto(t.base + '/admin/settings/banner-image-text');
      await consolePage.getByTestId('theme-image-banner_images-0').waitFor({ timeout: 20_000 });
      await shootBothWidths(consolePage, 'feed-30-console-banner-tab');
      expect(await fitsPhone(consolePage)).toBeLessThanOrEqual(PHONE.width);
      expect(crashes).toEqual([]);
    } finally {
      await consolePage.close();
    }
  });

  it('logged no browser errors', () => {
    expect([...new Set(consoleErrors)].slice(0, 5)).toEqual([]);
  });
});

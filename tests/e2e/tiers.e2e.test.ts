// Tiers and bundles in a real browser: staff create a VIP tier in the console (a name already taken is refused
// under the field) and turn on a 3-month bundle; a fan picks VIP for 3 months on /subscribe, pays by card and sees
// the plan on the membership page; then upgrades (the prorated charge shown before confirming) and downgrades
// (waiting for the renewal). A post limited to VIP: the console's "Who can see"; a Basic member sees it locked with
// "Upgrade to VIP", upgrades from the post and sees it. A locked chat message limited to VIP: the console composer's
// Tier; a Basic member sees "Upgrade to VIP" on the bubble, upgrades there and is offered the unlock; a VIP member
// unlocks it at once; the console's Reporting shows memberships by tier. Screenshots at 375 px and 1440 px in
// tests/artifacts/ (tiers-*.png).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { formatMoney } from '../../domain/shared/money';
import sharp from 'sharp';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { artifactPath, ensureAppsBuilt, fillCardDialog, launchChromium, openConsole, openFanPage, PHONE, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('tiers and bundles end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let fan: { token: string; page: Page };
  const errors: string[] = [];
  const csp: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('staff create a VIP tier and turn on a 3-month bundle in the console', async () => {
    const { context, page } = await openConsole(browser, t, errors);
    try {
      await page.getByTestId('menu-membership-tiers').click();
      await page.waitForURL((u) => u.pathname === '/admin/membership-tiers');
      // The base tier is listed at the site's price, with no members yet.
      await page.getByText('$9.99 (site price)').waitFor({ timeout: 15_000 });
      await page.getByTestId('tier-create').click();
      await page.waitForURL((u) => u.pathname === '/admin/membership-tiers/create');
      // A name the base tier has: the server's message shows under the name.
      await page.getByTestId('tier-name').fill('Member');
      await page.getByTestId('tier-price').fill('24.99');
      await page.getByTestId('tier-rank').fill('10');
      await page.getByTestId('tier-benefits').fill('Every VIP post\nVIP messages from the creator');
      await page.getByTestId('tier-description').fill('Closer to the creator.');
      await page.getByRole('button', { name: 'Create tier' }).click();
      await page.getByText('Another tier already has this name.').waitFor({ timeout: 15_000 });
      await shootBothWidths(page, 'tiers-01-console-name-taken');
      await page.getByTestId('tier-name').fill('VIP');
      await page.getByRole('button', { name: 'Create tier' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/membership-tiers');
      await page.getByText('$24.99', { exact: true }).waitFor({ timeout: 15_000 });
      // The 3-month bundle: on, 20 % off; the resulting prices show before saving.
      await page.getByTestId('bundle-3-on').check();
      await page.getByTestId('bundle-3-percent').fill('20');
      const vipId = ((await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string }[]).find((x) => x.name === 'VIP')!.id;
      await expect.poll(() => page.getByTestId(`bundle-3-price-${vipId}`).innerText()).toBe('VIP: $59.98 for 3 months ($19.99 a month instead of $24.99)');
      await page.getByTestId('bundles-save').click();
      await expect.poll(async () => (await t.call('GET', '/admin-api/subscription-bundles/site', undefined, { token: admin })).body.discount_3, { timeout: 15_000 }).toBe(20);
      await shootBothWidths(page, 'tiers-02-console-tiers-bundles');
    } finally {
      await context.close();
    }
  });

  it('a fan subscribes to VIP for 3 months by card and sees the plan on the membership page', async () => {
    const reg = await t.call('POST', '/api/users/register', { name: 'Vera Vip', email: 'vera.vip@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    const { page } = await openFanPage(browser, t.base, token, { errors, csp });
    fan = { token, page };
    await page.goto(t.base + '/subscribe');
    await page.getByTestId('plan-picker').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('plan-price').innerText()).toBe('$9.99 / month');
    await page.getByTestId('tier-card-VIP').click();
    await expect.poll(() => page.getByTestId('plan-price').innerText(), { timeout: 15_000 }).toBe('$24.99 / month');
    await page.getByText('VIP messages from the creator').first().waitFor();
    await page.getByTestId('length-3').click();
    await expect.poll(() => page.getByTestId('plan-price').innerText(), { timeout: 15_000 }).toBe('$59.98 every 3 months');
    expect(await page.getByTestId('length-3').innerText()).toContain('Save 20 %');
    expect(await page.getByTestId('coupon-field').count()).toBe(0);
    await shootBothWidths(page, 'tiers-03-subscribe-picker');
    await page.getByTestId('subscribe-button').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor();
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Vera', lastName: 'Vip', email: 'vera.vip@example.com' });
    await dialog.getByTestId('pay-button').click();
    await page.getByText('Thank you for subscribing').first().waitFor({ timeout: 20_000 });
    await page.goto(t.base + '/membership');
    await expect.poll(() => page.getByTestId('membership-tier').innerText(), { timeout: 15_000 }).toBe('VIP · 3 months');
    expect(await page.getByTestId('membership-price').innerText()).toBe('$59.98 every 3 months');
    await shootBothWidths(page, 'tiers-04-membership-vip');
  });

  it('the member upgrades with the prorated charge shown before confirming, then downgrades at the renewal', async () => {
    const diamond = await t.call('POST', '/admin-api/membership-tiers', { name: 'Diamond', benefits: ['Everything'], price_cents: 4999, rank: 20 }, { token: admin });
    expect(diamond.status, JSON.stringify(diamond.body)).toBe(200);
    const { page } = fan;
    await page.reload();
    await page.getByTestId('membership-change-plan').click();
    const dialog = page.getByTestId('change-tier-dialog');
    await dialog.waitFor();
    const offer = (await t.call('GET', '/api/v2/subscription/details', undefined, { token: fan.token })).body.data.tier.changes.find((c: { name: string }) => c.name === 'Diamond');
    // 4999 × 3 × 0.8 = 11997.6 → 11998 every 3 months; the whole difference now (the period has just begun).
    expect(offer).toMatchObject({ kind: 'upgrade', recurring_cents: 11998, charge_now_cents: 11998 - 5998 });
    await dialog.getByTestId('change-tier-Diamond').click();
    expect(await dialog.getByTestId('change-tier-line-Diamond').innerText()).toBe(`${formatMoney(6000)} now for the rest of this period, then ${formatMoney(11998)} every 3 months.`);
    expect((await dialog.getByTestId("change-tier-confirm").innerText()).toLowerCase()).toBe(`pay ${formatMoney(6000)} and upgrade`);
    await shootBothWidths(page, 'tiers-05-change-plan');
    await dialog.getByTestId('change-tier-confirm').click();
    await expect.poll(() => page.getByTestId('membership-tier').innerText(), { timeout: 20_000 }).toBe('Diamond · 3 months');
    // Down to the base tier: from the renewal, nothing charged now.
    await page.getByTestId('membership-change-plan').click();
    await dialog.getByTestId('change-tier-Member').click();
    expect(await dialog.getByTestId('change-tier-line-Member').innerText()).toMatch(/^From .+: \$23\.98 every 3 months\. Nothing to pay now\.$/);
    await dialog.getByTestId('change-tier-confirm').click();
    await page.getByTestId('membership-tier-scheduled').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('membership-tier').innerText()).toBe('Diamond · 3 months');
    await shootBothWidths(page, 'tiers-06-downgrade-scheduled');
    const paid = await t.server.services.database.db.withSchema('rm').selectFrom('transactions').select(['amount_cents']).where('status', '=', 'captured').where('user_id', '=', (await t.call('GET', '/api/users/me', undefined, { token: fan.token })).body.data._id).execute();
    expect(paid.map((p) => Number(p.amount_cents)).sort((a, b) => a - b)).toEqual([5998, 6000]);
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });
  it('a Basic member sees a VIP post locked with "Upgrade to VIP", upgrades from the post and sees it', async () => {
    const vip = ((await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string }[]).find((x) => x.name === 'VIP')!;
    // The console's composer offers the choice.
    const { context, page: consolePage } = await openConsole(browser, t, errors);
    try {
      await consolePage.goto(t.base + '/admin/posts/create');
      await consolePage.getByTestId('who-can-see').click();
      await consolePage.getByTestId('who-can-see-VIP').click();
      await consolePage.getByText('Members of lower tiers see the caption and "Upgrade to VIP".').waitFor({ timeout: 15_000 });
      await shootBothWidths(consolePage, 'tiers-07-console-who-can-see');
    } finally {
      await context.close();
    }
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 160, g: 60, b: 200 } } }).jpeg().toBuffer();
    const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'vip.jpg', content_type: 'image/jpeg', media_type: 'blog' }, { token: admin });
    expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image })).status).toBe(200);
    const mediaId = (await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id as string;
    const post = await t.call('POST', '/admin-api/posts', { caption: 'Backstage, for VIPs', visibility: 'private', media_ids: [mediaId], min_tier_id: vip.id }, { token: admin });
    expect(post.status, JSON.stringify(post.body)).toBe(201);

    const reg = await t.call('POST', '/api/users/register', { name: 'Bob Basic', email: 'bob.basic@example.com', password: 'a good long password' });
    const token = reg.body.data.token as string;
    expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token })).status).toBe(200);
    const { page } = await openFanPage(browser, t.base, token, { errors, csp });
    await page.goto(t.base + '/');
    const upgrade = page.getByTestId('upgrade-to-see').first();
    await upgrade.waitFor({ timeout: 20_000 });
    expect(await upgrade.innerText()).toBe('Upgrade to VIP');
    expect(await page.getByTestId('tier-only').first().innerText()).toBe('For VIP members');
    await page.getByText('Backstage, for VIPs').first().waitFor();
    await upgrade.scrollIntoViewIfNeeded();
    await shootBothWidths(page, 'tiers-08-vip-post-locked');
    await upgrade.click();
    const dialog = page.getByTestId('change-tier-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('change-tier-VIP').getAttribute('aria-checked')).toBe('true');
    await dialog.getByTestId('change-tier-confirm').click();
    await page.getByTestId('open-media').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('upgrade-to-see').count()).toBe(0);
    await shootBothWidths(page, 'tiers-09-vip-post-open');
    // The console's earnings per tier count the upgrade.
    const c = await openConsole(browser, t, errors);
    try {
      await c.page.goto(t.base + '/admin/membership-tiers');
      const row = c.page.getByTestId('tier-earnings-VIP');
      await row.waitFor({ timeout: 15_000 });
      expect(await row.innerText()).toMatch(/VIP\s+\d+\s+1\s+0\s+1\s+\$/);
      await c.page.getByTestId('tier-earnings').scrollIntoViewIfNeeded();
      await shootBothWidths(c.page, 'tiers-10-console-earnings-per-tier');
    } finally {
      await c.context.close();
    }
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });

  it('a locked chat message for VIP: the console composer\'s Tier; a Basic member sees "Upgrade to VIP", upgrades and is offered the unlock; a VIP member unlocks it', async () => {
    const vip = ((await t.call('GET', '/admin-api/membership-tiers', undefined, { token: admin })).body as { id: string; name: string }[]).find((x) => x.name === 'VIP')!;
    const member = async (name: string, email: string, tierId?: string) => {
      const token = (await t.call('POST', '/api/users/register', { name, email, password: 'a good long password' })).body.data.token as string;
      const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve, ...(tierId ? { tier_id: tierId } : {}) }, { token });
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      return { token, id: (await t.call('GET', '/api/users/me', undefined, { token })).body.data._id as string };
    };
    const cora = await member('Cora Basic', 'cora.basic@example.com');
    const vic = await member('Vic Vip', 'vic.vip@example.com', vip.id);
    const photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-tiers-')), 'vip-set.jpg');
    fs.writeFileSync(photoFile, await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 40, b: 160 } } }).jpeg().toBuffer());

    // The console: Cora's conversation, a locked photo for VIP and above from the media composer.
    const c = await openConsole(browser, t, errors);
    try {
      await c.page.goto(`${t.base}/admin/private-chat/${cora.id}`);
      await c.page.getByTestId('chat-images-button').click({ timeout: 20_000 });
      const dialog = c.page.getByTestId('chat-media-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('amount-input').fill('9');
      await dialog.getByTestId('chat-media-tier').click();
      await c.page.getByTestId('chat-media-tier-VIP').click();
      await dialog.getByText('Lower tiers see it locked with "Upgrade to VIP".').waitFor();
      await dialog.getByTestId('media-input').setInputFiles(photoFile);
      await dialog.getByTestId('media-preview').first().waitFor();
      await dialog.getByTestId('chat-media-text').fill('The VIP set');
      await shootBothWidths(c.page, 'tiers-11-console-chat-tier');
      await dialog.getByTestId('chat-media-send').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      const sent = c.page.locator('[data-testid="chat-message"][data-type="photo"]');
      await expect.poll(() => sent.getByTestId('chat-lock-chip').innerText(), { timeout: 30_000 }).toBe('Locked $9.00 · VIP and above');
      // The mass message dialog (from the chat list) has the same Tier beside a locked message's price, not for a free one.
      await c.page.goto(`${t.base}/admin/private-chat`);
      await c.page.getByTestId('open-mass-message').click({ timeout: 20_000 });
      const mass = c.page.getByTestId('mass-dialog');
      await mass.getByTestId('mass-tier').click();
      await c.page.getByTestId('mass-tier-VIP').click();
      await mass.getByText('Lower tiers see it locked with "Upgrade to VIP".').waitFor();
      await mass.getByTestId('mass-tier').scrollIntoViewIfNeeded();
      await shootBothWidths(c.page, 'tiers-11b-console-mass-tier');
      await mass.getByTestId('mass-free').click();
      expect(await mass.getByTestId('mass-tier').count()).toBe(0);
    } finally {
      await c.context.close();
    }
    const coraMessage = ((await t.call('GET', '/api/chat/get_messages', undefined, { token: cora.token })).body.data.messages as { _id: string; type: string; cta: string }[]).find((m) => m.type === 'photo');
    expect(coraMessage).toMatchObject({ cta: 'upgrade' });

    // Cora (Basic) sees the lock with "Upgrade to VIP"; it opens Change plan with VIP chosen; after the upgrade the bubble offers its Unlock.
    const fanSite = await openFanPage(browser, t.base, cora.token, { errors, csp });
    const page = fanSite.page;
    await page.goto(t.base + '/private-chat');
    const bubble = page.locator(`[data-testid="chat-message"][data-id="${coraMessage!._id}"]`);
    const upgrade = bubble.getByTestId('chat-upgrade-button');
    await upgrade.waitFor({ timeout: 20_000 });
    expect(await upgrade.innerText()).toBe('Upgrade to VIP');
    expect(await bubble.getByTestId('chat-tier-only').innerText()).toBe('For VIP members');
    expect(await bubble.getByTestId('chat-unlock-button').count()).toBe(0);
    await shootBothWidths(page, 'tiers-12-chat-upgrade-to-vip');
    await upgrade.click();
    const changeDialog = page.getByTestId('change-tier-dialog');
    await changeDialog.waitFor();
    expect(await changeDialog.getByTestId('change-tier-VIP').getAttribute('aria-checked')).toBe('true');
    await changeDialog.getByTestId('change-tier-confirm').click();
    await bubble.getByTestId('chat-unlock-button').waitFor({ timeout: 20_000 });
    expect(await bubble.getByTestId('chat-upgrade-button').count()).toBe(0);
    expect(await bubble.getAttribute('data-lock')).toBe('locked');
    await fanSite.context.close();

    // Vic (VIP) unlocks a message for VIP at once, by the card saved with his membership.
    const presign = await t.call('POST', '/api/upload/generate_presigned_url', { file_name: 'vip-set.jpg', content_type: 'image/jpeg', media_type: 'message' }, { token: admin });
    expect((await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: fs.readFileSync(photoFile) })).status).toBe(200);
    const mediaId = (await t.call('POST', '/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id as string;
    const toVic = await t.call('POST', '/api/chat/send_message', { receiver: vic.id, message: 'For my VIPs', media: [mediaId], isLocked: true, amount: 9, min_tier_id: vip.id }, { token: admin });
    expect(toVic.status, JSON.stringify(toVic.body)).toBe(200);
    const vicSite = await openFanPage(browser, t.base, vic.token, { errors, csp });
    try {
      await vicSite.page.goto(t.base + '/private-chat');
      const vicBubble = vicSite.page.locator(`[data-testid="chat-message"][data-id="${toVic.body.data.messageId}"]`);
      await vicBubble.getByTestId('chat-unlock-button').click({ timeout: 20_000 });
      await vicSite.page.getByTestId('confirm-purchase').click();
      await expect.poll(() => vicBubble.getAttribute('data-lock'), { timeout: 20_000 }).toBe('unlocked');
      await vicBubble.getByTestId('chat-media-image').waitFor({ timeout: 15_000 });
      await shootBothWidths(vicSite.page, 'tiers-13-chat-vip-unlocked');
    } finally {
      await vicSite.context.close();
    }
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });

  it("the console's Reporting shows memberships by tier: sales, net and members for each tier", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const report = (await t.call('GET', `/admin-api/reports/earnings?from=${today}&to=${today}`, undefined, { token: admin })).body.data as { tiers: { name: string; sales: number; net_cents: number; members: number }[] };
    const vip = report.tiers.find((l) => l.name === 'VIP')!;
    expect(vip.sales).toBeGreaterThanOrEqual(3);
    const c = await openConsole(browser, t, errors);
    try {
      await c.page.goto(t.base + '/admin/reporting');
      const row = c.page.getByTestId('reporting-tier-VIP');
      await row.waitFor({ timeout: 20_000 });
      expect((await row.innerText()).split(/\s+/)).toEqual(['VIP', String(vip.sales), formatMoney(vip.net_cents), String(vip.members)]);
      expect(await c.page.getByTestId('reporting-tier-Member').count()).toBe(1);
      await c.page.getByTestId('reporting-tiers').scrollIntoViewIfNeeded();
      await shootBothWidths(c.page, 'tiers-14-reporting-by-tier');
      // On a phone, scrolled to the table.
      await c.page.setViewportSize(PHONE);
      await c.page.getByTestId('reporting-tiers').scrollIntoViewIfNeeded();
      await c.page.screenshot({ path: artifactPath('tiers-15-reporting-by-tier-table-375.png') });
    } finally {
      await c.context.close();
    }
    expect(errors).toEqual([]);
  });
});

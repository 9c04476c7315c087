// The creator's reports in a real browser (Chromium): the fan site keeps a landing URL's UTM values in a
// one-year cookie that goes with the registration, and with a GA4 measurement id set sends a purchase event (USD,
// transaction id, user id) straight to GA4's collect endpoint under the site's CSP — intercepted here, there is no
// internet. In the console: the reporting page (figures, chart, grouping, empty range, CSV), refunds and
// chargebacks, the user report and a purchase history, unlocked content and a post's buyers, UTM, opt-in, the
// team's activity, the reporting settings, and the content manager under hide_earnings. Screenshots at 375 and
// 1440 px in tests/artifacts/.
import { openAdvanced } from '../support/console-menu';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { collectCspViolations, DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();
const MEASUREMENT_ID = 'G-E2EREPORT1';

describe.skipIf(!hasChromium)('reports end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let consoleCtx: BrowserContext;
  let admin: Page;
  let adminToken: string;
  let postId: string;
  let cmEmail: string;
  let cmPassword: string;
  const pageErrors: string[] = [];
  const csp: string[] = [];
  const card = () => ({ ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve });
  const call = (method: string, url: string, body?: unknown, token = adminToken) => t.call(method, url, body, { token });

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    adminToken = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1565c0' } })
      .composite([{ input: Buffer.from('<svg width="1200" height="900"><text x="120" y="480" font-size="140" fill="white">Report</text></svg>') }])
      .jpeg()
      .toBuffer();
    const presign = (await call('POST', '/api/upload/generate_presigned_url', { file_name: 'report.jpg', content_type: 'image/jpeg' })).body.data;
    await fetch(t.base + presign.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
    const media = (await call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' })).body.data.id;
    const post = await call('POST', '/admin-api/posts', { caption: 'Golden hour on the roof', visibility: 'locked', amount: 12, media_ids: [media] });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    postId = post.body.id;
    // A history: three fans subscribe, two unlock the post, tips; one unlock refunded, one tip charged back.
    const fans: { token: string; id: string }[] = [];
    for (const [i, name] of ['Ava Stone', 'Ben Ortiz', 'Chloe Park'].entries()) {
      const r = await t.call('POST', '/api/users/register', { name, email: `report.fan${i}@example.com`, password: 'report fan password' });
      fans.push({ token: r.body.data.token, id: r.body.data.userId });
      expect((await call('POST', '/api/v2/purchase/subscription', card(), r.body.data.token)).body.data.accepted).toBe(true);
    }
    for (const f of fans.slice(0, 2)) expect((await call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 12, ...card() }, f.token)).status).toBe(200);
    expect((await call('POST', '/api/v2/purchase/send-tip', { amount: 25, ...card() }, fans[2].token)).status).toBe(200);
    expect((await call('POST', '/api/v2/purchase/send-tip', { amount: 40, ...card() }, fans[0].token)).status).toBe(200);
    const payment = async (userId: string, type: string) =>
      ((await call('GET', `/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ user_id: userId, type }))}`)).body as { id: string }[])[0].id;
    expect((await call('POST', `/admin-api/transactions/${await payment(fans[1].id, 'unlock')}/refund`, { kind: 'refund', reason: 'Asked by the fan' })).status).toBe(200);
    expect((await call('POST', `/admin-api/transactions/${await payment(fans[0].id, 'tip')}/chargeback`, { reason: 'Not recognised' })).status).toBe(200);
    await (t.server.services.gateway as unknown as { deliver: () => Promise<unknown> }).deliver();
    // A content manager, and GA4 on.
    cmEmail = 'report.cm@example.com';
    const cm = await call('POST', '/admin-api/users', { name: 'Casey Content', email: cmEmail, role: 'content_manager' });
    cmPassword = cm.body.generated_password;
    expect((await call('PUT', '/admin-api/settings/site', { google_analytics_4_measurement_id: MEASUREMENT_ID })).status).toBe(200);

    browser = await launchChromium();
    consoleCtx = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    admin = await consoleCtx.newPage();
    admin.on('pageerror', (e) => pageErrors.push(e.message));
    collectCspViolations(admin, csp);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('fan site: a campaign link\'s UTM values are kept a year and recorded at registration; a purchase goes to GA4 in USD', async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP });
    await ctx.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    const hits: URL[] = [];
    await ctx.route('https://www.google-analytics.com/**', async (route) => {
      hits.push(new URL(route.request().url()));
      await route.fulfill({ status: 204, body: '' });
    });
    const fan = await ctx.newPage();
    fan.on('pageerror', (e) => pageErrors.push(e.message));
    collectCspViolations(fan, csp);
    await fan.goto(`${t.base}/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-drop&utm_content=hero`);
    await expect.poll(async () => (await ctx.cookies()).find((c) => c.name === 'fanclub_utm'), { timeout: 10_000 }).toBeTruthy();
    const cookie = (await ctx.cookies()).find((c) => c.name === 'fanclub_utm')!;
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect(cookie.expires * 1000 - Date.now()).toBeLessThan(366 * 86_400_000);
    // The registration from this browser carries the cookie.
    const reg = await fan.evaluate(async () => {
      const r = await fetch('/api/users/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Nora Newsletter', email: 'nora@example.com', password: 'nora password 1' }) });
      return r.json();
    });
    const userId = reg.data.userId as string;
    const token = reg.data.token as string;
    expect((await call('POST', '/api/v2/purchase/subscription', card(), token)).body.data.accepted).toBe(true);
    const utm = (await call('GET', '/admin-api/reports/utm')).body.data;
    expect(utm.rows).toEqual([expect.objectContaining({ user_id: userId, utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn-drop', utm_content: 'hero' })]);

    // Signed in, the fan unlocks the post with the saved card: GA4 gets the purchase.
    await fan.evaluate(() => localStorage.setItem('fanclub.signedIn', '1'));
    await fan.goto(`${t.base}/`);
    const postCard = fan.getByTestId('post-card').filter({ hasText: 'Golden hour on the roof' });
    await postCard.getByTestId('unlock-button').click({ timeout: 20_000 });
    await fan.getByTestId('confirm-purchase').click({ timeout: 10_000 });
    await postCard.getByTestId('unlocked-chip').waitFor({ timeout: 20_000 });
    const unlockId = ((await call('GET', `/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ user_id: userId, type: 'unlock' }))}`)).body as { id: string }[])[0].id;
    await expect.poll(() => hits.find((h) => h.searchParams.get('ep.transaction_id') === unlockId), { timeout: 10_000 }).toBeTruthy();
    const hit = hits.find((h) => h.searchParams.get('ep.transaction_id') === unlockId)!;
    expect(`${hit.origin}${hit.pathname}`).toBe('https://www.google-analytics.com/g/collect');
    expect(Object.fromEntries(hit.searchParams)).toMatchObject({ v: '2', tid: MEASUREMENT_ID, uid: userId, en: 'purchase', cu: 'USD', 'ep.currency': 'USD', 'epn.value': '12.00' });
    // Each purchase once (the membership bought a moment ago counts too), never twice.
    const ids = hits.map((h) => h.searchParams.get('ep.transaction_id'));
    expect(new Set(ids).size).toBe(ids.length);
    await shootBothWidths(fan, '170-fan-unlocked-ga4-sent');
    expect(csp).toEqual([]);
    await ctx.close();
  });

  it('the reporting page: net, sales, what came back, the chart by source, week grouping, an empty range', async () => {
    await admin.goto(t.base + '/admin/login');
    await admin.getByLabel('Email').fill(t.adminEmail);
    await admin.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByTestId('menu-reporting').click({ timeout: 20_000 });
    const r = (await call('GET', '/admin-api/reports/earnings')).body.data;
    await expect.poll(() => admin.getByTestId('stat-net-value').innerText(), { timeout: 15_000 }).toBe(`$${(r.totals.total_cents / 100).toFixed(2)}`);
    expect(await admin.getByTestId('stat-sales-value').innerText()).toBe(String(r.totals.count));
    expect(await admin.getByTestId('source-unlocks').getAttribute('data-cents')).toBe(String(r.totals.by_source.unlocks));
    await admin.getByTestId('report-chart').locator('rect').first().waitFor();
    await shootBothWidths(admin, '171-console-reporting');
    await admin.getByTestId('group-week').click();
    await expect.poll(async () => (await admin.getByTestId('report-chart').locator('g[data-period]').count()), { timeout: 10_000 }).toBeLessThanOrEqual(6);
    await shootBothWidths(admin, '172-console-reporting-weekly');
    // CSV, made by the server and audited.
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('reporting-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^fanclub-earnings-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await call('GET', '/admin-api/audit?filter={"action":"DataExported"}&range=[0,0]')).body[0].data.resource).toBe('earnings');
    await admin.getByTestId('range-from').fill('2020-01-01');
    await admin.getByTestId('range-to').fill('2020-01-31');
    await admin.getByTestId('reporting-empty').waitFor({ timeout: 10_000 });
    await shootBothWidths(admin, '173-console-reporting-empty');
  });

  it('refunds and chargebacks, the user report, a purchase history, unlocked content and the post\'s buyers', async () => {
    await admin.getByTestId('menu-reversals').click();
    await admin.getByTestId('reversals-table-row').first().waitFor({ timeout: 15_000 });
    expect(await admin.getByTestId('reversals-table-row').count()).toBe(2);
    expect(await admin.getByTestId('stat-refund-value').innerText()).toBe('$12.00');
    expect(await admin.getByTestId('stat-chargeback-value').innerText()).toBe('$40.00');
    await shootBothWidths(admin, '174-console-reversals');

    await admin.getByTestId('menu-user-report').click();
    await admin.getByTestId('user-report-table-row').first().waitFor({ timeout: 15_000 });
    await shootBothWidths(admin, '175-console-user-report');
    await admin.getByTestId('user-report-table').getByText('Chloe Park').click();
    await admin.getByTestId('purchase-history-name').waitFor({ timeout: 15_000 });
    expect(await admin.getByTestId('purchase-history-name').innerText()).toBe('Chloe Park');
    expect(await admin.getByTestId('purchase-history-net').innerText()).toBe('$34.99');
    await shootBothWidths(admin, '176-console-purchase-history');

    await admin.getByTestId('menu-unlocked-content').click();
    await admin.getByTestId('unlocks-table-row').first().waitFor({ timeout: 15_000 });
    await shootBothWidths(admin, '177-console-unlocked-content');
    await admin.getByTestId('unlocks-table').getByText('Golden hour on the roof').first().click();
    await admin.getByTestId('post-buyers-summary').waitFor({ timeout: 15_000 });
    expect(admin.url()).toContain(`/admin/purchased-by/locked-exclusive-content/${postId}`);
    expect(await admin.getByTestId('post-buyers-count').innerText()).toBe('2'); // Ava and Nora; Ben's came back
    await shootBothWidths(admin, '178-console-post-buyers');
  });

  it('UTM parameters, the opt-in report, the team\'s activity and the reporting settings', async () => {
    await admin.getByTestId('menu-utm').click();
    await admin.getByTestId('utm-table-row').first().waitFor({ timeout: 15_000 });
    expect(await admin.getByTestId('utm-table').innerText()).toContain('autumn-drop');
    await shootBothWidths(admin, '179-console-utm');
    await admin.getByTestId('menu-opt-in-report').click();
    await admin.getByTestId('opt-in-table-row').first().waitFor({ timeout: 15_000 });
    expect(await admin.getByTestId('opt-in-pending-value').innerText()).toBe('4');
    await shootBothWidths(admin, '180-console-opt-in');
    await openAdvanced(admin); // the team's activity sits in the Advanced group, folded by default
    await admin.getByTestId('menu-influencer-activity').click();
    await admin.getByTestId('activity-table-empty').waitFor({ timeout: 30_000 }); // nobody below admin has acted yet
    await shootBothWidths(admin, '181-console-activity-empty');
    await admin.goto(t.base + '/admin/settings/reporting-page');
    await admin.getByTestId('cm-reporting-switch').click({ timeout: 15_000 });
    await admin.getByTestId('reporting-settings-save').click();
    await admin.getByText('Settings saved.').first().waitFor({ timeout: 10_000 });
    expect((await call('GET', '/api/reporting-page')).body.data.content_manager_reporting_enabled).toBe(true);
    await shootBothWidths(admin, '182-console-reporting-settings');
  });

  it('the content manager under hide_earnings sees counts, not amounts', async () => {
    expect((await call('POST', '/api/app_settings/update_chat_settings', { hide_earnings: true })).status).toBe(200);
    const ctx = await browser.newContext({ viewport: DESKTOP });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(cmEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(cmPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('menu-reporting').click({ timeout: 20_000 });
    await page.getByTestId('earnings-hidden').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('stat-net-value').innerText()).toBe('Hidden');
    expect(Number(await page.getByTestId('stat-sales-value').innerText())).toBeGreaterThan(0);
    expect(await page.getByTestId('menu-user-report').count()).toBe(0);
    await shootBothWidths(page, '183-console-reporting-content-manager-hidden');
    await ctx.close();
    expect(pageErrors).toEqual([]);
  });
});

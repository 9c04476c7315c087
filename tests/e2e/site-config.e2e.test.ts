// Site configuration in a real browser: the console's email configuration (save an SMTP server with a
// password that is never shown again, "Send test mail" through a real SMTP server), the SEO page (upload a social
// image, save; the fan site's served HTML carries the tags), platform, bot check, storage, cache and CSV pages; and
// a fan who registers while the bot check is on (the proof of work is solved in a Web Worker under the site's CSP).
// Screenshots at 375 px and 1440 px in tests/artifacts/ (site-config-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/server';
import { artifactPath, collectCspViolations, DESKTOP, ensureAppsBuilt, fillCardDialog, launchChromium, requireChromium, shootBothWidths } from '../support/browser';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';

const hasChromium = requireChromium();
const SMTP_PASSWORD = 'browser-typed-smtp-secret-42';

describe.skipIf(!hasChromium)('site configuration pages and the bot check (Chromium)', () => {
  let t: TestServer;
  let smtp: SmtpCapture;
  let browser: Browser;
  let staff: Page;
  const errors: string[] = [];
  const csp: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    smtp = await startSmtpCapture();
    t = await startTestServer('pglite', { FANCLUB_PUBLIC_URL: 'https://fans.example.test' }, { serveApps: true });
    browser = await launchChromium();
    staff = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    staff.on('pageerror', (e) => errors.push(`console: ${e.message}`));
    collectCspViolations(staff, csp);
    // Every answer the console gets, to look for the password afterwards.
    staff.on('response', (r) => {
      if (r.url().includes('/api/')) void r.text().then((body) => answers.push(body), () => undefined);
    });
    await staff.goto(t.base + '/admin/login');
    await staff.getByLabel('Email').fill(t.adminEmail);
    await staff.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.waitForURL((u) => !u.pathname.endsWith('/login'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('email configuration: save a server, the password shows only as saved, the test mail arrives', async () => {
    await staff.goto(t.base + '/admin/settings/email-configuration');
    const page = staff.getByTestId('email-configuration');
    await page.getByTestId('smtp-host').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.innerText()).toContain('No mail server is set');
    await shootBothWidths(staff, 'site-config-01-email-empty');
    const port = new URL(smtp.url).port;
    await page.getByTestId('smtp-host').fill('bad host!');
    await page.getByTestId('smtp-port').fill(port);
    await page.getByTestId('smtp-security').click();
    await staff.getByRole('option', { name: /None/ }).click();
    await page.getByTestId('smtp-username').fill('');
    await page.getByTestId('smtp-password').fill(SMTP_PASSWORD);
    await page.getByTestId('smtp-from-email').fill('club@fans.example.test');
    await page.getByTestId('smtp-from-name').fill('The Club');
    await page.getByTestId('smtp-save').click();
    // The server names the field; the page shows its message under that input.
    await expect.poll(() => page.innerText()).toContain('Please enter the SMTP server, e.g. smtp.example.com.');
    await page.getByTestId('smtp-host').fill('127.0.0.1');
    await page.getByTestId('smtp-save').click();
    await expect.poll(() => page.innerText()).toContain('Mail goes out through the server saved here.');
    await page.getByTestId('smtp-change-password').waitFor();
    expect(await page.getByTestId('smtp-password').count()).toBe(0);
    // A reload shows the same: the server's values, the password as saved only.
    await staff.reload();
    await page.getByTestId('smtp-change-password').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('smtp-host').inputValue()).toBe('127.0.0.1');
    await expect.poll(() => page.getByTestId('smtp-test-to').inputValue()).toBe(t.adminEmail);
    await page.getByTestId('smtp-test-to').fill('owner@fans.example.test');
    await page.getByTestId('smtp-test-send').click();
    await expect.poll(() => page.getByTestId('smtp-test-result').innerText(), { timeout: 15_000 }).toBe('Test mail sent to owner@fans.example.test.');
    const mail = await smtp.waitForMail('owner@fans.example.test', /Test mail from/);
    expect(mail.raw).toMatch(/^From: The Club <club@fans\.example\.test>/m);
    await shootBothWidths(staff, 'site-config-02-email-saved');
    expect(answers.filter((a) => a.includes(SMTP_PASSWORD))).toEqual([]);
    expect(await staff.content()).not.toContain(SMTP_PASSWORD);
  });

  it('SEO: upload a social image and save; the fan site serves the tags', async () => {
    await staff.goto(t.base + '/admin/settings/seo-setting');
    const page = staff.getByTestId('seo-settings');
    await page.getByTestId('seo-title').waitFor({ timeout: 20_000 });
    await page.getByTestId('seo-title').fill('Mia — Behind the Scenes');
    await page.getByTestId('seo-description').fill('Photos and videos from the studio, every week.');
    const image = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 233, g: 30, b: 99 } } }).png().toBuffer();
    await page.getByTestId('seo-image-file').setInputFiles({ name: 'preview.png', mimeType: 'image/png', buffer: image });
    await page.getByTestId('seo-preview').locator('img').waitFor({ timeout: 15_000 });
    await page.getByTestId('seo-save').click();
    await expect.poll(async () => (await t.call('GET', '/api/settings/seo-setting', undefined, { token: await adminToken() })).body.data.seo_title).toBe('Mia — Behind the Scenes');
    await staff.reload();
    await expect.poll(() => page.getByTestId('seo-title').inputValue(), { timeout: 20_000 }).toBe('Mia — Behind the Scenes');
    await shootBothWidths(staff, 'site-config-03-seo');
    const html = await (await fetch(t.base + '/')).text();
    expect(html).toContain('<title>Mia — Behind the Scenes</title>');
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/fans\.example\.test\/media\/theme\/[0-9a-f-]+\.png" \/>/);
  });

  it('platform, bot check, storage, cache and CSV pages render their values', async () => {
    await staff.goto(t.base + '/admin/settings/platform-settings');
    await staff.getByTestId('platform-site-url').waitFor({ timeout: 20_000 });
    await staff.getByTestId('platform-language').fill('de');
    await staff.getByTestId('platform-save').click();
    await expect.poll(async () => (await fetch(t.base + '/')).text().then((h) => h.includes('<html lang="de"'))).toBe(true);
    await shootBothWidths(staff, 'site-config-04-platform');

    await staff.goto(t.base + '/admin/settings/aws-settings');
    await expect.poll(() => staff.getByTestId('aws-storage').innerText(), { timeout: 20_000 }).toContain("This server's disk");
    await staff.getByTestId('aws-explanation').waitFor();
    await shootBothWidths(staff, 'site-config-05-storage');
    await staff.goto(t.base + '/admin/settings/redis-cache');
    await expect.poll(() => staff.getByTestId('cache-enabled').innerText(), { timeout: 20_000 }).toContain('On');
    await shootBothWidths(staff, 'site-config-06-cache');

    await staff.goto(t.base + '/admin/settings/csv-download');
    await staff.getByTestId('csv-users').waitFor({ timeout: 20_000 });
    await staff.getByTestId('csv-recent-empty').waitFor();
    const download = staff.waitForEvent('download');
    await staff.getByTestId('csv-users').click();
    const file = await download;
    await file.saveAs(artifactPath('site-config-users.csv'));
    expect(file.suggestedFilename()).toMatch(/^fanclub-users-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect.poll(() => staff.getByTestId('csv-recent').innerText(), { timeout: 15_000 }).toMatch(/Users · 1 row/);
    await shootBothWidths(staff, 'site-config-07-csv');

    await staff.goto(t.base + '/admin/settings/recaptcha-setting');
    await staff.getByLabel('Check for bots').waitFor({ state: 'attached', timeout: 20_000 });
    await staff.getByLabel('Check for bots').check();
    await staff.getByTestId('bot-check-save').click();
    await expect.poll(async () => (await t.call('GET', '/api/bot-check/challenge?action=register')).body.data.enabled).toBe(true);
    await shootBothWidths(staff, 'site-config-08-bot-check');
  });

  it('with the bot check on, a fan registers and subscribes by card: the browser solves each challenge in a Web Worker', async () => {
    const fan = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    const fanErrors: string[] = [];
    fan.on('pageerror', (e) => fanErrors.push(e.message));
    collectCspViolations(fan, csp);
    await fan.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    const workers: string[] = [];
    fan.on('worker', (w) => workers.push(w.url()));
    const sent: (string | undefined)[] = [];
    fan.on('request', (r) => {
      if (r.url().endsWith('/api/users/register')) sent.push(r.headers()['x-bot-check']);
    });
    await fan.goto(t.base + '/register');
    await fan.getByLabel('Name').fill('Worker Fan');
    await fan.getByLabel('Email').fill('worker.fan@example.com');
    await fan.getByLabel('Password', { exact: true }).fill('worker password 1');
    await fan.getByLabel('Confirm password').fill('worker password 1');
    await shootBothWidths(fan, 'site-config-09-register-with-bot-check');
    await fan.getByTestId('register-submit').click();
    await fan.waitForURL('**/subscribe', { timeout: 30_000 });
    await fan.getByTestId('subscribe-button').waitFor({ timeout: 20_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[\w-]+\.[\w-]+:[a-z0-9]+$/);
    expect(workers.some((u) => /\/assets\/worker-[\w-]+\.js$/.test(u))).toBe(true);
    expect(fanErrors).toEqual([]);
    // The same solution again is refused (single use).
    const replay = await t.call('POST', '/api/users/register', { name: 'Copy', email: 'copy@example.com', password: 'copy password 1' }, { headers: { 'x-bot-check': sent[0]! } });
    expect(replay.body.code).toBe('BOT_CHECK_USED');
    await shootBothWidths(fan, 'site-config-10-registered-with-bot-check');

    // The membership by card is checked too (subscription): the pay call carries its own solved check.
    const paid: (string | undefined)[] = [];
    fan.on('request', (r) => {
      if (r.url().endsWith('/api/v2/purchase/subscription')) paid.push(r.headers()['x-bot-check']);
    });
    await fan.getByTestId('subscribe-button').click();
    const dialog = fan.getByTestId('card-dialog');
    await dialog.waitFor();
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Worker', lastName: 'Fan', email: 'worker.fan@example.com' });
    await dialog.getByTestId('pay-button').click();
    await fan.getByText('Thank you for subscribing').first().waitFor({ timeout: 30_000 });
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(paid.every((h) => typeof h === 'string' && h !== sent[0])).toBe(true);
    expect(fanErrors).toEqual([]);
  });

  it('no page error and no CSP violation', () => {
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });

  async function adminToken() {
    return (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
  }
});

// The console's "My profile" and the mail notice in a real browser: with no SMTP_URL
// the dashboard warns that mail waits in the Outbox and links to it, and the fan's forgot-password page says the
// link could not be emailed; the admin opens My profile from the user menu, changes the generated password and
// signs in again with the new one; uploads an avatar and a cover image, writes a bio, and the fan site shows them
// over the feed. Screenshots at 375 px and 1440 px in tests/artifacts/ (profile-*.png).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInConsole } from '../support/browser';

const hasChromium = requireChromium();
const NEW_PASSWORD = 'a brand new admin password';
const NO_MAIL_SERVER = "We could not email you yet: this site has no mail server set up. Ask the site's support for your link.";

describe.skipIf(!hasChromium)('console profile and mail notice (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let dir: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-profile-'));
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#e4572e' } }).png().toFile(path.join(dir, 'avatar.png'));
    await sharp({ create: { width: 900, height: 300, channels: 3, background: '#17bebb' } }).jpeg().toFile(path.join(dir, 'cover.jpg'));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('fanclub.ageConfirmed', '1'));
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const shoot = (name: string) => shootBothWidths(page, `profile-${name}`);
  const signIn = (password: string) => signInConsole(page, t.base, t.adminEmail, password);

  it('Home warns that mail waits in the Outbox, with a button to the mail settings', async () => {
    await signIn(t.adminPassword);
    const notice = page.getByTestId('home-warning-mail');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.innerText()).toContain('password resets, email verifications and chat emails wait in the Outbox');
    await shoot('01-dashboard-mail-notice');
    await page.getByTestId('home-fix-mail').click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/email-configuration');
  });

  it('changes the password from My profile in the user menu, then signs in with the new one', async () => {
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByTestId('menu-my-profile').click();
    await page.waitForURL((u) => u.pathname === '/admin/profile');
    await page.getByTestId('profile-password').waitFor();
    // A wrong current password is refused with the server's message.
    await page.getByTestId('profile-old_password').fill('not my password');
    await page.getByTestId('profile-new_password').fill(NEW_PASSWORD);
    await page.getByTestId('profile-confirm').fill('something else');
    await page.getByTestId('profile-password-save').click();
    await page.getByText('The new passwords do not match.').waitFor();
    await page.getByTestId('profile-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('profile-password-save').click();
    // The wrong current password is refused by the server, next to the field or above the form.
    await page.locator('[data-testid="profile-password-error"], [data-testid="profile-password"] .MuiFormHelperText-root.Mui-error').first().waitFor({ timeout: 10_000 });
    await page.getByTestId('profile-old_password').fill(t.adminPassword);
    await page.getByTestId('profile-password-save').click();
    await page.getByText('Password updated successfully.').waitFor({ timeout: 10_000 });
    await shoot('02-my-profile');
    // Sign out and in again with the new password; the old one no longer works.
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    expect((await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).status).toBe(400);
    await signIn(NEW_PASSWORD);
    await page.getByTestId('home-warning-mail').waitFor({ timeout: 20_000 });
  });

  it('uploads an avatar and a cover, writes a bio, and the fan site shows them over the feed', async () => {
    await page.goto(t.base + '/admin/profile');
    await page.getByTestId('profile-creator').waitFor({ timeout: 15_000 });
    await page.getByLabel('Display name').fill('Ava Stone');
    await page.getByTestId('theme-image-model_avatar_url-file').setInputFiles(path.join(dir, 'avatar.png'));
    await page.getByTestId('theme-image-model_avatar_url').locator('img').waitFor({ timeout: 15_000 });
    await page.getByTestId('theme-image-model_cover_url-file').setInputFiles(path.join(dir, 'cover.jpg'));
    await page.getByTestId('theme-image-model_cover_url').locator('img').waitFor({ timeout: 15_000 });
    await page.getByLabel('Bio').fill('Painter and climber. New work every Friday.');
    await page.getByTestId('profile-creator-save').click();
    await page.getByText('Profile saved.').waitFor({ timeout: 10_000 });
    await shoot('03-creator-profile');
    const settings = (await t.call('GET', '/api/app_settings/get')).body.data;
    expect(settings).toMatchObject({ model_name: 'Ava Stone', model_bio: 'Painter and climber. New work every Friday.' });
    expect(settings.model_avatar_url).toMatch(/^\/media\/theme\//);
    expect(settings.model_cover_url).toMatch(/^\/media\/theme\//);

    // The fan site, as a guest.
    await page.goto(t.base + '/');
    const header = page.getByTestId('creator-header');
    await header.waitFor({ timeout: 20_000 });
    expect(await header.getByTestId('creator-bio').innerText()).toBe('Painter and climber. New work every Friday.');
    expect(await header.getByTestId('creator-avatar').locator('img').getAttribute('src')).toBe(settings.model_avatar_url);
    expect(await header.getByTestId('creator-cover').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(settings.model_cover_url);
    await shoot('04-fan-feed-header');
  });

  it('the fan\'s forgot-password page says the link could not be emailed', async () => {
    await page.goto(t.base + '/forgot-password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByTestId('forgot-password-submit').click();
    const sent = page.getByTestId('forgot-password-sent');
    await sent.waitFor({ timeout: 15_000 });
    expect(await sent.innerText()).toBe(NO_MAIL_SERVER);
    await shoot('05-forgot-no-mail');
    expect(errors).toEqual([]);
  });
});

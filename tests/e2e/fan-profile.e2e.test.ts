// The fan's profile in a real browser with real mail: /profile shows the details card (name, email, photo ID,
// email notifications) and the account links; /profile/update changes the name, and a new email waits for
// verification (the card and the ribbon say so, Resend waits out its 2 minutes with a countdown) until the mailed
// link confirms it, or Dismiss cancels it; /profile/change-password checks its fields and changes the password.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (fan-profile-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpCapture, linkIn, type SmtpCapture } from '../support/smtp';
import { ensureAppsBuilt, launchChromium, openFanPage, requireChromium, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();
const EMAIL = 'rosa.profile@example.com';
const NEW_EMAIL = 'rosa.new@example.com';
const PASSWORD = 'a good long password';
const WAIT_TEXT = /^Please wait \d+ second\(s\) before requesting an email resend\.$/;

describe.skipIf(!hasChromium)('fan profile pages (Chromium)', () => {
  let t: TestServer;
  let smtp: SmtpCapture;
  let browser: Browser;
  let page: Page;
  const collect = { errors: [] as string[], csp: [] as string[] };

  beforeAll(async () => {
    ensureAppsBuilt();
    smtp = await startSmtpCapture();
    t = await startTestServer('pglite', { SMTP_URL: smtp.url, MAIL_FROM: 'Fanclub <no-reply@fanclub.test>' }, { serveApps: true });
    const token = (await t.call('POST', '/api/users/register', { name: 'Rosa Profile', email: EMAIL, password: PASSWORD })).body.data.token;
    browser = await launchChromium();
    ({ page } = await openFanPage(browser, t.base, token, collect));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const shoot = (name: string) => shootBothWidths(page, `fan-profile-${name}`);

  it('shows the details card and the account links', async () => {
    await page.goto(t.base + '/profile');
    await page.getByTestId('profile-page').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('profile-name').innerText()).toBe('Rosa Profile');
    expect(await page.getByTestId('profile-email').innerText()).toBe(EMAIL);
    expect(await page.getByTestId('profile-photo-id-status').innerText()).toBe('Not uploaded');
    await page.getByTestId('profile-row-opt-in').waitFor();
    await page.getByTestId('profile-link-update').waitFor();
    await page.getByTestId('profile-link-change-password').waitFor();
    await page.getByTestId('profile-logout-everywhere').waitFor();
    await shoot('01-profile');
  });

  it('changes the name', async () => {
    await page.getByTestId('profile-link-update').click();
    await page.getByTestId('profile-update-page').waitFor();
    // Nothing changed yet: nothing to save.
    expect(await page.getByTestId('profile-update-submit').isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Rosa Renamed');
    await page.getByTestId('profile-update-submit').click();
    await page.getByText('Profile Details Updated Successfully.').waitFor({ timeout: 15_000 });
    await page.waitForURL((u) => u.pathname === '/profile');
    await expect.poll(() => page.getByTestId('profile-name').innerText()).toBe('Rosa Renamed');
  });

  it('a new email waits for verification: the card and the ribbon say so, Resend counts down; the mailed link confirms it', async () => {
    await page.goto(t.base + '/profile/update');
    await page.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await page.getByTestId('profile-update-submit').click();
    await page.getByText('Please enter a valid email.').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(NEW_EMAIL);
    await page.getByText('We will email a link to the new address; your email changes once you open it.').waitFor();
    await page.getByTestId('profile-update-submit').click();
    await page.waitForURL((u) => u.pathname === '/profile');
    const pending = page.getByTestId('profile-pending-email');
    await pending.waitFor({ timeout: 15_000 });
    expect(await pending.innerText()).toContain(NEW_EMAIL);
    // The email stays the old one until the link is opened.
    expect(await page.getByTestId('profile-email').innerText()).toBe(EMAIL);
    // The mail just went out: Resend waits its 2 minutes, with the countdown.
    expect(await page.getByTestId('profile-change-email-resend').isDisabled()).toBe(true);
    expect(await pending.getByTestId('resend-wait').innerText()).toMatch(WAIT_TEXT);
    const mail = await smtp.waitForMail(NEW_EMAIL, /change-email-verification/);
    // The profile says it itself; elsewhere the ribbon under the top bar does.
    expect(await page.getByTestId('change-email-ribbon').count()).toBe(0);
    await shoot('02-pending-email');
    await page.goto(t.base + '/profile/payments');
    const ribbon = page.getByTestId('change-email-ribbon');
    await ribbon.waitFor({ timeout: 15_000 });
    expect(await ribbon.innerText()).toContain(`Please verify your new email ${NEW_EMAIL}`);
    expect(await ribbon.getByTestId('change-email-resend').isDisabled()).toBe(true);
    expect(await ribbon.getByTestId('resend-wait').innerText()).toMatch(WAIT_TEXT);
    await shoot('03-change-email-ribbon');

    // The link names the site as localhost; the session cookie is this page's host's.
    await page.goto(t.base + new URL(linkIn(mail, '/change-email-verification/')).pathname);
    const verification = page.getByTestId('change-email-verification-page');
    await expect.poll(() => verification.getAttribute('data-state'), { timeout: 15_000 }).not.toBe('busy');
    expect(await verification.innerText()).toContain('Change Email Verified Successfully');
    await page.goto(t.base + '/profile');
    await expect.poll(() => page.getByTestId('profile-email').innerText(), { timeout: 15_000 }).toBe(NEW_EMAIL);
    expect(await pending.count()).toBe(0);
  });

  it('Dismiss cancels a pending email change; asking again within 2 minutes answers the wait', async () => {
    const token = (await t.call('POST', '/api/users/register', { name: 'Dana Dismiss', email: 'dana.dismiss@example.com', password: PASSWORD })).body.data.token;
    const dana = await openFanPage(browser, t.base, token, collect);
    try {
      await dana.page.goto(t.base + '/profile/update');
      await dana.page.getByRole('textbox', { name: 'Email' }).fill('dana.new@example.com');
      await dana.page.getByTestId('profile-update-submit').click();
      const pending = dana.page.getByTestId('profile-pending-email');
      await pending.waitFor({ timeout: 15_000 });
      await dana.page.getByTestId('profile-change-email-dismiss').click();
      await dana.page.getByText('Your change email request has been cancelled, if you want to change email then please request again.').waitFor({ timeout: 15_000 });
      await pending.waitFor({ state: 'detached' });
      expect(await dana.page.getByTestId('profile-email').innerText()).toBe('dana.dismiss@example.com');
      // The wait counts from the last mail, dismissed or not.
      await dana.page.goto(t.base + '/profile/update');
      await dana.page.getByRole('textbox', { name: 'Email' }).fill('dana.other@example.com');
      await dana.page.getByTestId('profile-update-submit').click();
      await dana.page.getByText(WAIT_TEXT).first().waitFor({ timeout: 15_000 });
      expect(dana.page.url()).toBe(t.base + '/profile/update');
    } finally {
      await dana.context.close();
    }
  });

  it('changes the password after checking its fields', async () => {
    await page.goto(t.base + '/profile');
    await page.getByTestId('profile-link-change-password').click();
    await page.getByTestId('change-password-page').waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('another long password');
    await page.getByLabel('Confirm new password').fill('something else entirely');
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Passwords do not match.').waitFor();
    await shoot('04-change-password');
    await page.getByLabel('Confirm new password').fill('another long password');
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Password updated successfully.').waitFor({ timeout: 15_000 });
    await page.waitForURL((u) => u.pathname === '/profile');
    const login = await t.call('POST', '/api/users/login', { email: NEW_EMAIL, password: 'another long password' });
    expect(login.status).toBe(200);
  });

  it('raised no page errors or CSP violations', () => {
    expect(collect.errors).toEqual([]);
    expect(collect.csp).toEqual([]);
  });
});

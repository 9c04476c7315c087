// Mass and welcome messages in a real browser (route table):
// the admin opens Send Mass Message from the chat list, the dialog's validation shows the spec's texts, then a
// locked $12 photo (uploaded in the dialog) goes to every subscriber; the fan, already on /private-chat, gets it
// live, blurred with its price, and unlocks it by card (sandbox). The dialog's progress reaches 1 of 1, the manage
// page shows it sent with its revenue, and the purchased-by report names the fan and the $12. A welcome message is
// set (its validation first), and a fan who subscribes afterwards receives it. The stagger settings page saves. A
// refusal by the server opens an alert dialog; a live-stream manager gets neither button nor the pages.
// Screenshots at 375 px and 1440 px in tests/artifacts/ (mass-messages-*.png).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { registerUser } from '../../commands/accounts';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('mass and welcome messages end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let staff: Page;
  let fanPage: Page;
  let photoFile: string;
  const errors: string[] = [];
  const chloe = { id: '', token: '', email: 'chloe.mass@example.com', name: 'Chloe Mass' };
  const dora = { id: '', token: '', email: 'dora.welcome@example.com', name: 'Dora Welcome' };
  let massId = '';

  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
  const subscribe = async (who: typeof chloe) => {
    const r = await post('/api/users/register', { name: who.name, email: who.email, password: 'a good long password' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    who.id = r.body.data.userId;
    who.token = r.body.data.token;
    const sub = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: who.email, cardNumber: SANDBOX_TEST_CARDS.approve }, who.token);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  };
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(`${new URL(p.url()).pathname}: ${e.message}`));
  };
  const shoot = (name: string, p: Page = staff) => shootBothWidths(p, `mass-messages-${name}`);
  const dialog = () => staff.getByTestId('mass-dialog');

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    await subscribe(chloe);
    photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-mass-')), 'golden-hour.jpg');
    fs.writeFileSync(photoFile, await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e76f51' } }).jpeg().toBuffer());
    browser = await launchChromium();

    // The fan is on the chat page before anything is sent.
    const fanContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanContext, t.base, chloe.token);
    await fanContext.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
      // The push prompt would cover the page: asked "later".
      localStorage.setItem('fanclub.pushPromptLater', String(Date.now()));
    });
    fanPage = await fanContext.newPage();
    watch(fanPage);
    await fanPage.goto(t.base + '/private-chat');
    await fanPage.getByTestId('chat-page').waitFor({ timeout: 20_000 });

    staff = await browser.newPage({ viewport: DESKTOP });
    watch(staff);
    await staff.goto(t.base + '/admin/login');
    await staff.getByLabel('Email').fill(t.adminEmail);
    await staff.getByRole('textbox', { name: 'Password' }).fill(t.adminPassword);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.getByTestId('menu-chat').waitFor({ timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the chat list has Send Mass Message and Welcome Message; the dialog shows the spec\'s validation texts', async () => {
    await staff.getByTestId('menu-chat').click();
    await staff.waitForURL('**/admin/private-chat');
    await staff.getByTestId('open-welcome-message').waitFor({ timeout: 15_000 });
    await staff.getByTestId('chat-user-row').first().waitFor({ timeout: 15_000 });
    await shoot('00-chat-list');
    await staff.getByTestId('open-mass-message').click();
    await dialog().waitFor();
    // Locked by default, amount 20, audience everyone, the fan preview.
    expect(await dialog().getByTestId('amount-input').inputValue()).toBe('20');
    expect(await dialog().getByTestId('audience-EVERYONE').locator('input').isChecked()).toBe(true);
    expect(await dialog().getByTestId('delivery-STAGGER_OVER_TIME').locator('input').isChecked()).toBe(true);
    // Locked without media.
    await dialog().getByTestId('mass-send').click();
    await expect.poll(() => dialog().getByTestId('media-error').innerText()).toBe('Please Select Media');
    // Free with no text.
    await dialog().getByTestId('mass-free').click();
    await dialog().getByTestId('mass-send').click();
    await expect.poll(() => dialog().getByTestId('mass-text-error').innerText()).toBe('Please insert the message.');
    // Locked with an amount outside the bounds: the message, and the value goes back to the minimum.
    await dialog().getByTestId('mass-locked').click();
    await dialog().getByTestId('amount-input').fill('3');
    await dialog().getByTestId('amount-input').blur();
    await expect.poll(() => dialog().getByTestId('amount-error').innerText()).toBe('Choose an amount between 5 and 450');
    expect(await dialog().getByTestId('amount-input').inputValue()).toBe('5');
    // Only future subscribers: no scheduling; delay by hours takes one decimal at most.
    await dialog().getByTestId('audience-ONLY_NEW').click();
    expect(await dialog().getByTestId('mass-when-schedule').count()).toBe(0);
    await dialog().getByTestId('delivery-DELAY_BY_HOURS').click();
    await dialog().getByTestId('delay-hours').fill('2.55');
    expect(await dialog().getByTestId('delay-hours').inputValue()).toBe('2');
    await dialog().getByTestId('delay-hours').fill('2.5');
    expect(await dialog().getByTestId('delay-hours').inputValue()).toBe('2.5');
    // Another audience resets the future delivery to stagger.
    await dialog().getByTestId('audience-EVERYONE').click();
    expect(await dialog().getByTestId('delivery-STAGGER_OVER_TIME').locator('input').isChecked()).toBe(true);
    // When: Now or Schedule; the button says which. A schedule in the past is refused.
    expect(await dialog().getByTestId('mass-when-now').getAttribute('aria-pressed')).toBe('true');
    expect(await dialog().getByTestId('mass-send').textContent()).toBe('Send now');
    expect(await dialog().getByTestId('schedule-date').count()).toBe(0);
    await dialog().getByTestId('mass-when-schedule').click();
    expect(await dialog().getByTestId('mass-when-schedule').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => dialog().getByTestId('mass-send').textContent()).toBe('Schedule');
    const yesterday = new Date(Date.now() - 86_400_000);
    await dialog().getByTestId('schedule-date').fill(`${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`);
    await dialog().getByTestId('mass-text').fill('Later');
    await dialog().getByTestId('mass-free').click();
    await dialog().getByTestId('mass-send').click();
    await expect.poll(() => dialog().getByTestId('schedule-error').innerText()).toBe('Schedule date cannot be in the past.');
    await shoot('01-validation');
    // A new category from the picker (admins): empty, too long.
    await dialog().getByTestId('mass-category-add').click();
    await dialog().getByTestId('mass-category-save').click();
    await expect.poll(() => dialog().getByTestId('mass-category-error').innerText()).toBe('Category not allow empty');
    await dialog().getByTestId('mass-category-name').fill('x'.repeat(31));
    await dialog().getByTestId('mass-category-save').click();
    await expect.poll(() => dialog().getByTestId('mass-category-error').innerText()).toBe('Category name cannot be more than 30 characters.');
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).first().click();
    // The help modals.
    await dialog().getByTestId('delivery-help').click();
    const help = staff.getByRole('dialog', { name: 'Delivery to future subscribers' });
    await help.getByText('24 to 48 hours per message', { exact: false }).waitFor();
    await shoot('02-help');
    await help.getByRole('button', { name: 'Close', exact: true }).click();
    await help.waitFor({ state: 'detached' });
    await dialog().getByTestId('mass-when-now').click();
    await expect.poll(() => dialog().getByTestId('mass-send').textContent()).toBe('Send now');
    await dialog().getByTestId('mass-locked').click();
  });

  it('sends a locked $12 photo to every subscriber; the fan already on the chat page gets it live, blurred with its price', async () => {
    await dialog().getByTestId('mass-text').fill('Golden hour set, just for my subscribers');
    await dialog().getByTestId('source-upload').click();
    await dialog().getByTestId('media-input').setInputFiles(photoFile);
    await dialog().getByTestId('amount-input').fill('12');
    await expect.poll(() => dialog().getByTestId('fan-preview-price').innerText()).toBe('$12');
    await shoot('03-ready');
    // The server refuses it (the unlock bounds changed after the dialog read them): an alert dialog, not a browser alert.
    expect((await t.call('PUT', '/admin-api/settings/site', { content_unlock_minimum_amount: 15 }, { token: admin })).status).toBe(200);
    await dialog().getByTestId('mass-send').click();
    const alert = staff.getByRole('alertdialog');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.getByTestId('mass-alert-message').innerText()).toBe('Choose an amount between 15 and 450');
    await shoot('03b-alert');
    await alert.getByTestId('mass-alert-ok').click();
    expect((await get('/api/message/mass-messages?page=1&per_page=20', admin)).body.data.total).toBe(0);
    expect((await t.call('PUT', '/admin-api/settings/site', { content_unlock_minimum_amount: 5 }, { token: admin })).status).toBe(200);
    await dialog().getByTestId('mass-send').click();
    await dialog().getByTestId('mass-sent').waitFor({ timeout: 60_000 });
    // The progress follows MASS_MESSAGE_UPDATED: one subscriber, one copy.
    await expect.poll(() => dialog().getByTestId('mass-progress').getAttribute('data-delivered'), { timeout: 30_000 }).toBe('1');
    expect(await dialog().getByTestId('mass-progress').getAttribute('data-recipients')).toBe('1');
    await shoot('04-sent');
    await dialog().getByTestId('mass-done').click();

    const list = (await get('/api/message/mass-messages?page=1&per_page=20', admin)).body.data;
    expect(list.total).toBe(1);
    massId = list.items[0]._id;
    expect(list.items[0]).toMatchObject({ isLocked: 'locked', amount: 12, send_to: 'EVERYONE', type: 'photo', message: 'Golden hour set, just for my subscribers' });

    const copy = fanPage.locator('[data-testid="chat-message"]').filter({ hasText: 'Golden hour set' });
    await copy.waitFor({ timeout: 30_000 });
    expect(await copy.getAttribute('data-lock')).toBe('locked');
    expect(await copy.getByTestId('chat-price-chip').innerText()).toBe('$12.00');
    expect(await copy.getByTestId('chat-media-image').count()).toBe(0);
    const fanCopy = ((await get('/api/chat/get_messages?page_num=1', chloe.token)).body.data.messages as any[]).find((m) => m.message === 'Golden hour set, just for my subscribers');
    expect(fanCopy).toMatchObject({ isMassMessage: true, massMessageType: null });
    await shoot('05-fan-live', fanPage);
  });

  it('the fan unlocks it by card (sandbox)', async () => {
    const copy = fanPage.locator('[data-testid="chat-message"]').filter({ hasText: 'Golden hour set' });
    await copy.getByTestId('chat-unlock-button').click();
    await fanPage.getByTestId('confirm-purchase-text').getByText('Please Confirm Your Purchase of $12.00.').waitFor();
    await fanPage.getByTestId('confirm-purchase').click();
    await expect.poll(() => copy.getAttribute('data-lock'), { timeout: 30_000 }).toBe('unlocked');
    await copy.getByTestId('chat-media-image').waitFor();
    await shoot('06-fan-unlocked', fanPage);
  });

  it('the manage page shows it sent with its revenue; the purchased-by report names the fan and the $12', async () => {
    await staff.getByTestId('menu-manage-mass-messages').click();
    await staff.waitForURL('**/admin/manage-mass-messages');
    const row = staff.locator(`[data-testid="mass-row"][data-id="${massId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId('mass-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('sent');
    await expect.poll(() => row.getByTestId('mass-revenue').innerText(), { timeout: 15_000 }).toBe('$12.00');
    await staff.getByTestId('mass-revenue-chart').waitFor();
    await shoot('07-manage');
    await row.getByTestId('mass-purchased-by').click();
    await staff.waitForURL(`**/admin/purchased-by/mass-message/${massId}`);
    await expect.poll(() => staff.getByTestId('purchased-by-total').innerText(), { timeout: 15_000 }).toBe('$12.00');
    expect(await staff.getByTestId('purchased-by-count').innerText()).toBe('1');
    const fanRow = staff.getByTestId('purchased-by-row');
    expect(await fanRow.count()).toBe(1);
    expect(await fanRow.innerText()).toContain(chloe.name);
    expect(await fanRow.innerText()).toContain(chloe.email);
    await shoot('08-purchased-by');
  });

  it('the mass-messages page: no failed messages, the latest send', async () => {
    await staff.getByTestId('menu-mass-messages').click();
    await staff.waitForURL('**/admin/mass-messages');
    await staff.getByTestId('mass-errors-empty').waitFor({ timeout: 15_000 });
    await staff.locator(`[data-testid="mass-row"][data-id="${massId}"]`).waitFor();
    await shoot('09-page');
  });

  it('schedules a free text for tomorrow, then cancels it on the manage page', async () => {
    await staff.getByTestId('open-mass-message').click();
    await dialog().waitFor();
    await dialog().getByTestId('mass-free').click();
    await dialog().getByTestId('mass-text').fill('Live show tomorrow night!');
    await dialog().getByTestId('mass-when-schedule').click();
    await dialog().getByTestId('schedule-date').waitFor();
    await shoot('05-schedule');
    expect(await dialog().getByTestId('mass-send').textContent()).toBe('Schedule');
    await dialog().getByTestId('mass-send').click();
    await dialog().getByTestId('mass-sent').waitFor({ timeout: 30_000 });
    expect(await dialog().getByTestId('mass-status').getAttribute('data-status')).toBe('scheduled');
    await dialog().getByTestId('mass-manage-link').click();
    await staff.waitForURL('**/admin/manage-mass-messages');
    const scheduled = staff.locator('[data-testid="mass-row"]').filter({ hasText: 'Live show tomorrow night!' });
    await scheduled.waitFor({ timeout: 15_000 });
    expect(await scheduled.getByTestId('mass-status').getAttribute('data-status')).toBe('scheduled');
    await scheduled.getByTestId('mass-cancel').click();
    await staff.getByTestId('mass-cancel-dialog-confirm').click();
    await expect.poll(() => scheduled.getByTestId('mass-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('cancelled');
    expect(await scheduled.getByTestId('mass-cancel').count()).toBe(0);
    // Nobody got it.
    expect(((await get('/api/chat/get_messages?page_num=1', chloe.token)).body.data.messages as any[]).filter((m) => m.message === 'Live show tomorrow night!')).toHaveLength(0);
    await shoot('09b-cancelled');
  });

  it('sets a welcome message (validation first); a fan who subscribes afterwards receives it', async () => {
    await staff.getByTestId('menu-welcome-messages').click();
    await staff.waitForURL('**/admin/welcome-messages');
    await staff.getByTestId('welcome-empty').waitFor({ timeout: 15_000 });
    await staff.getByTestId('open-welcome-message').click();
    const w = staff.getByTestId('welcome-dialog');
    await w.getByTestId('welcome-save').waitFor();
    expect(await w.getByTestId('welcome-save').textContent()).toBe('Save');
    expect(await w.getByTestId('welcome-audience-ONLY_NEW').locator('input').isChecked()).toBe(true);
    // Free and empty; then locked with text only.
    await w.getByTestId('welcome-save').click();
    await expect.poll(() => w.getByTestId('welcome-text-error').innerText()).toBe('Please insert the message.');
    await w.getByTestId('welcome-text').fill('Welcome to the club! So glad you are here.');
    await w.getByTestId('mass-locked').click();
    await w.getByTestId('welcome-save').click();
    await expect.poll(() => w.getByTestId('media-error').innerText()).toBe('In order to send as locked, you must upload content.');
    await shoot('10-welcome-validation');
    await w.getByTestId('mass-free').click();
    await w.getByTestId('welcome-delivery-IMMEDIATELY').click();
    await w.getByTestId('welcome-save').click();
    await staff.getByText('Welcome message set successfully.').waitFor({ timeout: 15_000 });
    await staff.getByTestId('welcome-row').first().waitFor({ timeout: 15_000 });
    await shoot('11-welcome-list');

    await subscribe(dora);
    await expect
      .poll(async () => ((await get('/api/chat/get_messages?page_num=1', dora.token)).body.data?.messages ?? []).find((m: any) => m.message === 'Welcome to the club! So glad you are here.')?.massMessageType, { timeout: 30_000 })
      .toBe('WELCOME');
    // The mass message went to the subscribers of its time, not to Dora (she is a later subscriber: staggered).
    const doraNow = (await get('/api/chat/get_messages?page_num=1', dora.token)).body.data.messages as any[];
    expect(doraNow.filter((m) => m.message === 'Golden hour set, just for my subscribers')).toHaveLength(0);
  });

  it('the stagger settings page saves its fields', async () => {
    await staff.goto(t.base + '/admin/settings/stagger-message-settings');
    await staff.getByTestId('stagger-settings').waitFor({ timeout: 20_000 });
    const limit = staff.getByLabel('Earlier messages for new subscribers');
    await limit.fill('5');
    await staff.getByTestId('stagger-save').click();
    await staff.getByText('update settings successfully.').waitFor({ timeout: 15_000 });
    const saved = (await get('/admin-api/settings/site', admin)).body;
    expect((saved.data ?? saved).stagger_previous_limit).toBe(5);
    await shoot('12-stagger-settings');
  });

  it('a live-stream manager has no Send Mass Message or Welcome Message button and no mass-message menu', async () => {
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
    await registerUser(ctx, secrets, { name: 'Live Manager', email: 'live.mass@example.com', password: 'live manager password 1', role: 'live_stream_manager' });
    const p = await browser.newPage({ viewport: DESKTOP });
    watch(p);
    await p.goto(t.base + '/admin/login');
    await p.getByLabel('Email').fill('live.mass@example.com');
    await p.getByRole('textbox', { name: 'Password' }).fill('live manager password 1');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByTestId('menu-chat').click({ timeout: 20_000 });
    await p.getByTestId('chat-user-list').waitFor({ timeout: 15_000 });
    expect(await p.getByTestId('chat-message-buttons').count()).toBe(0);
    expect(await p.getByTestId('menu-mass-messages').count()).toBe(0);
    expect(await p.getByTestId('menu-welcome-messages').count()).toBe(0);
    await p.goto(t.base + '/admin/mass-messages');
    await p.waitForTimeout(1500);
    expect(await p.getByTestId('mass-messages-page').count()).toBe(0);
    await p.close();
  });

  it('no page errors', () => {
    expect(errors).toEqual([]);
  });
});

// Private chat in the staff console, in a real browser: two subscribed
// fans, one writes; the admin opens Chat from the menu, sees both (an unread badge on the writer), searches by
// name, sorts by expiry (the status filter follows), opens the conversation, reads it, replies with text and with
// a photo sent locked at $9; the fan unlocks it by card and tips from chat; the admin refunds the unlock and a
// chargeback takes the tip back, and the header's red total is refund + chargeback + $25. Credits are granted
// from the header, pay per message is switched on in the settings' Chat tab (the next fan message shows
// "Paid $X"), and a support user reads the chat without an input bar. Screenshots at 375 and 1440 px.
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
import { DESKTOP, PHONE, artifactPath, ensureAppsBuilt, launchChromium, requireChromium, shootBothWidths, settled } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('console private chat end to end (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let photoFile: string;
  const fans: Record<'alice' | 'bob', { id: string; token: string; email: string }> = {} as never;
  const pageErrors: string[] = [];

  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
  const settleAll = async () => {
    const h = await t.server.services.store.headPosition();
    if (h) expect(await t.server.services.runner.waitFor(h, 60_000), 'read models caught up').toBe(true);
  };
  const fanMessages = async (token: string) => (await get('/api/chat/get_messages?page_num=1', token)).body.data.messages as any[];
  const latestPaymentOf = async (email: string, type: string) => {
    const filter = encodeURIComponent(JSON.stringify({ q: email, type }));
    const rows = (await get(`/admin-api/transactions?filter=${filter}&sort=${encodeURIComponent('["created_at","DESC"]')}`, admin)).body as { id: string; amount_cents: number }[];
    expect(rows.length, `no ${type} payment for ${email}`).toBeGreaterThan(0);
    return rows[0];
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    // Two fans who subscribed by card (the card is saved as their primary).
    for (const [key, name] of [['alice', 'Alice Walker'], ['bob', 'Bob Marley']] as const) {
      const email = `${key}.chat@example.com`;
      const r = await post('/api/users/register', { name, email, password: `${key} chat password` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = r.body.data.token as string;
      const sub = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email, cardNumber: SANDBOX_TEST_CARDS.approve }, token);
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      fans[key] = { id: r.body.data.userId, token, email };
    }
    // An older conversation with Bob: 35 messages from the creator (more than one page of 30).
    for (let n = 1; n <= 35; n++) {
      const r = await post('/api/chat/send_message', { receiver: fans.bob.id, message: `Archive message ${n}` }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // Alice writes to the creator.
    const sent = await post('/api/chat/send_message', { message: 'Hi! Loved the last set, any more from the beach?' }, fans.alice.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'admin' });
    await registerUser(ctx, secrets, { name: 'Support Person', email: 'support.chat@example.com', password: 'support password 1', role: 'support' });
    await settleAll();

    photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-chat-')), 'beach-day.jpg');
    fs.writeFileSync(photoFile, await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a9d8f' } }).jpeg().toBuffer());
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signIn = async (email: string, password: string) => {
    await page.goto(t.base + '/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  const row = (id: string) => page.locator(`[data-testid="chat-user-row"][data-user-id="${id}"]`);
  const staffMessages = () => page.locator('[data-testid="chat-message"][data-from="staff"]');

  it('the admin opens Chat from the menu and sees both fans, an unread badge on the one who wrote', async () => {
    await signIn(t.adminEmail, t.adminPassword);
    await page.getByTestId('menu-chat').click({ timeout: 20_000 });
    await page.waitForURL('**/admin/private-chat');
    await expect.poll(() => page.getByTestId('chat-user-row').count(), { timeout: 15_000 }).toBe(2);
    // Latest message first: Alice wrote, Bob did not.
    expect(await page.getByTestId('chat-user-name').allInnerTexts()).toEqual(['Alice Walker', 'Bob Marley']);
    expect(await row(fans.alice.id).getByTestId('chat-user-unread').innerText()).toBe('1');
    expect(await row(fans.bob.id).getByTestId('chat-user-unread').count()).toBe(0);
    expect(await row(fans.alice.id).getByTestId('chat-user-last-message').innerText()).toContain('Loved the last set');
    expect(await row(fans.bob.id).getByTestId('chat-user-last-message').innerText()).toBe('Archive message 35');
    // Admins see wallets and amounts spent.
    expect(await row(fans.alice.id).getByTestId('chat-user-money').innerText()).toMatch(/^Wallet \$0\.00 · Spent \$\d+\.\d\d$/);
    expect(await page.getByTestId('chat-no-conversation').isVisible()).toBe(true);
    await shootBothWidths(page, 'console-chat-list');
  });

  it('searches by name (debounced), and sorting by expiry sets the subscriber filter', async () => {
    await page.getByTestId('chat-search').fill('bob');
    await expect.poll(() => page.getByTestId('chat-user-name').allInnerTexts(), { timeout: 10_000 }).toEqual(['Bob Marley']);
    await page.getByTestId('chat-search').fill('nobody-here');
    await page.getByTestId('chat-user-list-empty').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('chat-user-list-empty').innerText()).toBe('No Records Found');
    await page.getByTestId('chat-search').fill('');
    await expect.poll(() => page.getByTestId('chat-user-row').count(), { timeout: 10_000 }).toBe(2);

    // The admin's sort options and the status filter (All, Active, Active-Cancelled).
    await page.getByTestId('chat-sort').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'Latest Message', 'Users Last Message', 'Amount Spent', 'Unread Messages', 'Days until Subscription Expires',
    ]);
    await page.getByRole('option', { name: 'Days until Subscription Expires' }).click();
    await expect.poll(() => page.getByTestId('chat-status').innerText()).toBe('Active-Cancelled');
    // Both fans renew, so no one is cancelled-but-paid.
    await page.getByTestId('chat-user-list-empty').waitFor({ timeout: 10_000 });
    await page.getByTestId('chat-sort').click();
    await page.getByRole('option', { name: 'Latest Message' }).click();
    await page.getByTestId('chat-status').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['All', 'Active', 'Active-Cancelled']);
    await page.getByRole('option', { name: 'All' }).click();
    await expect.poll(() => page.getByTestId('chat-user-row').count(), { timeout: 10_000 }).toBe(2);
  });

  it('opens the conversation: reads the message, the badge goes, the header shows the money', async () => {
    await row(fans.alice.id).click();
    await page.waitForURL(`**/admin/private-chat/${fans.alice.id}`);
    const fanBubble = page.locator('[data-testid="chat-message"][data-from="fan"]');
    await fanBubble.first().waitFor({ timeout: 15_000 });
    expect(await fanBubble.getByTestId('chat-message-text').innerText()).toBe('Hi! Loved the last set, any more from the beach?');
    expect(await page.getByTestId('chat-header-name').innerText()).toBe('Alice Walker');
    expect(await page.getByTestId('chat-header-wallet').innerText()).toBe('Wallet $0.00');
    expect(await page.getByTestId('chat-header-deductions').innerText()).toBe('Deductions $0.00');
    expect(await page.getByTestId('chat-header-credits').innerText()).toBe('Message credits 0');
    // Copy to clipboard (not for live_stream_manager).
    await fanBubble.getByTestId('chat-copy').click();
    await page.getByText('Copied to clipboard.').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hi! Loved the last set, any more from the beach?');
    // Opening it read it.
    await expect.poll(() => row(fans.alice.id).getByTestId('chat-user-unread').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await get('/api/users/get_unread_count', admin)).body.data.userUnreadMessage).toBe(0);
  });

  it('replies with text; an empty message is refused with the spec\'s text', async () => {
    await page.getByTestId('chat-send').click();
    expect(await page.getByTestId('chat-input-error').innerText()).toBe("Message can't be empty");
    expect(await page.getByTestId('chat-input').getAttribute('placeholder')).toBe('Write a message...');
    await page.getByTestId('chat-input').fill('Thank you Alice! A new beach set is coming right up.');
    await page.getByTestId('chat-input').press('Enter');
    await expect.poll(() => staffMessages().count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => staffMessages().first().getAttribute('data-pending')).toBe('false');
    expect(await page.getByTestId('chat-input').inputValue()).toBe('');
    const mine = await fanMessages(fans.alice.token);
    expect(mine.map((m) => [m.fromAdmin, m.type, m.message])).toEqual([
      [false, 'text', 'Hi! Loved the last set, any more from the beach?'],
      [true, 'text', 'Thank you Alice! A new beach set is coming right up.'],
    ]);
    expect(await row(fans.alice.id).getByTestId('chat-user-last-message').innerText()).toBe('Thank you Alice! A new beach set is coming right up.');
  });

  it('uploads a photo and sends it locked at $9', async () => {
    await page.getByTestId('chat-images-button').click();
    const dialog = page.getByTestId('chat-media-dialog');
    await dialog.waitFor();
    // Nothing chosen yet: the spec's message.
    await dialog.getByTestId('chat-media-send').click();
    await dialog.getByText('Please add media').first().waitFor();
    // Out of the unlock bounds (5..450 by default): the spec's message and the minimum.
    expect(await dialog.getByTestId('amount-input').inputValue()).toBe('20');
    await dialog.getByTestId('amount-input').fill('2');
    await dialog.getByTestId('amount-input').blur();
    expect(await dialog.getByTestId('amount-error').innerText()).toBe('Choose an amount between 5 and 450');
    await dialog.getByTestId('amount-input').fill('9');
    await dialog.getByTestId('media-input').setInputFiles(photoFile);
    await dialog.getByTestId('media-preview').first().waitFor();
    await dialog.getByTestId('chat-media-text').fill('Beach day, just for you');
    await shootBothWidths(page, 'console-chat-media-composer');
    await dialog.getByTestId('chat-media-send').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const photo = page.locator('[data-testid="chat-message"][data-type="photo"]');
    await photo.waitFor({ timeout: 15_000 });
    // Rendering on the server: the staff see the notice until the photo is ready, then the photo (always unlocked for staff).
    await expect.poll(() => photo.getAttribute('data-processing'), { timeout: 30_000 }).toBe('false');
    await expect.poll(() => photo.locator('[data-testid="chat-message-media"] img').count(), { timeout: 15_000 }).toBe(1);
    expect(await photo.getByTestId('chat-lock-chip').innerText()).toBe('Locked $9.00');
    expect(await photo.getByTestId('chat-message-text').innerText()).toBe('Beach day, just for you');
    // Admins may unlock it for the subscriber (not used here: the fan buys it).
    expect(await photo.getByTestId('chat-unlock-for-subscriber').count()).toBe(1);
    const fanView = (await fanMessages(fans.alice.token)).find((m) => m.type === 'photo');
    expect(fanView).toMatchObject({ isLocked: 'locked', amount: 9, fromAdmin: true, processing: false });
    expect(fanView.media[0].url).toBeNull();
    await shootBothWidths(page, 'console-chat-conversation');
  });

  it('the fan unlocks it by card and tips from chat; the chip and a green tip bubble follow', async () => {
    const message = (await fanMessages(fans.alice.token)).find((m) => m.type === 'photo');
    const bought = await post('/api/v2/purchase/chat-content-purchase', { messageId: message._id, amount: 9, ...TEST_CARD_FORM, email: fans.alice.email, cardNumber: SANDBOX_TEST_CARDS.approveMastercard }, fans.alice.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.data.accepted).toBe(true);
    const tip = await post('/api/v2/purchase/send-tip', { amount: 15, tipFrom: 'chat', tipMessage: 'For the beach set' }, fans.alice.token);
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
    await settleAll();
    const photo = page.locator('[data-testid="chat-message"][data-type="photo"]');
    // Polled every 5 s.
    await expect.poll(() => photo.getByTestId('chat-lock-chip').innerText(), { timeout: 15_000 }).toBe('Unlocked $9.00');
    expect(await photo.getByTestId('chat-unlock-for-subscriber').count()).toBe(0);
    const tipBubble = page.locator('[data-testid="chat-message"][data-type="tips"]');
    await tipBubble.waitFor({ timeout: 15_000 });
    expect(await tipBubble.getByTestId('chat-tip-amount').innerText()).toBe('Tip $15.00');
    expect(await tipBubble.getByTestId('chat-message-text').innerText()).toBe('For the beach set');
  });

  it('a refund and a chargeback show in the red total: refund + chargeback + $25, broken down on hover', async () => {
    const unlock = await latestPaymentOf(fans.alice.email, 'chat_unlock');
    expect(unlock.amount_cents).toBe(900);
    const refund = await post(`/admin-api/transactions/${unlock.id}/refund`, { kind: 'refund', reason: 'Sent by mistake' }, admin);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const tip = await latestPaymentOf(fans.alice.email, 'tip');
    expect(tip.amount_cents).toBe(1500);
    const chargeback = await post(`/admin-api/transactions/${tip.id}/chargeback`, { reason: 'Not recognised' }, admin);
    expect(chargeback.status, JSON.stringify(chargeback.body)).toBe(200);
    await (t.server.services.gateway as any).deliver(); // the bank's chargeback arrives as a notice
    await settleAll();
    await page.reload();
    const total = page.getByTestId('chat-header-deductions');
    // $9 refunded + $15 charged back + $25 for the one chargeback.
    await expect.poll(() => total.innerText(), { timeout: 15_000 }).toBe('Deductions $49.00');
    expect(await total.getAttribute('data-cents')).toBe('4900');
    expect(await total.evaluate((el) => getComputedStyle(el).color)).toMatch(/^rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)$/);
    await total.hover();
    const breakdown = page.getByTestId('chat-deductions-breakdown');
    await breakdown.waitFor();
    await settled(page); // the tooltip's fade-in
    expect((await breakdown.innerText()).replace(/\s+/g, ' ').trim()).toBe('Void $0.00 Refund $9.00 Chargeback amount $15.00 Chargebacks 1 × $25 $25.00');
    await page.screenshot({ path: artifactPath('console-chat-deductions-1440.png') });
    await page.mouse.move(0, 0);
    // The refunded unlock is locked again for the fan.
    await expect.poll(() => page.locator('[data-testid="chat-message"][data-type="photo"]').getByTestId('chat-lock-chip').innerText(), { timeout: 15_000 }).toBe('Locked $9.00');
  });

  it('an admin unlocks the (refunded) photo for the subscriber, free of charge', async () => {
    const photo = page.locator('[data-testid="chat-message"][data-type="photo"]');
    await photo.getByTestId('chat-unlock-for-subscriber').click();
    await page.getByTestId('chat-unlock-dialog').waitFor();
    await page.getByTestId('chat-unlock-confirm').click();
    await expect.poll(() => photo.getByTestId('chat-lock-chip').innerText(), { timeout: 10_000 }).toBe('Unlocked $9.00');
    expect(await photo.getByTestId('chat-unlock-for-subscriber').count()).toBe(0);
    const fanView = (await fanMessages(fans.alice.token)).find((m) => m.type === 'photo');
    expect(fanView.isLocked).toBe('unlocked');
    expect(fanView.media[0].url).not.toBeNull();
    // No money moved: the red total is unchanged.
    expect(await page.getByTestId('chat-header-deductions').innerText()).toBe('Deductions $49.00');
  });

  it('loads older messages when the conversation is scrolled to the top', async () => {
    await row(fans.bob.id).click();
    await page.waitForURL(`**/admin/private-chat/${fans.bob.id}`);
    await expect.poll(() => staffMessages().count(), { timeout: 15_000 }).toBe(30);
    expect(await staffMessages().first().getByTestId('chat-message-text').innerText()).toBe('Archive message 6');
    expect(await staffMessages().last().getByTestId('chat-message-text').innerText()).toBe('Archive message 35');
    await page.getByTestId('chat-messages').evaluate((el) => el.scrollTo(0, 0));
    await expect.poll(() => staffMessages().count(), { timeout: 15_000 }).toBe(35);
    expect(await staffMessages().first().getByTestId('chat-message-text').innerText()).toBe('Archive message 1');
    // What was on screen stays there: the list is not thrown back to the top.
    expect(await page.getByTestId('chat-messages').evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await row(fans.alice.id).click();
    await page.waitForURL(`**/admin/private-chat/${fans.alice.id}`);
    await page.locator('[data-testid="chat-message"][data-type="photo"]').waitFor({ timeout: 15_000 });
  });

  it('grants message credits from the header', async () => {
    await page.getByTestId('chat-grant-credits').click();
    await page.getByTestId('grant-credits-input').fill('2');
    await page.getByTestId('grant-credits-confirm').click();
    await expect.poll(() => page.getByTestId('chat-header-credits').innerText(), { timeout: 10_000 }).toBe('Message credits 2');
    expect((await post('/api/chat/get_user_send_message_status', {}, fans.alice.token)).body.data.payPerMessageCredit).toBe(2);
  });

  it('turns pay per message on in Settings → Pay per message; the next fan message shows "Paid $3.00"', async () => {
    await page.goto(t.base + '/admin/settings/pay-per-message');
    const panel = page.getByTestId('settings-form');
    await panel.waitFor({ timeout: 15_000 });
    await panel.getByLabel('Pay per message').check();
    await panel.getByLabel('Price per message').fill('3');
    await shootBothWidths(page, 'console-chat-settings');
    await page.getByTestId('settings-save').click();
    await page.getByText('update settings successfully.').first().waitFor({ timeout: 15_000 });
    const settings = (await get('/admin-api/settings/site', admin)).body;
    expect(settings).toMatchObject({ is_pay_per_message_enabled: true, pay_per_message_amount: 3 });

    // The fan accepts the charge they were shown (domain/chat/wire.ts).
    const sent = await post('/api/chat/send_message', { message: 'Is this paid now?', isPayPerMessageEnabled: true, payPerMessageAmount: 3 }, fans.bob.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ is_pay_per_message: true, amount_cents: 300 });
    await settleAll();
    await page.goto(t.base + `/admin/private-chat/${fans.bob.id}`);
    const bubble = page.locator('[data-testid="chat-message"][data-from="fan"]');
    await bubble.first().waitFor({ timeout: 15_000 });
    expect(await bubble.getByTestId('chat-paid-chip').innerText()).toBe('Paid $3.00');
    // Back off for the rest of the run.
    expect((await t.call('PUT', '/admin-api/settings/site', { is_pay_per_message_enabled: false }, { token: admin })).status).toBeLessThan(300);
  });

  it('on a phone the list and the conversation take turns, with a back arrow', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(t.base + '/admin/private-chat');
    await row(fans.alice.id).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('chat-conversation').count()).toBe(0);
    await row(fans.alice.id).click();
    await page.getByTestId('chat-back').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('chat-user-list').count()).toBe(0);
    await page.locator('[data-testid="chat-message"][data-type="photo"]').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: artifactPath('console-chat-phone-conversation-375.png') });
    await page.getByTestId('chat-back').click();
    await page.getByTestId('chat-user-list').waitFor();
    await page.setViewportSize(DESKTOP);
  });

  it('a support user reads the chat without an input bar and without money actions', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn('support.chat@example.com', 'support password 1');
    await page.getByTestId('menu-chat').click({ timeout: 20_000 });
    await row(fans.alice.id).click({ timeout: 15_000 });
    await page.locator('[data-testid="chat-message"][data-from="fan"]').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('chat-read-only').waitFor();
    expect(await page.getByTestId('chat-input-bar').count()).toBe(0);
    expect(await page.getByTestId('chat-input').count()).toBe(0);
    expect(await page.getByTestId('chat-grant-credits').count()).toBe(0);
    expect(await page.getByTestId('chat-unlock-for-subscriber').count()).toBe(0);
    // No subscriber-status filter for support.
    expect(await page.getByTestId('chat-status').count()).toBe(0);
    await shootBothWidths(page, 'console-chat-support');
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

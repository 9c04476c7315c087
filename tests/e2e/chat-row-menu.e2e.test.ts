// The staff chat actions in a real browser: the admin's row menu (no Mark As Unread for
// admins), Update Nickname and Mute from it, a message deleted from the subscriber (marked in the console, gone from
// the fan's open chat without a reload) and one deleted from all, Block User (the row leaves the list, the Blocked
// list shows it), the model's Mark As Unread, and the chat settings page turning Block User off, which an open
// console follows live. Screenshots at 375 and 1440 px.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { createStaffAccount } from '../../commands/staff';
import { secrets } from '../../infra/auth/secrets';
import { commandContext } from '../../commands/handle';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, openConsole, requireChromium, shootBothWidths, signInConsole, signInContext } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('staff chat row menu and message deletes (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let adminPage: Page;
  let fanContext: BrowserContext;
  let fanPage: Page;
  const errors: string[] = [];
  const fans: Record<'carla' | 'dan', { id: string; token: string }> = {} as never;
  const ids: Record<string, string> = {};

  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const settleAll = async () => {
    const h = await t.server.services.store.headPosition();
    if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
  };
  const row = (page: Page, id: string) => page.locator(`[data-testid="chat-user-row"][data-user-id="${id}"]`);
  const openMenu = async (page: Page, id: string) => {
    await row(page, id).getByTestId('chat-row-menu').click();
    return page.getByRole('menu');
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    for (const [key, name] of [['carla', 'Carla Mendes'], ['dan', 'Dan Brown']] as const) {
      const email = `${key}.rows@example.com`;
      const r = await post('/api/users/register', { name, email, password: `${key} rows password` });
      const token = r.body.data.token as string;
      expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email, cardNumber: SANDBOX_TEST_CARDS.approve }, token)).status).toBe(200);
      fans[key] = { id: r.body.data.userId, token };
    }
    for (const text of ['Only for the console later', 'Gone for everyone soon', 'This one stays']) {
      const r = await post('/api/chat/send_message', { receiver: fans.carla.id, message: text }, admin);
      ids[text] = r.body.data.message._id;
    }
    await post('/api/chat/send_message', { message: 'Hello from Dan' }, fans.dan.token);
    // A locked photo for Carla (rotate and copy-price checks).
    const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#e76f51' } }).jpeg().toBuffer();
    const presign = await post('/api/upload/generate_presigned_url', { file_name: 'wide.jpg', content_type: 'image/jpeg', media_type: 'message' }, admin);
    await fetch(t.base + presign.body.data.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: image });
    const media = (await post('/api/media', { file_name: presign.body.data.file_name, content_type: 'image/jpeg' }, admin)).body.data.id;
    expect((await post('/api/chat/send_message', { receiver: fans.carla.id, message: 'A wide photo', media: [media], isLocked: true, amount: 12 }, admin)).status).toBe(200);
    const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' });
    await createStaffAccount(ctx, secrets, { name: 'Mona Model', email: 'model.rows@example.com', role: 'model', password: 'model rows password' });
    await settleAll();

    browser = await launchChromium();
    adminPage = await browser.newPage({ viewport: DESKTOP });
    adminPage.on('pageerror', (e) => errors.push(e.message));
    fanContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(fanContext, t.base, fans.carla.token);
    await fanContext.addInitScript(() => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem('fanclub.signedIn', '1');
    });
    fanPage = await fanContext.newPage();
    fanPage.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the admin\'s row menu: View Purchased, Update Nickname, Block User, Mute — no Mark As Unread', async () => {
    await signInConsole(adminPage, t.base, t.adminEmail, t.adminPassword);
    await adminPage.goto(t.base + '/admin/private-chat');
    await row(adminPage, fans.carla.id).waitFor();
    const menu = await openMenu(adminPage, fans.carla.id);
    await expect.poll(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['View Purchased', 'Update Nickname', 'Block User', 'Mute mass messages']);
    await shootBothWidths(adminPage, 'chat-row-menu');
    await menu.getByText('Update Nickname').click();
    const input = adminPage.getByTestId('chat-nickname-input');
    await input.fill('x'.repeat(17));
    await expect.poll(() => adminPage.getByText('Nickname can be max 16 characters long').count()).toBe(1);
    await input.fill('Big Fan');
    await adminPage.getByTestId('chat-nickname-save').click();
    await adminPage.getByText('Nickname updated successfully').waitFor();
    await expect.poll(() => row(adminPage, fans.carla.id).getByTestId('chat-user-nickname').innerText()).toBe('(Big Fan)');
    await (await openMenu(adminPage, fans.carla.id)).getByText('Mute mass messages').click();
    await adminPage.getByText('Mass messages muted for user.').waitFor();
    await expect.poll(() => row(adminPage, fans.carla.id).getByTestId('chat-user-money').innerText()).toContain('Mass messages muted');
    await expect.poll(async () => (await openMenu(adminPage, fans.carla.id)).getByText('Unmute mass messages').count()).toBe(1);
    await adminPage.keyboard.press('Escape');
  });

  it('delete from subscriber and from all: the fan\'s open chat drops them live; the console marks or drops them', async () => {
    await fanPage.goto(t.base + '/private-chat');
    const fanBubble = (text: string) => fanPage.getByTestId('chat-bubble').filter({ hasText: text });
    await fanBubble('This one stays').waitFor();
    expect(await fanBubble('Only for the console later').count()).toBe(1);

    await row(adminPage, fans.carla.id).click();
    const bubble = (text: string) => adminPage.locator('[data-testid="chat-message"]').filter({ hasText: text });
    await bubble('Only for the console later').waitFor();
    await bubble('Only for the console later').getByTestId('chat-message-actions').click();
    await adminPage.getByTestId('chat-delete-from-user').click();
    await adminPage.getByTestId('chat-delete-confirm').click();
    await adminPage.getByText('Message deleted from subscriber.').waitFor();
    await bubble('Only for the console later').getByTestId('chat-deleted-for-user').waitFor();
    await expect.poll(() => fanBubble('Only for the console later').count(), { timeout: 10_000 }).toBe(0);

    await bubble('Gone for everyone soon').getByTestId('chat-message-actions').click();
    await adminPage.getByTestId('chat-delete-from-all').click();
    await shootBothWidths(adminPage, 'chat-delete-confirm');
    await adminPage.getByTestId('chat-delete-confirm').click();
    await expect.poll(() => bubble('Gone for everyone soon').count()).toBe(0);
    await expect.poll(() => fanBubble('Gone for everyone soon').count(), { timeout: 10_000 }).toBe(0);
    expect(await fanBubble('This one stays').count()).toBe(1);
    await shootBothWidths(adminPage, 'chat-deleted-for-user');
    // The locked photo: copy its price from the lock chip; rotate it right after the spec's confirmation.
    await bubble('A wide photo').getByTestId('chat-lock-chip').click();
    await adminPage.getByText('Copied to clipboard.').waitFor();
    await bubble('A wide photo').getByTestId('chat-message-actions').click();
    await adminPage.getByTestId('chat-rotate-right').click();
    await adminPage.getByText('Are you sure you want to rotate this image?').waitFor();
    await adminPage.getByTestId('chat-rotate-confirm').click();
    await adminPage.getByText('Image rotated successfully.').waitFor();
    await shootBothWidths(fanPage, 'chat-fan-after-deletes');
  });

  it('Block User takes Dan off the list and to /private-chat; the Blocked list shows him', async () => {
    await row(adminPage, fans.dan.id).click();
    await adminPage.waitForURL((u) => u.pathname.endsWith(fans.dan.id));
    await (await openMenu(adminPage, fans.dan.id)).getByText('Block User').click();
    await adminPage.getByTestId('chat-block-confirm').click();
    await adminPage.getByText('User blocked.').waitFor();
    await expect.poll(() => row(adminPage, fans.dan.id).count()).toBe(0);
    expect(new URL(adminPage.url()).pathname).toBe('/admin/private-chat');
    await adminPage.getByTestId('chat-list-id').click();
    await adminPage.getByTestId('chat-list-blocked').click();
    await row(adminPage, fans.dan.id).waitFor();
    expect(await row(adminPage, fans.dan.id).getByTestId('chat-user-money').innerText()).toContain('Blocked');
    await shootBothWidths(adminPage, 'chat-blocked-list');
    await adminPage.getByTestId('chat-list-id').click();
    await adminPage.getByTestId('chat-list-chat').click();
  });

  it('the model marks a read chat as unread; the admin turns Block User off and the open console follows live', async () => {
    const { page: modelPage } = await openConsole(browser, t, errors, { email: 'model.rows@example.com', password: 'model rows password' });
    await modelPage.goto(t.base + '/admin/private-chat');
    await row(modelPage, fans.carla.id).waitFor();
    const items = await (await openMenu(modelPage, fans.carla.id)).getByRole('menuitem').allInnerTexts();
    expect(items).toEqual(['View Purchased', 'Update Nickname', 'Block User', 'Unmute mass messages', 'Mark As Unread']);
    await modelPage.getByRole('menuitem', { name: 'Mark As Unread' }).click();
    await modelPage.getByText('Chat marked as unread.').waitFor();
    await expect.poll(() => row(modelPage, fans.carla.id).getAttribute('data-unread')).toBe('1');
    // The admin's list follows (UPDATE_USER_LAST_MESSAGE).
    await expect.poll(() => row(adminPage, fans.carla.id).getAttribute('data-unread'), { timeout: 10_000 }).toBe('1');

    await adminPage.goto(t.base + '/admin/settings/chat-settings');
    await adminPage.getByTestId('chat-settings').waitFor();
    await shootBothWidths(adminPage, 'chat-settings');
    await adminPage.getByLabel('Block User').click();
    await adminPage.getByTestId('chat-settings-save').click();
    await adminPage.getByText('update settings successfully.').waitFor();
    // The model's open chat: Block User is gone from the menu without a reload.
    await modelPage.keyboard.press('Escape');
    await expect
      .poll(async () => {
        const menu = await openMenu(modelPage, fans.carla.id);
        const texts = await menu.getByRole('menuitem').allInnerTexts();
        await modelPage.keyboard.press('Escape');
        return texts.includes('Block User');
      }, { timeout: 10_000 })
      .toBe(false);
    expect(errors).toEqual([]);
  });

  it('the fan\'s open chat follows the chat settings live: bubble colours, and normal chat off shows the server\'s text instead of the text area', async () => {
    await fanPage.goto(t.base + '/private-chat');
    await fanPage.getByTestId('chat-input').waitFor();
    const staffBubble = fanPage.getByTestId('chat-bubble').filter({ hasText: 'This one stays' });
    const change = await post('/api/app_settings/update_chat_settings', { chat_settings: { disabled_normal_chat: true, staff_bubble_color: '#123456', staff_text_color: '#fafafa' } }, admin);
    expect(change.status).toBe(200);
    await expect.poll(() => fanPage.getByTestId('chat-disabled-note').count(), { timeout: 10_000 }).toBe(1);
    expect(await fanPage.getByTestId('chat-disabled-note').innerText()).toBe('Chat is currently disabled by the creator.');
    expect(await fanPage.getByTestId('chat-input').count()).toBe(0);
    await expect.poll(() => staffBubble.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 52, 86)');
    expect(await staffBubble.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(250, 250, 250)');
    await shootBothWidths(fanPage, 'chat-fan-normal-chat-off');
    await post('/api/app_settings/update_chat_settings', { chat_settings: { disabled_normal_chat: false, staff_bubble_color: null, staff_text_color: null } }, admin);
    await fanPage.getByTestId('chat-input').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
  });
});

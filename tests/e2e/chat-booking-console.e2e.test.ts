// Chat booking's console pages in a real browser: staff save the booking settings (a refused value is shown on its
// field), edit the weekly hours (two windows on a day; a window ending before it starts is refused on that row) and
// see the week's slots; a fan's booking, made over the API, appears in the bookings list without a reload; staff
// cancel it and the refund shows; the chat list's "Allowed to chat" list and row menu, and the countdown ribbon.
// Every page is shot at 1440 and 375 px (tests/artifacts/chat-booking-console-*.png), none wider than the phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, openConsole, PHONE, requireChromium, settled, shootBothWidths } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)("chat booking's console pages (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let fan: { token: string; id: string };
  const errors: string[] = [];

  const call = (method: string, url: string, body?: unknown, token = admin, headers: Record<string, string> = {}) => t.call(method, url, body, { token, headers });
  const shoot = async (name: string) => {
    await shootBothWidths(page, `chat-booking-console-${name}`);
    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  };
  const rules = async () => (await call('GET', '/admin-api/chat-booking/availability')).body;
  const book = async (n: number) => {
    const slots = (await call('GET', '/api/chat-booking/slots', undefined, fan.token)).body.data.slots;
    const slot = slots[n];
    const r = await call('POST', '/api/chat-booking/bookings', { payment_method: 'card', start: slot.start, end: slot.end, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token, { 'idempotency-key': `console-booking-${n}` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.booking_id as string;
  };

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const r = await t.call('POST', '/api/users/register', { name: 'Bea Booker', email: 'bea.booker@example.com', password: 'fan password 1' });
    const me = await t.call('GET', '/api/users/me', undefined, { token: r.body.data.token });
    fan = { token: r.body.data.token, id: r.body.data.user?._id ?? me.body.data._id ?? me.body.data.id };
    browser = await launchChromium();
    ({ context, page } = await openConsole(browser, t, errors));
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  it('the settings page refuses a bad slot length on its field and saves good values, booking on and normal chat off', async () => {
    await page.goto(t.base + '/admin/settings/chat-booking-settings');
    await expect.poll(() => page.getByTestId('chat-booking-save').isVisible()).toBe(true);
    await page.getByLabel('Slot length (minutes)').fill('3');
    await page.getByTestId('chat-booking-save').click();
    const refused = page.getByTestId('chat-booking-settings').getByText('slot_minutes must be a whole number from 5 to 240.');
    await expect.poll(() => refused.first().isVisible()).toBe(true);
    expect((await rules()).slot_minutes).toBe(15);
    await shoot('settings-refused');
    await page.getByLabel('Slot length (minutes)').fill('30');
    await page.getByLabel('Break between slots (minutes)').fill('0');
    await page.getByLabel('Price per slot ($)').fill('25');
    await page.getByLabel('Fans can book chat time').check();
    await page.getByLabel('Normal chat off').check();
    await page.getByTestId('chat-booking-save').click();
    await expect.poll(rules).toMatchObject({ slot_minutes: 30, buffer_minutes: 0, price_cents: 2500, chat_booking_enabled: true });
    await expect.poll(async () => (await t.call('GET', '/api/app_settings/get')).body.data?.chat_settings?.disabled_normal_chat ?? null).toBe(true);
    await expect.poll(() => page.getByText('Chat booking settings saved.').isVisible()).toBe(true);
    await shoot('settings');
  });

  it('weekly hours: every day 09:00–17:00 and a second window on Monday; an end before its start is refused on its row; the week preview shows the slots', async () => {
    await page.goto(t.base + '/admin/settings/set-chat-availability/weekly-hours');
    await expect.poll(() => page.getByTestId('weekly-hours-save').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('week-preview').textContent()).toContain('0 slots');
    for (const day of [1, 2, 3, 4, 5, 6, 0]) await page.getByTestId(`weekly-${day}-add`).click();
    await page.getByTestId('weekly-1-add').click();
    await page.getByTestId('weekly-2-end-0').fill('08:00');
    await page.getByTestId('weekly-hours-save').click();
    await expect.poll(() => page.getByTestId('weekly-2').getByRole('alert').textContent()).toMatch(/end must be after its start/);
    expect((await rules()).weekly).toEqual([]);
    await page.getByTestId('weekly-2-end-0').fill('17:00');
    await page.getByTestId('weekly-hours-save').click();
    await expect.poll(async () => (await rules()).weekly.length).toBe(8);
    expect((await rules()).weekly.filter((w: { day: number }) => w.day === 1)).toEqual([{ day: 1, start: '09:00', end: '17:00' }, { day: 1, start: '17:00', end: '18:00' }]);
    // 16 half-hour slots a day for 7 days, and 2 more on the Monday.
    await expect.poll(() => page.getByTestId('week-preview').textContent()).toContain('114 slots');
    await shoot('weekly-hours');
  });

  it("a fan's booking appears in the bookings list live; staff cancel it and the refund shows", async () => {
    await page.goto(t.base + '/admin/settings/set-chat-availability/booking-list');
    await expect.poll(() => page.getByTestId('bookings-empty').isVisible()).toBe(true);
    await shoot('bookings-empty');
    const id = await book(0);
    const row = page.getByTestId(`booking-${id}`);
    await expect.poll(() => row.textContent()).toContain('Bea Booker');
    expect(await row.getByTestId('booking-status').textContent()).toBe('Booked');
    await shoot('bookings');
    await row.getByTestId('booking-cancel').click();
    await expect.poll(() => page.getByTestId('cancel-refund-note').textContent()).toBe('$25.00 will be refunded to Bea Booker, and the slot opens again.');
    await shoot('cancel-dialog');
    await page.getByTestId('cancel-confirm').click();
    await expect.poll(() => row.getByTestId('booking-refunded').isVisible()).toBe(true);
    expect(await row.getByTestId('booking-status').textContent()).toBe('Cancelled');
    const tx = (await call('GET', '/admin-api/transactions')).body.filter((r: { reference_id: string }) => r.reference_id === id);
    expect(tx.map((r: { type: string; amount_cents: number }) => [r.type, r.amount_cents]).sort()).toEqual([['chat_booking', 2500], ['refund', -2500]].sort());
    await shoot('bookings-cancelled');
  });

  it('the chat list: the countdown to the next booking, the "Allowed to chat" list, and Disallow from the row menu', async () => {
    await book(3);
    expect((await call('POST', '/api/chat/update_allow_user_to_chat', { user_id: fan.id, is_allowed: true })).status).toBe(200);
    await page.goto(t.base + '/admin/private-chat');
    await expect.poll(() => page.getByTestId('meeting-ribbon').textContent()).toMatch(/Next booked chat in \d/);
    await page.getByTestId('chat-list-id').click();
    await page.getByTestId('chat-list-allowed').click();
    const row = page.getByTestId('chat-user-scroll').getByText('Bea Booker');
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('chat-user-scroll').textContent()).toContain('Allowed to chat');
    await shoot('chat-allowed');
    await page.getByTestId('chat-row-menu').click();
    await expect.poll(() => page.getByTestId('chat-row-allow_chat').textContent()).toBe('Disallow to chat');
    await page.getByTestId('chat-row-allow_chat').click();
    await expect.poll(() => page.getByText('Bea Booker may no longer chat.').isVisible()).toBe(true);
    await expect.poll(async () => (await call('GET', '/api/chat/get_user_list?page_num=1&list_id=allowed')).body.data.users.length).toBe(0);
    expect(errors).toEqual([]);
  });
});

// Chat booking's console pages in a real browser: staff save the booking settings (a refused value is shown on its
// field), edit the weekly hours (two windows on a day; a window ending before it starts is refused on that row) and
// see the week's slots; a fan's booking, made over the API, appears in the bookings list without a reload; staff
// cancel it and the refund shows; staff move a booking to another slot (the new time shows, the old slot is open
// again); the chat list's "Allowed to chat" list and row menu, and the countdown ribbon; the list select offers
// "Allowed to chat" only while normal chat is off or someone is allowed, and "Live chats" once a fan's booked chat
// starts (the server's clock moved to it), both without a reload.
// Every page is shot at 1440 and 375 px (tests/artifacts/chat-booking-console-*.png), none wider than the phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { advanceBookings } from '../../commands/chat-booking';
import { commandContext } from '../../commands/handle';
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
  const openSlots = async () => (await call('GET', '/api/chat-booking/slots', undefined, fan.token)).body.data.slots as { start: string; end: string }[];
  const book = async (n: number) => {
    const slot = (await openSlots())[n];
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

  it('staff move a booking to another slot: the new time shows in the list, the old slot is open again', async () => {
    const id = await book(5);
    const bookingOf = async () => (await call('GET', '/api/chat-booking/bookings', undefined, fan.token)).body.data.bookings.find((b: { id: string }) => b.id === id);
    const from = (await bookingOf()) as { start: string; end: string };
    const to = (await openSlots()).find((s) => Date.parse(s.start) >= Date.parse(from.end) + 60 * 60_000)!;
    await page.goto(t.base + '/admin/settings/set-chat-availability/booking-list');
    const row = page.getByTestId(`booking-${id}`);
    await expect.poll(() => row.getAttribute('data-start')).toBe(from.start);
    await row.getByTestId('booking-move').click();
    const chip = page.getByTestId(`slot-${to.start}`);
    await chip.waitFor({ timeout: 15_000 });
    // The dialog says which time is moved (as the list shows it); the booking's own slot is not offered.
    const before = await row.getByTestId('booking-when').textContent();
    expect(await page.getByTestId('reschedule-from').textContent()).toBe(`Now: ${before}`);
    expect(await page.getByTestId(`slot-${from.start}`).count()).toBe(0);
    await chip.click();
    const label = await page.evaluate((iso) => {
      const d = new Date(iso);
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(d);
      const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(d);
      return `${local.slice(5)} ${time}`;
    }, to.start);
    expect(await page.getByTestId('reschedule-confirm').textContent()).toBe(`Move to ${label}`);
    await shoot('move-dialog');
    await page.getByTestId('reschedule-confirm').click();
    // The row shows the new time, without a reload.
    await expect.poll(() => row.getAttribute('data-start')).toBe(to.start);
    const shown = await page.evaluate(([start, end]) => {
      const s = new Date(start);
      const e = new Date(end);
      return `${s.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' })}, ${s.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}–${e.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
    }, [to.start, to.end]);
    expect(await row.getByTestId('booking-when').textContent()).toBe(shown);
    expect(await row.getByTestId('booking-status').textContent()).toBe('Booked');
    await shoot('bookings-moved');
    // The old slot is open again: offered when the booking is moved again, and by the server; the new one is taken.
    await row.getByTestId('booking-move').click();
    await page.getByTestId(`slot-${from.start}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`slot-${to.start}`).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const open = (await openSlots()).map((s) => s.start);
    expect(open).toContain(from.start);
    expect(open).not.toContain(to.start);
    expect(await bookingOf()).toMatchObject({ start: to.start, end: to.end, status: 'booked' });
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

  it('the list select: "Allowed to chat" while normal chat is off or someone is allowed; "Live chats" once a booked chat starts, without a reload', async () => {
    const choices = async () => {
      await page.getByTestId('chat-list-id').click();
      const shown = await page.locator('[data-testid^="chat-list-"][role="option"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      return shown;
    };
    await page.goto(t.base + '/admin/private-chat');
    await expect.poll(() => page.getByTestId('meeting-ribbon').textContent()).toMatch(/Next booked chat in \d/);
    // Normal chat is off (the settings above): "Allowed to chat" is offered although nobody is; no chat is on now.
    await expect.poll(choices).toEqual(['chat-list-chat', 'chat-list-allowed', 'chat-list-blocked', 'chat-list-muted']);
    // Normal chat on again, nobody allowed: the list goes; a fan allowed brings it back.
    expect((await call('POST', '/api/app_settings/update_chat_settings', { chat_settings: { disabled_normal_chat: false } })).status).toBe(200);
    await expect.poll(choices).toEqual(['chat-list-chat', 'chat-list-blocked', 'chat-list-muted']);
    expect((await call('POST', '/api/chat/update_allow_user_to_chat', { user_id: fan.id, is_allowed: true })).status).toBe(200);
    await expect.poll(choices).toEqual(['chat-list-chat', 'chat-list-allowed', 'chat-list-blocked', 'chat-list-muted']);

    // The server's clock at the fan's booked slot, and the booking pass run as its timer would: the chat starts.
    const booked = (await call('GET', '/api/chat-booking/bookings', undefined, fan.token)).body.data.bookings
      .filter((b: { status: string }) => b.status === 'booked').sort((a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start));
    const offset = Date.parse(booked[0].start) + 2000 - Date.now();
    t.server.services.clock = () => new Date(Date.now() + offset);
    const s = t.server.services;
    await advanceBookings(commandContext(s.store, { userId: null, role: 'system', correlationId: 'test-pass-live' }, s.clock), s.purchases);
    await expect.poll(() => page.getByTestId('meeting-ribbon').textContent()).toMatch(/Booked chat on now/);
    await page.getByTestId('chat-list-id').click();
    await page.getByTestId('chat-list-live').click();
    await expect.poll(() => page.getByTestId('chat-user-scroll').getByText('Bea Booker').isVisible()).toBe(true);
    await shoot('chat-live');
    expect(await choices()).toEqual(['chat-list-chat', 'chat-list-allowed', 'chat-list-live', 'chat-list-blocked', 'chat-list-muted']);
    expect(errors).toEqual([]);
  });
});

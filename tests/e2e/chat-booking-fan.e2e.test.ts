// Chat booking from the fan's side in a real browser, one server (PGlite): the creator opens bookings with normal
// chat off; a fan sees no bookings yet, the open slots by day in their time zone with the price, books the first
// one from the wallet and finds it in their bookings while the ribbon counts down; a slot another fan took meanwhile
// says 'This slot is no longer available.' and the slots are read again. The server's clock is then moved to the
// slot's start and the booking pass run as its timer would: the ribbon turns to "live now" without a reload, the
// fan writes in the chat and the creator sees the message and one live chat; past the end the chat closes with
// the server's message. A short wallet says to add funds; the card pays instead. The fan moves a booking to another
// slot from the bookings: the new time shows and the old slot is open again. Screenshots at 375 and 1440 px in
// tests/artifacts/chat-booking-fan-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { advanceBookings } from '../../commands/chat-booking';
import { commandContext } from '../../commands/handle';
import { BOOKING_ENDED } from '../../domain/chat-booking/chat-access';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { instantLabel } from '../../web-shared/chat-booking/slots';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, SIGNED_IN_HINT, ensureAppsBuilt, fillCardDialog, launchChromium, openConsole, requireChromium, shootBothWidths, signInContext } from '../support/browser';
import { topUpWallet } from '../support/wallet';

const hasChromium = requireChromium();
const PASSWORD = 'a good long password';

describe.skipIf(!hasChromium)('chat booking, the fan side (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let admin: string;
  let page: Page;
  const fan = { id: '', token: '' };
  const collect = { errors: [] as string[] };
  let bookedStart = '';
  let bookedEnd = '';

  const register = async (name: string, email: string) => {
    const r = await t.call('POST', '/api/users/register', { name, email, password: PASSWORD });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { id: r.body.data.userId as string, token: r.body.data.token as string };
  };
  /** The server's clock moved so that `iso` is now (plus a little), and the booking pass run as its timer would. */
  const moveClockTo = async (iso: string) => {
    const offset = Date.parse(iso) + 2000 - Date.now();
    t.server.services.clock = () => new Date(Date.now() + offset);
    const s = t.server.services;
    await advanceBookings(commandContext(s.store, { userId: null, role: 'system', correlationId: `test-pass-${iso}` }, s.clock), s.purchases);
  };
  const shoot = (name: string) => shootBothWidths(page, `chat-booking-fan-${name}`);

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    // Every day, all day, 15-minute slots back to back, bookable at once: the next slot starts within 15 minutes.
    const rules = {
      time_zone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })), exceptions: [],
      slot_minutes: 15, buffer_minutes: 0, price_cents: 2500, book_ahead_days: 1, min_notice_minutes: 0, max_bookings_per_fan: 2,
      cancel_deadline_hours: 0, no_show_policy: 'keep_payment', chat_booking_enabled: true,
    };
    const set = await t.call('PUT', '/admin-api/chat-booking/availability', rules, { token: admin });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await t.call('POST', '/api/app_settings/update_chat_settings', { chat_settings: { disabled_normal_chat: true } }, { token: admin })).status).toBe(200);
    Object.assign(fan, await register('Bea Booker', 'bea.booker@example.com'));
    expect((await t.call('POST', '/api/admin/give_complimentary_subscription', { user_id: fan.id, months: 1 }, { token: admin })).status).toBe(200);
    await topUpWallet(t, fan.token, 50);
    browser = await launchChromium();
    // The fan's browser is in Tokyo: the slots are shown in Tokyo time.
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Tokyo' });
    await context.grantPermissions(['notifications'], { origin: t.base });
    await context.addInitScript((hint) => {
      localStorage.setItem('fanclub.ageConfirmed', '1');
      localStorage.setItem(hint, '1');
    }, SIGNED_IN_HINT);
    await signInContext(context, t.base, fan.token);
    page = await context.newPage();
    page.on('pageerror', (e) => collect.errors.push(e.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('no bookings yet, then the open slots by day in the fan\'s time zone with the price', async () => {
    await page.goto(t.base + '/book-slot/booking-list');
    await page.getByTestId('bookings-empty').waitFor({ timeout: 20_000 });
    await shoot('empty');
    await page.getByTestId('tab-book').click();
    await page.getByTestId('slot').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('slot-price').innerText()).toBe('$25.00 for 15 minutes of one-to-one chat');
    expect(await page.getByTestId('slot-zone').innerText()).toContain('Asia/Tokyo');
    // The first slot's button shows its start in Tokyo time, under the Tokyo date.
    const first = page.getByTestId('slot').first();
    const start = (await first.getAttribute('data-start'))!;
    const tokyo = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' }).format(new Date(start));
    expect(await first.innerText()).toBe(tokyo);
    const tokyoDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(start));
    expect(await page.getByTestId('slot-day').first().getAttribute('data-date')).toBe(tokyoDate);
    expect(Date.parse(start) - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5000);
  });

  it('a slot another fan took meanwhile is refused with the server\'s words and the slots are read again', async () => {
    const taken = (await page.getByTestId('slot').nth(1).getAttribute('data-start'))!;
    const other = await register('Otto Other', 'otto.other@example.com');
    await topUpWallet(t, other.token, 50);
    const end = new Date(Date.parse(taken) + 15 * 60_000).toISOString();
    const r = await t.call('POST', '/api/chat-booking/bookings', { payment_method: 'wallet', start: taken, end }, { token: other.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Otto's booking is not this fan's news: the page still offers the slot.
    await page.locator(`[data-testid="slot"][data-start="${taken}"]`).click();
    await page.getByTestId('book-slot-button').click();
    await page.getByTestId('book-pay-wallet').click();
    await page.getByTestId('confirm-booking').click();
    await page.getByText('This slot is no longer available.').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator(`[data-testid="slot"][data-start="${taken}"]`).count()).toBe(0);
  });

  it('books the first slot from the wallet; it shows in the bookings and the ribbon counts down', async () => {
    const first = page.getByTestId('slot').first();
    bookedStart = (await first.getAttribute('data-start'))!;
    bookedEnd = new Date(Date.parse(bookedStart) + 15 * 60_000).toISOString();
    await first.click();
    await page.getByTestId('book-slot-button').click();
    const dialog = page.getByTestId('confirm-booking-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('confirm-booking-text').innerText()).toContain('for $25.00?');
    await page.getByTestId('book-pay-wallet').click();
    await page.getByTestId('wallet-purchase-notice').waitFor();
    await shoot('confirm');
    await page.getByTestId('confirm-booking').click();
    await page.waitForURL('**/book-slot/booking-list', { timeout: 15_000 });
    const row = page.getByTestId('bookings-upcoming').getByTestId('booking-row');
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('booking-status').innerText()).toBe('Booked');
    const me = (await t.call('GET', '/api/users/me', undefined, { token: fan.token })).body.data;
    expect(me.wallet_amount_cents).toBe(2500);
    const ribbon = page.getByTestId('booking-ribbon');
    await ribbon.waitFor({ timeout: 15_000 });
    expect(await ribbon.getAttribute('data-status')).toBe('upcoming');
    expect(await ribbon.innerText()).toContain('starts in');
    const before = await page.getByTestId('booking-countdown').innerText();
    await expect.poll(() => page.getByTestId('booking-countdown').innerText()).not.toBe(before);
    await shoot('list');
  });

  it('at the start the ribbon turns live without a reload; the fan chats and the creator sees it', async () => {
    await page.goto(t.base + '/private-chat');
    await page.getByTestId('chat-page').waitFor({ timeout: 20_000 });
    // Before the slot the chat is closed for this fan, with the server's words.
    expect(await page.getByTestId('chat-disabled-note').innerText()).toBe('Chat is open during your booked chat time. Book a slot to chat with the creator.');
    await moveClockTo(bookedStart);
    const ribbon = page.getByTestId('booking-ribbon');
    await expect.poll(() => ribbon.getAttribute('data-status')).toBe('live');
    expect(await ribbon.innerText()).toContain('live now');
    await page.getByTestId('chat-input').waitFor({ timeout: 15_000 });
    await page.getByTestId('chat-input').fill('Hello from my booked slot');
    await page.getByTestId('chat-send').click();
    await expect.poll(async () => {
      const r = await t.call('GET', `/api/chat/get_messages_admin?selected_user_id=${fan.id}&page_num=1`, undefined, { token: admin });
      return (r.body.data?.messages ?? []).map((m: { message?: string }) => m.message);
    }).toContain('Hello from my booked slot');
    const staff = (await t.call('POST', '/api/chat/get_next_meeting_time', { isAdmin: true }, { token: admin })).body.data;
    expect(staff).toMatchObject({ status: 'live', live_chat_users: 1, booking: { user_id: fan.id, start: bookedStart } });
    await shoot('live-chat');
    // Meanwhile the creator, in the console, has the ribbon saying the booked chat is on and the fan's message.
    const creator = await openConsole(browser, t, collect.errors);
    try {
      await creator.page.goto(`${t.base}/admin/private-chat/${fan.id}`);
      await expect.poll(() => creator.page.getByTestId('meeting-ribbon').textContent()).toMatch(/Booked chat on now/);
      const fanBubble = creator.page.locator('[data-testid="chat-message"][data-from="fan"]');
      await expect.poll(() => fanBubble.last().getByTestId('chat-message-text').textContent()).toBe('Hello from my booked slot');
      await shootBothWidths(creator.page, 'chat-booking-fan-creator-sees-live-chat');
    } finally {
      await creator.context.close();
    }
  });

  it('at the end the chat closes for the fan with the server\'s message, and the booking is past', async () => {
    await moveClockTo(bookedEnd);
    await expect.poll(() => page.getByTestId('booking-ribbon').count()).toBe(0);
    await expect.poll(() => page.getByTestId('chat-disabled-note').innerText().catch(() => '')).toBe(BOOKING_ENDED);
    expect(await page.getByTestId('chat-input').count()).toBe(0);
    const refused = await t.call('POST', '/api/chat/send_message', { message: 'still here?', type: 'text' }, { token: fan.token });
    expect(refused).toMatchObject({ status: 403, body: { message: BOOKING_ENDED } });
    await shoot('ended');
    await page.goto(t.base + '/book-slot/booking-list');
    const past = page.getByTestId('bookings-past').getByTestId('booking-row');
    await past.waitFor({ timeout: 15_000 });
    expect(await past.getByTestId('booking-status').innerText()).toBe('Completed');
  });

  it('a short wallet says to add funds and opens Add Funds; the same slot is then paid by card', async () => {
    // The price goes up to $30.00: the $25.00 left in the wallet falls short.
    const rules = (await t.call('GET', '/admin-api/chat-booking/availability', undefined, { token: admin })).body;
    expect((await t.call('PUT', '/admin-api/chat-booking/availability', { ...rules, price_cents: 3000 }, { token: admin })).status).toBe(200);
    await page.goto(t.base + '/book-slot/book');
    const first = page.getByTestId('slot').first();
    await first.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('slot-price').innerText()).toBe('$30.00 for 15 minutes of one-to-one chat');
    const start = (await first.getAttribute('data-start'))!;
    await first.click();
    await page.getByTestId('book-slot-button').click();
    await page.getByTestId('book-pay-wallet').click();
    await page.getByTestId('confirm-booking').click();
    await page.getByText('Please Add Funds in wallet to book this slot.').waitFor({ timeout: 15_000 });
    await page.getByTestId('add-funds-dialog').waitFor();
    await page.getByTestId('add-funds-close').click();
    await page.getByTestId('book-slot-button').click();
    await page.getByTestId('book-pay-card').click();
    await page.getByTestId('confirm-booking').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await fillCardDialog(dialog, SANDBOX_TEST_CARDS.approve, { firstName: 'Bea', lastName: 'Booker', email: 'bea.booker@example.com' });
    await dialog.getByTestId('pay-button').click();
    await page.waitForURL('**/book-slot/booking-list', { timeout: 20_000 });
    const row = page.locator(`[data-testid="booking-row"][data-status="booked"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('$30.00');
    const list = (await t.call('GET', '/api/chat-booking/bookings', undefined, { token: fan.token })).body.data.bookings;
    expect(list.find((b: { start: string; status: string }) => b.start === start)).toMatchObject({ status: 'booked', price_cents: 3000 });
    expect((await t.call('GET', '/api/users/me', undefined, { token: fan.token })).body.data.wallet_amount_cents).toBe(2500);
    expect(collect.errors).toEqual([]);
  });

  it('moves a booking to another slot from the bookings: the new time shows, the old slot is open again', async () => {
    // A booking an hour or more ahead (its slot does not pass while the test runs), moved half an hour later.
    const open = async () => (await t.call('GET', '/api/chat-booking/slots', undefined, { token: fan.token })).body.data.slots as { start: string; end: string }[];
    const ahead = (await open()).filter((s) => Date.parse(s.start) >= t.server.services.clock().getTime() + 60 * 60_000);
    const [from, , to] = ahead;
    const made = await t.call('POST', '/api/chat-booking/bookings', { payment_method: 'card', start: from.start, end: from.end, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve },
      { token: fan.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.booking_id as string;
    await page.goto(t.base + '/book-slot/booking-list');
    const row = page.locator(`[data-testid="booking-row"][data-id="${id}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-start')).toBe(from.start);
    await row.getByTestId('booking-move').click();
    const dialog = page.getByTestId('move-booking-dialog');
    const target = dialog.locator(`[data-testid="slot"][data-start="${to.start}"]`);
    await target.waitFor({ timeout: 15_000 });
    // The dialog says which time is moved; the booking's own slot is not offered.
    expect(await dialog.getByTestId('move-booking-from').textContent()).toContain(`Now ${instantLabel(from.start, 'Asia/Tokyo')} – `);
    expect(await dialog.locator(`[data-testid="slot"][data-start="${from.start}"]`).count()).toBe(0);
    await target.click();
    const tokyo = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
    expect(await page.getByTestId('move-booking-confirm').textContent()).toBe(`Move to ${tokyo(to.start)}`);
    await shoot('move-dialog');
    await page.getByTestId('move-booking-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    // The row shows the new time (in Tokyo), without a reload.
    await expect.poll(() => row.getAttribute('data-start')).toBe(to.start);
    expect(await row.innerText()).toContain(instantLabel(to.start, 'Asia/Tokyo'));
    expect(await row.innerText()).not.toContain(instantLabel(from.start, 'Asia/Tokyo'));
    await shoot('moved');
    // The old slot is open again, on the Book tab and in the server's answer; the new one is taken.
    await page.getByTestId('tab-book').click();
    await page.locator(`[data-testid="slot"][data-start="${from.start}"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator(`[data-testid="slot"][data-start="${to.start}"]`).count()).toBe(0);
    const now = (await open()).map((s) => s.start);
    expect(now).toContain(from.start);
    expect(now).not.toContain(to.start);
    expect(collect.errors).toEqual([]);
  });
});

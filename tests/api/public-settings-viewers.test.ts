// The public settings answers carry only what their reader may see (PGlite, real HTTP). A creator sets a banner
// for members and one for everyone else, custom menu links for members and for staff, a members-only popup, hidden
// earnings and the chat's staff features; then a guest, a fan without a membership, a member and an admin read
// GET /api/app_settings/get, GET /api/get-announcement-banner-settings and GET /api/stream/get_settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';

const MEMBERS_BANNER = 'Members: the full studio set lands Friday';
const EVERYONE_BANNER = 'Join today and see every post';
const MEMBERS_LINK = { name: 'Members Discord', url: 'https://discord.example.com/invite/members-only-9f3k' };
const STAFF_LINK = { name: 'Staff wiki', url: 'https://wiki.example.com/staff-only-runbook' };
const EVERYONE_LINK = { name: 'My shop', url: 'https://shop.example.com/' };
const MEMBERS_POPUP = 'Thank you, members: a code for you, MEMBERS-ONLY-7731';

describe('public settings answers, per reader', () => {
  let t: TestServer;
  let admin: string;
  let fan: string;
  let member: string;
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
  const saved = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  const register = async (name: string) => {
    const r = await post('/api/users/register', { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, password: 'fan password 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data.token as string;
  };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    saved(await post('/api/save-announcement-banner-settings', {
      is_announcement_banner_enabled_for_subscribers: true, is_announcement_banner_enabled_for_non_subscribers: true,
      subscriber_announcement_banner_text: MEMBERS_BANNER, non_subscriber_announcement_banner_text: EVERYONE_BANNER,
    }, admin));
    saved(await post('/api/custom-menu/save', { ...MEMBERS_LINK, audiences: ['subscriber'] }, admin));
    saved(await post('/api/custom-menu/save', { ...STAFF_LINK, audiences: ['admin', 'super_admin'] }, admin));
    saved(await post('/api/custom-menu/save', { ...EVERYONE_LINK, audiences: ['guest', 'user', 'subscriber', 'admin', 'super_admin'] }, admin));
    saved(await post('/api/settings/miscellaneous-pop-up', { enabled: true, title: 'For members', html: `<p>${MEMBERS_POPUP}</p>`, audience: 'members' }, admin));
    saved(await post('/api/app_settings/update_chat_settings', { hide_earnings: true, chat_settings: { block_user_enabled: false, model_expiry_sort_enabled: true, staff_bubble_color: '#123456' } }, admin));
    saved(await post('/api/stream/save_settings', { live_stream_report_enabled: true }, admin));
    fan = await register('Plain Fan');
    member = await register('Paying Member');
    expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, member)).body.data.accepted).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const settingsOf = async (token?: string) => {
    const r = await get('/api/app_settings/get', token);
    expect(r.status).toBe(200);
    return r.body.data;
  };
  /** Nothing meant for members or for staff, anywhere in the answer. */
  const noMembersOrStaffOnly = (answer: unknown) => {
    const text = JSON.stringify(answer);
    for (const secret of [MEMBERS_BANNER, MEMBERS_LINK.url, MEMBERS_LINK.name, STAFF_LINK.url, STAFF_LINK.name, MEMBERS_POPUP]) expect(text).not.toContain(secret);
  };
  const fanSideChat = (data: any) => {
    expect(data.hide_earnings).toBeUndefined();
    expect(data.chat_settings).toEqual({
      disabled_normal_chat: false, staff_bubble_color: '#123456', staff_text_color: null, fan_bubble_color: null, fan_text_color: null, tip_bubble_color: null, tip_text_color: null,
    });
    expect(data.shell.links_menu.admin).toEqual([]);
    expect(data.shell.links_menu.super_admin).toEqual([]);
  };

  it('a guest: the banner for everyone, the links for guests; no members\' text, link or popup, no staff setting', async () => {
    const data = await settingsOf();
    noMembersOrStaffOnly(data);
    expect(data.shell.announcement_banner).toMatchObject({ non_subscriber_announcement_banner_text: EVERYONE_BANNER, subscriber_announcement_banner_text: '', is_announcement_banner_enabled_for_subscribers: true });
    expect(data.shell.custom_menu_links.map((l: any) => l.name)).toEqual([EVERYONE_LINK.name]);
    expect(data.shell.misc_pop_up).toBeNull();
    expect(data.shell.links_menu.guest).toEqual(['tips', 'links']);
    fanSideChat(data);
    const banner = await get('/api/get-announcement-banner-settings');
    expect(banner.status).toBe(200);
    noMembersOrStaffOnly(banner.body);
    expect(banner.body.data).toMatchObject({ non_subscriber_announcement_banner_text: EVERYONE_BANNER, subscriber_announcement_banner_text: '' });
  });

  it('a fan without a membership: the same as a guest (their own links), and no staff-only live setting', async () => {
    const data = await settingsOf(fan);
    noMembersOrStaffOnly(data);
    expect(data.shell.announcement_banner.non_subscriber_announcement_banner_text).toBe(EVERYONE_BANNER);
    expect(data.shell.custom_menu_links.map((l: any) => l.name)).toEqual([EVERYONE_LINK.name]);
    expect(data.shell.misc_pop_up).toBeNull();
    fanSideChat(data);
    noMembersOrStaffOnly((await get('/api/get-announcement-banner-settings', fan)).body);
    const live = await get('/api/stream/get_settings', fan);
    expect(live.status).toBe(200);
    expect(live.body.data).not.toHaveProperty('live_stream_report_enabled');
    expect(live.body.data).toMatchObject({ enable_live_streaming: false, price_per_minute_cents: 0 });
  });

  it('a member: the members\' banner, link and popup; still no staff link or staff setting', async () => {
    const data = await settingsOf(member);
    expect(data.shell.announcement_banner).toMatchObject({ subscriber_announcement_banner_text: MEMBERS_BANNER, non_subscriber_announcement_banner_text: '' });
    expect(data.shell.custom_menu_links.map((l: any) => l.name).sort()).toEqual([MEMBERS_LINK.name, EVERYONE_LINK.name].sort());
    expect(data.shell.misc_pop_up).toMatchObject({ enabled: true, audience: 'members', html: `<p>${MEMBERS_POPUP}</p>` });
    expect(JSON.stringify(data)).not.toContain(STAFF_LINK.url);
    fanSideChat(data);
    expect((await get('/api/get-announcement-banner-settings', member)).body.data.subscriber_announcement_banner_text).toBe(MEMBERS_BANNER);
  });

  it('an admin: the staff settings and links; the banner editor reads both texts', async () => {
    const data = await settingsOf(admin);
    expect(data.hide_earnings).toBe(true);
    expect(data.chat_settings).toMatchObject({ block_user_enabled: false, model_expiry_sort_enabled: true, mute_mass_message_enabled: true });
    expect(data.shell.custom_menu_links.map((l: any) => l.name).sort()).toEqual([STAFF_LINK.name, EVERYONE_LINK.name].sort());
    expect(data.shell.links_menu.admin).toEqual(['tips', 'chat', 'links']);
    const banner = (await get('/api/get-announcement-banner-settings', admin)).body.data;
    expect(banner).toMatchObject({ subscriber_announcement_banner_text: MEMBERS_BANNER, non_subscriber_announcement_banner_text: EVERYONE_BANNER });
    expect((await get('/api/stream/get_settings', admin)).body.data.live_stream_report_enabled).toBe(true);
  });
});

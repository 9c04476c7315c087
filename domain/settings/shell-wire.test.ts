import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';
import { bannerAudienceOf, shellPublicSettings, type SettingsViewer } from './shell-wire';
import { DEFAULT_CHAT_SETTINGS, fanChatSettings } from './chat-settings';

const site = {
  ...DEFAULT_SETTINGS,
  is_announcement_banner_enabled_for_subscribers: true,
  is_announcement_banner_enabled_for_non_subscribers: true,
  subscriber_announcement_banner_text: 'For members',
  non_subscriber_announcement_banner_text: 'For everyone else',
  custom_menu_links: [
    { id: 'm', name: 'Members', url: '/m', open_in_new_tab: false, status: true, audiences: ['subscriber' as const], position: 0 },
    { id: 's', name: 'Staff', url: '/s', open_in_new_tab: false, status: true, audiences: ['admin' as const], position: 1 },
    { id: 'a', name: 'All', url: '/a', open_in_new_tab: false, status: true, audiences: ['guest' as const, 'user' as const, 'subscriber' as const, 'admin' as const], position: 2 },
    { id: 'o', name: 'Off', url: '/o', open_in_new_tab: false, status: false, audiences: ['guest' as const], position: 3 },
  ],
  misc_pop_up: { enabled: true, title: 'Members only', html: '<p>Hi</p>', audience: 'members' as const, revision: 1 },
};

const guest: SettingsViewer = { role: null, member: false };
const fan: SettingsViewer = { role: 'user', member: false };
const member: SettingsViewer = { role: 'user', member: true };
const proxyOfMember: SettingsViewer = { role: 'proxy_user', member: true };
const admin: SettingsViewer = { role: 'admin', member: false };

describe('the shell settings a reader gets', () => {
  it('the banner text of the reader\'s own audience only; staff get neither', () => {
    expect([guest, fan, member, proxyOfMember, admin].map(bannerAudienceOf)).toEqual(['non_subscriber', 'non_subscriber', 'subscriber', 'subscriber', null]);
    const texts = (v: SettingsViewer) => {
      const b = shellPublicSettings(site, v).announcement_banner;
      return [b.subscriber_announcement_banner_text, b.non_subscriber_announcement_banner_text];
    };
    expect(texts(guest)).toEqual(['', 'For everyone else']);
    expect(texts(fan)).toEqual(['', 'For everyone else']);
    expect(texts(member)).toEqual(['For members', '']);
    expect(texts(admin)).toEqual(['', '']);
    // The switches and the style stay: they say nothing meant for another audience.
    expect(shellPublicSettings(site, guest).announcement_banner.is_announcement_banner_enabled_for_subscribers).toBe(true);
  });

  it('custom links of the reader\'s audience (switched on), the popup only to its audience, staff menu lists only to staff', () => {
    const links = (v: SettingsViewer) => shellPublicSettings(site, v).custom_menu_links.map((l) => l.id);
    expect(links(guest)).toEqual(['a']);
    expect(links(fan)).toEqual(['a']);
    expect(links(member)).toEqual(['m', 'a']);
    expect(links(admin)).toEqual(['s', 'a']);
    expect(shellPublicSettings(site, guest).misc_pop_up).toBeNull();
    expect(shellPublicSettings(site, fan).misc_pop_up).toBeNull();
    expect(shellPublicSettings(site, member).misc_pop_up).toEqual(site.misc_pop_up);
    expect(shellPublicSettings(site, admin).misc_pop_up).toBeNull();
    expect(shellPublicSettings(site, member).links_menu).toMatchObject({ admin: [], super_admin: [], subscriber: site.links_menu.subscriber });
    expect(shellPublicSettings(site, admin).links_menu).toEqual(site.links_menu);
  });

  it('fans read of the chat settings whether they may write and the colours, not the staff features', () => {
    expect(fanChatSettings({ ...DEFAULT_CHAT_SETTINGS, disabled_normal_chat: true, fan_bubble_color: '#111111', block_user_enabled: false })).toEqual({
      disabled_normal_chat: true, staff_bubble_color: null, staff_text_color: null, fan_bubble_color: '#111111', fan_text_color: null, tip_bubble_color: null, tip_text_color: null,
    });
  });
});

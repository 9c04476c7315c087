// The public part of the fan-shell settings (GET /api/app_settings/get → data.shell), shared by the server and
// the fan site: footer links, forms switched on, custom menu links and menu lists, the links page, the banner.
// A public answer carries only what its reader may see: the banner text of their own audience, the custom links
// and popup meant for them, the menu lists of fans (the staff lists to staff only).
import type { Role } from '../shared/wire';
import { footerLinks, type FooterLink } from './content-pages';
import {
  bannerFieldsOf, bannerFontSizes, menuAudience, showsMiscPopUp, visibleMenuLinks, type AnnouncementBannerSettings, type BannerAudience, type CustomMenuLink,
  type LinksMenu, type MiscPopUp, type StoredContentPage,
} from './shell';

/** Who reads the public settings: their role (null: a guest; a proxy view is the fan it shows) and whether they hold a running membership. */
export interface SettingsViewer {
  role: Role | null;
  member: boolean;
}

const isStaff = (role: Role | null) => !!role && role !== 'user' && role !== 'proxy_user';

/**
 * The banner audience a reader belongs to: members the subscriber banner, guests and fans without a membership the
 * non-subscriber banner, staff neither (the banner is never shown to them; the console reads it whole).
 */
export function bannerAudienceOf(viewer: SettingsViewer): BannerAudience | null {
  if (isStaff(viewer.role)) return null;
  return viewer.role && viewer.member ? 'subscriber' : 'non_subscriber';
}

/** The banner settings with only the text of the reader's audience (the other text empty). */
export function bannerTextsFor(s: AnnouncementBannerSettings, viewer: SettingsViewer): AnnouncementBannerSettings {
  const audience = bannerAudienceOf(viewer);
  return {
    ...s,
    subscriber_announcement_banner_text: audience === 'subscriber' ? s.subscriber_announcement_banner_text : '',
    non_subscriber_announcement_banner_text: audience === 'non_subscriber' ? s.non_subscriber_announcement_banner_text : '',
  };
}

/** The menu lists: fans' lists to everyone (they are the site's navigation), the staff lists only to staff. */
function linksMenuFor(menu: LinksMenu, viewer: SettingsViewer): LinksMenu {
  return isStaff(viewer.role) ? menu : { ...menu, admin: [], super_admin: [] };
}

export interface ShellPublicSettings {
  footer_links: FooterLink[];
  show_like_the_website_form: boolean;
  contact_us_form_enabled: boolean;
  /** The switched-on links of the reader's audience (visibleMenuLinks), in order. */
  custom_menu_links: CustomMenuLink[];
  links_menu: LinksMenu;
  links_page_title: string;
  links_page_description: string;
  announcement_banner: AnnouncementBannerSettings & { font_sizes: [string, string, string, string] };
  /** Only while switched on and meant for the reader (its text is not published otherwise). */
  misc_pop_up: MiscPopUp | null;
  /** The navbar's names and padding. */
  navbar: { feed: string; membership: string; tips: string; gallery: string; padding: number };
}

type ShellSource = AnnouncementBannerSettings & {
  content_pages: Record<string, StoredContentPage>;
  model_name: string;
  show_like_the_website_form: boolean;
  contact_us_form_enabled: boolean;
  custom_menu_links: CustomMenuLink[];
  links_menu: LinksMenu;
  links_page_title: string;
  links_page_description: string;
  misc_pop_up: MiscPopUp;
  feed_navbar_name: string;
  membership_navbar_name: string;
  tips_navbar_name: string;
  gallery_navbar_name: string;
  navbar_padding: number;
};

export function shellPublicSettings(s: ShellSource, viewer: SettingsViewer): ShellPublicSettings {
  const banner = bannerTextsFor(bannerFieldsOf(s), viewer);
  const popUp = s.misc_pop_up?.enabled && showsMiscPopUp(s.misc_pop_up, { role: viewer.role, member: viewer.member, dismissedRevision: null }) ? s.misc_pop_up : null;
  return {
    footer_links: footerLinks(s),
    show_like_the_website_form: s.show_like_the_website_form,
    contact_us_form_enabled: s.contact_us_form_enabled,
    custom_menu_links: visibleMenuLinks(s.custom_menu_links, menuAudience(viewer.role, viewer.member)),
    links_menu: linksMenuFor(s.links_menu, viewer),
    links_page_title: s.links_page_title,
    links_page_description: s.links_page_description,
    announcement_banner: { ...banner, announcement_banner_revision: s.announcement_banner_revision, font_sizes: bannerFontSizes(s.promo_text_font_size) },
    misc_pop_up: popUp,
    navbar: { feed: s.feed_navbar_name, membership: s.membership_navbar_name, tips: s.tips_navbar_name, gallery: s.gallery_navbar_name, padding: s.navbar_padding },
  };
}

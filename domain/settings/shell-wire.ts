// The public part of the fan-shell settings (GET /api/app_settings/get → data.shell), shared by the server and
// the fan site: footer links, forms switched on, custom menu links and menu lists, the links page, the banner.
import { footerLinks, type FooterLink } from './content-pages';
import { ANNOUNCEMENT_BANNER_KEYS, bannerFontSizes, type AnnouncementBannerSettings, type CustomMenuLink, type LinksMenu, type MiscPopUp, type StoredContentPage } from './shell';

export interface ShellPublicSettings {
  footer_links: FooterLink[];
  show_like_the_website_form: boolean;
  contact_us_form_enabled: boolean;
  /** Switched-on links with their audiences; the site shows those of the visitor's audience (visibleMenuLinks). */
  custom_menu_links: CustomMenuLink[];
  links_menu: LinksMenu;
  links_page_title: string;
  links_page_description: string;
  announcement_banner: AnnouncementBannerSettings & { font_sizes: [string, string, string, string] };
  /** Only while switched on (its text is not published otherwise). */
  misc_pop_up: MiscPopUp | null;
  /** The navbar's names and padding (gaps SH-06). */
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

export function shellPublicSettings(s: ShellSource): ShellPublicSettings {
  const banner = Object.fromEntries(ANNOUNCEMENT_BANNER_KEYS.map((k) => [k, s[k]])) as unknown as AnnouncementBannerSettings;
  return {
    footer_links: footerLinks(s),
    show_like_the_website_form: s.show_like_the_website_form,
    contact_us_form_enabled: s.contact_us_form_enabled,
    custom_menu_links: s.custom_menu_links.filter((l) => l.status),
    links_menu: s.links_menu,
    links_page_title: s.links_page_title,
    links_page_description: s.links_page_description,
    announcement_banner: { ...banner, announcement_banner_revision: s.announcement_banner_revision, font_sizes: bannerFontSizes(s.promo_text_font_size) },
    misc_pop_up: s.misc_pop_up?.enabled ? s.misc_pop_up : null,
    navbar: { feed: s.feed_navbar_name, membership: s.membership_navbar_name, tips: s.tips_navbar_name, gallery: s.gallery_navbar_name, padding: s.navbar_padding },
  };
}

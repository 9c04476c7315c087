// The fan site's shell settings: legal and content pages, the contact and
// "like the website" forms, custom menu links with per-role visibility, the links page and the announcement
// banner. Pure rules only; the values live in the site settings (stream `site-settings`), so every change is a
// SiteSettingsUpdated event that reaches open fan sites as SETTINGS_UPDATED.
import type { Role } from '../shared/wire';

/** The audiences the spec's `links_menu` has a list for. */
export const MENU_AUDIENCES = ['guest', 'user', 'subscriber', 'admin', 'super_admin'] as const;
export type MenuAudience = (typeof MENU_AUDIENCES)[number];

/** Menu items whose visibility is set per audience ("shop, tips, chat, gallery and links"). */
export const MENU_ITEMS = ['shop', 'tips', 'chat', 'gallery', 'links'] as const;
export type MenuItem = (typeof MENU_ITEMS)[number];
export type LinksMenu = Record<MenuAudience, MenuItem[]>;

export interface CustomMenuLink {
  id: string;
  name: string;
  url: string;
  open_in_new_tab: boolean;
  /** On/off without deleting it (`custom-menu/status/update`). */
  status: boolean;
  /** Who sees it. */
  audiences: MenuAudience[];
  position: number;
}

/** A content page as stored: only the pages the creator saved (built-in pages fall back to their default text). */
export interface StoredContentPage {
  title: string;
  html: string;
  show_in_footer: boolean;
  published: boolean;
  updated_at: string;
}

export const BANNER_ANIMATIONS = ['none', 'fade', 'slide', 'pulse', 'marquee'] as const;
export type BannerAnimation = (typeof BANNER_ANIMATIONS)[number];
export const DEFAULT_BANNER_FONT_SIZES = '25px|25px|30px|30px';
/** The spec's banner breakpoints: one font size each for 320, 767, 1024 and 1440 px and up. */
export const BANNER_BREAKPOINTS = [320, 767, 1024, 1440] as const;

export const ANNOUNCEMENT_BANNER_DEFAULTS = {
  is_announcement_banner_enabled_for_subscribers: false,
  is_announcement_banner_enabled_for_non_subscribers: false,
  subscriber_announcement_banner_text: '',
  non_subscriber_announcement_banner_text: '',
  ribbon_background_color: '#e91e63',
  ribbon_padding_top: 10,
  ribbon_padding_bottom: 10,
  promo_text_color: '#ffffff',
  promo_text_font_size: DEFAULT_BANNER_FONT_SIZES,
  promo_text_font: 'Inter, Roboto, sans-serif',
  ribbon_animation: 'none' as BannerAnimation,
  /** Seconds. */
  animation_delay: 0,
  animation_duration: 2,
  /** Bumped on every save of a banner text: a fan who dismissed an older banner sees the new one. */
  announcement_banner_revision: 0,
};
export type AnnouncementBannerSettings = typeof ANNOUNCEMENT_BANNER_DEFAULTS;
export const ANNOUNCEMENT_BANNER_KEYS = Object.keys(ANNOUNCEMENT_BANNER_DEFAULTS).filter((k) => k !== 'announcement_banner_revision') as (keyof AnnouncementBannerSettings)[];

/** The banner's saved fields (all but its revision), picked from the site settings. */
export function bannerFieldsOf(s: Pick<AnnouncementBannerSettings, (typeof ANNOUNCEMENT_BANNER_KEYS)[number]>): AnnouncementBannerSettings {
  return Object.fromEntries(ANNOUNCEMENT_BANNER_KEYS.map((k) => [k, s[k]])) as unknown as AnnouncementBannerSettings;
}

export const SHELL_DEFAULTS = {
  /** Footer link and page /like-the-website: off until the creator turns it on. */
  show_like_the_website_form: false,
  /** The contact form on /contact-us; off shows the page's text only. */
  contact_us_form_enabled: true,
  /** Where contact messages are mailed besides the console inbox; empty: the creator's admin address. */
  contact_us_email: '',
  /** Saved content pages by slug (./content-pages.ts); built-in pages not listed here show their default text. */
  content_pages: {} as Record<string, StoredContentPage>,
  custom_menu_links: [] as CustomMenuLink[],
  links_menu: {
    guest: ['tips', 'links'],
    user: ['tips', 'chat', 'links'],
    subscriber: ['tips', 'chat', 'links'],
    admin: ['tips', 'chat', 'links'],
    super_admin: ['tips', 'chat', 'links'],
  } as LinksMenu,
  /** /links and /more-links (the settings page links-page-settings). */
  links_page_title: 'Links',
  links_page_description: '',
  ...ANNOUNCEMENT_BANNER_DEFAULTS,
  /** The miscellaneous announcement popup (misc_pop_up): off until the creator writes one. */
  misc_pop_up: { enabled: false, title: '', html: '', audience: 'everyone', revision: 0 } as MiscPopUp,
  /** The navbar's names and padding (navbar_padding). The log in and
   *  sign up labels are the landing settings' log_in_navbar_name / sign_up_navbar_name. */
  feed_navbar_name: 'Feed',
  membership_navbar_name: 'Membership',
  tips_navbar_name: 'Tips',
  gallery_navbar_name: 'Gallery',
  /** Extra space above and below the top bar's contents, in px (0 to 24). */
  navbar_padding: 0,
};

export const NAVBAR_NAME_KEYS = ['feed_navbar_name', 'membership_navbar_name', 'tips_navbar_name', 'gallery_navbar_name'] as const;
export const NAVBAR_PADDING_MAX = 24;

/** Which `links_menu` list applies to a visitor. Staff below admin use the admin list; a proxy session is the fan it shows. */
export function menuAudience(role: Role | null, member: boolean): MenuAudience {
  if (!role) return 'guest';
  if (role === 'super_admin') return 'super_admin';
  if (role === 'user' || role === 'proxy_user') return member ? 'subscriber' : 'user';
  return 'admin';
}

/** The custom links a visitor sees, in order (switched-off links never). */
export function visibleMenuLinks(links: readonly CustomMenuLink[], audience: MenuAudience): CustomMenuLink[] {
  return links.filter((l) => l.status && l.audiences.includes(audience)).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/** "a single link is labelled by its name shortened to 5 characters plus an ellipsis." */
export function shortMenuLabel(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length > 5 ? `${chars.slice(0, 5).join('')}…` : chars.join('');
}

/** "four sizes separated by a bar, default 25px|25px|30px|30px; an invalid count falls back to the default". */
export function bannerFontSizes(value: string | null | undefined): [string, string, string, string] {
  const parts = String(value ?? '').split('|').map((p) => p.trim());
  const valid = parts.length === 4 && parts.every((p) => /^\d{1,3}(\.\d+)?(px|rem|em)$/.test(p));
  return (valid ? parts : DEFAULT_BANNER_FONT_SIZES.split('|')) as [string, string, string, string];
}

export type BannerAudience = 'subscriber' | 'non_subscriber';

/**
 * Which banner a visitor sees: "Subscribers see it if enabled, not admin, status '1' or '2';
 * non-subscribers if enabled, not admin, status '0'. Never shown to admins; hidden on /subscribe for the
 * subscriber banner." Staff are the spec's "admin" here (the console is their place); guests are non-subscribers.
 * An empty text shows nothing. A banner dismissed at this revision stays closed ("open until dismissed").
 */
export function bannerFor(
  s: AnnouncementBannerSettings,
  viewer: { role: Role | null; member: boolean; pathname: string; dismissedRevision?: number | null },
): BannerAudience | null {
  if (viewer.role && viewer.role !== 'user' && viewer.role !== 'proxy_user') return null;
  if (viewer.dismissedRevision != null && viewer.dismissedRevision >= s.announcement_banner_revision) return null;
  if (viewer.member) {
    if (!s.is_announcement_banner_enabled_for_subscribers || !s.subscriber_announcement_banner_text.trim()) return null;
    if (viewer.pathname === '/subscribe') return null;
    return 'subscriber';
  }
  if (!s.is_announcement_banner_enabled_for_non_subscribers || !s.non_subscriber_announcement_banner_text.trim()) return null;
  return 'non_subscriber';
}

// ---- miscellaneous announcement popup (`misc_pop_up`, the miscellaneous-pop-up call and settings page; the
// spec shows no contents) ----------------------------------------------------------------------------------------

export const MISC_POPUP_AUDIENCES = ['everyone', 'guests', 'fans', 'members', 'non_members'] as const;
export type MiscPopUpAudience = (typeof MISC_POPUP_AUDIENCES)[number];
export interface MiscPopUp {
  enabled: boolean;
  title: string;
  /** Cleaned by the shared HTML policy when saved (and again by the fan site). */
  html: string;
  audience: MiscPopUpAudience;
  /** Bumped when the popup is switched on or its text changes: those who closed it see it once more. */
  revision: number;
}

/** The saved popup: the revision moves when what a visitor would see changes. */
export function nextMiscPopUp(before: MiscPopUp, edit: Omit<MiscPopUp, 'revision'>): MiscPopUp {
  const changed = edit.title !== before.title || edit.html !== before.html || (edit.enabled && !before.enabled) || edit.audience !== before.audience;
  return { ...edit, revision: changed ? before.revision + 1 : before.revision };
}

/**
 * Whether a visitor sees the popup: switched on, something to say, the visitor in its audience (guests; fans are
 * signed-in fans, members and non-members among them; a proxy view is the fan it shows), staff never (the console
 * is theirs), not once closed at this revision.
 */
export function showsMiscPopUp(p: MiscPopUp, viewer: { role: Role | null; member: boolean; dismissedRevision: number | null }): boolean {
  if (!p.enabled || (!p.title.trim() && !p.html.replace(/<[^>]*>/g, '').trim())) return false;
  if (viewer.role && viewer.role !== 'user' && viewer.role !== 'proxy_user') return false;
  if (viewer.dismissedRevision != null && viewer.dismissedRevision >= p.revision) return false;
  switch (p.audience) {
    case 'everyone': return true;
    case 'guests': return !viewer.role;
    case 'fans': return !!viewer.role;
    case 'members': return !!viewer.role && viewer.member;
    case 'non_members': return !viewer.member;
  }
}


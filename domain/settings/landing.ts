// Landing page (theme 3), the feed's hero banner, social links and payment-card icons. The keys are flat site
// settings (one event per change, like every other setting); the views below group them for the fan site.
// Pure: no I/O.

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

export const BANNER_TYPES = ['image', 'video'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

/** Social networks the site links to, in the order their icons show. */
export const SOCIAL_NETWORKS = ['instagram', 'twitter', 'facebook', 'tiktok', 'twitch', 'discord', 'snapchat', 'youtube', 'website', 'amazon_wishlist'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialUrlKey = `${SocialNetwork}_url`;
export const SOCIAL_URL_KEYS = SOCIAL_NETWORKS.map((n) => `${n}_url` as SocialUrlKey);

/** Card brands the payment-icon row can show. */
export const PAYMENT_ICON_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners_club', 'maestro'] as const;
export type PaymentIconBrand = (typeof PAYMENT_ICON_BRANDS)[number];

/** Rotating hero images and the six-image grid have fixed slots (the console shows one upload per slot). */
export const BANNER_IMAGE_SLOTS = 5;
export const GRID_IMAGE_SLOTS = 6;

/** Where theme images are stored (services.storage), served publicly under /media/theme/. */
export const THEME_IMAGE_PREFIX = 'theme/';
export const THEME_IMAGE_URL = /^\/media\/theme\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;
export const THEME_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const socialDefaults = Object.fromEntries(SOCIAL_URL_KEYS.map((k) => [k, null])) as Record<SocialUrlKey, string | null>;

export const LANDING_DEFAULTS = {
  /** Guests at / see the landing page instead of the feed (it is always at /landing too). */
  landing_page_enabled: false,
  log_in_navbar_name: 'Log In',
  sign_up_navbar_name: 'Sign Up',

  // Hero banner on the feed (hidden for members).
  banner_enabled: true,
  banner_type: 'image' as BannerType,
  /** Up to BANNER_IMAGE_SLOTS images, rotating; empty slots are null. */
  banner_images: [] as (string | null)[],
  banner_video_url: null as string | null,
  /** Used below 999 px width. */
  banner_mobile_video_url: null as string | null,
  banner_logo_url: null as string | null,
  banner_text: 'Exclusive photos and videos you will not find anywhere else.',
  /** Banner height per breakpoint (320 | 767 | 1024 | 1440 px and up), four values separated by a pipe. */
  banner_height: '240px|300px|340px|380px',

  // Social links (icons on the feed, the landing page and the footer); null = not shown.
  ...socialDefaults,

  // Payment-card icons.
  show_payment_icons: true,
  payment_icons: ['visa', 'mastercard', 'amex', 'discover'] as PaymentIconBrand[],

  // Landing page (theme 3) sections, each switched by its flag.
  theme3_top_banner_enabled: false,
  theme3_top_banner_video_url: null as string | null,
  theme3_top_banner_mobile_video_url: null as string | null,
  theme3_main_banner_enabled: true,
  theme3_main_banner_type: 'image' as BannerType,
  theme3_main_banner_image_url: null as string | null,
  theme3_main_banner_video_url: null as string | null,
  theme3_main_banner_mobile_video_url: null as string | null,
  /** Empty: split from the model name (first word / the rest). */
  theme3_model_first_name: '',
  theme3_model_last_name: '',
  theme3_show_social_icons: true,
  theme3_section1_enabled: true,
  theme3_section1_image_url: null as string | null,
  theme3_section1_title: 'Welcome to my club',
  theme3_section1_description: 'Photos, videos and behind-the-scenes moments I only share with my members.',
  theme3_section1_alignment: 'left' as TextAlignment,
  theme3_section2_enabled: true,
  theme3_section2_title: 'Join today',
  theme3_section2_description: 'Subscribe to see every private post the moment it goes up, and unlock the exclusive sets.',
  theme3_section2_image_url: null as string | null,
  theme3_section2_alignment: 'left' as TextAlignment,
  theme3_grid_enabled: false,
  /** Up to GRID_IMAGE_SLOTS images; empty slots are null. */
  theme3_grid_images: [] as (string | null)[],
  theme3_section3_enabled: true,
  theme3_section3_title: 'Ready to see more?',
  theme3_section3_description: 'New posts every week. Cancel anytime.',
  theme3_section3_alignment: 'center' as TextAlignment,
  /** null: the site's content colour / text colour / font. */
  theme3_background_color: null as string | null,
  theme3_text_color: null as string | null,
  theme3_heading_font: null as string | null,
  theme3_body_font: null as string | null,
};

export type LandingSettings = typeof LANDING_DEFAULTS;

/** Keys of LandingSettings that hold an image address (theme images may be referenced from them). */
export const IMAGE_KEYS = [
  'banner_logo_url',
  'theme3_main_banner_image_url',
  'theme3_section1_image_url',
  'theme3_section2_image_url',
] as const satisfies readonly (keyof LandingSettings)[];
export const IMAGE_LIST_KEYS = ['banner_images', 'theme3_grid_images'] as const satisfies readonly (keyof LandingSettings)[];

export interface HeroBannerSettings {
  enabled: boolean;
  type: BannerType;
  images: string[];
  video_url: string | null;
  mobile_video_url: string | null;
  logo_url: string | null;
  text: string;
  /** Four CSS lengths, one per breakpoint (320, 767, 1024, 1440 px and up). */
  height: [string, string, string, string];
}

export type SocialLinks = Partial<Record<SocialNetwork, string>>;

export interface Theme3Section {
  enabled: boolean;
  title: string;
  description: string;
  alignment: TextAlignment;
}

/** GET /api/app_settings/get_all_theme_3_settings → data.theme3Settings */
export interface Theme3Settings {
  landing_page_enabled: boolean;
  model_name: string;
  model_avatar_url: string | null;
  first_name: string;
  last_name: string;
  log_in_navbar_name: string;
  sign_up_navbar_name: string;
  /** Resolved colours and fonts (the site's own when the landing page sets none). */
  background_color: string;
  text_color: string;
  accent_color: string;
  heading_font: string;
  body_font: string;
  top_banner: { enabled: boolean; video_url: string | null; mobile_video_url: string | null };
  main_banner: { enabled: boolean; type: BannerType; image_url: string | null; video_url: string | null; mobile_video_url: string | null; show_social_icons: boolean };
  section1: Theme3Section & { image_url: string | null };
  section2: Theme3Section & { image_url: string | null };
  grid: { enabled: boolean; images: string[] };
  section3: Theme3Section;
  social_links: SocialLinks;
  payment_icons: PaymentIconBrand[];
  /** Not in yet: promotions come with a later issue (subscription_promotion_ribbon_position). */
  promotion_ribbon_position: 'above menu';
}

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export const DEFAULT_BANNER_HEIGHT: HeroBannerSettings['height'] = ['240px', '300px', '340px', '380px'];

/** '240px|300px|340px|380px' → four lengths; anything malformed falls back to the default. */
export function bannerHeights(value: string | null | undefined): HeroBannerSettings['height'] {
  const parts = (value ?? '').split('|').map((p) => p.trim());
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,4}(px|vh|%)$/.test(p))) return [...DEFAULT_BANNER_HEIGHT];
  return parts as HeroBannerSettings['height'];
}

export function socialLinks(s: Pick<LandingSettings, SocialUrlKey>): SocialLinks {
  const out: SocialLinks = {};
  for (const n of SOCIAL_NETWORKS) {
    const url = s[`${n}_url`];
    if (present(url)) out[n] = url.trim();
  }
  return out;
}

export function paymentIcons(s: Pick<LandingSettings, 'show_payment_icons' | 'payment_icons'>): PaymentIconBrand[] {
  if (!s.show_payment_icons) return [];
  return PAYMENT_ICON_BRANDS.filter((b) => s.payment_icons.includes(b));
}

export function heroBanner(s: LandingSettings): HeroBannerSettings {
  return {
    enabled: s.banner_enabled,
    type: s.banner_type,
    images: s.banner_images.filter(present).slice(0, BANNER_IMAGE_SLOTS),
    video_url: present(s.banner_video_url) ? s.banner_video_url : null,
    mobile_video_url: present(s.banner_mobile_video_url) ? s.banner_mobile_video_url : null,
    logo_url: present(s.banner_logo_url) ? s.banner_logo_url : null,
    text: s.banner_text,
    height: bannerHeights(s.banner_height),
  };
}

/** 'Ann Marie Smith' → ['Ann', 'Marie Smith']; explicit names win. */
export function splitModelName(modelName: string, first: string, last: string): [string, string] {
  if (first.trim() || last.trim()) return [first.trim(), last.trim()];
  const words = modelName.trim().split(/\s+/).filter(Boolean);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

export function theme3Settings(
  s: LandingSettings,
  site: { model_name: string; model_avatar_url: string | null; content_color: string; content_font_color: string; theme_color: string; font_family: string },
): Theme3Settings {
  const [first, last] = splitModelName(site.model_name, s.theme3_model_first_name, s.theme3_model_last_name);
  const url = (v: string | null) => (present(v) ? v : null);
  return {
    landing_page_enabled: s.landing_page_enabled,
    model_name: site.model_name,
    model_avatar_url: site.model_avatar_url,
    first_name: first,
    last_name: last,
    log_in_navbar_name: s.log_in_navbar_name,
    sign_up_navbar_name: s.sign_up_navbar_name,
    background_color: s.theme3_background_color || site.content_color,
    text_color: s.theme3_text_color || site.content_font_color,
    accent_color: site.theme_color,
    heading_font: s.theme3_heading_font || site.font_family,
    body_font: s.theme3_body_font || site.font_family,
    top_banner: { enabled: s.theme3_top_banner_enabled, video_url: url(s.theme3_top_banner_video_url), mobile_video_url: url(s.theme3_top_banner_mobile_video_url) },
    main_banner: {
      enabled: s.theme3_main_banner_enabled,
      type: s.theme3_main_banner_type,
      image_url: url(s.theme3_main_banner_image_url),
      video_url: url(s.theme3_main_banner_video_url),
      mobile_video_url: url(s.theme3_main_banner_mobile_video_url),
      show_social_icons: s.theme3_show_social_icons,
    },
    section1: {
      enabled: s.theme3_section1_enabled,
      title: s.theme3_section1_title,
      description: s.theme3_section1_description,
      alignment: s.theme3_section1_alignment,
      image_url: url(s.theme3_section1_image_url),
    },
    section2: {
      enabled: s.theme3_section2_enabled,
      title: s.theme3_section2_title,
      description: s.theme3_section2_description,
      alignment: s.theme3_section2_alignment,
      image_url: url(s.theme3_section2_image_url),
    },
    grid: { enabled: s.theme3_grid_enabled, images: s.theme3_grid_images.filter(present).slice(0, GRID_IMAGE_SLOTS) },
    section3: {
      enabled: s.theme3_section3_enabled,
      title: s.theme3_section3_title,
      description: s.theme3_section3_description,
      alignment: s.theme3_section3_alignment,
    },
    social_links: socialLinks(s),
    payment_icons: paymentIcons(s),
    promotion_ribbon_position: 'above menu',
  };
}

/** Every uploaded theme image the settings point at (any field, single or a list of slots). */
export function themeImagesIn(settings: object): Set<string> {
  const found = new Set<string>();
  for (const value of Object.values(settings))
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string' && THEME_IMAGE_URL.test(v)) found.add(v);
  return found;
}

/** Theme images the settings used before a change and no longer use after it: their files can go. */
export function themeImagesDropped(before: object, after: object): string[] {
  const still = themeImagesIn(after);
  return [...themeImagesIn(before)].filter((url) => !still.has(url));
}

/**
 * The settings changes that drop every reference to a deleted theme image: single fields become null, list
 * slots become null (the other slots keep their place).
 */
export function withoutImage(s: LandingSettings, url: string): Partial<LandingSettings> {
  const changes: Partial<LandingSettings> = {};
  for (const k of IMAGE_KEYS) if (s[k] === url) changes[k] = null;
  for (const k of IMAGE_LIST_KEYS) if (s[k].includes(url)) changes[k] = s[k].map((v) => (v === url ? null : v));
  return changes;
}

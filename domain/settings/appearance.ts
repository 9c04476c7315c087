// Appearance and display settings of the fan site that the console's settings pages set: theme 2, the page background image, the
// payment form's styling, the sign-up page's font sizes, the login and sign-up titles, timestamps, media
// counts and the GA4 measurement id. Flat keys of the site settings like every other; pure, no I/O.

/** Four CSS sizes separated by a pipe, for 320 | 767 | 1024 | 1440 px and up (as banner_height). */
export const FOUR_SIZES = /^\d{1,3}(px|rem|em|vw)(\|\d{1,3}(px|rem|em|vw)){3}$/;
/** The breakpoints the four values apply from (min-width, px), phones first. */
export const FOUR_SIZE_BREAKPOINTS = [0, 767, 1024, 1440] as const;
/** A GA4 web stream's measurement id, e.g. G-AB12CD34EF. */
export const GA4_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;

export const APPEARANCE_DEFAULTS = {
  /**
   * Theme 2 (spec: a named theme, not described). Decided here: the feed opens with a wide banner image
   * (a phone variant below 767 px) with the model's profile image and name over it, instead of the cover
   * header. Off: the feed's usual creator header.
   */
  theme2_enabled: false,
  theme2_banner_image_url: null as string | null,
  theme2_banner_mobile_image_url: null as string | null,
  /** The model-profile variant for theme 2; empty: the model's avatar. */
  theme2_profile_image_url: null as string | null,
  /** Background image behind the fan site's pages (background-settings; upload_theme_background_image). */
  background_image_url: null as string | null,
  use_background_image: false,
  /** The subscription page's payment form; colours null = the site theme's. */
  payment_form_bg_color: null as string | null,
  payment_form_text_color: null as string | null,
  payment_form_border_radius: 0,
  payment_form_btn_bg_color: null as string | null,
  payment_form_btn_text_color: null as string | null,
  payment_form_padding: 15,
  /** The sign-up page's title and description sizes per breakpoint (the spec's defaults). */
  new_signup_design_title_font_size: '55px|65px|75px|85px',
  new_signup_design_description_font_size: '25px|25px|35px|35px',
  /** Titles of the login and sign-up pages (login-and-signup-title); the navbar labels are separate. */
  login_page_title: 'Login',
  signup_page_title: 'Sign Up',
  /** Timestamp visibility: post dates on the feed and message times in the chat. */
  show_post_timestamp: true,
  show_message_timestamp: true,
  /** Photo and video counts on exclusive (members-only and locked) post cards. */
  show_media_count_in_exclusive_content: true,
  /** Google Analytics 4; empty: no analytics on the fan site. */
  google_analytics_4_measurement_id: null as string | null,
};

export type AppearanceSettings = typeof APPEARANCE_DEFAULTS;

/** The public part (GET /api/app_settings/get): everything here is meant for the fan site. */
export type AppearancePublicSettings = AppearanceSettings;

export function appearancePublicSettings(s: AppearanceSettings): AppearancePublicSettings {
  const out = {} as Record<string, unknown>;
  for (const k of Object.keys(APPEARANCE_DEFAULTS) as (keyof AppearanceSettings)[]) out[k] = s[k] ?? APPEARANCE_DEFAULTS[k];
  return out as AppearancePublicSettings;
}

/** '55px|65px|75px|85px' → the four sizes, or null when the string is not four sizes. */
export function fourSizes(value: string | null | undefined): [string, string, string, string] | null {
  if (typeof value !== 'string' || !FOUR_SIZES.test(value.trim())) return null;
  return value.trim().split('|') as [string, string, string, string];
}

/** The background the fan site paints behind its pages: the image only when switched on and set. */
export function pageBackgroundImage(s: Pick<AppearanceSettings, 'use_background_image' | 'background_image_url'>): string | null {
  return s.use_background_image && s.background_image_url ? s.background_image_url : null;
}

/** The image settings here (all theme images, uploaded through upload-theme-image or the background upload). */
export const APPEARANCE_IMAGE_KEYS = ['theme2_banner_image_url', 'theme2_banner_mobile_image_url', 'theme2_profile_image_url', 'background_image_url'] as const;

/** The changes that drop a deleted theme image from these settings (the background's key goes off with its image). */
export function withoutAppearanceImage(s: Pick<AppearanceSettings, (typeof APPEARANCE_IMAGE_KEYS)[number] | 'use_background_image'>, url: string): Partial<AppearanceSettings> {
  const changes: Partial<AppearanceSettings> = {};
  for (const k of APPEARANCE_IMAGE_KEYS) if (s[k] === url) changes[k] = null;
  if (changes.background_image_url === null && s.use_background_image) changes.use_background_image = false;
  return changes;
}

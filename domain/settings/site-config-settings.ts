// The site settings of the SEO, platform and bot-check pages; their rules and views are domain/site-config's.
/** Merged into DEFAULT_SETTINGS (./settings.ts). */
export const SITE_CONFIG_DEFAULTS = {
  /** Search result and link-preview title; '' = the creator's name. */
  seo_title: '',
  /** Search result and link-preview description (about 160 characters are shown). */
  seo_description: '',
  /** Social preview image (an uploaded theme image, /media/theme/…); null = the creator's cover or avatar. */
  seo_image_url: null as string | null,
  /** Ask search engines not to index the site (robots.txt disallows everything; pages carry noindex). */
  seo_discourage_indexing: false,
  /** Canonical public address (https://…) for the sitemap, robots.txt and link previews; '' = FANCLUB_PUBLIC_URL or the request's host. */
  site_url: '',
  /** Language of the site's pages (BCP 47, e.g. en, de, pt-BR): <html lang> and og:locale. */
  site_language: 'en',
  /** The bot check (domain/site-config/bot-check.ts) on register, login, subscription and add card. */
  is_recaptcha_enabled: false,
  /** Zero bits the proof of work needs (8..24); each step doubles the work. */
  bot_check_difficulty: 16,
};

export type SiteConfigSettings = typeof SITE_CONFIG_DEFAULTS;

// Request shapes of the fan-shell routes (api/routes/shell.ts, api/routes/contact.ts): pages, menus, banner, contact.
import { z } from 'zod';
import { BANNER_ANIMATIONS, MENU_AUDIENCES, MENU_ITEMS, MISC_POPUP_AUDIENCES, NAVBAR_PADDING_MAX } from '../../domain/settings/shell';
import { CONTACT_STATUSES } from '../../domain/contact/contact-message';
import { PAGE_HTML_MAX, PAGE_SLUG_MAX, PAGE_TITLE_MAX } from '../../domain/settings/content-pages';

const colour = (field: string) => z.string({ error: `${field} is invalid.` }).trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: `${field} must be a colour like #121212.` });
const bool = (field: string) => z.boolean({ error: `${field} must be true or false.` });
const padding = (field: string) => z.number({ error: `${field} must be a number.` }).int({ error: `${field} must be a whole number.` }).min(0, { error: `${field} must be between 0 and 100.` }).max(100, { error: `${field} must be between 0 and 100.` });
const seconds = (field: string) => z.number({ error: `${field} must be a number.` }).min(0, { error: `${field} must be between 0 and 60 seconds.` }).max(60, { error: `${field} must be between 0 and 60 seconds.` });
const bannerText = (field: string) => z.string({ error: `${field} is invalid.` }).trim().max(500, { error: `${field} cannot be more than 500 characters.` });

/** POST /api/save-announcement-banner-settings (the two banners' texts, colours, font sizes and audiences; each optional, unknown keys dropped). */
export const announcementBannerBody = z.object({
  is_announcement_banner_enabled_for_subscribers: bool('is_announcement_banner_enabled_for_subscribers'),
  is_announcement_banner_enabled_for_non_subscribers: bool('is_announcement_banner_enabled_for_non_subscribers'),
  subscriber_announcement_banner_text: bannerText('subscriber_announcement_banner_text'),
  non_subscriber_announcement_banner_text: bannerText('non_subscriber_announcement_banner_text'),
  ribbon_background_color: colour('ribbon_background_color'),
  ribbon_padding_top: padding('ribbon_padding_top'),
  ribbon_padding_bottom: padding('ribbon_padding_bottom'),
  promo_text_color: colour('promo_text_color'),
  // Kept as typed: an invalid count falls back to the default when shown.
  promo_text_font_size: z.string({ error: 'promo_text_font_size is invalid.' }).trim().max(60, { error: 'promo_text_font_size cannot be more than 60 characters.' }),
  promo_text_font: z.string({ error: 'promo_text_font is invalid.' }).trim().max(200).regex(/^[\w\s"',.-]*$/, { error: 'promo_text_font must be a font name, e.g. Inter, sans-serif.' }),
  ribbon_animation: z.enum(BANNER_ANIMATIONS, { error: `ribbon_animation must be one of ${BANNER_ANIMATIONS.join(', ')}.` }),
  animation_delay: seconds('animation_delay'),
  animation_duration: seconds('animation_duration'),
}).partial().strip();

const SAFE_URL = /^(https?:\/\/[^\s"'<>\\]+|\/[^\s"'<>\\]*)$/;
export const menuLinkBody = z.object({
  _id: z.string().uuid({ error: '_id is invalid.' }).optional(),
  name: z.string({ error: 'Please enter a name.' }).trim().min(1, { error: 'Please enter a name.' }).max(40, { error: 'name cannot be more than 40 characters.' }),
  url: z.string({ error: 'Please enter a URL.' }).trim().min(1, { error: 'Please enter a URL.' }).max(2000).regex(SAFE_URL, { error: 'url must start with https://, http:// or /.' }),
  open_in_new_tab: bool('open_in_new_tab').default(false),
  status: bool('status').default(true),
  audiences: z.array(z.enum(MENU_AUDIENCES, { error: `audiences may hold ${MENU_AUDIENCES.join(', ')}.` }), { error: 'audiences must be a list.' }).min(1, { error: 'Choose at least one audience.' }).max(MENU_AUDIENCES.length),
  position: z.number({ error: 'position must be a number.' }).int().min(0).max(1000).optional(),
});
export const menuLinkStatusBody = z.object({ _id: z.string({ error: '_id is required.' }).uuid({ error: '_id is invalid.' }), status: bool('status') });
export const menuLinkIdBody = z.object({ _id: z.string({ error: '_id is required.' }).uuid({ error: '_id is invalid.' }) });

const menuList = (field: string) => z.array(z.enum(MENU_ITEMS, { error: `${field} may hold ${MENU_ITEMS.join(', ')}.` }), { error: `${field} must be a list.` }).max(MENU_ITEMS.length);
export const menuSettingsBody = z.object({
  links_menu: z.object(Object.fromEntries(MENU_AUDIENCES.map((a) => [a, menuList(`links_menu.${a}`)])) as Record<(typeof MENU_AUDIENCES)[number], ReturnType<typeof menuList>>),
});

export const linksPageBody = z.object({
  links_page_title: z.string({ error: 'links_page_title is invalid.' }).trim().min(1, { error: 'Please enter a title.' }).max(60),
  links_page_description: z.string({ error: 'links_page_description is invalid.' }).trim().max(1000),
}).partial();

export const contactSettingsBody = z.object({
  contact_us_form_enabled: bool('contact_us_form_enabled'),
  show_like_the_website_form: bool('show_like_the_website_form'),
  contact_us_email: z.string({ error: 'contact_us_email is invalid.' }).trim().max(200).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'contact_us_email must be an email address.' }),
}).partial();

export const pageSlug = z.string().regex(/^[a-z0-9-]{1,60}$/, { error: 'slug is invalid.' });
export const pageEditBody = z.object({
  title: z.string({ error: 'Please enter a title.' }).trim().min(1, { error: 'Please enter a title.' }).max(PAGE_TITLE_MAX, { error: `title cannot be more than ${PAGE_TITLE_MAX} characters.` }),
  html: z.string({ error: 'html is required.' }).max(PAGE_HTML_MAX, { error: `html cannot be more than ${PAGE_HTML_MAX} characters.` }),
  show_in_footer: bool('show_in_footer').default(false),
  published: bool('published').default(true),
});
export const pageCreateBody = pageEditBody.extend({
  slug: z.string({ error: 'Please enter the page address.' }).trim().min(1, { error: 'Please enter the page address.' }).max(PAGE_SLUG_MAX, { error: `slug cannot be more than ${PAGE_SLUG_MAX} characters.` }),
});

// Missing fields default to '' so the domain's check names them with its own message (checkContact).
const field = (name: string) => z.string({ error: `${name} must be text.` }).default('');
export const contactBody = z.object({ name: field('name'), email: field('email'), subject: field('subject'), message: field('message') });
export const contactStatusBody = z.object({ status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}.` }) }).passthrough();

/** POST /api/settings/miscellaneous-pop-up (spec's miscellaneous-pop-up call; body not shown): fields left out keep their value. */
export const miscPopUpBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
  title: z.string({ error: 'title must be text.' }).trim().max(120, { error: 'title cannot be more than 120 characters.' }).optional(),
  html: z.string({ error: 'html must be text.' }).max(20_000, { error: 'html cannot be more than 20000 characters.' }).optional(),
  audience: z.enum(MISC_POPUP_AUDIENCES, { error: `audience must be one of ${MISC_POPUP_AUDIENCES.join(', ')}.` }).optional(),
}, { error: 'The body must be an object.' }).strict();

/** POST /api/settings/navbar (the spec's navbar settings page; call not shown): names and padding. */
const navName = (name: string, what: string) => z.string({ error: `${name} must be text.` }).trim().min(1, { error: `The ${what} label is required.` }).max(30, { error: `${name} cannot be more than 30 characters.` });
export const navbarSettingsBody = z.object({
  feed_navbar_name: navName('feed_navbar_name', 'feed'),
  membership_navbar_name: navName('membership_navbar_name', 'membership'),
  tips_navbar_name: navName('tips_navbar_name', 'tips'),
  gallery_navbar_name: navName('gallery_navbar_name', 'gallery'),
  log_in_navbar_name: navName('log_in_navbar_name', 'log in'),
  sign_up_navbar_name: navName('sign_up_navbar_name', 'sign up'),
  navbar_padding: z.number({ error: 'navbar_padding must be a number of pixels.' }).int({ error: 'navbar_padding must be a whole number of pixels.' }).min(0, { error: `navbar_padding must be between 0 and ${NAVBAR_PADDING_MAX}.` }).max(NAVBAR_PADDING_MAX, { error: `navbar_padding must be between 0 and ${NAVBAR_PADDING_MAX}.` }),
}, { error: 'The body must be an object.' }).partial().strict();


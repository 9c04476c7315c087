// Validation of the appearance and display settings (domain/settings/appearance.ts), spread into
// SITE_SETTINGS_CHANGES (PUT /admin-api/settings/site). Every message names its field.
import { z } from 'zod';
import { FOUR_SIZES, GA4_MEASUREMENT_ID } from '../../domain/settings/appearance';

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const flag = (field: string) => z.boolean({ error: `${field} must be true or false.` });
const colour = (field: string) =>
  z.preprocess(emptyToNull, z.string({ error: `${field} must be a colour like #121212.` }).trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: `${field} must be a colour like #121212.` }).nullable());
const wholeNumber = (field: string, min: number, max: number) =>
  z.number({ error: `${field} must be a whole number from ${min} to ${max}.` }).int({ error: `${field} must be a whole number from ${min} to ${max}.` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}.` }).max(max, { error: `${field} must be a whole number from ${min} to ${max}.` });
const fourSizes = (field: string) =>
  z.string({ error: `${field} must be four sizes separated by |, e.g. 55px|65px|75px|85px.` }).trim()
    .regex(FOUR_SIZES, { error: `${field} must be four sizes separated by |, e.g. 55px|65px|75px|85px.` });
const pageTitle = (field: string) =>
  z.string({ error: `${field} is required.` }).trim().min(1, { error: `${field} is required.` }).max(60, { error: `${field} cannot be more than 60 characters.` });

/** The theme colours the fan site's theme reads (theme_color itself is validated with the general settings). */
export const THEME_COLOUR_SHAPE = {
  theme_font_color: colour('theme_font_color').refine((v) => v !== null, { error: 'theme_font_color must be a colour like #121212.' }),
  content_color: colour('content_color').refine((v) => v !== null, { error: 'content_color must be a colour like #121212.' }),
  content_font_color: colour('content_font_color').refine((v) => v !== null, { error: 'content_font_color must be a colour like #121212.' }),
  site_font_color: colour('site_font_color').refine((v) => v !== null, { error: 'site_font_color must be a colour like #121212.' }),
  card_background_color: colour('card_background_color').refine((v) => v !== null, { error: 'card_background_color must be a colour like #121212.' }),
  button_shadow_color: colour('button_shadow_color').refine((v) => v !== null, { error: 'button_shadow_color must be a colour like #121212.' }),
  font_family: z.string({ error: 'font_family must be a font name, e.g. Inter, sans-serif.' }).trim().min(1, { error: 'font_family must be a font name, e.g. Inter, sans-serif.' }).max(200)
    .regex(/^[\w\s"',.-]+$/, { error: 'font_family must be a font name, e.g. Inter, sans-serif.' }),
};

/** mediaLink: site-settings.ts's image rule (passed in, so the two schema files do not import each other). */
export const appearanceSettingsShape = (mediaLink: (field: string) => z.ZodType<string | null>) => ({
  ...THEME_COLOUR_SHAPE,
  theme2_enabled: flag('theme2_enabled'),
  theme2_banner_image_url: mediaLink('theme2_banner_image_url'),
  theme2_banner_mobile_image_url: mediaLink('theme2_banner_mobile_image_url'),
  theme2_profile_image_url: mediaLink('theme2_profile_image_url'),
  background_image_url: mediaLink('background_image_url'),
  use_background_image: flag('use_background_image'),
  payment_form_bg_color: colour('payment_form_bg_color'),
  payment_form_text_color: colour('payment_form_text_color'),
  payment_form_border_radius: wholeNumber('payment_form_border_radius', 0, 40),
  payment_form_btn_bg_color: colour('payment_form_btn_bg_color'),
  payment_form_btn_text_color: colour('payment_form_btn_text_color'),
  payment_form_padding: wholeNumber('payment_form_padding', 0, 60),
  new_signup_design_title_font_size: fourSizes('new_signup_design_title_font_size'),
  new_signup_design_description_font_size: fourSizes('new_signup_design_description_font_size'),
  login_page_title: pageTitle('login_page_title'),
  signup_page_title: pageTitle('signup_page_title'),
  show_post_timestamp: flag('show_post_timestamp'),
  show_message_timestamp: flag('show_message_timestamp'),
  show_media_count_in_exclusive_content: flag('show_media_count_in_exclusive_content'),
  google_analytics_4_measurement_id: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    z.string({ error: 'google_analytics_4_measurement_id must look like G-AB12CD34EF.' }).regex(GA4_MEASUREMENT_ID, { error: 'google_analytics_4_measurement_id must look like G-AB12CD34EF.' }).nullable(),
  ),
});

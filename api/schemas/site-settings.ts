// Validation of the site settings the console saves through PUT /admin-api/settings/site (api/routes/staff.ts):
// the landing page, hero banner, social links and payment icons (spec 2 §7 "Landing page"), and the creator's
// profile (console → My profile, issue 11 item 15): display name, avatar, cover image and bio.
import { z } from 'zod';
import {
  BANNER_IMAGE_SLOTS, BANNER_TYPES, GRID_IMAGE_SLOTS, PAYMENT_ICON_BRANDS, SOCIAL_URL_KEYS, TEXT_ALIGNMENTS, type SocialUrlKey,
} from '../../domain/settings/landing';

/** '' (a cleared form field) means "not set". */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An uploaded image (/media/…) or an outside https link; nothing that could run script. */
const MEDIA_LINK = /^(https?:\/\/[^\s"'<>\\]+|\/media\/[A-Za-z0-9][A-Za-z0-9/_.-]*)$/;
const WEB_LINK = /^https?:\/\/[^\s"'<>\\]+$/;

export const mediaLink = (field: string) =>
  z.preprocess(emptyToNull, z.string().trim().max(2000).regex(MEDIA_LINK, { error: `${field} must be an uploaded image or a link starting with https://.` }).nullable());
const webLink = (field: string) =>
  z.preprocess(emptyToNull, z.string().trim().max(2000).regex(WEB_LINK, { error: `${field} must be a link starting with https://.` }).nullable());
const colour = (field: string) =>
  z.preprocess(emptyToNull, z.string().trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: `${field} must be a colour like #121212.` }).nullable());
const font = (field: string) =>
  z.preprocess(emptyToNull, z.string().trim().max(200).regex(/^[\w\s"',.-]+$/, { error: `${field} must be a font name, e.g. Inter, sans-serif.` }).nullable());
const title = (field: string, max = 120) => z.string({ error: `${field} is invalid.` }).trim().max(max, { error: `${field} cannot be more than ${max} characters.` });
const align = z.enum(TEXT_ALIGNMENTS, { error: 'The alignment must be left, center, right or justify.' });
const bannerType = z.enum(BANNER_TYPES, { error: 'The banner type must be image or video.' });
const slots = (field: string, max: number) =>
  z.array(mediaLink(field), { error: `${field} must be a list of images.` }).max(max, { error: `${field} holds at most ${max} images.` });

/** Validation of the landing-page, hero-banner, social and payment-icon settings (PUT /admin-api/settings/site). */
export const LANDING_SETTINGS_SHAPE = {
  landing_page_enabled: z.boolean(),
  log_in_navbar_name: title('log_in_navbar_name', 30).min(1, { error: 'The log in label is required.' }),
  sign_up_navbar_name: title('sign_up_navbar_name', 30).min(1, { error: 'The sign up label is required.' }),
  banner_enabled: z.boolean(),
  banner_type: bannerType,
  banner_images: slots('banner_images', BANNER_IMAGE_SLOTS),
  banner_video_url: mediaLink('banner_video_url'),
  banner_mobile_video_url: mediaLink('banner_mobile_video_url'),
  banner_logo_url: mediaLink('banner_logo_url'),
  banner_text: title('banner_text', 300),
  banner_height: z
    .string()
    .trim()
    .regex(/^\d{1,4}(px|vh|%)(\|\d{1,4}(px|vh|%)){3}$/, { error: 'banner_height must be four sizes separated by |, e.g. 240px|300px|340px|380px.' }),
  ...(Object.fromEntries(SOCIAL_URL_KEYS.map((k) => [k, webLink(k)])) as Record<SocialUrlKey, ReturnType<typeof webLink>>),
  show_payment_icons: z.boolean(),
  payment_icons: z.array(z.enum(PAYMENT_ICON_BRANDS, { error: 'payment_icons holds an unknown card brand.' })).max(PAYMENT_ICON_BRANDS.length),
  theme3_top_banner_enabled: z.boolean(),
  theme3_top_banner_video_url: mediaLink('theme3_top_banner_video_url'),
  theme3_top_banner_mobile_video_url: mediaLink('theme3_top_banner_mobile_video_url'),
  theme3_main_banner_enabled: z.boolean(),
  theme3_main_banner_type: bannerType,
  theme3_main_banner_image_url: mediaLink('theme3_main_banner_image_url'),
  theme3_main_banner_video_url: mediaLink('theme3_main_banner_video_url'),
  theme3_main_banner_mobile_video_url: mediaLink('theme3_main_banner_mobile_video_url'),
  theme3_model_first_name: title('theme3_model_first_name', 40),
  theme3_model_last_name: title('theme3_model_last_name', 40),
  theme3_show_social_icons: z.boolean(),
  theme3_section1_enabled: z.boolean(),
  theme3_section1_image_url: mediaLink('theme3_section1_image_url'),
  theme3_section1_title: title('theme3_section1_title'),
  theme3_section1_description: title('theme3_section1_description', 2000),
  theme3_section1_alignment: align,
  theme3_section2_enabled: z.boolean(),
  theme3_section2_title: title('theme3_section2_title'),
  theme3_section2_description: title('theme3_section2_description', 2000),
  theme3_section2_image_url: mediaLink('theme3_section2_image_url'),
  theme3_section2_alignment: align,
  theme3_grid_enabled: z.boolean(),
  theme3_grid_images: slots('theme3_grid_images', GRID_IMAGE_SLOTS),
  theme3_section3_enabled: z.boolean(),
  theme3_section3_title: title('theme3_section3_title'),
  theme3_section3_description: title('theme3_section3_description', 2000),
  theme3_section3_alignment: align,
  theme3_background_color: colour('theme3_background_color'),
  theme3_text_color: colour('theme3_text_color'),
  theme3_heading_font: font('theme3_heading_font'),
  theme3_body_font: font('theme3_body_font'),
};

export const MODEL_BIO_MAX = 1000;

/** The creator's profile settings; the images are uploaded as theme images first (POST /api/app_settings/upload-theme-image). */
export const CREATOR_PROFILE_SHAPE = {
  model_avatar_url: mediaLink('model_avatar_url'),
  model_cover_url: mediaLink('model_cover_url'),
  model_bio: z.string({ error: 'model_bio is invalid.' }).trim().max(MODEL_BIO_MAX, { error: `model_bio cannot be more than ${MODEL_BIO_MAX} characters.` }),
};

// Validation of the site settings the console saves through PUT /admin-api/settings/site (api/routes/staff.ts):
// SITE_SETTINGS_CHANGES, built from the landing page, hero banner, social links and payment icons (the
// landing page's settings), the creator's profile (console → My profile) and the wallet's shapes.
import { z } from 'zod';
import {
  BANNER_IMAGE_SLOTS, BANNER_TYPES, GRID_IMAGE_SLOTS, PAYMENT_ICON_BRANDS, SOCIAL_URL_KEYS, TEXT_ALIGNMENTS, type SocialUrlKey,
} from '../../domain/settings/landing';
import { WATERMARK_COLOR, WATERMARK_POSITIONS, WATERMARK_SIZE_MAX, WATERMARK_SIZE_MIN, WATERMARK_TEXT_MAX } from '../../domain/media/watermark';
import { WALLET_SETTINGS_SHAPE } from './wallet-settings';
import { CHAT_SETTINGS_SHAPE } from './chat-settings';
import { STAGGER_SETTINGS_SHAPE } from './stagger-settings';
import { appearanceSettingsShape } from './appearance-settings';

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
  show_creator_presence: z.boolean({ error: 'show_creator_presence must be true or false.' }),
};

/** Every site setting the console may change (PUT /admin-api/settings/site), each optional, nothing else. */
export const SITE_SETTINGS_CHANGES = z
  .object({
    model_name: z.string().trim().min(1, { error: 'Model name is required.' }).max(60),
    theme_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'theme_color must be a colour like #e91e63.' }),
    footer_text_html: z.string().max(5000).nullable(),
    maintenance_mode: z.boolean(),
    content_manager_can_export_users: z.boolean({ error: 'content_manager_can_export_users must be true or false.' }),
    maintenance_html: z.string().max(20000),
    show_age_modal: z.boolean(),
    age_gate_age: z.number().int().min(18, { error: 'age_gate_age must be 18 or 21.' }).max(21),
    membership_price_cents: z.number().int().min(100, { error: 'The membership price must be at least $1.00.' }).max(100_000),
    recurring_membership_price_cents: z.number().int().min(100).max(100_000),
    content_unlock_minimum_amount: z.number().int().min(1).max(10_000),
    content_unlock_maximum_amount: z.number().int().min(1).max(10_000),
    enable_public_post: z.boolean(),
    is_pagination_on_exclusive_content_enabled: z.boolean(),
    feed_tags_enable: z.boolean(),
    is_feed_like_enabled: z.boolean(),
    is_feed_comment_enabled: z.boolean(),
    like_visibility: z.enum(['everyone', 'registered_and_subscribers', 'subscribers'], { error: 'like_visibility is invalid.' }),
    comment_visibility: z.enum(['everyone', 'registered_and_subscribers', 'subscribers'], { error: 'comment_visibility is invalid.' }),
    enable_like_count_for_private_locked_post: z.boolean(),
    enable_comment_count_for_private_locked_post: z.boolean(),
    tips_minimum_amount: z.number().int().min(1, { error: 'tips_minimum_amount must be at least 1.' }).max(10_000),
    tips_maximum_amount: z.number().int().min(1).max(10_000),
    enable_socket_debug: z.boolean({ error: 'enable_socket_debug must be true or false.' }),
    // Pay-per-message
    is_pay_per_message_enabled: z.boolean(),
    pay_per_message_amount: z.number().int({ error: 'pay_per_message_amount must be whole dollars between 1 and 100.' }).min(1, { error: 'pay_per_message_amount must be whole dollars between 1 and 100.' }).max(100, { error: 'pay_per_message_amount must be whole dollars between 1 and 100.' }),
    blocked_countries: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'blocked_countries must be 2-letter country codes.' })).max(250),
    // Watermark (domain/media/watermark.ts)
    enable_watermark: z.boolean(),
    watermark_text: z.string().trim().max(WATERMARK_TEXT_MAX, { error: `watermark_text cannot be more than ${WATERMARK_TEXT_MAX} characters.` }),
    watermark_size: z.number().min(WATERMARK_SIZE_MIN, { error: 'watermark_size must be between 2 and 20.' }).max(WATERMARK_SIZE_MAX, { error: 'watermark_size must be between 2 and 20.' }),
    watermark_color: z.string().regex(WATERMARK_COLOR, { error: 'watermark_color must be a colour like #ffffff or #ffffff80.' }),
    watermark_position: z.enum(WATERMARK_POSITIONS, { error: 'watermark_position is invalid.' }),
    // Landing page, hero banner, social links, payment icons
    ...LANDING_SETTINGS_SHAPE,
    // The creator's profile: avatar, cover image, bio (console → My profile)
    ...CREATOR_PROFILE_SHAPE,
    // Wallet: Add Funds presets and bounds, crypto switch (api/schemas/wallet-settings.ts)
    ...WALLET_SETTINGS_SHAPE,
    // Chat settings, hide_earnings, purchased contents (api/schemas/chat-settings.ts)
    ...CHAT_SETTINGS_SHAPE,
    // Mass messages to later subscribers: stagger window, previous-message limit, default delay (api/schemas/stagger-settings.ts)
    ...STAGGER_SETTINGS_SHAPE,
    // Theme colours, theme 2, background, payment form, sign-up design, titles, timestamps, media counts, GA4 (api/schemas/appearance-settings.ts)
    ...appearanceSettingsShape(mediaLink),
  })
  .partial()
  .strict();

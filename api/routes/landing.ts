// Landing page (theme 3) and theme images (spec 2 §7 "Landing page"):
//   GET  /api/app_settings/get_all_theme_3_settings  public       → data.theme3Settings
//   POST /api/app_settings/upload-theme-image        multipart    → data.url ('/media/theme/<uuid>.jpg|png')
//   POST /api/app_settings/delete-theme-image        { url }      → data.cleared (settings keys that used it)
// The landing, banner, social and payment-icon settings themselves are saved with the other site settings
// (PUT /admin-api/settings/site); LANDING_SETTINGS_SHAPE is their validation, spread into that route's schema.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  BANNER_IMAGE_SLOTS, BANNER_TYPES, GRID_IMAGE_SLOTS, PAYMENT_ICON_BRANDS, SOCIAL_URL_KEYS, TEXT_ALIGNMENTS, THEME_IMAGE_MAX_BYTES,
  THEME_IMAGE_PREFIX, THEME_IMAGE_URL, theme3Settings, withoutImage, type SocialUrlKey,
} from '../../domain/settings/landing';
import { settingsDecider, SETTINGS_STREAM } from '../../domain/settings/settings';
import { ValidationError } from '../../domain/shared/validation';
import { handle } from '../../commands/handle';
import { currentSettings } from '../../projections/settings';
import { normaliseThemeImage, sniffThemeImage } from '../../infra/media/theme-image';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import type { Services } from '../services';

export const THEME_IMAGE_MESSAGES = {
  uploaded: 'Image uploaded successfully.',
  deleted: 'Image deleted successfully.',
  missing: 'Please select an image.',
  format: 'Media format is not supported.',
  failed: 'There was an error while uploading the image.',
  tooLarge: (name: string) => `File ${name} size is too large.`,
  invalid: 'Invalid Request',
} as const;

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

const deleteBody = z.object({ url: z.string({ error: THEME_IMAGE_MESSAGES.invalid }).regex(THEME_IMAGE_URL, { error: THEME_IMAGE_MESSAGES.invalid }) });

export const landingRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  // Multipart for this plugin's routes only; one image per request.
  await app.register(multipart, { limits: { fileSize: THEME_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 10 } });
  const db = () => services.database.db;

  app.get('/api/app_settings/get_all_theme_3_settings', async (_request, reply) => {
    const s = await currentSettings(db());
    return ok(reply, { theme3Settings: theme3Settings(s, s) });
  });

  app.post('/api/app_settings/upload-theme-image', async (request, reply) => {
    requireCaller(request);
    if (!request.isMultipart()) throw new ValidationError('image', THEME_IMAGE_MESSAGES.missing);
    let file: { data: Buffer; name: string; mime: string } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (!file && data.length > 0) file = { data, name: part.filename, mime: part.mimetype };
      }
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError('image', THEME_IMAGE_MESSAGES.tooLarge('image'));
      throw new ValidationError('image', THEME_IMAGE_MESSAGES.failed);
    }
    if (!file) throw new ValidationError('image', THEME_IMAGE_MESSAGES.missing);
    // PNG or JPEG by name, declared type and — what counts — the bytes themselves.
    const format = sniffThemeImage(file.data);
    const named = /\.(png|jpe?g)$/i.test(file.name) || file.name === '';
    const declared = /^image\/(png|jpe?g|pjpeg)$/i.test(file.mime) || file.mime === 'application/octet-stream';
    if (!format || !named || !declared) throw new ValidationError('image', THEME_IMAGE_MESSAGES.format);
    let clean: Buffer;
    try {
      clean = await normaliseThemeImage(file.data, format);
    } catch {
      throw new ValidationError('image', THEME_IMAGE_MESSAGES.format);
    }
    const key = `${THEME_IMAGE_PREFIX}${randomUUID()}.${format}`;
    await services.storage.put(key, clean);
    return ok(reply, { url: `/media/${key}` }, { message: THEME_IMAGE_MESSAGES.uploaded });
  });

  app.post('/api/app_settings/delete-theme-image', { schema: { body: deleteBody } }, async (request, reply) => {
    requireCaller(request);
    const { url } = request.body;
    // The settings stop pointing at the image first (an event, like every settings change), then its bytes
    // go: a crash in between leaves an unused file, never a setting pointing at nothing. Only keys under the
    // theme prefix can be named here (THEME_IMAGE_URL), so no other media can be removed through this call.
    const changes = withoutImage(await currentSettings(db()), url);
    const ctx = contextFor(request, services);
    if (Object.keys(changes).length > 0) await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
    await settle(services, ctx);
    await services.storage.remove(url.slice('/media/'.length));
    return ok(reply, { url, cleared: Object.keys(changes) }, { message: THEME_IMAGE_MESSAGES.deleted, position: ctx.lastPosition });
  });
};

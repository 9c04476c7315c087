// Landing page (theme 3) and theme images:
//   GET  /api/app_settings/get_all_theme_3_settings  public       → data.theme3Settings
//   POST /api/app_settings/upload-theme-image        multipart    → data.url ('/media/theme/<uuid>.jpg|png')
//   POST /api/app_settings/delete-theme-image        { url }      → data.cleared (settings keys that used it)
//   POST /api/app_settings/upload_theme_background_image  multipart → data.url, saved as background_image_url
//   POST /api/app_settings/update_use_background_image_key { use_background_image } (background-settings)
// The landing, banner, social and payment-icon settings themselves are saved with the other site settings
// (PUT /admin-api/settings/site); their validation is LANDING_SETTINGS_SHAPE in api/schemas/site-settings.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { THEME_IMAGE_MAX_BYTES, THEME_IMAGE_PREFIX, THEME_IMAGE_URL, theme3Settings, withoutImage } from '../../domain/settings/landing';
import { settingsDecider, SETTINGS_STREAM } from '../../domain/settings/settings';
import { withoutAppearanceImage } from '../../domain/settings/appearance';
import { ValidationError } from '../../domain/shared/validation';
import { handle } from '../../commands/handle';
import { updateSiteSettings } from '../../commands/settings';
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

const deleteBody = z.object({ url: z.string({ error: THEME_IMAGE_MESSAGES.invalid }).regex(THEME_IMAGE_URL, { error: THEME_IMAGE_MESSAGES.invalid }) });

export const landingRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  // Multipart for this plugin's routes only; one image per request.
  await app.register(multipart, { limits: { fileSize: THEME_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 10 } });
  const db = () => services.database.db;

  app.get('/api/app_settings/get_all_theme_3_settings', async (_request, reply) => {
    const s = await currentSettings(db());
    return ok(reply, { theme3Settings: theme3Settings(s, s) });
  });

  /** One PNG or JPEG from a multipart request, checked and normalised, stored under the theme prefix → its /media/ url. */
  const receiveThemeImage = async (request: FastifyRequest): Promise<string> => {
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
    return `/media/${key}`;
  };

  app.post('/api/app_settings/upload-theme-image', async (request, reply) => {
    requireCaller(request);
    return ok(reply, { url: await receiveThemeImage(request) }, { message: THEME_IMAGE_MESSAGES.uploaded });
  });

  // Background settings (bodies not shown): the upload sets the page background image at once (the
  // one it replaces is removed); the key switch shows or hides it. Both are settings events like any other.
  app.post('/api/app_settings/upload_theme_background_image', async (request, reply) => {
    requireCaller(request);
    const url = await receiveThemeImage(request);
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, { background_image_url: url }, undefined, services.storage);
    await settle(services, ctx);
    return ok(reply, { url, background_image_url: url }, { message: THEME_IMAGE_MESSAGES.uploaded, position: ctx.lastPosition });
  });

  const useBackgroundBody = z.object({ use_background_image: z.boolean({ error: 'use_background_image must be true or false.' }) }, { error: 'use_background_image must be true or false.' });
  app.post('/api/app_settings/update_use_background_image_key', { schema: { body: useBackgroundBody } }, async (request, reply) => {
    requireCaller(request);
    const on = request.body.use_background_image;
    if (on && !(await currentSettings(db())).background_image_url) throw new ValidationError('use_background_image', 'Please upload a background image first.');
    const ctx = contextFor(request, services);
    await updateSiteSettings(ctx, services.sanitizeHtml, { use_background_image: on });
    await settle(services, ctx);
    return ok(reply, { use_background_image: on }, { message: 'update settings successfully.', position: ctx.lastPosition });
  });

  app.post('/api/app_settings/delete-theme-image', { schema: { body: deleteBody } }, async (request, reply) => {
    requireCaller(request);
    const { url } = request.body;
    // The settings stop pointing at the image first (an event, like every settings change), then its bytes
    // go: a crash in between leaves an unused file, never a setting pointing at nothing. Only keys under the
    // theme prefix can be named here (THEME_IMAGE_URL), so no other media can be removed through this call.
    const current = await currentSettings(db());
    const changes = { ...withoutImage(current, url), ...withoutAppearanceImage(current, url) };
    const ctx = contextFor(request, services);
    if (Object.keys(changes).length > 0) await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
    await settle(services, ctx);
    await services.storage.remove(url.slice('/media/'.length));
    return ok(reply, { url, cleared: Object.keys(changes) }, { message: THEME_IMAGE_MESSAGES.deleted, position: ctx.lastPosition });
  });
};

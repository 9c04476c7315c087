// The creator's profile (console → My profile, issue 11 item 15): display name, avatar, cover image and bio are
// site settings, saved through PUT /admin-api/settings/site like every other setting (one SiteSettingsUpdated
// event, audited); the images are uploaded as theme images first (POST /api/app_settings/upload-theme-image).
// The fan site reads them from GET /api/app_settings/get and GET /api/users/get_model_details.
import { z } from 'zod';
import { mediaLink } from './landing';

export const MODEL_BIO_MAX = 1000;

/** Validation of the profile settings, spread into the settings route's schema (api/routes/staff.ts). */
export const CREATOR_PROFILE_SHAPE = {
  model_avatar_url: mediaLink('model_avatar_url'),
  model_cover_url: mediaLink('model_cover_url'),
  model_bio: z.string({ error: 'model_bio is invalid.' }).trim().max(MODEL_BIO_MAX, { error: `model_bio cannot be more than ${MODEL_BIO_MAX} characters.` }),
};

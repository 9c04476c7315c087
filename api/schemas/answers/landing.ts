// The success answers of api/routes/landing.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const theme3Section = z.object({
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
  alignment: z.enum(['center', 'left', 'right', 'justify']),
});

const theme3Settings = z.object({
  landing_page_enabled: z.boolean(),
  model_name: z.string(),
  model_avatar_url: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  log_in_navbar_name: z.string(),
  sign_up_navbar_name: z.string(),
  background_color: z.string(),
  text_color: z.string(),
  accent_color: z.string(),
  heading_font: z.string(),
  body_font: z.string(),
  top_banner: z.object({ enabled: z.boolean(), video_url: z.string().nullable(), mobile_video_url: z.string().nullable() }),
  main_banner: z.object({
    enabled: z.boolean(),
    type: z.enum(['image', 'video']),
    image_url: z.string().nullable(),
    video_url: z.string().nullable(),
    mobile_video_url: z.string().nullable(),
    show_social_icons: z.boolean(),
  }),
  section1: z.object({
    enabled: z.boolean(),
    title: z.string(),
    description: z.string(),
    alignment: z.enum(['center', 'left', 'right', 'justify']),
    image_url: z.string().nullable(),
  }),
  section2: z.object({
    enabled: z.boolean(),
    title: z.string(),
    description: z.string(),
    alignment: z.enum(['center', 'left', 'right', 'justify']),
    image_url: z.string().nullable(),
  }),
  grid: z.object({ enabled: z.boolean(), images: z.array(z.string()) }),
  section3: theme3Section,
  social_links: z.object({
    instagram: z.string().optional(),
    twitter: z.string().optional(),
    facebook: z.string().optional(),
    tiktok: z.string().optional(),
    twitch: z.string().optional(),
    discord: z.string().optional(),
    snapchat: z.string().optional(),
    youtube: z.string().optional(),
    website: z.string().optional(),
    amazon_wishlist: z.string().optional(),
  }),
  payment_icons: z.array(z.enum(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners_club', 'maestro'])),
  promotion_ribbon_position: z.literal('above menu'),
});

export const landingAnswers: RouteAnswers = {
  'GET /api/app_settings/get_all_theme_3_settings': {
    200: answer(z.object({ theme3Settings: theme3Settings })),
  },
  'POST /api/app_settings/upload-theme-image': {
    200: answer(z.object({ url: z.string() })),
  },
  'POST /api/app_settings/upload_theme_background_image': {
    200: answer(z.object({ url: z.string(), background_image_url: z.string() })),
  },
  'POST /api/app_settings/update_use_background_image_key': {
    200: answer(z.object({ use_background_image: z.boolean() })),
  },
  'POST /api/app_settings/delete-theme-image': {
    200: answer(z.object({ url: z.string(), cleared: z.array(z.string()) })),
  },
};

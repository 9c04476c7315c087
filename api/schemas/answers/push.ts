// The success answers of api/routes/push.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const webNotificationPreferences = z.object({
  content: z.boolean(),
  mass_messages: z.boolean(),
  offers: z.boolean(),
  live_stream: z.boolean(),
  messages: z.boolean(),
});

export const pushAnswers: RouteAnswers = {
  'GET /api/notifications/create-one-signal-account': {
    200: answer(z.object({
      devices: z.number(),
      pending: z.number(),
      sentLastDay: z.number(),
      web_push_notification_enabled: z.boolean(),
      provider: z.literal('vapid'),
      vapid_public_key: z.string(),
    })),
  },
  'GET /api/notifications/web-push-notification-settings': {
    200: answer(z.object({
      devices: z.number(),
      pending: z.number(),
      sentLastDay: z.number(),
      web_push_notification_enabled: z.boolean(),
      provider: z.literal('vapid'),
      vapid_public_key: z.string(),
    })),
  },
  'POST /api/notifications/save-web-push-notification-settings': {
    200: answer(z.object({
      devices: z.number(),
      pending: z.number(),
      sentLastDay: z.number(),
      web_push_notification_enabled: z.boolean(),
      provider: z.literal('vapid'),
      vapid_public_key: z.string(),
    })),
  },
  'GET /api/settings/subscription-email-notification': {
    200: answer(z.object({
      admin_email: z.string(),
      enabled: z.boolean(),
      fan_subscribed: z.boolean(),
      fan_renewed: z.boolean(),
      fan_cancelled: z.boolean(),
      fan_payment_failed: z.boolean(),
      staff_new_subscriber: z.boolean(),
      staff_cancelled: z.boolean(),
      staff_email: z.string(),
    })),
  },
  'POST /api/settings/subscription-email-notification': {
    200: answer(z.object({
      admin_email: z.string(),
      enabled: z.boolean(),
      fan_subscribed: z.boolean(),
      fan_renewed: z.boolean(),
      fan_cancelled: z.boolean(),
      fan_payment_failed: z.boolean(),
      staff_new_subscriber: z.boolean(),
      staff_cancelled: z.boolean(),
      staff_email: z.string(),
    })),
  },
  'GET /api/notifications/user-notification-preferences': {
    200: answer(z.object({
      web_push_notification_enabled: z.boolean(),
      vapid_public_key: z.string(),
      is_allow_web_notification: z.boolean(),
      web_notification_preferences: webNotificationPreferences,
      tags: z.array(z.string()),
      categories: z.tuple([z.literal('content'), z.literal('offers'), z.literal('live_stream'), z.literal('messages'), z.literal('mass_messages')]),
      prompt: z.enum(['user', 'admin']).nullable(),
      devices: z.array(z.object({ id: z.string(), user_agent: z.string(), registered_at: z.string() })),
      show_notification_help_popup: z.boolean(),
      install_popup_at: z.tuple([z.literal(3), z.literal(12), z.literal(21), z.literal(30)]),
      popup_counter_cap: z.number(),
      feed_refresh_seconds: z.number(),
    })),
  },
  'POST /api/notifications/save-user-notification-preferences': {
    200: answer(z.object({
      web_push_notification_enabled: z.boolean(),
      vapid_public_key: z.string(),
      is_allow_web_notification: z.boolean(),
      web_notification_preferences: webNotificationPreferences,
      tags: z.array(z.string()),
      categories: z.tuple([z.literal('content'), z.literal('offers'), z.literal('live_stream'), z.literal('messages'), z.literal('mass_messages')]),
      prompt: z.enum(['user', 'admin']).nullable(),
      devices: z.array(z.object({ id: z.string(), user_agent: z.string(), registered_at: z.string() })),
      show_notification_help_popup: z.boolean(),
      install_popup_at: z.tuple([z.literal(3), z.literal(12), z.literal(21), z.literal(30)]),
      popup_counter_cap: z.number(),
      feed_refresh_seconds: z.number(),
    })),
  },
  'POST /api/notifications/register-device': {
    200: answer(z.object({ device_id: z.string() })),
  },
  'POST /api/notifications/unregister-device': {
    200: answer(z.object({ device_id: z.string(), removed: z.boolean() })),
  },
  'POST /api/services/send-device-info': {
    200: answer(z.object({ device_id: z.string() })),
  },
};

/** GET /manifest.webmanifest: the web-app manifest (domain/push/app-manifest.ts), served as application/manifest+json. */
export const webAppManifestShape = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.literal('image/png'), purpose: z.enum(['any', 'maskable']) })),
});

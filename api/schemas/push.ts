// Request shapes of the web push routes (api/routes/push.ts).
import { z } from 'zod';

const bool = (field: string) => z.boolean({ error: `${field} must be true or false.` });

/** POST /api/notifications/save-web-push-notification-settings */
export const webPushSettingsBody = z.object({ web_push_notification_enabled: bool('web_push_notification_enabled') }).strip();

/** POST /api/notifications/save-user-notification-preferences: the switch and the categories as letters A–E. */
export const userNotificationPreferencesBody = z.object({
  is_allow_web_notification: bool('is_allow_web_notification'),
  tags: z.union([z.array(z.string().max(1, { error: 'tags must be letters A to E (content, offers, live stream, messages, mass messages).' })).max(5), z.string().max(5)], {
    error: 'tags must be letters A to E (content, offers, live stream, messages, mass messages).',
  }),
}).strip();

const key = (field: string) => z.string({ error: `${field} is required.` }).min(1, { error: `${field} is required.` }).max(200, { error: `${field} is invalid.` });

/** POST /api/notifications/register-device: the browser's PushSubscription.toJSON(). */
export const registerDeviceBody = z.object({
  endpoint: z.string({ error: 'endpoint is required.' }).min(1, { error: 'endpoint is required.' }).max(1000, { error: 'endpoint is invalid.' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: key('keys.p256dh'), auth: key('keys.auth') }, { error: 'keys is required.' }),
}).strip();

/** POST /api/notifications/unregister-device */
export const unregisterDeviceBody = z.object({ endpoint: z.string({ error: 'endpoint is required.' }).min(1, { error: 'endpoint is required.' }).max(1000, { error: 'endpoint is invalid.' }) }).strip();

const short = (field: string, max: number) => z.string({ error: `${field} must be text.` }).trim().max(max, { error: `${field} cannot be more than ${max} characters.` });

/** POST /api/services/send-device-info (the spec shows no body: these are what the app reports). */
export const deviceInfoBody = z.object({
  device_id: z.string({ error: 'device_id is required.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'device_id must be 8 to 64 letters, digits, _ or -.' }),
  platform: short('platform', 100).default(''),
  user_agent: short('user_agent', 500).default(''),
  language: short('language', 35).default(''),
  standalone: bool('standalone').default(false),
  screen: short('screen', 30).default(''),
  timezone: short('timezone', 64).default(''),
}).strip();

/** POST /api/settings/subscription-email-notification (the spec's body is not shown): the switches, all optional. */
const onOff = (name: string) => z.boolean({ error: `${name} must be true or false.` });
export const subscriptionEmailSettingsBody = z.object({
  enabled: onOff('enabled'),
  fan_subscribed: onOff('fan_subscribed'),
  fan_renewed: onOff('fan_renewed'),
  fan_cancelled: onOff('fan_cancelled'),
  fan_payment_failed: onOff('fan_payment_failed'),
  staff_new_subscriber: onOff('staff_new_subscriber'),
  staff_cancelled: onOff('staff_cancelled'),
  staff_email: z.union([z.literal(''), z.string({ error: 'staff_email must be an email address.' }).trim().max(254, { error: 'staff_email must be an email address.' }).email({ error: 'staff_email must be an email address.' })], { error: 'staff_email must be an email address.' }),
}, { error: 'The body must be an object.' }).partial().strict();


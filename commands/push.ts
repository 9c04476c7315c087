// Web push commands (issue 16): devices registered and removed, a person's preferences, the site's switch, device
// reports. Each is one small stream (domain/push/push.ts); the read models are projections/push.ts.
import { createHash } from 'node:crypto';
import {
  checkPushSubscription, deviceInfoDecider, deviceInfoStream, pushPreferencesDecider, pushPreferencesStream, pushSubscriptionDecider, pushSubscriptionStream,
  webPushSettingsDecider, WEB_PUSH_SETTINGS_STREAM, type DeviceInfo, type PushSubscriptionInput, type WebNotificationPreferences,
} from '../domain/push/push';
import type { Role } from '../domain/shared/wire';
import { handle, type CommandContext } from './handle';

/** A device's id: a hash of its push endpoint (one browser profile = one endpoint), so registering again is idempotent. */
export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);

export async function registerPushDevice(ctx: CommandContext, who: { userId: string; role: Role }, input: PushSubscriptionInput, userAgent: string, allowHttpLocal: boolean) {
  const checked = checkPushSubscription(input, allowHttpLocal);
  const subscriptionId = subscriptionIdOf(checked.endpoint);
  await handle(ctx, pushSubscriptionStream(subscriptionId), pushSubscriptionDecider, { type: 'Register', subscriptionId, userId: who.userId, role: who.role, input: checked, userAgent, at: ctx.now() });
  return { subscriptionId };
}

export async function unregisterPushDevice(ctx: CommandContext, userId: string, endpoint: string) {
  const subscriptionId = subscriptionIdOf(endpoint);
  const r = await handle(ctx, pushSubscriptionStream(subscriptionId), pushSubscriptionDecider, { type: 'Unregister', subscriptionId, userId, at: ctx.now() });
  return { subscriptionId, removed: r.events.length > 0 };
}

/** The push service said the subscription is gone (404/410): the device is dropped. */
export const expirePushDevice = (ctx: CommandContext, subscriptionId: string, status: number | null) =>
  handle(ctx, pushSubscriptionStream(subscriptionId), pushSubscriptionDecider, { type: 'Expire', subscriptionId, status, at: ctx.now() });

export const savePushPreferences = (ctx: CommandContext, userId: string, allow: boolean, preferences: WebNotificationPreferences) =>
  handle(ctx, pushPreferencesStream(userId), pushPreferencesDecider, { type: 'Save', userId, allow, preferences, at: ctx.now() });

export const saveWebPushSettings = (ctx: CommandContext, enabled: boolean, by: string) =>
  handle(ctx, WEB_PUSH_SETTINGS_STREAM, webPushSettingsDecider, { type: 'Save', enabled, by, at: ctx.now() });

export const reportDeviceInfo = (ctx: CommandContext, userId: string, deviceId: string, info: DeviceInfo) =>
  handle(ctx, deviceInfoStream(userId), deviceInfoDecider, { type: 'Report', userId, deviceId, info, at: ctx.now() });

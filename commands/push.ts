// Web push commands (issue 16): devices registered and removed, a person's preferences, the site's switch, device
// reports. Each is one small stream (domain/push/push.ts); the read models are projections/push.ts.
import { createHash } from 'node:crypto';
import {
  checkPushSubscription, deviceInfoDecider, deviceInfoStream, preferencesFromTags, pushPreferencesDecider, pushPreferencesStream, pushSubscriptionDecider,
  pushSubscriptionStream, requirePushEnabled, requirePushOffered, webPushSettingsDecider, WEB_PUSH_SETTINGS_STREAM, type DeviceInfo, type PushSubscriptionInput,
} from '../domain/push/push';
import type { Role } from '../domain/shared/wire';
import { handle, type CommandContext } from './handle';

/** A device's id: a hash of its push endpoint (one browser profile = one endpoint), so registering again is idempotent. */
export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);

/** `siteEnabled` reads the site's switch (projections/push.ts webPushEnabled): no device is registered while it is off. */
export async function registerPushDevice(
  ctx: CommandContext, who: { userId: string; role: Role }, input: PushSubscriptionInput, userAgent: string, allowHttpLocal: boolean, siteEnabled: () => Promise<boolean>,
) {
  requirePushOffered(who.role);
  requirePushEnabled(await siteEnabled());
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

/** `tags`: the categories as letters A–E (domain/push preferencesFromTags). */
export function savePushPreferences(ctx: CommandContext, who: { userId: string; role: Role }, allow: boolean, tags: readonly string[] | string) {
  requirePushOffered(who.role);
  const preferences = preferencesFromTags(tags);
  return handle(ctx, pushPreferencesStream(who.userId), pushPreferencesDecider, { type: 'Save', userId: who.userId, allow, preferences, at: ctx.now() });
}

export const saveWebPushSettings = (ctx: CommandContext, enabled: boolean, by: string) =>
  handle(ctx, WEB_PUSH_SETTINGS_STREAM, webPushSettingsDecider, { type: 'Save', enabled, by, at: ctx.now() });

export const reportDeviceInfo = (ctx: CommandContext, userId: string, deviceId: string, info: DeviceInfo) =>
  handle(ctx, deviceInfoStream(userId), deviceInfoDecider, { type: 'Report', userId, deviceId, info, at: ctx.now() });

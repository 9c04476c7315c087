// Notification centre and help centre commands (issue 16): read marks, the staff notification settings, help items
// (HTML cleaned by the caller's port: the shared sanitizer, as commands/shell.ts pages) and help read marks.
import {
  notificationReadsDecider, notificationReadsStream, purchaseNotificationSettingsDecider, PURCHASE_NOTIFICATION_SETTINGS_STREAM,
  type NotificationKind, type PurchaseNotificationSettings,
} from '../domain/notification/notification';
import { checkHelpItem, helpItemDecider, helpItemStream, helpReadsDecider, helpReadsStream, helpSettingsDecider, HELP_SETTINGS_STREAM, type HelpItemInput } from '../domain/help/help';
import { handle, type CommandContext } from './handle';

/** The reader opened a kind's page: everything of that kind up to `upTo` (the newest it saw) is read. */
export const markNotificationsRead = (ctx: CommandContext, userId: string, staff: boolean, kind: NotificationKind, upTo: string) =>
  handle(ctx, notificationReadsStream(userId), notificationReadsDecider, { type: 'ReadKind', userId, kind, staff, upTo, at: ctx.now() });

/** The reader opened entries (a post from a notification: /feed/:blog_id/:from_notification). */
export async function markNotificationsOpened(ctx: CommandContext, userId: string, entryIds: readonly string[]) {
  for (const entryId of entryIds) await handle(ctx, notificationReadsStream(userId), notificationReadsDecider, { type: 'Open', userId, entryId, at: ctx.now() });
}

export const savePurchaseNotificationSettings = (ctx: CommandContext, settings: PurchaseNotificationSettings, by: string) =>
  handle(ctx, PURCHASE_NOTIFICATION_SETTINGS_STREAM, purchaseNotificationSettingsDecider, { type: 'Save', settings, by, at: ctx.now() });

/** Creates (id null) or changes a help item; `clean` is the shared HTML policy's cleaner, applied before anything is written. */
export async function saveHelpItem(ctx: CommandContext, clean: (html: string) => string, id: string | null, input: HelpItemInput, by: string) {
  const helpId = id ?? ctx.newId();
  const checked = checkHelpItem({ ...input, html: clean(input.html) });
  await handle(ctx, helpItemStream(helpId), helpItemDecider, { type: 'Save', helpId, input: checked, by, at: ctx.now(), create: id === null });
  return { helpId };
}

export const deleteHelpItem = (ctx: CommandContext, helpId: string, by: string) =>
  handle(ctx, helpItemStream(helpId), helpItemDecider, { type: 'Delete', helpId, by, at: ctx.now() });

export const markHelpRead = (ctx: CommandContext, userId: string, helpId: string) =>
  handle(ctx, helpReadsStream(userId), helpReadsDecider, { type: 'Read', helpId, userId, at: ctx.now() });

export const saveHelpSettings = (ctx: CommandContext, influencerHelpEnabled: boolean, by: string) =>
  handle(ctx, HELP_SETTINGS_STREAM, helpSettingsDecider, { type: 'Save', influencerHelpEnabled, by, at: ctx.now() });

// Site settings changes. Every *_html value is cleaned under the shared HTML policy before it is written, so
// the event log never holds script-capable HTML whichever route or caller saves it. The cleaner is the
// infra/html port (`clean`), passed in by the API like savePage's in ./shell.ts.
import { settingsDecider, SETTINGS_STREAM, type SiteSettings } from '../domain/settings/settings';
import { themeImagesDropped } from '../domain/settings/landing';
import type { SubscriptionEmailSettings } from '../domain/settings/subscription-email';
import { cleanHtmlSettings } from '../domain/shared/html-policy';
import type { HtmlSanitizer } from '../infra/html/port';
import type { ByteStore } from '../infra/storage/port';
import { handle, loadStream, type CommandContext } from './handle';
import type { EventStore } from '../infra/eventstore/port';

/**
 * `expectedRevision`: the console's If-Match (the revision the editor saw); a stream that moved on is a 412.
 * Theme images the change stopped using are removed from storage after the change is written (a crash in
 * between leaves an unused file, never a setting pointing at nothing).
 */
export async function updateSiteSettings(ctx: CommandContext, clean: HtmlSanitizer, changes: Partial<SiteSettings>, expectedRevision?: number, storage?: Pick<ByteStore, 'remove'>) {
  let before: SiteSettings | null = null;
  const result = await handle(
    ctx, SETTINGS_STREAM, settingsDecider,
    (state) => {
      before = state;
      return { type: 'UpdateSettings' as const, changes: cleanHtmlSettings(changes, clean) };
    },
    { expectedRevision, editing: 'setting' },
  );
  if (storage && before) for (const url of themeImagesDropped(before, result.state)) await storage.remove(url.slice('/media/'.length)).catch(() => {});
  return result;
}

/**
 * The subscription mail switches: the changes over the saved ones. `saved` reads them from the read model
 * (projections/settings.ts currentSettings).
 */
export async function saveSubscriptionEmailSettings(ctx: CommandContext, clean: HtmlSanitizer, saved: () => Promise<SubscriptionEmailSettings>, changes: Partial<SubscriptionEmailSettings>) {
  return updateSiteSettings(ctx, clean, { subscription_email_notification: { ...(await saved()), ...changes } });
}

/** The site's settings as they are now (read from their stream, never from a read model that may lag). */
export const loadSettings = async (store: EventStore): Promise<SiteSettings> => (await loadStream(store, SETTINGS_STREAM, settingsDecider)).state;

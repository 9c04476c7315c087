// Site settings changes. Every *_html value is cleaned under the shared HTML policy before it is written, so
// the event log never holds script-capable HTML whichever route or caller saves it.
import { settingsDecider, SETTINGS_STREAM, type SiteSettings } from '../domain/settings/settings';
import { sanitizeHtmlSettings } from '../infra/html/sanitize';
import { handle, type CommandContext } from './handle';

/** `expectedRevision`: the console's If-Match (the revision the editor saw); a stream that moved on is a 412. */
export function updateSiteSettings(ctx: CommandContext, changes: Partial<SiteSettings>, expectedRevision?: number) {
  return handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: sanitizeHtmlSettings(changes) }, { expectedRevision, editing: 'setting' });
}

// Site settings changes. Every *_html value is cleaned under the shared HTML policy before it is written, so
// the event log never holds script-capable HTML whichever route or caller saves it.
import { settingsDecider, SETTINGS_STREAM, type SiteSettings } from '../domain/settings/settings';
import { sanitizeHtmlSettings } from '../infra/html/sanitize';
import { handle, type CommandContext } from './handle';

export function updateSiteSettings(ctx: CommandContext, changes: Partial<SiteSettings>) {
  return handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: sanitizeHtmlSettings(changes) });
}

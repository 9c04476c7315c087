// Validation of the chat settings, hide_earnings and the purchased-contents settings (domain/settings/chat-settings.ts):
// part of PUT /admin-api/settings/site (whole objects, as the console's settings pages save them) and of
// POST /api/app_settings/update_chat_settings (a partial chat_settings merged into the current one).
import { z } from 'zod';
import { CHAT_COLOUR_KEYS, CHAT_SWITCH_KEYS, type ChatSettings } from '../../domain/settings/chat-settings';

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const colour = (field: string) =>
  z.preprocess(emptyToNull, z.string().trim().regex(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: `${field} must be a colour like #121212.` }).nullable());
const flag = (field: string) => z.boolean({ error: `${field} must be true or false.` });

const CHAT_SETTINGS_FIELDS = {
  ...(Object.fromEntries(CHAT_SWITCH_KEYS.map((k) => [k, flag(k)])) as Record<(typeof CHAT_SWITCH_KEYS)[number], ReturnType<typeof flag>>),
  ...(Object.fromEntries(CHAT_COLOUR_KEYS.map((k) => [k, colour(k)])) as Record<(typeof CHAT_COLOUR_KEYS)[number], ReturnType<typeof colour>>),
};

/** A change of some chat settings (update_chat_settings); unknown keys are refused, naming them. */
export const chatSettingsChange = z.object(CHAT_SETTINGS_FIELDS, { error: 'chat_settings is invalid.' }).partial().strict();
/** The whole chat_settings object (the console's settings form sends it back whole). */
export const chatSettingsWhole = z.object(CHAT_SETTINGS_FIELDS, { error: 'chat_settings is invalid.' }).strip() as unknown as z.ZodType<ChatSettings>;

export const purchasedContentSettings = z
  .object({ enabled: flag('enabled'), show_posts: flag('show_posts'), show_chat_messages: flag('show_chat_messages'), show_prices: flag('show_prices') }, { error: 'purchased_content_settings is invalid.' })
  .strip();

/** Spread into SITE_SETTINGS_CHANGES. */
export const CHAT_SETTINGS_SHAPE = {
  hide_earnings: flag('hide_earnings'),
  chat_settings: chatSettingsWhole,
  purchased_content_settings: purchasedContentSettings,
};

/** POST /api/app_settings/update_chat_settings: {chat_settings?: partial, hide_earnings?}. */
export const updateChatSettingsBody = z
  .object({ chat_settings: chatSettingsChange.optional(), hide_earnings: flag('hide_earnings').optional() }, { error: 'The body must be an object.' })
  .strict();

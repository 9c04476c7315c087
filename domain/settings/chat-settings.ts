// Chat settings (chat_settings.disabled_normal_chat, the chat colours, hide_earnings, the
// row-menu features and the model's expiry sort) and the purchased-contents settings (the spec's
// "purchased-content-settings" page shows no contents: designed here). Both are site settings (settings.ts), saved
// whole: POST /api/app_settings/update_chat_settings merges a partial change into the current object first.
// Also the mass-message stagger settings, top-level site settings the chat's delivery rules read.

/** A bubble colour; null: the theme's (staff: theme colour, fan: the card colour, tips: green). */
export type ChatColour = string | null;

export interface ChatSettings {
  /** Fans cannot send normal chat messages (with no booking feature, no fan may write; staff still can). */
  disabled_normal_chat: boolean;
  /** Row menu "Block User" (admin, super_admin, model). */
  block_user_enabled: boolean;
  /** Row menu "Mute/Unmute mass messages" (admin, super_admin, sub_admin, model). */
  mute_mass_message_enabled: boolean;
  /** Row menu "Mark As Unread" (content_manager, model; only when the chat has no unread messages). */
  mark_as_unread_enabled: boolean;
  /** The model's expiry sort: Amount Spent and Days until Subscription Expires sorts and the status filter even with hide_earnings on. */
  model_expiry_sort_enabled: boolean;
  staff_bubble_color: ChatColour;
  staff_text_color: ChatColour;
  fan_bubble_color: ChatColour;
  fan_text_color: ChatColour;
  tip_bubble_color: ChatColour;
  tip_text_color: ChatColour;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  disabled_normal_chat: false,
  block_user_enabled: true,
  mute_mass_message_enabled: true,
  mark_as_unread_enabled: true,
  model_expiry_sort_enabled: false,
  staff_bubble_color: null,
  staff_text_color: null,
  fan_bubble_color: null,
  fan_text_color: null,
  tip_bubble_color: null,
  tip_text_color: null,
};

export const CHAT_COLOUR_KEYS = ['staff_bubble_color', 'staff_text_color', 'fan_bubble_color', 'fan_text_color', 'tip_bubble_color', 'tip_text_color'] as const;
export const CHAT_SWITCH_KEYS = ['disabled_normal_chat', 'block_user_enabled', 'mute_mass_message_enabled', 'mark_as_unread_enabled', 'model_expiry_sort_enabled'] as const;

/** What a fan's chat needs of the chat settings: whether fans may write, and the bubble colours. */
export type FanChatSettings = Pick<ChatSettings, 'disabled_normal_chat' | (typeof CHAT_COLOUR_KEYS)[number]>;

/** The chat settings a fan (or guest) reads: the staff's row-menu features and the model's sort are left out. */
export function fanChatSettings(s: ChatSettings): FanChatSettings {
  return { disabled_normal_chat: s.disabled_normal_chat, ...Object.fromEntries(CHAT_COLOUR_KEYS.map((k) => [k, s[k]])) } as FanChatSettings;
}

/** The fan's purchased-contents page (/purchased-contents) and what it lists; staff always see a fan's purchases. */
export interface PurchasedContentSettings {
  /** The fan's own page and its menu entry. */
  enabled: boolean;
  /** Unlocked posts. */
  show_posts: boolean;
  /** Unlocked chat messages (mass and welcome copies included). */
  show_chat_messages: boolean;
  /** The price paid next to each item. */
  show_prices: boolean;
}

export const DEFAULT_PURCHASED_CONTENT_SETTINGS: PurchasedContentSettings = {
  enabled: true,
  show_posts: true,
  show_chat_messages: true,
  show_prices: true,
};

/** Mass messages to later subscribers (domain/chat/delivery.ts): the stagger window, how many earlier mass messages a
 *  new subscriber gets, and the default delay of a delayed copy (whole hours). */
export interface StaggerSettings {
  stagger_min_hours: number;
  stagger_max_hours: number;
  stagger_previous_limit: number;
  mass_message_default_delay_hours: number;
}

export const DEFAULT_DELAY_HOURS = 2;

export const DEFAULT_STAGGER_SETTINGS: StaggerSettings = {
  stagger_min_hours: 24,
  stagger_max_hours: 48,
  stagger_previous_limit: 10,
  mass_message_default_delay_hours: DEFAULT_DELAY_HOURS,
};

/** The refusal a fan gets when normal chat is off. */
export const NORMAL_CHAT_DISABLED = 'Chat is currently disabled by the creator.';

/** A partial change merged into the current settings (unknown keys were dropped by the schema). */
export const mergeChatSettings = (current: ChatSettings, change: Partial<ChatSettings>): ChatSettings => ({ ...DEFAULT_CHAT_SETTINGS, ...current, ...change });

/** A bubble's colours from the chat settings (CSS colours), only those set: the screen's theme colours stay for the rest. */
export function chatBubbleColours(s: Partial<ChatSettings> | null | undefined, kind: 'staff' | 'fan' | 'tip'): { bgcolor?: string; color?: string } {
  const bg = kind === 'staff' ? s?.staff_bubble_color : kind === 'fan' ? s?.fan_bubble_color : s?.tip_bubble_color;
  const fg = kind === 'staff' ? s?.staff_text_color : kind === 'fan' ? s?.fan_text_color : s?.tip_text_color;
  return { ...(bg ? { bgcolor: bg } : {}), ...(fg ? { color: fg } : {}) };
}

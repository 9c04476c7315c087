// Who sees what in the chat list and header, and who gets which row-menu action, read by the server
// and the console alike.
import type { Role } from '../shared/wire';
import type { ChatUserSort } from './wire';

const CHAT_ADMINS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];
const ALL_SORTS: ChatUserSort[] = ['latest_message', 'users_last_message', 'amount_spent', 'unread_messages', 'expiration_date'];
const BASIC_SORTS: ChatUserSort[] = ['latest_message', 'users_last_message', 'unread_messages'];

/** The settings the role rules read (site settings hide_earnings and chat_settings.model_expiry_sort_enabled). */
export interface ChatViewSettings {
  hideEarnings?: boolean;
  modelExpirySort?: boolean;
}

/** Site settings → the rules' view of them. */
export const chatViewSettings = (s: { hide_earnings?: boolean; chat_settings?: { model_expiry_sort_enabled?: boolean } }): ChatViewSettings => ({
  hideEarnings: !!s.hide_earnings,
  modelExpirySort: !!s.chat_settings?.model_expiry_sort_enabled,
});

const asSettings = (s: boolean | ChatViewSettings | undefined): ChatViewSettings => (typeof s === 'boolean' ? { hideEarnings: s } : (s ?? {}));

/**
 * The list's sort options: admins all five; the model Amount Spent and Days until Subscription Expires only while
 * earnings are shown or the expiry-sort setting is on; everyone else (content manager, live-stream manager,
 * support) by message only.
 */
export function chatSortsFor(role: Role | null | undefined, settings: boolean | ChatViewSettings = {}): ChatUserSort[] {
  const s = asSettings(settings);
  if (role && CHAT_ADMINS.includes(role)) return ALL_SORTS;
  if (role === 'model') return !s.hideEarnings || s.modelExpirySort ? ALL_SORTS : BASIC_SORTS;
  return BASIC_SORTS;
}

/** The chat list's other lists (get_user_list list_id): blocked and muted fans for admins; the fans allowed to chat
 *  while normal chat is off and the fans in a booked chat now for every staff role that sees the chat. */
export type ChatListId = 'blocked' | 'muted' | 'allowed' | 'live';
export const mayOpenChatList = (role: Role | null | undefined, list: ChatListId): boolean =>
  list === 'allowed' || list === 'live' ? !!role : seesChatWallets(role);

/** Wallet amounts in the list and header: admin and sub_admin. */
export const seesChatWallets = (role: Role | null | undefined): boolean => !!role && CHAT_ADMINS.includes(role);

/**
 * Amounts spent (hidden from the content manager when hide_earnings is on and always from the
 * live_stream_manager): admins and support always; the model and the content manager while hide_earnings is off.
 */
export function seesChatEarnings(role: Role | null | undefined, settings: boolean | ChatViewSettings = {}): boolean {
  const s = asSettings(settings);
  if (!role) return false;
  if (CHAT_ADMINS.includes(role) || role === 'support') return true;
  if (role === 'model' || role === 'content_manager') return !s.hideEarnings;
  return false;
}

/** The subscriber-status filter: admin, sub_admin, and the model with the expiry-sort setting on. */
export function seesChatStatusFilter(role: Role | null | undefined, settings: boolean | ChatViewSettings = {}): boolean {
  return seesChatWallets(role) || (role === 'model' && !!asSettings(settings).modelExpirySort);
}

// ---- the row menu -----------------------------------------------------------------------------------------

export type ChatRowAction = 'view_purchased' | 'update_nickname' | 'block' | 'mute' | 'mark_unread';

/** The feature switches of the row menu (site settings chat_settings). */
export interface ChatRowFeatures extends ChatViewSettings {
  blockEnabled: boolean;
  muteEnabled: boolean;
  markUnreadEnabled: boolean;
  /** Normal chat is off (chat_settings.disabled_normal_chat): only fans staff allow, or who booked, may write. */
  normalChatOff?: boolean;
}

export const chatRowFeatures = (s: {
  hide_earnings?: boolean;
  chat_settings?: { block_user_enabled?: boolean; mute_mass_message_enabled?: boolean; mark_as_unread_enabled?: boolean; model_expiry_sort_enabled?: boolean; disabled_normal_chat?: boolean };
}): ChatRowFeatures => ({
  ...chatViewSettings(s),
  blockEnabled: s.chat_settings?.block_user_enabled ?? true,
  muteEnabled: s.chat_settings?.mute_mass_message_enabled ?? true,
  markUnreadEnabled: s.chat_settings?.mark_as_unread_enabled ?? true,
  normalChatOff: s.chat_settings?.disabled_normal_chat ?? false,
});

/** Who may call each row action's route (domain/access/routes.ts uses these lists). */
export const CHAT_BLOCKERS: readonly Role[] = ['admin', 'super_admin', 'model'];
export const CHAT_MUTERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model'];
export const CHAT_UNREAD_MARKERS: readonly Role[] = ['model', 'content_manager'];
export const CHAT_NICKNAMERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'];

/**
 * The actions of one row: none for live_stream_manager (and support, who reads only); Block for admins and the
 * model, Mute for everyone but the content manager, Mark As Unread for the content manager and the model while the
 * chat has no unread messages — each only while its feature is on; View Purchased hidden when earnings are hidden.
 */
export function chatRowActions(role: Role | null | undefined, features: ChatRowFeatures, row: { unreadcount: number }): ChatRowAction[] {
  if (!role || role === 'live_stream_manager' || role === 'support' || !CHAT_NICKNAMERS.includes(role)) return [];
  const out: ChatRowAction[] = [];
  if (seesChatEarnings(role, features)) out.push('view_purchased');
  out.push('update_nickname');
  if (features.blockEnabled && CHAT_BLOCKERS.includes(role)) out.push('block');
  if (features.muteEnabled && CHAT_MUTERS.includes(role)) out.push('mute');
  if (features.markUnreadEnabled && CHAT_UNREAD_MARKERS.includes(role) && row.unreadcount <= 0) out.push('mark_unread');
  return out;
}

// ---- staff message actions ---------------------------------------------------------------------------------

/** Delete from subscriber / from all, rotate, video process request: admin-side senders except live_stream_manager. */
export const CHAT_MESSAGE_EDITORS: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'];
/** Refresh blur (and unlock for subscriber): not for the model or the content manager. */
export const CHAT_BLUR_REFRESHERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];
/** Saved replies in the chat composer (read, create, edit, delete): the staff who write in chat — support reads only. */
export const SAVED_REPLY_ROLES: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager'];
/** Copy to clipboard on text, prices and lock icons: every staff role but live_stream_manager. */
export const mayCopyChat = (role: Role | null | undefined): boolean => !!role && role !== 'live_stream_manager' && role !== 'user' && role !== 'proxy_user';

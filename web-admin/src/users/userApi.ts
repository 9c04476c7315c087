// The user-management calls of the user page. They answer with the fan API's envelope
// { success, message, data }; the page shows `message` (the spec's exact texts come from the server).
import { api } from '../api';

/** The fan site's hint that the console opened a proxy view (the session is the server's proxy cookie). */
export const PROXY_HINT_KEY = 'fanclub.proxy';

export interface ActionResult<T = unknown> {
  message: string;
  data: T;
}

async function call<T>(path: string, body: unknown | undefined, fallback: string): Promise<ActionResult<T>> {
  const { message, data } = await api<T>(path, body === undefined ? {} : { body });
  return { message: message || fallback, data };
}

export const userActions = {
  setBlocked: (user_id: string, is_blocked: boolean) =>
    call('/api/admin/update_user_block_status', { user_id, is_blocked }, is_blocked ? 'User blocked.' : 'User unblocked.'),

  remove: (user_id: string) =>
    call(`/api/admin/delete_user?user_id=${encodeURIComponent(user_id)}`, undefined, 'User deleted.'),

  setPhotoIdOverride: (user_id: string, is_photo_id_accepted: boolean) =>
    call(
      '/api/admin/update_is_photo_id_accepted_status',
      { user_id, is_photo_id_accepted },
      is_photo_id_accepted ? 'Override limit access granted.' : 'Override limit access revoked.'
    ),

  setHiddenFromChat: (user_id: string, hide_from_chat: boolean) =>
    call(
      '/api/admin/update_hide_from_chat_status',
      { user_id, hide_from_chat },
      hide_from_chat ? 'User hidden from chat list.' : 'User shown in chat list.'
    ),

  setMassMessagesMuted: (user_id: string, muteFromChat: boolean) =>
    call(
      '/api/admin/mute_message_for_user',
      { user_id, muteFromChat },
      muteFromChat ? 'Mass messages muted for user.' : 'Mass messages unmuted for user.'
    ),

  setNickname: (user_id: string, nickname: string) =>
    call('/api/users/add_nick_name', { user_id, nickname }, 'Nickname updated successfully'),

  saveEmailPreferences: (user_id: string, preferences: EmailPreferences) =>
    call('/api/users/save_email_preferences', { user_id, preferences }, 'Email Preferences Updated'),

  giveComplimentary: (user_id: string, months: number) =>
    call('/api/admin/give_complimentary_subscription', { user_id, months }, 'Complimentary subscription given.'),

  proxyLogin: (user_id: string) =>
    call<{ expires_at: string }>('/api/users/login-as-proxy-user', { user_id }, ''),
};

export interface EmailPreferences {
  new_posts: boolean;
  messages: boolean;
  promotions: boolean;
}

export const EMAIL_PREFERENCE_LABELS: Record<keyof EmailPreferences, string> = {
  new_posts: 'New posts',
  messages: 'Messages',
  promotions: 'Promotions',
};

export const NICKNAME_MAX = 16;
export const NICKNAME_TOO_LONG = 'Nickname can be max 16 characters long';

/** Nickname rule: trimmed, at most 16 characters. Returns an error text or null. */
export function nicknameError(value: string): string | null {
  return value.trim().length > NICKNAME_MAX ? NICKNAME_TOO_LONG : null;
}

/**
 * Starts a proxy session: the server sets the proxy cookie the fan site signs in with (the console keeps its own
 * session), and the fan site (full page load at /) then acts as that user until its logout ends the proxy.
 */
export async function startProxySession(user_id: string): Promise<void> {
  const { data } = await userActions.proxyLogin(user_id);
  if (!data?.expires_at) throw new Error('Invalid Request');
  localStorage.setItem(PROXY_HINT_KEY, '1');
  window.location.assign('/');
}

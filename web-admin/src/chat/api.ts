// The console's private-chat calls. The contract is domain/chat/wire.ts (envelope and errors as in
// domain/shared/wire.ts); errors carry the server's message and callers fall back to the spec's failure texts.
import type {
  ChatMessagePage,
  ChatMessageView,
  ChatSendResult,
  ChatUserDetails,
  ChatUserListPage,
  ChatUserSort,
} from '../../../domain/chat/wire';
import { api } from '../api';
import type { ListChoice } from './rules';

/** The routes behind the screen (keys of API_ACCESS, domain/access/routes.ts): the screen offers what the server allows. */
export const CHAT_ROUTES = {
  list: 'GET /api/chat/get_user_list',
  messages: 'GET /api/chat/get_messages_admin',
  message: 'GET /api/chat/get_chat_message',
  details: 'GET /api/chat/get_user_details',
  send: 'POST /api/chat/send_message',
  read: 'POST /api/chat/read_message_model',
  unlock: 'POST /api/chat/unlock_message_from_user',
  grantCredits: 'POST /api/chat/grant_message_credits',
  // Uploading is for the roles that register media (the presign route also lets subscribed fans in, for their chat).
  upload: 'POST /api/media',
  library: 'POST /api/media/get',
} as const;

export interface UserListQuery {
  page_num: number;
  user_name: string;
  sort_by: ChatUserSort;
  /** '' = All; '1' renewing (Active), '2' cancelled but paid through (Active-Cancelled). See rules.ts STATUS_CHOICES. */
  sort_by_subscribers: '' | '1' | '2';
  /** Admins: '' the chat list, 'blocked' or 'muted' fans. */
  list_id?: ListChoice;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '').map(([k, v]) => [k, String(v)])).toString();

/** Body of POST /api/chat/send_message as staff send it. */
export interface StaffSendBody {
  receiver: string;
  message: string;
  uniqueId?: string;
  type?: 'text' | 'photo' | 'video' | 'gallery';
  media?: string[];
  media_preview?: string;
  isLocked?: boolean;
  amount?: number;
  /** A locked message for members of this tier and above (absent: every subscriber). */
  min_tier_id?: string;
}

export const chatApi = {
  userList: async (q: UserListQuery, signal?: AbortSignal) =>
    (await api<ChatUserListPage>(`/api/chat/get_user_list?${query({ ...q })}`, { signal })).data,
  /** One message as staff see it (a changed message older than page 1 is read again by id). */
  message: async (id: string, signal?: AbortSignal) => (await api<ChatMessageView>(`/api/chat/get_chat_message?${query({ id })}`, { signal })).data,
  details: async (userId: string, signal?: AbortSignal) =>
    (await api<ChatUserDetails>(`/api/chat/get_user_details?${query({ user_id: userId })}`, { signal })).data,
  messages: async (userId: string, page: number, signal?: AbortSignal) =>
    (await api<ChatMessagePage>(`/api/chat/get_messages_admin?${query({ selected_user_id: userId, page_num: page })}`, { signal })).data,
  send: async (body: StaffSendBody) => {
    const r = await api<ChatSendResult>('/api/chat/send_message', { body });
    return { ...r.data, notice: r.message };
  },
  read: async (userId: string) => (await api<{ unread: number }>('/api/chat/read_message_model', { body: { userId } })).data,
  unlock: async (messageId: string) => (await api<unknown>('/api/chat/unlock_message_from_user', { body: { message_id: messageId } })).message,
  grantCredits: async (userId: string, credits: number) =>
    (await api<unknown>('/api/chat/grant_message_credits', { body: { user_id: userId, credits } })).message,
};

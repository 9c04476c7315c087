// The console's staff chat actions (api/routes/chat-staff.ts and the media routes): the row
// menu, deleting a message, the chat media operations and the chat settings. Errors carry the server's message.
import type { ChatSettings } from '../../../domain/settings/chat-settings';
import type { ChatUserListEntry } from '../../../domain/chat/wire';
import { api } from '../api';

/** Routes behind the actions (keys of API_ACCESS): the screen offers what the server allows. */
export const STAFF_CHAT_ROUTES = {
  nickname: 'POST /api/users/add_nick_name',
  block: 'POST /api/v2/admin/block-user',
  mute: 'POST /api/admin/mute_message_for_user',
  markUnread: 'POST /api/admin/mark-chat-as-unread',
  deleteFromUser: 'POST /api/chat/delete_message_from_user',
  deleteFromAll: 'POST /api/chat/delete_message_from_all',
  rotate: 'POST /api/upload/rotate_image',
  refreshBlur: 'POST /api/upload/refresh_blur_picture',
  videoProcess: 'POST /api/admin/send_video_process_request',
  byId: 'GET /api/chat/get_user_by_id',
  allowToChat: 'POST /api/chat/update_allow_user_to_chat',
} as const;

/** Spec texts and this project's for what the spec does not show. */
export const STAFF_TEXTS = {
  nicknameUpdated: 'Nickname updated successfully',
  nicknameError: 'Error occured while updating nickname',
  nicknameTooLong: 'Nickname can be max 16 characters long',
  blockError: 'There was a problem in Block user.',
  blockConfirm: 'Block this user? Their membership stops renewing and they leave the chat list.',
  muteError: 'There was a problem updating mass messages for this user.',
  markUnreadError: 'There was a problem marking this chat as unread.',
  deleteFromUserError: 'There was an error while deleting message from subscriber.',
  deleteFromAllError: 'There was an error while deleting message from all users.',
  deleteFromUserConfirm: 'Delete this message from the subscriber? They will no longer see it; you still will. Nothing is refunded.',
  deleteFromAllConfirm: 'Delete this message for everyone? Nobody will see it any more. Nothing is refunded.',
  rotateConfirm: 'Are you sure you want to rotate this image?',
  rotateError: 'There was an error while rotating the image.',
  refreshBlurError: 'There was an error while refreshing blur image.',
  videoProcessSent: 'Video processing request sent.',
  videoProcessError: 'There was an error while sending video processing request.',
  deletedForUser: 'Deleted for the subscriber',
} as const;

export const NICKNAME_MAX = 16;

const message = async (path: string, body: unknown) => (await api<unknown>(path, { body })).message;

export const staffChatApi = {
  setNickname: (userId: string, nickName: string) => message('/api/users/add_nick_name', { user_id: userId, nick_name: nickName }),
  block: (userId: string, block: boolean) => message('/api/v2/admin/block-user', { userId, blockFromChat: block }),
  mute: (userId: string, mute: boolean) => message('/api/admin/mute_message_for_user', { userId, muteMassMessage: mute, muteFromChat: true }),
  markUnread: async (userId: string) => (await api<number>('/api/admin/mark-chat-as-unread', { body: { userId } })).data,
  deleteMessage: (messageId: string, scope: 'user' | 'all') => message(`/api/chat/delete_message_from_${scope}`, { message_id: messageId }),
  rotate: (messageId: string, userId: string, angle: -90 | 90, imageIndex: number) =>
    message('/api/upload/rotate_image', { id: messageId, type: 'message', rotate_angle: angle, userId, imageIndex }),
  refreshBlur: (messageId: string) => message('/api/upload/refresh_blur_picture', { id: messageId, type: 'message' }),
  videoProcess: (messageId: string) => message('/api/admin/send_video_process_request', { id: messageId, videoFrom: 'message', isMassMessage: false }),
  userById: async (userId: string, signal?: AbortSignal) =>
    (await api<ChatUserListEntry>(`/api/chat/get_user_by_id?userId=${encodeURIComponent(userId)}`, { signal })).data,
  updateChatSettings: (change: { chat_settings?: Partial<ChatSettings>; hide_earnings?: boolean }) => message('/api/app_settings/update_chat_settings', change),
};

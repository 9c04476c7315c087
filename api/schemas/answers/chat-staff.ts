// The success answers of api/routes/chat-staff.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { chatUserListEntry } from './chat';

export const chatStaffAnswers: RouteAnswers = {
  'POST /api/chat/delete_message_from_user': {
    200: answer(z.object({
      _id: z.string(),
      udid: z.string().nullable(),
      userId: z.string().nullable(),
      deleted: z.enum(['none', 'fan', 'all']),
    })),
  },
  'POST /api/chat/delete_message_from_all': {
    200: answer(z.object({
      _id: z.string(),
      udid: z.string().nullable(),
      userId: z.string().nullable(),
      deleted: z.enum(['none', 'fan', 'all']),
    })),
  },
  'POST /api/admin/mark-chat-as-unread': {
    200: answer(z.number()),
  },
  'POST /api/v2/admin/block-user': {
    200: answer(z.object({ userId: z.string(), is_blocked: z.boolean(), subscription_cancelled: z.boolean() })),
  },
  'GET /api/chat/get_user_by_id': {
    200: answer(chatUserListEntry),
  },
  'POST /api/admin/update_user_chat_email_notifications': {
    200: answer(z.object({ user_id: z.string(), chat_email_notifications: z.boolean() })),
  },
  'POST /api/admin/mute_message_for_user': {
    200: answer(z.null()),
  },
  'POST /api/users/add_nick_name': {
    200: answer(z.null()),
  },
  'POST /api/app_settings/update_chat_settings': {
    200: answer(z.object({
      chat_settings: z.object({
        disabled_normal_chat: z.boolean(),
        block_user_enabled: z.boolean(),
        mute_mass_message_enabled: z.boolean(),
        mark_as_unread_enabled: z.boolean(),
        model_expiry_sort_enabled: z.boolean(),
        staff_bubble_color: z.string().nullable(),
        staff_text_color: z.string().nullable(),
        fan_bubble_color: z.string().nullable(),
        fan_text_color: z.string().nullable(),
        tip_bubble_color: z.string().nullable(),
        tip_text_color: z.string().nullable(),
      }),
      hide_earnings: z.boolean(),
    })),
  },
};

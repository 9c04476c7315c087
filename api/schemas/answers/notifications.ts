// The success answers of api/routes/notifications.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const notificationView = z.object({
  _id: z.string(),
  kind: z.enum(['tips', 'comments', 'purchased', 'subscription', 'likes', 'notification']),
  action: z.string(),
  message: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  post_id: z.string().nullable(),
  promotion_id: z.string().nullable(),
  amount_cents: z.number(),
  amount: z.number(),
  created: z.string(),
  is_read: z.boolean(),
  link: z.string().nullable(),
  /** A post's thumbnail as the reader may see it, or the creator's avatar for the creator's news; null: none. */
  thumbnail_url: z.string().nullable(),
});

export const notificationsAnswers: RouteAnswers = {
  'GET /api/notifications/unread-counts': {
    200: answer(z.object({
      types: z.array(z.object({
        type: z.enum(['tips', 'comments', 'purchased', 'subscription', 'likes', 'notification']),
        label: z.string(),
        unread: z.number(),
        badge: z.string(),
      })),
      counts: z.object({
        tips: z.number().optional(),
        comments: z.number().optional(),
        purchased: z.number().optional(),
        subscription: z.number().optional(),
        likes: z.number().optional(),
        notification: z.number().optional(),
      }),
      total: z.number(),
      total_badge: z.string(),
      modelUnreadTips: z.number().nullable(),
      model_unread_tips_badge: z.string().nullable(),
    })),
  },
  'GET /api/notifications/list/:type': {
    200: answer(z.object({
      rows: z.array(notificationView),
      total: z.number(),
      currentPage: z.number(),
      totalPages: z.number(),
      type: z.enum(['tips', 'comments', 'purchased', 'subscription', 'likes', 'notification']),
      label: z.string(),
    })),
  },
  'POST /api/notifications/read': {
    200: answer(z.object({
      types: z.array(z.object({
        type: z.enum(['tips', 'comments', 'purchased', 'subscription', 'likes', 'notification']),
        label: z.string(),
        unread: z.number(),
        badge: z.string(),
      })),
      counts: z.object({
        tips: z.number().optional(),
        comments: z.number().optional(),
        purchased: z.number().optional(),
        subscription: z.number().optional(),
        likes: z.number().optional(),
        notification: z.number().optional(),
      }),
      total: z.number(),
      total_badge: z.string(),
      modelUnreadTips: z.number().nullable(),
      model_unread_tips_badge: z.string().nullable(),
    })),
  },
  'POST /api/notifications/opened': {
    200: answer(z.object({
      opened: z.number(),
      types: z.array(z.object({
        type: z.enum(['tips', 'comments', 'purchased', 'subscription', 'likes', 'notification']),
        label: z.string(),
        unread: z.number(),
        badge: z.string(),
      })),
      counts: z.object({
        tips: z.number().optional(),
        comments: z.number().optional(),
        purchased: z.number().optional(),
        subscription: z.number().optional(),
        likes: z.number().optional(),
        notification: z.number().optional(),
      }),
      total: z.number(),
      total_badge: z.string(),
      modelUnreadTips: z.number().nullable(),
      model_unread_tips_badge: z.string().nullable(),
    })),
  },
  'GET /api/settings/purchase-notification-settings': {
    200: answer(z.object({
      purchased: z.boolean(),
      subscription: z.boolean(),
      comments: z.boolean(),
      likes: z.boolean(),
      saved_at: z.string().nullable(),
    })),
  },
  'POST /api/settings/purchase-notification-settings': {
    200: answer(z.object({
      purchased: z.boolean(),
      subscription: z.boolean(),
      comments: z.boolean(),
      likes: z.boolean(),
      saved_at: z.string().nullable(),
    })),
  },
};

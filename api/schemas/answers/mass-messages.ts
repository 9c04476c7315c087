// The success answers of api/routes/mass-messages.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { massMediaView, purchasedByItem } from './shapes';

const massMessageStats = z.object({
  recipients: z.number(),
  delivered: z.number(),
  future_delivered: z.number(),
  purchases: z.number(),
  revenue_cents: z.number().nullable(),
});

const massMessagePromotion = z.object({
  _id: z.string(),
  discount_percentage: z.number(),
  promotion_price_cents: z.number(),
  ribbon_text: z.string(),
});

const requiredTier = z.object({ tier_id: z.string(), name: z.string() }).nullable().describe('A locked message for members of this tier and above; null: every subscriber.');

const massAudienceView = z.object({
  type: z.enum(['top_spenders', 'expired', 'bought_post', 'not_bought_post', 'tier']),
  label: z.string(),
  top: z.number().nullable(),
  min_spent_cents: z.number().nullable(),
  days: z.number().nullable(),
  post_id: z.string().nullable(),
  tier_id: z.string().nullable().describe('A tier audience: the lowest tier that gets it.'),
});

const massMessageView = z.object({
  _id: z.string(),
  message: z.string(),
  type: z.enum(['video', 'gallery', 'text', 'photo']),
  isLocked: z.enum(['locked', 'free']),
  amount: z.number(),
  amount_cents: z.number(),
  media: z.array(massMediaView),
  media_preview: massMediaView.nullable(),
  send_to: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
  audience: massAudienceView.nullable(),
  new_user_message_delay: z.enum(['STAGGER_OVER_TIME', 'IMMEDIATELY', 'DELAY_BY_HOURS']),
  delay_by_hours: z.number().nullable(),
  scheduled_at: z.string().nullable(),
  status: z.enum(['error', 'sent', 'processing', 'cancelled', 'scheduled', 'sending']),
  isError: z.boolean(),
  error: z.string().nullable(),
  created: z.string(),
  sender: z.string(),
  category: z.string().nullable(),
  stats: massMessageStats,
  promotion: massMessagePromotion.nullable(),
  required_tier: requiredTier,
});

export const massMessagesAnswers: RouteAnswers = {
  'POST /api/message/send-mass-message': {
    200: answer(z.object({
      _id: z.string(),
      message: z.string(),
      type: z.enum(['video', 'gallery', 'text', 'photo']),
      isLocked: z.enum(['locked', 'free']),
      amount: z.number(),
      amount_cents: z.number(),
      media: z.array(massMediaView),
      media_preview: massMediaView.nullable(),
      send_to: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
      audience: massAudienceView.nullable(),
      new_user_message_delay: z.enum(['STAGGER_OVER_TIME', 'IMMEDIATELY', 'DELAY_BY_HOURS']),
      delay_by_hours: z.number().nullable(),
      scheduled_at: z.string().nullable(),
      status: z.enum(['error', 'sent', 'processing', 'cancelled', 'scheduled', 'sending']),
      isError: z.boolean(),
      error: z.string().nullable(),
      created: z.string(),
      sender: z.string(),
      category: z.string().nullable(),
      stats: massMessageStats,
      promotion: massMessagePromotion.nullable(),
      required_tier: requiredTier,
    })),
  },
  'POST /api/message/mass-audience-count': {
    200: answer(z.object({ count: z.number(), label: z.string() })),
  },
  'GET /api/message/mass-messages': {
    200: answer(z.object({ items: z.array(massMessageView), total: z.number() })),
  },
  'GET /api/message/mass-messages/:id': {
    200: answer(z.object({
      _id: z.string(),
      message: z.string(),
      type: z.enum(['video', 'gallery', 'text', 'photo']),
      isLocked: z.enum(['locked', 'free']),
      amount: z.number(),
      amount_cents: z.number(),
      media: z.array(massMediaView),
      media_preview: massMediaView.nullable(),
      send_to: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
      audience: massAudienceView.nullable(),
      new_user_message_delay: z.enum(['STAGGER_OVER_TIME', 'IMMEDIATELY', 'DELAY_BY_HOURS']),
      delay_by_hours: z.number().nullable(),
      scheduled_at: z.string().nullable(),
      status: z.enum(['error', 'sent', 'processing', 'cancelled', 'scheduled', 'sending']),
      isError: z.boolean(),
      error: z.string().nullable(),
      created: z.string(),
      sender: z.string(),
      category: z.string().nullable(),
      stats: massMessageStats,
      promotion: massMessagePromotion.nullable(),
      required_tier: requiredTier,
    })),
  },
  'POST /api/message/mass-messages/:id/cancel': {
    200: answer(z.object({
      _id: z.string(),
      message: z.string(),
      type: z.enum(['video', 'gallery', 'text', 'photo']),
      isLocked: z.enum(['locked', 'free']),
      amount: z.number(),
      amount_cents: z.number(),
      media: z.array(massMediaView),
      media_preview: massMediaView.nullable(),
      send_to: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
      audience: massAudienceView.nullable(),
      new_user_message_delay: z.enum(['STAGGER_OVER_TIME', 'IMMEDIATELY', 'DELAY_BY_HOURS']),
      delay_by_hours: z.number().nullable(),
      scheduled_at: z.string().nullable(),
      status: z.enum(['error', 'sent', 'processing', 'cancelled', 'scheduled', 'sending']),
      isError: z.boolean(),
      error: z.string().nullable(),
      created: z.string(),
      sender: z.string(),
      category: z.string().nullable(),
      stats: massMessageStats,
      promotion: massMessagePromotion.nullable(),
      required_tier: requiredTier,
    })),
  },
  'GET /admin/get-error-mass-messages': {
    200: answer(z.object({ items: z.array(massMessageView) })),
  },
  'GET /api/admin/get-error-mass-messages': {
    200: answer(z.object({ items: z.array(massMessageView) })),
  },
  'POST /api/message/resend-mass-message': {
    200: answer(z.object({
      _id: z.string(),
      message: z.string(),
      type: z.enum(['video', 'gallery', 'text', 'photo']),
      isLocked: z.enum(['locked', 'free']),
      amount: z.number(),
      amount_cents: z.number(),
      media: z.array(massMediaView),
      media_preview: massMediaView.nullable(),
      send_to: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
      audience: massAudienceView.nullable(),
      new_user_message_delay: z.enum(['STAGGER_OVER_TIME', 'IMMEDIATELY', 'DELAY_BY_HOURS']),
      delay_by_hours: z.number().nullable(),
      scheduled_at: z.string().nullable(),
      status: z.enum(['error', 'sent', 'processing', 'cancelled', 'scheduled', 'sending']),
      isError: z.boolean(),
      error: z.string().nullable(),
      created: z.string(),
      sender: z.string(),
      category: z.string().nullable(),
      stats: massMessageStats,
      promotion: massMessagePromotion.nullable(),
      required_tier: requiredTier,
    })),
  },
  'GET /api/message/mass-messages/:id/purchased-by': {
    200: answer(z.object({ message: massMessageView, items: z.array(purchasedByItem), total_cents: z.number(), count: z.number() })),
  },
};

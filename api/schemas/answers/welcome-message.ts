// The success answers of api/routes/welcome-message.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { massMediaView, purchasedByItem } from './shapes';

const welcomeMessageView = z.object({
  _id: z.string(),
  message: z.string(),
  type: z.enum(['video', 'gallery', 'text', 'photo']),
  amount: z.number(),
  amount_cents: z.number(),
  newUserMessageDelay: z.enum(['IMMEDIATELY', 'DELAY_BY_HOURS']),
  sendTo: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
  delayByHours: z.number().nullable(),
  media: z.array(massMediaView),
  media_preview: massMediaView.nullable(),
  media_item: z.array(z.string()),
  media_preview_item: z.string().nullable(),
  isLocked: z.enum(['locked', 'free']),
  processing: z.boolean(),
  format: z.literal('classic'),
  isError: z.boolean(),
  error: z.string().nullable(),
  current: z.boolean(),
  stats: z.object({ delivered: z.number(), purchases: z.number(), revenue_cents: z.number().nullable() }),
  updated: z.string(),
});

export const welcomeMessageAnswers: RouteAnswers = {
  'POST /api/message/set-welcome-message': {
    200: answer(z.object({
      _id: z.string(),
      message: z.string(),
      type: z.enum(['video', 'gallery', 'text', 'photo']),
      amount: z.number(),
      amount_cents: z.number(),
      newUserMessageDelay: z.enum(['IMMEDIATELY', 'DELAY_BY_HOURS']),
      sendTo: z.enum(['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW']),
      delayByHours: z.number().nullable(),
      media: z.array(massMediaView),
      media_preview: massMediaView.nullable(),
      media_item: z.array(z.string()),
      media_preview_item: z.string().nullable(),
      isLocked: z.enum(['locked', 'free']),
      processing: z.boolean(),
      format: z.literal('classic'),
      isError: z.boolean(),
      error: z.string().nullable(),
      current: z.boolean(),
      stats: z.object({ delivered: z.number(), purchases: z.number(), revenue_cents: z.number().nullable() }),
      updated: z.string(),
    })),
  },
  'GET /admin/get-welcome-message': {
    200: answer(welcomeMessageView.nullable()),
  },
  'GET /api/admin/get-welcome-message': {
    200: answer(welcomeMessageView.nullable()),
  },
  'GET /api/message/welcome-messages': {
    200: answer(z.object({ items: z.array(welcomeMessageView) })),
  },
  'GET /api/message/welcome-messages/:id/purchased-by': {
    200: answer(z.object({ message: welcomeMessageView, items: z.array(purchasedByItem), total_cents: z.number(), count: z.number() })),
  },
};

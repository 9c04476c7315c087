// The success answers of api/routes/admin.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import type { RouteAnswers } from './types';
import { adminMediaRecord, adminUserRecord } from './shapes';
import { TRANSACTION_TYPES } from '../../../domain/payment/wire';

const consoleSetup = z.object({ outcome: z.enum(['completed', 'dismissed']).nullable(), by: z.string().nullable(), by_name: z.string().nullable(), at: z.string().nullable(), opens_by_itself: z.boolean() });

const adminPostRecord = z.object({
  id: z.string(),
  caption: z.string(),
  visibility: z.enum(['public', 'private', 'locked']),
  price_cents: z.number(),
  blog_type: z.enum(['video', 'gallery', 'text', 'photo']),
  media: z.array(z.object({
    id: z.string(),
    kind: z.enum(['video', 'photo']),
    url: z.string(),
    thumbnail_url: z.string(),
    blur_url: z.string(),
  })),
  status: z.enum(['error', 'published', 'processing', 'scheduled']),
  publish_at: z.string(),
  created_at: z.string(),
  unlock_count: z.number(),
  revenue_cents: z.number(),
  is_demo: z.boolean(),
  version_of: z.string().nullable().optional(),
  group_revenue_cents: z.number().optional(),
  group_versions: z.number().optional(),
  preview_media_id: z.string().nullable().optional(),
  category_id: z.string().nullable().optional(),
  min_tier_id: z.string().nullable().optional().describe('The lowest membership tier that sees the post; null: every subscriber.'),
});

const adminEventRecord = z.object({
  id: z.string(),
  position: z.string(),
  stream_id: z.string(),
  revision: z.number(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  recorded_at: z.string(),
});

const adminSubscriberRecord = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['active', 'cancelled', 'expired', 'past_due']),
  price_cents: z.number(),
  recurring_price_cents: z.number(),
  payment_method: z.string(),
  started_at: z.string(),
  expires_at: z.string(),
  next_billing_at: z.string().nullable(),
  cancelled_at: z.string().nullable().optional(),
  cancel_reason: z.string().nullable().optional(),
  rebill_failed_at: z.string().nullable().optional(),
  rebill_retry_at: z.string().nullable().optional(),
  rebill_attempts: z.number().nullable().optional(),
  periods: z.number().optional(),
});

const adminTransactionRecord = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount_cents: z.number(),
  currency: z.literal('USD'),
  method: z.enum(['card', 'wallet', 'crypto']),
  card: z.string().nullable(),
  status: z.enum(['captured', 'failed']),
  failure_code: z.string().nullable(),
  reference_id: z.string().nullable(),
  gateway_transaction_id: z.string().nullable(),
  created_at: z.string(),
});

export const adminAnswers: RouteAnswers = {
  'GET /admin-api/posts': {
    200: z.array(adminPostRecord),
  },
  'GET /admin-api/posts/:id': {
    200: adminPostRecord.extend({ version: z.number() }),
  },
  'POST /admin-api/posts': {
    201: z.union([adminPostRecord, z.object({ id: z.string() })]),
  },
  'DELETE /admin-api/posts/:id': {
    200: adminPostRecord,
  },
  'GET /admin-api/media': {
    200: z.array(adminMediaRecord),
  },
  'GET /admin-api/media/:id': {
    200: z.object({
      id: z.string(),
      kind: z.enum(['video', 'photo']),
      file_name: z.string(),
      content_type: z.string(),
      size: z.number().optional(),
      width: z.number(),
      height: z.number(),
      url: z.string(),
      thumbnail_url: z.string(),
      blur_url: z.string(),
      status: z.enum(['error', 'processing', 'ready']),
      created_at: z.string(),
    }),
  },
  'GET /admin-api/users': {
    200: z.array(adminUserRecord),
  },
  'GET /admin-api/users/:id': {
    200: adminUserRecord.extend({ version: z.number() }),
  },
  'GET /admin-api/subscribers': {
    200: z.array(adminSubscriberRecord),
  },
  'GET /admin-api/subscribers/:id': {
    200: adminSubscriberRecord,
  },
  'GET /admin-api/transactions': {
    200: z.array(adminTransactionRecord),
  },
  'GET /admin-api/transactions/:id': {
    200: adminTransactionRecord,
  },
  'GET /admin-api/events': {
    200: z.array(adminEventRecord),
  },
  'GET /admin-api/events/:id': {
    200: z.object({
      id: z.string(),
      position: z.string(),
      stream_id: z.string(),
      revision: z.number(),
      type: z.string(),
      data: z.record(z.string(), z.unknown()),
      metadata: z.record(z.string(), z.unknown()),
      recorded_at: z.string(),
    }),
  },
  'GET /admin-api/dashboard': {
    200: z.object({
      today_earnings_cents: z.number(),
      new_subscribers_today: z.number(),
      active_subscribers: z.number(),
      total_posts: z.number(),
      earnings_30d: z.array(z.object({ day: z.string(), cents: z.number() })),
      earnings_by_source_30d: z.array(z.object({ source: z.string(), cents: z.number() })),
    }),
  },
  'GET /admin-api/home': {
    200: z.object({
      today_earnings_cents: z.number(),
      yesterday_earnings_cents: z.number(),
      earnings_30d: z.array(z.object({ day: z.string(), cents: z.number() })),
      unread_messages: z.number(),
      unread_chats: z.number(),
      latest_unread: z.array(z.object({ fan_id: z.string(), name: z.string(), last_message: z.string(), last_message_at: z.string().nullable(), unread: z.number() })),
      scheduled_posts: z.array(z.object({ id: z.string(), caption: z.string(), publish_at: z.string(), visibility: z.string() })),
      recent_subscribers: z.array(z.object({ user_id: z.string(), name: z.string(), started_at: z.string(), price_cents: z.number() })),
      checks: z.object({
        mail_configured: z.boolean(),
        mail_failed_24h: z.number(),
        mail_sent_24h: z.number(),
        live_enabled: z.boolean(),
        avatar_set: z.boolean(),
      }),
      setup: consoleSetup,
    }),
  },
  'POST /admin-api/setup/complete': { 200: consoleSetup },
  'POST /admin-api/setup/dismiss': { 200: consoleSetup },
};

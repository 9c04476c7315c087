// Shapes several areas answer with, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';

export const customMenuLink = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  open_in_new_tab: z.boolean(),
  status: z.boolean(),
  audiences: z.array(z.enum(['guest', 'user', 'subscriber', 'admin', 'super_admin'])),
  position: z.number(),
});

export const linksMenu = z.object({
  guest: z.array(z.enum(['links', 'shop', 'tips', 'chat', 'gallery'])),
  user: z.array(z.enum(['links', 'shop', 'tips', 'chat', 'gallery'])),
  subscriber: z.array(z.enum(['links', 'shop', 'tips', 'chat', 'gallery'])),
  admin: z.array(z.enum(['links', 'shop', 'tips', 'chat', 'gallery'])),
  super_admin: z.array(z.enum(['links', 'shop', 'tips', 'chat', 'gallery'])),
});

export const miscPopUp = z.object({
  enabled: z.boolean(),
  title: z.string(),
  html: z.string(),
  audience: z.enum(['everyone', 'guests', 'fans', 'members', 'non_members']),
  revision: z.number(),
});

export const staffLink = z.object({
  key: z.enum(['subscribers', 'transactions', 'settings', 'go-live', 'content-manager', 'reports']),
  label: z.string(),
  href: z.string(),
});

export const subscriptionDetail = z.object({
  recurring_price: z.number(),
  recurring_price_cents: z.number(),
  is_rebill_failed: z.boolean(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  rebill_retry_at: z.string().nullable(),
  rebill_failed_at: z.string().nullable(),
  rebill_failure_code: z.string().nullable(),
  rebill_notification_date: z.string().nullable(),
  payment_method: z.string(),
  billing_api: z.enum(['v2', 'v1']).nullable(),
  renews: z.boolean(),
});

export const postMediaView = z.object({
  _id: z.string(),
  content_type: z.enum(['video', 'photo']),
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  blur_url: z.string(),
  width: z.number(),
  height: z.number(),
  video_duration: z.number().nullable(),
});

export const postView = z.object({
  _id: z.string(),
  description: z.string(),
  captionBlur: z.boolean(),
  visibility: z.enum(['public', 'private', 'locked']),
  public: z.boolean(),
  isLocked: z.boolean(),
  is_unlocked: z.boolean(),
  amount: z.number(),
  amount_cents: z.number(),
  date: z.string(),
  is_published: z.boolean(),
  processing: z.boolean(),
  isError: z.boolean(),
  gallery_process_error_index: z.array(z.number()),
  is_demo: z.boolean(),
  media: z.array(postMediaView),
  media_preview: postMediaView.nullable(),
  isPreviewEnable: z.boolean(),
  category_id: z.string().nullable(),
  version_of: z.string().nullable(),
  blogType: z.enum(['video', 'gallery', 'text', 'photo']),
  total_likes: z.number().nullable(),
  total_comments: z.number().nullable(),
  user_feed_like: z.boolean(),
  user: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  cta: z.enum(['unlock', 'register', 'subscribe', 'upgrade']).nullable(),
  required_tier: z.object({ tier_id: z.string(), name: z.string() }).nullable().optional(),
  feed_tags: z.array(z.object({ _id: z.string(), slug: z.string(), name: z.string() })).optional(),
});

export const chatMessageView = z.object({
  _id: z.string(),
  uniqueId: z.string().nullable(),
  type: z.enum(['video', 'tips', 'gallery', 'text', 'photo', 'system', 'GO_LIVE_STREAM']),
  message: z.string(),
  tipMessage: z.string().nullable(),
  fromAdmin: z.boolean(),
  senderId: z.string(),
  userId: z.string(),
  name: z.string(),
  isLocked: z.enum(['unlocked', 'locked', 'free']),
  amount: z.number(),
  amount_cents: z.number(),
  isRead: z.boolean(),
  media: z.array(postMediaView),
  media_preview: postMediaView.nullable(),
  contentCount: z.object({ photo: z.number(), video: z.number() }),
  processing: z.boolean(),
  is_pay_per_message: z.boolean(),
  paid_cents: z.number(),
  is_anonymous: z.boolean(),
  created: z.string(),
  udid: z.string().optional(),
  messageFrom: z.enum(['user', 'admin']).optional(),
  image: z.string().nullable().optional(),
  promotion_price: z.number().nullable().optional(),
  category: z.string().nullable().optional(),
  deletedForUser: z.boolean().optional(),
  isMassMessage: z.boolean().optional(),
  massMessageType: z.enum(['WELCOME', 'STAGGER', 'DELAYED', 'RESENT', 'PREVIOUS']).nullable().optional(),
  required_tier: z.object({ tier_id: z.string(), name: z.string() }).nullable().optional().describe('A locked message for members of this tier and above.'),
  cta: z.enum(['unlock', 'upgrade']).nullable().optional().describe("The fan's way to a locked message: buy it, or upgrade first."),
});

export const massMediaView = z.object({
  _id: z.string(),
  content_type: z.enum(['video', 'photo']),
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  blur_url: z.string(),
  width: z.number(),
  height: z.number(),
  video_duration: z.number().nullable(),
  status: z.enum(['error', 'processing', 'ready']),
});

export const purchasedByItem = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  amount_cents: z.number(),
  promotion_id: z.string().nullable(),
  purchased_at: z.string(),
});

export const adminMediaRecord = z.object({
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
});

export const offerPurchaseRow = z.object({
  id: z.string(),
  payment_id: z.string(),
  promotion_id: z.string().nullable(),
  coupon_code: z.string().nullable(),
  kind: z.enum(['unlock', 'subscription']),
  item_id: z.string().nullable(),
  user_id: z.string(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  amount_cents: z.number(),
  amount: z.number(),
  status: z.enum(['pending', 'reversed', 'failed', 'captured']),
  requested_at: z.string(),
  captured_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});

export const resubscribeQuote = z.object({
  kind: z.enum(['free', 'free_months', 'reduced_price']),
  chargeNowCents: z.number(),
  freeDays: z.number(),
  recurringCents: z.number().nullable(),
  paymentMethodRequired: z.boolean(),
});

/** A console user record (projections/console-lists.ts listUsers): AdminUserRecord and the columns the list selects besides. */
export const adminUserRecord = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user']),
  subscription_status: z.enum(['0', '1', '2']),
  created_at: z.string(),
  total_spent_cents: z.number(),
  nickname: z.string().nullable(),
  blocked: z.boolean(),
  hidden_from_chat: z.boolean(),
  mass_messages_muted: z.boolean(),
  photo_id_override: z.boolean(),
  complimentary: z.boolean(),
  email_preferences: z.record(z.string(), z.boolean()),
  is_demo: z.boolean(),
  migration_subscription: z.boolean(),
  expiration_date: z.string().nullable().describe('When the membership ends (null: never a member).'),
});

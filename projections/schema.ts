// The read-model schema in one place: every projection's tables (column → SQL type), from which rebuild.ts
// creates the tables and, at the type level, `ReadModels` types every Kysely query over them. A column renamed
// or dropped here fails the type check wherever a query still names it.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { rowFromDatabase } from './unit-of-work';
import { readModelTables, type DatabaseOf, type StoreRowOf, type TableSpec } from './projection';

// account-status.ts
export const accountStatusTables = readModelTables([
  {
    name: 'account_status',
    columns: {
      user_id: 'text',
      email_opt_in_status: 'text',
      opt_in_link_sent_at: 'timestamptz',
      opt_in_prompt_shown_at: 'timestamptz',
      pending_email: 'text',
      pending_email_requested_at: 'timestamptz',
      email_change_sent_at: 'timestamptz',
      photo_id_status: 'text',
      photo_id_key: 'text',
      photo_id_content_type: 'text',
      photo_id_uploaded_at: 'timestamptz',
      reset_token_hash: 'text',
      email_change_token_hash: 'text',
      opt_in_token_hash: 'text',
    },
    primaryKey: ['user_id'],
    indexes: [['photo_id_status'], ['email_opt_in_status']],
  },
  {
    name: 'account_tokens',
    columns: { token_hash: 'text', user_id: 'text', kind: 'text', expires_at: 'timestamptz' },
    primaryKey: ['token_hash'],
    indexes: [['user_id']],
  },
]);

// audit-log.ts
export const auditLogTables = readModelTables([
  {
    name: 'audit_log',
    columns: {
      id: 'text', tx: 'bigint', seq: 'bigint', position: 'text', stream_id: 'text', revision: 'integer', type: 'text',
      actor_id: 'text', actor_role: 'text', proxy_admin_id: 'text', ip: 'text', data: 'jsonb', metadata: 'jsonb', recorded_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['tx', 'seq'], ['stream_id', 'revision'], ['type'], ['actor_id']],
  },
]);

// last-seen.ts
export const lastSeenTables = readModelTables([{ name: 'fan_last_seen', columns: { user_id: 'text', seen_at: 'timestamptz' }, primaryKey: ['user_id'] }]);

// creator-presence.ts
export const creatorPresenceTables = readModelTables([{ name: 'creator_presence', columns: { id: 'text', online: 'boolean', seen_at: 'timestamptz' }, primaryKey: ['id'] }]);

// cards.ts
export const cardsTables = readModelTables([{ name: 'user_cards', columns: { user_id: 'text', cards: 'jsonb', primary_card_id: 'text' }, primaryKey: ['user_id'] }]);

// chat-conversations.ts
export const chatConversationsTables = readModelTables([
  {
    name: 'chat_conversations',
    columns: {
      fan_id: 'text', last_message: 'text', last_message_at: 'timestamptz', last_fan_message_at: 'timestamptz', fan_unread: 'integer', staff_unread: 'integer',
      fan_read_at: 'timestamptz', staff_read_at: 'timestamptz', credits: 'integer', message_count: 'integer',
      // Messages staff deleted from the fan's view only (the fan's page count is message_count - fan_deleted).
      fan_deleted: 'integer',
      // Chat emails: when the fan's current unread streak began, and the streak last emailed about.
      fan_unread_since: 'timestamptz', emailed_for: 'timestamptz',
    },
    primaryKey: ['fan_id'],
    indexes: [['last_message_at']],
  },
  { name: 'chat_pending_tips', columns: { tip_id: 'text', fan_id: 'text', amount_cents: 'bigint' }, primaryKey: ['tip_id'] },
]);

// chat-messages.ts
export const chatMessagesTables = readModelTables([
  {
    name: 'chat_messages',
    columns: {
      id: 'text', fan_id: 'text', sender_id: 'text', from_staff: 'boolean', type: 'text', text: 'text', tip_message: 'text', media: 'jsonb',
      preview_media_id: 'text', price_cents: 'bigint', unlocked: 'boolean', unlock_payment_id: 'text', is_pay_per_message: 'boolean',
      paid_cents: 'bigint', is_anonymous: 'boolean', unique_id: 'text', status: 'text', created_at: 'timestamptz',
      // Deleted by staff (commands/chat-staff.ts): null/'none', 'fan' (hidden from the fan), 'all'.
      deleted: 'text',
      // Mass and welcome messages' copies (projections/mass-messages.ts owns the messages themselves).
      is_mass_message: 'boolean', mass_message_type: 'text', mass_message_id: 'text',
      // A locked staff message (or copy) for members of this tier and above; null: every subscriber.
      min_tier_id: 'text',
    },
    primaryKey: ['id'],
    indexes: [['fan_id', 'status', 'created_at']],
  },
]);

// coupons.ts
export const couponsTables = readModelTables([
  {
    name: 'coupons',
    columns: { id: 'text', code: 'text', terms: 'jsonb', disabled: 'boolean', created_at: 'timestamptz', updated_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['code'], ['created_at']],
  },
]);

// membership-plans.ts
export const membershipPlansTables = readModelTables([
  {
    name: 'membership_tiers',
    columns: { tier_id: 'text', name: 'text', description: 'text', benefits: 'jsonb', price_cents: 'integer', rank: 'integer', archived: 'boolean', updated_at: 'timestamptz' },
    primaryKey: ['tier_id'],
  },
  { name: 'subscription_bundles', columns: { months: 'integer', discount_percent: 'integer', updated_at: 'timestamptz' }, primaryKey: ['months'] },
]);

// tier-earnings.ts
export const tierEarningsTables = readModelTables([
  {
    name: 'tier_earnings',
    columns: {
      tier_id: 'text', subscriptions: 'integer', subscriptions_cents: 'bigint', renewals: 'integer', renewals_cents: 'bigint', upgrades: 'integer', upgrades_cents: 'bigint',
    },
    primaryKey: ['tier_id'],
  },
]);

// earnings.ts
export const earningsTables = readModelTables([
  {
    name: 'earnings_daily',
    columns: { day: 'text', source: 'text', cents: 'bigint', count: 'integer' },
    primaryKey: ['day', 'source'],
  },
]);

// engagement.ts
export const engagementTables = readModelTables([
  {
    name: 'post_likes',
    columns: { post_id: 'text', user_id: 'text', liked_at: 'timestamptz' },
    primaryKey: ['post_id', 'user_id'],
    indexes: [['user_id', 'post_id']],
  },
  {
    name: 'post_comments',
    columns: { id: 'text', post_id: 'text', user_id: 'text', user_name: 'text', comment: 'text', created_at: 'timestamptz', hidden: 'boolean' },
    primaryKey: ['id'],
    indexes: [['post_id', 'created_at', 'id']],
  },
  {
    name: 'commenting_blocks',
    columns: { user_id: 'text', blocked_by: 'text', blocked_at: 'timestamptz' },
    primaryKey: ['user_id'],
  },
]);

// feed-tags.ts
export const feedTagsTables = readModelTables([
  { name: 'feed_tags', columns: { id: 'text', name: 'text', slug: 'text', created_at: 'timestamptz', post_ids: 'jsonb' }, primaryKey: ['id'], indexes: [['slug']] },
  { name: 'feed_post_tags', columns: { post_id: 'text', tag_id: 'text' }, primaryKey: ['post_id', 'tag_id'], indexes: [['tag_id']] },
]);

// saved-replies.ts
export const savedRepliesTables = readModelTables([
  { name: 'saved_replies', columns: { id: 'text', name: 'text', text: 'text', created_at: 'timestamptz', updated_at: 'timestamptz', updated_by: 'text' }, primaryKey: ['id'] },
]);

// mass-messages.ts
export const massMessagesTables = readModelTables([
  {
    name: 'mass_messages',
    columns: {
      id: 'text', kind: 'text', sender_id: 'text', type: 'text', text: 'text', media: 'jsonb', preview_media_id: 'text', price_cents: 'bigint',
      send_to: 'text', new_user_delay: 'text', delay_by_hours: 'jsonb', scheduled_at: 'timestamptz', category: 'text', unique_id: 'text',
      status: 'text', error: 'text', created_at: 'timestamptz', updated_at: 'timestamptz', audience_at: 'timestamptz', recipients: 'integer',
      delivered: 'integer', future_delivered: 'integer', purchases: 'integer', revenue_cents: 'bigint', current_welcome: 'boolean', resent: 'boolean',
      segment: 'jsonb', min_tier_id: 'text',
    },
    primaryKey: ['id'],
    indexes: [['kind', 'created_at'], ['status']],
  },
  {
    name: 'mass_message_purchases',
    columns: {
      copy_id: 'text', mass_id: 'text', fan_id: 'text', status: 'text', payment_id: 'text', amount_cents: 'bigint', promotion_id: 'text',
      pending_payment_id: 'text', pending_promotion_id: 'text', purchased_at: 'timestamptz',
    },
    primaryKey: ['copy_id'],
    indexes: [['mass_id', 'status']],
  },
]);

// media-library.ts
export const mediaLibraryTables = readModelTables([
  { name: 'media_categories', columns: { id: 'text', name: 'text', slug: 'text', created_at: 'timestamptz', media_ids: 'jsonb' }, primaryKey: ['id'], indexes: [['slug']] },
  { name: 'media_category_items', columns: { category_id: 'text', media_id: 'text', added_at: 'timestamptz' }, primaryKey: ['category_id', 'media_id'], indexes: [['media_id']] },
]);

// media.ts
export const mediaTables = readModelTables([
  {
    name: 'media',
    columns: {
      id: 'text', kind: 'text', file_name: 'text', content_type: 'text', size: 'bigint', width: 'integer', height: 'integer',
      original_key: 'text', thumbnail_key: 'text', blur_key: 'text', status: 'text', error: 'text', uploaded_by: 'text',
      created_at: 'timestamptz', is_demo: 'boolean', duration_ms: 'integer', video_key: 'text', poster_key: 'text', attempts: 'integer',
      next_attempt_at: 'timestamptz', removed: 'boolean', version: 'integer', rotation: 'integer',
    },
    primaryKey: ['id'],
    indexes: [['created_at'], ['status']],
  },
]);

// members.ts
export const membersTables = readModelTables([
  {
    name: 'members',
    columns: {
      user_id: 'text', blocked: 'boolean', deleted: 'boolean', role: 'text', nickname: 'text', hidden_from_chat: 'boolean',
      mass_messages_muted: 'boolean', photo_id_override: 'boolean', migration_subscription: 'boolean', email_preferences: 'jsonb',
    },
    primaryKey: ['user_id'],
  },
  {
    name: 'proxy_sessions',
    columns: { session_id: 'text', token_hash: 'text', user_id: 'text', admin_id: 'text', expires_at: 'timestamptz' },
    primaryKey: ['session_id'],
    indexes: [['token_hash']],
  },
]);

// posts.ts
export const postsTables = readModelTables([
  {
    name: 'posts',
    columns: {
      id: 'text', author_id: 'text', caption: 'text', visibility: 'text', price_cents: 'bigint', media: 'jsonb', preview_media_id: 'text',
      blog_type: 'text', publish_at: 'timestamptz', created_at: 'timestamptz', deleted: 'boolean', is_demo: 'boolean',
      unlock_count: 'integer', revenue_cents: 'bigint', like_count: 'integer', comment_count: 'integer',
      category_id: 'text', root_post_id: 'text', version_of: 'text', pending_media: 'integer', errored_media: 'integer', fan_visible: 'boolean',
      shown_by: 'text', shown_at: 'timestamptz',
      min_tier_id: 'text',
    },
    primaryKey: ['id'],
    // The fan feed: fan_visible = true AND publish_at <= now ORDER BY publish_at DESC, id DESC.
    // The staff feed: deleted = false, same order. Reuse groups: root_post_id. The live feed: shown_by (an event's posts).
    indexes: [['fan_visible', 'publish_at', 'id'], ['deleted', 'publish_at', 'id'], ['root_post_id'], ['shown_by']],
  },
  { name: 'post_media', columns: { media_id: 'text', status: 'text', post_ids: 'jsonb' }, primaryKey: ['media_id'] },
  { name: 'post_stats', columns: { key: 'text', live: 'integer', fan_visible: 'integer' }, primaryKey: ['key'] },
  { name: 'post_versions', columns: { version_id: 'text', listed: 'boolean', waiting: 'jsonb' }, primaryKey: ['version_id'] },
]);

// promotions.ts
export const promotionsTables = readModelTables([
  {
    name: 'promotions',
    columns: { id: 'text', promotion_type: 'text', data: 'jsonb', created_at: 'timestamptz', ended_at: 'timestamptz', ended_by: 'text' },
    primaryKey: ['id'],
    indexes: [['promotion_type', 'created_at']],
  },
  { name: 'promotion_config', columns: { id: 'text', values: 'jsonb' }, primaryKey: ['id'] },
  {
    name: 'offer_payments',
    columns: {
      payment_id: 'text', promotion_id: 'text', coupon_code: 'text', kind: 'text', item_id: 'text', user_id: 'text', amount_cents: 'bigint',
      status: 'text', requested_at: 'timestamptz', captured_at: 'timestamptz', reversed_at: 'timestamptz', reversal_kind: 'text',
    },
    primaryKey: ['payment_id'],
    indexes: [['promotion_id', 'requested_at'], ['coupon_code', 'requested_at']],
  },
]);

// resubscribe-offers.ts
export const resubscribeOffersTables = readModelTables([
  {
    name: 'offer_acceptances',
    columns: {
      id: 'text', user_id: 'text', payment_id: 'text', charged_cents: 'bigint', recurring_cents: 'bigint', renews: 'boolean', payment_method: 'text',
      accepted_at: 'timestamptz', expires_at: 'timestamptz', status: 'text',
    },
    primaryKey: ['id'],
    indexes: [['accepted_at'], ['payment_id']],
  },
]);

// settings.ts
export const settingsTables = readModelTables([{ name: 'site_settings', columns: { id: 'text', values: 'jsonb' }, primaryKey: ['id'] }]);

// subscribers.ts
export const subscribersTables = readModelTables([
  {
    name: 'subscribers',
    columns: {
      user_id: 'text', price_cents: 'bigint', recurring_price_cents: 'bigint', payment_method: 'text', started_at: 'timestamptz',
      expires_at: 'timestamptz', next_billing_at: 'timestamptz', periods: 'integer', last_payment_id: 'text', kind: 'text',
      cancelled_at: 'timestamptz', cancel_reason: 'text', rebill_failed_at: 'timestamptz', rebill_failure_code: 'text', rebill_attempts: 'integer',
      rebill_retry_at: 'timestamptz', rebill_notified_at: 'timestamptz', payment_updated_at: 'timestamptz', complimentary: 'boolean',
      paid_until: 'timestamptz', billing_api: 'text', promotion_id: 'text', coupon_code: 'text', migration_conditions_accepted_at: 'timestamptz',
      next_charge_at: 'timestamptz', last_cancellation_id: 'text', tier_id: 'text', bundle_months: 'integer', scheduled_tier_id: 'text',
    },
    primaryKey: ['user_id'],
    indexes: [['started_at'], ['expires_at'], ['next_charge_at']],
  },
  {
    name: 'subscription_cancellations',
    columns: {
      id: 'text', user_id: 'text', cancelled_at: 'timestamptz', reason: 'text', other_reason: 'text', request_from: 'text', cancelled_by: 'text',
      actor_id: 'text', expires_at: 'timestamptz', reactivated_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['cancelled_at'], ['user_id', 'cancelled_at']],
  },
]);

// tips.ts
export const tipsTables = readModelTables([
  {
    name: 'tips',
    columns: {
      id: 'text', user_id: 'text', amount_cents: 'bigint', tip_from: 'text', is_anonymous: 'boolean', message: 'text', status: 'text',
      requested_at: 'timestamptz', sent_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['status', 'sent_at'], ['user_id', 'sent_at']],
  },
]);

// shop-products.ts
export const shopProductsTables = readModelTables([
  {
    name: 'shop_products',
    columns: {
      id: 'text', kind: 'text', title: 'text', description_html: 'text', image_media_ids: 'jsonb', price_cents: 'integer', sale: 'jsonb',
      variants: 'jsonb', shipping: 'jsonb', visibility: 'text', digital_media_id: 'text', status: 'text', deleted: 'boolean',
      created_by: 'text', created_at: 'timestamptz', updated_at: 'timestamptz', published_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['status', 'created_at'], ['created_at']],
  },
  {
    // One variant's stock: `available` is neither held nor sold (null: unlimited); `held` maps a reservation to its items.
    name: 'shop_stock',
    columns: { variant_id: 'text', product_id: 'text', available: 'integer', reserved: 'integer', sold: 'integer', held: 'jsonb', updated_at: 'timestamptz' },
    primaryKey: ['variant_id'],
    indexes: [['product_id']],
  },
]);

// shop-carts.ts
export const shopCartsTables = readModelTables([
  {
    name: 'shop_cart_lines',
    columns: { user_id: 'text', variant_id: 'text', product_id: 'text', quantity: 'integer', added_at: 'timestamptz' },
    primaryKey: ['user_id', 'variant_id'],
  },
]);

// shop-addresses.ts
export const shopAddressesTables = readModelTables([
  {
    name: 'shop_addresses',
    columns: { id: 'text', user_id: 'text', address: 'jsonb', created_at: 'timestamptz', updated_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['user_id', 'created_at']],
  },
]);

// shop-orders.ts
export const shopOrdersTables = readModelTables([
  {
    name: 'shop_orders',
    columns: {
      id: 'text', user_id: 'text', status: 'text', lines: 'jsonb', subtotal_cents: 'integer', shipping_cents: 'integer', total_cents: 'integer',
      refunded_cents: 'integer', address: 'jsonb', carrier: 'text', tracking_number: 'text', failure_code: 'text', cancel_reason: 'text',
      history: 'jsonb', placed_at: 'timestamptz', paid_at: 'timestamptz', updated_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['user_id', 'placed_at'], ['status', 'placed_at'], ['placed_at']],
  },
]);

// live-sessions.ts
export const liveSessionsTables = readModelTables([
  {
    name: 'live_sessions',
    columns: {
      id: 'text', is_group: 'boolean', fan_id: 'text', publisher_id: 'text', publisher_name: 'text', status: 'text', room: 'bigint', pub_id: 'text',
      started_at: 'timestamptz', stopped_at: 'timestamptz', stop_reason: 'text', duration_seconds: 'integer', viewers_now: 'integer', viewers_total: 'integer',
      peak_viewers: 'integer', comments: 'integer', tips_count: 'integer', tips_cents: 'bigint', minutes_charged: 'integer', charged_cents: 'bigint', price_per_minute_cents: 'integer',
      recording_status: 'text', recording_media_id: 'text', recording_bytes: 'bigint', recording_seconds: 'integer', billing_since: 'timestamptz', call_seconds: 'integer',
    },
    primaryKey: ['id'],
    indexes: [['status', 'started_at'], ['started_at'], ['fan_id', 'started_at']],
  },
  {
    name: 'live_viewers',
    columns: { session_id: 'text', user_id: 'text', name: 'text', staff: 'boolean', connections: 'integer', first_joined_at: 'timestamptz', last_change_at: 'timestamptz' },
    primaryKey: ['session_id', 'user_id'],
    indexes: [['session_id', 'connections']],
  },
  {
    name: 'live_tips',
    columns: { tip_id: 'text', session_id: 'text', user_id: 'text', name: 'text', amount_cents: 'bigint', is_anonymous: 'boolean', status: 'text', received_at: 'timestamptz' },
    primaryKey: ['tip_id'],
    indexes: [['session_id', 'received_at']],
  },
  {
    name: 'live_comments',
    columns: { id: 'text', session_id: 'text', user_id: 'text', name: 'text', from_admin: 'boolean', message: 'text', posted_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['session_id', 'posted_at']],
  },
]);

// contact-messages.ts
export const contactMessagesTables = readModelTables([
  {
    name: 'contact_messages',
    columns: {
      id: 'text', kind: 'text', name: 'text', email: 'text', subject: 'text', message: 'text', user_id: 'text', status: 'text',
      received_at: 'timestamptz', status_changed_at: 'timestamptz', status_changed_by: 'text',
    },
    primaryKey: ['id'],
    indexes: [['received_at'], ['status', 'received_at']],
  },
]);

// report-payments.ts (the reports' money movements, by report source)
export const reportPaymentsTables = readModelTables([
  {
    name: 'report_payments',
    columns: {
      id: 'text', payment_id: 'text', user_id: 'text', kind: 'text', source: 'text', ledger_source: 'text', amount_cents: 'bigint', day: 'text',
      at: 'timestamptz', method: 'text', reference_id: 'text', promotion_id: 'text', mass_message_id: 'text',
      // A membership payment's tier (domain/reporting membershipTierOf); null for other purchases.
      tier_id: 'text',
    },
    primaryKey: ['id'],
    indexes: [['day'], ['user_id', 'at'], ['kind', 'at'], ['reference_id']],
  },
  { name: 'report_mass_copies', columns: { message_id: 'text', mass_message_id: 'text' }, primaryKey: ['message_id'] },
  { name: 'report_payment_promotions', columns: { payment_id: 'text', promotion_id: 'text' }, primaryKey: ['payment_id'] },
]);

// user-utm.ts (the UTM values a fan arrived with, kept at registration)
export const userUtmTables = readModelTables([
  {
    name: 'user_utm',
    columns: { user_id: 'text', utm_source: 'text', utm_medium: 'text', utm_campaign: 'text', utm_term: 'text', utm_content: 'text', registered_at: 'timestamptz' },
    primaryKey: ['user_id'],
    indexes: [['registered_at'], ['utm_source']],
  },
]);

// transactions.ts
export const transactionsTables = readModelTables([
  {
    name: 'transactions',
    columns: {
      id: 'text', user_id: 'text', type: 'text', amount_cents: 'bigint', currency: 'text', method: 'text', card: 'text', status: 'text',
      failure_code: 'text', reference_id: 'text', gateway_transaction_id: 'text', entitled: 'boolean', created_at: 'timestamptz', settled_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['created_at'], ['user_id', 'created_at'], ['status']],
  },
]);

// unlocks.ts
export const unlocksTables = readModelTables([
  {
    name: 'post_unlocks',
    columns: { post_id: 'text', user_id: 'text', payment_id: 'text', amount_cents: 'bigint', unlocked_at: 'timestamptz' },
    primaryKey: ['user_id', 'post_id'],
    indexes: [['post_id']],
  },
]);

// users.ts
export const usersTables = readModelTables([
  {
    name: 'users',
    columns: { id: 'text', email: 'text', name: 'text', role: 'text', registered_at: 'timestamptz', is_demo: 'boolean', total_spent_cents: 'bigint' },
    primaryKey: ['id'],
    indexes: [['email'], ['registered_at']],
  },
  {
    name: 'sessions',
    columns: { session_id: 'text', token_hash: 'text', user_id: 'text', expires_at: 'timestamptz' },
    primaryKey: ['session_id'],
    indexes: [['token_hash']],
  },
]);

// wallet.ts
export const walletTables = readModelTables([
  {
    name: 'wallets',
    columns: {
      user_id: 'text', balance_cents: 'bigint', topped_up_cents: 'bigint', spent_cents: 'bigint', refunded_cents: 'bigint',
      default_method: 'text', default_card_id: 'text', updated_at: 'timestamptz',
    },
    primaryKey: ['user_id'],
  },
  {
    name: 'wallet_history',
    columns: {
      id: 'text', user_id: 'text', kind: 'text', amount_cents: 'bigint', balance_cents: 'bigint', currency: 'text', reference_id: 'text',
      description: 'text', created_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['user_id', 'created_at']],
  },
  {
    name: 'crypto_payments',
    columns: {
      id: 'text', user_id: 'text', currency: 'text', amount_cents: 'bigint', crypto_amount: 'text', address: 'text', reference_no: 'text',
      status: 'text', received_cents: 'bigint', credit_cents: 'bigint', credited: 'boolean', settled_by: 'text', created_at: 'timestamptz',
      expires_at: 'timestamptz', updated_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['created_at'], ['status'], ['user_id', 'created_at']],
  },
]);

// subscription-emails.ts (the mails of subscription events, a queue the sender reads)
export const subscriptionEmailTables = readModelTables([
  {
    name: 'subscription_email_queue',
    columns: { id: 'text', source_event_id: 'text', kind: 'text', user_id: 'text', amount_cents: 'bigint', date_iso: 'timestamptz', at: 'timestamptz', sent_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['sent_at', 'at']],
  },
]);

// shop-emails.ts (the mails of paid and shipped orders, a queue the sender reads)
export const shopEmailTables = readModelTables([
  {
    name: 'shop_email_queue',
    columns: { id: 'text', source_event_id: 'text', kind: 'text', order_id: 'text', user_id: 'text', facts: 'jsonb', at: 'timestamptz', sent_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['sent_at', 'at']],
  },
]);

// chat-booking-emails.ts (the mails of chat booking events, a queue the sender reads)
export const chatBookingEmailTables = readModelTables([
  {
    name: 'chat_booking_email_queue',
    columns: { id: 'text', source_event_id: 'text', kind: 'text', booking_id: 'text', user_id: 'text', facts: 'jsonb', at: 'timestamptz', sent_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['sent_at', 'at']],
  },
]);

type TableOf<T extends readonly unknown[]> = T[number];
// push.ts
export const pushTables = readModelTables([
  {
    name: 'push_subscriptions',
    columns: { id: 'text', user_id: 'text', role: 'text', endpoint: 'text', p256dh: 'text', auth: 'text', user_agent: 'text', registered_at: 'timestamptz' },
    primaryKey: ['id'],
    indexes: [['user_id']],
  },
  { name: 'push_preferences', columns: { user_id: 'text', allow: 'boolean', tags: 'text', saved_at: 'timestamptz' }, primaryKey: ['user_id'] },
  { name: 'push_settings', columns: { id: 'text', enabled: 'boolean', saved_at: 'timestamptz', saved_by: 'text' }, primaryKey: ['id'] },
  {
    name: 'push_jobs',
    columns: {
      id: 'text', category: 'text', tag_letter: 'text', audience: 'jsonb', payload: 'jsonb', created_at: 'timestamptz', due_at: 'timestamptz',
      status: 'text', attempts: 'integer', next_at: 'timestamptz', reason: 'text', sent: 'integer', removed: 'integer',
    },
    primaryKey: ['id'],
    indexes: [['status', 'next_at']],
  },
  {
    name: 'push_attempts',
    columns: { job_id: 'text', subscription_id: 'text', outcome: 'text', attempt: 'integer', status: 'integer', next_at: 'timestamptz' },
    primaryKey: ['job_id', 'subscription_id'],
  },
  { name: 'device_info', columns: { user_id: 'text', device_id: 'text', info: 'jsonb', reported_at: 'timestamptz' }, primaryKey: ['user_id', 'device_id'] },
]);

// notifications.ts
export const notificationTables = readModelTables([
  {
    name: 'notification_entries',
    columns: {
      id: 'text', kind: 'text', audience: 'text', user_id: 'text', action: 'text', actor_id: 'text', post_id: 'text', promotion_id: 'text',
      amount_cents: 'bigint', text: 'text', at: 'timestamptz', removed: 'boolean',
    },
    primaryKey: ['id'],
    indexes: [['audience', 'kind', 'at'], ['user_id', 'at']],
  },
  { name: 'notification_reads', columns: { user_id: 'text', kind: 'text', up_to: 'timestamptz' }, primaryKey: ['user_id', 'kind'] },
  { name: 'notification_opened', columns: { user_id: 'text', entry_id: 'text', opened_at: 'timestamptz' }, primaryKey: ['user_id', 'entry_id'] },
  { name: 'notification_settings', columns: { id: 'text', purchased: 'boolean', subscription: 'boolean', comments: 'boolean', likes: 'boolean', saved_at: 'timestamptz', saved_by: 'text' }, primaryKey: ['id'] },
  /** Staff accounts (a comment by one of them is a reply) and the fans who commented on each post. */
  { name: 'notification_staff', columns: { user_id: 'text' }, primaryKey: ['user_id'] },
  { name: 'notification_commenters', columns: { post_id: 'text', fan_ids: 'jsonb' }, primaryKey: ['post_id'] },
]);

// help.ts
export const helpTables = readModelTables([
  {
    name: 'help_items',
    columns: {
      id: 'text', title: 'text', html: 'text', tags: 'jsonb', audience: 'text', is_popup: 'boolean', published: 'boolean', deleted: 'boolean',
      created_at: 'timestamptz', updated_at: 'timestamptz', updated_by: 'text',
    },
    primaryKey: ['id'],
    indexes: [['created_at']],
  },
  { name: 'help_reads', columns: { user_id: 'text', help_id: 'text', read_at: 'timestamptz' }, primaryKey: ['user_id', 'help_id'] },
  { name: 'help_settings', columns: { id: 'text', influencer_help_enabled: 'boolean', saved_at: 'timestamptz', saved_by: 'text' }, primaryKey: ['id'] },
]);

// admin-tools.ts: redirect URLs of the fan site and the subscription links staff generated.
export const adminToolsTables = readModelTables([
  { name: 'redirect_urls', columns: { path: 'text', target: 'text', saved_at: 'timestamptz', saved_by: 'text' }, primaryKey: ['path'] },
  {
    name: 'subscription_links',
    columns: {
      link_id: 'text', initial_cents: 'integer', recurring_cents: 'integer', expires_at: 'timestamptz', note: 'text', generated_by: 'text',
      generated_at: 'timestamptz', uses: 'integer', last_used_at: 'timestamptz',
    },
    primaryKey: ['link_id'],
    indexes: [['generated_at']],
  },
]);

// payment-provider-settings.ts: each payment provider's settings, secrets sealed.
export const paymentProviderSettingsTables = readModelTables([
  {
    name: 'payment_provider_settings',
    columns: { provider: 'text', fields: 'jsonb', sealed: 'jsonb', updated_at: 'timestamptz', updated_by: 'text' },
    primaryKey: ['provider'],
  },
]);

// chat-bookings.ts: bookings of one-to-one chat slots, the spans the calendar holds, the availability, the fans
// allowed to chat while normal chat is off.
export const chatBookingsTables = readModelTables([
  {
    name: 'chat_bookings',
    columns: {
      id: 'text', user_id: 'text', status: 'text', start_at: 'timestamptz', end_at: 'timestamptz', price_cents: 'integer', cancel_deadline_hours: 'integer', attended: 'boolean',
      cancelled_by: 'text', cancel_reason: 'text', refunded: 'boolean', history: 'jsonb', requested_at: 'timestamptz', updated_at: 'timestamptz',
    },
    primaryKey: ['id'],
    indexes: [['user_id', 'start_at'], ['status', 'start_at'], ['start_at']],
  },
  {
    name: 'chat_booking_slots',
    columns: { booking_id: 'text', user_id: 'text', start_at: 'timestamptz', end_at: 'timestamptz', status: 'text', expires_at: 'timestamptz' },
    primaryKey: ['booking_id'],
    indexes: [['start_at']],
  },
  {
    name: 'chat_booking_availability',
    columns: { id: 'text', rules: 'jsonb', updated_at: 'timestamptz', updated_by: 'text' },
    primaryKey: ['id'],
  },
  {
    name: 'chat_allowed_users',
    columns: { user_id: 'text', allowed_by: 'text', allowed_at: 'timestamptz' },
    primaryKey: ['user_id'],
  },
]);

type AllTables =
  | TableOf<typeof reportPaymentsTables>
  | TableOf<typeof userUtmTables>
  | TableOf<typeof accountStatusTables>
  | TableOf<typeof auditLogTables>
  | TableOf<typeof cardsTables>
  | TableOf<typeof chatConversationsTables>
  | TableOf<typeof chatMessagesTables>
  | TableOf<typeof contactMessagesTables>
  | TableOf<typeof couponsTables>
  | TableOf<typeof membershipPlansTables>
  | TableOf<typeof tierEarningsTables>
  | TableOf<typeof earningsTables>
  | TableOf<typeof engagementTables>
  | TableOf<typeof feedTagsTables>
  | TableOf<typeof massMessagesTables>
  | TableOf<typeof savedRepliesTables>
  | TableOf<typeof lastSeenTables>
  | TableOf<typeof creatorPresenceTables>
  | TableOf<typeof liveSessionsTables>
  | TableOf<typeof mediaLibraryTables>
  | TableOf<typeof mediaTables>
  | TableOf<typeof membersTables>
  | TableOf<typeof postsTables>
  | TableOf<typeof promotionsTables>
  | TableOf<typeof resubscribeOffersTables>
  | TableOf<typeof settingsTables>
  | TableOf<typeof subscribersTables>
  | TableOf<typeof tipsTables>
  | TableOf<typeof shopProductsTables>
  | TableOf<typeof shopCartsTables>
  | TableOf<typeof shopAddressesTables>
  | TableOf<typeof shopOrdersTables>
  | TableOf<typeof chatBookingsTables>
  | TableOf<typeof transactionsTables>
  | TableOf<typeof unlocksTables>
  | TableOf<typeof usersTables>
  | TableOf<typeof walletTables>
  | TableOf<typeof pushTables>
  | TableOf<typeof notificationTables>
  | TableOf<typeof helpTables>
  | TableOf<typeof subscriptionEmailTables>
  | TableOf<typeof shopEmailTables>
  | TableOf<typeof chatBookingEmailTables>
  | TableOf<typeof adminToolsTables>
  | TableOf<typeof paymentProviderSettingsTables>;

/** Table name → columns of every read model, for `Kysely<ReadModels>` (queries run `.withSchema('rm')`). */
export type ReadModels = DatabaseOf<AllTables>;

// The database facade's connection names the read models' tables: `database.db` is a `Kysely<ReadModels>`.
declare module '../infra/db/database' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the read models' tables
  interface Tables extends ReadModels {}
}

/** The read models as Kysely queries them: the database or a transaction. */
export type ReadDb = Kysely<ReadModels>;
export type ReadTx = Transaction<ReadModels>;

/** One row of a read-model table as `apply` writes it (timestamps as ISO strings). */
export type StoreRow<Name extends keyof ReadModels> = StoreRowOf<Extract<AllTables, { name: Name }>>;

/** A row as `put` takes it: the primary key and any columns (a missing column is stored as null). */
type WriteRow<R> = { [C in keyof R as null extends R[C] ? never : C]: R[C] } & { [C in keyof R as null extends R[C] ? C : never]?: R[C] };

/** Table name → the row `apply` may put: the store's tables for `defineProjection<AnyDomainEvent, ReadModelRows>()`. */
export type ReadModelRows = { [Name in keyof ReadModels]: WriteRow<StoreRow<Name>> };

/**
 * A time for comparing with a timestamptz column: Kysely reads those columns as Dates, so the builder wants a
 * Date; this passes the ISO string (or the console's date filter) for Postgres to parse, as a plain parameter would.
 */
export const timestamptz = (iso: string) => sql<Date>`${iso}::timestamptz`;

const specs = new Map<string, TableSpec>();
const columnsOf = (name: string) => {
  let info = columnInfo.get(name);
  if (!info) {
    const spec = specs.get(name);
    if (!spec) throw new Error(`No read-model table ${name}`);
    info = { spec, columns: Object.keys(spec.columns), types: Object.values(spec.columns) };
    columnInfo.set(name, info);
  }
  return info;
};
const columnInfo = new Map<string, Parameters<typeof rowFromDatabase>[0]>();

/** A row read with `selectAll()`, in the shape `apply` wrote it (timestamps back to ISO strings, numbers as numbers). */
export function storeRow<Name extends keyof ReadModels>(table: Name, raw: Selectable<ReadModels[Name]>): StoreRow<Name> {
  return rowFromDatabase(columnsOf(table), raw as Record<string, unknown>) as StoreRow<Name>;
}

for (const t of [
  reportPaymentsTables, userUtmTables,
  accountStatusTables, auditLogTables, cardsTables, chatConversationsTables, chatMessagesTables, contactMessagesTables, couponsTables, membershipPlansTables, earningsTables, engagementTables,
  feedTagsTables, massMessagesTables, savedRepliesTables, lastSeenTables, creatorPresenceTables, liveSessionsTables, mediaLibraryTables, mediaTables, membersTables, postsTables, promotionsTables, resubscribeOffersTables, settingsTables,
  subscribersTables, tipsTables, transactionsTables, unlocksTables, usersTables, walletTables, pushTables, notificationTables, helpTables,
  adminToolsTables, subscriptionEmailTables, paymentProviderSettingsTables,
  shopProductsTables, shopCartsTables, shopAddressesTables, shopOrdersTables, shopEmailTables,
  chatBookingsTables, tierEarningsTables, chatBookingEmailTables,
]) for (const spec of t) specs.set(spec.name, spec);

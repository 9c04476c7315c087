// The success answers of api/routes/subscription-settings.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const migrationSettingsView = z.object({
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
  price_cents: z.number(),
  payment_api_version: z.enum(['v2', 'v1']),
});

const adminCancellationRecord = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  cancelled_at: z.string(),
  reason: z.string().nullable(),
  other_reason: z.string().nullable(),
  request_from: z.string(),
  cancelled_by: z.enum(['staff', 'fan', 'system']),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  expires_at: z.string().nullable(),
  reactivated_at: z.string().nullable(),
});

export const subscriptionSettingsAnswers: RouteAnswers = {
  'GET /api/migration-data': {
    200: answer(z.object({
      show_popup: z.boolean(),
      title: z.string(),
      description: z.string(),
      price_cents: z.number(),
      price: z.number(),
      conditions_accepted: z.boolean(),
    })),
  },
  'POST /api/save-condition': {
    200: answer(z.null()),
  },
  'POST /api/migrate-subscription-for-user': {
    200: answer(z.object({
      accepted: z.boolean(),
      transactionId: z.string().nullable(),
      amount: z.number(),
      ccbill_subscription_status: z.enum(['0', '1', '2']),
      message: z.string(),
      errors: z.object({
        allow_cascade: z.boolean().optional(),
        error_from: z.string().optional(),
        transactionId: z.string().optional(),
      }).optional(),
    })),
  },
  'GET /api/migrate-subscription': {
    200: answer(z.object({ data: migrationSettingsView })),
  },
  'POST /api/migrate-subscription': {
    200: answer(z.object({ data: migrationSettingsView })),
  },
  'GET /admin-api/cancellations': {
    200: z.array(adminCancellationRecord),
  },
  'GET /admin-api/cancellations/:id': {
    200: adminCancellationRecord,
  },
  'GET /admin-api/subscription-settings/:id': {
    200: z.object({
      id: z.literal('site'),
      membership_price_cents: z.number(),
      recurring_membership_price_cents: z.number(),
      returning_membership_price_cents: z.number(),
      returning_recurring_membership_price_cents: z.number(),
      is_cancel_subscription_reason_enabled: z.boolean(),
      cancel_subscription_reasons: z.array(z.string()),
      reason_for_cancellation_popup_title: z.string(),
      enable_subscription_migration: z.boolean(),
      subscription_migration_title: z.string(),
      subscription_migration_description: z.string(),
      payment_api_version: z.enum(['v2', 'v1']),
      enable_ccbill_rest_api: z.boolean(),
      is_sticky_io_enabled: z.boolean(),
      card_form_billing_address: z.boolean(),
      new_register_page_url: z.string(),
    }),
  },
  'PUT /admin-api/subscription-settings/:id': {
    200: z.object({
      id: z.literal('site'),
      membership_price_cents: z.number(),
      recurring_membership_price_cents: z.number(),
      returning_membership_price_cents: z.number(),
      returning_recurring_membership_price_cents: z.number(),
      is_cancel_subscription_reason_enabled: z.boolean(),
      cancel_subscription_reasons: z.array(z.string()),
      reason_for_cancellation_popup_title: z.string(),
      enable_subscription_migration: z.boolean(),
      subscription_migration_title: z.string(),
      subscription_migration_description: z.string(),
      payment_api_version: z.enum(['v2', 'v1']),
      enable_ccbill_rest_api: z.boolean(),
      is_sticky_io_enabled: z.boolean(),
      card_form_billing_address: z.boolean(),
      new_register_page_url: z.string(),
    }),
  },
};

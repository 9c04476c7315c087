// The success answers of api/routes/admin-tools.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const lookupUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'proxy_user']),
  registered_at: z.string(),
  subscription_status: z.enum(['0', '1', '2']),
  expiration_date: z.string().nullable(),
  blocked: z.boolean(),
  nickname: z.string().nullable(),
  photo_id_override: z.boolean(),
  migration_subscription: z.boolean(),
  total_spent_cents: z.number(),
  total_spent: z.number(),
  cards: z.number(),
  wallet_balance_cents: z.number(),
});

const userCardRecord = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.string(),
  exp_year: z.string(),
  is_primary: z.boolean(),
  expired: z.boolean(),
  added_at: z.string().nullable(),
});

const healthCheck = z.object({
  name: z.string(),
  level: z.enum(['warn', 'off', 'ok', 'down']),
  summary: z.string(),
  details: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()]).nullable()),
});

const redirectUrlRecord = z.object({ id: z.string(), path: z.string(), target: z.string(), saved_at: z.string() });

export const adminToolsAnswers: RouteAnswers = {
  'POST /api/users/get_users_data_from_email': {
    200: answer(z.object({ user: lookupUser })),
  },
  'POST /api/users/get_users_list_from_email': {
    200: answer(z.object({ users: z.array(lookupUser), currentPage: z.number(), totalPages: z.number(), total: z.number() })),
  },
  'POST /api/generate_subscription_url/generate_subscription_url': {
    200: answer(z.object({
      link_id: z.string(),
      url: z.string(),
      initial_cents: z.number(),
      recurring_cents: z.number(),
      initial_price: z.number(),
      recurring_price: z.number(),
      expires_at: z.string(),
      note: z.string(),
      uses: z.number(),
      generated_at: z.string(),
      expired: z.boolean(),
    })),
  },
  'GET /admin-api/subscription-links': {
    200: z.array(z.object({
      link_id: z.string(),
      url: z.string(),
      initial_cents: z.number(),
      recurring_cents: z.number(),
      initial_price: z.number(),
      recurring_price: z.number(),
      expires_at: z.string(),
      note: z.string(),
      uses: z.number(),
      generated_at: z.string(),
      expired: z.boolean(),
      id: z.string(),
    })),
  },
  'GET /api/subscription-link/check': {
    200: answer(z.object({
      initial_cents: z.number(),
      recurring_cents: z.number(),
      initial_price: z.number(),
      recurring_price: z.number(),
      expires_at: z.string(),
    })),
  },
  'GET /admin-api/user-cards': {
    200: z.array(userCardRecord),
  },
  'GET /admin-api/health': {
    200: z.object({
      checked_at: z.string(),
      level: z.enum(['warn', 'off', 'ok', 'down']),
      checks: z.array(healthCheck),
      projections: z.array(z.object({
        name: z.string(),
        position: z.string().nullable(),
        lag: z.number(),
        level: z.enum(['warn', 'off', 'ok', 'down']),
      })),
    }),
  },
  'GET /admin-api/redirect-urls': {
    200: z.array(redirectUrlRecord),
  },
  'GET /admin-api/redirect-urls/:id': {
    200: z.object({ id: z.string(), path: z.string(), target: z.string(), saved_at: z.string() }),
  },
  'POST /admin-api/redirect-urls': {
    201: z.object({ id: z.string(), path: z.string(), target: z.string(), saved_at: z.string() }),
  },
  'PUT /admin-api/redirect-urls/:id': {
    200: z.object({ id: z.string(), path: z.string(), target: z.string(), saved_at: z.string() }),
  },
  'DELETE /admin-api/redirect-urls/:id': {
    200: z.object({ id: z.string(), path: z.string(), target: z.string(), saved_at: z.string() }),
  },
  'GET /api/redirect-url': {
    200: answer(z.union([
      z.object({ path: z.string(), target: z.null() }),
      z.object({ path: z.string(), target: z.string().nullable() }),
    ])),
  },
  'POST /api/admin/add_is_photo_id_accepted_status': {
    200: answer(z.null()),
  },
  'GET /api/admin/get_transactions_details': {
    200: answer(z.object({
      transactions: z.array(z.object({
        _id: z.string(),
        type: z.string(),
        amount_cents: z.number(),
        amount: z.number(),
        status: z.string(),
        method: z.string().nullable(),
        card: z.string().nullable(),
        created_at: z.string(),
      })),
      totals: z.object({ captured_cents: z.number(), reversed_cents: z.number(), net_cents: z.number() }),
      currentPage: z.number(),
      totalPages: z.number(),
    })),
  },
  'POST /api/admin/update_user_migration_subscription': {
    200: answer(z.null()),
  },
};

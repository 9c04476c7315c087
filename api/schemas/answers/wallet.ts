// The success answers of api/routes/wallet.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const cryptoCurrencyItem = z.object({ currency: z.string(), description: z.string(), rate: z.string() });

const walletHistoryItem = z.object({
  _id: z.string(),
  kind: z.enum(['refund', 'top_up', 'purchase']),
  description: z.string(),
  amount: z.number(),
  amount_cents: z.number(),
  balance_cents: z.number(),
  currency: z.string().nullable(),
  reference_id: z.string(),
  created_at: z.string(),
});

export const walletAnswers: RouteAnswers = {
  'GET /api/crypto/get-currency-list': {
    200: answer(z.array(cryptoCurrencyItem)),
  },
  'POST /api/crypto/generate-payment-id': {
    200: answer(z.object({
      payment_id: z.string(),
      currency: z.string(),
      amount: z.string(),
      amount_usd: z.number(),
      amount_usd_cents: z.number(),
      expires_at: z.string(),
      wait_time: z.number(),
    })),
  },
  'POST /api/crypto/add-fund-and-payment': {
    200: answer(z.object({
      qr_img: z.string(),
      qr: z.string(),
      address: z.string(),
      reference_no: z.string(),
      stats_token: z.string(),
      pos_id: z.string(),
      notices: z.array(z.object({ code: z.string(), message: z.string() })),
      status: z.enum(['waiting', 'paid', 'created', 'underpaid', 'expired', 'failed']),
      payment_id: z.string(),
      currency: z.string(),
      amount: z.string(),
      amount_usd: z.number(),
      amount_usd_cents: z.number(),
      expires_at: z.string(),
      wait_time: z.number(),
    })),
  },
  'POST /api/crypto/get-transaction-status': {
    200: answer(z.object({
      payment_id: z.string(),
      status: z.enum(['waiting', 'paid', 'created', 'underpaid', 'expired', 'failed']),
      is_payment_confirmed: z.boolean(),
      done: z.boolean(),
      seconds_left: z.number(),
      credited: z.number(),
      wallet_balance: z.number(),
      wallet_balance_cents: z.number(),
      message: z.string().nullable(),
    })),
  },
  'POST /api/crypto/get-transaction-info': {
    200: answer(z.object({
      qr_img: z.string(),
      qr: z.string(),
      address: z.string(),
      reference_no: z.string(),
      stats_token: z.string(),
      pos_id: z.string(),
      notices: z.array(z.object({ code: z.string(), message: z.string() })),
      status: z.enum(['waiting', 'paid', 'created', 'underpaid', 'expired', 'failed']),
      payment_id: z.string(),
      currency: z.string(),
      amount: z.string(),
      amount_usd: z.number(),
      amount_usd_cents: z.number(),
      expires_at: z.string(),
      wait_time: z.number(),
    })),
  },
  'POST /api/crypto/wallet-history': {
    200: answer(z.object({
      rows: z.array(walletHistoryItem),
      currentPage: z.number(),
      totalPages: z.number(),
      total: z.number(),
      wallet_balance: z.number(),
      wallet_balance_cents: z.number(),
    })),
  },
  'POST /api/users/set-default-payment-method': {
    200: answer(z.object({ default_payment_method: z.string() })),
  },
  'POST /api/user/change-payment-method': {
    200: answer(z.object({ default_payment_method: z.string() })),
  },
  'POST /user/change-payment-method': {
    200: answer(z.object({ default_payment_method: z.string() })),
  },
};

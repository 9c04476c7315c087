// The success answers of api/routes/crypto-payments.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const adminCryptoPaymentRecord = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string().nullable(),
  currency: z.string(),
  amount_cents: z.number(),
  crypto_amount: z.string().nullable(),
  address: z.string().nullable(),
  reference_no: z.string().nullable(),
  status: z.enum(['waiting', 'paid', 'created', 'underpaid', 'expired', 'failed']),
  received_cents: z.number(),
  credit_cents: z.number(),
  credited: z.boolean(),
  settled_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  updated_at: z.string(),
  provider_status: z.string().nullable(),
});

/** A provider's signed notice, acknowledged: what it did (a repeated notice is a duplicate; one not understood, ignored). */
const noticeAnswer = answer(z.object({ result: z.enum(['applied', 'duplicate', 'ignored']) }));

export const cryptoPaymentsAnswers: RouteAnswers = {
  'POST /api/webhooks/sandbox-crypto': {
    200: noticeAnswer,
  },
  'GET /admin-api/crypto-payments': {
    200: z.array(adminCryptoPaymentRecord),
  },
  'GET /admin-api/crypto-payments/:id': {
    200: z.object({
      id: z.string(),
      user_id: z.string(),
      user_email: z.string().nullable(),
      currency: z.string(),
      amount_cents: z.number(),
      crypto_amount: z.string().nullable(),
      address: z.string().nullable(),
      reference_no: z.string().nullable(),
      status: z.enum(['waiting', 'paid', 'created', 'underpaid', 'expired', 'failed']),
      received_cents: z.number(),
      credit_cents: z.number(),
      credited: z.boolean(),
      settled_by: z.string().nullable(),
      created_at: z.string(),
      expires_at: z.string(),
      updated_at: z.string(),
      provider_status: z.string().nullable(),
    }),
  },
  'POST /admin-api/crypto-payments/:id/mark': {
    200: answer(z.object({
      id: z.string(),
      provider_status: z.enum(['waiting', 'paid', 'created', 'underpaid', 'expired']),
      received_cents: z.number(),
    })),
  },
  'POST /admin-api/crypto-payments/:id/settle': {
    200: answer(z.object({
      id: z.string(),
      status: z.enum(['none', 'waiting', 'paid', 'created', 'underpaid', 'expired', 'failed']),
      credit_cents: z.number(),
    })),
  },
};

// The success answers of api/routes/wallet-purchases.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { chatMessageView, postView } from './shapes';

export const walletPurchasesAnswers: RouteAnswers = {
  'POST /api/crypto/purchase-from-wallet': {
    200: answer(z.union([
      z.object({
        transaction_id: z.string(),
        transaction_amount: z.number(),
        transaction_amount_cents: z.number(),
        wallet_balance: z.number(),
        wallet_balance_cents: z.number(),
        blogData: postView.optional(),
      }),
      z.object({
        chatMessage: chatMessageView.optional(),
        transaction_id: z.string(),
        transaction_amount: z.number(),
        transaction_amount_cents: z.number(),
        wallet_balance: z.number(),
        wallet_balance_cents: z.number(),
        blogData: postView.optional(),
      }),
    ])),
  },
};

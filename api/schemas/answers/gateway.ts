// The success answers of api/routes/gateway.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

export const gatewayAnswers: RouteAnswers = {
  'POST /admin-api/transactions/:id/refund': {
    200: answer(z.object({ id: z.string(), kind: z.enum(["void", "refund"]) })),
  },
  'POST /admin-api/transactions/:id/chargeback': {
    200: answer(z.object({ id: z.string(), status: z.enum(["reversed", "already_reversed"]) })),
  },
};

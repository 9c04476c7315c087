// The success answers of api/routes/gateway.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

/** A provider's signed notice, acknowledged: what it did (a repeated notice is a duplicate; one not understood, ignored). */
const noticeAnswer = answer(z.object({ result: z.enum(['applied', 'duplicate', 'ignored']) }));

export const gatewayAnswers: RouteAnswers = {
  'POST /api/webhooks/sandbox-card': {
    200: noticeAnswer,
  },
  'POST /admin-api/transactions/:id/refund': {
    200: answer(z.object({ id: z.string(), kind: z.enum(['void', 'refund']) })),
  },
  'POST /admin-api/transactions/:id/chargeback': {
    200: answer(z.object({ id: z.string(), status: z.enum(['reversed', 'already_reversed']) })),
  },
};

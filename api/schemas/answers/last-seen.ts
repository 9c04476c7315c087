// The success answers of api/routes/last-seen.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

export const lastSeenAnswers: RouteAnswers = {
  'POST /api/users/update_last_seen': {
    200: answer(z.union([
      z.object({ lastSeen: z.null() }),
      z.object({ lastSeen: z.string().nullable() }),
    ])),
  },
};

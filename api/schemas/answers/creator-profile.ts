// The success answers of api/routes/creator-profile.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const count = z.number().int().nonnegative();

export const creatorProfileAnswers: RouteAnswers = {
  'GET /api/creator/profile': {
    200: answer(z.object({
      counts: z.object({ posts: count, photos: count, videos: count, likes: count }),
      presence: z.object({ online: z.boolean(), lastSeenAt: z.string().nullable() }).nullable(),
    })),
  },
};

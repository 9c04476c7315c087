// The success answers of api/routes/chat-fan-media.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { postMediaView } from './shapes';

export const chatFanMediaAnswers: RouteAnswers = {
  'POST /api/chat/upload_media': {
    200: answer(z.object({
      media_id: z.string(),
      type: z.enum(['video', 'photo']),
      status: z.enum(['error', 'processing', 'ready']),
      media: postMediaView,
    })),
  },
};

// The success answers of api/routes/chat-marks.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

export const chatMarksAnswers: RouteAnswers = {
  'POST /api/chat/grant_message_credits': {
    200: answer(z.object({ payPerMessageCredit: z.number() })),
  },
  'POST /api/chat/read_message_user': {
    200: answer(z.object({ unread: z.number() })),
  },
  'POST /api/chat/read_message_model': {
    200: answer(z.object({ unread: z.number() })),
  },
};

// The success answers of api/routes/saved-replies.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const savedReply = z.object({ _id: z.string(), name: z.string(), text: z.string(), updated: z.string() });
const list = answer(z.object({ items: z.array(savedReply) }));

export const savedRepliesAnswers: RouteAnswers = {
  'GET /api/chat/saved-replies': { 200: list },
  'POST /api/chat/saved-replies': { 200: answer(savedReply) },
  'PUT /api/chat/saved-replies/:id': { 200: answer(savedReply) },
  'DELETE /api/chat/saved-replies/:id': { 200: list },
};

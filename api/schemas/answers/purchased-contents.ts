// The success answers of api/routes/purchased-contents.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const purchasedContentItem = z.object({
  _id: z.string(),
  kind: z.enum(['message', 'post']),
  title: z.string(),
  amount: z.number(),
  amount_cents: z.number(),
  purchased_at: z.string(),
  paid_with: z.enum(['staff', 'card', 'wallet', 'crypto']),
  thumbnail_url: z.string().nullable(),
  contentCount: z.object({ photo: z.number(), video: z.number() }),
  link: z.string(),
  removed: z.boolean(),
});

export const purchasedContentsAnswers: RouteAnswers = {
  'GET /api/users/purchased-contents': {
    200: answer(z.object({
      user: z.object({ _id: z.string(), name: z.string() }),
      items: z.array(purchasedContentItem),
      page_num: z.number(),
      total: z.number(),
      has_more: z.boolean(),
      total_cents: z.number(),
      kinds: z.array(z.enum(['message', 'post'])),
      prices_hidden: z.boolean(),
    })),
  },
};

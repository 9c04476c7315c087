// The success answers of api/routes/purchased-contents.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { downloadView } from '../shop';

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

/** A digital item bought in the shop, with its downloads. */
const purchasedDigitalItem = z.object({
  order_id: z.string(),
  line_no: z.number().int(),
  product_id: z.string(),
  title: z.string(),
  variant_name: z.string(),
  amount_cents: z.number().int(),
  purchased_at: z.string(),
  thumbnail_url: z.string().nullable(),
  download: downloadView,
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
      digital_items: z.array(purchasedDigitalItem).describe('Digital items bought in the shop, newest first (first page only).'),
    })),
  },
};

// The success answers of api/routes/feed-tags.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const feedTagView = z.object({ _id: z.string(), name: z.string(), slug: z.string(), count: z.number().optional() });

export const feedTagsAnswers: RouteAnswers = {
  'POST /api/feed-tags/': {
    200: answer(z.object({ feed_tags: z.array(feedTagView), feed_tags_enable: z.boolean() })),
  },
  'POST /api/feed-tags/add-or-update': {
    200: answer(z.object({
      feedData: z.object({ blogId: z.string(), feed_tags: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })) }).optional(),
      feed_tags: z.array(feedTagView),
      feed_tag: feedTagView.nullable(),
    })),
  },
  'DELETE /api/feed-tags/delete/:id': {
    200: answer(z.object({ feed_tags: z.array(feedTagView) })),
  },
  'POST /api/feed-tags/add-or-remove-tag': {
    200: answer(z.object({
      feedData: z.object({ blogId: z.string(), feed_tags: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })) }),
      blogId: z.string(),
      feed_tags: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
    })),
  },
};

// The success answers of api/routes/feed-tags.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const feedTagView = z.object({ _id: z.string(), name: z.string(), slug: z.string(), count: z.number().optional() });

/** The feed-tag routes' envelope carries `status: 200` besides (as the spec's answers did). */
const tagAnswer = <T extends z.ZodType>(data: T) => answer(data).extend({ status: z.literal(200) });

export const feedTagsAnswers: RouteAnswers = {
  'POST /api/feed-tags/': {
    200: tagAnswer(z.object({ feed_tags: z.array(feedTagView), feed_tags_enable: z.boolean() })),
  },
  'POST /api/feed-tags/add-or-update': {
    200: tagAnswer(z.object({
      feedData: z.object({ blogId: z.string(), feed_tags: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })) }).optional(),
      feed_tags: z.array(feedTagView),
      feed_tag: feedTagView.nullable(),
    })),
  },
  'DELETE /api/feed-tags/delete/:id': {
    200: tagAnswer(z.object({ feed_tags: z.array(feedTagView) })),
  },
  'POST /api/feed-tags/add-or-remove-tag': {
    200: tagAnswer(z.object({
      feedData: z.object({ blogId: z.string(), feed_tags: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })) }),
      blogId: z.string(),
      feed_tags: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
    })),
  },
};

// The success answers of api/routes/feed.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { postMediaView, postView } from './shapes';

/** A page of the feed (PostPage; api/queries/feed-page.ts sends it serialised, in the envelope). */
const feedPage = answer(z.object({ blogs: z.array(postView), currentPage: z.number(), totalPages: z.number(), totalPosts: z.number() }));

export const feedAnswers: RouteAnswers = {
  'GET /api/blogs': {
    200: feedPage,
  },
  'GET /api/blogs/all': {
    200: feedPage,
  },
  'GET /api/blogs/newest': {
    200: answer(z.object({ posts: z.array(z.object({ _id: z.string(), date: z.string() })) })),
  },
  'GET /api/blog/get-blog-data-by-id': {
    200: answer(z.object({
      _id: z.string(),
      description: z.string(),
      captionBlur: z.boolean(),
      visibility: z.enum(['public', 'private', 'locked']),
      public: z.boolean(),
      isLocked: z.boolean(),
      is_unlocked: z.boolean(),
      amount: z.number(),
      amount_cents: z.number(),
      date: z.string(),
      is_published: z.boolean(),
      processing: z.boolean(),
      isError: z.boolean(),
      gallery_process_error_index: z.array(z.number()),
      is_demo: z.boolean(),
      media: z.array(postMediaView),
      media_preview: postMediaView.nullable(),
      isPreviewEnable: z.boolean(),
      category_id: z.string().nullable(),
      version_of: z.string().nullable(),
      blogType: z.enum(['video', 'gallery', 'text', 'photo']),
      total_likes: z.number().nullable(),
      total_comments: z.number().nullable(),
      user_feed_like: z.boolean(),
      user: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
      cta: z.enum(['unlock', 'register', 'subscribe', 'upgrade']).nullable(),
      required_tier: z.object({ tier_id: z.string(), name: z.string() }).nullable().optional(),
      feed_tags: z.array(z.object({ _id: z.string(), slug: z.string(), name: z.string() })).optional(),
    })),
  },
  'POST /api/blogs': {
    201: answer(z.object({ _id: z.string() })),
  },
  'POST /api/blog/add-new-blog': {
    201: answer(z.object({ _id: z.string() })),
  },
  'POST /api/blogs/edit': {
    200: answer(postView.nullable()),
  },
  'POST /api/blogs/delete': {
    200: answer(z.null()),
  },
  'POST /api/blog/reuse-blog': {
    200: answer(z.object({ reuseBlog: z.object({ udid: z.string() }) })),
  },
  'POST /api/blog/post-reviewed-blog': {
    200: answer(z.object({ _id: z.string() })),
  },
};

// The success answers of api/routes/engagement.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const commentView = z.object({
  _id: z.string(),
  blog_id: z.string(),
  comment: z.string(),
  user: z.object({ _id: z.string(), name: z.string() }),
  created_at: z.string(),
  is_hidden: z.boolean(),
  is_own: z.boolean(),
  can_remove: z.boolean(),
});

export const engagementAnswers: RouteAnswers = {
  'POST /api/blog/get-blog-info': {
    200: answer(z.object({
      blog_id: z.string(),
      total_likes: z.number().nullable(),
      total_comments: z.number().nullable(),
      user_feed_like: z.boolean(),
      is_feed_like_enabled: z.boolean(),
      is_feed_comment_enabled: z.boolean(),
      show_likes: z.boolean(),
      show_comments: z.boolean(),
      can_like: z.boolean(),
      can_comment: z.boolean(),
      is_blocked_from_commenting: z.boolean(),
    })),
  },
  'POST /api/blog/get-blog-comment': {
    200: answer(z.object({ comments: z.array(commentView), currentPage: z.number(), totalPages: z.number(), totalComments: z.number() })),
  },
  'POST /api/blog/like-dislike': {
    200: answer(z.object({ blog_id: z.string(), user_feed_like: z.boolean(), total_likes: z.number() })),
  },
  'POST /api/blog/save-blog-comment': {
    201: answer(z.object({
      _id: z.string(),
      blog_id: z.string(),
      comment: z.string(),
      user: z.object({ _id: z.string(), name: z.string() }),
      created_at: z.string(),
      is_hidden: z.boolean(),
      is_own: z.boolean(),
      can_remove: z.boolean(),
    })),
  },
  'POST /api/blog/remove-blog-comment': {
    200: answer(z.object({ blog_id: z.string(), comment_id: z.string(), total_comments: z.number() })),
  },
  'POST /api/blog/hide-blog-comment': {
    200: answer(z.object({
      _id: z.string(),
      blog_id: z.string(),
      comment: z.string(),
      user: z.object({ _id: z.string(), name: z.string() }),
      created_at: z.string(),
      is_hidden: z.boolean(),
      is_own: z.boolean(),
      can_remove: z.boolean(),
    })),
  },
  'POST /api/blog/block-user-from-commenting': {
    200: answer(z.object({ user_id: z.string(), blocked: z.boolean() })),
  },
};

// The success answers of api/routes/library.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const mediaCategoryRecord = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  reserved: z.boolean(),
  photo_count: z.number(),
  video_count: z.number(),
  processed_photo_count: z.number(),
  processed_video_count: z.number(),
});

const libraryMediaRecord = z.object({
  category_ids: z.array(z.string()),
  video_duration: z.number().nullable(),
  id: z.string(),
  kind: z.enum(['video', 'photo']),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().optional(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  thumbnail_url: z.string(),
  blur_url: z.string(),
  status: z.enum(['error', 'processing', 'ready']),
  created_at: z.string(),
});

export const libraryAnswers: RouteAnswers = {
  'GET /api/media/category': {
    200: answer(z.array(mediaCategoryRecord)),
  },
  'POST /api/media/category': {
    200: answer(z.object({ categories: z.array(mediaCategoryRecord), category: mediaCategoryRecord.nullable() })),
  },
  'POST /api/media/category/update': {
    200: answer(z.object({ categories: z.array(mediaCategoryRecord), category: mediaCategoryRecord.nullable() })),
  },
  'POST /api/media/category/delete': {
    200: answer(z.object({ categories: z.array(mediaCategoryRecord) })),
  },
  'POST /api/media/get': {
    200: answer(z.object({
      media: z.array(libraryMediaRecord),
      currentPage: z.number(),
      totalPages: z.number(),
      counts: z.object({ photo: z.number(), video: z.number(), total: z.number() }),
    })),
  },
  'POST /api/media/add-media-from-category': {
    200: answer(z.object({ categories: z.array(mediaCategoryRecord), added: z.array(z.string()) })),
  },
  'POST /api/media/remove-media-from-category': {
    200: answer(z.object({ categories: z.array(mediaCategoryRecord) })),
  },
  'POST /api/media/remove-media': {
    200: answer(z.object({ removed: z.array(z.string()) })),
  },
};

// The success answers of api/routes/media.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { adminMediaRecord } from './shapes';

export const mediaAnswers: RouteAnswers = {
  'PUT /api/upload/put/*': {
    200: answer(z.object({ file_name: z.string().describe('The staged key, to name in POST /api/media.'), size: z.number().describe('Bytes stored.') })),
  },
  'POST /api/upload/generate_presigned_url': {
    200: answer(z.object({ presigned_url: z.string(), file_name: z.string(), message: z.string(), max_upload_bytes: z.number() })),
  },
  'POST /api/media': {
    201: answer(z.union([adminMediaRecord, z.object({ id: z.string() })])),
  },
  'POST /api/upload/rotate_image': {
    200: answer(z.object({
      _id: z.string(),
      imageIndex: z.number(),
      url: z.string(),
      thumbnail_url: z.string(),
      blur_url: z.string(),
      width: z.number(),
      height: z.number(),
    })),
  },
  'POST /api/upload/rotate_modern_image': {
    200: answer(z.object({
      _id: z.string(),
      imageIndex: z.number(),
      url: z.string(),
      thumbnail_url: z.string(),
      blur_url: z.string(),
      width: z.number(),
      height: z.number(),
    })),
  },
  'POST /api/upload/refresh_blur_picture': {
    200: answer(z.object({ media: z.array(z.object({ _id: z.string(), blur_url: z.string() })) })),
  },
  'POST /api/upload/refresh_blur_modern_picture': {
    200: answer(z.object({ media: z.array(z.object({ _id: z.string(), blur_url: z.string() })) })),
  },
  'POST /api/admin/send_video_process_request': {
    200: answer(z.object({ media_ids: z.array(z.string()), processing: z.boolean() })),
  },
};

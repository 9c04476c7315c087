// Media requests: presigned uploads and their registration, and staff operations on a post's media (rotate,
// refresh blur, reprocess videos).
import { z } from 'zod';
import { MEDIA_OPS_MESSAGES } from '../../domain/media/operations';
import type { UploadedFile, UploadedGallery } from '../../domain/media/wire';
import type { SameShape } from '../openapi-envelopes';

/** Where a presigned upload lands before it is registered: staging/<uuid>/<file name>. */
export const STAGED_KEY = /^staging\/[0-9a-f-]{36}\/[\w.-]{1,200}$/;

export const presignBody = z.object({
  file_name: z.string({ error: 'file_name is required.' }).min(1, { error: 'file_name is required.' }).max(200),
  content_type: z.string({ error: 'content_type is required.' }),
  media_type: z.enum(['blog', 'message', 'media']).default('blog'),
  /** The file's size in bytes, when the client knows it: an oversize file is refused before it is sent. */
  file_size: z.coerce.number().int().min(0).optional(),
});

export const saveBody = z.object({
  file_name: z.string({ error: 'file_name is required.' }).regex(STAGED_KEY, { error: 'file_name is invalid.' }),
  content_type: z.string({ error: 'content_type is required.' }),
  original_name: z.string().max(200).optional(),
});

const postId = z.string({ error: 'id is required.' }).trim().min(1, { error: 'id is required.' }).max(100);
/** 'blog' (a post, the default) or 'message' (a chat message: commands/chat-staff.ts). */
const blogType = z.enum(['blog', 'message'], { error: MEDIA_OPS_MESSAGES.invalid }).optional();

export const rotateBody = z.object({
  id: postId,
  type: blogType,
  rotate_angle: z.unknown(),
  imageIndex: z.unknown().optional(), // a chat message's first photo when absent (routes/media.ts)
  format: z.string().max(20).optional(),
  userId: z.string().max(100).optional(),
});

export const refreshBlurBody = z.object({ id: postId, type: blogType, format: z.string().max(20).optional() });

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
export const reprocessBody = z.object({
  id: postId,
  videoFrom: z.enum(['blog', 'message'], { error: MEDIA_OPS_MESSAGES.invalid }).optional(),
  s3FilePath: z.string().max(1024).optional().nullable(),
  shouldGenerateBlurImage: flag.optional(),
  isMassMessage: flag.optional(),
});

/** One file of a multipart upload, as POST /api/upload/upload_file answers it (and each item of a gallery's). */
export const uploadedFile = z.object({
  _id: z.string().describe('The media id: attach it to a post with POST /api/blogs `media_ids`.'),
  kind: z.enum(['photo', 'video']),
  file_name: z.string(),
  Location: z.string().nullable().describe('A signed, expiring link to the web original; null while the media worker renders it (videos).'),
  fileSize: z.number().int().describe('The uploaded file in bytes.'),
  blurLocation: z.string().nullable().describe('The blurred preview (public); null until rendered.'),
  status: z.enum(['processing', 'ready', 'error']),
});
const _uploadedFile: SameShape<z.output<typeof uploadedFile>, UploadedFile> = true;
void _uploadedFile;

export const uploadedGallery = z.object({
  uploaded: z.number().int().describe('How many files were uploaded.'),
  data: z.array(uploadedFile).describe('Each file, in the order sent.'),
});
const _uploadedGallery: SameShape<z.output<typeof uploadedGallery>, UploadedGallery> = true;
void _uploadedGallery;

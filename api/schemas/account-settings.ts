// Account self-service requests: the forgotten password, profile details, emailed tokens, opt-in, photo ID.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/validation';
import { FAN_OPT_IN_CHOICES, PHOTO_ID_REQUIRED, PHOTO_ID_TOO_LARGE } from '../../domain/user/user';

export const forgotBody = z.object({ email: z.string({ error: 'Please enter a valid email.' }).optional() });
export const tokenBody = z.object({ token: z.string({ error: 'Invalid token.' }).min(1, { error: 'Invalid token.' }) });
export const resetBody = tokenBody.extend({ password: z.string({ error: 'Please enter a password.' }).optional() });
export const profileBody = z.object({ name: z.string({ error: 'Please enter a name.' }).optional(), email: z.string({ error: 'Please enter an email.' }).optional() });
export const optInBody = z.object({ opt_in_status: z.enum(FAN_OPT_IN_CHOICES, { error: `opt_in_status must be one of ${FAN_OPT_IN_CHOICES.join(', ')}.` }) });

/** The photo ID file of a multipart upload (field photoId), or null when none came. */
export async function photoIdOf(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) throw new ValidationError('photoId', PHOTO_ID_REQUIRED);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'photoId' && !file) file = data;
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError('photoId', PHOTO_ID_TOO_LARGE);
    // Anything else while reading the parts is a malformed body (no boundary, cut off, too many parts): no file came.
    throw new ValidationError('photoId', PHOTO_ID_REQUIRED);
  }
  return file;
}

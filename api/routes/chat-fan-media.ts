// A fan's photo or video in private chat (domain/chat/fan-media.ts). The fan asks the
// shared POST /api/upload/generate_presigned_url for an address with media_type 'message' (the gate below; any
// other purpose is staff's), PUTs the file there without the Authorization header, registers it here, and sends
// POST /api/chat/send_message {media: [media_id]}. The media worker renders it like any upload; the command lets
// only its uploader attach it, and staff never pass it on, so its originals reach only that fan and staff.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { decideAccess } from '../../domain/access/routes';
import { CHAT_NOT_ALLOWED } from '../../domain/chat/chat-message';
import {
  FAN_MEDIA_TYPES, FAN_UPLOAD_PURPOSE_REFUSED, FAN_UPLOADS_PER_HOUR, MEDIA_FORMAT_NOT_SUPPORTED, presignRefusal, TOO_MANY_UPLOADS,
} from '../../domain/chat/fan-media';
import { registerUpload } from '../../commands/content';
import { createRateLimiter, type RateLimiter } from '../../infra/rate-limit';
import { mediaByIds } from '../../projections/media';
import { timestamptz } from '../../projections/schema';
import { ok } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { mediaView, settle } from '../views';
import { chatQueries } from '../queries/chat';
import { saveBody } from '../schemas/media';
import type { Services } from '../services';


/** Uploads this fan registered in the last hour (each is stored and rendered). */
async function recentUploads(services: Services, fanId: string): Promise<number> {
  const since = new Date(services.clock().getTime() - 3_600_000).toISOString();
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM rm.media WHERE uploaded_by = ${fanId} AND created_at > ${timestamptz(since)}`.execute(services.database.db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * May this caller have an upload address for `purpose`? Content staff: anything. A fan: a chat message only, while
 * subscribed and under the hourly limit. Everyone else: 403 (the route table lets fans reach the route at all).
 */
export async function requireUploadAllowed(services: Services, caller: Caller, purpose: string, asking: 'address' | 'registration' = 'address'): Promise<void> {
  const subscribed = caller.role === 'user' ? (await chatQueries(services).fanStatus(caller.userId)) !== '0' : false;
  // Content staff are those the table lets register media for posts and the library.
  const refusal = presignRefusal(caller.role, purpose, subscribed, decideAccess('POST /api/media', caller.role) === 'allow');
  if (refusal === 'forbidden') throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
  if (refusal === 'purpose') throw new DomainError(FAN_UPLOAD_PURPOSE_REFUSED, 'FORBIDDEN', 403, { field: 'media_type' });
  if (refusal === 'not_subscribed') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
  if (caller.role !== 'user') return;
  // Addresses too: a file PUT but never registered would still fill the disk (twice the registrations, for retries).
  if (asking === 'address' && !presignLimiter(services).hit(caller.userId).allowed) throw new DomainError(TOO_MANY_UPLOADS, 'TOO_MANY_UPLOADS', 429);
  if ((await recentUploads(services, caller.userId)) >= FAN_UPLOADS_PER_HOUR) throw new DomainError(TOO_MANY_UPLOADS, 'TOO_MANY_UPLOADS', 429);
}

const limiters = new WeakMap<Services, RateLimiter>();
const presignLimiter = (services: Services) => {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = createRateLimiter({ windowMs: 3_600_000, max: FAN_UPLOADS_PER_HOUR * 2, now: () => services.clock().getTime() })));
  return l;
};

export const chatFanMediaRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  // The uploaded file becomes a media item of this fan's (photos render before the answer; videos in the worker).
  app.post('/api/chat/upload_media', { schema: { body: saveBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    if (caller.role !== 'user') throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
    await requireUploadAllowed(services, caller, 'message', 'registration');
    if (!Object.hasOwn(FAN_MEDIA_TYPES, body.content_type.toLowerCase())) throw new ValidationError('content_type', MEDIA_FORMAT_NOT_SUPPORTED);
    const ctx = contextFor(request, services);
    const { mediaId } = await registerUpload(ctx, services.storage, {
      stagingKey: body.file_name,
      fileName: body.original_name ?? body.file_name.split('/').pop()!,
      contentType: body.content_type,
      uploadedBy: caller.userId,
    }, { renderer: services.renderer });
    await settle(services, ctx);
    const row = (await mediaByIds(services.database.db, [mediaId])).get(mediaId);
    if (!row) throw new DomainError('Error occured while uploading media', 'MEDIA_NOT_READY', 409);
    const data = { media_id: mediaId, type: row.kind, status: row.status, media: mediaView(row, true, services.storage) };
    return ok(reply, data, { message: 'Media uploaded successfully', position: ctx.lastPosition });
  });
};

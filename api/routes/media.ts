// Uploads through presigned, expiring URLs or as multipart form data (api/uploads.ts), media serving, and staff operations on a post's media (rotate,
// refresh blur, reprocess videos). Originals and thumbnails need a signature the API only issues after an
// entitlement check; blurred previews and theme images are public. The bytes live on local disk or in S3; either
// way they stream through here (services.storage signs the app's own URLs).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { isPublicMediaKey, mediaKindOf } from '../../domain/media/media';
import { MEDIA_OPS_MESSAGES, POST_VIDEO_REPROCESSORS, rotateRequest } from '../../domain/media/operations';
import { watermarkOf } from '../../domain/media/watermark';
import { MAX_MEDIA_PER_POST } from '../../domain/post/post';
import { registerUpload, stagingKey } from '../../commands/content';
import { reprocessMassMessageVideos } from '../../commands/mass-messages';
import { refreshPostBlur, requestVideoReprocessing, rotatePostImage, type MediaOpsDeps } from '../../commands/media-ops';
import { refreshChatBlur, reprocessChatVideos, rotateChatImage } from '../../commands/chat-staff';
import { mediaByIds } from '../../projections/media';
import { currentSettings } from '../../projections/settings';
import { StorageNotFoundError, StreamLengthError, UnsafeStorageKeyError } from '../../infra/storage/port';
import { resolveRange } from '../../infra/storage/range';
import { guardedLength } from '../../infra/storage/streams';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { MEDIA_URL_TTL_SECONDS, settle } from '../views';
import { adminMedia } from '../queries/admin-views';
import { requireUploadAllowed } from './chat-fan-media';
import { presignBody, refreshBlurBody, reprocessBody, rotateBody, saveBody, STAGED_KEY, uploadedFile, uploadedGallery } from '../schemas/media';
import { answer } from '../openapi';
import { receiveUploads, uploadedFiles, uploadLimits, UPLOAD_MESSAGES } from '../uploads';
import type { Services } from '../services';

const UPLOAD_URL_TTL_SECONDS = 15 * 60;

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.mp4': 'video/mp4', '.mov': 'video/quicktime',
};

const UPLOAD_FILE_DESCRIPTION =
  'Multipart form data with one file part (any field name, e.g. `file`): a JPEG, PNG, MP4 or QuickTime file whose name and declared type agree, ' +
  'at most FANCLUB_MAX_UPLOAD_MB. The file joins the media library like a presigned upload registered by POST /api/media: ' +
  "a photo is rendered before the answer, a video by the media worker. Refusals (400, naming the form field): 'Please Select Media', " +
  "'Media format is not supported.', 'File {name} size is too large.', 'You can only select 1 content', 'Error occured while uploading media' (an empty file).";
const UPLOAD_GALLERY_DESCRIPTION =
  `Multipart form data with 1 to ${MAX_MEDIA_PER_POST} file parts (any field name, e.g. \`files\`), each as for POST /api/upload/upload_file; ` +
  `more are refused with 'You have selected {n} images, maximum ${MAX_MEDIA_PER_POST} images allowed.'. One refused file refuses the request: none is kept.`;

/** 'File {name} size is too large.' (the limit is not shown). */
const tooLarge = (name: string) => new ValidationError('file_size', `File ${name} size is too large.`);

export const mediaRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { storage } = services;
  const maxBytes = services.config.maxUploadBytes;
  const opsDeps: MediaOpsDeps = { storage, renderer: services.renderer, watermark: async () => watermarkOf(await currentSettings(services.database.db)) };
  const signed = (key: string) => storage.signedGetUrl(key, MEDIA_URL_TTL_SECONDS);

  app.post('/api/upload/generate_presigned_url', { schema: { body: presignBody } }, async (request, reply) => {
    const body = request.body;
    // Fans may ask too, for a chat message only (routes/chat-fan-media.ts).
    await requireUploadAllowed(services, requireCaller(request), body.media_type);
    if (!mediaKindOf(body.file_name, body.content_type))
      throw new DomainError('Media format is not supported.', 'UNSUPPORTED_MEDIA', 400, { field: 'file_name' });
    if (body.file_size !== undefined && body.file_size > maxBytes) throw tooLarge(body.file_name);
    const key = stagingKey(crypto.randomUUID(), body.file_name);
    return ok(reply, { presigned_url: storage.signedPutUrl(key, UPLOAD_URL_TTL_SECONDS), file_name: key, message: 'ok', max_upload_bytes: maxBytes });
  });

  // The raw file body, sent without the Authorization header: the URL's signature is the permission. The body
  // streams into the store (never whole in memory); one over the limit is refused and nothing is stored.
  await app.register(async (scope) => {
    // Whatever the Content-Type (even JSON), the body is the file: read it from request.raw, unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put('/api/upload/put/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const q = request.query as { exp?: string; sig?: string };
      if (!STAGED_KEY.test(key) || !storage.verify('PUT', key, q.exp, q.sig))
        throw new DomainError('This upload link is invalid or has expired.', 'BAD_SIGNATURE', 403);
      const name = key.slice(key.lastIndexOf('/') + 1);
      const header = request.headers['content-length'];
      const declared = header === undefined ? undefined : Number(header);
      const refuse = (e: DomainError) => {
        // The rest of the body is not wanted: do not keep reading it.
        reply.header('connection', 'close');
        throw e;
      };
      if (declared !== undefined && declared > maxBytes) refuse(tooLarge(name));
      if (declared === 0 || (declared !== undefined && !Number.isSafeInteger(declared)))
        throw new DomainError('Error occured while uploading media', 'EMPTY_UPLOAD', 400, { field: 'body' });
      let size: number;
      try {
        size = await storage.putStream(key, guardedLength(request.raw, { maxBytes }), declared);
      } catch (e) {
        if (e instanceof StreamLengthError) refuse(e.reason === 'too_large' ? tooLarge(name) : new DomainError('Error occured while uploading media', 'INCOMPLETE_UPLOAD', 400, { field: 'body' }));
        throw e;
      }
      if (size === 0) throw new DomainError('Error occured while uploading media', 'EMPTY_UPLOAD', 400, { field: 'body' });
      return reply.code(200).send({ success: 1, data: { file_name: key, size } });
    });
  });

  // The same uploads as multipart form data, one file or a gallery (api/uploads.ts): same types, size limit and
  // roles, registered into the same library. Each answers only once every file is stored and registered.
  await app.register(multipart, { limits: uploadLimits(maxBytes) });
  const multipartUpload = (maxFiles: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const uploads = await receiveUploads(request, reply, ctx, services, { uploadedBy: caller.userId, maxFiles });
    await settle(services, ctx);
    return { files: await uploadedFiles(services, uploads), position: ctx.lastPosition };
  };
  const uploadFile = multipartUpload(1);
  app.post('/api/upload/upload_file', { schema: { description: UPLOAD_FILE_DESCRIPTION, response: { 200: answer(uploadedFile) } } }, async (request, reply) => {
    const { files, position } = await uploadFile(request, reply);
    return ok(reply, files[0], { message: UPLOAD_MESSAGES.uploaded, position });
  });
  const uploadGallery = multipartUpload(MAX_MEDIA_PER_POST);
  app.post('/api/upload/upload_gallery_file', { schema: { description: UPLOAD_GALLERY_DESCRIPTION, response: { 200: answer(uploadedGallery) } } }, async (request, reply) => {
    const { files, position } = await uploadGallery(request, reply);
    return ok(reply, { uploaded: files.length, data: files }, { message: UPLOAD_MESSAGES.uploaded, position });
  });

  app.post('/api/media', { schema: { body: saveBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const { mediaId } = await registerUpload(ctx, storage, {
      stagingKey: body.file_name,
      fileName: body.original_name ?? body.file_name.split('/').pop()!,
      contentType: body.content_type,
      uploadedBy: caller.userId,
    }, { renderer: services.renderer });
    await settle(services, ctx);
    const row = (await mediaByIds(services.database.db, [mediaId])).get(mediaId);
    return reply.code(201).send({ success: 1, message: 'Media uploaded successfully', data: row ? adminMedia(row, storage) : { id: mediaId } });
  });

  // Byte ranges (206 / 416), so videos seek without downloading the whole file.
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const q = request.query as { exp?: string; sig?: string };
    const isPublic = isPublicMediaKey(key);
    if (!isPublic && !storage.verify('GET', key, q.exp, q.sig)) throw new DomainError('You do not have access to this file.', 'BAD_SIGNATURE', 403);
    const size = await storage.size(key).catch((e) => {
      if (e instanceof StorageNotFoundError || e instanceof UnsafeStorageKeyError) throw new DomainError('Not found.', 'NOT_FOUND', 404);
      throw e;
    });
    const ext = key.slice(key.lastIndexOf('.')).toLowerCase();
    reply
      .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', isPublic ? 'public, max-age=86400' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    // If-Range asks for the range only if the file is unchanged; without validators to compare, send it whole.
    const answer = request.headers['if-range'] ? ({ kind: 'full' } as const) : resolveRange(request.headers.range, size);
    if (answer.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    const range = answer.kind === 'partial' ? answer.range : undefined;
    const { stream, contentLength } = await storage.readStream(key, range);
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    return reply.header('content-length', contentLength).send(stream);
  });

  /** Runs a staff operation and answers with the spec's message, once the read models show it. */
  const operate = async <T>(request: Parameters<typeof contextFor>[0], reply: FastifyReply, run: (ctx: ReturnType<typeof contextFor>) => Promise<T>, view: (r: T) => unknown, message: string) => {
    requireCaller(request);
    const ctx = contextFor(request, services);
    const result = await run(ctx);
    await settle(services, ctx);
    return ok(reply, view(result), { message, position: ctx.lastPosition });
  };

  // Rotate Image Left / Right: the photo at imageIndex of post `id`.
  for (const path of ['/api/upload/rotate_image', '/api/upload/rotate_modern_image']) {
    app.post(path, { schema: { body: rotateBody } }, async (request, reply) => {
      const body = request.body;
      const { angle, imageIndex } = rotateRequest(body.rotate_angle, body.imageIndex ?? (body.type === 'message' ? 0 : undefined)); // a message's first photo by default
      return operate(
        request,
        reply,
        (ctx) =>
          body.type === 'message' // a chat message's photo (commands/chat-staff.ts)
            ? rotateChatImage(ctx, opsDeps, requireCaller(request).role, { messageId: body.id, imageIndex, angle })
            : rotatePostImage(ctx, opsDeps, { postId: body.id, imageIndex, angle }),
        (r) => ({
          _id: r.mediaId, imageIndex, url: signed(r.renditions.originalKey), thumbnail_url: signed(r.renditions.thumbnailKey),
          blur_url: `/media/${r.renditions.blurKey}`, width: r.renditions.width, height: r.renditions.height,
        }),
        MEDIA_OPS_MESSAGES.rotated,
      );
    });
  }

  // Refresh Blur Image: every item of post `id`.
  for (const path of ['/api/upload/refresh_blur_picture', '/api/upload/refresh_blur_modern_picture']) {
    app.post(path, { schema: { body: refreshBlurBody } }, async (request, reply) => {
      const body = request.body;
      return operate(
        request,
        reply,
        (ctx) => (body.type === 'message' ? refreshChatBlur(ctx, opsDeps, requireCaller(request).role, body.id) : refreshPostBlur(ctx, opsDeps, { postId: body.id })),
        (done) => ({ media: done.map((d) => ({ _id: d.mediaId, blur_url: `/media/${d.blurKey}` })) }),
        MEDIA_OPS_MESSAGES.blurRefreshed,
      );
    });
  }

  // Send Video Process Request: the post's videos go back to the media worker.
  app.post('/api/admin/send_video_process_request', { schema: { body: reprocessBody } }, async (request, reply) => {
    const body = request.body;
    // A chat message's senders may ask for its videos (the command checks); a post's or a mass message's: the admins.
    if (body.videoFrom !== 'message' && !POST_VIDEO_REPROCESSORS.includes(requireCaller(request).role))
      throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
    // isMassMessage: the id names a mass message, whose videos go back to the worker.
    return operate(
      request,
      reply,
      (ctx) =>
        body.videoFrom === 'message'
          ? reprocessChatVideos(ctx, requireCaller(request).role, { messageId: body.id, s3FilePath: body.s3FilePath, shouldGenerateBlurImage: body.shouldGenerateBlurImage })
          : body.isMassMessage
          ? reprocessMassMessageVideos(ctx, { massId: body.id, s3FilePath: body.s3FilePath, shouldGenerateBlurImage: body.shouldGenerateBlurImage })
          : requestVideoReprocessing(ctx, { postId: body.id, s3FilePath: body.s3FilePath, shouldGenerateBlurImage: body.shouldGenerateBlurImage }),
      (r) => ({ media_ids: r.mediaIds, processing: r.mediaIds.length > 0 }),
      MEDIA_OPS_MESSAGES.reprocessSent,
    );
  });
};

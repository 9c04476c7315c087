// Uploads through presigned, expiring URLs and media serving. Originals and thumbnails need a signature the
// API only issues after an entitlement check; blurred previews are public.
import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { mediaKindOf } from '../../domain/media/media';
import { registerUpload, stagingKey, MAX_UPLOAD_BYTES } from '../../commands/content';
import { mediaByIds } from '../../projections/media';
import { ok, parse } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { adminMedia } from './admin-views';
import type { Services } from '../services';

const UPLOAD_URL_TTL_SECONDS = 15 * 60;
const STAGED_KEY = /^staging\/[0-9a-f-]{36}\/[\w.-]{1,200}$/;

const presignBody = z.object({
  file_name: z.string({ error: 'file_name is required.' }).min(1, { error: 'file_name is required.' }).max(200),
  content_type: z.string({ error: 'content_type is required.' }),
  media_type: z.enum(['blog', 'message', 'media']).default('blog'),
});

const saveBody = z.object({
  file_name: z.string({ error: 'file_name is required.' }).regex(STAGED_KEY, { error: 'file_name is invalid.' }),
  content_type: z.string({ error: 'content_type is required.' }),
  original_name: z.string().max(200).optional(),
});

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.mp4': 'video/mp4', '.mov': 'video/quicktime' };

export const mediaRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const { storage } = services;

  app.post('/api/upload/generate_presigned_url', async (request, reply) => {
    const body = parse(presignBody, request.body);
    if (!mediaKindOf(body.file_name, body.content_type))
      throw new DomainError('Media format is not supported.', 'UNSUPPORTED_MEDIA', 400, { field: 'file_name' });
    const key = stagingKey(crypto.randomUUID(), body.file_name);
    return ok(reply, { presigned_url: storage.signedPutUrl(key, UPLOAD_URL_TTL_SECONDS), file_name: key, message: 'ok' });
  });

  // The raw file body, sent without the Authorization header: the URL's signature is the permission.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    scope.put('/api/upload/put/*', { bodyLimit: MAX_UPLOAD_BYTES }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const q = request.query as { exp?: string; sig?: string };
      if (!STAGED_KEY.test(key) || !storage.verify('PUT', key, q.exp, q.sig))
        throw new DomainError('This upload link is invalid or has expired.', 'BAD_SIGNATURE', 403);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new DomainError('Error occured while uploading media', 'EMPTY_UPLOAD', 400, { field: 'body' });
      await storage.put(key, body);
      return reply.code(200).send({ success: 1, data: { file_name: key, size: body.length } });
    });
  });

  app.post('/api/media', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(saveBody, request.body);
    const ctx = contextFor(request, services);
    const { mediaId } = await registerUpload(ctx, storage, {
      stagingKey: body.file_name,
      fileName: body.original_name ?? body.file_name.split('/').pop()!,
      contentType: body.content_type,
      uploadedBy: caller.userId,
    });
    await settle(services, ctx);
    const row = (await mediaByIds(services.database.db, [mediaId])).get(mediaId);
    return reply.code(201).send({ success: 1, message: 'Media uploaded successfully', data: row ? adminMedia(row, storage) : { id: mediaId } });
  });

  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const q = request.query as { exp?: string; sig?: string };
    const isPublicPreview = /^blur\/[0-9a-f-]{36}\.jpg$/.test(key);
    if (!isPublicPreview && !storage.verify('GET', key, q.exp, q.sig)) throw new DomainError('You do not have access to this file.', 'BAD_SIGNATURE', 403);
    if (!(await storage.exists(key))) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const ext = key.slice(key.lastIndexOf('.')).toLowerCase();
    return reply
      .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', isPublicPreview ? 'public, max-age=86400' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(storage.pathOf(key)));
  });
};

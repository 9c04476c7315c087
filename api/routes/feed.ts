// The home feed and post detail, and the post lifecycle: create (composer), edit, delete, reuse
// (a new version of an older post) and review (an errored post reposted without the errored items).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POST_MESSAGES, postStream } from '../../domain/post/post';
import { isStaffRole } from '../../domain/shared/wire';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { findPost, isVisibleToFans } from '../../projections/posts';
import { currentSettings } from '../../projections/settings';
import { createPostFromComposer, deletePost, editPost, reusePost, reviewPost, type PostWritten } from '../../commands/content';
import { ok } from '../http';
import { editVersion, ifMatchRevision, setEtag } from '../edit-version';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { createPostBody, deleteBody, editBody, feedQuery, idQuery, reuseBody, reviewBody } from '../schemas/post';
import { feedPageReader } from '../queries/feed-page';
import { newestPostsQuery } from '../queries/newest-posts';
import { postViewFor, postViews, viewerOf } from '../queries/post-views';
import type { Services } from '../services';

/** Domain rules name the composer's fields; a route whose request names them otherwise renames them. */
async function asFields<T>(names: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ValidationError && names[e.field]) throw new ValidationError(names[e.field], e.message);
    throw e;
  }
}

const postedMessage = (w: PostWritten) => (w.processing ? POST_MESSAGES.processing : POST_MESSAGES.posted);

export const feedRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;

  const feed = feedPageReader(services);
  // Fans: published, processed posts. Staff (the route table allows only them): every post, scheduled and
  // under process included, flagged with is_published / processing / isError.
  // The answer comes serialised (a kept page's answer is sent as it is).
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
  // The fans' page reads the session in its own statement when it is not kept in memory (api/auth.ts PendingSession).
  app.get('/api/blogs', { schema: { querystring: feedQuery }, config: { readsSessionWithPage: true } }, async (request, reply) => sendJson(reply, await feed(request, request.query, 'fans')));
  app.get('/api/blogs/all', { schema: { querystring: feedQuery } }, async (request, reply) => sendJson(reply, await feed(request, request.query, 'staff')));

  // Guests have no socket (it is for sessions: presence, per-user frames, a session to recheck); their "N new posts"
  // polls this one public answer instead, the same for every guest, answered 304 from memory while it is unchanged.
  // It names only posts any visitor may list; the guest then reads each with its own (guest) view.
  const newest = newestPostsQuery(services);
  app.get('/api/blogs/newest', async (request, reply) => {
    const { body, etag } = await newest();
    reply.header('etag', etag).header('cache-control', 'public, max-age=5');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return ok(reply, body);
  });

  app.get('/api/blog/get-blog-data-by-id', { schema: { querystring: idQuery } }, async (request, reply) => {
    const { id } = request.query;
    const viewer = await viewerOf(services, request);
    const row = await findPost(db(), id);
    if (!row || (!isStaffRole(viewer.role) && !isVisibleToFans(row, services.clock().getTime()))) throw new DomainError(POST_MESSAGES.notFound, 'POST_NOT_FOUND', 404);
    const [view] = await postViews(services, viewer, [row]);
    return ok(reply, view);
  });

  // The composer's post, under both of the spec's paths (POST /api/blog/add-new-blog is the same call).
  for (const path of ['/api/blogs', '/api/blog/add-new-blog']) {
    app.post(path, { schema: { body: createPostBody } }, async (request, reply) => {
      const caller = requireCaller(request);
      const body = request.body;
      const ctx = contextFor(request, services);
      const written = await createPostFromComposer(ctx, await currentSettings(db()), caller.userId, body);
      await settle(services, ctx);
      return reply.code(201).send({ success: 1, message: postedMessage(written), data: { _id: written.postId } });
    });
  }

  app.post('/api/blogs/edit', { schema: { body: editBody } }, async (request, reply) => {
    const body = request.body;
    const ctx = contextFor(request, services);
    const settings = await currentSettings(db());
    const expected = ifMatchRevision(request); // the console's edit dialog sends the post's ETag
    await asFields({ caption: 'description', visibility: 'isPublicPost', preview_media_id: 'media_preview_item' }, () =>
      editPost(ctx, settings, {
        postId: body.postId, caption: body.description, visibility: body.isPublicPost, previewMediaId: body.media_preview_item, minTierId: body.min_tier_id,
      }, expected),
    );
    await settle(services, ctx);
    setEtag(reply, await editVersion(services, postStream(body.postId)));
    const view = (await postViewFor(services, request.caller, body.postId)) ?? null;
    return ok(reply, view, { message: POST_MESSAGES.updated, position: ctx.lastPosition });
  });

  app.post('/api/blogs/delete', { schema: { body: deleteBody } }, async (request, reply) => {
    const { id } = request.body;
    const ctx = contextFor(request, services);
    await deletePost(ctx, id);
    await settle(services, ctx);
    return ok(reply, null, { message: POST_MESSAGES.deleted });
  });

  app.post('/api/blog/reuse-blog', { schema: { body: reuseBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const settings = await currentSettings(db());
    let written: PostWritten;
    try {
      written = await asFields({ media_ids: 'media_item', caption: 'description', preview_media_id: 'media_preview_item', publish_at: 'date' }, () =>
        reusePost(ctx, settings, {
          sourcePostId: body._id,
          authorId: caller.userId,
          caption: body.description,
          amountDollars: body.amount,
          schedule: body.date,
          keepOriginalDate: body.keep_original_date ?? false,
          mediaIds: body.media_item,
          previewMediaId: body.media_preview_item,
          feedTags: body.feed_tags,
        }),
      );
    } catch (e) {
      if (e instanceof DomainError) throw e;
      request.log.error({ err: e }, 'reuse failed');
      throw new DomainError(POST_MESSAGES.reuseFailed, 'REUSE_FAILED', 500);
    }
    await settle(services, ctx);
    return ok(reply, { reuseBlog: { udid: written.postId } }, { message: postedMessage(written), position: ctx.lastPosition });
  });

  app.post('/api/blog/post-reviewed-blog', { schema: { body: reviewBody } }, async (request, reply) => {
    const body = request.body;
    const ctx = contextFor(request, services);
    const settings = await currentSettings(db());
    await asFields({ media_ids: 'media', caption: 'description', preview_media_id: 'media_preview' }, () =>
      reviewPost(ctx, settings, {
        postId: body.blog_id, caption: body.description, mediaIds: body.media, previewMediaId: body.media_preview, amountDollars: body.amount, feedTags: body.feed_tags,
      }),
    );
    await settle(services, ctx);
    return ok(reply, { _id: body.blog_id }, { message: POST_MESSAGES.reviewed, position: ctx.lastPosition });
  });
};

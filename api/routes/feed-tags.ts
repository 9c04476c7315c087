// Feed tags: the creator's tags on posts and the feed filter.
//   POST   /api/feed-tags/                    list (any signed-in user; counts for staff who manage tags)
//   POST   /api/feed-tags/add-or-update       { id?, name, slug?, blogId? } create or rename (and tag blogId)
//   DELETE /api/feed-tags/delete/:id          delete a tag, detaching it from every post
//   POST   /api/feed-tags/add-or-remove-tag   { feedTags: ids, blogId } set a post's tags
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../domain/shared/wire';
import { decideAccess } from '../../domain/access/routes';
import { ValidationError } from '../../domain/shared/validation';
import { DomainError } from '../../domain/shared/decider';
import { TAG_MESSAGES, type FeedTagView } from '../../domain/feed-tag/feed-tag';
import { addTagToPost, createFeedTag, deleteFeedTag, renameFeedTag, setPostTags } from '../../commands/feed-tags';
import { listFeedTags, tagsOfPosts, type FeedTagListItem } from '../../projections/feed-tags';
import { findPost } from '../../projections/posts';
import { currentSettings } from '../../projections/settings';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import type { Services } from '../services';

/** Those allowed to edit tags are the "admins" who see counts. */
export const seesTagCounts = (role: Role | null) => decideAccess('POST /api/feed-tags/add-or-update', role) === 'allow';

const tagView = (t: FeedTagListItem, withCount: boolean): FeedTagView => ({ _id: t.id, name: t.name, slug: t.slug, ...(withCount ? { count: t.count } : {}) });

/** Optional id: absent, null or '' all mean "none". */
const optionalId = (field: string) =>
  z.union([z.literal(''), z.null(), z.string().uuid({ error: `${field} is invalid.` })], { error: `${field} is invalid.` }).optional().transform((v) => v || null);

const addOrUpdateBody = z.object({
  id: optionalId('id'),
  name: z.string({ error: TAG_MESSAGES.blank }).max(1000, { error: TAG_MESSAGES.tooLong }).default(''),
  slug: z.string().max(1000).optional(), // derived from the name; accepted for the apps' payload shape
  blogId: optionalId('blogId'),
});

const tagIdParam = z.object({ id: z.string({ error: 'id is required.' }).uuid({ error: 'id is invalid.' }) });

const setTagsBody = z.object({
  feedTags: z.array(z.string({ error: TAG_MESSAGES.emptyInList }), { error: 'feedTags must be a list of tag ids.' }).max(100),
  blogId: z.string({ error: 'blogId is required.' }).uuid({ error: 'blogId is invalid.' }),
});

export const feedTagRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;

  const allTags = async (withCount: boolean) => (await listFeedTags(db())).map((t) => tagView(t, withCount));
  const postTagsView = async (postId: string) => ({ blogId: postId, feed_tags: (await tagsOfPosts(db(), [postId])).get(postId) ?? [] });
  const answer = (reply: FastifyReply, message: string, data: unknown) => reply.send({ success: 1, status: 200, message, data });

  app.post('/api/feed-tags/', async (request, reply) => {
    const caller = requireCaller(request);
    const manager = seesTagCounts(caller.role);
    const settings = await currentSettings(db());
    // Fans see the filter only when it is on; staff keep managing tags either way.
    const feed_tags = settings.feed_tags_enable || manager ? await allTags(manager) : [];
    return reply.send({ success: 1, status: 200, data: { feed_tags, feed_tags_enable: settings.feed_tags_enable } });
  });

  app.post('/api/feed-tags/add-or-update', { schema: { body: addOrUpdateBody } }, async (request, reply) => {
    const b = request.body;
    const post = b.blogId ? await findPost(db(), b.blogId) : null;
    const ctx = contextFor(request, services);
    let tagId: string;
    let message: string;
    if (b.id) {
      tagId = b.id;
      await renameFeedTag(ctx, b.id, b.name);
      message = TAG_MESSAGES.updated;
    } else {
      if (b.blogId && !post) throw new DomainError('Invalid Post Id', 'POST_NOT_FOUND', 404, { field: 'blogId' }); // before any write
      tagId = (await createFeedTag(ctx, b.name)).tagId;
      message = TAG_MESSAGES.added;
    }
    if (b.blogId) await addTagToPost(ctx, b.blogId, tagId, !!post);
    await settle(services, ctx);
    const feed_tags = await allTags(true);
    return answer(reply, message, {
      feed_tags,
      feed_tag: feed_tags.find((t) => t._id === tagId) ?? null,
      ...(b.blogId ? { feedData: await postTagsView(b.blogId) } : {}),
    });
  });

  app.delete('/api/feed-tags/delete/:id', { schema: { params: tagIdParam } }, async (request, reply) => {
    const { id } = request.params;
    const ctx = contextFor(request, services);
    await deleteFeedTag(ctx, id);
    await settle(services, ctx);
    return answer(reply, TAG_MESSAGES.deleted, { feed_tags: await allTags(true) });
  });

  app.post('/api/feed-tags/add-or-remove-tag', { schema: { body: setTagsBody } }, async (request, reply) => {
    const b = request.body;
    const ids = b.feedTags.map((t) => t.trim());
    if (ids.some((t) => t === '')) throw new ValidationError('feedTags', TAG_MESSAGES.emptyInList);
    if (ids.some((t) => !z.string().uuid().safeParse(t).success)) throw new ValidationError('feedTags', TAG_MESSAGES.notFound);
    const post = await findPost(db(), b.blogId);
    const ctx = contextFor(request, services);
    await setPostTags(ctx, b.blogId, ids, !!post);
    await settle(services, ctx);
    return answer(reply, TAG_MESSAGES.tagsSaved, { ...(await postTagsView(b.blogId)), feedData: await postTagsView(b.blogId) });
  });
};

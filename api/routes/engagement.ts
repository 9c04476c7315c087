// Likes and comments on posts. Rules are in domain/engagement/rules.ts; who may call
// which route is in the route table (a proxy session may not like or comment: 403 there).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommentPage, CommentView, LikeResult, PostEngagementInfo } from '../../domain/engagement/wire';
import { COMMENTS_PAGE_SIZE } from '../../domain/engagement/wire';
import { COMMENT_MAX, COMMENT_NOT_FOUND, COMMENT_REQUIRED, COMMENT_TOO_LONG } from '../../domain/engagement/engagement';
import { engagementRights, type EngagementRights } from '../../domain/engagement/rules';
import { postAccess, type Viewer } from '../../domain/post/visibility';
import { isStaffRole } from '../../domain/shared/wire';
import { DomainError } from '../../domain/shared/decider';
import { findPost, type PostRow } from '../../projections/posts';
import { unlockedPostIds } from '../../projections/unlocks';
import { currentSettings } from '../../projections/settings';
import { findUser } from '../../projections/users';
import { commentsPage, findComment, isBlockedFromCommenting, likedPostIds, type CommentRow } from '../../projections/engagement';
import { addComment, hideComment, removeComment, setCommentingBlock, setLike } from '../../commands/engagement';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { requiredTierOf, settle } from '../views';
import { viewerOf } from '../queries/post-views';
import { tiersOf } from '../../projections/feed-query';
import type { Services } from '../services';

const blogId = z.string({ error: 'blog_id is required.' }).uuid({ error: 'blog_id is invalid.' });
const commentId = z.string({ error: 'comment_id is required.' }).uuid({ error: 'comment_id is invalid.' });
const flag = (name: string) => z.union([z.boolean(), z.literal(1), z.literal(0)], { error: `${name} must be true or false.` }).transform((v) => v === true || v === 1);

const blogBody = z.object({ blog_id: blogId });
const commentsBody = z.object({ blog_id: blogId, page_num: z.coerce.number({ error: 'page_num must be a number.' }).int({ error: 'page_num must be a whole number.' }).min(1, { error: 'page_num must be at least 1.' }).max(100_000).default(1) });
const likeBody = z.object({ blog_id: blogId, like: flag('like').optional() });
const saveCommentBody = z.object({
  blog_id: blogId,
  comment: z.string({ error: COMMENT_REQUIRED }).trim().min(1, { error: COMMENT_REQUIRED }).max(COMMENT_MAX, { error: COMMENT_TOO_LONG }),
});
const commentRef = z.object({ blog_id: blogId, comment_id: commentId });
const hideBody = commentRef.extend({ hidden: flag('hidden').default(true) });
const blockBody = z.object({ user_id: z.string({ error: 'user_id is required.' }).uuid({ error: 'user_id is invalid.' }), blocked: flag('blocked').default(true) });

const POST_NOT_FOUND = () => new DomainError('Something went wrong', 'POST_NOT_FOUND', 404, { field: 'blog_id' });

interface Standing {
  post: PostRow;
  viewer: Viewer;
  staff: boolean;
  blocked: boolean;
  rights: EngagementRights;
}

export const engagementRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;

  /** The post (published, not deleted; staff also see scheduled ones) and what this viewer may do with it. */
  async function standing(request: FastifyRequest, postId: string): Promise<Standing> {
    const viewer = await viewerOf(services, request);
    const staff = isStaffRole(viewer.role);
    const post = await findPost(db(), postId);
    if (!post || (!staff && Date.parse(post.publish_at) > services.clock().getTime())) throw POST_NOT_FOUND();
    const [unlocked, settings, blocked, tiers] = await Promise.all([
      unlockedPostIds(db(), viewer.userId, [postId]), currentSettings(db()), isBlockedFromCommenting(db(), viewer.userId), tiersOf(db()),
    ]);
    const entitled = postAccess(post, viewer, unlocked.has(postId), requiredTierOf(post, tiers)).entitled;
    return { post, viewer, staff, blocked, rights: engagementRights(settings, viewer, entitled, blocked) };
  }

  const commentView = (c: CommentRow, viewer: Viewer, staff: boolean): CommentView => ({
    _id: c.id,
    blog_id: c.post_id,
    comment: c.comment,
    user: { _id: c.user_id, name: c.user_name },
    created_at: new Date(c.created_at).toISOString(),
    is_hidden: c.hidden,
    is_own: c.user_id === viewer.userId,
    can_remove: staff || (c.user_id === viewer.userId && viewer.role !== 'proxy_user'),
  });

  app.post('/api/blog/get-blog-info', { schema: { body: blogBody } }, async (request, reply) => {
    const { blog_id } = request.body;
    const s = await standing(request, blog_id);
    const settings = await currentSettings(db());
    const liked = await likedPostIds(db(), s.viewer.userId, [blog_id]);
    const info: PostEngagementInfo = {
      blog_id,
      total_likes: s.rights.showLikes ? s.post.like_count : null,
      total_comments: s.rights.showComments ? s.post.comment_count : null,
      user_feed_like: liked.has(blog_id),
      is_feed_like_enabled: settings.is_feed_like_enabled,
      is_feed_comment_enabled: settings.is_feed_comment_enabled,
      show_likes: s.rights.showLikes,
      show_comments: s.rights.showComments,
      can_like: s.rights.canLike,
      can_comment: s.rights.canComment,
      is_blocked_from_commenting: s.blocked,
    };
    return ok(reply, info);
  });

  app.post('/api/blog/get-blog-comment', { schema: { body: commentsBody } }, async (request, reply) => {
    const { blog_id, page_num } = request.body;
    const s = await standing(request, blog_id);
    if (!s.rights.showComments) throw new DomainError('Comments are not available.', 'COMMENTS_HIDDEN', 403);
    const { rows, total } = await commentsPage(db(), { postId: blog_id, page: page_num, pageSize: COMMENTS_PAGE_SIZE, includeHidden: s.staff });
    const page: CommentPage = {
      comments: rows.map((c) => commentView(c, s.viewer, s.staff)),
      currentPage: page_num,
      totalPages: Math.max(1, Math.ceil(total / COMMENTS_PAGE_SIZE)),
      totalComments: total,
    };
    return ok(reply, page);
  });

  app.post('/api/blog/like-dislike', { schema: { body: likeBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { blog_id, like } = request.body;
    const s = await standing(request, blog_id);
    const ctx = contextFor(request, services);
    const { liked } = await setLike(ctx, { postId: blog_id, userId: caller.userId, like, rights: s.rights });
    await settle(services, ctx);
    const post = await findPost(db(), blog_id);
    const result: LikeResult = { blog_id, user_feed_like: liked, total_likes: post?.like_count ?? 0 };
    return ok(reply, result, { position: ctx.lastPosition });
  });

  app.post('/api/blog/save-blog-comment', { schema: { body: saveCommentBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const s = await standing(request, body.blog_id);
    const ctx = contextFor(request, services);
    const { commentId } = await addComment(ctx, { postId: body.blog_id, userId: caller.userId, userName: caller.name, comment: body.comment, staff: s.staff, rights: s.rights });
    await settle(services, ctx);
    const row = await findComment(db(), commentId);
    if (!row) throw new DomainError('Something went wrong', 'COMMENT_NOT_READY', 503);
    return reply.code(201).send({ success: 1, message: 'Comment added.', data: commentView(row, s.viewer, s.staff) });
  });

  app.post('/api/blog/remove-blog-comment', { schema: { body: commentRef } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const s = await standing(request, body.blog_id);
    const ctx = contextFor(request, services);
    await removeComment(ctx, { postId: body.blog_id, commentId: body.comment_id, userId: caller.userId, staff: s.staff });
    await settle(services, ctx);
    const post = await findPost(db(), body.blog_id);
    return ok(reply, { blog_id: body.blog_id, comment_id: body.comment_id, total_comments: post?.comment_count ?? 0 }, { message: 'Comment removed.' });
  });

  app.post('/api/blog/hide-blog-comment', { schema: { body: hideBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const s = await standing(request, body.blog_id);
    const ctx = contextFor(request, services);
    await hideComment(ctx, { postId: body.blog_id, commentId: body.comment_id, userId: caller.userId, hidden: body.hidden });
    await settle(services, ctx);
    const row = await findComment(db(), body.comment_id);
    if (!row) throw new DomainError(COMMENT_NOT_FOUND, 'COMMENT_NOT_FOUND', 404, { field: 'comment_id' });
    return ok(reply, commentView(row, s.viewer, s.staff), { message: body.hidden ? 'Comment hidden.' : 'Comment shown.' });
  });

  app.post('/api/blog/block-user-from-commenting', { schema: { body: blockBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const user = await findUser(db(), body.user_id);
    if (!user) throw new DomainError('User not found.', 'USER_NOT_FOUND', 404, { field: 'user_id' });
    if (isStaffRole(user.role)) throw new DomainError('Staff cannot be blocked from commenting.', 'STAFF_NOT_BLOCKABLE', 400, { field: 'user_id' });
    const ctx = contextFor(request, services);
    await setCommentingBlock(ctx, { userId: body.user_id, blocked: body.blocked, byUserId: caller.userId });
    await settle(services, ctx);
    return ok(reply, { user_id: body.user_id, blocked: body.blocked }, { message: body.blocked ? 'User blocked from commenting.' : 'User can comment again.' });
  });
};

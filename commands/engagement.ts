// Likes and comments on posts. The route works out the viewer's rights from the read models; these
// commands enforce them and decide on the post's engagement stream (domain/engagement/engagement.ts).
import { DomainError } from '../domain/shared/decider';
import {
  BLOCKED_FROM_COMMENTING,
  LIKE_FAILED,
  commenterDecider,
  commenterStream,
  engagementDecider,
  engagementStream,
} from '../domain/engagement/engagement';
import type { EngagementRights } from '../domain/engagement/rules';
import { handle, loadStream, type CommandContext } from './handle';

export const COMMENT_NOT_ALLOWED = 'You cannot comment on this post.';

export async function setLike(ctx: CommandContext, input: { postId: string; userId: string; like?: boolean; rights: EngagementRights }) {
  // A like that may not happen fails with 'Invalid Request'.
  if (!input.rights.canLike) throw new DomainError(LIKE_FAILED, 'LIKE_NOT_ALLOWED', 403);
  const r = await handle(ctx, engagementStream(input.postId), engagementDecider, { type: 'SetLike', postId: input.postId, userId: input.userId, like: input.like, at: ctx.now() });
  return { liked: r.state.likes.has(input.userId) };
}

export async function addComment(
  ctx: CommandContext,
  input: { postId: string; userId: string; userName: string; comment: string; staff: boolean; rights: EngagementRights },
): Promise<{ commentId: string }> {
  // The block is read from its stream (not the read model) so a block takes effect at once.
  if (!input.staff && (await loadStream(ctx.store, commenterStream(input.userId), commenterDecider)).state.blocked)
    throw new DomainError(BLOCKED_FROM_COMMENTING, 'BLOCKED_FROM_COMMENTING', 403);
  if (!input.rights.canComment) throw new DomainError(COMMENT_NOT_ALLOWED, 'COMMENT_NOT_ALLOWED', 403);
  const commentId = ctx.idFor('comment');
  await handle(ctx, engagementStream(input.postId), engagementDecider, {
    type: 'AddComment', postId: input.postId, commentId, userId: input.userId, userName: input.userName, comment: input.comment, at: ctx.now(),
  });
  return { commentId };
}

export async function removeComment(ctx: CommandContext, input: { postId: string; commentId: string; userId: string; staff: boolean }) {
  await handle(ctx, engagementStream(input.postId), engagementDecider, { type: 'RemoveComment', commentId: input.commentId, byUserId: input.userId, byStaff: input.staff, at: ctx.now() });
}

export async function hideComment(ctx: CommandContext, input: { postId: string; commentId: string; userId: string; hidden: boolean }) {
  await handle(ctx, engagementStream(input.postId), engagementDecider, { type: 'HideComment', commentId: input.commentId, byUserId: input.userId, hidden: input.hidden, at: ctx.now() });
}

export async function setCommentingBlock(ctx: CommandContext, input: { userId: string; blocked: boolean; byUserId: string }) {
  await handle(ctx, commenterStream(input.userId), commenterDecider, { type: 'SetCommentingBlock', userId: input.userId, blocked: input.blocked, byUserId: input.byUserId, at: ctx.now() });
}

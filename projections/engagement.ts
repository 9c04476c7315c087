// Read model: who liked which post, the comments on posts, and who is blocked from commenting.
// The per-post counts live on rm.posts (projections/posts.ts keeps like_count and comment_count).
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { engagementTables, storeRow, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';

export interface CommentRow {
  id: string;
  post_id: string;
  user_id: string;
  user_name: string;
  comment: string;
  created_at: string;
  hidden: boolean;
}

export const engagementProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'engagement',
  tables: engagementTables,
  handles: [
    'PostLiked',
    'PostUnliked',
    'PostCommentAdded',
    'PostCommentRemoved',
    'PostCommentHidden',
    'PostCommentUnhidden',
    'UserBlockedFromCommenting',
    'UserUnblockedFromCommenting',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'PostLiked':
        store.put('post_likes', { post_id: d.postId, user_id: d.userId, liked_at: d.likedAt });
        break;
      case 'PostUnliked':
        store.delete('post_likes', { post_id: d.postId, user_id: d.userId });
        break;
      case 'PostCommentAdded':
        store.put('post_comments', { id: d.commentId, post_id: d.postId, user_id: d.userId, user_name: d.userName, comment: d.comment, created_at: d.createdAt, hidden: false });
        break;
      case 'PostCommentRemoved':
        store.delete('post_comments', { id: d.commentId });
        break;
      case 'PostCommentHidden':
      case 'PostCommentUnhidden':
        await update<CommentRow>(store, 'post_comments', { id: d.commentId }, (c) => ({ ...c, hidden: type === 'PostCommentHidden' }));
        break;
      case 'UserBlockedFromCommenting':
        store.put('commenting_blocks', { user_id: d.userId, blocked_by: d.blockedBy, blocked_at: d.blockedAt });
        break;
      case 'UserUnblockedFromCommenting':
        store.delete('commenting_blocks', { user_id: d.userId });
        break;
    }
  },
});

/** The posts among `postIds` that `userId` likes. */
export async function likedPostIds(db: Kysely<ReadModels>, userId: string | null, postIds: string[]): Promise<Set<string>> {
  if (!userId || postIds.length === 0) return new Set();
  const rows = await db.withSchema('rm').selectFrom('post_likes').select('post_id').where('user_id', '=', userId).where('post_id', 'in', postIds).execute();
  return new Set(rows.map((r: { post_id: string }) => r.post_id));
}

/** A page of a post's comments, oldest first (newest last). Hidden ones only when `includeHidden` (staff). */
export async function commentsPage(db: Kysely<ReadModels>, opts: { postId: string; page: number; pageSize: number; includeHidden: boolean }) {
  let base = db.withSchema('rm').selectFrom('post_comments').where('post_id', '=', opts.postId);
  if (!opts.includeHidden) base = base.where('hidden', '=', false);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').limit(opts.pageSize).offset((opts.page - 1) * opts.pageSize).execute().then((rs) => rs.map((r) => storeRow('post_comments', r) as CommentRow)),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findComment(db: Kysely<ReadModels>, id: string): Promise<CommentRow | undefined> {
  return (await db.withSchema('rm').selectFrom('post_comments').selectAll().where('id', '=', id).executeTakeFirst()) as CommentRow | undefined;
}

export async function isBlockedFromCommenting(db: Kysely<ReadModels>, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  return !!(await db.withSchema('rm').selectFrom('commenting_blocks').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

// Read model: posts as the feed and the console list them, with unlock counts and revenue.
import type { Kysely } from 'kysely';
import type { Projection } from './projection';
import { update } from './projection';
import type { PostVisibility } from '../domain/shared/wire';
import type { PostMediaRef } from '../domain/post/post';
import { blogTypeOf } from '../domain/post/post';

export interface PostRow {
  id: string;
  author_id: string;
  caption: string;
  visibility: PostVisibility;
  price_cents: number;
  media: PostMediaRef[];
  preview_media_id: string | null;
  blog_type: 'text' | 'photo' | 'video' | 'gallery';
  publish_at: string;
  created_at: string;
  deleted: boolean;
  is_demo: boolean;
  unlock_count: number;
  revenue_cents: number;
  like_count: number;
  comment_count: number;
}

export const postsProjection: Projection = {
  name: 'posts',
  tables: [
    {
      name: 'posts',
      columns: {
        id: 'text', author_id: 'text', caption: 'text', visibility: 'text', price_cents: 'bigint', media: 'jsonb', preview_media_id: 'text',
        blog_type: 'text', publish_at: 'timestamptz', created_at: 'timestamptz', deleted: 'boolean', is_demo: 'boolean',
        unlock_count: 'integer', revenue_cents: 'bigint', like_count: 'integer', comment_count: 'integer',
      },
      primaryKey: ['id'],
      indexes: [['deleted', 'publish_at', 'id']],
    },
  ],
  handles: ['PostCreated', 'PostDeleted', 'PostUnlocked', 'PostLiked', 'PostUnliked', 'PostCommentAdded', 'PostCommentRemoved', 'PostCommentHidden', 'PostCommentUnhidden'],
  async apply(event, store) {
    const d = event.data as Record<string, any>;
    switch (event.type) {
      case 'PostCreated':
        store.put('posts', {
          id: d.postId, author_id: d.authorId, caption: d.caption, visibility: d.visibility, price_cents: d.priceCents, media: d.media,
          preview_media_id: d.previewMediaId, blog_type: blogTypeOf(d.media), publish_at: d.publishAt, created_at: d.createdAt,
          deleted: false, is_demo: !!d.isDemo, unlock_count: 0, revenue_cents: 0, like_count: 0, comment_count: 0,
        });
        break;
      case 'PostDeleted':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, deleted: true }));
        break;
      case 'PostUnlocked':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, unlock_count: p.unlock_count + 1, revenue_cents: p.revenue_cents + d.amountCents }));
        break;
      // Likes and comments (domain/engagement): the counts fans see. Hidden comments are not counted.
      case 'PostLiked':
      case 'PostUnliked':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, like_count: Math.max(0, p.like_count + (event.type === 'PostLiked' ? 1 : -1)) }));
        break;
      case 'PostCommentAdded':
      case 'PostCommentUnhidden':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, comment_count: p.comment_count + 1 }));
        break;
      case 'PostCommentHidden':
        await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count - 1) }));
        break;
      case 'PostCommentRemoved':
        if (!d.wasHidden) await update<PostRow>(store, 'posts', { id: d.postId }, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count - 1) }));
        break;
    }
  },
};

/** A page of the home feed: published, not deleted, newest first; only posts carrying `feedTagId` when given. */
export async function feedPage(db: Kysely<any>, opts: { page: number; pageSize: number; nowIso: string; feedTagId?: string | null }) {
  let base = db.withSchema('rm').selectFrom('posts').where('deleted', '=', false).where('publish_at', '<=', opts.nowIso);
  const feedTagId = opts.feedTagId;
  if (feedTagId) {
    // Links are kept by the feed-tags read model (projections/feed-tags.ts).
    base = base.where((eb) => eb.exists(eb.selectFrom('feed_post_tags').select('feed_post_tags.tag_id').whereRef('feed_post_tags.post_id', '=', 'posts.id').where('feed_post_tags.tag_id', '=', feedTagId)));
  }
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc').limit(opts.pageSize).offset((opts.page - 1) * opts.pageSize).execute() as Promise<PostRow[]>,
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findPost(db: Kysely<any>, id: string): Promise<PostRow | undefined> {
  return (await db.withSchema('rm').selectFrom('posts').selectAll().where('id', '=', id).where('deleted', '=', false).executeTakeFirst()) as PostRow | undefined;
}

// Read model: the feed-tag catalogue and which posts carry which tag. Counts are computed when read,
// over posts that are not deleted, so deleting a post lowers its tags' counts without an event here.
import type { Kysely, NotNull } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { feedTagsTables, type ReadModelRows, type ReadModels } from './schema';

export interface FeedTagRow {
  id: string;
  name: string;
  slug: string;
  created_at: string;
  /** The posts carrying the tag: what a delete detaches (the link table is keyed by post and tag). */
  post_ids: string[];
}

export const feedTagsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'feed-tags',
  tables: feedTagsTables,
  handles: ['FeedTagCreated', 'FeedTagRenamed', 'FeedTagDeleted', 'FeedPostTagsChanged'],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'FeedTagCreated':
        store.put('feed_tags', { id: d.tagId, name: d.name, slug: d.slug, created_at: d.createdAt, post_ids: [] });
        break;
      case 'FeedTagRenamed': {
        const row = await store.get<FeedTagRow>('feed_tags', { id: d.tagId });
        if (row) store.put('feed_tags', { ...row, name: d.name, slug: d.slug });
        break;
      }
      case 'FeedTagDeleted': {
        const row = await store.get<FeedTagRow>('feed_tags', { id: d.tagId });
        const postIds = new Set<string>([...(d.postIds as string[]), ...(row?.post_ids ?? [])]);
        for (const postId of postIds) store.delete('feed_post_tags', { post_id: postId, tag_id: d.tagId });
        store.delete('feed_tags', { id: d.tagId });
        break;
      }
      case 'FeedPostTagsChanged': {
        for (const tagId of d.added as string[]) {
          store.put('feed_post_tags', { post_id: d.postId, tag_id: tagId });
          const row = await store.get<FeedTagRow>('feed_tags', { id: tagId });
          if (row && !row.post_ids.includes(d.postId)) store.put('feed_tags', { ...row, post_ids: [...row.post_ids, d.postId] });
        }
        for (const tagId of d.removed as string[]) {
          store.delete('feed_post_tags', { post_id: d.postId, tag_id: tagId });
          const row = await store.get<FeedTagRow>('feed_tags', { id: tagId });
          if (row) store.put('feed_tags', { ...row, post_ids: row.post_ids.filter((p) => p !== d.postId) });
        }
        break;
      }
    }
  },
});

export interface FeedTagListItem {
  id: string;
  name: string;
  slug: string;
  created_at: string;
  /** Published or scheduled posts (not deleted) carrying the tag. */
  count: number;
}

/** Every tag, by name, with the number of (not deleted) posts carrying it. */
export async function listFeedTags(db: Kysely<ReadModels>, filter: { q?: string; ids?: string[] } = {}): Promise<FeedTagListItem[]> {
  let q = db
    .withSchema('rm')
    .selectFrom('feed_tags as t')
    .leftJoin('feed_post_tags as l', 'l.tag_id', 't.id')
    .leftJoin('posts as p', (j) => j.onRef('p.id', '=', 'l.post_id').on('p.deleted', '=', false))
    .select(['t.id', 't.name', 't.slug', 't.created_at'])
    .select((eb) => eb.fn.count<number>('p.id').as('count'))
    .groupBy(['t.id', 't.name', 't.slug', 't.created_at'])
    .orderBy('t.name');
  if (filter.q) q = q.where('t.slug', 'like', `%${normaliseLike(filter.q)}%`);
  if (filter.ids) q = filter.ids.length ? q.where('t.id', 'in', filter.ids) : q.where('t.id', '=', '');
  const rows = await q.execute();
  // FeedTagCreated writes name, slug and created_at; the columns are nullable only because no column is NOT NULL.
  return rows.map((r) => ({ id: r.id, name: r.name ?? '', slug: r.slug ?? '', created_at: r.created_at?.toISOString() ?? '', count: Number(r.count) }));
}

const normaliseLike = (s: string) => s.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findFeedTag(db: Kysely<ReadModels>, id: string): Promise<FeedTagListItem | undefined> {
  return (await listFeedTags(db, { ids: [id] }))[0];
}

/** The tags of each post (id, slug, name), for the posts given. */
export async function tagsOfPosts(db: Kysely<ReadModels>, postIds: string[]): Promise<Map<string, { id: string; slug: string; name: string }[]>> {
  const out = new Map<string, { id: string; slug: string; name: string }[]>();
  if (postIds.length === 0) return out;
  const rows = await db
    .withSchema('rm')
    .selectFrom('feed_post_tags as l')
    .innerJoin('feed_tags as t', 't.id', 'l.tag_id')
    .select(['l.post_id', 't.id', 't.slug', 't.name'])
    .where('l.post_id', 'in', postIds)
    .orderBy('t.name')
    // A tag is created with its slug and name (FeedTagCreated above).
    .$narrowType<{ slug: NotNull; name: NotNull }>()
    .execute();
  for (const r of rows) {
    const list = out.get(r.post_id) ?? [];
    list.push({ id: r.id, slug: r.slug, name: r.name });
    out.set(r.post_id, list);
  }
  return out;
}

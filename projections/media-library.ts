// Read model: the Content Manager's categories and which media each holds (domain/category), and the library
// queries over rm.media (projections/media.ts). Counts are computed when read, over media not removed, so
// removing media or finishing its processing changes every count without an event here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { mediaLibraryTables, type ReadModelRows, type ReadModels } from './schema';
import type { MediaRow } from './media';
import type { MediaKind } from '../domain/media/wire';
import { ALL_MEDIA, PREVIEW } from '../domain/category/category';

export interface MediaCategoryRow {
  id: string;
  name: string;
  slug: string;
  created_at: string;
  /** What a delete detaches (the link table is keyed by category and media). */
  media_ids: string[];
}

export const mediaLibraryProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'media-library',
  tables: mediaLibraryTables,
  handles: ['MediaCategoryCreated', 'MediaCategoryRenamed', 'MediaCategoryDeleted', 'MediaAddedToCategory', 'MediaTakenOutOfCategory'],
  async apply(event, store) {
    const { type, data: d } = event;
    const category = () => store.get<MediaCategoryRow>('media_categories', { id: d.categoryId });
    switch (type) {
      case 'MediaCategoryCreated':
        store.put('media_categories', { id: d.categoryId, name: d.name, slug: d.slug, created_at: d.createdAt, media_ids: [] });
        break;
      case 'MediaCategoryRenamed': {
        const row = await category();
        if (row) store.put('media_categories', { ...row, name: d.name, slug: d.slug });
        break;
      }
      case 'MediaCategoryDeleted': {
        const row = await category();
        for (const mediaId of row?.media_ids ?? []) store.delete('media_category_items', { category_id: d.categoryId, media_id: mediaId });
        store.delete('media_categories', { id: d.categoryId });
        break;
      }
      case 'MediaAddedToCategory': {
        const row = await category();
        if (!row) break;
        for (const mediaId of d.mediaIds as string[]) store.put('media_category_items', { category_id: d.categoryId, media_id: mediaId, added_at: d.at });
        store.put('media_categories', { ...row, media_ids: [...new Set([...row.media_ids, ...(d.mediaIds as string[])])] });
        break;
      }
      case 'MediaTakenOutOfCategory': {
        const row = await category();
        if (!row) break;
        const out = new Set(d.mediaIds as string[]);
        for (const mediaId of out) store.delete('media_category_items', { category_id: d.categoryId, media_id: mediaId });
        store.put('media_categories', { ...row, media_ids: row.media_ids.filter((m) => !out.has(m)) });
        break;
      }
    }
  },
});

export interface CategoryCounts {
  photo_count: number;
  video_count: number;
  /** Ready to use (rendered); the rest is processing or failed. */
  processed_photo_count: number;
  processed_video_count: number;
}

export interface CategoryListItem extends CategoryCounts {
  id: string;
  name: string;
  slug: string;
  reserved: boolean;
  created_at: string | null;
}

const COUNTS = sql`
  count(*) FILTER (WHERE m.kind = 'photo') AS photo_count,
  count(*) FILTER (WHERE m.kind = 'video') AS video_count,
  count(*) FILTER (WHERE m.kind = 'photo' AND m.status = 'ready') AS processed_photo_count,
  count(*) FILTER (WHERE m.kind = 'video' AND m.status = 'ready') AS processed_video_count`;

/** A fan's chat photo or video (api/routes/chat-fan-media.ts) is private to that fan and staff: never in the library. */
const NOT_FAN_UPLOAD = sql`NOT EXISTS (SELECT 1 FROM rm.users fu WHERE fu.id = m.uploaded_by AND fu.role = 'user')`;

/** Media used as a preview by a post that is not deleted: the reserved 'Preview' category. */
const IS_PREVIEW = sql`EXISTS (SELECT 1 FROM rm.posts p WHERE p.deleted = false AND p.preview_media_id = m.id)`;

/** The COUNTS columns as a statement reads them (count(*) is a bigint: a number from either driver). */
type CountColumns = Record<keyof CategoryCounts, number | string>;

const counts = (r: CountColumns | undefined): CategoryCounts => ({
  photo_count: Number(r?.photo_count ?? 0),
  video_count: Number(r?.video_count ?? 0),
  processed_photo_count: Number(r?.processed_photo_count ?? 0),
  processed_video_count: Number(r?.processed_video_count ?? 0),
});

/** 'All Media' and 'Preview' first, then the creator's categories by name, each with its media counts. */
export async function listMediaCategories(db: Kysely<ReadModels>): Promise<CategoryListItem[]> {
  const [all, preview, own] = await Promise.all([
    sql<CountColumns>`SELECT ${COUNTS} FROM rm.media m WHERE m.removed = false AND ${NOT_FAN_UPLOAD}`.execute(db),
    sql<CountColumns>`SELECT ${COUNTS} FROM rm.media m WHERE m.removed = false AND ${IS_PREVIEW}`.execute(db),
    sql<CountColumns & { id: string; name: string; slug: string; created_at: Date }>`SELECT c.id, c.name, c.slug, c.created_at, ${COUNTS}
        FROM rm.media_categories c
        LEFT JOIN rm.media_category_items i ON i.category_id = c.id
        LEFT JOIN rm.media m ON m.id = i.media_id AND m.removed = false
        GROUP BY c.id, c.name, c.slug, c.created_at
        ORDER BY c.slug, c.id`.execute(db),
  ]);
  const reserved = (c: { id: string; name: string; slug: string }, row: CountColumns | undefined): CategoryListItem => ({ ...c, reserved: true, created_at: null, ...counts(row) });
  return [
    reserved(ALL_MEDIA, all.rows[0]),
    reserved(PREVIEW, preview.rows[0]),
    ...own.rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, reserved: false, created_at: new Date(r.created_at).toISOString(), ...counts(r) })),
  ];
}

/** Whether a category of the creator's (not the reserved ones) exists and is not deleted. */
export async function mediaCategoryExists(db: Kysely<ReadModels>, id: string): Promise<boolean> {
  return !!(await db.withSchema('rm').selectFrom('media_categories').select('id').where('id', '=', id).executeTakeFirst());
}

export interface LibraryQuery {
  page: number;
  pageSize: number;
  kind: MediaKind | null;
  /** A category id, ALL_MEDIA.id or PREVIEW.id. */
  categoryId: string;
  search: string | null;
}

export interface LibraryPage {
  rows: MediaRow[];
  total: number;
  /** Over the whole category (and search), whatever the kind filter: the tabs show them. */
  counts: { photo: number; video: number; total: number };
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the library, newest first: media not removed, in the category, matching the search. */
export async function libraryPage(db: Kysely<ReadModels>, q: LibraryQuery): Promise<LibraryPage> {
  const where: RawBuilder<unknown>[] = [sql`m.removed = false`, NOT_FAN_UPLOAD];
  if (q.categoryId === PREVIEW.id) where.push(IS_PREVIEW);
  else if (q.categoryId !== ALL_MEDIA.id)
    where.push(sql`EXISTS (SELECT 1 FROM rm.media_category_items i WHERE i.category_id = ${q.categoryId} AND i.media_id = m.id)`);
  if (q.search) where.push(sql`m.file_name ILIKE ${escapeLike(q.search)}`);
  const base = sql.join(where, sql` AND `);
  const filtered = q.kind ? sql`${base} AND m.kind = ${q.kind}` : base;
  const [rows, totals] = await Promise.all([
    sql<MediaRow>`SELECT m.* FROM rm.media m WHERE ${filtered} ORDER BY m.created_at DESC, m.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`.execute(db),
    sql<{ photo: number; video: number }>`SELECT count(*) FILTER (WHERE m.kind = 'photo') AS photo, count(*) FILTER (WHERE m.kind = 'video') AS video FROM rm.media m WHERE ${base}`.execute(db),
  ]);
  const photo = Number(totals.rows[0]?.photo ?? 0);
  const video = Number(totals.rows[0]?.video ?? 0);
  const total = q.kind === 'photo' ? photo : q.kind === 'video' ? video : photo + video;
  return {
    rows: rows.rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    total,
    counts: { photo, video, total: photo + video },
  };
}

/** The (live) categories of each media item given. */
export async function categoryIdsOfMedia(db: Kysely<ReadModels>, mediaIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (mediaIds.length === 0) return out;
  const rows = await db.withSchema('rm').selectFrom('media_category_items').select(['media_id', 'category_id']).where('media_id', 'in', mediaIds).orderBy('added_at').orderBy('category_id').execute();
  for (const r of rows as { media_id: string; category_id: string }[]) out.set(r.media_id, [...(out.get(r.media_id) ?? []), r.category_id]);
  return out;
}

/** Those of `mediaIds` that a post not deleted shows or uses as its preview: they may not be removed. */
export async function mediaUsedByLivePosts(db: Kysely<ReadModels>, mediaIds: string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const ids = sql.join(mediaIds.map((id) => sql`${id}`));
  const r = await sql<{ id: string }>`
    SELECT e->>'mediaId' AS id FROM rm.posts p, jsonb_array_elements(p.media) e WHERE p.deleted = false AND e->>'mediaId' IN (${ids})
    UNION
    SELECT p.preview_media_id AS id FROM rm.posts p WHERE p.deleted = false AND p.preview_media_id IN (${ids})`.execute(db);
  return new Set(r.rows.map((x) => x.id));
}

// The "Feed tags" resource speaks the spec's feed-tag calls, not the /admin-api REST surface:
//   list   POST /api/feed-tags/                  (whole catalogue; filtered, sorted and paged here)
//   create POST /api/feed-tags/add-or-update     { name, slug }
//   update POST /api/feed-tags/add-or-update     { id, name, slug }
//   delete DELETE /api/feed-tags/delete/:id
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { normaliseTagName, type FeedTagList, type FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { httpClient } from '../dataProvider';

export const FEED_TAGS_RESOURCE = 'feed-tags';

export interface FeedTagRecord extends RaRecord {
  id: string;
  name: string;
  slug: string;
  count: number | null;
}

const record = (t: FeedTagView): FeedTagRecord => ({ id: t._id, name: t.name, slug: t.slug, count: t.count ?? null });

async function allTags(): Promise<FeedTagRecord[]> {
  const { json } = await httpClient('/api/feed-tags/', { method: 'POST', body: '{}' });
  return ((json?.data as FeedTagList | undefined)?.feed_tags ?? []).map(record);
}

async function save(data: { id?: Identifier; name?: string }): Promise<{ record: FeedTagRecord; message: string }> {
  const name = normaliseTagName(String(data.name ?? ''));
  const { json } = await httpClient('/api/feed-tags/add-or-update', {
    method: 'POST',
    body: JSON.stringify({ ...(data.id ? { id: String(data.id) } : {}), name, slug: name }),
  });
  return { record: record(json.data.feed_tag as FeedTagView), message: String(json.message ?? '') };
}

const compare = (field: string, order: string) => (a: FeedTagRecord, b: FeedTagRecord) => {
  const x = a[field as keyof FeedTagRecord] ?? '';
  const y = b[field as keyof FeedTagRecord] ?? '';
  const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  return order === 'DESC' ? -c : c;
};

/** Routes the feed-tags resource to its own calls and everything else to `base`. */
export function withFeedTags<D extends DataProvider>(base: D): D {
  const mine = (resource: string) => resource === FEED_TAGS_RESOURCE;
  return {
    ...base,
    async getList(resource, params) {
      if (!mine(resource)) return base.getList(resource, params);
      const q = normaliseTagName(String(params.filter?.q ?? ''));
      const { field = 'name', order = 'ASC' } = params.sort ?? {};
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const rows = (await allTags()).filter((t) => !q || t.slug.includes(q)).sort(compare(field, order));
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length } as never;
    },
    async getOne(resource, params) {
      if (!mine(resource)) return base.getOne(resource, params);
      const tag = (await allTags()).find((t) => t.id === String(params.id));
      if (!tag) throw new Error('Invalid Tag');
      return { data: tag } as never;
    },
    async getMany(resource, params) {
      if (!mine(resource)) return base.getMany(resource, params);
      const ids = new Set(params.ids.map(String));
      return { data: (await allTags()).filter((t) => ids.has(t.id)) } as never;
    },
    async create(resource, params) {
      if (!mine(resource)) return base.create(resource, params);
      return { data: (await save(params.data)).record } as never;
    },
    async update(resource, params) {
      if (!mine(resource)) return base.update(resource, params);
      return { data: (await save({ ...params.data, id: params.id })).record } as never;
    },
    async delete(resource, params) {
      if (!mine(resource)) return base.delete(resource, params);
      await httpClient(`/api/feed-tags/delete/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      return { data: params.previousData ?? { id: params.id } } as never;
    },
    async deleteMany(resource, params) {
      if (!mine(resource)) return base.deleteMany(resource, params);
      for (const id of params.ids) await httpClient(`/api/feed-tags/delete/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
      return { data: params.ids } as never;
    },
  };
}

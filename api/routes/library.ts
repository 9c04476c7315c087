// The Content Manager's media library. Contracts: domain/media/wire.ts ("Content Manager").
//   GET  /api/media/category                      categories with counts ('All Media', 'Preview' first)
//   POST /api/media/category                      { name }            create
//   POST /api/media/category/update               { id, name }        rename
//   POST /api/media/category/delete               { id }              delete (the media stay in the library)
//   POST /api/media/get                           { page, type, category_id, search }  a page of media
//   POST /api/media/add-media-from-category       { category_id, media_ids }  put media into a category
//   POST /api/media/remove-media-from-category    { category_id, media_ids }  take them out again
//   POST /api/media/remove-media                  { mediaIds }        remove from the library
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { LibraryMediaRecord, MediaCategoryRecord, MediaLibraryPage } from '../../domain/media/wire';
import type { Role } from '../../domain/shared/wire';
import { DomainError } from '../../domain/shared/decider';
import { ALL_MEDIA, CATEGORY_MESSAGES, LIBRARY_PAGE_SIZE, MEDIA_MESSAGES, PREVIEW } from '../../domain/category/category';
import { addMediaToCategory, createCategory, deleteCategory, removeMedia, renameCategory, takeMediaOutOfCategory } from '../../commands/library';
import {
  categoryIdsOfMedia, libraryPage, listMediaCategories, mediaCategoryExists, mediaUsedByLivePosts, type CategoryListItem,
} from '../../projections/media-library';
import type { MediaRow } from '../../projections/media';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { adminMedia } from '../queries/admin-views';
import type { Services } from '../services';

/** File sizes are for the creator's admins only (file sizes are shown only to admins). */
export const seesFileSize = (role: Role) => role === 'admin' || role === 'super_admin';

/** A request names at most this many media at once (a page is 30; a "select all" of a few pages fits). */
const MAX_IDS = 500;

const uuid = (field: string) => z.string({ error: `${field} is required.` }).uuid({ error: `${field} is invalid.` });
const mediaIdList = (field: string) =>
  z.array(uuid(field), { error: `${field} is required.` }).min(1, { error: `${field} is required.` }).max(MAX_IDS, { error: `${field} has too many items.` });

/** Absent is blank: the decider answers with the spec's 'Name is required'. */
const name = z.string().max(1000, { error: CATEGORY_MESSAGES.tooLong }).default('');
const createBody = z.object({ name });
const updateBody = z.object({ id: z.string({ error: 'id is required.' }).min(1, { error: 'id is required.' }).max(100), name });
const deleteBody = z.object({ id: z.string({ error: 'id is required.' }).min(1, { error: 'id is required.' }).max(100) });
/** A category the media go into or come out of: a uuid, or a reserved id (refused by the decider). */
const categoryId = z.string({ error: 'category_id is required.' }).min(1, { error: 'category_id is required.' }).max(100);
const assignBody = z.object({ category_id: categoryId, media_ids: mediaIdList('media_ids') });
const removeBody = z.object({ mediaIds: mediaIdList('mediaIds') });

const listBody = z.object({
  page: z.coerce.number({ error: 'page is invalid.' }).int({ error: 'page is invalid.' }).min(1, { error: 'page is invalid.' }).max(100_000).default(1),
  type: z.enum(['all', 'photo', 'video'], { error: 'type is invalid.' }).default('all'),
  /** null, '' or absent: All Media. */
  category_id: z.union([z.literal(''), z.null(), z.literal(ALL_MEDIA.id), z.literal(PREVIEW.id), z.string().uuid()], { error: 'category_id is invalid.' })
    .optional()
    .transform((v) => v || ALL_MEDIA.id),
  search: z.string({ error: 'search is invalid.' }).max(200, { error: 'search is invalid.' }).optional().transform((v) => v?.trim() || null),
});

const categoryRecord = (c: CategoryListItem): MediaCategoryRecord => ({
  id: c.id, name: c.name, slug: c.slug, reserved: c.reserved,
  photo_count: c.photo_count, video_count: c.video_count, processed_photo_count: c.processed_photo_count, processed_video_count: c.processed_video_count,
});

export const libraryRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;

  const categories = async () => (await listMediaCategories(db())).map(categoryRecord);
  const answer = (reply: FastifyReply, message: string | undefined, data: unknown) => reply.send({ success: 1, ...(message ? { message } : {}), data });

  const libraryRecord = (m: MediaRow, categoryIds: string[], withSize: boolean): LibraryMediaRecord => {
    const { size, ...record } = adminMedia(m, services.storage);
    return {
      ...record,
      ...(withSize ? { size: Number(size) } : {}),
      created_at: new Date(m.created_at).toISOString(),
      category_ids: categoryIds,
      video_duration: m.duration_ms == null ? null : Math.round(m.duration_ms / 1000),
    };
  };

  app.get('/api/media/category', async (_request, reply) => answer(reply, undefined, await categories()));

  app.post('/api/media/category', { schema: { body: createBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    const { categoryId } = await createCategory(ctx, b.name);
    await settle(services, ctx);
    const list = await categories();
    return answer(reply, CATEGORY_MESSAGES.added, { categories: list, category: list.find((c) => c.id === categoryId) ?? null });
  });

  app.post('/api/media/category/update', { schema: { body: updateBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    await renameCategory(ctx, b.id, b.name);
    await settle(services, ctx);
    const list = await categories();
    return answer(reply, CATEGORY_MESSAGES.updated, { categories: list, category: list.find((c) => c.id === b.id) ?? null });
  });

  app.post('/api/media/category/delete', { schema: { body: deleteBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    await deleteCategory(ctx, b.id);
    await settle(services, ctx);
    return answer(reply, CATEGORY_MESSAGES.deleted, { categories: await categories() });
  });

  app.post('/api/media/get', { schema: { body: listBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const b = request.body;
    if (b.category_id !== ALL_MEDIA.id && b.category_id !== PREVIEW.id && !(await mediaCategoryExists(db(), b.category_id)))
      throw new DomainError(CATEGORY_MESSAGES.invalidRequest, 'CATEGORY_NOT_FOUND', 404, { field: 'category_id' });
    const r = await libraryPage(db(), {
      page: b.page, pageSize: LIBRARY_PAGE_SIZE, kind: b.type === 'all' ? null : b.type, categoryId: b.category_id, search: b.search,
    });
    const inCategories = await categoryIdsOfMedia(db(), r.rows.map((m) => m.id));
    const withSize = seesFileSize(caller.role);
    const data: MediaLibraryPage = {
      media: r.rows.map((m) => libraryRecord(m, inCategories.get(m.id) ?? [], withSize)),
      currentPage: b.page,
      totalPages: Math.ceil(r.total / LIBRARY_PAGE_SIZE),
      counts: r.counts,
    };
    return answer(reply, undefined, data);
  });

  app.post('/api/media/add-media-from-category', { schema: { body: assignBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    const { added } = await addMediaToCategory(ctx, b.category_id, b.media_ids);
    await settle(services, ctx);
    return answer(reply, CATEGORY_MESSAGES.mediaAdded, { categories: await categories(), added });
  });

  app.post('/api/media/remove-media-from-category', { schema: { body: assignBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    await takeMediaOutOfCategory(ctx, b.category_id, b.media_ids);
    await settle(services, ctx);
    return answer(reply, CATEGORY_MESSAGES.mediaTakenOut, { categories: await categories() });
  });

  app.post('/api/media/remove-media', { schema: { body: removeBody } }, async (request, reply) => {
    const b = request.body;
    const used = await mediaUsedByLivePosts(db(), b.mediaIds);
    const ctx = contextFor(request, services);
    const { removed } = await removeMedia(ctx, b.mediaIds, used);
    await settle(services, ctx);
    return answer(reply, MEDIA_MESSAGES.removed, { removed });
  });
};

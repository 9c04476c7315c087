// The Content Manager's media library: categories (one `media-categories` stream, see
// domain/category), putting media into and out of them, and removing media from the library (each item's own
// media stream). Media that a live post uses cannot be removed; the posts read model answers that question.
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { MEDIA_CATEGORIES_STREAM, MEDIA_MESSAGES, categoryDecider } from '../domain/category/category';
import { mediaDecider, mediaStream } from '../domain/media/media';
import { handle, loadStream, type CommandContext } from './handle';

export async function createCategory(ctx: CommandContext, name: string): Promise<{ categoryId: string }> {
  const categoryId = ctx.newId();
  await handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'CreateCategory', categoryId, name, at: ctx.now() });
  return { categoryId };
}

export async function renameCategory(ctx: CommandContext, categoryId: string, name: string): Promise<{ changed: boolean }> {
  const r = await handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'RenameCategory', categoryId, name });
  return { changed: r.events.length > 0 };
}

export const deleteCategory = (ctx: CommandContext, categoryId: string) =>
  handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'DeleteCategory', categoryId, at: ctx.now() });

/** Every id must name an uploaded item still in the library; otherwise nothing is written. */
async function requireLibraryMedia(ctx: CommandContext, mediaIds: string[], field: string): Promise<void> {
  for (const id of new Set(mediaIds)) {
    const { state } = await loadStream(ctx.store, mediaStream(id), mediaDecider);
    if (state.status === 'none' || state.removed) throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404, { field });
  }
}

/** Puts media into a category; those already there are left as they are (assigning twice writes nothing). */
export async function addMediaToCategory(ctx: CommandContext, categoryId: string, mediaIds: string[]): Promise<{ added: string[] }> {
  await requireLibraryMedia(ctx, mediaIds, 'media_ids');
  const r = await handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'AddMediaToCategory', categoryId, mediaIds, at: ctx.now() });
  return { added: r.events.flatMap((e) => (e.type === 'MediaAddedToCategory' ? e.data.mediaIds : [])) };
}

/** Takes media out of one category; they stay in the library and in their other categories. */
export const takeMediaOutOfCategory = (ctx: CommandContext, categoryId: string, mediaIds: string[]) =>
  handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'TakeMediaOutOfCategory', categoryId, mediaIds });

/**
 * Removes media from the library. All or nothing: every id is checked first (uploaded, not used by a live
 * post — `usedByLivePosts` comes from the posts read model), then each item is removed. Already removed items
 * are skipped, so a retry is harmless.
 */
export async function removeMedia(ctx: CommandContext, mediaIds: string[], usedByLivePosts: ReadonlySet<string>): Promise<{ removed: string[] }> {
  const ids = [...new Set(mediaIds)];
  if (ids.some((id) => usedByLivePosts.has(id))) throw new ValidationError('mediaIds', MEDIA_MESSAGES.usedInPost);
  for (const id of ids) {
    const { state } = await loadStream(ctx.store, mediaStream(id), mediaDecider);
    if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404, { field: 'mediaIds' });
  }
  const removed: string[] = [];
  for (const id of ids) {
    const r = await handle(ctx, mediaStream(id), mediaDecider, { type: 'RemoveMedia', at: ctx.now() });
    if (r.events.length) removed.push(id);
  }
  return { removed };
}

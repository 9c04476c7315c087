// Feed tags: create, rename and delete tags, and set the tags of a post. All of it goes through
// the one `feed-tags` stream (see domain/feed-tag), so a slug stays unique and a deleted tag leaves no post.
import { DomainError } from '../domain/shared/decider';
import { FEED_TAGS_STREAM, feedTagDecider, tagsOfPost } from '../domain/feed-tag/feed-tag';
import { handle, loadStream, type CommandContext } from './handle';

export async function createFeedTag(ctx: CommandContext, name: string): Promise<{ tagId: string; changed: boolean }> {
  const tagId = ctx.newId();
  const r = await handle(ctx, FEED_TAGS_STREAM, feedTagDecider, { type: 'CreateTag', tagId, name, at: ctx.now() });
  return { tagId, changed: r.events.length > 0 };
}

export async function renameFeedTag(ctx: CommandContext, tagId: string, name: string): Promise<{ changed: boolean }> {
  const r = await handle(ctx, FEED_TAGS_STREAM, feedTagDecider, { type: 'RenameTag', tagId, name });
  return { changed: r.events.length > 0 };
}

export const deleteFeedTag = (ctx: CommandContext, tagId: string) => handle(ctx, FEED_TAGS_STREAM, feedTagDecider, { type: 'DeleteTag', tagId });

/**
 * Sets the tags of a post to exactly `tagIds`. `postExists` is checked by the caller against the posts read model
 * (posts live in their own streams); an unknown post is refused before anything is written.
 */
export async function setPostTags(ctx: CommandContext, postId: string, tagIds: string[], postExists: boolean) {
  if (!postExists) throw new DomainError('Invalid Post Id', 'POST_NOT_FOUND', 404, { field: 'blogId' });
  return handle(ctx, FEED_TAGS_STREAM, feedTagDecider, { type: 'SetPostTags', postId, tagIds });
}

/** Adds one tag to a post, keeping the tags it already has. */
export async function addTagToPost(ctx: CommandContext, postId: string, tagId: string, postExists: boolean) {
  if (!postExists) throw new DomainError('Invalid Post Id', 'POST_NOT_FOUND', 404, { field: 'blogId' });
  return handle(ctx, FEED_TAGS_STREAM, feedTagDecider, (state) => {
    const current = tagsOfPost(state, postId);
    return { type: 'SetPostTags' as const, postId, tagIds: current.includes(tagId) ? current : [...current, tagId] };
  });
}

/** The current tags of a post, straight from the stream (used to answer right after a write). */
export async function postTagIds(ctx: CommandContext, postId: string): Promise<string[]> {
  const { state } = await loadStream(ctx.store, FEED_TAGS_STREAM, feedTagDecider);
  return tagsOfPost(state, postId);
}

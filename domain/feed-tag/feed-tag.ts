// Feed tags: the creator's catalogue of tags and which posts carry them. ONE stream
// (`feed-tags`) holds the whole catalogue, so a slug is unique by construction (two writers racing for the same
// slug conflict on the expected revision and the second one is decided again), and deleting a tag knows every
// post it must be detached from. A creator has tens of tags; tagging writes one event per post change.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const FEED_TAGS_STREAM = 'feed-tags';

export const TAG_NAME_MAX = 30;

/** The spec's texts. */
export const TAG_MESSAGES = {
  blank: 'Enter Valid Tag Name',
  tooLong: `Tag name cannot be more than ${TAG_NAME_MAX} characters`,
  duplicate: 'Tag already exist',
  updated: 'Tag update successfully',
  added: 'Tag added successfully',
  deleted: 'Tag deleted successfully',
  tagsSaved: 'Tags updated successfully',
  emptyInList: 'Tag not allow empty',
  alreadyAdded: 'Tag already added',
  notFound: 'Invalid Tag',
  deleteConfirm: 'Are you sure you want to delete this tag?',
  noTags: 'No Tags Available',
} as const;

/** Tags are trimmed and lower-cased; the slug is that same text. */
export const normaliseTagName = (name: string): string => name.trim().toLowerCase();
export const tagSlug = normaliseTagName;

/** The name rule both the console and the server apply; undefined when acceptable. */
export function tagNameProblem(name: string): string | undefined {
  const n = normaliseTagName(name);
  if (n === '') return TAG_MESSAGES.blank;
  if (n.length > TAG_NAME_MAX) return TAG_MESSAGES.tooLong;
  return undefined;
}

/** One tag as the apps read it (POST /api/feed-tags/); `count` only for staff who manage tags. */
export interface FeedTagView {
  _id: string;
  name: string;
  slug: string;
  count?: number;
}

/** The answer of POST /api/feed-tags/ (`data`). */
export interface FeedTagList {
  feed_tags: FeedTagView[];
  feed_tags_enable: boolean;
}

export type FeedTagEvent =
  | DomainEvent<'FeedTagCreated', { tagId: string; name: string; slug: string; createdAt: string }>
  | DomainEvent<'FeedTagRenamed', { tagId: string; name: string; slug: string }>
  /** `postIds`: the posts that carried the tag, now detached. */
  | DomainEvent<'FeedTagDeleted', { tagId: string; postIds: string[] }>
  | DomainEvent<'FeedPostTagsChanged', { postId: string; added: string[]; removed: string[] }>;

export type FeedTagCommand =
  | { type: 'CreateTag'; tagId: string; name: string; at: string }
  | { type: 'RenameTag'; tagId: string; name: string }
  | { type: 'DeleteTag'; tagId: string }
  /** Sets the post's tags to exactly `tagIds`. */
  | { type: 'SetPostTags'; postId: string; tagIds: string[] };

export interface FeedTag {
  name: string;
  slug: string;
  posts: Set<string>;
}

export interface FeedTagState {
  tags: Map<string, FeedTag>;
}

const existing = (state: FeedTagState, tagId: string): FeedTag => {
  const tag = state.tags.get(tagId);
  if (!tag) throw new DomainError(TAG_MESSAGES.notFound, 'TAG_NOT_FOUND', 404, { field: 'id' });
  return tag;
};

const validName = (name: string): string => {
  const problem = tagNameProblem(name);
  if (problem) throw new ValidationError('name', problem);
  return normaliseTagName(name);
};

const slugTakenByOther = (state: FeedTagState, slug: string, tagId: string) =>
  [...state.tags].some(([id, t]) => id !== tagId && t.slug === slug);

const postTags = (state: FeedTagState, postId: string) => [...state.tags].filter(([, t]) => t.posts.has(postId)).map(([id]) => id);

export const feedTagDecider: Decider<FeedTagCommand, FeedTagEvent, FeedTagState> = {
  initialState: () => ({ tags: new Map() }),
  evolve(state, event) {
    const tags = new Map(state.tags);
    switch (event.type) {
      case 'FeedTagCreated':
        tags.set(event.data.tagId, { name: event.data.name, slug: event.data.slug, posts: new Set() });
        break;
      case 'FeedTagRenamed': {
        const t = tags.get(event.data.tagId);
        if (t) tags.set(event.data.tagId, { ...t, name: event.data.name, slug: event.data.slug });
        break;
      }
      case 'FeedTagDeleted':
        tags.delete(event.data.tagId);
        break;
      case 'FeedPostTagsChanged': {
        const { postId, added, removed } = event.data;
        for (const id of added) {
          const t = tags.get(id);
          if (t) tags.set(id, { ...t, posts: new Set(t.posts).add(postId) });
        }
        for (const id of removed) {
          const t = tags.get(id);
          if (!t) continue;
          const posts = new Set(t.posts);
          posts.delete(postId);
          tags.set(id, { ...t, posts });
        }
        break;
      }
    }
    return { tags };
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateTag': {
        const name = validName(command.name);
        if (state.tags.has(command.tagId)) return [];
        if (slugTakenByOther(state, name, command.tagId)) throw new ValidationError('name', TAG_MESSAGES.duplicate);
        return [{ type: 'FeedTagCreated', data: { tagId: command.tagId, name, slug: tagSlug(name), createdAt: command.at } }];
      }
      case 'RenameTag': {
        const name = validName(command.name);
        const tag = existing(state, command.tagId);
        if (slugTakenByOther(state, name, command.tagId)) throw new ValidationError('name', TAG_MESSAGES.duplicate);
        return tag.name === name ? [] : [{ type: 'FeedTagRenamed', data: { tagId: command.tagId, name, slug: tagSlug(name) } }];
      }
      case 'DeleteTag': {
        const tag = existing(state, command.tagId);
        return [{ type: 'FeedTagDeleted', data: { tagId: command.tagId, postIds: [...tag.posts] } }];
      }
      case 'SetPostTags': {
        if (new Set(command.tagIds).size !== command.tagIds.length) throw new ValidationError('feedTags', TAG_MESSAGES.alreadyAdded);
        for (const id of command.tagIds) if (!state.tags.has(id)) throw new ValidationError('feedTags', TAG_MESSAGES.notFound);
        const current = postTags(state, command.postId);
        const added = command.tagIds.filter((id) => !current.includes(id));
        const removed = current.filter((id) => !command.tagIds.includes(id));
        return added.length || removed.length ? [{ type: 'FeedPostTagsChanged', data: { postId: command.postId, added, removed } }] : [];
      }
    }
  },
};

/** The tag ids a post carries, in the catalogue's order. */
export const tagsOfPost = (state: FeedTagState, postId: string): string[] => postTags(state, postId);

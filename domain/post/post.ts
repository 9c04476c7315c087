// Post aggregate (stream `post-<id>`): a creator's post with its caption, media, visibility and price.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { MediaKind, PostVisibility } from '../shared/wire';
import { ValidationError } from '../shared/validation';

export const postStream = (postId: string) => `post-${postId}`;

export const MAX_MEDIA_PER_POST = 45;

export interface PostMediaRef {
  mediaId: string;
  kind: MediaKind;
}

export type PostEvent =
  | DomainEvent<
      'PostCreated',
      {
        postId: string;
        authorId: string;
        caption: string;
        visibility: PostVisibility;
        priceCents: number;
        media: PostMediaRef[];
        previewMediaId: string | null;
        publishAt: string;
        createdAt: string;
        isDemo?: boolean;
      }
    >
  | DomainEvent<'PostDeleted', { postId: string; deletedAt: string }>;

export interface CreatePost {
  type: 'CreatePost';
  postId: string;
  authorId: string;
  caption: string;
  visibility: PostVisibility;
  /** Whole dollars as typed in the composer; required for locked posts. */
  amountDollars: number | null;
  media: PostMediaRef[];
  previewMediaId?: string | null;
  publishAt: string;
  at: string;
  settings: { minAmount: number; maxAmount: number; enablePublicPost: boolean };
  isDemo?: boolean;
}

export type PostCommand = CreatePost | { type: 'DeletePost'; at: string };

export interface PostState {
  postId: string | null;
  exists: boolean;
  deleted: boolean;
  visibility: PostVisibility | null;
  priceCents: number;
}

export const blogTypeOf = (media: PostMediaRef[]): 'text' | 'photo' | 'video' | 'gallery' =>
  media.length === 0 ? 'text' : media.length > 1 ? 'gallery' : media[0].kind;

/** Composer rules from spec 2 §5, in the order the composer checks them. */
export function validateNewPost(c: CreatePost): void {
  if (c.media.length === 0) throw new ValidationError('media_ids', 'Please Select Media');
  if (c.media.length > MAX_MEDIA_PER_POST)
    throw new ValidationError('media_ids', `You have selected ${c.media.length} images, maximum ${MAX_MEDIA_PER_POST} images allowed.`);
  if (c.media.length > 1 && c.caption.trim() === '') throw new ValidationError('caption', 'Please Add Caption');
  if (c.visibility === 'public' && !c.settings.enablePublicPost) throw new ValidationError('visibility', 'Invalid Request');
  if (c.visibility === 'locked') {
    const { minAmount, maxAmount } = c.settings;
    const a = c.amountDollars;
    if (a === null || !Number.isInteger(a) || a < minAmount || a > maxAmount)
      throw new ValidationError('amount', `Choose an amount between ${minAmount} and ${maxAmount}`);
  }
  if (c.previewMediaId) {
    if (c.visibility !== 'locked') throw new ValidationError('preview', 'Preview is only available for Locked posts.');
  }
}

export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  initialState: () => ({ postId: null, exists: false, deleted: false, visibility: null, priceCents: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'PostCreated':
        return { ...state, postId: event.data.postId, exists: true, visibility: event.data.visibility, priceCents: event.data.priceCents };
      case 'PostDeleted':
        return { ...state, deleted: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreatePost': {
        if (state.exists) throw new DomainError('Invalid Request', 'POST_EXISTS', 409);
        validateNewPost(command);
        return [
          {
            type: 'PostCreated',
            data: {
              postId: command.postId,
              authorId: command.authorId,
              caption: command.caption.trim(),
              visibility: command.visibility,
              priceCents: command.visibility === 'locked' ? (command.amountDollars ?? 0) * 100 : 0,
              media: command.media,
              previewMediaId: command.previewMediaId ?? null,
              publishAt: command.publishAt,
              createdAt: command.at,
              ...(command.isDemo ? { isDemo: true } : {}),
            },
          },
        ];
      }
      case 'DeletePost':
        if (!state.exists || state.deleted) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
        return [{ type: 'PostDeleted', data: { postId: state.postId!, deletedAt: command.at } }];
    }
  },
};

// Post aggregate (stream `post-<id>`): a creator's post with its caption, media, visibility and price, and its
// lifecycle after creation: edit, review (an errored post reposted without the errored items) and reuse (a new
// post republishing an older one; versions are grouped by the root post, whose stream lists them so a fan who
// bought any version is entitled to every version).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { MediaKind } from '../media/wire';
import type { PostVisibility } from './wire';
import { ValidationError } from '../shared/validation';
import { BASE_TIER_ID } from '../membership-plan/plan';

export const postStream = (postId: string) => `post-${postId}`;

export const MAX_MEDIA_PER_POST = 45;

/** A schedule this far in the past is still "now": the composer's clock may run a little behind ours. */
export const SCHEDULE_SKEW_MS = 60_000;

export const POST_MESSAGES = {
  selectMedia: 'Please Select Media',
  addCaption: 'Please Add Caption',
  previewLockedOnly: 'Preview is only available for Locked posts.',
  scheduleInPast: 'Schedule date cannot be in the past.',
  invalidRequest: 'Invalid Request',
  notFound: 'Something went wrong',
  posted: 'Content posted successfully.',
  processing: 'The uploaded post is being processed and will be visible in some time.',
  updated: 'Post updated successfully.',
  reviewed: 'Content reviewed successfully.',
  reuseFailed: 'There was a problem in reuse post.',
  deleted: 'Post deleted.',
} as const;

export const amountMessage = (min: number, max: number) => `Choose an amount between ${min} and ${max}`;

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
        /** A library category (rm.categories); absent on posts created before categories. */
        categoryId?: string | null;
        /** Reuse: the root post of the group this post is a new version of. */
        reuseOf?: string;
        /** The lowest membership tier that sees it (domain/membership-plan); absent: every subscriber. */
        minTierId?: string;
      }
    >
  | DomainEvent<'PostDeleted', { postId: string; deletedAt: string }>
  | DomainEvent<
      'PostEdited',
      /** minTierId: the lowest tier that sees it (null: every subscriber); absent on edits from before tiers (unchanged). */
      { postId: string; caption: string; visibility: PostVisibility; previewMediaId: string | null; editedAt: string; minTierId?: string | null }
    >
  /** An errored post fixed and reposted: its media (without the errored items), caption and price replaced. */
  | DomainEvent<
      'PostReviewed',
      { postId: string; caption: string; media: PostMediaRef[]; previewMediaId: string | null; priceCents: number; reviewedAt: string }
    >
  /** On the ROOT post's stream: `versionId` was created as a reuse of this post (or of one of its versions). */
  | DomainEvent<'PostVersionAdded', { postId: string; versionId: string; at: string }>;

export interface PostSettings {
  /** Whole-dollar bounds for the price of a locked post (unlock bounds; tips bounds for a reuse). */
  minAmount: number;
  maxAmount: number;
  enablePublicPost: boolean;
}

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
  /** When the post appears: now, a trusted date (demo history, a reuse keeping the original date), or `schedule`. */
  publishAt: string;
  /** A date the creator chose: it must not be in the past, and becomes publishAt. */
  schedule?: string | null;
  at: string;
  settings: PostSettings;
  isDemo?: boolean;
  categoryId?: string | null;
  reuseOf?: string | null;
  /** The lowest tier that sees it: null or the base tier = every subscriber. */
  minTierId?: string | null;
  /** The tiers offered now (ids), to check minTierId against. */
  tierIds?: string[];
}

export interface EditPost {
  type: 'EditPost';
  caption: string;
  /** Unlocked posts only: the new visibility; undefined keeps it. */
  visibility?: 'private' | 'public';
  /** Locked posts only: the preview item; null removes it, undefined keeps it. */
  previewMediaId?: string | null;
  /** The lowest tier that sees it: null = every subscriber, undefined keeps it. */
  minTierId?: string | null;
  /** The tiers offered now (ids), to check minTierId against. */
  tierIds?: string[];
  enablePublicPost: boolean;
  at: string;
}

export interface ReviewPost {
  type: 'ReviewPost';
  caption: string;
  media: PostMediaRef[];
  previewMediaId: string | null;
  amountDollars: number | null;
  /** Some item of the post failed processing (read from the media streams by the handler). */
  inError: boolean;
  settings: PostSettings;
  at: string;
}

export type PostCommand = CreatePost | EditPost | ReviewPost | { type: 'DeletePost'; at: string } | { type: 'AddVersion'; versionId: string; at: string };

export interface PostState {
  postId: string | null;
  exists: boolean;
  deleted: boolean;
  visibility: PostVisibility | null;
  priceCents: number;
  caption: string;
  media: PostMediaRef[];
  previewMediaId: string | null;
  publishAt: string | null;
  categoryId: string | null;
  /** The post this one is a version of (itself for an original). */
  rootPostId: string | null;
  /** On a root post: the versions made from it. */
  versions: string[];
  /** The lowest tier that sees it; null: every subscriber. */
  minTierId: string | null;
}

export const blogTypeOf = (media: PostMediaRef[]): 'text' | 'photo' | 'video' | 'gallery' =>
  media.length === 0 ? 'text' : media.length > 1 ? 'gallery' : media[0].kind;

/** Every media item a post shows or previews, once: what keeps it 'processing' until all are ready. */
export const mediaIdsOfPost = (post: { media: PostMediaRef[]; previewMediaId?: string | null }): string[] => [
  ...new Set([...post.media.map((m) => m.mediaId), ...(post.previewMediaId ? [post.previewMediaId] : [])]),
];

/** A chosen schedule may not be in the past, allowing SCHEDULE_SKEW_MS of clock skew. */
export function validateSchedule(schedule: string, now: string): void {
  if (Date.parse(schedule) < Date.parse(now) - SCHEDULE_SKEW_MS) throw new ValidationError('publish_at', POST_MESSAGES.scheduleInPast);
}

/** The price rule: locked posts need a whole-dollar amount within the bounds. */
function validateAmount(visibility: PostVisibility, amountDollars: number | null, s: PostSettings): void {
  if (visibility !== 'locked') return;
  const a = amountDollars;
  if (a === null || !Number.isInteger(a) || a < s.minAmount || a > s.maxAmount) throw new ValidationError('amount', amountMessage(s.minAmount, s.maxAmount));
}

const validateCaption = (caption: string, media: PostMediaRef[]) => {
  if (media.length > 1 && caption.trim() === '') throw new ValidationError('caption', POST_MESSAGES.addCaption);
};

export const TIER_LIMIT_MESSAGES = {
  unknownTier: 'Choose a tier that is offered.',
  publicPost: 'A public post is seen by everyone: choose Private or Locked to limit it to a tier.',
} as const;

/**
 * The tier limit as stored: the base tier and none mean every subscriber (null). A limit must name a tier on offer,
 * and a public post has none.
 */
export function validMinTier(visibility: PostVisibility, minTierId: string | null | undefined, tierIds: string[]): string | null {
  if (!minTierId || minTierId === BASE_TIER_ID) return null;
  if (visibility === 'public') throw new ValidationError('min_tier_id', TIER_LIMIT_MESSAGES.publicPost);
  if (!tierIds.includes(minTierId)) throw new ValidationError('min_tier_id', TIER_LIMIT_MESSAGES.unknownTier);
  return minTierId;
}

const validatePreview = (visibility: PostVisibility, previewMediaId: string | null | undefined) => {
  if (previewMediaId && visibility !== 'locked') throw new ValidationError('preview_media_id', POST_MESSAGES.previewLockedOnly);
};

function validateMediaCount(media: PostMediaRef[]): void {
  if (media.length === 0) throw new ValidationError('media_ids', POST_MESSAGES.selectMedia);
  if (media.length > MAX_MEDIA_PER_POST)
    throw new ValidationError('media_ids', `You have selected ${media.length} images, maximum ${MAX_MEDIA_PER_POST} images allowed.`);
}

/** The composer's rules, in the order the composer checks them (its first failure is the message shown). */
export function validateNewPost(c: CreatePost): void {
  validateMediaCount(c.media);
  validateCaption(c.caption, c.media);
  if (c.visibility === 'public' && !c.settings.enablePublicPost) throw new ValidationError('visibility', POST_MESSAGES.invalidRequest);
  validateAmount(c.visibility, c.amountDollars, c.settings);
  validatePreview(c.visibility, c.previewMediaId);
  if (c.schedule) validateSchedule(c.schedule, c.at);
  validMinTier(c.visibility, c.minTierId, c.tierIds ?? []);
}

const priceOf = (visibility: PostVisibility, amountDollars: number | null) => (visibility === 'locked' ? (amountDollars ?? 0) * 100 : 0);

const notFound = () => new DomainError(POST_MESSAGES.notFound, 'POST_NOT_FOUND', 404);

const live = (state: PostState) => {
  if (!state.exists || state.deleted) throw notFound();
};

export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  initialState: () => ({
    postId: null, exists: false, deleted: false, visibility: null, priceCents: 0, caption: '', media: [], previewMediaId: null, publishAt: null,
    categoryId: null, rootPostId: null, versions: [], minTierId: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'PostCreated': {
        const d = event.data;
        return {
          ...state, postId: d.postId, exists: true, visibility: d.visibility, priceCents: d.priceCents, caption: d.caption, media: d.media,
          previewMediaId: d.previewMediaId, publishAt: d.publishAt, categoryId: d.categoryId ?? null, rootPostId: d.reuseOf ?? d.postId,
          minTierId: d.minTierId ?? null,
        };
      }
      case 'PostDeleted':
        return { ...state, deleted: true };
      case 'PostEdited':
        return {
          ...state, caption: event.data.caption, visibility: event.data.visibility, previewMediaId: event.data.previewMediaId,
          minTierId: event.data.minTierId === undefined ? state.minTierId : event.data.minTierId,
        };
      case 'PostReviewed':
        return { ...state, caption: event.data.caption, media: event.data.media, previewMediaId: event.data.previewMediaId, priceCents: event.data.priceCents };
      case 'PostVersionAdded':
        return state.versions.includes(event.data.versionId) ? state : { ...state, versions: [...state.versions, event.data.versionId] };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreatePost': {
        if (state.exists) throw new DomainError(POST_MESSAGES.invalidRequest, 'POST_EXISTS', 409);
        validateNewPost(command);
        const tier = validMinTier(command.visibility, command.minTierId, command.tierIds ?? []);
        return [
          {
            type: 'PostCreated',
            data: {
              postId: command.postId,
              authorId: command.authorId,
              caption: command.caption.trim(),
              visibility: command.visibility,
              priceCents: priceOf(command.visibility, command.amountDollars),
              media: command.media,
              previewMediaId: command.previewMediaId ?? null,
              publishAt: command.schedule ?? command.publishAt,
              createdAt: command.at,
              ...(command.isDemo ? { isDemo: true } : {}),
              ...(command.categoryId ? { categoryId: command.categoryId } : {}),
              ...(command.reuseOf ? { reuseOf: command.reuseOf } : {}),
              ...(tier ? { minTierId: tier } : {}),
            },
          },
        ];
      }
      case 'EditPost': {
        live(state);
        const visibility = state.visibility!;
        validateCaption(command.caption, state.media);
        let next = visibility;
        if (command.visibility !== undefined) {
          // Locked posts keep their price and buyers: only unlocked posts switch between Private and Public.
          if (visibility === 'locked') throw new ValidationError('visibility', POST_MESSAGES.invalidRequest);
          if (command.visibility === 'public' && !command.enablePublicPost) throw new ValidationError('visibility', POST_MESSAGES.invalidRequest);
          next = command.visibility;
        }
        const preview = command.previewMediaId === undefined ? state.previewMediaId : command.previewMediaId;
        validatePreview(next, command.previewMediaId);
        const tier = command.minTierId === undefined ? (next === 'public' ? null : state.minTierId) : validMinTier(next, command.minTierId, command.tierIds ?? []);
        const caption = command.caption.trim();
        if (caption === state.caption && next === visibility && preview === state.previewMediaId && tier === state.minTierId) return [];
        return [{ type: 'PostEdited', data: { postId: state.postId!, caption, visibility: next, previewMediaId: preview, editedAt: command.at, ...(tier || state.minTierId ? { minTierId: tier } : {}) } }];
      }
      case 'ReviewPost': {
        live(state);
        if (!command.inError) throw new ValidationError('blog_id', POST_MESSAGES.invalidRequest);
        const visibility = state.visibility!;
        validateMediaCount(command.media);
        validateCaption(command.caption, command.media);
        validateAmount(visibility, command.amountDollars, command.settings);
        validatePreview(visibility, command.previewMediaId);
        return [
          {
            type: 'PostReviewed',
            data: {
              postId: state.postId!, caption: command.caption.trim(), media: command.media, previewMediaId: command.previewMediaId,
              priceCents: priceOf(visibility, command.amountDollars), reviewedAt: command.at,
            },
          },
        ];
      }
      case 'AddVersion':
        // A deleted root still groups its versions: whoever bought it stays entitled to them.
        if (!state.exists) throw notFound();
        if (state.versions.includes(command.versionId)) return [];
        return [{ type: 'PostVersionAdded', data: { postId: state.postId!, versionId: command.versionId, at: command.at } }];
      case 'DeletePost':
        live(state);
        return [{ type: 'PostDeleted', data: { postId: state.postId!, deletedAt: command.at } }];
    }
  },
};

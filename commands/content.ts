// Media uploads and posts. An upload lands in staging through a signed PUT; registering it records the
// upload, and the media worker (./media-jobs.ts) renders it; a post may be created from media still processing
// (it stays hidden, 'processing', until every item is ready). Posts are then edited, reviewed (an errored post
// reposted without the errored items) and reused (republished as a new version in the same group).
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { mediaDecider, mediaStream, ACCEPTED_TYPES } from '../domain/media/media';
import { mediaIdsOfPost, postDecider, postStream, type CreatePost, type PostMediaRef, type PostSettings } from '../domain/post/post';
import { FEED_TAGS_STREAM, TAG_MESSAGES, feedTagDecider } from '../domain/feed-tag/feed-tag';
import type { PostVisibility } from '../domain/post/wire';
import type { SiteSettings } from '../domain/settings/settings';
import { loadPlans, offeredTierIds } from './membership-plans';
import type { AppStorage as FileStorage } from '../infra/storage/port';
import type { MediaRenderer } from '../infra/media/port';
import { fanUploaderOf } from './media-owner';
import { handle, loadStream, observedEarlierAttempt, type CommandContext } from './handle';
import { nudgeMediaWorkers, processMedia } from './media-jobs';
import { postTagIds, setPostTags } from './feed-tags';

export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export const stagingKey = (uploadId: string, fileName: string) => `staging/${uploadId}/${fileName.replace(/[^a-z0-9._-]/gi, '_')}`;

/**
 * How an upload is rendered: a photo at once by `renderer` (the infra/media port) and then, should that fail, by
 * the worker; or (`processInline: false`) only by the media worker. Videos always go to the worker.
 */
export type UploadRendering = { renderer: Pick<MediaRenderer, 'renderImage' | 'renderVideo'> } | { processInline: false };

/**
 * Records an upload (MediaUploaded, status 'processing') and hands it to the media worker (commands/media-jobs.ts),
 * which renders it in the background. Given a renderer, a photo's first processing attempt runs here, before
 * returning, through the same job the worker runs; if that attempt fails the media stays 'processing' and the
 * worker retries it.
 */
export async function registerUpload(
  ctx: CommandContext,
  storage: FileStorage,
  input: { stagingKey: string; fileName: string; contentType: string; uploadedBy: string; isDemo?: boolean },
  rendering: UploadRendering,
): Promise<{ mediaId: string }> {
  if (!input.stagingKey.startsWith('staging/') || !(await storage.exists(input.stagingKey)))
    throw new ValidationError('file_name', 'Error occured while uploading media');
  const type = input.contentType.toLowerCase();
  const kind = Object.hasOwn(ACCEPTED_TYPES, type) ? ACCEPTED_TYPES[type] : undefined;
  if (!kind) throw new ValidationError('content_type', 'Media format is not supported.');
  const size = await storage.size(input.stagingKey);
  const mediaId = ctx.newId();
  await handle(ctx, mediaStream(mediaId), mediaDecider, {
    type: 'RegisterUpload', mediaId, fileName: input.fileName, contentType: input.contentType, size, uploadedBy: input.uploadedBy, at: ctx.now(), isDemo: input.isDemo,
    stagingKey: input.stagingKey,
  });
  if (kind === 'photo' && 'renderer' in rendering) {
    const outcome = await processMedia({ store: ctx.store, storage, renderer: rendering.renderer, now: () => new Date(ctx.now()) }, mediaId, ctx);
    if (outcome === 'ready') return { mediaId };
  }
  nudgeMediaWorkers(mediaId);
  return { mediaId };
}

export interface CreatePostInput {
  authorId: string;
  caption: string;
  visibility: PostVisibility;
  amountDollars: number | null;
  mediaIds: string[];
  /** A trusted publish date (demo history); the creator's own choice goes in `schedule`. */
  publishAt?: string;
  /** The creator's schedule: not in the past. */
  schedule?: string | null;
  previewMediaId?: string | null;
  categoryId?: string | null;
  feedTags?: string[];
  isDemo?: boolean;
  /** The lowest membership tier that sees it (null: every subscriber). */
  minTierId?: string | null;
}

export interface PostWritten {
  postId: string;
  /** Some item is still being processed: the post shows once it is done. */
  processing: boolean;
}

interface LoadedMedia {
  refs: PostMediaRef[];
  processing: boolean;
}

/** The media of a post, in order, from their streams: each must exist and not have failed processing. */
async function loadPostMedia(ctx: CommandContext, mediaIds: string[]): Promise<LoadedMedia> {
  const refs: PostMediaRef[] = [];
  let processing = false;
  for (const [i, mediaId] of mediaIds.entries()) {
    const { state, events } = await loadStream(ctx.store, mediaStream(mediaId), mediaDecider);
    // A fan's chat upload is not staff's to publish: it is treated as media that does not exist.
    if (state.status === 'none' || fanUploaderOf(events)) throw new ValidationError('media_ids', `Image Number ${i + 1} media format is not supported.`);
    if (state.removed) throw new ValidationError('media_ids', REMOVED_MEDIA);
    if (state.status === 'error') throw new ValidationError('media_ids', PROCESSING_ERROR);
    processing ||= state.status === 'processing';
    refs.push({ mediaId, kind: state.kind! });
  }
  if (new Set(mediaIds).size !== mediaIds.length) throw new ValidationError('media_ids', 'Invalid Request');
  return { refs, processing };
}

const PROCESSING_ERROR = 'Error: There is problem in processing one or multiple content.';
/** A library item deleted after the composer listed it (another tab, another staff member). */
const REMOVED_MEDIA = 'This media was deleted from the library. Please select it again.';

/** The preview item (one of the media or a separate library item): it must exist and not have failed. */
async function loadPreview(ctx: CommandContext, previewMediaId: string | null | undefined): Promise<{ processing: boolean }> {
  if (!previewMediaId) return { processing: false };
  const { state } = await loadStream(ctx.store, mediaStream(previewMediaId), mediaDecider);
  if (state.status === 'none') throw new ValidationError('preview_media_id', 'Invalid Request');
  if (state.removed) throw new ValidationError('preview_media_id', REMOVED_MEDIA);
  if (state.status === 'error') throw new ValidationError('preview_media_id', PROCESSING_ERROR);
  return { processing: state.status === 'processing' };
}

/** Refuses unknown tags before anything is written (the tags are written before the step that shows the post). */
async function checkFeedTags(ctx: CommandContext, tagIds: string[] | undefined): Promise<void> {
  if (!tagIds?.length) return;
  const { state } = await loadStream(ctx.store, FEED_TAGS_STREAM, feedTagDecider);
  if (new Set(tagIds).size !== tagIds.length) throw new ValidationError('feed_tags', TAG_MESSAGES.alreadyAdded);
  for (const id of tagIds) if (!state.tags.has(id)) throw new ValidationError('feed_tags', TAG_MESSAGES.notFound);
}

/** The tiers on offer, read only when a post names one (the rule in domain/post checks the name against them). */
const composerSettings = (s: SiteSettings): PostSettings => ({
  minAmount: s.content_unlock_minimum_amount, maxAmount: s.content_unlock_maximum_amount, enablePublicPost: s.enable_public_post,
});

/** A retry of a keyed request whose post the first attempt wrote: that post is the answer (written once). */
async function earlierAttempt(ctx: CommandContext, postId: string): Promise<PostWritten | null> {
  if (!ctx.requestKey || !(await loadStream(ctx.store, postStream(postId), postDecider)).state.exists) return null;
  await observedEarlierAttempt(ctx);
  return { postId, processing: false };
}

export async function createPost(ctx: CommandContext, settings: SiteSettings, input: CreatePostInput): Promise<PostWritten> {
  const postId = ctx.idFor('post');
  const earlier = await earlierAttempt(ctx, postId);
  if (earlier) return earlier;
  const media = await loadPostMedia(ctx, input.mediaIds);
  const preview = await loadPreview(ctx, input.previewMediaId);
  await checkFeedTags(ctx, input.feedTags);
  const create: CreatePost = {
    type: 'CreatePost',
    postId,
    authorId: input.authorId,
    caption: input.caption,
    visibility: input.visibility,
    amountDollars: input.amountDollars,
    media: media.refs,
    previewMediaId: input.previewMediaId ?? null,
    publishAt: input.publishAt ?? ctx.now(),
    schedule: input.schedule ?? null,
    at: ctx.now(),
    settings: composerSettings(settings),
    isDemo: input.isDemo,
    categoryId: input.categoryId ?? null,
    minTierId: input.minTierId ?? null,
    tierIds: await offeredTierIds(ctx.store, input.minTierId),
  };
  // Two streams, no transaction over them: the tags first (invisible while the post does not exist), the post
  // last, so a failure between leaves nothing shown and a retry posts once. Judged first: a refused post writes nothing.
  postDecider.decide(create, postDecider.initialState());
  if (input.feedTags?.length) await setPostTags(ctx, postId, input.feedTags, true);
  await handle(ctx, postStream(postId), postDecider, create);
  return { postId, processing: media.processing || preview.processing };
}

/** The composer's body as the fan site (POST /api/blogs) and the console (POST /admin-api/posts) send it, parsed. */
export interface ComposerPost {
  caption: string;
  /** The caption under its older name: used when `caption` is empty. */
  description?: string;
  visibility: PostVisibility;
  amount: number | null;
  media_ids: string[];
  preview_media_id?: string | null;
  category_id?: string | null;
  feed_tags?: string[];
  publish_at: string | null;
  min_tier_id?: string | null;
}

/** Creates a post from the composer: one rule for both composers, so the two routes cannot drift apart. */
export function createPostFromComposer(ctx: CommandContext, settings: SiteSettings, authorId: string, body: ComposerPost): Promise<PostWritten> {
  return createPost(ctx, settings, {
    authorId,
    caption: body.caption || body.description || '',
    visibility: body.visibility,
    amountDollars: body.amount,
    mediaIds: body.media_ids,
    previewMediaId: body.preview_media_id ?? null,
    categoryId: body.category_id ?? null,
    feedTags: body.feed_tags,
    schedule: body.publish_at,
    minTierId: body.min_tier_id ?? null,
  });
}

/** Edit Post dialog: caption; Private/Public for unlocked posts; the preview of locked posts. */
export async function editPost(
  ctx: CommandContext,
  settings: SiteSettings,
  input: { postId: string; caption: string; visibility?: 'private' | 'public'; previewMediaId?: string | null; minTierId?: string | null },
  expectedRevision?: number, // the console's If-Match: a post changed since the editor loaded it is a 412
) {
  await loadPreview(ctx, input.previewMediaId);
  const tierIds = await offeredTierIds(ctx.store, input.minTierId);
  return handle(ctx, postStream(input.postId), postDecider, {
    type: 'EditPost', caption: input.caption, visibility: input.visibility, previewMediaId: input.previewMediaId, minTierId: input.minTierId, tierIds,
    enablePublicPost: settings.enable_public_post, at: ctx.now(),
  }, { expectedRevision, editing: 'post' });
}

/**
 * Review And Post: a post in error is reposted with new media (its good items plus re-uploads),
 * caption and price. `previewMediaId` undefined keeps the preview unless that item is the one that failed.
 */
export async function reviewPost(
  ctx: CommandContext,
  settings: SiteSettings,
  input: { postId: string; caption: string; mediaIds: string[]; previewMediaId?: string | null; amountDollars: number | null; feedTags?: string[] },
): Promise<PostWritten> {
  const post = await loadStream(ctx.store, postStream(input.postId), postDecider);
  if (!post.state.exists || post.state.deleted) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404, { field: 'blog_id' });
  const statuses = new Map<string, string>();
  for (const id of mediaIdsOfPost(post.state)) statuses.set(id, (await loadStream(ctx.store, mediaStream(id), mediaDecider)).state.status);
  const inError = [...statuses.values()].includes('error');
  if (!inError) throw new ValidationError('blog_id', 'Invalid Request');
  const media = await loadPostMedia(ctx, input.mediaIds);
  const kept = post.state.previewMediaId && statuses.get(post.state.previewMediaId) !== 'error' ? post.state.previewMediaId : null;
  const previewMediaId = input.previewMediaId === undefined ? kept : input.previewMediaId;
  const preview = await loadPreview(ctx, previewMediaId);
  await checkFeedTags(ctx, input.feedTags);
  const review = {
    type: 'ReviewPost', caption: input.caption, media: media.refs, previewMediaId, amountDollars: input.amountDollars, inError, settings: composerSettings(settings), at: ctx.now(),
  } as const;
  // Two streams: the review is judged first (a refusal writes nothing), the tags are written next and the review
  // last, so a failure between them leaves the post in error and the review can simply be sent again.
  postDecider.decide(review, post.state);
  if (input.feedTags) await setPostTags(ctx, input.postId, input.feedTags, true);
  await handle(ctx, postStream(input.postId), postDecider, review);
  return { postId: input.postId, processing: media.processing || preview.processing };
}

export interface ReusePostInput {
  /** The post being reused (an original or any of its versions). */
  sourcePostId: string;
  authorId: string;
  caption: string;
  /** Locked posts: whole dollars within the tips bounds; null keeps the source's price. */
  amountDollars: number | null;
  schedule?: string | null;
  /** Keep the source's publish date, so the new version does not go to the top of the feed. */
  keepOriginalDate?: boolean;
  /** Default: the source's media. */
  mediaIds?: string[];
  /** undefined: the source's preview; null: none. */
  previewMediaId?: string | null;
  /** Default: the source's tags. */
  feedTags?: string[];
}

/**
 * Reuse: a NEW post republishing an older one, in the same reuse group (PostCreated.reuseOf is
 * the group's root). Several streams, no transaction over them (the store may be EventStoreDB): the version and
 * its tags are written first, the root's listing of it (PostVersionAdded) last. The read models show a version
 * only once it is listed (projections/posts.ts), so nobody sees or buys a version the root does not list, and a
 * buyer of any listed version is never charged for another (commands/purchases.ts). A failure between the
 * appends leaves a version nobody sees and the request fails; a retry writes a new version and lists it.
 */
export async function reusePost(ctx: CommandContext, settings: SiteSettings, input: ReusePostInput): Promise<PostWritten> {
  const postId = ctx.idFor('post');
  const earlier = await earlierAttempt(ctx, postId);
  if (earlier) return earlier;
  const source = (await loadStream(ctx.store, postStream(input.sourcePostId), postDecider)).state;
  if (!source.exists || source.deleted) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404, { field: '_id' });
  const root = source.rootPostId ?? input.sourcePostId;
  const media = await loadPostMedia(ctx, input.mediaIds ?? source.media.map((m) => m.mediaId));
  const previewMediaId = input.previewMediaId === undefined ? source.previewMediaId : input.previewMediaId;
  const preview = await loadPreview(ctx, previewMediaId);
  const feedTags = input.feedTags ?? (await postTagIds(ctx, input.sourcePostId));
  await checkFeedTags(ctx, feedTags);
  const create: CreatePost = {
    type: 'CreatePost',
    postId,
    authorId: input.authorId,
    caption: input.caption,
    visibility: source.visibility!,
    amountDollars: input.amountDollars ?? source.priceCents / 100,
    media: media.refs,
    previewMediaId,
    publishAt: input.keepOriginalDate ? source.publishAt! : ctx.now(),
    schedule: input.keepOriginalDate ? null : input.schedule ?? null,
    at: ctx.now(),
    // A reused post is priced within the tips bounds.
    settings: { minAmount: settings.tips_minimum_amount, maxAmount: settings.tips_maximum_amount, enablePublicPost: settings.enable_public_post },
    categoryId: source.categoryId,
    reuseOf: root,
    // The new version keeps the limit, even to a tier no longer offered (its members keep it).
    minTierId: source.minTierId,
    tierIds: source.minTierId ? (await loadPlans(ctx.store)).tiers.map((t) => t.tierId) : [],
  };
  // The version and its tags, then the root's listing last: it is shown (and can be bought) only once listed.
  await handle(ctx, postStream(postId), postDecider, create);
  if (feedTags.length) await setPostTags(ctx, postId, feedTags, true);
  await handle(ctx, postStream(root), postDecider, { type: 'AddVersion', versionId: postId, at: ctx.now() });
  return { postId, processing: media.processing || preview.processing };
}

export async function deletePost(ctx: CommandContext, postId: string) {
  const r = await handle(ctx, postStream(postId), postDecider, { type: 'DeletePost', at: ctx.now() });
  if (!r.events.length) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
  return r;
}

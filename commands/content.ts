// Media uploads and posts. An upload lands in staging through a signed PUT; registering it records the
// upload, and the media worker (./media-jobs.ts) renders it; a post may be created from media still processing
// (it stays hidden, 'processing', until every item is ready).
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { mediaDecider, mediaStream, ACCEPTED_TYPES } from '../domain/media/media';
import { postDecider, postStream, type PostMediaRef } from '../domain/post/post';
import type { PostVisibility } from '../domain/shared/wire';
import type { SiteSettings } from '../domain/settings/settings';
import type { FileStorage } from '../infra/storage/local-disk';
import { handle, loadStream, type CommandContext } from './handle';
import { nudgeMediaWorkers, processMedia } from './media-jobs';

export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export const stagingKey = (uploadId: string, fileName: string) => `staging/${uploadId}/${fileName.replace(/[^a-z0-9._-]/gi, '_')}`;

/**
 * Records an upload (MediaUploaded, status 'processing') and hands it to the media worker (commands/media-jobs.ts),
 * which renders it in the background. With `processInline` (the default for photos, never for videos) the first
 * processing attempt runs here, before returning, through the same job the worker runs; if that attempt fails
 * the media stays 'processing' and the worker retries it.
 */
export async function registerUpload(
  ctx: CommandContext,
  storage: FileStorage,
  input: { stagingKey: string; fileName: string; contentType: string; uploadedBy: string; isDemo?: boolean },
  options: { processInline?: boolean } = {},
): Promise<{ mediaId: string }> {
  if (!input.stagingKey.startsWith('staging/') || !(await storage.exists(input.stagingKey)))
    throw new ValidationError('file_name', 'Error occured while uploading media');
  const kind = ACCEPTED_TYPES[input.contentType.toLowerCase()];
  if (!kind) throw new ValidationError('content_type', 'Media format is not supported.');
  const size = await storage.size(input.stagingKey);
  const mediaId = ctx.newId();
  await handle(ctx, mediaStream(mediaId), mediaDecider, {
    type: 'RegisterUpload', mediaId, fileName: input.fileName, contentType: input.contentType, size, uploadedBy: input.uploadedBy, at: ctx.now(), isDemo: input.isDemo,
    stagingKey: input.stagingKey,
  });
  if (kind === 'photo' && (options.processInline ?? true)) {
    const outcome = await processMedia({ store: ctx.store, storage, now: () => new Date(ctx.now()) }, mediaId, ctx);
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
  publishAt?: string;
  isDemo?: boolean;
}

export async function createPost(ctx: CommandContext, settings: SiteSettings, input: CreatePostInput): Promise<{ postId: string }> {
  const media: PostMediaRef[] = [];
  for (const [i, mediaId] of input.mediaIds.entries()) {
    const { state } = await loadStream(ctx.store, mediaStream(mediaId), mediaDecider);
    if (state.status === 'none') throw new ValidationError('media_ids', `Image Number ${i + 1} media format is not supported.`);
    if (state.status === 'error') throw new ValidationError('media_ids', 'Error: There is problem in processing one or multiple content.');
    media.push({ mediaId, kind: state.kind! });
  }
  if (new Set(input.mediaIds).size !== input.mediaIds.length) throw new ValidationError('media_ids', 'Invalid Request');
  const postId = ctx.newId();
  await handle(ctx, postStream(postId), postDecider, {
    type: 'CreatePost',
    postId,
    authorId: input.authorId,
    caption: input.caption,
    visibility: input.visibility,
    amountDollars: input.amountDollars,
    media,
    publishAt: input.publishAt ?? ctx.now(),
    at: ctx.now(),
    settings: { minAmount: settings.content_unlock_minimum_amount, maxAmount: settings.content_unlock_maximum_amount, enablePublicPost: settings.enable_public_post },
    isDemo: input.isDemo,
  });
  return { postId };
}

export async function deletePost(ctx: CommandContext, postId: string) {
  const r = await handle(ctx, postStream(postId), postDecider, { type: 'DeletePost', at: ctx.now() });
  if (!r.events.length) throw new DomainError('Something went wrong', 'POST_NOT_FOUND', 404);
  return r;
}

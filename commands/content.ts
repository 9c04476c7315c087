// Media uploads and posts. An upload lands in staging through a signed PUT; registering it records the
// upload, renders the image renditions and records them, so a post can be created from ready media.
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { mediaDecider, mediaStream, ACCEPTED_TYPES } from '../domain/media/media';
import { postDecider, postStream, type PostMediaRef } from '../domain/post/post';
import type { PostVisibility } from '../domain/shared/wire';
import type { SiteSettings } from '../domain/settings/settings';
import type { FileStorage } from '../infra/storage/local-disk';
import { renderImage } from '../infra/media/images';
import { handle, loadStream, type CommandContext } from './handle';

export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export const stagingKey = (uploadId: string, fileName: string) => `staging/${uploadId}/${fileName.replace(/[^a-z0-9._-]/gi, '_')}`;

export async function registerUpload(
  ctx: CommandContext,
  storage: FileStorage,
  input: { stagingKey: string; fileName: string; contentType: string; uploadedBy: string; isDemo?: boolean },
): Promise<{ mediaId: string }> {
  if (!input.stagingKey.startsWith('staging/') || !(await storage.exists(input.stagingKey)))
    throw new ValidationError('file_name', 'Error occured while uploading media');
  const kind = ACCEPTED_TYPES[input.contentType.toLowerCase()];
  // Videos are accepted by the domain; their ffmpeg pipeline arrives with the media-processing work.
  if (kind !== 'photo') throw new ValidationError('content_type', 'Media format is not supported.');
  const bytes = await storage.read(input.stagingKey);
  const mediaId = ctx.newId();
  await handle(ctx, mediaStream(mediaId), mediaDecider, {
    type: 'RegisterUpload', mediaId, fileName: input.fileName, contentType: input.contentType, size: bytes.length, uploadedBy: input.uploadedBy, at: ctx.now(), isDemo: input.isDemo,
  });
  try {
    const r = await renderImage(bytes);
    const keys = { originalKey: `originals/${mediaId}.jpg`, thumbnailKey: `thumbs/${mediaId}.jpg`, blurKey: `blur/${mediaId}.jpg` };
    await Promise.all([storage.put(keys.originalKey, r.original), storage.put(keys.thumbnailKey, r.thumbnail), storage.put(keys.blurKey, r.blur)]);
    await handle(ctx, mediaStream(mediaId), mediaDecider, { type: 'RecordRenditions', renditions: { ...keys, width: r.width, height: r.height } });
  } catch (e) {
    await handle(ctx, mediaStream(mediaId), mediaDecider, { type: 'RecordProcessingFailure', reason: (e as Error).message.slice(0, 200) });
    throw new ValidationError('file_name', 'There was an error while uploading the image.');
  }
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

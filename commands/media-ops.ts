// Staff operations on the media of a post: Rotate Image Left / Right, Refresh Blur
// Image, Send Video Process Request. Rotation and blur refresh render new files at once, under the keys of the
// media's next version, then record them; if someone else changed the media meanwhile (the version moved on),
// the work is redone on the new state. Reprocessing records the request; the media worker renders.
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import {
  MEDIA_CHANGED, mediaDecider, mediaStream, nextRotation, nextVersion, posterTime, renditionKeys,
  type MediaState, type RotatedRenditions, type RotationAngle,
} from '../domain/media/media';
import { MEDIA_OPS_MESSAGES, videosToReprocess, type PostItem } from '../domain/media/operations';
import { mediaIdsOfPost, postDecider, postStream } from '../domain/post/post';
import type { Watermark } from '../domain/media/watermark';
import type { ByteStore } from '../infra/storage/port';
import type { MediaRenderer } from '../infra/media/port';
import { handle, loadStream, type CommandContext } from './handle';
import { nudgeMediaWorkers, watermarkFromStream, withTempCopy } from './media-jobs';

export interface MediaOpsDeps {
  storage: Pick<ByteStore, 'read' | 'readStream' | 'put' | 'exists'>;
  /** Draws the new files (sharp, ffmpeg). */
  renderer: Pick<MediaRenderer, 'renderImage' | 'renderBlur' | 'grabFrame'>;
  /** The watermark to draw now (null: none). Default: from the settings stream. */
  watermark?: () => Promise<Watermark | null>;
}

/** Tries a render-then-record step again when the media changed under it (a bounded number of times). */
async function onCurrentVersion<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (e) {
      if (!(e instanceof DomainError && e.code === MEDIA_CHANGED) || attempt >= 3) throw e;
    }
  }
}

async function livePost(ctx: CommandContext, postId: string) {
  const { state } = await loadStream(ctx.store, postStream(postId), postDecider);
  if (!state.exists || state.deleted) throw new DomainError(MEDIA_OPS_MESSAGES.invalid, 'POST_NOT_FOUND', 404, { field: 'id' });
  return state;
}

const loadMedia = async (ctx: CommandContext, mediaId: string) => (await loadStream(ctx.store, mediaStream(mediaId), mediaDecider)).state;

/** The kept upload when it is still there (media recorded before uploads were kept have none). */
async function keptUpload(deps: MediaOpsDeps, state: MediaState): Promise<string | null> {
  return state.stagingKey && (await deps.storage.exists(state.stagingKey)) ? state.stagingKey : null;
}

/**
 * Rotate Image Left (-90) / Right (90): the photo at `imageIndex` of the post is rendered again, turned, from the
 * kept upload (so quality does not degrade and the watermark stays upright), under new keys.
 */
export async function rotatePostImage(
  ctx: CommandContext,
  deps: MediaOpsDeps,
  input: { postId: string; imageIndex: number; angle: RotationAngle },
): Promise<{ mediaId: string; version: number; renditions: RotatedRenditions }> {
  const post = await livePost(ctx, input.postId);
  const ref = post.media[input.imageIndex];
  if (!ref) throw new ValidationError('imageIndex', MEDIA_OPS_MESSAGES.invalid);
  return rotateMediaImage(ctx, deps, ref.mediaId, input.angle);
}

/** Rotates one photo (of a post or a chat message): rendered again from the kept upload, under new keys. */
export async function rotateMediaImage(
  ctx: CommandContext,
  deps: MediaOpsDeps,
  mediaId: string,
  angle: RotationAngle,
): Promise<{ mediaId: string; version: number; renditions: RotatedRenditions }> {
  const input = { angle };
  return onCurrentVersion(async () => {
    const state = await loadMedia(ctx, mediaId);
    if (state.kind !== 'photo' || state.status !== 'ready' || !state.renditions) throw new ValidationError('imageIndex', MEDIA_OPS_MESSAGES.invalid);
    const version = nextVersion(state);
    const keys = renditionKeys(mediaId, 'photo', version);
    let renditions: RotatedRenditions;
    try {
      const upload = await keptUpload(deps, state);
      const r = upload
        ? await deps.renderer.renderImage(await deps.storage.read(upload), { rotation: nextRotation(state.rotation ?? 0, input.angle), watermark: await (deps.watermark ?? (() => watermarkFromStream(ctx.store)))() })
        : // No upload to start from: turn the current original (its watermark, if any, turns with it).
          await deps.renderer.renderImage(await deps.storage.read(state.renditions.originalKey), { rotation: nextRotation(0, input.angle) });
      await Promise.all([deps.storage.put(keys.originalKey, r.original), deps.storage.put(keys.thumbnailKey, r.thumbnail), deps.storage.put(keys.blurKey, r.blur)]);
      renditions = { ...keys, width: r.width, height: r.height };
    } catch (e) {
      throw new DomainError(MEDIA_OPS_MESSAGES.rotateFailed, 'ROTATE_FAILED', 500, { cause: (e as Error)?.message });
    }
    await handle(ctx, mediaStream(mediaId), mediaDecider, { type: 'RecordRotation', angle: input.angle, version, renditions, at: ctx.now() });
    return { mediaId, version, renditions };
  });
}

/** A new blurred preview of one ready item, from a clean source (never the watermarked original when avoidable). */
export async function refreshBlurOf(ctx: CommandContext, deps: MediaOpsDeps, mediaId: string): Promise<{ mediaId: string; blurKey: string } | null> {
  return onCurrentVersion(async () => {
    const state = await loadMedia(ctx, mediaId);
    if (state.status !== 'ready' || !state.renditions || !state.kind) return null;
    const version = nextVersion(state);
    const { blurKey } = renditionKeys(mediaId, state.kind, version);
    const upload = await keptUpload(deps, state);
    let blur: Buffer;
    if (state.kind === 'photo') {
      blur = upload
        ? await deps.renderer.renderBlur(await deps.storage.read(upload), { rotation: state.rotation ?? 0 })
        : await deps.renderer.renderBlur(await deps.storage.read(state.renditions.originalKey));
    } else if (upload) {
      const at = posterTime(state.renditions.durationSeconds ?? 0);
      blur = await deps.renderer.renderBlur(await withTempCopy(deps.storage, upload, (file) => deps.renderer.grabFrame(file, at)));
    } else {
      blur = await deps.renderer.renderBlur(await deps.storage.read(state.renditions.posterKey ?? state.renditions.thumbnailKey));
    }
    await deps.storage.put(blurKey, blur);
    await handle(ctx, mediaStream(mediaId), mediaDecider, { type: 'RecordBlurRefresh', version, blurKey, at: ctx.now() });
    return { mediaId, blurKey };
  });
}

/** Refresh Blur Image: every ready item of the post (its media and its preview) gets a new blurred preview. */
export async function refreshPostBlur(ctx: CommandContext, deps: MediaOpsDeps, input: { postId: string }): Promise<{ mediaId: string; blurKey: string }[]> {
  const post = await livePost(ctx, input.postId);
  const done: { mediaId: string; blurKey: string }[] = [];
  for (const mediaId of mediaIdsOfPost(post)) {
    const r = await refreshBlurOf(ctx, deps, mediaId);
    if (r) done.push(r);
  }
  if (done.length === 0) throw new ValidationError('id', MEDIA_OPS_MESSAGES.invalid);
  return done;
}

/**
 * Send Video Process Request: the post's videos (the one named by s3FilePath, else the errored ones, else all)
 * go back to processing with their attempts reset; the media worker renders them again from the kept upload.
 */
export async function requestVideoReprocessing(
  ctx: CommandContext,
  /** `mediaIds`: a mass message's media (isMassMessage) instead of the post's. */
  input: { postId: string; mediaIds?: string[]; s3FilePath?: string | null; shouldGenerateBlurImage?: boolean },
): Promise<{ mediaIds: string[] }> {
  const ids = input.mediaIds ?? mediaIdsOfPost(await livePost(ctx, input.postId));
  const items: PostItem[] = [];
  for (const mediaId of ids) {
    const { state, events } = await loadStream(ctx.store, mediaStream(mediaId), mediaDecider);
    // The uploaded file's name (MediaUploaded), which s3FilePath may name.
    const fileName = (events.find((e) => e.type === 'MediaUploaded')?.data as { fileName?: string } | undefined)?.fileName;
    if (state.kind) items.push({ mediaId, kind: state.kind, status: state.status, stagingKey: state.stagingKey, fileName });
  }
  const chosen = videosToReprocess(items, input.s3FilePath);
  const sent: string[] = [];
  for (const v of chosen) {
    const r = await handle(ctx, mediaStream(v.mediaId), mediaDecider, { type: 'RequestReprocess', at: ctx.now(), shouldGenerateBlurImage: input.shouldGenerateBlurImage });
    if (r.events.length) sent.push(v.mediaId);
  }
  for (const id of sent) nudgeMediaWorkers(id);
  return { mediaIds: sent };
}

// Media item (stream `media-<id>`): an uploaded file and the renditions the site serves from it.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { MediaKind } from './wire';

export const mediaStream = (mediaId: string) => `media-${mediaId}`;

export const ACCEPTED_TYPES: Record<string, MediaKind> = {
  'image/jpeg': 'photo',
  'image/jpg': 'photo',
  'image/png': 'photo',
  'video/mp4': 'video',
  'video/quicktime': 'video',
};

const EXTENSIONS: Record<string, MediaKind> = { png: 'photo', jpg: 'photo', jpeg: 'photo', mp4: 'video', mov: 'video' };

const extensionKind = (name: string): MediaKind | undefined => EXTENSIONS[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];

export const isAcceptedFileName = (name: string) => name.includes('.') && extensionKind(name) !== undefined;

/** The declared type and the file's extension must agree (a 'photo' named clip.mp4 is refused). */
export const mediaKindOf = (fileName: string, contentType: string): MediaKind | null => {
  const byType = ACCEPTED_TYPES[contentType.toLowerCase()];
  return byType && byType === extensionKind(fileName) ? byType : null;
};

export interface Renditions {
  /** Images: the upright web JPEG. Videos: the web-playable H.264/AAC MP4 (same as videoKey). */
  originalKey: string;
  /** Images: the thumbnail. Videos: a thumbnail of the poster frame. */
  thumbnailKey: string;
  /** The heavily blurred preview (of the poster frame for videos); safe for anyone. */
  blurKey: string;
  width: number;
  height: number;
  /** Videos only: the web MP4. */
  videoKey?: string;
  /** Videos only: the full-size poster frame JPEG. */
  posterKey?: string;
  /** Videos only: length in seconds. */
  durationSeconds?: number;
}

/** Processing is tried this many times in all before the media is marked as failed. */
export const MAX_PROCESSING_ATTEMPTS = 3;

/**
 * Where the renditions of `version` go. Rotating, refreshing the blur or reprocessing renders a new version under
 * new keys, so links and caches of the old files never show stale pictures; version 0 keeps the original names.
 */
export const renditionKeys = (mediaId: string, kind: MediaKind, version = 0) => {
  const v = version > 0 ? `-v${version}` : '';
  return kind === 'video'
    ? { originalKey: `originals/${mediaId}${v}.mp4`, thumbnailKey: `thumbs/${mediaId}${v}.jpg`, blurKey: `blur/${mediaId}${v}.jpg`, posterKey: `posters/${mediaId}${v}.jpg` }
    : { originalKey: `originals/${mediaId}${v}.jpg`, thumbnailKey: `thumbs/${mediaId}${v}.jpg`, blurKey: `blur/${mediaId}${v}.jpg` };
};

/** When a video's poster is taken: about 1 s in, or 10% in for clips shorter than 10 s (also the frame a blur is refreshed from). */
export const posterTime = (durationSeconds: number) => Math.min(1, durationSeconds * 0.1);

/** Served without a signature: blurred previews (safe for anyone) and the landing page's theme images. */
export const isPublicMediaKey = (key: string) =>
  /^blur\/[0-9a-f-]{36}(-v\d{1,6})?\.jpg$/.test(key) || /^theme\/[\w-]{1,100}\.(jpe?g|png|webp|mp4|mov)$/i.test(key);

/** Rotate Image Left (-90) and Right (90). */
export type RotationAngle = -90 | 90;

/** Clockwise rotation from the upload, after turning by `angle`: 0, 90, 180 or 270. */
export const nextRotation = (rotation: number, angle: RotationAngle) => (((rotation + angle) % 360) + 360) % 360;

/** The renditions a rotation replaces (a photo's). */
export type RotatedRenditions = Pick<Renditions, 'originalKey' | 'thumbnailKey' | 'blurKey' | 'width' | 'height'>;

/** A rotation or blur refresh rendered for a version someone else has since taken: redo it on the new state. */
export const MEDIA_CHANGED = 'MEDIA_CHANGED';

export type MediaEvent =
  | DomainEvent<'MediaUploaded', { mediaId: string; kind: MediaKind; fileName: string; contentType: string; size: number; uploadedBy: string; uploadedAt: string; isDemo?: boolean; stagingKey?: string }>
  | DomainEvent<'MediaProcessed', { mediaId: string } & Renditions>
  /** One processing attempt failed; another follows at retryAt unless this was the last attempt. */
  | DomainEvent<'MediaProcessingAttemptFailed', { mediaId: string; attempt: number; reason: string; at: string; retryAt: string | null }>
  | DomainEvent<'MediaProcessingFailed', { mediaId: string; reason: string }>
  /** Taken out of the library by staff (Content Manager); the files stay for posts already holding them. */
  | DomainEvent<'MediaRemoved', { mediaId: string; removedAt: string }>
  /** A photo turned by `angle`; `rotation` is the total from the upload; renditions of `version` replace the old. */
  | DomainEvent<'MediaRotated', { mediaId: string; angle: RotationAngle; rotation: number; version: number; at: string } & RotatedRenditions>
  /** The blurred preview rendered again (of `version`). */
  | DomainEvent<'MediaBlurRefreshed', { mediaId: string; version: number; blurKey: string; at: string }>
  /** Sent back to processing (Send Video Process Request): attempts start again; renditions will be of `version`. */
  | DomainEvent<'MediaReprocessRequested', { mediaId: string; version: number; previousStatus: 'ready' | 'error'; at: string; shouldGenerateBlurImage?: boolean }>;

export type MediaCommand =
  | { type: 'RegisterUpload'; mediaId: string; fileName: string; contentType: string; size: number; uploadedBy: string; at: string; isDemo?: boolean; stagingKey?: string }
  /** `version`: the version the renditions were made for; an outcome for an older one (reprocessing was asked meanwhile) is a no-op. */
  | { type: 'RecordRenditions'; renditions: Renditions; version?: number }
  /**
   * Attempt number `attempt` (1-based) failed. A repeat of an attempt already recorded is a no-op, so a worker
   * that crashed after recording it, or a second worker, cannot use up the attempts twice. The last allowed
   * attempt also marks the media as failed.
   */
  | { type: 'RecordProcessingAttemptFailure'; attempt: number; reason: string; at: string; retryAt: string; version?: number }
  /** Gives up at once (no retry). */
  | { type: 'RecordProcessingFailure'; reason: string }
  /** The caller has checked that no live post uses the media (posts live in their own streams). */
  | { type: 'RemoveMedia'; at: string }
  /** Renditions turned by `angle`, rendered by the caller at the keys of `version` (the current version + 1). */
  | { type: 'RecordRotation'; angle: RotationAngle; version: number; renditions: RotatedRenditions; at: string }
  /** A new blurred preview, rendered by the caller at the key of `version` (the current version + 1). */
  | { type: 'RecordBlurRefresh'; version: number; blurKey: string; at: string }
  /** Render again from the kept upload. A media already processing is left as it is. */
  | { type: 'RequestReprocess'; at: string; shouldGenerateBlurImage?: boolean };

export interface MediaState {
  mediaId: string | null;
  kind: MediaKind | null;
  status: 'none' | 'processing' | 'ready' | 'error';
  /** Where the uploaded file waits (absent on uploads recorded before it was kept). */
  stagingKey?: string;
  /** Failed processing attempts so far. */
  attempts: number;
  /** When the next attempt is due (after a failed one); null: now. */
  retryAt: string | null;
  /** Removed from the library (set only once removed, so older states compare equal). */
  removed?: true;
  /** Renditions version (absent: 0): bumped by rotation, blur refresh and reprocessing. */
  version?: number;
  /** Photos: clockwise rotation from the upload (absent: 0). */
  rotation?: number;
  /** The current renditions, once processed. */
  renditions?: Renditions;
}

/** An outcome for a version other than the current one (absent: from before versions, always current). */
const isStale = (version: number | undefined, state: Pick<MediaState, 'version'>) => version !== undefined && version !== (state.version ?? 0);

/** The version a new rendering of `state` must use. */
export const nextVersion = (state: Pick<MediaState, 'version'>) => (state.version ?? 0) + 1;

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: () => ({ mediaId: null, kind: null, status: 'none', attempts: 0, retryAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return {
          mediaId: event.data.mediaId, kind: event.data.kind, status: 'processing', attempts: 0, retryAt: null,
          ...(event.data.stagingKey ? { stagingKey: event.data.stagingKey } : {}),
        };
      case 'MediaProcessed': {
        const { mediaId: _, ...renditions } = event.data;
        return { ...state, status: 'ready', retryAt: null, renditions };
      }
      case 'MediaProcessingAttemptFailed':
        return { ...state, attempts: Math.max(state.attempts, event.data.attempt), retryAt: event.data.retryAt };
      case 'MediaProcessingFailed':
        return { ...state, status: 'error', retryAt: null };
      case 'MediaRemoved':
        return { ...state, removed: true };
      case 'MediaRotated': {
        const { originalKey, thumbnailKey, blurKey, width, height } = event.data;
        return {
          ...state, version: event.data.version, rotation: event.data.rotation,
          renditions: { ...state.renditions!, originalKey, thumbnailKey, blurKey, width, height },
        };
      }
      case 'MediaBlurRefreshed':
        return { ...state, version: event.data.version, renditions: { ...state.renditions!, blurKey: event.data.blurKey } };
      case 'MediaReprocessRequested':
        return { ...state, status: 'processing', attempts: 0, retryAt: null, version: event.data.version };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUpload': {
        if (state.status !== 'none') return [];
        const kind = mediaKindOf(command.fileName, command.contentType);
        if (!kind)
          throw new DomainError('Media format is not supported.', 'UNSUPPORTED_MEDIA', 400, { field: 'file_name' });
        return [
          {
            type: 'MediaUploaded',
            data: {
              mediaId: command.mediaId, kind, fileName: command.fileName, contentType: command.contentType, size: command.size, uploadedBy: command.uploadedBy, uploadedAt: command.at,
              ...(command.isDemo ? { isDemo: true } : {}),
              ...(command.stagingKey ? { stagingKey: command.stagingKey } : {}),
            },
          },
        ];
      }
      case 'RecordRenditions':
        if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404);
        if (state.status === 'ready' || isStale(command.version, state)) return [];
        return [{ type: 'MediaProcessed', data: { mediaId: state.mediaId!, ...command.renditions } }];
      case 'RecordProcessingAttemptFailure': {
        if (state.status !== 'processing' || command.attempt <= state.attempts || isStale(command.version, state)) return [];
        const last = command.attempt >= MAX_PROCESSING_ATTEMPTS;
        const reason = command.reason.slice(0, 500);
        const attemptFailed: MediaEvent = {
          type: 'MediaProcessingAttemptFailed',
          data: { mediaId: state.mediaId!, attempt: command.attempt, reason, at: command.at, retryAt: last ? null : command.retryAt },
        };
        return last ? [attemptFailed, { type: 'MediaProcessingFailed', data: { mediaId: state.mediaId!, reason } }] : [attemptFailed];
      }
      case 'RecordProcessingFailure':
        if (state.status !== 'processing') return [];
        return [{ type: 'MediaProcessingFailed', data: { mediaId: state.mediaId!, reason: command.reason } }];
      case 'RemoveMedia':
        if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404, { field: 'mediaIds' });
        return state.removed ? [] : [{ type: 'MediaRemoved', data: { mediaId: state.mediaId!, removedAt: command.at } }];
      case 'RecordRotation': {
        if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404);
        if (state.kind !== 'photo' || state.status !== 'ready' || (command.angle !== 90 && command.angle !== -90))
          throw new DomainError('Invalid Request', 'NOT_ROTATABLE', 400);
        if (command.version !== nextVersion(state)) throw new DomainError('There was an error while rotating the image.', MEDIA_CHANGED, 409);
        return [
          {
            type: 'MediaRotated',
            data: { mediaId: state.mediaId!, angle: command.angle, rotation: nextRotation(state.rotation ?? 0, command.angle), version: command.version, at: command.at, ...command.renditions },
          },
        ];
      }
      case 'RecordBlurRefresh':
        if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404);
        if (state.status !== 'ready') throw new DomainError('Invalid Request', 'NOT_READY', 400);
        if (command.version !== nextVersion(state)) throw new DomainError('Invalid Request', MEDIA_CHANGED, 409);
        return [{ type: 'MediaBlurRefreshed', data: { mediaId: state.mediaId!, version: command.version, blurKey: command.blurKey, at: command.at } }];
      case 'RequestReprocess':
        if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404);
        if (state.status === 'processing') return [];
        return [
          {
            type: 'MediaReprocessRequested',
            data: {
              mediaId: state.mediaId!, version: nextVersion(state), previousStatus: state.status, at: command.at,
              ...(command.shouldGenerateBlurImage !== undefined ? { shouldGenerateBlurImage: command.shouldGenerateBlurImage } : {}),
            },
          },
        ];
    }
  },
};

/** Wait before the attempt after failed attempt `attempt` (1-based): base, then 4x base, 16x base, ... */
export const processingRetryDelayMs = (attempt: number, baseMs: number) => baseMs * 4 ** Math.max(0, attempt - 1);

// Media item (stream `media-<id>`): an uploaded file and the renditions the site serves from it.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { MediaKind } from '../shared/wire';

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

export type MediaEvent =
  | DomainEvent<'MediaUploaded', { mediaId: string; kind: MediaKind; fileName: string; contentType: string; size: number; uploadedBy: string; uploadedAt: string; isDemo?: boolean; stagingKey?: string }>
  | DomainEvent<'MediaProcessed', { mediaId: string } & Renditions>
  /** One processing attempt failed; another follows at retryAt unless this was the last attempt. */
  | DomainEvent<'MediaProcessingAttemptFailed', { mediaId: string; attempt: number; reason: string; at: string; retryAt: string | null }>
  | DomainEvent<'MediaProcessingFailed', { mediaId: string; reason: string }>;

export type MediaCommand =
  | { type: 'RegisterUpload'; mediaId: string; fileName: string; contentType: string; size: number; uploadedBy: string; at: string; isDemo?: boolean; stagingKey?: string }
  | { type: 'RecordRenditions'; renditions: Renditions }
  /**
   * Attempt number `attempt` (1-based) failed. A repeat of an attempt already recorded is a no-op, so a worker
   * that crashed after recording it, or a second worker, cannot use up the attempts twice. The last allowed
   * attempt also marks the media as failed.
   */
  | { type: 'RecordProcessingAttemptFailure'; attempt: number; reason: string; at: string; retryAt: string }
  /** Gives up at once (no retry). */
  | { type: 'RecordProcessingFailure'; reason: string };

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
}

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: () => ({ mediaId: null, kind: null, status: 'none', attempts: 0, retryAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return {
          mediaId: event.data.mediaId, kind: event.data.kind, status: 'processing', attempts: 0, retryAt: null,
          ...(event.data.stagingKey ? { stagingKey: event.data.stagingKey } : {}),
        };
      case 'MediaProcessed':
        return { ...state, status: 'ready', retryAt: null };
      case 'MediaProcessingAttemptFailed':
        return { ...state, attempts: Math.max(state.attempts, event.data.attempt), retryAt: event.data.retryAt };
      case 'MediaProcessingFailed':
        return { ...state, status: 'error', retryAt: null };
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
        if (state.status === 'ready') return [];
        return [{ type: 'MediaProcessed', data: { mediaId: state.mediaId!, ...command.renditions } }];
      case 'RecordProcessingAttemptFailure': {
        if (state.status !== 'processing' || command.attempt <= state.attempts) return [];
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
    }
  },
};

/** Wait before the attempt after failed attempt `attempt` (1-based): base, then 4x base, 16x base, ... */
export const processingRetryDelayMs = (attempt: number, baseMs: number) => baseMs * 4 ** Math.max(0, attempt - 1);

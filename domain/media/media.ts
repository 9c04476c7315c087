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
  originalKey: string;
  thumbnailKey: string;
  blurKey: string;
  width: number;
  height: number;
}

export type MediaEvent =
  | DomainEvent<'MediaUploaded', { mediaId: string; kind: MediaKind; fileName: string; contentType: string; size: number; uploadedBy: string; uploadedAt: string; isDemo?: boolean }>
  | DomainEvent<'MediaProcessed', { mediaId: string } & Renditions>
  | DomainEvent<'MediaProcessingFailed', { mediaId: string; reason: string }>;

export type MediaCommand =
  | { type: 'RegisterUpload'; mediaId: string; fileName: string; contentType: string; size: number; uploadedBy: string; at: string; isDemo?: boolean }
  | { type: 'RecordRenditions'; renditions: Renditions }
  | { type: 'RecordProcessingFailure'; reason: string };

export interface MediaState {
  mediaId: string | null;
  kind: MediaKind | null;
  status: 'none' | 'processing' | 'ready' | 'error';
}

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: () => ({ mediaId: null, kind: null, status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return { mediaId: event.data.mediaId, kind: event.data.kind, status: 'processing' };
      case 'MediaProcessed':
        return { ...state, status: 'ready' };
      case 'MediaProcessingFailed':
        return { ...state, status: 'error' };
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
            data: { mediaId: command.mediaId, kind, fileName: command.fileName, contentType: command.contentType, size: command.size, uploadedBy: command.uploadedBy, uploadedAt: command.at, ...(command.isDemo ? { isDemo: true } : {}) },
          },
        ];
      }
      case 'RecordRenditions':
        if (state.status === 'none') throw new DomainError('Invalid Request', 'MEDIA_NOT_FOUND', 404);
        if (state.status === 'ready') return [];
        return [{ type: 'MediaProcessed', data: { mediaId: state.mediaId!, ...command.renditions } }];
      case 'RecordProcessingFailure':
        if (state.status !== 'processing') return [];
        return [{ type: 'MediaProcessingFailed', data: { mediaId: state.mediaId!, reason: command.reason } }];
    }
  },
};

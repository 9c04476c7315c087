import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { ACCEPTED_TYPES, MAX_PROCESSING_ATTEMPTS, isAcceptedFileName, mediaDecider, mediaStream, processingRetryDelayMs, type MediaEvent, type Renditions } from './media';

const AT = '2026-03-01T10:00:00.000Z';
const upload = { type: 'RegisterUpload' as const, mediaId: 'm1', fileName: 'beach.JPG', contentType: 'image/jpeg', size: 1234, uploadedBy: 'admin1', at: AT };
const uploaded: MediaEvent = {
  type: 'MediaUploaded',
  data: { mediaId: 'm1', kind: 'photo', fileName: 'beach.JPG', contentType: 'image/jpeg', size: 1234, uploadedBy: 'admin1', uploadedAt: AT },
};
const renditions: Renditions = { originalKey: 'o', thumbnailKey: 't', blurKey: 'b', width: 800, height: 600 };
const processed: MediaEvent = { type: 'MediaProcessed', data: { mediaId: 'm1', ...renditions } };
const failed: MediaEvent = { type: 'MediaProcessingFailed', data: { mediaId: 'm1', reason: 'ffmpeg exited 1' } };

describe('mediaStream', () => {
  it('is media-<id>', () => expect(mediaStream('m1')).toBe('media-m1'));
});

describe('accepted formats (spec 2 §5)', () => {
  it('maps the accepted content types to kinds', () => {
    expect(ACCEPTED_TYPES).toMatchObject({ 'video/mp4': 'video', 'video/quicktime': 'video', 'image/jpeg': 'photo', 'image/png': 'photo' });
  });
  it.each(['a.png', 'a.PNG', 'a.jpg', 'a.JPEG', 'a.jpeg', 'a.mp4', 'a.MOV', 'my.photo.Jpg'])('accepts %s', (n) => {
    expect(isAcceptedFileName(n)).toBe(true);
  });
  it.each(['a.gif', 'a.webp', 'a.png.exe', 'png', 'a.mkv', 'a.', ''])('rejects %j', (n) => {
    expect(isAcceptedFileName(n)).toBe(false);
  });
});

describe('mediaDecider', () => {
  describe('RegisterUpload', () => {
    it('records a photo upload, status processing', () => {
      const state = given(mediaDecider).when(upload).then([uploaded]);
      expect(state).toEqual({ mediaId: 'm1', kind: 'photo', status: 'processing', attempts: 0, retryAt: null });
    });

    it('detects a video from the content type (case-insensitive)', () => {
      given(mediaDecider)
        .when({ ...upload, fileName: 'clip.mov', contentType: 'Video/QuickTime' })
        .then([{ type: 'MediaUploaded', data: { ...uploaded.data, kind: 'video', fileName: 'clip.mov', contentType: 'Video/QuickTime' } } as MediaEvent]);
    });

    it('marks demo media', () => {
      given(mediaDecider)
        .when({ ...upload, isDemo: true })
        .then([{ type: 'MediaUploaded', data: { ...uploaded.data, isDemo: true } } as MediaEvent]);
    });

    it.each([
      ['an unsupported content type', { contentType: 'image/gif', fileName: 'a.gif' }],
      ['an accepted type with a bad extension', { contentType: 'image/png', fileName: 'a.gif' }],
      ['an accepted extension with a bad type', { contentType: 'application/pdf', fileName: 'a.png' }],
    ])('refuses %s', (_label, patch) => {
      given(mediaDecider)
        .when({ ...upload, ...patch })
        .thenThrows('Media format is not supported.', { code: 'UNSUPPORTED_MEDIA', status: 400, details: { field: 'file_name' } });
    });

    it.each([
      ['processing', [uploaded]],
      ['ready', [uploaded, processed]],
      ['error', [uploaded, failed]],
    ] as const)('is a no-op once the upload exists (%s)', (_s, events) => {
      given(mediaDecider, [...events]).when(upload).then([]);
    });
  });

  describe('RecordRenditions', () => {
    it('marks processing media ready', () => {
      const state = given(mediaDecider, [uploaded]).when({ type: 'RecordRenditions', renditions }).then([processed]);
      expect(state.status).toBe('ready');
    });

    it('is a no-op when already ready', () => {
      given(mediaDecider, [uploaded, processed]).when({ type: 'RecordRenditions', renditions }).then([]);
    });

    it('recovers media that failed earlier (a successful retry)', () => {
      const state = given(mediaDecider, [uploaded, failed]).when({ type: 'RecordRenditions', renditions }).then([processed]);
      expect(state.status).toBe('ready');
    });

    it('refuses unknown media', () => {
      given(mediaDecider).when({ type: 'RecordRenditions', renditions }).thenThrows('Invalid Request', { code: 'MEDIA_NOT_FOUND', status: 404 });
    });
  });

  describe('RegisterUpload keeps the staging key for the worker', () => {
    it('records it on the event and in the state', () => {
      const state = given(mediaDecider)
        .when({ ...upload, stagingKey: 'staging/x/beach.JPG' })
        .then([{ type: 'MediaUploaded', data: { ...uploaded.data, stagingKey: 'staging/x/beach.JPG' } } as MediaEvent]);
      expect(state.stagingKey).toBe('staging/x/beach.JPG');
    });
  });

  describe('RecordRenditions for a video', () => {
    it('carries the video fields', () => {
      const video: Renditions = { ...renditions, originalKey: 'v.mp4', videoKey: 'v.mp4', posterKey: 'p.jpg', durationSeconds: 3.04 };
      given(mediaDecider, [uploaded]).when({ type: 'RecordRenditions', renditions: video }).then([{ type: 'MediaProcessed', data: { mediaId: 'm1', ...video } }]);
    });
  });

  describe('RecordProcessingAttemptFailure (retries)', () => {
    const attemptFailed = (attempt: number, retryAt: string | null): MediaEvent => ({
      type: 'MediaProcessingAttemptFailed', data: { mediaId: 'm1', attempt, reason: 'bad file', at: AT, retryAt },
    });
    const fail = (attempt: number) => ({ type: 'RecordProcessingAttemptFailure' as const, attempt, reason: 'bad file', at: AT, retryAt: 'later' });

    it('allows three attempts in all', () => expect(MAX_PROCESSING_ATTEMPTS).toBe(3));

    it('counts a failed attempt and keeps the media processing until the retry', () => {
      const state = given(mediaDecider, [uploaded]).when(fail(1)).then([attemptFailed(1, 'later')]);
      expect(state).toMatchObject({ status: 'processing', attempts: 1, retryAt: 'later' });
    });

    it('marks the media failed, with the reason, on the last attempt', () => {
      const state = given(mediaDecider, [uploaded, attemptFailed(1, 'later'), attemptFailed(2, 'later')])
        .when(fail(3))
        .then([attemptFailed(3, null), { type: 'MediaProcessingFailed', data: { mediaId: 'm1', reason: 'bad file' } }]);
      expect(state).toMatchObject({ status: 'error', attempts: 3, retryAt: null });
    });

    it('is a no-op when that attempt was already recorded (a repeated or concurrent worker)', () => {
      given(mediaDecider, [uploaded, attemptFailed(1, 'later')]).when(fail(1)).then([]);
    });

    it.each([
      ['ready', [uploaded, processed]],
      ['failed', [uploaded, failed]],
      ['unknown', []],
    ] as const)('is a no-op when %s', (_s, events) => {
      given(mediaDecider, [...events]).when(fail(1)).then([]);
    });

    it('a later success clears the retry', () => {
      const state = given(mediaDecider, [uploaded, attemptFailed(1, 'later')]).when({ type: 'RecordRenditions', renditions }).then([processed]);
      expect(state).toMatchObject({ status: 'ready', attempts: 1, retryAt: null });
    });

    it('backs off exponentially', () => {
      expect([1, 2, 3].map((a) => processingRetryDelayMs(a, 1000))).toEqual([1000, 4000, 16000]);
    });
  });

  describe('RecordProcessingFailure', () => {
    it('marks processing media as error', () => {
      const state = given(mediaDecider, [uploaded]).when({ type: 'RecordProcessingFailure', reason: 'ffmpeg exited 1' }).then([failed]);
      expect(state).toEqual({ mediaId: 'm1', kind: 'photo', status: 'error', attempts: 0, retryAt: null });
    });

    it.each([
      ['unknown', []],
      ['ready', [uploaded, processed]],
      ['already failed', [uploaded, failed]],
    ] as const)('is a no-op when %s', (_s, events) => {
      given(mediaDecider, [...events]).when({ type: 'RecordProcessingFailure', reason: 'x' }).then([]);
    });
  });
});

describe('declared type and extension must agree', () => {
  it('refuses a photo content type on a video file name, and the reverse', async () => {
    const { mediaKindOf } = await import('./media');
    expect(mediaKindOf('clip.mp4', 'image/png')).toBeNull();
    expect(mediaKindOf('pic.jpg', 'video/mp4')).toBeNull();
    expect(mediaKindOf('pic.JPEG', 'image/jpeg')).toBe('photo');
    expect(mediaKindOf('clip.MOV', 'video/quicktime')).toBe('video');
    expect(mediaKindOf('noextension', 'image/png')).toBeNull();
  });
});

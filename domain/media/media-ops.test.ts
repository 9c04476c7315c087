import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { isPublicMediaKey, mediaDecider, nextRotation, renditionKeys, type MediaEvent, type Renditions } from './media';
import { rotateRequest, videosToReprocess, type PostItem } from './operations';

const AT = '2026-03-01T10:00:00.000Z';
const ID = '0b7d9c1e-2f3a-4b5c-8d9e-0123456789ab';
const uploaded = (kind: 'photo' | 'video'): MediaEvent => ({
  type: 'MediaUploaded',
  data: { mediaId: ID, kind, fileName: kind === 'photo' ? 'a.jpg' : 'a.mp4', contentType: kind === 'photo' ? 'image/jpeg' : 'video/mp4', size: 10, uploadedBy: 'admin1', uploadedAt: AT, stagingKey: 'staging/x/a' },
});
const renditions: Renditions = { ...renditionKeys(ID, 'photo'), width: 800, height: 600 };
const processed: MediaEvent = { type: 'MediaProcessed', data: { mediaId: ID, ...renditions } };
const failed: MediaEvent = { type: 'MediaProcessingFailed', data: { mediaId: ID, reason: 'broken' } };
const v1 = { ...renditionKeys(ID, 'photo', 1), width: 600, height: 800 };

describe('rendition keys and public keys', () => {
  it('version 0 keeps the original names; later versions get a suffix', () => {
    expect(renditionKeys(ID, 'photo')).toEqual({ originalKey: `originals/${ID}.jpg`, thumbnailKey: `thumbs/${ID}.jpg`, blurKey: `blur/${ID}.jpg` });
    expect(renditionKeys(ID, 'video', 2)).toEqual({
      originalKey: `originals/${ID}-v2.mp4`, thumbnailKey: `thumbs/${ID}-v2.jpg`, blurKey: `blur/${ID}-v2.jpg`, posterKey: `posters/${ID}-v2.jpg`,
    });
  });
  it.each([`blur/${ID}.jpg`, `blur/${ID}-v3.jpg`, 'theme/5f0c9a1e-2f3a-4b5c-8d9e-0123456789ab.jpg', 'theme/banner-mobile.mp4', 'theme/x.PNG'])('%s is public', (k) =>
    expect(isPublicMediaKey(k)).toBe(true),
  );
  it.each([`originals/${ID}.jpg`, `thumbs/${ID}.jpg`, `blur/${ID}.png`, `blur/../originals/${ID}.jpg`, 'staging/x/a.jpg', 'theme/a/b.jpg', 'theme/x.exe', `blur/${ID}-vx.jpg`])(
    '%s is not public',
    (k) => expect(isPublicMediaKey(k)).toBe(false),
  );
});

describe('rotation', () => {
  it('turns left and right around the clock', () => {
    expect([nextRotation(0, 90), nextRotation(0, -90), nextRotation(270, 90), nextRotation(90, -90)]).toEqual([90, 270, 0, 0]);
  });
  it('accepts -90 / 90 and a non-negative index, as numbers or numeric strings', () => {
    expect(rotateRequest(90, 0)).toEqual({ angle: 90, imageIndex: 0 });
    expect(rotateRequest('-90', '2')).toEqual({ angle: -90, imageIndex: 2 });
  });
  it.each([[45, 0, 'rotate_angle'], [undefined, 0, 'rotate_angle'], ['abc', 0, 'rotate_angle'], [90, -1, 'imageIndex'], [90, 1.5, 'imageIndex'], [90, undefined, 'imageIndex'], [90, '1e3', 'imageIndex']])(
    'refuses angle %j / index %j: Invalid Request naming %s',
    (angle, index, field) => {
      expect(() => rotateRequest(angle, index)).toThrow('Invalid Request');
      try {
        rotateRequest(angle, index);
      } catch (e) {
        expect((e as { details: { field: string } }).details.field).toBe(field);
      }
    },
  );

  it('RecordRotation records the new renditions of the next version and the total rotation', () => {
    const state = given(mediaDecider, [uploaded('photo'), processed])
      .when({ type: 'RecordRotation', angle: 90, version: 1, renditions: v1, at: AT })
      .then([{ type: 'MediaRotated', data: { mediaId: ID, angle: 90, rotation: 90, version: 1, at: AT, ...v1 } }]);
    expect(state).toMatchObject({ version: 1, rotation: 90, renditions: { ...v1 } });
    const again = given(mediaDecider, [uploaded('photo'), processed, { type: 'MediaRotated', data: { mediaId: ID, angle: 90, rotation: 90, version: 1, at: AT, ...v1 } }])
      .when({ type: 'RecordRotation', angle: -90, version: 2, renditions: { ...renditionKeys(ID, 'photo', 2), width: 800, height: 600 }, at: AT })
      .then([{ type: 'MediaRotated', data: { mediaId: ID, angle: -90, rotation: 0, version: 2, at: AT, ...renditionKeys(ID, 'photo', 2), width: 800, height: 600 } }]);
    expect(again.rotation).toBe(0);
  });

  it('a rotation rendered for a version someone else took is refused as changed (the caller redoes it)', () => {
    given(mediaDecider, [uploaded('photo'), processed])
      .when({ type: 'RecordRotation', angle: 90, version: 2, renditions: v1, at: AT })
      .thenThrows('There was an error while rotating the image.', { code: 'MEDIA_CHANGED', status: 409 });
  });

  it('only a ready photo turns', () => {
    given(mediaDecider, [uploaded('video'), processed]).when({ type: 'RecordRotation', angle: 90, version: 1, renditions: v1, at: AT }).thenThrows('Invalid Request', { status: 400 });
    given(mediaDecider, [uploaded('photo')]).when({ type: 'RecordRotation', angle: 90, version: 1, renditions: v1, at: AT }).thenThrows('Invalid Request', { status: 400 });
    given(mediaDecider).when({ type: 'RecordRotation', angle: 90, version: 1, renditions: v1, at: AT }).thenThrows('Invalid Request', { status: 404 });
  });
});

describe('blur refresh', () => {
  it('records the new blur key of the next version', () => {
    const state = given(mediaDecider, [uploaded('photo'), processed])
      .when({ type: 'RecordBlurRefresh', version: 1, blurKey: `blur/${ID}-v1.jpg`, at: AT })
      .then([{ type: 'MediaBlurRefreshed', data: { mediaId: ID, version: 1, blurKey: `blur/${ID}-v1.jpg`, at: AT } }]);
    expect(state.renditions).toMatchObject({ blurKey: `blur/${ID}-v1.jpg`, originalKey: renditions.originalKey });
  });
  it('needs a ready item', () => {
    given(mediaDecider, [uploaded('photo')]).when({ type: 'RecordBlurRefresh', version: 1, blurKey: 'b', at: AT }).thenThrows('Invalid Request', { status: 400 });
  });
});

describe('reprocess request', () => {
  it('sends an errored video back to processing with its attempts reset, for the next version', () => {
    const attempt: MediaEvent = { type: 'MediaProcessingAttemptFailed', data: { mediaId: ID, attempt: 3, reason: 'broken', at: AT, retryAt: null } };
    const state = given(mediaDecider, [uploaded('video'), attempt, failed])
      .when({ type: 'RequestReprocess', at: AT, shouldGenerateBlurImage: true })
      .then([{ type: 'MediaReprocessRequested', data: { mediaId: ID, version: 1, previousStatus: 'error', at: AT, shouldGenerateBlurImage: true } }]);
    expect(state).toMatchObject({ status: 'processing', attempts: 0, retryAt: null, version: 1 });
  });
  it('leaves a media already processing as it is', () => {
    given(mediaDecider, [uploaded('video')]).when({ type: 'RequestReprocess', at: AT }).then([]);
  });
  it('ignores the outcome of an attempt made for the version before the request', () => {
    const requested: MediaEvent = { type: 'MediaReprocessRequested', data: { mediaId: ID, version: 1, previousStatus: 'error', at: AT } };
    given(mediaDecider, [uploaded('video'), failed, requested]).when({ type: 'RecordProcessingAttemptFailure', attempt: 1, reason: 'old', at: AT, retryAt: AT, version: 0 }).then([]);
    given(mediaDecider, [uploaded('video'), failed, requested]).when({ type: 'RecordRenditions', renditions, version: 0 }).then([]);
    given(mediaDecider, [uploaded('video'), failed, requested])
      .when({ type: 'RecordRenditions', renditions, version: 1 })
      .then([{ type: 'MediaProcessed', data: { mediaId: ID, ...renditions } }]);
  });
});

describe('videos to reprocess', () => {
  const item = (mediaId: string, kind: 'photo' | 'video', status: PostItem['status'], fileName = `${mediaId}.mp4`): PostItem => ({ mediaId, kind, status, fileName, stagingKey: `staging/u/${fileName}` });
  it('the errored videos when there are some, else every video; never photos or videos already processing', () => {
    expect(videosToReprocess([item('p', 'photo', 'error'), item('a', 'video', 'error'), item('b', 'video', 'ready')]).map((v) => v.mediaId)).toEqual(['a']);
    expect(videosToReprocess([item('a', 'video', 'ready'), item('b', 'video', 'processing'), item('c', 'video', 'ready')]).map((v) => v.mediaId)).toEqual(['a', 'c']);
  });
  it('the video named by s3FilePath (originalVideos/{file})', () => {
    expect(videosToReprocess([item('a', 'video', 'ready'), item('b', 'video', 'ready')], 'originalVideos/b.mp4').map((v) => v.mediaId)).toEqual(['b']);
    expect(() => videosToReprocess([item('a', 'video', 'ready')], 'originalVideos/zzz.mp4')).toThrow('Invalid Request');
  });
  it('a post without videos is an Invalid Request', () => {
    expect(() => videosToReprocess([item('p', 'photo', 'ready')])).toThrow('Invalid Request');
  });
});

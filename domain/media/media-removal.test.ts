// Removing media from the library (Content Manager, POST /api/media/remove-media).
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { mediaDecider, type MediaEvent } from './media';

const AT = '2026-03-01T10:00:00.000Z';
const uploaded: MediaEvent = {
  type: 'MediaUploaded',
  data: { mediaId: 'm1', kind: 'photo', fileName: 'beach.jpg', contentType: 'image/jpeg', size: 1234, uploadedBy: 'admin1', uploadedAt: AT },
};
const removed: MediaEvent = { type: 'MediaRemoved', data: { mediaId: 'm1', removedAt: AT } };

describe('RemoveMedia', () => {
  it('removes an uploaded item once; removing again writes nothing', () => {
    const state = given(mediaDecider, [uploaded]).when({ type: 'RemoveMedia', at: AT }).then([removed]);
    expect(state.removed).toBe(true);
    given(mediaDecider, [uploaded, removed]).when({ type: 'RemoveMedia', at: AT }).then([]);
  });

  it('refuses media that was never uploaded', () => {
    given(mediaDecider).when({ type: 'RemoveMedia', at: AT }).thenThrows('Invalid Request', { status: 404, details: { field: 'mediaIds' } });
  });
});

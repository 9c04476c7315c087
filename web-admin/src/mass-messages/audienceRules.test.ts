import { describe, expect, it } from 'vitest';
import { initialSegmentInput, segmentBody } from './audienceRules';

describe('mass message audiences by behaviour (console)', () => {
  it('subscribers send no audience; a post audience waits for its post; numbers are sent as numbers, blanks as null', () => {
    const input = initialSegmentInput();
    expect(segmentBody('subscribers', input)).toBeUndefined();
    expect(segmentBody('bought_post', input)).toBeNull();
    expect(segmentBody('not_bought_post', { ...input, postId: 'p1' })).toEqual({ type: 'not_bought_post', post_id: 'p1' });
    expect(segmentBody('top_spenders', { ...input, top: '', minSpent: '49.99', days: '7' })).toEqual({ type: 'top_spenders', top: null, min_spent: 49.99, days: 7 });
    expect(segmentBody('expired', input)).toEqual({ type: 'expired' });
  });
});

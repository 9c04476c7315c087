import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { ValidationError } from '../shared/validation';
import {
  MAX_MEDIA_PER_POST, blogTypeOf, mediaIdsOfPost, postDecider, postStream, validateNewPost, validateSchedule, type CreatePost, type PostEvent, type PostMediaRef,
} from './post';

const AT = '2026-03-01T10:00:00.000Z';
const photos = (n: number): PostMediaRef[] => Array.from({ length: n }, (_, i) => ({ mediaId: `m${i + 1}`, kind: 'photo' as const }));
const settings = { minAmount: 5, maxAmount: 450, enablePublicPost: true };

const create = (patch: Partial<CreatePost> = {}): CreatePost => ({
  type: 'CreatePost',
  postId: 'p1',
  authorId: 'model1',
  caption: '  Sunset  ',
  visibility: 'locked',
  amountDollars: 20,
  media: photos(2),
  publishAt: AT,
  at: AT,
  settings,
  ...patch,
});

const created = (patch: Partial<Extract<PostEvent, { type: 'PostCreated' }>['data']> = {}): PostEvent => ({
  type: 'PostCreated',
  data: {
    postId: 'p1',
    authorId: 'model1',
    caption: 'Sunset',
    visibility: 'locked',
    priceCents: 2000,
    media: photos(2),
    previewMediaId: null,
    publishAt: AT,
    createdAt: AT,
    ...patch,
  },
});

/** The composer message (and field) validateNewPost gives, or null when valid. */
function messageOf(c: CreatePost): { field: string; message: string } | null {
  try {
    validateNewPost(c);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return { field: (e as ValidationError).field, message: (e as ValidationError).message };
  }
}

describe('postStream / blogTypeOf', () => {
  it('names the stream', () => expect(postStream('p1')).toBe('post-p1'));
  it('derives the blog type from the media', () => {
    expect(blogTypeOf([])).toBe('text');
    expect(blogTypeOf([{ mediaId: 'a', kind: 'photo' }])).toBe('photo');
    expect(blogTypeOf([{ mediaId: 'a', kind: 'video' }])).toBe('video');
    expect(blogTypeOf([{ mediaId: 'a', kind: 'video' }, { mediaId: 'b', kind: 'photo' }])).toBe('gallery');
  });
});

describe('validateNewPost (spec 2 §5, in order)', () => {
  it('requires media first, even with no caption and a bad amount', () => {
    expect(messageOf(create({ media: [], caption: '', amountDollars: 4 }))).toEqual({ field: 'media_ids', message: 'Please Select Media' });
  });

  it('allows at most 45 media', () => {
    expect(MAX_MEDIA_PER_POST).toBe(45);
    expect(messageOf(create({ media: photos(45) }))).toBeNull();
    expect(messageOf(create({ media: photos(46) }))).toEqual({
      field: 'media_ids',
      message: 'You have selected 46 images, maximum 45 images allowed.',
    });
  });

  it('checks the media count before the gallery caption', () => {
    expect(messageOf(create({ media: photos(46), caption: '' }))?.message).toBe('You have selected 46 images, maximum 45 images allowed.');
  });

  it.each(['', '   ', '\n\t'])('requires a caption for a gallery (%j)', (caption) => {
    expect(messageOf(create({ caption, media: photos(2) }))).toEqual({ field: 'caption', message: 'Please Add Caption' });
  });

  it('checks the gallery caption before the amount', () => {
    expect(messageOf(create({ caption: '', media: photos(3), amountDollars: 4 }))?.message).toBe('Please Add Caption');
  });

  it('does not require a caption for a single item', () => {
    expect(messageOf(create({ caption: '', media: photos(1) }))).toBeNull();
  });

  it.each([4, 451, 12.5, null, 0, -5, Number.NaN])('locked amount %s → Choose an amount between 5 and 450', (amountDollars) => {
    expect(messageOf(create({ amountDollars }))).toEqual({ field: 'amount', message: 'Choose an amount between 5 and 450' });
  });

  it.each([5, 20, 450])('accepts the locked amount %d', (amountDollars) => {
    expect(messageOf(create({ amountDollars }))).toBeNull();
  });

  it('uses the bounds from the settings in the message', () => {
    expect(messageOf(create({ amountDollars: 3, settings: { ...settings, minAmount: 10, maxAmount: 100 } }))?.message).toBe(
      'Choose an amount between 10 and 100',
    );
    expect(messageOf(create({ amountDollars: 101, settings: { ...settings, minAmount: 10, maxAmount: 100 } }))?.message).toBe(
      'Choose an amount between 10 and 100',
    );
  });

  it('ignores the amount for private and public posts', () => {
    expect(messageOf(create({ visibility: 'private', amountDollars: null }))).toBeNull();
    expect(messageOf(create({ visibility: 'public', amountDollars: 4 }))).toBeNull();
  });

  it('refuses a public post when public posts are disabled', () => {
    expect(messageOf(create({ visibility: 'public', settings: { ...settings, enablePublicPost: false } }))).toEqual({
      field: 'visibility',
      message: 'Invalid Request',
    });
  });

  it('allows a preview only on locked posts', () => {
    expect(messageOf(create({ previewMediaId: 'm1' }))).toBeNull();
    for (const visibility of ['private', 'public'] as const) {
      expect(messageOf(create({ visibility, previewMediaId: 'm1' }))).toEqual({ field: 'preview_media_id', message: 'Preview is only available for Locked posts.' });
    }
  });
});

describe('postDecider', () => {
  describe('CreatePost', () => {
    it('creates a locked post with a trimmed caption and the price in cents', () => {
      const state = given(postDecider).when(create()).then([created()]);
      expect(state).toEqual({
        postId: 'p1', exists: true, deleted: false, visibility: 'locked', priceCents: 2000, caption: 'Sunset', media: photos(2), previewMediaId: null,
        publishAt: AT, categoryId: null, rootPostId: 'p1', versions: [], minTierId: null,
      });
    });

    it('keeps the preview media id', () => {
      given(postDecider).when(create({ previewMediaId: 'm2' })).then([created({ previewMediaId: 'm2' })]);
    });

    it('prices private and public posts at 0 whatever the amount', () => {
      given(postDecider).when(create({ visibility: 'private', amountDollars: 30 })).then([created({ visibility: 'private', priceCents: 0 })]);
      given(postDecider).when(create({ visibility: 'public', amountDollars: null })).then([created({ visibility: 'public', priceCents: 0 })]);
    });

    it('marks demo posts', () => {
      given(postDecider).when(create({ isDemo: true })).then([created({ isDemo: true })]);
    });

    it('refuses a second creation of the same post', () => {
      given(postDecider, [created()]).when(create()).thenThrows('Invalid Request', { code: 'POST_EXISTS', status: 409 });
    });

    it('surfaces composer validation as a VALIDATION error', () => {
      given(postDecider).when(create({ media: [] })).thenThrows('Please Select Media', { code: 'VALIDATION', status: 400, details: { field: 'media_ids' } });
      given(postDecider).when(create({ amountDollars: 451 })).thenThrows('Choose an amount between 5 and 450', { code: 'VALIDATION', details: { field: 'amount' } });
    });
  });

  describe('DeletePost', () => {
    it('deletes an existing post', () => {
      const state = given(postDecider, [created()])
        .when({ type: 'DeletePost', at: '2026-03-02T00:00:00.000Z' })
        .then([{ type: 'PostDeleted', data: { postId: 'p1', deletedAt: '2026-03-02T00:00:00.000Z' } }]);
      expect(state.deleted).toBe(true);
      expect(state.exists).toBe(true);
    });

    it('refuses an unknown post', () => {
      given(postDecider).when({ type: 'DeletePost', at: AT }).thenThrows('Something went wrong', { code: 'POST_NOT_FOUND', status: 404 });
    });

    it('refuses a post already deleted', () => {
      given(postDecider, [created(), { type: 'PostDeleted', data: { postId: 'p1', deletedAt: AT } }])
        .when({ type: 'DeletePost', at: AT })
        .thenThrows('Something went wrong', { code: 'POST_NOT_FOUND', status: 404 });
    });
  });
});

describe('schedule (spec 2 §5 "date may not be in the past")', () => {
  const fail = (schedule: string) => messageOf(create({ schedule }));
  it('accepts a date in the future and publishes then', () => {
    const later = '2026-03-05T09:00:00.000Z';
    expect(fail(later)).toBeNull();
    given(postDecider).when(create({ schedule: later })).then([created({ publishAt: later })]);
  });
  it('allows a minute of clock skew', () => {
    expect(fail('2026-03-01T09:59:00.000Z')).toBeNull();
    expect(() => validateSchedule('2026-03-01T09:59:00.000Z', AT)).not.toThrow();
  });
  it('refuses a date further in the past', () => {
    expect(fail('2026-03-01T09:58:59.000Z')).toEqual({ field: 'publish_at', message: 'Schedule date cannot be in the past.' });
  });
  it('does not judge a trusted publishAt (demo history, a reuse keeping its date)', () => {
    given(postDecider).when(create({ publishAt: '2020-01-01T00:00:00.000Z' })).then([created({ publishAt: '2020-01-01T00:00:00.000Z' })]);
  });
  it('checks the amount before the schedule', () => {
    expect(messageOf(create({ amountDollars: 1, schedule: '2000-01-01T00:00:00.000Z' }))?.field).toBe('amount');
  });
});

describe('category and reuse on creation', () => {
  it('records the category', () => {
    given(postDecider).when(create({ categoryId: 'c1' })).then([created({ categoryId: 'c1' })]);
  });
  it('records the root post of a reuse; the state points to that root', () => {
    const state = given(postDecider).when(create({ reuseOf: 'root1' })).then([created({ reuseOf: 'root1' })]);
    expect(state.rootPostId).toBe('root1');
  });
});

describe('mediaIdsOfPost', () => {
  it('lists media and preview once', () => {
    expect(mediaIdsOfPost({ media: photos(2), previewMediaId: 'm2' })).toEqual(['m1', 'm2']);
    expect(mediaIdsOfPost({ media: photos(1), previewMediaId: 'x' })).toEqual(['m1', 'x']);
    expect(mediaIdsOfPost({ media: photos(1), previewMediaId: null })).toEqual(['m1']);
  });
});

describe('EditPost (spec 2 §2 Edit Post dialog)', () => {
  const edit = (patch: Partial<Extract<Parameters<typeof postDecider.decide>[0], { type: 'EditPost' }>> = {}) => ({
    type: 'EditPost' as const, caption: 'New caption', enablePublicPost: true, at: '2026-03-02T00:00:00.000Z', ...patch,
  });
  const edited = (patch: Record<string, unknown> = {}): PostEvent => ({
    type: 'PostEdited',
    data: { postId: 'p1', caption: 'New caption', visibility: 'locked', previewMediaId: null, editedAt: '2026-03-02T00:00:00.000Z', ...patch },
  });

  it('changes the caption (trimmed)', () => {
    const state = given(postDecider, [created()]).when(edit({ caption: '  New caption ' })).then([edited()]);
    expect(state.caption).toBe('New caption');
  });
  it('requires a caption for a gallery', () => {
    given(postDecider, [created()]).when(edit({ caption: ' ' })).thenThrows('Please Add Caption', { details: { field: 'caption' } });
  });
  it('allows an empty caption on a single item', () => {
    given(postDecider, [created({ media: photos(1) })]).when(edit({ caption: '' })).then([edited({ caption: '' })]);
  });
  it('writes nothing when nothing changed', () => {
    given(postDecider, [created()]).when(edit({ caption: 'Sunset' })).then([]);
  });
  it('sets, keeps and removes the preview of a locked post', () => {
    const withPreview = given(postDecider, [created()]).when(edit({ previewMediaId: 'lib9' })).then([edited({ previewMediaId: 'lib9' })]);
    expect(withPreview.previewMediaId).toBe('lib9');
    given(postDecider, [created({ previewMediaId: 'm1' })]).when(edit()).then([edited({ previewMediaId: 'm1' })]);
    given(postDecider, [created({ previewMediaId: 'm1' })]).when(edit({ previewMediaId: null })).then([edited()]);
  });
  it('refuses a preview on an unlocked post', () => {
    given(postDecider, [created({ visibility: 'private', priceCents: 0 })])
      .when(edit({ previewMediaId: 'm1' }))
      .thenThrows('Preview is only available for Locked posts.', { details: { field: 'preview_media_id' } });
  });
  it('switches an unlocked post between private and public', () => {
    given(postDecider, [created({ visibility: 'private', priceCents: 0 })]).when(edit({ visibility: 'public' })).then([edited({ visibility: 'public' })]);
    given(postDecider, [created({ visibility: 'public', priceCents: 0 })]).when(edit({ visibility: 'private' })).then([edited({ visibility: 'private' })]);
  });
  it('refuses public when public posts are disabled, and any visibility change of a locked post', () => {
    given(postDecider, [created({ visibility: 'private', priceCents: 0 })])
      .when(edit({ visibility: 'public', enablePublicPost: false }))
      .thenThrows('Invalid Request', { details: { field: 'visibility' } });
    given(postDecider, [created()]).when(edit({ visibility: 'private' })).thenThrows('Invalid Request', { details: { field: 'visibility' } });
  });
  it('refuses an unknown or deleted post', () => {
    given(postDecider).when(edit()).thenThrows('Something went wrong', { code: 'POST_NOT_FOUND', status: 404 });
    given(postDecider, [created(), { type: 'PostDeleted', data: { postId: 'p1', deletedAt: AT } }]).when(edit()).thenThrows('Something went wrong', { status: 404 });
  });
});

describe('ReviewPost (spec 2 §2 Review And Post)', () => {
  const review = (patch: Partial<Extract<Parameters<typeof postDecider.decide>[0], { type: 'ReviewPost' }>> = {}) => ({
    type: 'ReviewPost' as const, caption: 'Fixed', media: photos(1), previewMediaId: null, amountDollars: 25, inError: true, settings, at: '2026-03-02T00:00:00.000Z', ...patch,
  });
  it('replaces media, caption and price of an errored post', () => {
    const state = given(postDecider, [created()])
      .when(review())
      .then([{ type: 'PostReviewed', data: { postId: 'p1', caption: 'Fixed', media: photos(1), previewMediaId: null, priceCents: 2500, reviewedAt: '2026-03-02T00:00:00.000Z' } }]);
    expect(state).toMatchObject({ media: photos(1), priceCents: 2500, caption: 'Fixed' });
  });
  it('answers Invalid Request for a post not in error', () => {
    given(postDecider, [created()]).when(review({ inError: false })).thenThrows('Invalid Request', { status: 400, details: { field: 'blog_id' } });
  });
  it('applies the composer rules', () => {
    given(postDecider, [created()]).when(review({ media: [] })).thenThrows('Please Select Media');
    given(postDecider, [created()]).when(review({ media: photos(2), caption: '' })).thenThrows('Please Add Caption');
    given(postDecider, [created()]).when(review({ amountDollars: 451 })).thenThrows('Choose an amount between 5 and 450');
    given(postDecider, [created({ visibility: 'private', priceCents: 0 })]).when(review({ previewMediaId: 'm1' })).thenThrows('Preview is only available for Locked posts.');
  });
  it('keeps unlocked posts free', () => {
    given(postDecider, [created({ visibility: 'private', priceCents: 0 })])
      .when(review({ amountDollars: null }))
      .then([{ type: 'PostReviewed', data: { postId: 'p1', caption: 'Fixed', media: photos(1), previewMediaId: null, priceCents: 0, reviewedAt: '2026-03-02T00:00:00.000Z' } }]);
  });
});

describe('AddVersion (reuse groups)', () => {
  const add = (versionId: string) => ({ type: 'AddVersion' as const, versionId, at: AT });
  const added = (versionId: string): PostEvent => ({ type: 'PostVersionAdded', data: { postId: 'p1', versionId, at: AT } });
  it('lists the versions of a root post, once each', () => {
    const state = given(postDecider, [created(), added('v1')]).when(add('v2')).then([added('v2')]);
    expect(state.versions).toEqual(['v1', 'v2']);
    given(postDecider, [created(), added('v1')]).when(add('v1')).then([]);
  });
  it('still groups versions of a deleted root (its buyers stay entitled)', () => {
    given(postDecider, [created(), { type: 'PostDeleted', data: { postId: 'p1', deletedAt: AT } }]).when(add('v1')).then([added('v1')]);
  });
  it('refuses an unknown root', () => {
    given(postDecider).when(add('v1')).thenThrows('Something went wrong', { status: 404 });
  });
});

describe('a post limited to a tier', () => {
  const tierIds = ['base', 'vip'];
  it('records the lowest tier that sees it; the base tier or none is every subscriber', () => {
    given(postDecider).when(create({ visibility: 'private', amountDollars: null, minTierId: 'vip', tierIds })).then([created({ visibility: 'private', priceCents: 0, minTierId: 'vip' })]);
    given(postDecider).when(create({ minTierId: 'base', tierIds })).then([created()]);
    given(postDecider).when(create({ minTierId: null, tierIds })).then([created()]);
  });
  it('refuses a tier not on offer and a limit on a public post, naming min_tier_id', () => {
    given(postDecider).when(create({ minTierId: 'gold', tierIds })).thenThrows('Choose a tier that is offered.', { details: { field: 'min_tier_id' } });
    given(postDecider).when(create({ visibility: 'public', minTierId: 'vip', tierIds })).thenThrows(/public post is seen by everyone/, { details: { field: 'min_tier_id' } });
  });
  it('an edit sets, keeps and removes the limit', () => {
    const edit = (patch: object = {}) => ({ type: 'EditPost' as const, caption: 'Sunset', enablePublicPost: true, at: AT, tierIds, ...patch });
    const base = { postId: 'p1', caption: 'Sunset', visibility: 'locked' as const, previewMediaId: null, editedAt: AT };
    const s = given(postDecider, [created()]).when(edit({ minTierId: 'vip' })).then([{ type: 'PostEdited', data: { ...base, minTierId: 'vip' } }]);
    expect(s.minTierId).toBe('vip');
    given(postDecider, [created({ minTierId: 'vip' })]).when(edit()).then([]);
    const off = given(postDecider, [created({ minTierId: 'vip' })]).when(edit({ minTierId: null })).then([{ type: 'PostEdited', data: { ...base, minTierId: null } }]);
    expect(off.minTierId).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { ValidationError } from '../shared/validation';
import { MAX_MEDIA_PER_POST, blogTypeOf, postDecider, postStream, validateNewPost, type CreatePost, type PostEvent, type PostMediaRef } from './post';

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
      expect(messageOf(create({ visibility, previewMediaId: 'm1' }))).toEqual({ field: 'preview', message: 'Preview is only available for Locked posts.' });
    }
  });
});

describe('postDecider', () => {
  describe('CreatePost', () => {
    it('creates a locked post with a trimmed caption and the price in cents', () => {
      const state = given(postDecider).when(create()).then([created()]);
      expect(state).toEqual({ postId: 'p1', exists: true, deleted: false, visibility: 'locked', priceCents: 2000 });
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

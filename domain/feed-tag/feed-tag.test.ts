import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { feedTagDecider, tagsOfPost, type FeedTagEvent } from './feed-tag';

const created = (tagId: string, name: string): FeedTagEvent => ({ type: 'FeedTagCreated', data: { tagId, name, slug: name, createdAt: 't' } });

describe('feed tags', () => {
  it('creates tags trimmed and lower-cased, the slug being the name', () => {
    given(feedTagDecider).when({ type: 'CreateTag', tagId: 'a', name: '  Summer ', at: 't' }).then([created('a', 'summer')]);
  });

  it('refuses blank, long and duplicate names with the spec texts', () => {
    given(feedTagDecider).when({ type: 'CreateTag', tagId: 'a', name: '  ', at: 't' }).thenThrows('Enter Valid Tag Name', { details: { field: 'name' } });
    given(feedTagDecider).when({ type: 'CreateTag', tagId: 'a', name: 'x'.repeat(31), at: 't' }).thenThrows('Tag name cannot be more than 30 characters');
    given(feedTagDecider, [created('a', 'summer')]).when({ type: 'CreateTag', tagId: 'b', name: 'SUMMER', at: 't' }).thenThrows('Tag already exist');
    given(feedTagDecider, [created('a', 'summer'), created('b', 'beach')]).when({ type: 'RenameTag', tagId: 'b', name: 'Summer' }).thenThrows('Tag already exist');
  });

  it('renames, writing nothing when unchanged', () => {
    given(feedTagDecider, [created('a', 'summer')]).when({ type: 'RenameTag', tagId: 'a', name: ' SUMMER' }).then([]);
    given(feedTagDecider, [created('a', 'summer')]).when({ type: 'RenameTag', tagId: 'a', name: 'Beach' }).then([{ type: 'FeedTagRenamed', data: { tagId: 'a', name: 'beach', slug: 'beach' } }]);
    given(feedTagDecider).when({ type: 'RenameTag', tagId: 'a', name: 'x' }).thenThrows('Invalid Tag', { status: 404 });
  });

  it('sets the tags of a post exactly, and deleting a tag names the posts it leaves', () => {
    const tagged = given(feedTagDecider, [created('a', 'summer'), created('b', 'beach')])
      .when({ type: 'SetPostTags', postId: 'p', tagIds: ['a', 'b'] })
      .then([{ type: 'FeedPostTagsChanged', data: { postId: 'p', added: ['a', 'b'], removed: [] } }]);
    expect(tagsOfPost(tagged, 'p')).toEqual(['a', 'b']);
    expect(feedTagDecider.decide({ type: 'SetPostTags', postId: 'p', tagIds: ['b', 'a'] }, tagged)).toEqual([]);
    expect(feedTagDecider.decide({ type: 'SetPostTags', postId: 'p', tagIds: ['b'] }, tagged)).toEqual([{ type: 'FeedPostTagsChanged', data: { postId: 'p', added: [], removed: ['a'] } }]);
    expect(() => feedTagDecider.decide({ type: 'SetPostTags', postId: 'p', tagIds: ['a', 'a'] }, tagged)).toThrow('Tag already added');
    expect(() => feedTagDecider.decide({ type: 'SetPostTags', postId: 'p', tagIds: ['z'] }, tagged)).toThrow('Invalid Tag');
    const deleted = feedTagDecider.decide({ type: 'DeleteTag', tagId: 'a' }, tagged);
    expect(deleted).toEqual([{ type: 'FeedTagDeleted', data: { tagId: 'a', postIds: ['p'] } }]);
    expect(tagsOfPost(deleted.reduce(feedTagDecider.evolve, tagged), 'p')).toEqual(['b']);
  });
});

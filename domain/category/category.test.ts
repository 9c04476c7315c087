import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import {
  categoriesOfMedia, categoryDecider, categoryNameProblem, countLabel, dayLabel, fileSizeLabel, type CategoryEvent,
} from './category';

const AT = '2026-03-01T10:00:00.000Z';
const created = (categoryId: string, name: string): CategoryEvent => ({
  type: 'MediaCategoryCreated', data: { categoryId, name, slug: name.toLowerCase(), createdAt: AT },
});
const added = (categoryId: string, mediaIds: string[]): CategoryEvent => ({ type: 'MediaAddedToCategory', data: { categoryId, mediaIds, at: AT } });

describe('media categories', () => {
  it('creates a category keeping its capitals, trimmed; the slug is the lower-cased name', () => {
    given(categoryDecider).when({ type: 'CreateCategory', categoryId: 'a', name: '  Beach Days ', at: AT }).then([
      { type: 'MediaCategoryCreated', data: { categoryId: 'a', name: 'Beach Days', slug: 'beach days', createdAt: AT } },
    ]);
  });

  it('refuses blank, over-long, duplicate and reserved names with the spec texts', () => {
    given(categoryDecider).when({ type: 'CreateCategory', categoryId: 'a', name: '   ', at: AT }).thenThrows('Name is required', { status: 400, details: { field: 'name' } });
    given(categoryDecider).when({ type: 'CreateCategory', categoryId: 'a', name: 'x'.repeat(101), at: AT }).thenThrows('Name cannot be more than 100 characters.');
    given(categoryDecider).when({ type: 'CreateCategory', categoryId: 'a', name: 'x'.repeat(100), at: AT }).then([created('a', 'x'.repeat(100))]);
    given(categoryDecider, [created('a', 'Beach')]).when({ type: 'CreateCategory', categoryId: 'b', name: ' BEACH', at: AT }).thenThrows('Name already exist. Please add another category.');
    given(categoryDecider).when({ type: 'CreateCategory', categoryId: 'a', name: 'All Media', at: AT }).thenThrows('Invalid Category', { details: { field: 'name' } });
    given(categoryDecider).when({ type: 'CreateCategory', categoryId: 'a', name: ' PREVIEW ', at: AT }).thenThrows('Invalid Category');
    expect(categoryNameProblem('Studio')).toBeUndefined();
  });

  it('a deleted category frees its name', () => {
    const deleted: CategoryEvent = { type: 'MediaCategoryDeleted', data: { categoryId: 'a', deletedAt: AT } };
    given(categoryDecider, [created('a', 'Beach'), deleted]).when({ type: 'CreateCategory', categoryId: 'b', name: 'beach', at: AT }).then([created('b', 'beach')]);
  });

  it('renames (case changes included), writes nothing when unchanged, refuses another category\'s name', () => {
    given(categoryDecider, [created('a', 'Beach')]).when({ type: 'RenameCategory', categoryId: 'a', name: ' Beach ' }).then([]);
    given(categoryDecider, [created('a', 'Beach')]).when({ type: 'RenameCategory', categoryId: 'a', name: 'BEACH' }).then([
      { type: 'MediaCategoryRenamed', data: { categoryId: 'a', name: 'BEACH', slug: 'beach' } },
    ]);
    given(categoryDecider, [created('a', 'Beach'), created('b', 'Studio')]).when({ type: 'RenameCategory', categoryId: 'b', name: 'beach' }).thenThrows('Name already exist. Please add another category.');
    given(categoryDecider, [created('a', 'Beach')]).when({ type: 'RenameCategory', categoryId: 'a', name: '' }).thenThrows('Name is required');
  });

  it('All Media and Preview can be neither renamed, deleted nor assigned to: Invalid Request (400)', () => {
    for (const id of ['all-media', 'preview']) {
      given(categoryDecider).when({ type: 'RenameCategory', categoryId: id, name: 'x' }).thenThrows('Invalid Request', { status: 400, code: 'RESERVED_CATEGORY' });
      given(categoryDecider).when({ type: 'DeleteCategory', categoryId: id, at: AT }).thenThrows('Invalid Request', { status: 400 });
      given(categoryDecider).when({ type: 'AddMediaToCategory', categoryId: id, mediaIds: ['m'], at: AT }).thenThrows('Invalid Request', { status: 400, details: { field: 'category_id' } });
    }
  });

  it('unknown and deleted categories are Invalid Request (404)', () => {
    given(categoryDecider).when({ type: 'DeleteCategory', categoryId: 'zz', at: AT }).thenThrows('Invalid Request', { status: 404, details: { field: 'id' } });
    const deleted = given(categoryDecider, [created('a', 'Beach')]).when({ type: 'DeleteCategory', categoryId: 'a', at: AT }).then([
      { type: 'MediaCategoryDeleted', data: { categoryId: 'a', deletedAt: AT } },
    ]);
    expect(() => categoryDecider.decide({ type: 'DeleteCategory', categoryId: 'a', at: AT }, deleted)).toThrow('Invalid Request');
    expect(() => categoryDecider.decide({ type: 'RenameCategory', categoryId: 'a', name: 'x' }, deleted)).toThrow('Invalid Request');
  });

  it('assigns media to several categories; assigning again is a no-op; taking out removes only what is there', () => {
    const state = given(categoryDecider, [created('a', 'Beach'), created('b', 'Studio')])
      .when({ type: 'AddMediaToCategory', categoryId: 'a', mediaIds: ['m1', 'm2', 'm1'], at: AT })
      .then([added('a', ['m1', 'm2'])]);
    const both = given(categoryDecider, [created('a', 'Beach'), created('b', 'Studio'), added('a', ['m1', 'm2'])])
      .when({ type: 'AddMediaToCategory', categoryId: 'b', mediaIds: ['m1'], at: AT })
      .then([added('b', ['m1'])]);
    expect(categoriesOfMedia(both, 'm1')).toEqual(['a', 'b']);
    expect(categoryDecider.decide({ type: 'AddMediaToCategory', categoryId: 'a', mediaIds: ['m2', 'm1'], at: AT }, state)).toEqual([]);
    expect(categoryDecider.decide({ type: 'AddMediaToCategory', categoryId: 'a', mediaIds: ['m3', 'm1'], at: AT }, state)).toEqual([added('a', ['m3'])]);
    expect(categoryDecider.decide({ type: 'TakeMediaOutOfCategory', categoryId: 'a', mediaIds: ['m1', 'm9'] }, state)).toEqual([
      { type: 'MediaTakenOutOfCategory', data: { categoryId: 'a', mediaIds: ['m1'] } },
    ]);
    expect(categoryDecider.decide({ type: 'TakeMediaOutOfCategory', categoryId: 'a', mediaIds: ['m9'] }, state)).toEqual([]);
    // Deleting a category empties it; the media keep their other categories.
    const afterDelete = categoryDecider.evolve(both, { type: 'MediaCategoryDeleted', data: { categoryId: 'a', deletedAt: AT } });
    expect(categoriesOfMedia(afterDelete, 'm1')).toEqual(['b']);
  });
});

describe('labels', () => {
  it('abbreviates thousands with K', () => {
    expect([0, 7, 999, 1000, 1234, 1299, 15_000, 15_460, 250_999].map(countLabel)).toEqual(['0', '7', '999', '1K', '1.2K', '1.2K', '15K', '15.4K', '250.9K']);
  });

  it('says Today and Yesterday in the viewer\'s calendar, the date otherwise', () => {
    const now = new Date(2026, 2, 10, 0, 30);
    const fmt = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}`;
    expect(dayLabel(new Date(2026, 2, 10, 0, 1), now, fmt)).toBe('Today');
    expect(dayLabel(new Date(2026, 2, 9, 23, 59), now, fmt)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 2, 8, 12, 0), now, fmt)).toBe('3/8');
  });

  it('sizes photos in base 1000 and videos in base 1024', () => {
    expect(fileSizeLabel(500, 'photo')).toBe('500 B');
    expect(fileSizeLabel(1_500_000, 'photo')).toBe('1.5 MB');
    expect(fileSizeLabel(1024 * 1024 * 20, 'video')).toBe('20 MB');
    expect(fileSizeLabel(1_500_000, 'video')).toBe('1.4 MB');
  });
});

import { describe, expect, it } from 'vitest';
import {
  addPreviewItems,
  amountBounds,
  blogTypeOf,
  canReorder,
  checkAmount,
  defaultSchedule,
  firstError,
  formatError,
  groupVersions,
  moveItem,
  onVisibility,
  pickableCategories,
  postActions,
  removeItem,
  reuseSchedule,
  scheduleDate,
  scheduleError,
  scheduleOf,
  statusNotice,
  togglePreviewIndex,
  tooMany,
  validateComposer,
  versionInfo,
  visibilityChoices,
  withoutDuplicates,
  type GalleryState,
} from './rules';
import type { ConsolePost } from './types';

const settings = { content_unlock_minimum_amount: 5, content_unlock_maximum_amount: 100, enable_public_post: false };
const now = new Date(2026, 4, 10, 14, 30); // 10 May 2026, 2:30 PM local

const gallery = (n: number, extra: Partial<GalleryState<string>> = {}): GalleryState<string> => ({
  items: Array.from({ length: n }, (_, i) => `m${i}`),
  preview: null,
  previewMode: true,
  reorder: true,
  ...extra,
});

describe('file rules (spec 2 §5)', () => {
  it('accepts PNG, JPG, JPEG, MP4 and MOV in any case', () => {
    expect(formatError(['a.PNG'])).toBeUndefined();
    expect(formatError(['a.jpeg', 'b.Jpg', 'c.MOV', 'd.mp4'])).toBeUndefined();
  });
  it('names the first unsupported image of a gallery, and uses the single-file and preview texts', () => {
    expect(formatError(['a.jpg', 'b.gif', 'c.bmp'])).toBe('Image Number 2 media format is not supported.');
    expect(formatError(['a.gif'])).toBe('Media format is not supported.');
    expect(formatError(['noext'])).toBe('Media format is not supported.');
    expect(formatError(['p.webp'], 'preview')).toBe('Preview media format is not supported.');
  });
  it('ignores duplicates of the same name and size', () => {
    const a = { name: 'a.jpg', size: 10 };
    expect(withoutDuplicates([a], [{ name: 'a.jpg', size: 10 }, { name: 'a.jpg', size: 11 }, { name: 'b.jpg', size: 10 }, { name: 'b.jpg', size: 10 }])).toEqual([
      { name: 'a.jpg', size: 11 },
      { name: 'b.jpg', size: 10 },
    ]);
  });
  it('allows at most 45 media', () => {
    expect(tooMany(45)).toBeUndefined();
    expect(tooMany(46)).toBe('You have selected 46 images, maximum 45 images allowed.');
  });
  it('derives the post type from the media', () => {
    expect(blogTypeOf([])).toBe('text');
    expect(blogTypeOf(['photo'])).toBe('photo');
    expect(blogTypeOf(['video'])).toBe('video');
    expect(blogTypeOf(['photo', 'video'])).toBe('gallery');
  });
});

describe('amount', () => {
  it('checks whole numbers against the settings bounds and resets to the minimum', () => {
    const b = amountBounds(settings);
    expect(b).toEqual({ min: 5, max: 100 });
    expect(checkAmount('20', b)).toEqual({ ok: true, value: 20 });
    expect(checkAmount(100, b)).toEqual({ ok: true, value: 100 });
    for (const bad of ['4', '101', '12.5', '', 'abc', null]) {
      expect(checkAmount(bad, b)).toEqual({ ok: false, message: 'Choose an amount between 5 and 100', reset: 5 });
    }
  });
  it('reuse reads the tips bounds when the settings carry them', () => {
    expect(amountBounds({ ...settings, tips_minimum_amount: 3, tips_maximum_amount: 200 }, 'tips')).toEqual({ min: 3, max: 200 });
    expect(amountBounds(settings, 'tips')).toEqual({ min: 5, max: 100 });
    expect(amountBounds({})).toEqual({ min: 5, max: 450 });
  });
});

describe('schedule', () => {
  it('converts 12-hour fields to a local date', () => {
    expect(scheduleDate({ date: '2026-05-10', hour: 12, minute: 0, ampm: 'AM' })?.getHours()).toBe(0);
    expect(scheduleDate({ date: '2026-05-10', hour: 12, minute: 5, ampm: 'PM' })?.getHours()).toBe(12);
    expect(scheduleDate({ date: '2026-05-10', hour: 3, minute: 59, ampm: 'PM' })?.getHours()).toBe(15);
    expect(scheduleDate({ date: '2026-05-10', hour: 13, minute: 0, ampm: 'PM' })).toBeNull();
    expect(scheduleDate({ date: '2026-05-10', hour: 1, minute: 60, ampm: 'PM' })).toBeNull();
    expect(scheduleDate({ date: '2026-02-30', hour: 1, minute: 0, ampm: 'PM' })).toBeNull();
    expect(scheduleOf(new Date(2026, 4, 10, 0, 7))).toEqual({ date: '2026-05-10', hour: 12, minute: 7, ampm: 'AM' });
  });
  it('refuses the past and defaults to tomorrow at the current time', () => {
    expect(scheduleError({ date: '2026-05-10', hour: 2, minute: 29, ampm: 'PM' }, now)).toBe('Schedule date cannot be in the past.');
    expect(scheduleError({ date: '2026-05-09', hour: 11, minute: 0, ampm: 'PM' }, now)).toBeDefined();
    expect(scheduleError({ date: '2026-05-10', hour: 2, minute: 31, ampm: 'PM' }, now)).toBeUndefined();
    expect(defaultSchedule(now)).toEqual({ date: '2026-05-11', hour: 2, minute: 30, ampm: 'PM' });
  });
  it('reuse is scheduled initially only for a post dated in the future', () => {
    expect(reuseSchedule(new Date(2026, 4, 1).toISOString(), now)).toEqual({ on: false, schedule: defaultSchedule(now) });
    const future = new Date(2026, 5, 1, 9, 15);
    expect(reuseSchedule(future.toISOString(), now)).toEqual({ on: true, schedule: { date: '2026-06-01', hour: 9, minute: 15, ampm: 'AM' } });
  });
});

describe('gallery: visibility, preview, reorder', () => {
  it('offers Public only when enabled; Public and Private clear the preview', () => {
    expect(visibilityChoices({ enable_public_post: false })).toEqual(['locked', 'private']);
    expect(visibilityChoices({ enable_public_post: true })).toEqual(['locked', 'private', 'public']);
    const withPreview = gallery(2, { preview: { type: 'item', item: 'p' } });
    expect(onVisibility(withPreview, 'public')).toMatchObject({ preview: null, previewMode: false });
    expect(onVisibility(withPreview, 'private')).toMatchObject({ preview: null, previewMode: false });
    expect(onVisibility(withPreview, 'locked')).toBe(withPreview);
  });
  it('allows exactly one preview', () => {
    const s = gallery(3);
    const set = togglePreviewIndex(s, 1);
    expect(set.ok && set.state.preview).toEqual({ type: 'index', index: 1 });
    const second = set.ok ? togglePreviewIndex(set.state, 2) : set;
    expect(second).toEqual({ ok: false, message: 'You can not add more than one preview.' });
    const extra = set.ok ? addPreviewItems(set.state, ['p']) : set;
    expect(extra).toEqual({ ok: false, message: 'You can not add more than one preview.' });
    expect(addPreviewItems(s, ['p', 'q'])).toEqual({ ok: false, message: 'You can not add more than one preview.' });
    const cleared = set.ok ? togglePreviewIndex(set.state, 1) : set;
    expect(cleared.ok && cleared.state.preview).toBeNull();
  });
  it('moves items with the preview index following', () => {
    const s = gallery(4, { preview: { type: 'index', index: 1 } });
    expect(moveItem(s, 1, 3)).toMatchObject({ items: ['m0', 'm2', 'm3', 'm1'], preview: { index: 3 } });
    expect(moveItem(s, 0, 2)).toMatchObject({ items: ['m1', 'm2', 'm0', 'm3'], preview: { index: 0 } });
    expect(moveItem(s, 3, 0)).toMatchObject({ items: ['m3', 'm0', 'm1', 'm2'], preview: { index: 2 } });
    expect(moveItem(s, 2, 3)).toMatchObject({ items: ['m0', 'm1', 'm3', 'm2'], preview: { index: 1 } });
    expect(moveItem(s, 0, 9)).toBe(s);
  });
  it('turns reorder off at one item and keeps the preview on its item when removing', () => {
    expect(canReorder(1)).toBe(false);
    expect(canReorder(2)).toBe(true);
    const s = gallery(3, { preview: { type: 'index', index: 2 } });
    expect(removeItem(s, 0)).toMatchObject({ items: ['m1', 'm2'], preview: { index: 1 }, reorder: true });
    expect(removeItem(s, 2)).toMatchObject({ preview: null });
    expect(removeItem(gallery(2), 0)).toMatchObject({ items: ['m1'], reorder: false });
  });
});

describe('validateComposer', () => {
  const base = { caption: '', visibility: 'locked' as const, amount: '20', media: [{ name: 'a.jpg' }], schedule: null };
  it('asks for media, then a caption for galleries', () => {
    expect(firstError(validateComposer({ ...base, media: [] }, settings, now))).toBe('Please Select Media');
    expect(validateComposer({ ...base, media: [{ name: 'a.jpg' }, null] }, settings, now)).toEqual({ caption: 'Please Add Caption' });
    expect(validateComposer(base, settings, now)).toEqual({});
  });
  it('checks formats, the amount (locked only), the preview and the schedule', () => {
    expect(validateComposer({ ...base, media: [{ name: 'a.jpg' }, { name: 'b.gif' }], caption: 'x' }, settings, now)).toEqual({
      media: 'Image Number 2 media format is not supported.',
    });
    expect(validateComposer({ ...base, amount: '500' }, settings, now)).toEqual({ amount: 'Choose an amount between 5 and 100' });
    expect(validateComposer({ ...base, amount: '500', visibility: 'private' }, settings, now)).toEqual({});
    expect(validateComposer({ ...base, preview: { name: 'x.gif' } }, settings, now)).toEqual({ preview: 'Preview media format is not supported.' });
    expect(validateComposer({ ...base, visibility: 'public' }, settings, now)).toEqual({ visibility: 'Invalid Request' });
    expect(validateComposer({ ...base, visibility: 'public' }, { ...settings, enable_public_post: true }, now)).toEqual({});
    expect(validateComposer({ ...base, schedule: { date: '2026-05-09', hour: 1, minute: 0, ampm: 'PM' } }, settings, now)).toEqual({
      schedule: 'Schedule date cannot be in the past.',
    });
    expect(validateComposer({ ...base, media: Array(46).fill({ name: 'a.jpg' }), caption: 'x' }, settings, now).media).toBe(
      'You have selected 46 images, maximum 45 images allowed.'
    );
  });
});

describe('categories', () => {
  it("hides 'all media' and 'preview'", () => {
    const cats = [
      { _id: '1', name: 'All Media', slug: 'all media' },
      { _id: '2', name: 'Preview', slug: 'preview' },
      { _id: '3', name: 'Beach', slug: 'beach' },
    ];
    expect(pickableCategories(cats).map(c => c._id)).toEqual(['3']);
  });
});

const post = (over: Partial<ConsolePost> = {}): ConsolePost => ({
  id: 'p1',
  caption: 'x',
  visibility: 'locked',
  price_cents: 2000,
  blog_type: 'photo',
  media: [{ id: 'm1', kind: 'photo', url: '', thumbnail_url: '', blur_url: '' }],
  status: 'published',
  publish_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  unlock_count: 0,
  revenue_cents: 0,
  is_demo: false,
  ...over,
});

describe('post menu (spec 2 §2, §6)', () => {
  // Mirrors the issue-4 route table: edit for admins and the model, blur/video for admins and sub_admin.
  const table: Record<string, string[]> = {
    'POST /api/blogs/edit': ['admin', 'super_admin', 'model'],
    'POST /api/feed-tags/add-or-remove-tag': ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'],
    'POST /api/upload/refresh_blur_picture': ['admin', 'super_admin', 'sub_admin'],
    'POST /api/upload/rotate_image': ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'],
    'POST /api/blog/reuse-blog': ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'],
    'POST /api/blogs/delete': ['admin', 'super_admin', 'sub_admin', 'model'],
    'POST /api/admin/send_video_process_request': ['admin', 'super_admin', 'sub_admin'],
    'POST /api/blog/post-reviewed-blog': ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'],
  };
  const may = (role: unknown, route: string) => (table[route] ?? []).includes(String(role));

  it('gives an admin everything that fits the post', () => {
    expect(postActions('admin', post(), 0, may)).toEqual(['edit', 'tags', 'refreshBlur', 'rotateLeft', 'rotateRight', 'reuse', 'delete']);
    expect(postActions('admin', post({ blog_type: 'video', media: [{ id: 'v', kind: 'video', url: '', thumbnail_url: '', blur_url: '' }] }), 0, may)).toEqual([
      'edit', 'tags', 'refreshBlur', 'reuse', 'videoProcess', 'delete',
    ]);
    expect(postActions('admin', post({ status: 'error' }), 0, may)).toEqual(['edit', 'tags', 'rotateLeft', 'rotateRight', 'review', 'delete']);
    expect(postActions('admin', post({ visibility: 'private', status: 'processing' }), 0, may)).toEqual(['edit', 'tags', 'delete']);
  });
  it('limits the other roles as the route table does', () => {
    expect(postActions('content_manager', post(), 0, may)).toEqual(['tags', 'rotateLeft', 'rotateRight', 'reuse']);
    expect(postActions('model', post(), 0, may)).not.toContain('refreshBlur');
    expect(postActions('live_stream_manager', post(), 0, may)).toEqual([]);
  });
  it('rotates the photo on show in a mixed gallery only', () => {
    const mixed = post({ blog_type: 'gallery', media: [{ id: 'a', kind: 'video', url: '', thumbnail_url: '', blur_url: '' }, { id: 'b', kind: 'photo', url: '', thumbnail_url: '', blur_url: '' }] });
    expect(postActions('admin', mixed, 0, may)).not.toContain('rotateLeft');
    expect(postActions('admin', mixed, 1, may)).toContain('rotateLeft');
  });
  it('the real route table never offers a role what the server refuses', () => {
    for (const role of ['support', 'live_stream_manager', 'user']) expect(postActions(role, post({ status: 'error' }))).toEqual([]);
  });
});

describe('status notices and versions', () => {
  it('uses the spec texts', () => {
    expect(statusNotice(post({ status: 'processing' }))).toBe('This post is under process. It will be visible once processing is completed.');
    expect(statusNotice(post({ status: 'error', blog_type: 'video' }))).toBe('Error: There was a problem with this video. Please try again.');
    expect(statusNotice(post({ status: 'error', blog_type: 'gallery' }))).toBe('Error: There is problem in processing one or multiple content.');
    expect(statusNotice(post({ status: 'error' }))).toBe('Error: There was a problem with this content. we will investigate and let you know.');
    expect(statusNotice(post())).toBeUndefined();
  });
  it('groups reused posts with their originals', () => {
    const a = post({ id: 'a', created_at: '2026-01-01' });
    const b = post({ id: 'b', version_of: 'a', created_at: '2026-03-01' });
    const c = post({ id: 'c', version_of: 'b', created_at: '2026-05-01' });
    const d = post({ id: 'd', version_of: 'gone', created_at: '2026-05-02' });
    const info = versionInfo([c, d, a, b]);
    expect(info.get('a')).toEqual({ root: 'a', version: 1, count: 3 });
    expect(info.get('c')).toEqual({ root: 'a', version: 3, count: 3 });
    expect(info.get('d')).toEqual({ root: 'gone', version: 2, count: 2 });
  });
});

describe('groupVersions', () => {
  it('keeps a reuse group together at its first row', () => {
    const rows = [post({ id: 'c', version_of: 'a' }), post({ id: 'x' }), post({ id: 'a' }), post({ id: 'b', version_of: 'a' }), post({ id: 'y', version_of: null })];
    expect(groupVersions(rows).map(r => `${r.row.id}${r.nested ? '*' : ''}`)).toEqual(['c', 'a*', 'b*', 'x', 'y']);
  });
});

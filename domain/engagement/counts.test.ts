import { describe, expect, it } from 'vitest';
import type { PostVisibility } from '../post/wire';
import type { Role } from '../shared/wire';
import { countsFor, visibleCounts, type CountSettings } from './counts';
import type { Viewer } from '../post/visibility';

const defaults: CountSettings = {
  is_feed_like_enabled: true,
  is_feed_comment_enabled: true,
  like_visibility: 'everyone',
  comment_visibility: 'everyone',
  enable_like_count_for_private_locked_post: true,
  enable_comment_count_for_private_locked_post: true,
};
const guest: Viewer = { userId: null, role: null, isSubscriber: false };
const user: Viewer = { userId: 'u1', role: 'user', isSubscriber: false };
const subscriber: Viewer = { userId: 'u1', role: 'user', isSubscriber: true };
const counts = (s: Partial<CountSettings>, viewer: Viewer, visibility: PostVisibility = 'public') => visibleCounts({ ...defaults, ...s }, viewer, { visibility });

describe('visibleCounts (spec 2 §6 "Counts are shown only if settings allow")', () => {
  it('shows both counts to everyone by default', () => {
    for (const v of [guest, user, subscriber]) for (const vis of ['public', 'private', 'locked'] as const) expect(counts({}, v, vis)).toEqual({ likes: true, comments: true });
  });
  it('hides a count when its feature is off', () => {
    expect(counts({ is_feed_like_enabled: false }, subscriber)).toEqual({ likes: false, comments: true });
    expect(counts({ is_feed_comment_enabled: false }, subscriber)).toEqual({ likes: true, comments: false });
  });
  it('registered_and_subscribers: any signed-in fan, not guests', () => {
    const s = { like_visibility: 'registered_and_subscribers', comment_visibility: 'registered_and_subscribers' } as const;
    expect(counts(s, guest)).toEqual({ likes: false, comments: false });
    expect(counts(s, user)).toEqual({ likes: true, comments: true });
  });
  it('subscribers: status 1 or 2 only', () => {
    const s = { like_visibility: 'subscribers', comment_visibility: 'everyone' } as const;
    expect(counts(s, user)).toEqual({ likes: false, comments: true });
    expect(counts(s, subscriber)).toEqual({ likes: true, comments: true });
  });
  it('the private/locked switches hide counts on private and locked posts only', () => {
    const s = { enable_like_count_for_private_locked_post: false, enable_comment_count_for_private_locked_post: false };
    expect(counts(s, subscriber, 'public')).toEqual({ likes: true, comments: true });
    expect(counts(s, subscriber, 'private')).toEqual({ likes: false, comments: false });
    expect(counts(s, subscriber, 'locked')).toEqual({ likes: false, comments: false });
    expect(counts({ enable_like_count_for_private_locked_post: false }, subscriber, 'locked')).toEqual({ likes: false, comments: true });
  });
  it.each(['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support'] as Role[])('staff (%s) always see counts', (role) => {
    const off: Partial<CountSettings> = {
      is_feed_like_enabled: false, is_feed_comment_enabled: false, like_visibility: 'subscribers', comment_visibility: 'subscribers',
      enable_like_count_for_private_locked_post: false, enable_comment_count_for_private_locked_post: false,
    };
    expect(counts(off, { userId: 's', role, isSubscriber: false }, 'locked')).toEqual({ likes: true, comments: true });
  });
  it('a proxy session sees what the fan sees', () => {
    expect(counts({ like_visibility: 'subscribers' }, { userId: 'u1', role: 'proxy_user', isSubscriber: false })).toEqual({ likes: false, comments: true });
  });
  it('countsFor puts null in place of a hidden count', () => {
    expect(countsFor({ likes: true, comments: false }, { likes: 3, comments: 4 })).toEqual({ total_likes: 3, total_comments: null });
  });
});

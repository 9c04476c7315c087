import { describe, expect, it } from 'vitest';
import type { PostVisibility } from './wire';
import type { Role } from '../shared/wire';
import { mayOpenMedia, meetsTier, postAccess, tierRankOf, type PostAccess, type Viewer } from './visibility';

const guest: Viewer = { userId: null, role: null, isSubscriber: false };
const user: Viewer = { userId: 'u1', role: 'user', isSubscriber: false };
const subscriber: Viewer = { userId: 'u1', role: 'user', isSubscriber: true };
const proxy: Viewer = { userId: 'u1', role: 'proxy_user', isSubscriber: false };

const OPEN: PostAccess = { entitled: true, captionBlur: false, cta: null };
const REGISTER: PostAccess = { entitled: false, captionBlur: true, cta: 'register' };
const SUBSCRIBE: PostAccess = { entitled: false, captionBlur: true, cta: 'subscribe' };
const UNLOCK: PostAccess = { entitled: false, captionBlur: false, cta: 'unlock' };

const access = (visibility: PostVisibility, viewer: Viewer, bought = false) => postAccess({ visibility }, viewer, bought);

describe('postAccess (spec 2 §6)', () => {
  describe('guest', () => {
    it('sees public posts', () => expect(access('public', guest)).toEqual(OPEN));
    it('is asked to register for private posts', () => expect(access('private', guest)).toEqual(REGISTER));
    it('is asked to register for locked posts', () => expect(access('locked', guest)).toEqual(REGISTER));
  });

  describe('user (not subscribed)', () => {
    it('sees public posts', () => expect(access('public', user)).toEqual(OPEN));
    it('is asked to subscribe for private posts', () => expect(access('private', user)).toEqual(SUBSCRIBE));
    it('is asked to subscribe for locked posts', () => expect(access('locked', user)).toEqual(SUBSCRIBE));
  });

  describe('subscriber', () => {
    it('sees public posts', () => expect(access('public', subscriber)).toEqual(OPEN));
    it('sees private posts', () => expect(access('private', subscriber)).toEqual(OPEN));
    it('sees the caption of locked posts and is offered the unlock', () => expect(access('locked', subscriber)).toEqual(UNLOCK));
  });

  describe('buyer (unlocked the post)', () => {
    it('sees the locked post as a subscriber', () => expect(access('locked', subscriber, true)).toEqual(OPEN));
    it('keeps a bought locked post after the subscription lapsed', () => expect(access('locked', user, true)).toEqual(OPEN));
    it('a purchase flag does not open a private post to a lapsed user', () => expect(access('private', user, true)).toEqual(SUBSCRIBE));
    it('public stays open', () => expect(access('public', user, true)).toEqual(OPEN));
  });

  describe('proxy_user is treated as the fan it impersonates', () => {
    it('public', () => expect(access('public', proxy)).toEqual(OPEN));
    it('private', () => expect(access('private', proxy)).toEqual(SUBSCRIBE));
    it('locked', () => expect(access('locked', proxy)).toEqual(SUBSCRIBE));
    it('locked, subscribed', () => expect(access('locked', { ...proxy, isSubscriber: true })).toEqual(UNLOCK));
  });

  const staff: Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support'];
  describe.each(staff)('staff role %s', (role) => {
    const viewer: Viewer = { userId: 'staff1', role, isSubscriber: false };
    it.each(['public', 'private', 'locked'] as PostVisibility[])('sees %s posts in full, never asked to unlock', (visibility) => {
      expect(access(visibility, viewer)).toEqual(OPEN);
    });
  });
});

describe('mayOpenMedia (preview of a locked post)', () => {
  const post = { visibility: 'locked' as PostVisibility, preview_media_id: 'prev' };
  it('opens every item to an entitled viewer', () => {
    expect(mayOpenMedia(post, { entitled: true }, 'm1')).toBe(true);
  });
  it('opens only the preview item to everyone else', () => {
    expect(mayOpenMedia(post, { entitled: false }, 'prev')).toBe(true);
    expect(mayOpenMedia(post, { entitled: false }, 'm1')).toBe(false);
  });
  it('gives no preview on unlocked posts or without one', () => {
    expect(mayOpenMedia({ ...post, visibility: 'private' }, { entitled: false }, 'prev')).toBe(false);
    expect(mayOpenMedia({ ...post, preview_media_id: null }, { entitled: false }, 'prev')).toBe(false);
  });
});

describe('posts limited to a tier', () => {
  const vip = { rank: 10 };
  const basic: Viewer = { ...subscriber, tierRank: 0 };
  const vipMember: Viewer = { ...subscriber, tierRank: 10 };
  const higher: Viewer = { ...subscriber, tierRank: 20 };
  const UPGRADE: PostAccess = { entitled: false, captionBlur: false, cta: 'upgrade' };
  it('tierRankOf: the tier\'s rank, 0 for no tier or one no longer on offer', () => {
    const tiers = new Map([['vip', { tierId: 'vip', name: 'VIP', rank: 10 }]]);
    expect(tierRankOf(tiers, 'vip')).toBe(10);
    expect(tierRankOf(tiers, null)).toBe(0);
    expect(tierRankOf(tiers, 'gone')).toBe(0);
  });

  it('meetsTier: the member ranks at least as high, or the post has no limit', () => {
    expect(meetsTier(0, null)).toBe(true);
    expect(meetsTier(0, vip)).toBe(false);
    expect(meetsTier(10, vip)).toBe(true);
    expect(meetsTier(20, vip)).toBe(true);
  });
  it('a member of a lower tier sees the caption and is pointed to upgrade', () => {
    expect(postAccess({ visibility: 'private' }, basic, false, vip)).toEqual(UPGRADE);
    expect(postAccess({ visibility: 'locked' }, basic, false, vip)).toEqual(UPGRADE);
  });
  it('members of the tier and above see it as any member would', () => {
    expect(postAccess({ visibility: 'private' }, vipMember, false, vip)).toEqual(OPEN);
    expect(postAccess({ visibility: 'private' }, higher, false, vip)).toEqual(OPEN);
    expect(postAccess({ visibility: 'locked' }, vipMember, false, vip)).toEqual(UNLOCK);
  });
  it('a buyer keeps a bought locked post; staff see everything; others are asked as before', () => {
    expect(postAccess({ visibility: 'locked' }, basic, true, vip)).toEqual(OPEN);
    expect(postAccess({ visibility: 'private' }, { userId: 's', role: 'model', isSubscriber: false }, false, vip)).toEqual(OPEN);
    expect(postAccess({ visibility: 'private' }, user, false, vip)).toEqual(SUBSCRIBE);
    expect(postAccess({ visibility: 'private' }, guest, false, vip)).toEqual(REGISTER);
  });
  it('no tier rank counts as the base tier', () => expect(postAccess({ visibility: 'private' }, subscriber, false, vip)).toEqual(UPGRADE));
});

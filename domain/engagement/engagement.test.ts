import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { ValidationError } from '../shared/validation';
import { commenterDecider, engagementDecider, validComment, type EngagementEvent } from './engagement';
import { engagementRights, visibleTo, type EngagementSettings } from './rules';

const at = '2026-01-01T00:00:00.000Z';
const liked = (userId: string): EngagementEvent => ({ type: 'PostLiked', data: { postId: 'p1', userId, likedAt: at } });
const added = (commentId: string, userId: string): EngagementEvent => ({
  type: 'PostCommentAdded',
  data: { postId: 'p1', commentId, userId, userName: userId, comment: 'hi', createdAt: at },
});

describe('PostEngagement', () => {
  it('a like toggles between liked and not, and a wanted state already reached writes nothing', () => {
    given(engagementDecider).when({ type: 'SetLike', postId: 'p1', userId: 'u1', at }).then([liked('u1')]);
    given(engagementDecider, [liked('u1')]).when({ type: 'SetLike', postId: 'p1', userId: 'u1', at }).then([{ type: 'PostUnliked', data: { postId: 'p1', userId: 'u1', unlikedAt: at } }]);
    given(engagementDecider, [liked('u1')]).when({ type: 'SetLike', postId: 'p1', userId: 'u1', like: true, at }).then([]);
    given(engagementDecider).when({ type: 'SetLike', postId: 'p1', userId: 'u1', like: false, at }).then([]);
    expect(given(engagementDecider, [liked('u1'), liked('u2')]).state.likes.size).toBe(2);
  });

  it('comments are trimmed and 1..1000 characters', () => {
    expect(validComment('  hi  ')).toBe('hi');
    expect(() => validComment('   ')).toThrow(ValidationError);
    expect(validComment('x'.repeat(1000))).toHaveLength(1000);
    given(engagementDecider).when({ type: 'AddComment', postId: 'p1', commentId: 'c1', userId: 'u1', userName: 'U', comment: 'x'.repeat(1001), at }).thenThrows('Comment cannot be more than 1000 characters.', { details: { field: 'comment' } });
    given(engagementDecider).when({ type: 'AddComment', postId: 'p1', commentId: 'c1', userId: 'u1', userName: 'U', comment: ' ok ', at }).then([
      { type: 'PostCommentAdded', data: { postId: 'p1', commentId: 'c1', userId: 'u1', userName: 'U', comment: 'ok', createdAt: at } },
    ]);
  });

  it('authors remove their own comments, staff any; hidden ones are gone for their author', () => {
    const h = [added('c1', 'u1')];
    given(engagementDecider, h).when({ type: 'RemoveComment', commentId: 'c1', byUserId: 'u2', byStaff: false, at }).thenThrows('You can only remove your own comments.', { status: 403 });
    given(engagementDecider, h).when({ type: 'RemoveComment', commentId: 'c1', byUserId: 'u1', byStaff: false, at }).then([
      { type: 'PostCommentRemoved', data: { postId: 'p1', commentId: 'c1', removedBy: 'u1', wasHidden: false, removedAt: at } },
    ]);
    const hidden: EngagementEvent = { type: 'PostCommentHidden', data: { postId: 'p1', commentId: 'c1', hiddenBy: 'a', hiddenAt: at } };
    given(engagementDecider, [...h, hidden]).when({ type: 'RemoveComment', commentId: 'c1', byUserId: 'u1', byStaff: false, at }).thenThrows('Comment not found.', { status: 404 });
    given(engagementDecider, [...h, hidden]).when({ type: 'RemoveComment', commentId: 'c1', byUserId: 'a', byStaff: true, at }).then([
      { type: 'PostCommentRemoved', data: { postId: 'p1', commentId: 'c1', removedBy: 'a', wasHidden: true, removedAt: at } },
    ]);
    given(engagementDecider, [...h, hidden]).when({ type: 'HideComment', commentId: 'c1', byUserId: 'a', hidden: true, at }).then([]);
    given(engagementDecider).when({ type: 'HideComment', commentId: 'nope', byUserId: 'a', hidden: true, at }).thenThrows('Comment not found.', { status: 404 });
  });

  it('blocking from commenting is a set state', () => {
    given(commenterDecider).when({ type: 'SetCommentingBlock', userId: 'u1', blocked: true, byUserId: 'a', at }).then([
      { type: 'UserBlockedFromCommenting', data: { userId: 'u1', blockedBy: 'a', blockedAt: at } },
    ]);
    given(commenterDecider).when({ type: 'SetCommentingBlock', userId: 'u1', blocked: false, byUserId: 'a', at }).then([]);
  });
});

describe('engagement rights (spec 2 §6)', () => {
  const all: EngagementSettings = { is_feed_like_enabled: true, is_feed_comment_enabled: true, like_visibility: 'everyone', comment_visibility: 'everyone' };
  const guest = { userId: null, role: null, isSubscriber: false };
  const fan = { userId: 'u', role: 'user' as const, isSubscriber: false };
  const sub = { userId: 's', role: 'user' as const, isSubscriber: true };
  const admin = { userId: 'a', role: 'admin' as const, isSubscriber: false };
  const proxy = { userId: 'u', role: 'proxy_user' as const, isSubscriber: true };

  it('maps the visibility values to viewers; admin always', () => {
    expect([guest, fan, sub, admin].map((v) => visibleTo('everyone', v))).toEqual([true, true, true, true]);
    expect([guest, fan, sub, admin].map((v) => visibleTo('registered_and_subscribers', v))).toEqual([false, true, true, true]);
    expect([guest, fan, sub, admin].map((v) => visibleTo('subscribers', v))).toEqual([false, false, true, true]);
  });

  it('liking needs a session of one’s own and access to the content', () => {
    expect(engagementRights(all, guest, true)).toMatchObject({ showLikes: true, canLike: false });
    expect(engagementRights(all, fan, true).canLike).toBe(true);
    expect(engagementRights(all, sub, false).canLike).toBe(false); // a locked post not unlocked
    expect(engagementRights(all, admin, false).canLike).toBe(true);
    expect(engagementRights(all, proxy, true)).toMatchObject({ canLike: false, canComment: false, showComments: true });
    expect(engagementRights({ ...all, is_feed_like_enabled: false }, admin, true)).toMatchObject({ showLikes: false, canLike: false });
    expect(engagementRights(all, fan, true, true)).toMatchObject({ canComment: false, canLike: true });
  });
});

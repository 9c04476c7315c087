// PostEngagement aggregate (stream `engagement-<postId>`): who likes a post and the comments on it.
//
// Why one stream per post (and not per post+user): removing and hiding a comment need that comment's author
// and state, and the staff act on comments by post; one stream per post keeps every rule about a post's
// engagement in one consistent place. Likes on a busy post contend on this stream, but `handle()` reloads and
// decides again on a conflict, and a like is a tiny event, so the retry is cheap. The post itself (exists,
// visibility) lives in the Post aggregate and the per-user commenting block in `commenter-<userId>` below:
// the command layer reads both before deciding here.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const engagementStream = (postId: string) => `engagement-${postId}`;
export const commenterStream = (userId: string) => `commenter-${userId}`;

export const COMMENT_MAX = 1000;
export const LIKE_FAILED = 'Invalid Request';
export const COMMENT_REQUIRED = 'Please enter a comment.';
export const COMMENT_TOO_LONG = `Comment cannot be more than ${COMMENT_MAX} characters.`;
export const COMMENT_NOT_FOUND = 'Comment not found.';
export const NOT_YOUR_COMMENT = 'You can only remove your own comments.';
export const BLOCKED_FROM_COMMENTING = 'You have been blocked from commenting.';

export type EngagementEvent =
  | DomainEvent<'PostLiked', { postId: string; userId: string; likedAt: string }>
  | DomainEvent<'PostUnliked', { postId: string; userId: string; unlikedAt: string }>
  | DomainEvent<'PostCommentAdded', { postId: string; commentId: string; userId: string; userName: string; comment: string; createdAt: string }>
  /** `wasHidden`: the comment was already out of the visible count when removed. */
  | DomainEvent<'PostCommentRemoved', { postId: string; commentId: string; removedBy: string; wasHidden: boolean; removedAt: string }>
  | DomainEvent<'PostCommentHidden', { postId: string; commentId: string; hiddenBy: string; hiddenAt: string }>
  | DomainEvent<'PostCommentUnhidden', { postId: string; commentId: string; unhiddenBy: string; unhiddenAt: string }>;

export type EngagementCommand =
  /** `like` is the state the fan wants (idempotent); absent, the current state is toggled. */
  | { type: 'SetLike'; postId: string; userId: string; like?: boolean; at: string }
  | { type: 'AddComment'; postId: string; commentId: string; userId: string; userName: string; comment: string; at: string }
  | { type: 'RemoveComment'; commentId: string; byUserId: string; byStaff: boolean; at: string }
  | { type: 'HideComment'; commentId: string; byUserId: string; hidden: boolean; at: string };

export interface CommentState {
  userId: string;
  hidden: boolean;
}

export interface EngagementState {
  postId: string | null;
  likes: Set<string>;
  /** Live (not removed) comments by id. */
  comments: Map<string, CommentState>;
}

/** Trimmed, 1..COMMENT_MAX characters; the message names what is wrong. */
export function validComment(raw: string): string {
  const comment = raw.trim();
  if (comment.length === 0) throw new ValidationError('comment', COMMENT_REQUIRED);
  if (comment.length > COMMENT_MAX) throw new ValidationError('comment', COMMENT_TOO_LONG);
  return comment;
}

const findComment = (state: EngagementState, commentId: string): CommentState => {
  const c = state.comments.get(commentId);
  if (!c) throw new DomainError(COMMENT_NOT_FOUND, 'COMMENT_NOT_FOUND', 404, { field: 'comment_id' });
  return c;
};

export const engagementDecider: Decider<EngagementCommand, EngagementEvent, EngagementState> = {
  initialState: () => ({ postId: null, likes: new Set(), comments: new Map() }),
  evolve(state, event) {
    const d = event.data;
    switch (event.type) {
      case 'PostLiked':
        return { ...state, postId: d.postId, likes: new Set(state.likes).add(event.data.userId) };
      case 'PostUnliked': {
        const likes = new Set(state.likes);
        likes.delete(event.data.userId);
        return { ...state, postId: d.postId, likes };
      }
      case 'PostCommentAdded':
        return { ...state, postId: d.postId, comments: new Map(state.comments).set(event.data.commentId, { userId: event.data.userId, hidden: false }) };
      case 'PostCommentRemoved': {
        const comments = new Map(state.comments);
        comments.delete(event.data.commentId);
        return { ...state, comments };
      }
      case 'PostCommentHidden':
      case 'PostCommentUnhidden': {
        const c = state.comments.get(event.data.commentId);
        if (!c) return state;
        return { ...state, comments: new Map(state.comments).set(event.data.commentId, { ...c, hidden: event.type === 'PostCommentHidden' }) };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SetLike': {
        const liked = state.likes.has(command.userId);
        const want = command.like ?? !liked;
        if (want === liked) return [];
        return want
          ? [{ type: 'PostLiked', data: { postId: command.postId, userId: command.userId, likedAt: command.at } }]
          : [{ type: 'PostUnliked', data: { postId: command.postId, userId: command.userId, unlikedAt: command.at } }];
      }
      case 'AddComment': {
        if (state.comments.has(command.commentId)) return [];
        return [
          {
            type: 'PostCommentAdded',
            data: {
              postId: command.postId,
              commentId: command.commentId,
              userId: command.userId,
              userName: command.userName,
              comment: validComment(command.comment),
              createdAt: command.at,
            },
          },
        ];
      }
      case 'RemoveComment': {
        const c = findComment(state, command.commentId);
        if (!command.byStaff && c.userId !== command.byUserId) throw new DomainError(NOT_YOUR_COMMENT, 'NOT_YOUR_COMMENT', 403);
        // A fan's own hidden comment is gone for them already: it behaves as if it did not exist.
        if (!command.byStaff && c.hidden) throw new DomainError(COMMENT_NOT_FOUND, 'COMMENT_NOT_FOUND', 404, { field: 'comment_id' });
        return [{ type: 'PostCommentRemoved', data: { postId: state.postId!, commentId: command.commentId, removedBy: command.byUserId, wasHidden: c.hidden, removedAt: command.at } }];
      }
      case 'HideComment': {
        const c = findComment(state, command.commentId);
        if (c.hidden === command.hidden) return [];
        return command.hidden
          ? [{ type: 'PostCommentHidden', data: { postId: state.postId!, commentId: command.commentId, hiddenBy: command.byUserId, hiddenAt: command.at } }]
          : [{ type: 'PostCommentUnhidden', data: { postId: state.postId!, commentId: command.commentId, unhiddenBy: command.byUserId, unhiddenAt: command.at } }];
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------------
// Commenter (stream `commenter-<userId>`): whether staff blocked this user from commenting, site-wide.

export type CommenterEvent =
  | DomainEvent<'UserBlockedFromCommenting', { userId: string; blockedBy: string; blockedAt: string }>
  | DomainEvent<'UserUnblockedFromCommenting', { userId: string; unblockedBy: string; unblockedAt: string }>;

export type CommenterCommand = { type: 'SetCommentingBlock'; userId: string; blocked: boolean; byUserId: string; at: string };

export interface CommenterState {
  blocked: boolean;
}

export const commenterDecider: Decider<CommenterCommand, CommenterEvent, CommenterState> = {
  initialState: () => ({ blocked: false }),
  evolve: (_state, event) => ({ blocked: event.type === 'UserBlockedFromCommenting' }),
  decide(command, state) {
    if (command.blocked === state.blocked) return [];
    return command.blocked
      ? [{ type: 'UserBlockedFromCommenting', data: { userId: command.userId, blockedBy: command.byUserId, blockedAt: command.at } }]
      : [{ type: 'UserUnblockedFromCommenting', data: { userId: command.userId, unblockedBy: command.byUserId, unblockedAt: command.at } }];
  },
};

// The live feed: post news from the socket (ids only; domain/realtime/audience.ts) read with the fan's own session.
// A new post the fan may see waits behind "N new posts" until the fan asks for it (the list does not jump under the
// reader); a deleted post leaves at once; an edited one is read again; a like or comment elsewhere reads the post's
// counts again, as this fan may see them. A guest has no socket: its new posts come from a poll (./useGuestNewPosts.ts)
// and wait behind the same pill.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../domain/post/wire';
import type { PostEngagementInfo } from '../../../domain/engagement/wire';
import { api, ApiError } from '../api';
import { useFrame, useFrames } from '../realtime';
import { useAuth } from '../auth';
import { useGuestNewPosts } from './useGuestNewPosts';
import type { FeedPosts } from './useFeedPosts';

type PostNews = { postId?: string };

const readPost = async (id: string): Promise<PostView | null> => {
  try {
    return (await api.get<PostView | null>('/api/blog/get-blog-data-by-id', { id })).data ?? null;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return null;
    throw e;
  }
};

const newestFirst = (a: PostView, b: PostView) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);

export interface LiveFeed {
  /** Posts published since the list was read, newest first, waiting for the fan to show them. */
  waiting: PostView[];
  /** Puts the waiting posts at the top of the list. */
  showWaiting: () => void;
}

export function useLiveFeed(feed: FeedPosts, feedTagId: string | null, on: boolean): LiveFeed {
  const [waiting, setWaiting] = useState<PostView[]>([]);
  const shown = useRef(new Set<string>());
  shown.current = new Set(feed.posts.map((p) => p._id));
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  const { replacePost, removePost, prependPosts } = feed;

  /** A post that may be new: read as this reader sees it; one they may see and do not have yet waits behind the pill. */
  const consider = async (postId: string | undefined) => {
    if (!postId || shown.current.has(postId) || waitingRef.current.some((p) => p._id === postId)) return;
    const post = await readPost(postId).catch(() => null);
    if (!post || shown.current.has(post._id)) return;
    if (feedTagId && !post.feed_tags?.some((t) => t._id === feedTagId)) return;
    setWaiting((w) => (w.some((p) => p._id === post._id) ? w : [...w, post].sort(newestFirst)));
  };
  useFrame<PostNews>('POST_PUBLISHED', ({ postId }) => consider(postId), on);
  const { token } = useAuth();
  useGuestNewPosts(on && !token, (postId) => void consider(postId));

  useFrame<PostNews>('POST_REMOVED', ({ postId }) => {
    if (!postId) return;
    setWaiting((w) => w.filter((p) => p._id !== postId));
    if (shown.current.has(postId)) removePost(postId);
  }, on);

  useFrame<PostNews>('POST_UPDATED', async ({ postId }) => {
    if (!postId) return;
    const held = shown.current.has(postId);
    const pending = waitingRef.current.some((p) => p._id === postId);
    if (!held && !pending) return;
    const post = await readPost(postId).catch(() => undefined);
    if (post === undefined) return;
    if (pending) setWaiting((w) => (post ? w.map((p) => (p._id === postId ? post : p)) : w.filter((p) => p._id !== postId)));
    if (held) {
      if (post) replacePost(post);
      else removePost(postId);
    }
  }, on);

  // Counts: a burst of likes on one post is read once (the last read wins).
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);
  const postsRef = useRef(feed.posts);
  postsRef.current = feed.posts;
  useFrame<PostNews>('POST_COUNTS', ({ postId }) => {
    if (!postId || !shown.current.has(postId) || timers.current.has(postId)) return;
    timers.current.set(postId, setTimeout(async () => {
      timers.current.delete(postId);
      try {
        const info = (await api.post<PostEngagementInfo>('/api/blog/get-blog-info', { blog_id: postId })).data;
        const post = postsRef.current.find((p) => p._id === postId);
        if (post) replacePost({ ...post, total_likes: info.total_likes, total_comments: info.total_comments, user_feed_like: info.user_feed_like });
      } catch {
        /* the count stays as it was; the next change reads it again */
      }
    }, 250));
  }, on);

  const showWaiting = useCallback(() => {
    const fresh = waitingRef.current.filter((p) => !shown.current.has(p._id));
    setWaiting([]);
    if (fresh.length) prependPosts(fresh);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [prependPosts]);

  return { waiting, showWaiting };
}

/** A post's own page: the post is read again when it is edited, removed or its counts move. */
export function usePostNews(postId: string | undefined): void {
  const client = useQueryClient();
  useFrames(POST_NEWS, (frame) => {
    const id = (frame.data as PostNews | undefined)?.postId;
    if (postId && id === postId) void client.invalidateQueries({ queryKey: ['post', postId] });
  }, !!postId);
}
const POST_NEWS = ['POST_UPDATED', 'POST_REMOVED', 'POST_COUNTS'] as const;

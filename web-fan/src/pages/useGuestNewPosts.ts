// A guest's "N new posts": guests hold no socket, so while the feed is open the site asks GET /api/blogs/newest
// (the newest posts any visitor may list: ids and times, one answer for every guest) every POLL_MS and when the tab
// comes back. The browser asks with the ETag it holds ('no-cache'), so an unchanged answer is a 304. The first answer
// is what the guest already has; a post named later, and not on the page, is handed to `onNew` (which reads it with
// the guest's own view, as a socket's POST_PUBLISHED would be).
import { useEffect, useRef } from 'react';
import type { NewestPosts } from '../../../domain/post/wire';
import { request } from '../api';

export const GUEST_POLL_MS = 15_000;

export function useGuestNewPosts(on: boolean, onNew: (postId: string) => void): void {
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;
  useEffect(() => {
    if (!on) return;
    let known: Set<string> | null = null;
    let stopped = false;
    const look = async () => {
      if (stopped || (known && document.hidden)) return;
      try {
        const { posts } = (await request<NewestPosts>('/api/blogs/newest', { method: 'GET', cache: 'no-cache' })).data;
        if (stopped) return;
        const fresh = known ? posts.filter((p) => !known!.has(p._id)) : [];
        known = new Set([...(known ?? []), ...posts.map((p) => p._id)]);
        for (const p of fresh) onNewRef.current(p._id);
      } catch {
        /* offline or a server hiccup: the next look asks again */
      }
    };
    void look();
    const timer = setInterval(() => void look(), GUEST_POLL_MS);
    const onVisible = () => void (document.hidden || look());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [on]);
}

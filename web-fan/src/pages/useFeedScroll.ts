// The feed's scrolling: the next page once the reader is past 98% of the page (or when the page cannot scroll),
// and a post named by the URL hash (#post-<id>) scrolled to and highlighted, further pages loaded to find it.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { shouldLoadMore } from '../paging';
import type { FeedPosts } from './useFeedPosts';

/** How many extra pages the feed loads while looking for the post named by the URL hash. */
const HASH_SEARCH_PAGES = 10;

/** Infinite scroll: `loadMore` whenever the reader nears the end while `on`. */
export function useInfiniteScroll(on: boolean, loadMore: () => void, shown: number): void {
  useEffect(() => {
    if (!on) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const height = Math.max(document.documentElement.scrollHeight, document.body.scrollHeight);
      if (shouldLoadMore(window.scrollY, window.innerHeight, height)) loadMore();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [on, loadMore, shown]);
}

/**
 * The post the URL hash names: scrolled to and highlighted for a moment once shown, else further pages are
 * loaded (a few at most). Returns the highlighted post and the post that could not be found in the feed.
 */
export function useHashedPost(feed: FeedPosts, hasMore: boolean): { highlight: string | null; missing: string | null } {
  const location = useLocation();
  const [highlight, setHighlight] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const pagesLoaded = useRef(0);
  const handled = useRef('');
  const { status, posts, busy, loadNext } = feed;

  useEffect(() => {
    const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!hash.startsWith('post-') || status !== 'ready' || handled.current === hash) return;
    const el = document.getElementById(hash);
    if (el) {
      handled.current = hash;
      setMissing(null);
      setHighlight(hash.slice(5));
      requestAnimationFrame(() => el.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      return;
    }
    if (busy) return;
    if (hasMore && pagesLoaded.current < HASH_SEARCH_PAGES) {
      pagesLoaded.current += 1;
      loadNext();
      return;
    }
    // Not in what the feed shows: offer the post's own page instead.
    handled.current = hash;
    setMissing(hash.slice(5));
  }, [location.hash, status, posts, hasMore, busy, loadNext]);

  useEffect(() => {
    if (!highlight) return;
    const t = window.setTimeout(() => setHighlight(null), 2500);
    return () => window.clearTimeout(t);
  }, [highlight]);

  return { highlight, missing };
}

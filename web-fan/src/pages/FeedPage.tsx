import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import type { PostMediaView, PostPage, PostView } from '../../../domain/post/wire';
import type { FeedTagList, FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { PostCard } from '../components/PostCard';
import { HeroBanner, SubscribeCard, useHeroHasMedia, useHeroVisible } from '../components/HeroBanner';
import { CreatorHeader } from '../components/CreatorHeader';
import { ChatWithCreatorCard } from '../chat/ChatWithCreatorCard';
import { PromotionRibbons } from '../promotions/PromotionRibbon';
import { Column, EmptyState, ErrorState, PostSkeleton } from '../components/StatusViews';
import { useUnlock } from '../payments/useUnlock';
import { viewerItemsOf } from '../postMedia';
import { pageWindow, shouldLoadMore } from '../paging';

const MediaViewer = lazy(() => import('../components/MediaViewer'));

/** How many extra pages the feed loads while looking for the post named by the URL hash. */
const HASH_SEARCH_PAGES = 10;

/** First / previous, the window of pages, next / last. */
function PageWindow({ page, total, onChange }: { page: number; total: number; onChange: (n: number) => void }) {
  const itemSx = { minWidth: { xs: 28, sm: 34 }, height: { xs: 30, sm: 34 }, mx: { xs: '1px', sm: '3px' }, px: { xs: '3px', sm: '6px' } };
  const nav = (type: 'first' | 'previous' | 'next' | 'last', target: number, disabled: boolean, label: string) => (
    <li>
      <PaginationItem
        type={type}
        shape="rounded"
        disabled={disabled}
        onClick={() => onChange(target)}
        aria-label={label}
        data-testid={`page-${type}`}
        sx={itemSx}
      />
    </li>
  );
  return (
    <Box component="nav" aria-label="Feed pages" data-testid="feed-pagination" sx={{ display: 'flex', justifyContent: 'center', py: 2, px: 1 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center', rowGap: 1 }}>
        {nav('first', 1, page <= 1, 'Go to first page')}
        {nav('previous', page - 1, page <= 1, 'Go to previous page')}
        {pageWindow(page, total).map((n) => (
          <li key={n}>
            <PaginationItem
              type="page"
              page={n}
              shape="rounded"
              color="primary"
              selected={n === page}
              aria-current={n === page ? 'page' : undefined}
              aria-label={n === page ? `Page ${n}` : `Go to page ${n}`}
              onClick={() => n !== page && onChange(n)}
              data-testid={`page-${n}`}
              sx={itemSx}
            />
          </li>
        ))}
        {nav('next', page + 1, page >= total, 'Go to next page')}
        {nav('last', total, page >= total, 'Go to last page')}
      </Box>
    </Box>
  );
}

export default function FeedPage() {
  const { token, settings, settingsLoaded } = useAuth();
  // Wait for settings (or their cached copy) before choosing between pagination and infinite scroll.
  const ready = settingsLoaded || !!settings;
  const paginated = !!settings?.is_pagination_on_exclusive_content_enabled;
  // Feed-tag filter: signed-in users only, and only when the site turns it on.
  const tagsOn = !!token && !!settings?.feed_tags_enable;
  const [searchParams, setSearchParams] = useSearchParams();
  const feedTagId = tagsOn ? searchParams.get('tag') || null : null;
  const chooseTag = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    if (id) next.set('tag', id);
    else next.delete('tag');
    setSearchParams(next);
  };
  const heroVisible = useHeroVisible();
  const heroMedia = useHeroHasMedia();
  return (
    <>
      {heroVisible && heroMedia && <HeroBanner />}
      {heroVisible && heroMedia && <PromotionRibbons at="below hero" />}
      <Column>
        <Typography component="h1" sx={visuallyHidden}>
          Recent posts
        </Typography>
        <CreatorHeader />
        <ChatWithCreatorCard />
        {heroVisible && !heroMedia && <SubscribeCard />}
        {ready && tagsOn && <TagChips selected={feedTagId} onSelect={chooseTag} />}
        {!ready ? <Skeletons /> : <Feed key={`${token ?? 'guest'}-${paginated}-${feedTagId ?? 'all'}`} paginated={paginated} feedTagId={feedTagId} />}
      </Column>
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function Skeletons() {
  return (
    <Box role="status" aria-label="Loading posts">
      <PostSkeleton />
      <PostSkeleton />
    </Box>
  );
}

/** 'All' plus one chip per tag; counts appear only when the server sends them (staff who manage tags). */
function TagChips({ selected, onSelect }: { selected: string | null; onSelect: (id: string | null) => void }) {
  const [tags, setTags] = useState<FeedTagView[]>([]);
  useEffect(() => {
    let live = true;
    api
      .post<FeedTagList>('/api/feed-tags/', {})
      .then(({ data }) => live && setTags(data?.feed_tags ?? []))
      .catch(() => live && setTags([])); // the filter is optional: the feed works without it
    return () => {
      live = false;
    };
  }, []);
  if (tags.length === 0) return null;
  const chip = (id: string | null, label: string) => (
    <Chip
      key={id ?? 'all'}
      label={label}
      clickable
      color={selected === id ? 'primary' : 'default'}
      variant={selected === id ? 'filled' : 'outlined'}
      onClick={() => onSelect(id)}
      aria-pressed={selected === id}
      data-testid={id ? `feed-tag-${id}` : 'feed-tag-all'}
    />
  );
  return (
    <Box
      role="group"
      aria-label="Filter posts by tag"
      data-testid="feed-tag-filter"
      sx={{ display: 'flex', gap: 1, mb: { xs: 1.5, sm: 2 }, mx: { xs: 1.5, sm: 0 }, overflowX: 'auto', pb: 0.5, flexWrap: { xs: 'nowrap', sm: 'wrap' } }}
    >
      {chip(null, 'All')}
      {tags.map((t) => chip(t._id, t.count === undefined ? t.name : `${t.name} (${t.count})`))}
    </Box>
  );
}

function Feed({ paginated, feedTagId }: { paginated: boolean; feedTagId: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const requestedPage = paginated ? Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1) : 1;

  const [posts, setPosts] = useState<PostView[]>([]);
  const [page, setPage] = useState(0);
  const [totalPages, setTotalPages] = useState(1);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState('');
  const [viewer, setViewer] = useState<{ post: PostView; item: PostMediaView } | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const inFlight = useRef(false);
  const [hashMissing, setHashMissing] = useState<string | null>(null);
  const hashPagesLoaded = useRef(0);
  const handledHash = useRef('');

  const loadPage = useCallback(async (n: number, append: boolean, signal?: AbortSignal) => {
    inFlight.current = true;
    if (append) {
      setLoadingMore(true);
      setMoreError('');
    } else {
      setStatus('loading');
      setError('');
    }
    try {
      const { data } = await api.get<PostPage>('/api/blogs', { page_num: n, feed_tag_id: feedTagId }, signal);
      const blogs = data?.blogs ?? [];
      setPosts((prev) => {
        if (!append) return blogs;
        const seen = new Set(prev.map((p) => p._id));
        return [...prev, ...blogs.filter((b) => !seen.has(b._id))];
      });
      setPage(data?.currentPage ?? n);
      setTotalPages(Math.max(1, data?.totalPages ?? 1));
      setStatus('ready');
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      if (append) setMoreError(errorMessage(err));
      else {
        setError(errorMessage(err));
        setStatus('error');
      }
    } finally {
      inFlight.current = false;
      setLoadingMore(false);
    }
  }, [feedTagId]);

  // First page (or the page named in the URL in pagination mode).
  useEffect(() => {
    const ctrl = new AbortController();
    void loadPage(requestedPage, false, ctrl.signal);
    return () => ctrl.abort();
  }, [loadPage, requestedPage]);

  const hasMore = !paginated && status === 'ready' && page < totalPages;

  const loadMore = useCallback(() => {
    if (inFlight.current || !hasMore || moreError) return;
    void loadPage(page + 1, true);
  }, [hasMore, loadPage, moreError, page]);

  // Infinite scroll: the next page once the reader is past 98% of the page (or when the page cannot scroll).
  useEffect(() => {
    if (!hasMore) return;
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
  }, [hasMore, loadMore, posts.length]);

  // Scroll to a post named by the URL hash (#post-<id>), loading further pages to find it if needed.
  useEffect(() => {
    const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!hash.startsWith('post-') || status !== 'ready' || handledHash.current === hash) return;
    const el = document.getElementById(hash);
    if (el) {
      handledHash.current = hash;
      setHashMissing(null);
      setHighlight(hash.slice(5));
      requestAnimationFrame(() => el.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      return;
    }
    if (inFlight.current) return;
    if (hasMore && hashPagesLoaded.current < HASH_SEARCH_PAGES) {
      hashPagesLoaded.current += 1;
      void loadPage(page + 1, true);
      return;
    }
    // Not in what the feed shows: offer the post's own page instead.
    handledHash.current = hash;
    setHashMissing(hash.slice(5));
  }, [location.hash, status, posts, hasMore, loadPage, page]);

  useEffect(() => {
    if (!highlight) return;
    const t = window.setTimeout(() => setHighlight(null), 2500);
    return () => window.clearTimeout(t);
  }, [highlight]);

  const replacePost = useCallback((updated: PostView) => {
    setPosts((prev) => prev.map((p) => (p._id === updated._id ? updated : p)));
  }, []);

  const unlock = useUnlock(replacePost);
  const openMedia = useCallback((post: PostView, item: PostMediaView) => setViewer({ post, item }), []);

  const goToPage = (n: number) => {
    const next = new URLSearchParams(searchParams);
    if (n <= 1) next.delete('page');
    else next.set('page', String(n));
    setSearchParams(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  if (status === 'loading' && posts.length === 0) return <Skeletons />;
  if (status === 'error' && posts.length === 0) {
    return <ErrorState title="Could not load posts" message={error} onRetry={() => void loadPage(requestedPage, false)} />;
  }
  if (status === 'ready' && posts.length === 0) {
    return (
      <EmptyState title="No Posts Found">
        {paginated && requestedPage > 1 ? (
          <Button onClick={() => goToPage(1)} variant="outlined" sx={{ mt: 1 }} data-testid="first-page">
            Go to the first page
          </Button>
        ) : (
          'New posts will show up here.'
        )}
      </EmptyState>
    );
  }

  const viewerItems = viewer ? viewerItemsOf(viewer.post) : [];
  const viewerIndex = viewer ? Math.max(0, viewerItems.findIndex((m) => m._id === viewer.item._id)) : 0;

  return (
    <>
      {hashMissing && (
        <Alert severity="info" sx={{ mx: { xs: 1.5, sm: 0 }, mb: 2 }} data-testid="hash-missing" action={
          <Button component={RouterLink} to={`/feed/${hashMissing}`} color="inherit" size="small">
            Open post
          </Button>
        }>
          This post is not on this page.
        </Alert>
      )}
      <Box aria-busy={status === 'loading'} sx={{ opacity: status === 'loading' ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {posts.map((post) => (
          <PostCard
            key={post._id}
            post={post}
            onLockedClick={unlock.openPost}
            onOpenMedia={openMedia}
            highlighted={highlight === post._id}
          />
        ))}
      </Box>

      {paginated ? (
        totalPages > 1 && <PageWindow page={Math.min(requestedPage, totalPages)} total={totalPages} onChange={goToPage} />
      ) : (
        <>
          {loadingMore && (
            <Box role="status" aria-label="Loading more posts" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress size={28} />
            </Box>
          )}
          {moreError && (
            <Alert
              severity="error"
              sx={{ mx: { xs: 1.5, sm: 0 }, mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => { setMoreError(''); void loadPage(page + 1, true); }} data-testid="retry-more">
                  Retry
                </Button>
              }
            >
              {moreError}
            </Alert>
          )}
          {!hasMore && status === 'ready' && posts.length > 0 && totalPages > 1 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
              You&apos;re all caught up.
            </Typography>
          )}
        </>
      )}

      {unlock.elements}
      {viewer && viewerItems.length > 0 && (
        <Suspense fallback={null}>
          <MediaViewer items={viewerItems} index={viewerIndex} open onClose={() => setViewer(null)} />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PostPage, PostView } from '../../../domain/shared/wire';
import type { FeedTagList, FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { api, errorMessage } from '../api';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, isStaff, money } from '../format';
import { PostCard } from '../components/PostCard';
import { Column, EmptyState, ErrorState, PostSkeleton } from '../components/StatusViews';
import { useUnlock } from '../payments/useUnlock';

const MediaViewer = lazy(() => import('../components/MediaViewer'));

/** How many extra pages the feed loads while looking for the post named by the URL hash. */
const HASH_SEARCH_PAGES = 10;

export function SubscribeBanner() {
  const { token, me, settings, loadingMe } = useAuth();
  const modelName = useModelName();
  const proxy = useIsProxy();
  if (loadingMe || proxy || isMember(me) || isStaff(me)) return null;
  const to = token ? '/membership' : '/register';
  const price = settings ? money(settings.recurring_membership_price || settings.membership_price) : null;
  return (
    <Paper
      variant="outlined"
      data-testid="subscribe-banner"
      sx={{
        mb: { xs: 1.5, sm: 3 },
        mx: { xs: 1.5, sm: 0 },
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        borderRadius: 3,
        borderColor: 'primary.main',
        background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}26 0%, transparent 70%)`,
      }}
    >
      <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 52, height: 52, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
        {modelName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 180 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Join {modelName}&apos;s club
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {price ? `Subscribe for ${price} / month to see every private post.` : 'Subscribe to see every private post.'}
        </Typography>
      </Box>
      <Button component={RouterLink} to={to} variant="contained" sx={{ width: { xs: '100%', sm: 'auto' }, flexShrink: 0 }} data-testid="subscribe-banner-button">
        {token ? 'Subscribe' : 'Sign up to subscribe'}
      </Button>
    </Paper>
  );
}

export default function FeedPage() {
  const { token, settings, settingsLoaded } = useAuth();
  // Wait for settings (or their cached copy) before choosing between pagination and infinite scroll.
  const ready = settingsLoaded || !!settings;
  const paginated = !!settings?.is_pagination_on_exclusive_content_enabled;
  // Feed-tag filter (spec 2 §2): signed-in users only, and only when the site turns it on.
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
  return (
    <Column>
      <Typography component="h1" sx={visuallyHidden}>
        Recent posts
      </Typography>
      <SubscribeBanner />
      {ready && tagsOn && <TagChips selected={feedTagId} onSelect={chooseTag} />}
      {!ready ? <Skeletons /> : <Feed key={`${token ?? 'guest'}-${paginated}-${feedTagId ?? 'all'}`} paginated={paginated} feedTagId={feedTagId} />}
    </Column>
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
  const [viewer, setViewer] = useState<{ post: PostView; index: number } | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const inFlight = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
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

  // Infinite scroll: load the next page when the sentinel comes near the viewport.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '800px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loadMore]);

  // Scroll to a post named by the URL hash (#post-<id>), loading further pages to find it if needed.
  useEffect(() => {
    const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!hash.startsWith('post-') || status !== 'ready' || handledHash.current === hash) return;
    const el = document.getElementById(hash);
    if (el) {
      handledHash.current = hash;
      setHighlight(hash.slice(5));
      requestAnimationFrame(() => el.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      const t = window.setTimeout(() => setHighlight(null), 2500);
      return () => window.clearTimeout(t);
    }
    if (hasMore && hashPagesLoaded.current < HASH_SEARCH_PAGES && !inFlight.current) {
      hashPagesLoaded.current += 1;
      void loadPage(page + 1, true);
    }
    return undefined;
  }, [location.hash, status, posts, hasMore, loadPage, page]);

  const replacePost = useCallback((updated: PostView) => {
    setPosts((prev) => prev.map((p) => (p._id === updated._id ? updated : p)));
  }, []);

  const unlock = useUnlock(replacePost);
  const openMedia = useCallback((post: PostView, index: number) => setViewer({ post, index }), []);

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
    return <EmptyState title="No Posts Found">New posts will show up here.</EmptyState>;
  }

  const viewerItems = viewer ? viewer.post.media.filter((m) => !!m.url) : [];
  const viewerIndex = viewer ? Math.max(0, viewerItems.indexOf(viewer.post.media[viewer.index]!)) : 0;

  return (
    <>
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
        totalPages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <Pagination
              count={totalPages}
              page={Math.min(requestedPage, totalPages)}
              siblingCount={3}
              boundaryCount={1}
              onChange={(_e, n) => goToPage(n)}
              color="primary"
              shape="rounded"
              size="medium"
              aria-label="Feed pages"
              data-testid="feed-pagination"
              sx={{
                '& ul': { justifyContent: 'center', rowGap: 1 },
                '& .MuiPaginationItem-root': { minWidth: { xs: 26, sm: 32 }, height: { xs: 28, sm: 32 }, mx: { xs: 0, sm: '3px' }, px: { xs: '4px', sm: '6px' } },
              }}
            />
          </Box>
        )
      ) : (
        <>
          <Box ref={sentinel} aria-hidden sx={{ height: '1px' }} />
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

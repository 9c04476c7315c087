// The feed's list of posts: the loading, error and empty states, the posts (a locked one opens its unlock, a
// photo or video opens the viewer), then the pagination or, with infinite paging, the next page's spinner, its
// error with a retry and the end of the feed.
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { PostMediaView, PostView } from '../../../domain/post/wire';
import { PostCard } from '../components/PostCard';
import { EmptyState, ErrorState, PostSkeleton } from '../components/StatusViews';
import { useUnlock } from '../payments/useUnlock';
import { useUpgradeForPost } from '../membership/useUpgradeForPost';
import { viewerItemsOf } from '../postMedia';
import { FeedPagination } from './FeedPagination';
import { useFeedPosts } from './useFeedPosts';
import { useHashedPost, useInfiniteScroll } from './useFeedScroll';
import { useLiveFeed } from './useLiveFeed';
import { NewPostsPill } from './NewPostsPill';

const MediaViewer = lazy(() => import('../components/MediaViewer'));

export function FeedSkeletons() {
  return (
    <Box role="status" aria-label="Loading posts">
      <PostSkeleton />
      <PostSkeleton />
    </Box>
  );
}

export function Feed({ paginated, feedTagId }: { paginated: boolean; feedTagId: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPage = paginated ? Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1) : 1;
  const feed = useFeedPosts({ paginated, feedTagId, requestedPage });
  const { posts, status, totalPages, loadingMore, moreError, busy, loadNext } = feed;
  const [viewer, setViewer] = useState<{ post: PostView; item: PostMediaView } | null>(null);

  const hasMore = !paginated && status === 'ready' && feed.hasNext;
  const loadMore = useCallback(() => {
    if (busy || !hasMore || moreError) return;
    loadNext();
  }, [busy, hasMore, moreError, loadNext]);
  useInfiniteScroll(hasMore, loadMore, posts.length);
  const { highlight, missing } = useHashedPost(feed, hasMore);
  const live = useLiveFeed(feed, feedTagId, status === 'ready');

  const unlock = useUnlock(feed.replacePost);
  // A member of a lower tier than the post's is offered the upgrade; every other click on a locked post, the unlock.
  const { openUpgrade, elements: upgradeElements } = useUpgradeForPost(feed.replacePost);
  const { openPost } = unlock;
  const onLockedClick = useCallback((post: PostView) => (post.cta === 'upgrade' ? openUpgrade(post) : openPost(post)), [openUpgrade, openPost]);
  const openMedia = useCallback((post: PostView, item: PostMediaView) => setViewer({ post, item }), []);

  const goToPage = (n: number) => {
    const next = new URLSearchParams(searchParams);
    if (n <= 1) next.delete('page');
    else next.set('page', String(n));
    setSearchParams(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const showNewPosts = () => {
    // On a later page the new posts are on the first.
    if (paginated && requestedPage > 1) goToPage(1);
    live.showWaiting();
  };
  const pill = <NewPostsPill posts={live.waiting} onShow={showNewPosts} />;

  if (status === 'loading' && posts.length === 0) return <FeedSkeletons />;
  if (status === 'error' && posts.length === 0) return <ErrorState title="Could not load posts" message={feed.error} onRetry={feed.retry} />;
  if (status === 'ready' && posts.length === 0) {
    return (
      <>
      {pill}
      <EmptyState title="No Posts Found">
        {paginated && requestedPage > 1 ? (
          <Button onClick={() => goToPage(1)} variant="outlined" sx={{ mt: 1 }} data-testid="first-page">
            Go to the first page
          </Button>
        ) : (
          'New posts will show up here.'
        )}
      </EmptyState>
      </>
    );
  }

  const viewerItems = viewer ? viewerItemsOf(viewer.post) : [];
  const viewerIndex = viewer ? Math.max(0, viewerItems.findIndex((m) => m._id === viewer.item._id)) : 0;

  return (
    <>
      {pill}
      {missing && (
        <Alert severity="info" sx={{ mx: { xs: 1.5, sm: 0 }, mb: 2 }} data-testid="hash-missing" action={
          <Button component={RouterLink} to={`/feed/${missing}`} color="inherit" size="small">
            Open post
          </Button>
        }>
          This post is not on this page.
        </Alert>
      )}
      <Box aria-busy={status === 'loading'} sx={{ opacity: status === 'loading' ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {posts.map((post) => (
          <PostCard key={post._id} post={post} onLockedClick={onLockedClick} onOpenMedia={openMedia} highlighted={highlight === post._id} />
        ))}
      </Box>

      {paginated ? (
        totalPages > 1 && <FeedPagination page={Math.min(requestedPage, totalPages)} total={totalPages} onChange={goToPage} />
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
                <Button color="inherit" size="small" onClick={loadNext} data-testid="retry-more">
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
      {upgradeElements}
      {viewer && viewerItems.length > 0 && (
        <Suspense fallback={null}>
          <MediaViewer items={viewerItems} index={viewerIndex} open onClose={() => setViewer(null)} />
        </Suspense>
      )}
    </>
  );
}

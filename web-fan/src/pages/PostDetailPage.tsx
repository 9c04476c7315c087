import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { PostMediaView, PostView } from '../../../domain/post/wire';
import { ApiError, api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { PostCard } from '../components/PostCard';
import { Comments } from '../components/Comments';
import { Column, EmptyState, ErrorState, PostSkeleton } from '../components/StatusViews';
import { useUnlock } from '../payments/useUnlock';
import { useUpgradeForPost } from '../membership/useUpgradeForPost';
import { viewerItemsOf } from '../postMedia';
import { setBellCounts, type BellCounts } from '../notifications/counts';
import { usePostNews } from './useLiveFeed';

const MediaViewer = lazy(() => import('../components/MediaViewer'));

export default function PostDetailPage() {
  const { id = '', fromNotification } = useParams();
  usePostNews(id);
  const { token } = useAuth();
  // Opened from a notification (/feed/:blog_id/:from_notification): its entries about this post are read.
  useEffect(() => {
    if (!fromNotification || !token || !id) return;
    api.post<BellCounts>('/api/notifications/opened', { blog_id: id }).then((r) => setBellCounts(r.data), () => undefined);
  }, [fromNotification, token, id]);
  const [viewerItem, setViewerItem] = useState<PostMediaView | null>(null);
  const client = useQueryClient();
  // Keyed by the session too: signing in or out shows what the new viewer may see.
  const key = ['post', id, token] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api.get<PostView | null>('/api/blog/get-blog-data-by-id', { id }, signal)).data ?? null,
  });
  const post = query.data ?? null;
  const missing = (query.isSuccess && !query.data) || (query.error instanceof ApiError && query.error.status === 404);
  const status = missing ? 'missing' : query.isError ? 'error' : query.isSuccess ? 'ready' : 'loading';
  const error = query.isError ? errorMessage(query.error) : '';
  const setPost = useCallback(
    (next: PostView | ((p: PostView | null) => PostView | null)) =>
      client.setQueryData<PostView | null>(key, (p) => (typeof next === 'function' ? next(p ?? null) : next)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is id and token
    [client, id, token],
  );
  const load = () => void query.refetch();

  const unlock = useUnlock(setPost);
  // A member of a lower tier than the post's is offered the upgrade; every other click on a locked post, the unlock.
  const { openUpgrade, elements: upgradeElements } = useUpgradeForPost(setPost);
  const { openPost } = unlock;
  const onLockedClick = useCallback((post: PostView) => (post.cta === 'upgrade' ? openUpgrade(post) : openPost(post)), [openUpgrade, openPost]);
  const openMedia = useCallback((_p: PostView, item: PostMediaView) => setViewerItem(item), []);
  const viewerItems = post ? viewerItemsOf(post) : [];

  return (
    <Column>
      <Box sx={{ px: { xs: 1.5, sm: 0 }, mb: 1.5 }}>
        <Button component={RouterLink} to="/" startIcon={<ArrowBackRounded />} color="inherit" size="small">
          Back to feed
        </Button>
      </Box>
      {status === 'loading' && !post && <PostSkeleton />}
      {status === 'error' && <ErrorState title="Could not load this post" message={error} onRetry={load} />}
      {status === 'missing' && <EmptyState title="Post not found">It may have been removed.</EmptyState>}
      {post && status !== 'error' && status !== 'missing' && (
        <PostCard post={post} onLockedClick={onLockedClick} onOpenMedia={openMedia} expanded />
      )}
      {post && status === 'ready' && (
        // A count the settings hide from this viewer (null) stays hidden.
        <Comments postId={post._id} onCountChange={(total) => setPost((p) => (p && p.total_comments !== null ? { ...p, total_comments: total } : p))} />
      )}
      {unlock.elements}
      {upgradeElements}
      {post && viewerItem && viewerItems.length > 0 && (
        <Suspense fallback={null}>
          <MediaViewer
            items={viewerItems}
            index={Math.max(0, viewerItems.findIndex((m) => m._id === viewerItem._id))}
            open
            onClose={() => setViewerItem(null)}
          />
        </Suspense>
      )}
    </Column>
  );
}

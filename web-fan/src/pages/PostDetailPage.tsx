import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
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
import { viewerItemsOf } from '../postMedia';
import { setBellCounts, type BellCounts } from '../notifications/counts';

const MediaViewer = lazy(() => import('../components/MediaViewer'));

export default function PostDetailPage() {
  const { id = '', fromNotification } = useParams();
  const { token } = useAuth();
  // Opened from a notification (/feed/:blog_id/:from_notification): its entries about this post are read.
  useEffect(() => {
    if (!fromNotification || !token || !id) return;
    api.post<BellCounts>('/api/notifications/opened', { blog_id: id }).then((r) => setBellCounts(r.data), () => undefined);
  }, [fromNotification, token, id]);
  const [post, setPost] = useState<PostView | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading');
  const [error, setError] = useState('');
  const [viewerItem, setViewerItem] = useState<PostMediaView | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setStatus('loading');
      try {
        const { data } = await api.get<PostView>('/api/blog/get-blog-data-by-id', { id }, signal);
        if (!data) {
          setStatus('missing');
          return;
        }
        setPost(data);
        setStatus('ready');
      } catch (err) {
        if ((err as Error)?.name === 'AbortError') return;
        if (err instanceof ApiError && err.status === 404) {
          setStatus('missing');
          return;
        }
        setError(errorMessage(err));
        setStatus('error');
      }
    },
    [id],
  );

  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load, token]);

  const unlock = useUnlock(setPost);
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
      {status === 'error' && <ErrorState title="Could not load this post" message={error} onRetry={() => void load()} />}
      {status === 'missing' && <EmptyState title="Post not found">It may have been removed.</EmptyState>}
      {post && status !== 'error' && status !== 'missing' && (
        <PostCard post={post} onLockedClick={unlock.openPost} onOpenMedia={openMedia} expanded />
      )}
      {post && status === 'ready' && (
        // A count the settings hide from this viewer (null) stays hidden.
        <Comments postId={post._id} onCountChange={(total) => setPost((p) => (p && p.total_comments !== null ? { ...p, total_comments: total } : p))} />
      )}
      {unlock.elements}
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

// /gallery and /single-gallery/:id (public): the creator's posts as a media grid, one tile per post, and
// one post's items. The feed's API answers both (GET /api/blogs, GET /api/blog/get-blog-data-by-id), so a visitor
// sees exactly what the feed would show them: originals when entitled, blurred pictures otherwise, with the post's
// own way to unlock. Shown in the menus only where the menu settings list "gallery" for the visitor (hidden by default).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import PlayCircleRounded from '@mui/icons-material/PlayCircleRounded';
import CollectionsRounded from '@mui/icons-material/CollectionsRounded';
import type { PostMediaView, PostPage, PostView } from '../../../domain/post/wire';
import { api, errorMessage } from '../api';
import { useModelName } from '../auth';
import { EmptyState, ErrorState } from '../components/StatusViews';
import MediaViewer from '../components/MediaViewer';
import { galleryTiles, pictureOf } from './galleryRules';
import { viewerItemsOf } from '../postMedia';

const grid = { display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(5, 1fr)' }, gap: { xs: 0.5, sm: 1 } } as const;

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 32 }, mb: 2, px: { xs: 1, sm: 0 } }}>{title}</Typography>
      {children}
    </Box>
  );
}

function Tile({ src, blurred, alt, badge }: { src: string; blurred: boolean; alt: string; badge: React.ReactNode }) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: 1.5, bgcolor: 'action.hover' }}>
      <Box component="img" src={src} alt={alt} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', filter: blurred ? 'blur(2px)' : undefined, transform: blurred ? 'scale(1.05)' : undefined }} />
      <Box sx={{ position: 'absolute', top: 6, right: 6, display: 'flex', gap: 0.5, color: '#fff', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.7))' }}>{badge}</Box>
    </Box>
  );
}

export function GalleryPage() {
  const modelName = useModelName();
  const list = usePagedList({
    key: ['gallery'],
    load: async (n: number) => (await api.get<PostPage>('/api/blogs', { page_num: n })).data,
    items: (p: PostPage) => p.blogs,
    nextPage: (last: PostPage) => (last.currentPage < Math.max(1, last.totalPages) ? last.currentPage + 1 : undefined),
    idOf: (p: PostView) => p._id,
  });
  const posts = list.items;
  const status = list.loading ? 'loading' : list.loadingMore ? 'more' : list.error ? 'error' : 'ready';
  const error = list.error ? errorMessage(list.error) : '';
  const load = (n: number) => (n === 1 ? list.retry() : list.loadMore());
  const more = list.hasMore;
  const tiles = galleryTiles(posts);
  return (
    <Frame title="Gallery">
      {status === 'loading' ? (
        <Box sx={grid} data-testid="gallery-loading">{Array.from({ length: 10 }, (_, i) => <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />)}</Box>
      ) : status === 'error' && !posts.length ? (
        <ErrorState title="Could not load the gallery" message={error} onRetry={() => void load(1)} />
      ) : !tiles.length ? (
        <EmptyState title="Nothing here yet" icon={<CollectionsRounded />}>{modelName} has not posted any photos or videos yet.</EmptyState>
      ) : (
        <>
          <Box sx={grid} data-testid="gallery-grid">
            {tiles.map((t) => (
              <Box key={t.postId} component={RouterLink} to={`/single-gallery/${t.postId}`} data-testid="gallery-tile" aria-label={`${t.count} item${t.count === 1 ? '' : 's'}${t.locked ? ', locked' : ''}`} sx={{ display: 'block', borderRadius: 1.5, '&:hover img': { opacity: 0.9 } }}>
                <Tile src={t.src} blurred={t.blurred} alt="" badge={<>
                  {t.locked && <LockRounded fontSize="small" />}
                  {t.video && <PlayCircleRounded fontSize="small" />}
                  {t.count > 1 && <Typography component="span" variant="caption" sx={{ fontWeight: 700 }}>{t.count}</Typography>}
                </>} />
              </Box>
            ))}
          </Box>
          {more && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button variant="outlined" onClick={() => void load(2)} disabled={status === 'more'} data-testid="gallery-more">
                {status === 'more' ? 'Loading…' : 'Show more'}
              </Button>
              {status === 'error' && <Typography color="error" sx={{ mt: 1 }}>{error}</Typography>}
            </Box>
          )}
        </>
      )}
    </Frame>
  );
}

export function SingleGalleryPage() {
  const { id = '' } = useParams();
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery({ queryKey: ['post', id, 'gallery'], queryFn: async () => (await api.get<PostView>('/api/blog/get-blog-data-by-id', { id })).data });
  const post = query.data ?? null;
  const status = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
  const error = query.error ? errorMessage(query.error) : '';
  const load = () => query.refetch();
  const viewer: PostMediaView[] = post ? viewerItemsOf(post) : [];
  return (
    <Frame title="Gallery">
      <Button component={RouterLink} to="/gallery" size="small" sx={{ mb: 2, ml: -1 }} data-testid="single-gallery-back">← All photos and videos</Button>
      {status === 'loading' ? (
        <Box sx={grid}>{Array.from({ length: 5 }, (_, i) => <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />)}</Box>
      ) : status === 'error' || !post ? (
        <ErrorState title="Could not load this gallery" message={error} onRetry={() => void load()} />
      ) : (
        <>
          {post.description && !post.captionBlur && <Typography sx={{ mb: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="single-gallery-caption">{post.description}</Typography>}
          {post.isLocked && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }} data-testid="single-gallery-locked">
              <Chip icon={<LockRounded />} label={post.cta === 'unlock' ? `Unlock for $${post.amount}` : post.cta === 'upgrade' ? `For ${post.required_tier?.name || 'higher tier'} members` : post.cta === 'subscribe' ? 'For members' : 'Sign up to see'} />
              <Button component={RouterLink} to={`/feed/${post._id}`} variant="contained" size="small">Open the post</Button>
            </Box>
          )}
          <Box sx={grid} data-testid="single-gallery-grid">
            {post.media.map((m) => {
              const pic = pictureOf(m);
              const at = viewer.findIndex((v) => v._id === m._id);
              const badge = m.content_type === 'video' ? <PlayCircleRounded fontSize="small" /> : null;
              return at >= 0 ? (
                <Box key={m._id} component="button" type="button" onClick={() => setOpen(at)} aria-label={m.content_type === 'video' ? 'Play video' : 'Open photo'} data-testid="single-gallery-item" sx={{ p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in', borderRadius: 1.5 }}>
                  <Tile src={pic.src} blurred={pic.blurred} alt="" badge={badge} />
                </Box>
              ) : (
                <Box key={m._id} data-testid="single-gallery-item" data-blurred="1"><Tile src={pic.src} blurred={pic.blurred} alt="Locked" badge={<LockRounded fontSize="small" />} /></Box>
              );
            })}
          </Box>
          <MediaViewer items={viewer} index={open ?? 0} open={open !== null} onClose={() => setOpen(null)} />
        </>
      )}
    </Frame>
  );
}

// "N new posts": a pill held just under the app bar while new posts wait; a click puts them at the top of the feed
// and scrolls there.
import { useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Button from '@mui/material/Button';
import Fade from '@mui/material/Fade';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import type { PostView } from '../../../domain/post/wire';

/** Where the app bar's bottom edge is on screen (it is sticky, below a banner at the top of the page). */
function useBarBottom(): number {
  const [bottom, setBottom] = useState(64);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bar = document.querySelector('header');
      setBottom(Math.max(0, Math.round(bar?.getBoundingClientRect().bottom ?? 0)));
    };
    const soon = () => void (frame ||= requestAnimationFrame(measure));
    measure();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    return () => {
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return bottom;
}

const thumbOf = (p: PostView) => p.media_preview?.thumbnail_url ?? p.media.find((m) => m.thumbnail_url)?.thumbnail_url ?? p.user.avatarUrl ?? undefined;

export function NewPostsPill({ posts, onShow }: { posts: PostView[]; onShow: () => void }) {
  const top = useBarBottom();
  const n = posts.length;
  return (
    <Fade in={n > 0} unmountOnExit>
      <Button
        variant="contained"
        color="primary"
        onClick={onShow}
        data-testid="new-posts-pill"
        aria-live="polite"
        startIcon={<ArrowUpwardRounded />}
        sx={{
          position: 'fixed', top: top + 12, left: '50%', transform: 'translateX(-50%)', zIndex: (t) => t.zIndex.appBar - 1,
          borderRadius: 999, px: 2, py: 0.75, textTransform: 'none', fontWeight: 700, boxShadow: 6, whiteSpace: 'nowrap',
        }}
      >
        <AvatarGroup max={3} sx={{ mr: 1, '& .MuiAvatar-root': { width: 22, height: 22, fontSize: 11, borderColor: 'primary.main' } }}>
          {posts.slice(0, 3).map((p) => (
            <Avatar key={p._id} src={thumbOf(p)} alt="">{p.user.name.slice(0, 1)}</Avatar>
          ))}
        </AvatarGroup>
        {n === 1 ? '1 new post' : `${n} new posts`}
      </Button>
    </Fade>
  );
}

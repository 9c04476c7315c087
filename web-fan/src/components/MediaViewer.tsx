import { useEffect, useRef, useState, type TouchEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { PostMediaView } from '../../../domain/post/wire';

export interface MediaViewerProps {
  items: PostMediaView[];
  index: number;
  open: boolean;
  onClose: () => void;
}

/**
 * Full-screen media viewer (one item) and gallery viewer (several): arrows, the keyboard's left and right keys
 * and a swipe page through; Escape, a click outside the media or the close button close it.
 * Videos play with their controls.
 */
export default function MediaViewer({ items, index, open, onClose }: MediaViewerProps) {
  const [current, setCurrent] = useState(index);
  useEffect(() => setCurrent(index), [index, open]);
  const count = items.length;
  const safe = Math.min(Math.max(current, 0), count - 1);
  const item = items[safe];
  const go = (delta: number) => setCurrent((c) => (c + delta + count) % count);
  const touch = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, count]);

  // Warm the neighbours so paging feels instant.
  useEffect(() => {
    if (!open || count < 2) return;
    for (const d of [-1, 1]) {
      const n = items[(safe + d + count) % count];
      if (n?.content_type === 'photo' && n.url) new Image().src = n.url;
    }
  }, [open, safe, count, items]);

  if (!item) return null;
  const arrowSx = {
    position: 'absolute' as const,
    top: '50%',
    transform: 'translateY(-50%)',
    color: '#fff',
    bgcolor: 'rgba(0,0,0,0.45)',
    '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
    width: { xs: 40, sm: 52 },
    height: { xs: 40, sm: 52 },
    zIndex: 2,
  };
  const kind = item.content_type === 'video' ? 'Video' : 'Photo';
  const label = count > 1 ? `${kind} ${safe + 1} of ${count}` : kind;

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t || count < 2) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-label={count > 1 ? 'Gallery viewer' : 'Media viewer'}
      slotProps={{ paper: { sx: { bgcolor: '#050505', color: '#fff' }, 'data-testid': 'media-viewer', 'data-index': safe, 'data-count': count } as object }}
    >
      <Box
        onClick={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        sx={{ position: 'relative', width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 0, sm: 7 }, py: { xs: 7, sm: 7 } }}
        data-testid="media-viewer-backdrop"
      >
        {item.content_type === 'video' && item.url ? (
          <Box
            component="video"
            key={item._id}
            src={item.url}
            poster={item.thumbnail_url ?? item.blur_url}
            controls
            autoPlay
            playsInline
            aria-label={label}
            data-testid="media-viewer-video"
            sx={{ maxWidth: '100%', maxHeight: '100%', bgcolor: '#000' }}
          />
        ) : (
          <Box
            component="img"
            key={item._id}
            src={item.url ?? item.thumbnail_url ?? item.blur_url}
            alt={label}
            data-testid="media-viewer-image"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none' }}
            draggable={false}
          />
        )}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', top: 12, right: 12, zIndex: 2, color: '#fff', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' } }}
          data-testid="media-viewer-close"
        >
          <CloseRounded />
        </IconButton>
        {count > 1 && (
          <>
            <IconButton aria-label="Previous media" onClick={() => go(-1)} sx={{ ...arrowSx, left: { xs: 6, sm: 16 } }} data-testid="media-viewer-prev">
              <ChevronLeftRounded fontSize="large" />
            </IconButton>
            <IconButton aria-label="Next media" onClick={() => go(1)} sx={{ ...arrowSx, right: { xs: 6, sm: 16 } }} data-testid="media-viewer-next">
              <ChevronRightRounded fontSize="large" />
            </IconButton>
            <Typography
              variant="body2"
              aria-live="polite"
              data-testid="media-viewer-position"
              sx={{ position: 'absolute', bottom: 16, left: '50%', transform: 'translateX(-50%)', bgcolor: 'rgba(0,0,0,0.5)', px: 1.5, py: 0.5, borderRadius: 999 }}
            >
              {safe + 1} / {count}
            </Typography>
          </>
        )}
      </Box>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { PostMediaView } from '../../../domain/shared/wire';

export interface MediaViewerProps {
  items: PostMediaView[];
  index: number;
  open: boolean;
  onClose: () => void;
}

/** Full-screen viewer: closes on Escape, a click outside the media or the close button; arrows for galleries. */
export default function MediaViewer({ items, index, open, onClose }: MediaViewerProps) {
  const [current, setCurrent] = useState(index);
  useEffect(() => setCurrent(index), [index, open]);
  const count = items.length;
  const item = items[Math.min(current, count - 1)];
  const go = (delta: number) => setCurrent((c) => (c + delta + count) % count);

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

  if (!item) return null;
  const arrowSx = {
    position: 'absolute' as const,
    top: '50%',
    transform: 'translateY(-50%)',
    color: '#fff',
    bgcolor: 'rgba(0,0,0,0.45)',
    '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
    width: 48,
    height: 48,
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-label="Media viewer"
      slotProps={{ paper: { sx: { bgcolor: '#050505', color: '#fff' }, 'data-testid': 'media-viewer' } as object }}
    >
      <Box
        onClick={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
        sx={{ position: 'relative', width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 0, sm: 6 } }}
        data-testid="media-viewer-backdrop"
      >
        {item.content_type === 'video' && item.url ? (
          <Box
            component="video"
            src={item.url}
            poster={item.thumbnail_url ?? item.blur_url}
            controls
            autoPlay
            playsInline
            sx={{ maxWidth: '100%', maxHeight: '100%' }}
          />
        ) : (
          <Box
            component="img"
            src={item.url ?? item.blur_url}
            alt={`Media ${current + 1} of ${count}`}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none' }}
            draggable={false}
          />
        )}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', top: 12, right: 12, color: '#fff', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' } }}
          data-testid="media-viewer-close"
        >
          <CloseRounded />
        </IconButton>
        {count > 1 && (
          <>
            <IconButton aria-label="Previous media" onClick={() => go(-1)} sx={{ ...arrowSx, left: 12 }}>
              <ChevronLeftRounded fontSize="large" />
            </IconButton>
            <IconButton aria-label="Next media" onClick={() => go(1)} sx={{ ...arrowSx, right: 12 }}>
              <ChevronRightRounded fontSize="large" />
            </IconButton>
            <Typography
              variant="body2"
              aria-live="polite"
              sx={{ position: 'absolute', bottom: 16, left: '50%', transform: 'translateX(-50%)', bgcolor: 'rgba(0,0,0,0.5)', px: 1.5, py: 0.5, borderRadius: 999 }}
            >
              {current + 1} / {count}
            </Typography>
          </>
        )}
      </Box>
    </Dialog>
  );
}

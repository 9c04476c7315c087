// A post card's media: the slides (photos with their blurred preview first, videos), the locked overlay with
// what unlocking costs, the preview strip and the media counts of exclusive posts.
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import type { PostMediaView, PostView } from '../../../domain/post/wire';
import { duration } from '../format';
import { captionTooltip, slidesOf } from '../postMedia';


import { LockedOverlay, PreviewStrip } from './PostLocked';
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A photo with its blurred preview first; the original fades in once loaded. */
function Photo({ item, alt, entitled }: { item: PostMediaView; alt: string; entitled: boolean }) {
  const [loaded, setLoaded] = useState(false);
  // The feed shows the thumbnail; the full-screen viewer loads the original.
  const src = entitled ? item.thumbnail_url ?? item.url : null;
  return (
    <>
      <Box
        component="img"
        src={item.blur_url}
        alt=""
        aria-hidden
        loading="lazy"
        decoding="async"
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          transform: 'scale(1.08)',
          filter: entitled ? 'blur(24px) brightness(0.7)' : 'blur(8px)',
        }}
      />
      {src && (
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          draggable={false}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            opacity: loaded ? 1 : 0,
            transition: 'opacity 240ms ease',
          }}
        />
      )}
    </>
  );
}

const overlayChip = { bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', '& .MuiChip-icon': { color: '#fff' } } as const;

export interface MediaAreaProps {
  post: PostView;
  /** Click on what the viewer may not see yet (locked or private): unlock, subscribe or register. */
  onLockedClick: (post: PostView) => void;
  /** Open the full-screen viewer on an entitled item. */
  onOpenMedia: (post: PostView, item: PostMediaView) => void;
}

export function MediaArea({ post, onLockedClick, onOpenMedia }: MediaAreaProps) {
  const [index, setIndex] = useState(0);
  // The caption tooltip: asked to open (after its delay), and the mouse has moved over the media (it has a position).
  const [wanted, setWanted] = useState(false);
  const [pointed, setPointed] = useState(false);
  const slides = slidesOf(post);
  const count = slides.length;
  const slide = slides[Math.min(index, count - 1)];
  if (!slide) {
    if (!post.isLocked) return null;
    // A locked text post: nothing to blur, just the prompt.
    return (
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover' }}>
        <LockedOverlay post={post} onClick={() => onLockedClick(post)} />
      </Box>
    );
  }
  const { item, open, preview } = slide;
  const first = slides[0]!.item;
  const ratio = first.width > 0 && first.height > 0 ? first.width / first.height : 1;
  const aspect = ratio >= 1.2 ? '16 / 9' : ratio <= 0.9 ? '4 / 5' : '1 / 1';
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const label = `${preview ? 'Preview ' : ''}${item.content_type === 'video' ? 'video' : 'photo'} ${index + 1} of ${count}`;
  const tooltip = post.captionBlur ? '' : captionTooltip(post.description);

  const onKey = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') go(-1);
    if (e.key === 'ArrowRight') go(1);
  };

  let body: ReactNode;
  if (item.content_type === 'video' && open && item.url) {
    body = (
      <Box
        component="video"
        key={item._id}
        src={item.url}
        poster={item.thumbnail_url ?? item.blur_url}
        controls
        preload="none"
        playsInline
        aria-label={label}
        data-testid="post-video"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', bgcolor: '#000' }}
      />
    );
  } else if (open) {
    body = (
      <Box
        component="button"
        type="button"
        onClick={() => onOpenMedia(post, item)}
        aria-label={`Open ${label} full screen`}
        data-testid="open-media"
        sx={{ position: 'absolute', inset: 0, p: 0, m: 0, border: 0, cursor: 'zoom-in', bgcolor: 'transparent', display: 'block', width: '100%' }}
      >
        <Photo key={item._id} item={item} alt={label} entitled />
      </Box>
    );
  } else {
    body = (
      <>
        <Photo key={item._id} item={item} alt="" entitled={false} />
        <LockedOverlay post={post} onClick={() => onLockedClick(post)} />
      </>
    );
  }

  const area = (
    <Box
      sx={{ position: 'relative', width: '100%', aspectRatio: aspect, overflow: 'hidden', bgcolor: '#000' }}
      onKeyDown={onKey}
      onMouseMove={() => setPointed(true)}
      data-testid="post-media"
      data-media-count={count}
      data-slide={index}
      data-preview={preview ? 'true' : 'false'}
    >
      {body}

      {preview && post.isLocked && <PreviewStrip post={post} onClick={() => onLockedClick(post)} />}

      <Box sx={{ position: 'absolute', left: 10, top: 10, display: 'flex', gap: 0.75, pointerEvents: 'none' }}>
        {preview && <Chip size="small" label="Preview" data-testid="preview-chip" sx={{ ...overlayChip, fontWeight: 700 }} />}
        {item.content_type === 'video' && (
          <Chip size="small" icon={<PlayArrowRounded />} label={duration(item.video_duration) || 'Video'} data-testid="video-length" sx={overlayChip} />
        )}
      </Box>

      <Box sx={{ position: 'absolute', right: 10, top: 10, display: 'flex', gap: 0.75, alignItems: 'center' }}>
        {item.content_type === 'video' && open && item.url && (
          <Tooltip title="Full screen">
            <IconButton
              size="small"
              aria-label={`Open ${label} full screen`}
              onClick={() => onOpenMedia(post, item)}
              data-testid="open-video-viewer"
              sx={{ ...overlayChip, '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' } }}
            >
              <OpenInFullRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {count > 1 && (
          <Chip size="small" icon={<PhotoLibraryRounded />} label={`${index + 1} / ${count}`} aria-live="polite" sx={overlayChip} />
        )}
      </Box>

      {count > 1 && (
        <>
          <IconButton
            aria-label="Previous media"
            onClick={() => go(-1)}
            data-testid="gallery-prev"
            sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(0,0,0,0.5)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
          >
            <ChevronLeftRounded />
          </IconButton>
          <IconButton
            aria-label="Next media"
            onClick={() => go(1)}
            data-testid="gallery-next"
            sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(0,0,0,0.5)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
          >
            <ChevronRightRounded />
          </IconButton>
          {!(preview && post.isLocked) && (
            <Box sx={{ position: 'absolute', bottom: 10, left: 0, right: 0, display: 'flex', justifyContent: 'center', gap: 0.75, pointerEvents: 'none' }} aria-hidden>
              {slides.slice(0, 12).map((s, i) => (
                <Box
                  key={`${s.item._id}-${i}`}
                  sx={{ width: 7, height: 7, borderRadius: '50%', bgcolor: i === index ? '#fff' : 'rgba(255,255,255,0.45)', boxShadow: '0 0 2px rgba(0,0,0,0.6)' }}
                />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );

  // Always the same tree (an empty title shows nothing), so the media area is not re-mounted when the caption
  // becomes visible after subscribing; and only a mouse moving over the media opens it: a tooltip that follows the
  // cursor has no cursor position before a move (focus, or a card re-rendered under a still cursor) and was drawn
  // in the page's top-left corner.
  return (
    <Tooltip title={tooltip} open={wanted && pointed} onOpen={() => setWanted(true)} onClose={() => { setWanted(false); setPointed(false); }} describeChild followCursor disableFocusListener disableTouchListener enterDelay={700} enterNextDelay={700} slotProps={{ tooltip: { 'data-testid': 'caption-tooltip' } as object }}>
      {area}
    </Tooltip>
  );
}

import { memo, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PaidRounded from '@mui/icons-material/PaidRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import type { PostMediaView, PostView } from '../../../domain/post/wire';
import { duration, fullDate, money, relativeTime } from '../format';
import { PostPrice } from '../promotions/PromotionPrice';
import { useAuth, useIsProxy } from '../auth';
import { captionTooltip, slidesOf } from '../postMedia';
import { api, errorMessage } from '../api';
import { useNotify } from '../notify';
import type { LikeResult } from '../../../domain/engagement/wire';

export const PROCESSING_TEXT = 'This post is under process. It will be visible once processing is completed.';

export function errorText(post: PostView): string {
  if (post.blogType === 'video') return 'Error: There was a problem with this video. Please try again.';
  if (post.blogType === 'gallery' || post.media.length > 1) return 'Error: There is problem in processing one or multiple content.';
  return 'Error: There was a problem with this content. we will investigate and let you know.';
}

export interface PostCardProps {
  post: PostView;
  /** Click on what the viewer may not see yet (locked or private): unlock, subscribe or register. */
  onLockedClick: (post: PostView) => void;
  /** Open the full-screen viewer on an entitled item. */
  onOpenMedia: (post: PostView, item: PostMediaView) => void;
  /** Show the whole caption (post detail page). */
  expanded?: boolean;
  /** The post is the target of the URL hash. */
  highlighted?: boolean;
}

function VisibilityIcon({ post }: { post: PostView }) {
  const [label, icon] =
    post.visibility === 'locked'
      ? [`Locked · ${money(post.amount, post.amount_cents)}`, <PaidRounded fontSize="inherit" key="i" />]
      : post.visibility === 'private'
        ? ['Subscribers only', <LockRounded fontSize="inherit" key="i" />]
        : ['Public', <PublicRounded fontSize="inherit" key="i" />];
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        tabIndex={0}
        data-testid="visibility-icon"
        data-visibility={post.visibility}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 16, color: 'text.secondary', borderRadius: 1 }}
      >
        {icon}
        {post.visibility === 'locked' && (
          <Box component="span" aria-hidden sx={{ fontSize: 12, fontWeight: 700, lineHeight: 1 }} data-testid="visibility-price">
            {money(post.amount, post.amount_cents)}
          </Box>
        )}
      </Box>
    </Tooltip>
  );
}

function Caption({ post, expanded }: { post: PostView; expanded?: boolean }) {
  const [open, setOpen] = useState(false);
  const text = post.description ?? '';
  if (post.captionBlur) {
    return (
      <Box sx={{ px: 2, pb: 1.5 }} data-testid="post-caption" data-blurred="true">
        <Typography
          variant="body1"
          aria-hidden
          sx={{ filter: 'blur(6px)', userSelect: 'none', pointerEvents: 'none', whiteSpace: 'pre-line', wordBreak: 'break-word' }}
        >
          {text || 'This caption is only visible to members of the club.'}
        </Typography>
        <Box component="span" sx={visuallyHidden}>
          Caption hidden
        </Box>
      </Box>
    );
  }
  if (!text.trim()) return null;
  const long = !expanded && text.length > 280;
  return (
    <Box sx={{ px: 2, pb: 1.5 }} data-testid="post-caption" data-blurred="false">
      <Typography
        variant="body1"
        sx={{
          whiteSpace: 'pre-line',
          wordBreak: 'break-word',
          ...(long && !open ? { display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
        }}
      >
        {text}
      </Typography>
      {long && (
        <Link component="button" type="button" variant="body2" onClick={() => setOpen((o) => !o)} sx={{ mt: 0.5 }} aria-expanded={open}>
          {open ? 'Show less' : 'Show more'}
        </Link>
      )}
    </Box>
  );
}

const visuallyHidden = {
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

/** '3 photos · 1 video' (empty without media): shown on exclusive posts while show_media_count_in_exclusive_content is on. */
export function mediaCounts(post: PostView): string {
  const photos = post.media.filter((m) => m.content_type === 'photo').length;
  const videos = post.media.length - photos;
  return [photos ? `${photos} photo${photos > 1 ? 's' : ''}` : '', videos ? `${videos} video${videos > 1 ? 's' : ''}` : ''].filter(Boolean).join(' · ');
}

function LockedOverlay({ post, onClick }: { post: PostView; onClick: () => void }) {
  // Purchases are not for proxy sessions (an admin viewing the site as a fan): no unlock or subscribe buttons.
  const proxy = useIsProxy();
  const locked = post.visibility === 'locked';
  const { settings } = useAuth();
  const counts = settings?.show_media_count_in_exclusive_content === false ? '' : mediaCounts(post);
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        background: 'linear-gradient(180deg, rgba(0,0,0,0.15) 0%, rgba(0,0,0,0.55) 100%)',
        color: '#fff',
        textAlign: 'center',
        p: 2,
      }}
      data-testid="locked-overlay"
    >
      <Box sx={{ width: 56, height: 56, borderRadius: '50%', bgcolor: 'rgba(0,0,0,0.45)', display: 'grid', placeItems: 'center' }} aria-hidden>
        <LockRounded sx={{ fontSize: 28 }} />
      </Box>
      {counts && (
        <Typography variant="body2" sx={{ opacity: 0.9, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
          {counts}
        </Typography>
      )}
      {locked ? (
        <>
          <Chip
            label={<PostPrice post={post} onDark />}
            data-testid="price-chip"
            sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', fontWeight: 700, fontSize: 15, border: '1px solid rgba(255,255,255,0.35)' }}
          />
          {!proxy && (
            <Button variant="contained" size="large" onClick={onClick} data-testid="unlock-button" startIcon={<LockRounded />}>
              Unlock
            </Button>
          )}
        </>
      ) : (
        <>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
            Subscribe to see
          </Typography>
          {!proxy && (
            <Button variant="contained" onClick={onClick} data-testid="subscribe-to-see">
              {post.cta === 'register' ? 'Sign up to subscribe' : 'Subscribe'}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

/** Bottom strip over a locked post's preview slide: what it costs and the way to unlock it. */
function PreviewStrip({ post, onClick }: { post: PostView; onClick: () => void }) {
  const proxy = useIsProxy();
  const locked = slidesOf(post).filter((s) => !s.open).length;
  return (
    <Box
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        px: 1.5,
        pt: 4,
        pb: 1.5,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        background: 'linear-gradient(180deg, transparent 0%, rgba(0,0,0,0.7) 100%)',
        color: '#fff',
        pointerEvents: 'none',
      }}
      data-testid="preview-strip"
    >
      <Typography variant="body2" sx={{ fontWeight: 600, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
        {locked > 0 ? `Preview · ${locked} more locked` : 'Preview'}
      </Typography>
      {!proxy && (
        <Button
          variant="contained"
          size="small"
          onClick={onClick}
          data-testid="unlock-button"
          startIcon={<LockRounded />}
          sx={{ pointerEvents: 'auto', flexShrink: 0 }}
        >
          Unlock <PostPrice post={post} onDark />
        </Button>
      )}
    </Box>
  );
}

const overlayChip = { bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', '& .MuiChip-icon': { color: '#fff' } } as const;

function MediaArea({ post, onLockedClick, onOpenMedia }: Pick<PostCardProps, 'post' | 'onLockedClick' | 'onOpenMedia'>) {
  const [index, setIndex] = useState(0);
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
  // becomes visible after subscribing; and only the mouse opens it: a tooltip that follows the cursor has no
  // cursor position on focus (a dialog closing returns focus here) and was drawn in the top-left corner.
  return (
    <Tooltip title={tooltip} describeChild followCursor disableFocusListener disableTouchListener enterDelay={700} enterNextDelay={700} slotProps={{ tooltip: { 'data-testid': 'caption-tooltip' } as object }}>
      {area}
    </Tooltip>
  );
}

function StatusPanel({ icon, text, tone }: { icon: ReactNode; text: string; tone: 'info' | 'error' }) {
  return (
    <Box
      role={tone === 'error' ? 'alert' : 'status'}
      sx={{
        mx: 2,
        mb: 2,
        p: 2.5,
        borderRadius: 2,
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        bgcolor: tone === 'error' ? 'rgba(244,67,54,0.12)' : 'action.hover',
        color: tone === 'error' ? 'error.light' : 'text.secondary',
      }}
      data-testid={tone === 'error' ? 'post-error' : 'post-processing'}
    >
      {icon}
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

function PostCardImpl({ post, onLockedClick, onOpenMedia, expanded, highlighted }: PostCardProps) {
  const { settings } = useAuth();
  const likesOn = settings?.is_feed_like_enabled !== false;
  const commentsOn = settings?.is_feed_comment_enabled !== false;
  const author = post.user?.name ?? '';
  // Timestamp visibility and media counts (console: Settings → Timestamps, Media counts).
  const when = settings?.show_post_timestamp === false ? '' : relativeTime(post.date);
  // Locked cards show the counts on their overlay; open exclusive posts beside the visibility icon.
  const counts = post.visibility !== 'public' && !post.isLocked && settings?.show_media_count_in_exclusive_content !== false ? mediaCounts(post) : '';
  return (
    <Paper
      component="article"
      id={`post-${post._id}`}
      variant="outlined"
      data-testid="post-card"
      data-post-id={post._id}
      data-locked={post.isLocked ? 'true' : 'false'}
      data-visibility={post.visibility}
      data-highlighted={highlighted ? 'true' : 'false'}
      aria-label={`Post by ${author}${when ? `, ${when}` : ''}`}
      sx={{
        mb: { xs: 1.5, sm: 3 },
        overflow: 'hidden',
        borderRadius: { xs: 0, sm: 3 },
        borderLeftWidth: { xs: 0, sm: 1 },
        borderRightWidth: { xs: 0, sm: 1 },
        scrollMarginTop: 80,
        outline: highlighted ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'solid',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <Avatar src={post.user?.avatarUrl ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
          {author.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" component="p" noWrap sx={{ fontWeight: 700 }}>
            {author}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {when ? (
              <>
                <Tooltip title={fullDate(post.date)}>
                  <Typography
                    component="time"
                    variant="caption"
                    color="text.secondary"
                    dateTime={post.date}
                    tabIndex={0}
                    data-testid="post-time"
                  >
                    {when}
                  </Typography>
                </Tooltip>
                <Box component="span" aria-hidden sx={{ color: 'text.secondary', fontSize: 12 }}>
                  ·
                </Box>
              </>
            ) : null}
            <VisibilityIcon post={post} />
            {counts ? (
              <Typography variant="caption" color="text.secondary" noWrap data-testid="post-media-count">
                {counts}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </Box>

      {post.processing ? (
        <StatusPanel icon={<HourglassTopRounded />} text={PROCESSING_TEXT} tone="info" />
      ) : (
        <>
          <Caption post={post} expanded={expanded} />
          {post.isError ? (
            <StatusPanel icon={<ErrorOutlineRounded />} text={errorText(post)} tone="error" />
          ) : (
            <MediaArea post={post} onLockedClick={onLockedClick} onOpenMedia={onOpenMedia} />
          )}
        </>
      )}

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, px: 2, py: 1.25, minHeight: 52, color: 'text.secondary' }}>
        {likesOn && <LikeButton post={post} />}
        {commentsOn && <CommentCount post={post} />}
        <Box sx={{ flex: 1 }} />
        {post.visibility === 'locked' && post.is_unlocked && (
          <Chip size="small" label="Unlocked" color="success" variant="outlined" data-testid="unlocked-chip" />
        )}
      </Box>
    </Paper>
  );
}

/**
 * Comment count (only when the server sends it: null means the settings hide it from this viewer) and the way
 * to the post's page; a post under process cannot be opened.
 */
function CommentCount({ post }: { post: PostView }) {
  const n = post.total_comments;
  const shown = typeof n === 'number';
  const inner = (
    <>
      <ChatBubbleOutlineRounded fontSize="small" aria-hidden />
      {shown && (
        <Typography variant="body2" component="span" aria-hidden data-testid="comment-total">
          {n}
        </Typography>
      )}
    </>
  );
  const label = shown ? `${n} comment${n === 1 ? '' : 's'}` : 'Comments';
  if (post.processing) {
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }} aria-label={label} role="img" data-testid="comment-count">
        {inner}
      </Box>
    );
  }
  return (
    <Link
      component={RouterLink}
      to={`/feed/${post._id}`}
      underline="none"
      color="inherit"
      aria-label={`${label}, open post`}
      data-testid="comment-count"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, borderRadius: 1, minHeight: 40, '&:hover': { color: 'text.primary' } }}
    >
      {inner}
    </Link>
  );
}

/**
 * Like with its count: toggles between 1 and 0 with the count adjusted by 1, at once (optimistic)
 * and rolled back if the server refuses. Disabled in a proxy session, on posts the viewer cannot see and while
 * a like is pending; a guest's click sends nothing and goes to /register.
 */
function LikeButton({ post }: { post: PostView }) {
  const { token } = useAuth();
  const proxy = useIsProxy();
  const navigate = useNavigate();
  const notify = useNotify();
  const [liked, setLiked] = useState(post.user_feed_like);
  const [count, setCount] = useState(post.total_likes);
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  // A reloaded post (new props) is the truth again.
  useEffect(() => {
    setLiked(post.user_feed_like);
    setCount(post.total_likes);
  }, [post.user_feed_like, post.total_likes]);

  const guest = !token;
  const disabled = !guest && (proxy || pending || post.isLocked || post.processing);
  // null: the settings hide the count from this viewer; the heart still works.
  const likes = typeof count === 'number' ? `, ${count} like${count === 1 ? '' : 's'}` : '';
  const label = guest ? `Sign up to like this post${likes}` : liked ? `Unlike${likes}` : `Like${likes}`;

  const toggle = async () => {
    if (guest) {
      navigate('/register');
      return;
    }
    if (disabled) return;
    const before = { liked, count };
    const next = !liked;
    setLiked(next);
    setCount(typeof count === 'number' ? Math.max(0, count + (next ? 1 : -1)) : count);
    setPending(true);
    try {
      const { data } = await api.post<LikeResult>('/api/blog/like-dislike', { blog_id: post._id, like: next });
      if (!mounted.current) return;
      setLiked(data.user_feed_like);
      // A hidden count stays hidden.
      setCount(before.count === null ? null : (data.total_likes ?? null));
    } catch (err) {
      if (!mounted.current) return;
      setLiked(before.liked);
      setCount(before.count);
      notify(errorMessage(err, 'Invalid Request'), 'error');
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }} data-testid="like-count">
      <Tooltip title={guest ? 'Sign up to like' : proxy ? 'Not available while viewing as a fan' : ''}>
        <span>
          <IconButton
            size="small"
            onClick={() => void toggle()}
            disabled={disabled}
            aria-label={label}
            aria-pressed={guest ? undefined : liked}
            data-testid="like-button"
            data-liked={liked ? 'true' : 'false'}
            sx={{ color: liked ? 'primary.main' : 'inherit', ml: -0.75, minWidth: 40, minHeight: 40 }}
          >
            {liked ? <FavoriteRounded fontSize="small" /> : <FavoriteBorderRounded fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      {typeof count === 'number' && (
        <Typography variant="body2" aria-hidden data-testid="like-total">
          {count}
        </Typography>
      )}
    </Box>
  );
}

export const PostCard = memo(PostCardImpl);

import { memo, useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PaidRounded from '@mui/icons-material/PaidRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import type { PostView } from '../../../domain/post/wire';
import { fullDate, money, relativeTime } from '../format';
import { useAuth } from '../auth';

import { MediaArea, visuallyHidden, type MediaAreaProps } from './PostMedia';
import { mediaCounts } from './PostLocked';
import { CommentCount, LikeButton } from './PostActions';
export const PROCESSING_TEXT = 'This post is under process. It will be visible once processing is completed.';

export function errorText(post: PostView): string {
  if (post.blogType === 'video') return 'Error: There was a problem with this video. Please try again.';
  if (post.blogType === 'gallery' || post.media.length > 1) return 'Error: There is problem in processing one or multiple content.';
  return 'Error: There was a problem with this content. we will investigate and let you know.';
}

export interface PostCardProps extends MediaAreaProps {
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

export const PostCard = memo(PostCardImpl);

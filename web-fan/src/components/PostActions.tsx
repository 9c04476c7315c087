// A post card's actions: the comment count with the way to the post's page, and the like button with its count.
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import type { PostView } from '../../../domain/post/wire';
import { useAuth, useIsProxy } from '../auth';
import { api, errorMessage } from '../api';
import { useNotify } from '../notify';
import type { LikeResult } from '../../../domain/engagement/wire';


/**
 * Comment count (only when the server sends it: null means the settings hide it from this viewer) and the way
 * to the post's page; a post under process cannot be opened.
 */
export function CommentCount({ post }: { post: PostView }) {
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
export function LikeButton({ post }: { post: PostView }) {
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

// Comments under a post on /feed/:id: oldest first with newer pages loaded on demand,
// add (1..1000 characters, trimmed), remove one's own (staff: anyone's), and the empty, loading and error states.
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { CommentView } from '../../../domain/engagement/wire';
import { ApiError, errorMessage } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { fullDate, relativeTime } from '../format';
import { useComments } from './useComments';

export const COMMENT_MAX = 1000;

function CommentItem({ comment, onRemove, removing }: { comment: CommentView; onRemove: (c: CommentView) => void; removing: boolean }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.25, listStyle: 'none' }} data-testid="comment" data-comment-id={comment._id}>
      <Avatar alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
        {comment.user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {comment.user.name}
          </Typography>
          <Tooltip title={fullDate(comment.created_at)}>
            <Typography component="time" variant="caption" color="text.secondary" dateTime={comment.created_at}>
              {relativeTime(comment.created_at)}
            </Typography>
          </Tooltip>
          {comment.is_hidden && (
            <Typography variant="caption" color="warning.main">
              Hidden
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }} data-testid="comment-text">
          {comment.comment}
        </Typography>
      </Box>
      {comment.can_remove && (
        <Box>
          <IconButton
            size="small"
            aria-label={comment.is_own ? 'Remove my comment' : `Remove comment by ${comment.user.name}`}
            onClick={() => onRemove(comment)}
            disabled={removing}
            data-testid="remove-comment"
            sx={{ minWidth: 40, minHeight: 40 }}
          >
            {removing ? <CircularProgress size={16} /> : <DeleteOutlineRounded fontSize="small" />}
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

export function Comments({ postId, onCountChange }: { postId: string; onCountChange?: (total: number) => void }) {
  const { token } = useAuth();
  const notify = useNotify();
  const { status, error, info, list, total, hasMore, loadingMore, loadMore: readMore, retry, save, remove: removal } = useComments(postId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState('');
  const countRef = useRef(onCountChange);
  countRef.current = onCountChange;

  const loadMore = async () => {
    const failed = await readMore();
    if (failed) notify(errorMessage(failed), 'error');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const comment = draft.trim();
    if (!comment) return setDraftError('Please enter a comment.');
    if (comment.length > COMMENT_MAX) return setDraftError(`Comment cannot be more than ${COMMENT_MAX} characters.`);
    setDraftError('');
    try {
      await save.mutateAsync(comment);
      setDraft('');
      countRef.current?.(total + 1);
    } catch (err) {
      if (err instanceof ApiError && err.field === 'comment') setDraftError(err.message);
      else notify(errorMessage(err), 'error');
    }
  };

  const remove = async (c: CommentView) => {
    try {
      const data = await removal.mutateAsync(c);
      countRef.current?.(data.total_comments);
      notify('Comment removed.', 'success');
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
  };
  const saving = save.isPending;
  const removing = removal.isPending ? removal.variables?._id : null;

  if (status === 'hidden') return null;
  const trimmed = draft.trim().length;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="comments-title"
      data-testid="comments"
      sx={{ borderRadius: { xs: 0, sm: 3 }, borderLeftWidth: { xs: 0, sm: 1 }, borderRightWidth: { xs: 0, sm: 1 }, px: 2, py: 1.5 }}
    >
      <Typography id="comments-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        Comments{status === 'ready' ? ` (${total})` : ''}
      </Typography>

      {status === 'loading' && (
        <Box aria-busy="true" aria-label="Loading comments" data-testid="comments-loading">
          {[0, 1].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1.5, py: 1.25 }}>
              <Skeleton variant="circular" width={32} height={32} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="90%" />
              </Box>
            </Box>
          ))}
        </Box>
      )}

      {status === 'error' && (
        <Box role="alert" sx={{ py: 2, textAlign: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Could not load comments. {error}
          </Typography>
          <Button size="small" onClick={retry}>
            Try again
          </Button>
        </Box>
      )}

      {status === 'ready' && (
        <>
          {list.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="comments-empty">
              No comments yet
            </Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Comments">
              {list.map((c) => (
                <CommentItem key={c._id} comment={c} onRemove={(x) => void remove(x)} removing={removing === c._id} />
              ))}
            </Box>
          )}
          {hasMore && (
            <Button size="small" onClick={() => void loadMore()} disabled={loadingMore} sx={{ mt: 0.5 }} data-testid="comments-more">
              {loadingMore ? 'Loading…' : 'Load more comments'}
            </Button>
          )}

          {!token ? (
            <Typography variant="body2" color="text.secondary" sx={{ pt: 1.5 }}>
              <Button component={RouterLink} to="/register" size="small" variant="outlined">
                Sign up to comment
              </Button>
            </Typography>
          ) : info?.is_blocked_from_commenting ? (
            <Typography variant="body2" color="text.secondary" sx={{ pt: 1.5 }} data-testid="comments-blocked">
              You have been blocked from commenting.
            </Typography>
          ) : info?.can_comment ? (
            <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ pt: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
              <TextField
                label="Add a comment"
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value);
                  if (draftError) setDraftError('');
                }}
                multiline
                minRows={2}
                maxRows={8}
                fullWidth
                onKeyDown={(e) => {
                  // Enter posts, Shift+Enter is a new line (not while an input method is composing text).
                  if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
                  e.preventDefault();
                  if (trimmed === 0 || trimmed > COMMENT_MAX) return;
                  (e.currentTarget.closest('form') as HTMLFormElement | null)?.requestSubmit();
                }}
                error={!!draftError}
                helperText={draftError || `${trimmed}/${COMMENT_MAX} · Enter to post, Shift+Enter for a new line`}
                slotProps={{ htmlInput: { maxLength: COMMENT_MAX + 50, 'data-testid': 'comment-input' } }}
                disabled={saving}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" disabled={saving || trimmed === 0 || trimmed > COMMENT_MAX} data-testid="comment-submit">
                  {saving ? 'Posting…' : 'Post comment'}
                </Button>
              </Box>
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}
